import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  DeckCheckOutcome,
  DecklistSource,
  DropChangeKind,
  EndOfMatchEventKind,
  EventStatusChangeKind,
  GameEndReason,
  JudgeCallFollowUp,
  PairingChangeKind,
  PenaltyKind,
  ResultChangeKind,
} from "@/lib/generated/prisma/enums";
import { CreateTournamentSchema, UpdateTournamentSettingsSchema } from "@/lib/schemas/tournament";
import type { TournamentArchive } from "@/lib/schemas/archive";
import type { RecordEndOfMatchStepInput } from "@/lib/schemas/end-of-match";
import type { GameEndReason as Reason } from "@/lib/rules/game";
import { addStaff } from "@/test/staff";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { exportTournamentArchive, importTournamentArchive } from "./archive";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import {
  dropPlayer,
  registerPlayer,
  registerPlayers,
  undoDrop,
} from "@/lib/server/registration/registrations";
import { registerTeams } from "@/lib/server/registration/teams";
import {
  enterRoundPairings,
  getRound,
  pairNextSwissRound,
  startRound,
  swapPlayers,
} from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { clearMatchResult } from "@/lib/server/match/clear-result";
import { recordDecidedResult, recordDecidedResultsOfRound } from "@/lib/server/match/record-result";
import { submitPlayerReport } from "@/lib/server/match/player-reports";
import { getMatchForTable } from "@/lib/server/match/match-table";
import { recordGame } from "@/lib/server/match/record-game";
import { takeBackLastGame } from "@/lib/server/match/take-back-game";
import { restartGame } from "@/lib/server/match/restart-game";
import { getEndOfMatch, recordEndOfMatchStep } from "@/lib/server/match/end-of-match";
import { recordPenalty } from "@/lib/server/match/penalties";
import { addTimeExtension } from "@/lib/server/match/time-extensions";
import {
  callJudge,
  claimJudgeCall,
  resolveJudgeCall,
  type ActingJudge,
} from "@/lib/server/judge-calls/judge-calls";
import { awardByes } from "@/lib/server/round/awarded-byes";
import { registerSelf, updateRegistrationSettings } from "@/lib/server/check-in/check-in";
import { registrationTokenFor } from "@/lib/server/check-in/registration-token";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { getPodRound, getPodStandings, pairNextPodRound } from "@/lib/server/pod/pods";
import {
  correctPodResult,
  recordPodFact,
  recordPodOutcome,
  reportPodResult,
} from "@/lib/server/pod/pod-commands";
import { getStandings } from "@/lib/server/standings/standings";
import { deriveStoredMatch, MATCH_RECORD_SELECT } from "@/lib/server/match/match-record";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import type { Actor } from "@/lib/server/tournament/staff";
import { resetImportLimits, startImport } from "./import-limit";
import { finishEvent, reopenEvent } from "@/lib/server/tournament/event-status";
import { IMPORT_LIMITS } from "@/lib/rules/archive";
import { BURN, importSampleCards } from "@/test/decklists";
import { submitDecklist } from "@/lib/server/decklists/submit-decklist";
import { dropPlayersWithoutLegalList } from "@/lib/server/decklists/drop-without-decklist";
import {
  getDeckChecks,
  penaltyFromDeckCheck,
  recordDeckCheck,
} from "@/lib/server/deck-checks/deck-checks";
import { PenaltyFromDeckCheckSchema, RecordDeckCheckSchema } from "@/lib/schemas/deck-check";

// The tournament archive (docs/archive.md) against a real database: events built through the
// app's own writes, exported, imported as new tournaments and exported again.

const accounts = {} as Record<"organizer" | "judge", TestAccount>;
let importer: Actor;
const archives: TournamentArchive[] = [];
const staffActor = { source: "STAFF" as const, name: "Scorekeeper" };

beforeAll(async () => {
  accounts.organizer = await createSignedInAccount("Archive Organizer");
  accounts.judge = await createSignedInAccount("Archive Judge");
  const email = "archive-importer@example.test";
  const user = await prisma.user.upsert({
    where: { email },
    create: { id: `archive-importer-${randomUUID()}`, name: "Ida Importer", email },
    update: {},
  });
  importer = { userId: user.id, name: user.name, email: user.email };
  // The sample card data, so decklists are checked as the app checks them.
  await importSampleCards();
}, 60_000);
afterAll(async () => {
  await prisma.$disconnect();
});

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function version(matchId: string) {
  return (
    await prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: { version: true } })
  ).version;
}

async function sides(matchId: string) {
  const row = await prisma.match.findUniqueOrThrow({
    where: { id: matchId },
    select: { sideAId: true, sideBId: true },
  });
  return { A: row.sideAId, B: row.sideBId! };
}

/** Records the next game with the chooser the rules name (game 1: side A). */
async function game(
  tournamentId: string,
  matchId: string,
  reason: Reason,
  winner: "A" | "B" | null,
  extra: { atOnce?: { A: object; B: object }; chooser?: "A" | "B" } = {},
) {
  const chooser =
    extra.chooser ?? (await getMatchForTable(tournamentId, matchId))!.nextChooser ?? "A";
  return must(
    await recordGame(
      {
        matchId,
        expectedVersion: await version(matchId),
        idempotencyKey: randomUUID(),
        chooser,
        choice: "PLAY",
        reason,
        winner,
        note: "",
        ...(extra.atOnce ? { atOnce: extra.atOnce } : {}),
      } as never,
      { name: "Jo Judge" },
      { mayOverrideChooser: true },
    ),
  );
}

async function slip(
  matchId: string,
  winsA: number,
  winsB: number,
  draws = 0,
  note = "",
  settlesDispute = false,
) {
  return must(
    await reportMatchResult(
      {
        matchId,
        winsA,
        winsB,
        draws,
        expectedVersion: await version(matchId),
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
        note,
      },
      { ...staffActor, settlesDispute },
    ),
  );
}

async function tap(tournamentId: string, matchId: string, step: Record<string, unknown>) {
  const sequence = (await getEndOfMatch(tournamentId, matchId))!.sequence;
  return must(
    await recordEndOfMatchStep(
      {
        tournamentId,
        matchId,
        expectedSequence: sequence,
        idempotencyKey: randomUUID(),
        ...step,
      } as RecordEndOfMatchStepInput,
      { staffId: null },
    ),
  );
}

/** Ends turns until the end-of-match procedure stops counting them (the first one an extra turn). */
async function playOutTurns(tournamentId: string, matchId: string) {
  for (let turn = 0; turn < 20; turn += 1) {
    const view = await tap(tournamentId, matchId, { step: "turn-ended", extraTurn: turn === 1 });
    if (
      view.view.summary.phase !== "finishing-turn" &&
      view.view.summary.phase !== "additional-turns"
    )
      return view.view.summary.phase;
  }
  throw new Error("the additional turns never ended");
}

async function penalty(
  tournamentId: string,
  matchId: string,
  registrationId: string,
  kind: "WARNING" | "GAME_LOSS" | "MATCH_LOSS" | "DISQUALIFICATION",
  infraction: string,
  gameNumber: number | null = null,
  staffId?: string,
) {
  return must(
    await recordPenalty(
      {
        tournamentId,
        matchId,
        registrationId,
        kind,
        infraction,
        gameNumber,
        note: "",
        expectedVersion: await version(matchId),
        idempotencyKey: randomUUID(),
      },
      staffId ? { staffId, name: "Jo Judge" } : { name: "Jo Judge" },
    ),
  );
}

/** Staff report every open match 2-1 and record every result the facts decided, so the round is final. */
async function reportAllOpen(tournamentId: string, roundNumber: number) {
  for (const match of (await getRound(tournamentId, roundNumber))!.matches)
    if (match.sideB && match.winsA === null) await slip(match.id, 2, 1);
  must(
    await recordDecidedResultsOfRound({ tournamentId, roundNumber }, { name: "Sam Scorekeeper" }),
  );
}

/** Two-player Swiss with a top 4: every game ending, penalty, history kind, end-of-match step, judge call follow-up. */
async function buildSwissEvent(): Promise<string> {
  const tournamentId = must(
    await createTournament(
      {
        name: `Archive Open ${randomUUID().slice(0, 8)}`,
        format: "Modern",
        gamesToWin: 2,
        roundMinutes: 50,
        teamSize: 1,
        plannedRounds: 2,
      },
      accounts.organizer,
    ),
  ).id;
  const judgeSeat = await addStaff(tournamentId, accounts.judge, "JUDGE", "Jo Judge");
  const judge: ActingJudge = { staffId: judgeSeat, role: "JUDGE", name: "Jo Judge" };
  must(
    await registerPlayers({
      tournamentId,
      names: Array.from(
        { length: 12 },
        (_, index) => `Player ${String(index + 1).padStart(2, "0")}`,
      ).join("\n"),
    }),
  );
  const byrne = must(await registerPlayer({ tournamentId, name: "Byrne Bye" })).id;
  must(await awardByes({ tournamentId, registrationId: byrne, rounds: [1] }));
  // A capped event that is full puts the next phone registration on the waitlist.
  must(await setTournamentPublished(tournamentId, true));
  must(
    await updateRegistrationSettings({ tournamentId, openRegistration: true, registrationCap: 13 }),
  );
  expect(
    must(
      await registerSelf(
        {
          tournamentId,
          name: "Wanda Waitlist",
          requestKey: randomUUID(),
          token: registrationTokenFor(tournamentId).token,
        },
        `198.51.100.7:${randomUUID()}`,
      ),
    ),
  ).toMatchObject({ placement: "waitlisted" });

  must(await pairNextSwissRound(tournamentId, "archive-1"));
  const paired = (await getRound(tournamentId, 1))!.matches.filter((match) => match.sideB);
  must(
    await swapPlayers(
      {
        tournamentId,
        roundNumber: 1,
        playerId: paired[0]!.sideA.id,
        otherPlayerId: paired[1]!.sideA.id,
      },
      { name: "Olga Organizer" },
    ),
  );
  const late = must(await registerPlayer({ tournamentId, name: "Late Lou" }));
  expect(late.firstRound).toBe(2);

  const [m0, m1, m2, m3, m4, m5] = (await getRound(tournamentId, 1))!.matches
    .filter((match) => match.sideB)
    .map((match) => match.id) as [string, string, string, string, string, string];
  // m0: won on life, poison and an empty library; the last game taken back and recorded again as commander damage.
  await game(tournamentId, m0, "LIFE", "A");
  await game(tournamentId, m0, "POISON", "B");
  await game(tournamentId, m0, "EMPTY_LIBRARY", "A");
  must(
    await takeBackLastGame(
      {
        matchId: m0,
        expectedVersion: await version(m0),
        idempotencyKey: randomUUID(),
        note: "Wrong reason.",
      },
      { name: "Jo Judge" },
    ),
  );
  await game(tournamentId, m0, "COMMANDER_DAMAGE", "A");
  // m1: a card's loss, a restart, a card's win, then a Game Loss decides it.
  await game(tournamentId, m1, "CARD_EFFECT_LOSS", "A");
  must(
    await restartGame(
      {
        matchId: m1,
        expectedVersion: await version(m1),
        idempotencyKey: randomUUID(),
        restartedBy: "B",
        note: "Karn Liberated",
      },
      { name: "Jo Judge" },
    ),
  );
  await game(tournamentId, m1, "CARD_EFFECT_WIN", "B", { chooser: "B" });
  await penalty(
    tournamentId,
    m1,
    (await sides(m1)).B,
    "GAME_LOSS",
    "Decklist Problem (IPG 3.4)",
    3,
    judgeSeat,
  );
  // m2: drawn games, a Slow Play Warning's turns, time, an extra turn, and the unfinished game drawn at time.
  await game(tournamentId, m2, "LIFE", "A", { atOnce: { A: { life: 0 }, B: { life: 0 } } });
  await game(tournamentId, m2, "DRAW_LOOP", null);
  await penalty(tournamentId, m2, (await sides(m2)).A, "WARNING", "Slow Play (IPG 3.3)");
  await tap(tournamentId, m2, {
    step: "time-called",
    gameInProgress: true,
    activePlayerPassingTurn: false,
    activeSide: "A",
  });
  await playOutTurns(tournamentId, m2);
  await game(tournamentId, m2, "DRAW_UNFINISHED_AT_TIME", null);
  // m3: a drawn game by a card, an intentionally drawn game, a concession, then a Match Loss.
  await game(tournamentId, m3, "DRAW_CARD_EFFECT", null);
  await game(tournamentId, m3, "DRAW_INTENTIONAL", null);
  await game(tournamentId, m3, "CONCESSION", "B");
  await penalty(
    tournamentId,
    m3,
    (await sides(m3)).B,
    "MATCH_LOSS",
    "Outside Assistance (IPG 3.2)",
  );
  // m4: the players' reports disagree; staff settle, correct, clear and report again; the table had more time.
  must(
    await addTimeExtension(
      {
        tournamentId,
        matchId: m4,
        minutes: 5,
        reason: "Deck check",
        extensionsSeen: 0,
        addAnyway: false,
        idempotencyKey: randomUUID(),
      },
      { staffId: judgeSeat },
    ),
  );
  const m4Sides = await sides(m4);
  must(
    await submitPlayerReport(
      {
        matchId: m4,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: await version(m4),
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
      },
      { registrationId: m4Sides.A, tournamentId, name: "A" } as never,
    ),
  );
  must(
    await submitPlayerReport(
      {
        matchId: m4,
        winsA: 0,
        winsB: 2,
        draws: 0,
        expectedVersion: await version(m4),
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
      },
      { registrationId: m4Sides.B, tournamentId, name: "B" } as never,
    ),
  );
  await slip(m4, 2, 1, 0, "Settled at the table", true);
  await slip(m4, 2, 0, 0, "Slip misread");
  must(
    await clearMatchResult(
      { matchId: m4, expectedVersion: await version(m4), note: "Wrong table" },
      { name: "Jo Judge" },
    ),
  );
  await slip(m4, 2, 1);
  // m5: one player reports, the other confirms.
  const m5Sides = await sides(m5);
  must(
    await submitPlayerReport(
      {
        matchId: m5,
        winsA: 2,
        winsB: 1,
        draws: 0,
        expectedVersion: await version(m5),
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
      },
      { registrationId: m5Sides.A, tournamentId, name: "A" } as never,
    ),
  );
  must(
    await submitPlayerReport(
      {
        matchId: m5,
        winsA: 2,
        winsB: 1,
        draws: 0,
        expectedVersion: await version(m5),
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
      },
      { registrationId: m5Sides.B, tournamentId, name: "B" } as never,
    ),
  );
  // Four judge calls, one answered with each follow-up (one claimed first).
  const followUps = ["NONE", "PENALTY", "TIME_EXTENSION", "TIME_SCREEN"] as const;
  for (const [index, [matchId, side]] of (
    [
      [m0, "A"],
      [m0, "B"],
      [m1, "A"],
      [m1, "B"],
    ] as const
  ).entries()) {
    const registrationId = (await sides(matchId))[side];
    const call = must(
      await callJudge(
        { matchId, note: `Question ${index + 1}`, idempotencyKey: randomUUID() },
        { registrationId, tournamentId },
      ),
    ).call;
    if (index === 0) must(await claimJudgeCall({ tournamentId, matchId, callId: call.id }, judge));
    must(
      await resolveJudgeCall(
        {
          tournamentId,
          matchId,
          callId: call.id,
          followUp: followUps[index]!,
          resolution: "Answered",
        },
        judge,
      ),
    );
  }
  // GAME_ENDED is a step kind the rules read but no write path stores (games are their own rows): written here as a row.
  const gameEnded = await prisma.endOfMatchEvent.count({ where: { matchId: m2 } });
  await prisma.endOfMatchEvent.create({
    data: {
      matchId: m2,
      sequence: gameEnded + 1,
      kind: "GAME_ENDED",
      data: { type: "game-ended", gamesRecorded: 3 } as Prisma.InputJsonValue,
      idempotencyKey: randomUUID(),
    },
  });

  await reportAllOpen(tournamentId, 1);

  // A drop undone, then round 2 with the late entry and a Disqualification.
  const stillIn = (
    await prisma.registration.findFirstOrThrow({
      where: { tournamentId, displayName: "Byrne Bye" },
    })
  ).id;
  must(
    await dropPlayer(
      { tournamentId, registrationId: stillIn },
      { staffId: null, name: "Sam Scorekeeper" },
    ),
  );
  must(
    await undoDrop(
      { tournamentId, registrationId: stillIn },
      { staffId: judgeSeat, name: "Jo Judge" },
    ),
  );
  must(await pairNextSwissRound(tournamentId, "archive-2"));
  must(await startRound(tournamentId, 2));
  const round2 = (await getRound(tournamentId, 2))!.matches.filter((match) => match.sideB);
  await penalty(
    tournamentId,
    round2[0]!.id,
    round2[0]!.sideB!.id,
    "DISQUALIFICATION",
    "Cheating (IPG 4.8)",
  );
  await reportAllOpen(tournamentId, 2);

  // A top 4: a semifinal decided by life totals at time; the final reported, cleared and voided by a corrected semifinal.
  const semis = must(await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 })).roundNumber;
  const [s1, s2] = (await getRound(tournamentId, semis))!.matches.map((match) => match.id) as [
    string,
    string,
  ];
  await tap(tournamentId, s1, {
    step: "time-called",
    gameInProgress: true,
    activePlayerPassingTurn: false,
  });
  await playOutTurns(tournamentId, s1);
  await tap(tournamentId, s1, { step: "life-totals", lifeA: 12, lifeB: 3 });
  await game(tournamentId, s1, "LIFE_TOTAL_AT_TIME", "A");
  await slip(s2, 2, 0);
  const final = (await getRound(tournamentId, semis + 1))!.matches[0]!.id;
  await slip(final, 2, 1);
  must(
    await clearMatchResult(
      {
        matchId: final,
        expectedVersion: await version(final),
        note: "Entered before the semifinal was fixed",
      },
      { name: "Jo Judge" },
    ),
  );
  await slip(s2, 0, 2, 0, "Slip reversed");
  await reportAllOpen(tournamentId, semis + 1);
  return tournamentId;
}

async function buildTeamEvent(teamFormat: "TEAM_MATCHES" | "TWO_HEADED_GIANT"): Promise<string> {
  const trios = teamFormat === "TEAM_MATCHES";
  const input = trios ? { teamSize: "3" } : { teamFormat: "TWO_HEADED_GIANT" };
  const tournamentId = must(
    await createTournament(
      CreateTournamentSchema.parse({
        name: `Archive ${teamFormat} ${randomUUID().slice(0, 8)}`,
        format: "Sealed",
        ...input,
      }),
      accounts.organizer,
    ),
  ).id;
  const teams = trios
    ? [
        "Rocket: Ana, Ben, Cleo",
        "Blue: Dora, Eli, Fay",
        "Green: Gus, Hal, Ivy",
        "Red: Jo, Kim, Lea",
        "Odd: Max, Ned, Oli",
      ]
    : ["Rocket: Ana, Ben", "Blue: Dora, Eli", "Green: Gus, Hal"];
  must(await registerTeams({ tournamentId, teams: teams.join("\n") }));
  must(await pairNextSwissRound(tournamentId, "teams-1"));
  const matches = await prisma.match.findMany({
    where: { round: { tournamentId, number: 1 }, sideBId: { not: null } },
    orderBy: [{ tableNumber: "asc" }, { seat: "asc" }],
    select: { id: true, seat: true, sideAId: true, sideBId: true },
  });
  for (const [index, match] of matches.entries()) {
    if (index === 0) {
      // A member reports their seat's match and the opposing member confirms it.
      const member = {
        registrationId: match.sideAId,
        tournamentId,
        name: "Member",
        seat: match.seat,
      };
      must(
        await submitPlayerReport(
          {
            matchId: match.id,
            winsA: 2,
            winsB: 0,
            draws: 0,
            expectedVersion: await version(match.id),
            idempotencyKey: randomUUID(),
            intentionalDraw: false,
          },
          member as never,
        ),
      );
      must(
        await submitPlayerReport(
          {
            matchId: match.id,
            winsA: 2,
            winsB: 0,
            draws: 0,
            expectedVersion: await version(match.id),
            idempotencyKey: randomUUID(),
            intentionalDraw: false,
          },
          { ...member, registrationId: match.sideBId! } as never,
        ),
      );
    } else if (index === 1) {
      await game(tournamentId, match.id, "LIFE", "B");
      await game(tournamentId, match.id, "LIFE", "B");
      must(
        await recordDecidedResult(
          {
            matchId: match.id,
            expectedVersion: await version(match.id),
            idempotencyKey: randomUUID(),
          },
          { name: "Sam Scorekeeper" },
        ),
      );
    } else await slip(match.id, index % 2 === 0 ? 2 : 1, index % 2 === 0 ? 1 : 2);
  }
  must(await pairNextSwissRound(tournamentId, "teams-2"));
  await reportAllOpen(tournamentId, 2);
  return tournamentId;
}

/** A pod event: facts, a correction, players' reports and a top 4 final pod. */
async function buildPodEvent(): Promise<string> {
  const tournamentId = must(
    await createTournament(
      CreateTournamentSchema.parse({
        name: `Archive Pods ${randomUUID().slice(0, 8)}`,
        format: "Commander",
        structure: "PODS",
        podSize: "4",
      }),
      accounts.organizer,
    ),
  ).id;
  must(
    await registerPlayers({
      tournamentId,
      names: Array.from({ length: 8 }, (_, index) => `Pod Player ${index + 1}`).join("\n"),
    }),
  );
  const judge = { name: "Jo Judge" };
  must(await pairNextPodRound(tournamentId, "pods-1"));
  const [first, second] = (await getPodRound(tournamentId, 1))!.pods;
  const seatsOf = (pod: typeof first) =>
    pod!.seats.map((seat) => seat.registrationId) as [string, string, string, string];
  const [a, b, c] = seatsOf(first);
  must(
    await recordPodFact(
      {
        tournamentId,
        podId: first!.id,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        fact: { type: "left", departures: [{ player: c, reason: "JUDGE_GAME_LOSS" }] },
      },
      judge,
    ),
  );
  must(
    await recordPodOutcome(
      {
        tournamentId,
        podId: first!.id,
        expectedVersion: 1,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: a },
      },
      judge,
    ),
  );
  must(
    await correctPodResult(
      {
        tournamentId,
        podId: first!.id,
        expectedVersion: 2,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: b },
        reason: "Seat typed wrong",
      } as never,
      { name: "Scorekeeper" },
    ),
  );
  // CR 100.6a: judge calls from a pod, one answered by a judge and one still open.
  const judgeSeat = await addStaff(tournamentId, accounts.judge, "JUDGE", "Jo Judge");
  const podCall = must(
    await callJudge(
      { podId: first!.id, note: "Pod question", idempotencyKey: randomUUID() },
      { registrationId: a, tournamentId },
    ),
  ).call;
  must(
    await resolveJudgeCall(
      {
        tournamentId,
        podId: first!.id,
        callId: podCall.id,
        followUp: "PENALTY",
        resolution: "Answered",
      },
      { staffId: judgeSeat, role: "JUDGE", name: "Jo Judge" },
    ),
  );
  must(
    await callJudge(
      { podId: first!.id, note: "", idempotencyKey: randomUUID() },
      { registrationId: b, tournamentId },
    ),
  );
  const everyone = seatsOf(second);
  for (const player of everyone)
    must(
      await reportPodResult(
        {
          tournamentId,
          podId: second!.id,
          outcome: { kind: "win", winnerId: everyone[0] },
          idempotencyKey: randomUUID(),
        },
        { registrationId: player },
      ),
    );
  must(await pairNextPodRound(tournamentId, "pods-2"));
  for (const pod of (await getPodRound(tournamentId, 2))!.pods) {
    must(
      await recordPodFact(
        {
          tournamentId,
          podId: pod.id,
          expectedVersion: pod.version,
          idempotencyKey: randomUUID(),
          fact: {
            type: "left",
            departures: [{ player: pod.seats[1]!.registrationId, reason: "CONCESSION" }],
          },
        },
        judge,
      ),
    );
    must(
      await recordPodOutcome(
        {
          tournamentId,
          podId: pod.id,
          expectedVersion: pod.version + 1,
          idempotencyKey: randomUUID(),
          outcome: { kind: "win", winnerId: pod.seats[0]!.registrationId },
        },
        judge,
      ),
    );
  }
  must(await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 }));
  const [final] = (await getPodRound(tournamentId, 3))!.pods;
  must(
    await recordPodOutcome(
      {
        tournamentId,
        podId: final!.id,
        expectedVersion: final!.version,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: final!.seats[2]!.registrationId },
      },
      judge,
    ),
  );
  return tournamentId;
}

/** An event whose round 1 was entered by hand from another tool. */
async function buildEnteredEvent(): Promise<string> {
  const tournamentId = must(
    await createTournament(
      {
        name: `Archive Entered ${randomUUID().slice(0, 8)}`,
        format: "",
        gamesToWin: 2,
        roundMinutes: 50,
        teamSize: 1,
      },
      accounts.organizer,
    ),
  ).id;
  must(await registerPlayers({ tournamentId, names: "Ana\nBen\nCal\nDee\nEve" }));
  must(
    await enterRoundPairings(
      { tournamentId, pairings: "Ana, Ben\nCal, Dee\nEve, bye" },
      { name: "Olive Organizer" },
    ),
  );
  await reportAllOpen(tournamentId, 1);
  // Finished, reopened and finished again: each change is history, with who made it.
  const seat = await prisma.staffMember.findFirstOrThrow({
    where: { tournamentId, role: "ORGANIZER" },
    select: { id: true, name: true },
  });
  const actor = { staffId: seat.id, name: seat.name };
  must(await finishEvent(tournamentId, actor));
  must(await reopenEvent(tournamentId, actor));
  must(await finishEvent(tournamentId, { staffId: null, name: "Former Organizer" }));
  return tournamentId;
}

/**
 * MTR 2.7, 2.8: lists sent by players and changed by one before the deadline, a list short of 60
 * cards corrected by a judge after it with a reason, the drop of a player without a list, and deck
 * checks in round 1: one passed, one Decklist Problem gone on to a Game Loss, one corrected.
 */
async function buildDecklistEvent(): Promise<string> {
  const tournamentId = must(
    await createTournament(
      {
        name: `Archive Decklists ${randomUUID().slice(0, 8)}`,
        format: "Modern",
        gamesToWin: 2,
        roundMinutes: 50,
        teamSize: 1,
      },
      accounts.organizer,
    ),
  ).id;
  const judgeSeat = await addStaff(tournamentId, accounts.judge, "JUDGE", "Jo Judge");
  const judge = { staffId: judgeSeat, name: "Jo Judge" };
  await prisma.tournament.update({
    where: { id: tournamentId },
    data: {
      deckFormat: "modern",
      decklistDeadline: new Date(Date.now() + 3_600_000),
      decklistPublication: "TOP_CUT",
    },
  });
  must(await registerPlayers({ tournamentId, names: "Ana\nBen\nCleo\nDev\nEve\nFinn" }));
  const ids = new Map(
    (
      await prisma.registration.findMany({
        where: { tournamentId },
        select: { id: true, displayName: true },
      })
    ).map((row) => [row.displayName, row.id]),
  );
  const send = async (
    name: string,
    text: string,
    more: { version?: number; reason?: string; staff?: boolean; archetype?: string } = {},
  ) => {
    const sent = await submitDecklist(
      {
        tournamentId,
        registrationId: ids.get(name)!,
        text,
        archetype: more.archetype ?? "",
        expectedVersion: more.version ?? null,
        idempotencyKey: randomUUID(),
        reason: more.reason,
      },
      more.staff ? { source: "STAFF", ...judge } : { source: "PLAYER", name },
    );
    if (!sent.ok) throw new Error(sent.error.message);
  };
  for (const name of ["Ana", "Dev", "Eve"]) await send(name, BURN, { archetype: "Burn" });
  await send("Ben", BURN);
  await send("Ben", BURN.replace("3 Counterspell", "2 Counterspell"), {
    version: 1,
    archetype: "Mono-Red",
  });
  await send("Cleo", BURN.replace("28 Mountain", "27 Mountain"));
  // The deadline passes: only staff change a list now, each time with a reason (IPG 3.4).
  await prisma.tournament.update({
    where: { id: tournamentId },
    data: { decklistDeadline: new Date(Date.now() - 60_000) },
  });
  await send("Cleo", BURN, { version: 1, staff: true, reason: "59 cards: a Mountain added" });
  must(
    await dropPlayersWithoutLegalList(
      {
        tournamentId,
        registrationIds: [ids.get("Finn")!, ids.get("Ana")!],
        idempotencyKey: randomUUID(),
      },
      judge,
    ),
  );
  must(await pairNextSwissRound(tournamentId, "archive-decklists"));
  must(await startRound(tournamentId, 1));
  const [first, second] = (await getRound(tournamentId, 1))!.matches.filter((match) => match.sideB);
  const check = async (
    matchId: string,
    registrationId: string,
    outcome: string,
    extra: Record<string, string> = {},
  ) =>
    must(
      await recordDeckCheck(
        RecordDeckCheckSchema.parse({
          tournamentId,
          matchId,
          registrationId,
          outcome,
          idempotencyKey: randomUUID(),
          ...extra,
        }),
        judge,
      ),
    ).check;
  await check(first!.id, first!.sideA.id, "PASSED", { decklistVersion: "1" });
  const problem = await check(first!.id, first!.sideB!.id, "DECKLIST_PROBLEM", {
    note: "Sideboard of 16",
  });
  must(
    await penaltyFromDeckCheck(
      PenaltyFromDeckCheckSchema.parse({
        tournamentId,
        deckCheckId: problem.id,
        expectedVersion: String(await version(first!.id)),
        gameNumber: "1",
        idempotencyKey: randomUUID(),
      }),
      judge,
    ),
  );
  const misread = await check(second!.id, second!.sideA.id, "DECK_PROBLEM", {
    note: "Counted twice",
  });
  await check(second!.id, second!.sideA.id, "PASSED", { replacesId: misread.id });
  return tournamentId;
}

/** An archive apart from when and from where it was exported. */
function comparable(archive: TournamentArchive): Omit<TournamentArchive, "exportedAt" | "source"> {
  const { exportedAt: _at, source: _from, ...rest } = archive;
  return rest;
}

/** Every string of a JSON value, keys included. */
function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => [key, ...stringsIn(item)]);
  return [];
}

/** A value with each id the map names replaced, in keys as in values. */
function renamed(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (typeof value === "string") return names.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => renamed(item, names));
  if (value !== null && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [names.get(key) ?? key, renamed(item, names)]),
    );
  return value;
}

/** The ids of a tournament's rows as the names people read, so two tournaments' reads compare. */
async function namesOf(tournamentId: string): Promise<Map<string, string>> {
  const registrations = await prisma.registration.findMany({
    where: { tournamentId },
    select: { id: true, displayName: true },
  });
  return new Map(
    registrations.map((registration) => [registration.id, `entrant ${registration.displayName}`]),
  );
}

async function derivedMatches(tournamentId: string) {
  const rows = await prisma.match.findMany({
    where: { round: { tournamentId } },
    orderBy: [
      { round: { number: "asc" } },
      { tableNumber: "asc" },
      { seat: "asc" },
      { voidSequence: "asc" },
    ],
    select: { ...MATCH_RECORD_SELECT, _count: { select: { games: true } } },
  });
  const names = await namesOf(tournamentId);
  return rows.map((row) => ({
    games: row._count.games,
    record: renamed(deriveStoredMatch(row), names),
  }));
}

async function standingsOf(tournamentId: string, structure: string) {
  const names = await namesOf(tournamentId);
  if (structure === "PODS") return renamed(must(await getPodStandings(tournamentId)), names);
  const {
    etag: _etag,
    source: _source,
    ...standings
  } = must(await getStandings(trustedTournamentAccess(tournamentId)));
  return renamed(standings, names);
}

async function roundTrip(tournamentId: string) {
  const first = must(await exportTournamentArchive(tournamentId)).archive;
  const document: unknown = JSON.parse(JSON.stringify(first));
  const imported = must(await importTournamentArchive(document, importer));
  expect(imported.id).not.toBe(tournamentId);
  const second = must(await exportTournamentArchive(imported.id)).archive;
  // The same document, with the importer's own organizer seat added last; the archive's seats come back without an account.
  const importerSeat = {
    ref: `staff:${first.staff.length + 1}`,
    name: importer.name,
    role: "ORGANIZER",
    removedAt: null,
    createdAt: expect.any(String),
  };
  // The copy is named as one and kept from the public until its organizer publishes it.
  expect(comparable(second)).toEqual({
    ...comparable(first),
    tournament: {
      ...first.tournament,
      name: `${first.tournament.name} (imported)`,
      publishedAt: null,
    },
    staff: [...first.staff, importerSeat],
  });
  expect(
    await prisma.staffMember.findMany({
      where: { tournamentId: imported.id, userId: { not: null } },
      select: { userId: true, role: true },
    }),
  ).toEqual([{ userId: importer.userId, role: "ORGANIZER" }]);
  // Every row is named by its ref: no database id of the source tournament is left in the document.
  const ids = new Set([
    ...(await namesOf(tournamentId)).keys(),
    ...(
      await prisma.match.findMany({ where: { round: { tournamentId } }, select: { id: true } })
    ).map((row) => row.id),
  ]);
  expect(
    stringsIn(comparable(first)).filter((text) => ids.has(text) || /^c[a-z0-9]{24}$/.test(text)),
  ).toEqual([]);
  // The imported tournament reads as the original does, under the copy's name.
  const original = (await standingsOf(tournamentId, first.tournament.structure)) as object;
  expect(await standingsOf(imported.id, first.tournament.structure)).toEqual(
    "tournamentName" in original
      ? { ...original, tournamentName: `${first.tournament.name} (imported)` }
      : original,
  );
  const [before, after] = [await derivedMatches(tournamentId), await derivedMatches(imported.id)];
  expect(after).toEqual(before);
  archives.push(first);
  return { archive: first, importedId: imported.id };
}

describe("a tournament archive round trip (export, import, export)", () => {
  it("a Swiss event with a top 4: every game ending, penalty and history kind comes back the same", async () => {
    const { importedId } = await roundTrip(await buildSwissEvent());
    // The match page's derived record is compared above; here it is one with games, read through the page's loader.
    const withGames = await prisma.match.findFirstOrThrow({
      where: { round: { tournamentId: importedId }, games: { some: { removedAt: { not: null } } } },
      select: { id: true },
    });
    expect(
      (await getMatchForTable(importedId, withGames.id))!.games.map((row) => row.reason),
    ).toEqual(["LIFE", "POISON", "COMMANDER_DAMAGE"]);
  }, 120_000);

  it("a Team Trios event and a Two-Headed Giant event come back the same (MTR 8.2, CR 810)", async () => {
    await roundTrip(await buildTeamEvent("TEAM_MATCHES"));
    await roundTrip(await buildTeamEvent("TWO_HEADED_GIANT"));
  }, 120_000);

  it("a pod event with facts, a correction, players' reports and a top cut comes back the same (CR 100.6a)", async () => {
    await roundTrip(await buildPodEvent());
  }, 120_000);

  it("an event whose pairings were entered by hand comes back the same, finishes, reopening and planned cut included", async () => {
    const source = await buildEnteredEvent();
    await prisma.phase.updateMany({
      where: { tournamentId: source, kind: "SWISS" },
      data: { plannedCut: 8 },
    });
    const { importedId } = await roundTrip(source);
    const swiss = { tournamentId: importedId, kind: "SWISS" as const };
    expect((await prisma.phase.findFirstOrThrow({ where: swiss })).plannedCut).toBe(8);
    const changes = (tournamentId: string) =>
      prisma.eventStatusChange.findMany({
        where: { tournamentId },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { kind: true, before: true, after: true, actorName: true, createdAt: true },
      });
    const original = await changes(source);
    expect(original.map((row) => row.kind)).toEqual(["FINISHED", "REOPENED", "FINISHED"]);
    expect(await changes(importedId)).toEqual(original);
    // The archive's seat is named by its ref, its staff seat comes back; a departed actor keeps their name only.
    const seats = await prisma.eventStatusChange.findMany({
      where: { tournamentId: importedId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { staff: { select: { name: true } } },
    });
    expect(seats.map((row) => row.staff?.name ?? null)).toEqual([
      original[0]!.actorName,
      original[1]!.actorName,
      null,
    ]);
  }, 60_000);

  it("MTR 2.7, 2.8: an event's decklist settings, every list with its whole history, a drop for want of a list and its deck checks come back the same", async () => {
    const source = await buildDecklistEvent();
    const { archive, importedId } = await roundTrip(source);
    expect(archive.tournament.decklists).toMatchObject({
      format: "modern",
      publication: "TOP_CUT",
    });
    expect(archive.decklists.map((list) => list.changes.map((change) => change.source))).toEqual([
      ["PLAYER"],
      ["PLAYER", "PLAYER"],
      ["PLAYER", "STAFF"],
      ["PLAYER"],
      ["PLAYER"],
    ]);
    // The judge's change after the deadline keeps its reason and names the judge's seat, which comes back.
    const corrected = await prisma.decklistChange.findFirstOrThrow({
      where: { tournamentId: importedId, source: "STAFF" },
      select: { reason: true, actorName: true, staff: { select: { name: true } } },
    });
    expect(corrected).toEqual({
      reason: "59 cards: a Mountain added",
      actorName: "Jo Judge",
      staff: { name: "Jo Judge" },
    });
    expect(archive.decklistDrops).toMatchObject([
      { dropped: [{ registrationId: expect.stringMatching(/^entrant:/), name: "Finn" }] },
    ]);
    // The deck checks page reads the copy as it reads the original: the penalty linked, the correction chained.
    const names = async (tournamentId: string) => {
      const registrations = await namesOf(tournamentId);
      const checks = (await getDeckChecks(tournamentId)).flatMap((round) => round.checks);
      return renamed(
        checks.map((row) => ({
          player: row.playerName,
          outcome: row.outcome,
          note: row.note,
          penalty: row.penalty?.infraction ?? null,
          replaces: checks.findIndex((other) => other.id === row.replacesId),
          replacedBy: checks.findIndex((other) => other.id === row.replacedById),
          decklistVersion: row.decklistVersion,
          judgeName: row.judgeName,
          createdAt: row.createdAt,
        })),
        registrations,
      );
    };
    const original = await names(source);
    expect(original).toHaveLength(4);
    expect(await names(importedId)).toEqual(original);
  }, 60_000);

  it("the archives together hold every kind the schema knows, so a new kind that is never exported fails here", () => {
    expect(archives).toHaveLength(6);
    const matches = archives.flatMap((archive) => archive.rounds.flatMap((round) => round.matches));
    const pods = archives.flatMap((archive) => archive.rounds.flatMap((round) => round.pods));
    const kinds = (values: readonly (string | null)[]) =>
      [...new Set(values.filter((value) => value !== null))].sort();
    const all = (values: object) => Object.values(values).sort();
    expect(kinds(matches.flatMap((match) => match.games.map((row) => row.reason)))).toEqual(
      all(GameEndReason),
    );
    expect(kinds(matches.flatMap((match) => match.penalties.map((row) => row.kind)))).toEqual(
      all(PenaltyKind),
    );
    expect(kinds(matches.flatMap((match) => match.changes.map((row) => row.kind)))).toEqual(
      all(ResultChangeKind),
    );
    expect(kinds(matches.flatMap((match) => match.endOfMatch.map((row) => row.kind)))).toEqual(
      all(EndOfMatchEventKind),
    );
    expect(
      kinds(
        archives.flatMap((archive) =>
          archive.rounds.flatMap((round) => round.pairingChanges.map((row) => row.kind)),
        ),
      ),
    ).toEqual(all(PairingChangeKind));
    expect(
      kinds(
        archives.flatMap((archive) =>
          archive.entrants.flatMap((entrant) => entrant.drops.map((row) => row.kind)),
        ),
      ),
    ).toEqual(all(DropChangeKind));
    expect(
      kinds(archives.flatMap((archive) => archive.statusChanges.map((row) => row.kind))),
    ).toEqual(all(EventStatusChangeKind));
    expect(kinds(matches.flatMap((match) => match.judgeCalls.map((row) => row.followUp)))).toEqual(
      all(JudgeCallFollowUp),
    );
    expect(pods.some((pod) => pod.judgeCalls.some((call) => call.resolvedAt === null))).toBe(true);
    expect(pods.some((pod) => pod.judgeCalls.some((call) => call.resolvedAt !== null))).toBe(true);
    expect(matches.some((match) => match.timeExtensions.length > 0)).toBe(true);
    expect(
      matches.some((match) =>
        match.reports.some((report) => report.source === "PLAYER" && report.confirmedAt !== null),
      ),
    ).toBe(true);
    expect(matches.some((match) => match.voidedAt !== null)).toBe(true);
    expect(
      archives.some((archive) =>
        archive.phases.some(
          (phase) => phase.kind === "SINGLE_ELIMINATION" && phase.seeds.length > 0,
        ),
      ),
    ).toBe(true);
    expect(
      archives.some((archive) =>
        archive.entrants.some((entrant) => entrant.awardedByes.length > 0),
      ),
    ).toBe(true);
    expect(
      archives.some((archive) => archive.entrants.some((entrant) => entrant.firstRound > 1)),
    ).toBe(true);
    expect(
      archives.some((archive) => archive.waitlist.some((entry) => entry.entrant === null)),
    ).toBe(true);
    expect(
      archives.some((archive) => archive.staff.some((member) => member.role === "JUDGE")),
    ).toBe(true);
    expect(kinds(archives.map((archive) => archive.tournament.teamFormat))).toEqual([
      "INDIVIDUAL",
      "TEAM_MATCHES",
      "TWO_HEADED_GIANT",
    ]);
    expect(
      archives.some((archive) => archive.entrants.some((entrant) => entrant.members.length === 3)),
    ).toBe(true);
    expect(pods.some((pod) => pod.events.some((event) => event.voidedAt !== null))).toBe(true);
    expect(pods.some((pod) => pod.corrections.length > 0)).toBe(true);
    expect(pods.some((pod) => pod.reports.length > 0)).toBe(true);
    expect(pods.some((pod) => pod.bracketSlot === "F" && pod.confirmedAt !== null)).toBe(true);
    const checks = archives.flatMap((archive) => archive.deckChecks);
    expect(kinds(checks.map((row) => row.outcome))).toEqual(all(DeckCheckOutcome));
    expect(checks.some((row) => row.penalty !== null)).toBe(true);
    expect(checks.some((row) => row.replaces !== null)).toBe(true);
    expect(
      kinds(
        archives.flatMap((archive) =>
          archive.decklists.flatMap((list) => list.changes.map((row) => row.source)),
        ),
      ),
    ).toEqual(all(DecklistSource));
    expect(archives.some((archive) => archive.decklistDrops.length > 0)).toBe(true);
  });
});

describe("an archive with one bad entry is refused whole", () => {
  type Archive = TournamentArchive;
  const clone = (archive: Archive): Archive => JSON.parse(JSON.stringify(archive)) as Archive;
  /** The first match of the Swiss archive that `pick` accepts, with its path. */
  function findMatch(
    archive: Archive,
    pick: (match: Archive["rounds"][number]["matches"][number]) => boolean,
  ) {
    for (const [roundIndex, round] of archive.rounds.entries()) {
      for (const [matchIndex, match] of round.matches.entries())
        if (pick(match)) return { match, path: `rounds[${roundIndex}].matches[${matchIndex}]` };
    }
    throw new Error("no such match");
  }

  async function expectRefused(document: unknown, ...parts: string[]) {
    const [tournaments, players] = [await prisma.tournament.count(), await prisma.player.count()];
    const refused = await importTournamentArchive(document, importer);
    expect(refused).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    for (const part of parts) expect(!refused.ok && refused.error.message).toContain(part);
    expect(!refused.ok && refused.error.message).not.toMatch(/\.\.$/);
    expect([await prisma.tournament.count(), await prisma.player.count()]).toEqual([
      tournaments,
      players,
    ]);
  }

  const swiss = () =>
    archives.find((archive) => archive.tournament.name.startsWith("Archive Open"))!;

  it("CR 104: a drawn game with a winner is refused, naming the game's entry and the rule", async () => {
    const archive = clone(swiss());
    const { match, path } = findMatch(archive, (candidate) =>
      candidate.games.some((row) => row.reason === "DRAW_LOOP"),
    );
    const index = match.games.findIndex((row) => row.reason === "DRAW_LOOP");
    match.games[index]!.winner = "A";
    await expectRefused(
      archive,
      `${path}.games[${index}]: A game that ends this way (104.4b) is a draw: it has no winner. (104.4b)`,
    );
  });

  it("a match naming an entrant that does not exist is refused", async () => {
    const archive = clone(swiss());
    const { match, path } = findMatch(archive, (candidate) => candidate.sideB !== null);
    match.sideB = "entrant:999";
    await expectRefused(archive, `${path}.sideB: entrant:999 is not an entrant of this archive.`);
  });

  it("MTR 2.1: a player in two matches of one round is refused", async () => {
    const archive = clone(swiss());
    const [first, second] = archive.rounds[0]!.matches.filter((match) => match.sideB !== null);
    const secondIndex = archive.rounds[0]!.matches.indexOf(second!);
    second!.sideA = first!.sideA;
    await expectRefused(
      archive,
      `rounds[0].matches[${secondIndex}]: ${first!.sideA} plays twice in round 1 (also rounds[0].matches[`,
      "(MTR 2.1)",
    );
  });

  it("an archive of another version is refused, saying which version this app reads", async () => {
    await expectRefused(
      { ...clone(swiss()), version: 2 },
      "version: This app reads archive version 1.",
    );
  });

  it("a history naming a ref that is not in the archive is refused", async () => {
    const archive = clone(swiss());
    const { match, path } = findMatch(archive, (candidate) => candidate.changes.length > 0);
    match.changes[0]!.after = { reportedBy: "entrant:4242" };
    await expectRefused(
      archive,
      `${path}.changes[0]: The history names entrant:4242, which is not in this archive.`,
    );
  });

  const decklistEvent = () =>
    clone(archives.find((archive) => archive.tournament.name.startsWith("Archive Decklists"))!);

  it("MTR 2.8: a deck check at a match that is not in the file, or of another round, is refused", async () => {
    const archive = decklistEvent();
    archive.deckChecks[0]!.match = "match:999";
    archive.deckChecks[1]!.round = 2;
    await expectRefused(
      archive,
      "deckChecks[0].match: match:999 is not a match of round 1 in this archive.",
      "deckChecks[1].match: match:1 is not a match of round 2 in this archive.",
    );
  });

  it("MTR 2.7: a list whose history lacks a version is refused: every change of a list is kept", async () => {
    const archive = decklistEvent();
    const index = archive.decklists.findIndex((list) => list.version === 2);
    archive.decklists[index]!.changes.shift();
    await expectRefused(
      archive,
      `decklists[${index}].changes: The list is at version 2 and its history has no change of version 1: every change of a list is kept. (MTR 2.7)`,
    );
  });

  it("a deck check whose penalty is not its player's, and a list change with a bare JSON null for its cards, are refused", async () => {
    const archive = decklistEvent();
    const given = archive.deckChecks.find((check) => check.penalty !== null)!;
    given.penalty = "penalty:999";
    (archive.decklists[0]!.changes[0] as { entriesAfter: unknown }).entriesAfter = null;
    await expectRefused(archive, "decklists[0].changes[0].entriesAfter: ");
    archive.decklists[0]!.changes[0]!.entriesAfter = archive.decklists[0]!.entries;
    await expectRefused(
      archive,
      `deckChecks[${archive.deckChecks.indexOf(given)}].penalty: penalty:999 is not a penalty given to ${given.entrant} at this match.`,
    );
  });

  it("an archive made before decklists and deck checks were exported imports, as an event taking none", async () => {
    const archive = decklistEvent();
    const older = archive as unknown as Record<string, unknown> & {
      tournament: Record<string, unknown>;
    };
    delete older.decklists;
    delete older.decklistDrops;
    delete older.deckChecks;
    delete older.tournament.decklists;
    const imported = must(await importTournamentArchive(older, importer));
    expect(
      await prisma.tournament.findUniqueOrThrow({
        where: { id: imported.id },
        select: {
          deckFormat: true,
          decklistDeadline: true,
          decklistPublication: true,
          _count: { select: { decklists: true, deckChecks: true, decklistDrops: true } },
        },
      }),
    ).toEqual({
      deckFormat: null,
      decklistDeadline: null,
      decklistPublication: "NONE",
      _count: { decklists: 0, deckChecks: 0, decklistDrops: 0 },
    });
  });

  it("a bad entry deep in the last round is refused even when everything before it is fine", async () => {
    const archive = clone(swiss());
    const roundIndex = archive.rounds.length - 1;
    const matchIndex = archive.rounds[roundIndex]!.matches.findIndex(
      (match) => match.slip !== null && match.sideB !== null,
    );
    archive.rounds[roundIndex]!.matches[matchIndex]!.slip = { winsA: 1, winsB: 1, draws: 0 };
    await expectRefused(archive, `rounds[${roundIndex}].matches[${matchIndex}].slip`);
  });
});

describe("an archive the database or a page could not take is refused by name, not answered with an error", () => {
  type Archive = TournamentArchive;
  const swiss = () =>
    JSON.parse(
      JSON.stringify(
        archives.find((archive) => archive.tournament.name.startsWith("Archive Open"))!,
      ),
    ) as Archive;
  async function expectRefused(document: unknown, ...parts: string[]) {
    const [tournaments, players] = [await prisma.tournament.count(), await prisma.player.count()];
    const refused = await importTournamentArchive(document, importer);
    expect(refused).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    for (const part of parts) expect(!refused.ok && refused.error.message).toContain(part);
    expect([await prisma.tournament.count(), await prisma.player.count()]).toEqual([
      tournaments,
      players,
    ]);
  }
  const liveMatches = (archive: Archive, roundIndex: number) =>
    archive.rounds[roundIndex]!.matches.flatMap((match, index) =>
      match.voidedAt === null && match.sideB !== null ? [{ match, index }] : [],
    );

  it("two matches at one table and seat of a round", async () => {
    const archive = swiss();
    const [first, second] = liveMatches(archive, 0);
    second!.match.table = first!.match.table;
    await expectRefused(
      archive,
      `rounds[0].matches[${second!.index}].table: Table ${first!.match.table}, seat 0 already holds rounds[0].matches[${first!.index}] in round 1`,
    );
  });

  it("MTR 2.1: an entrant in two matches of a round through another seat", async () => {
    const archive = swiss();
    const [first, second] = liveMatches(archive, 1);
    Object.assign(second!.match, { seat: 1, sideA: first!.match.sideA });
    await expectRefused(
      archive,
      `rounds[1].matches[${second!.index}].seat: Only a team event of seat matches`,
      `rounds[1].matches[${second!.index}]: ${first!.match.sideA} plays twice in round 2`,
    );
  });

  it("a late entry's first round after a round they played, and MTR 2.10: a drop before a round they played", async () => {
    const archive = swiss();
    const [first] = liveMatches(archive, 1);
    const indexOf = (ref: string) => archive.entrants.findIndex((entrant) => entrant.ref === ref);
    archive.entrants[indexOf(first!.match.sideA)]!.firstRound = 3;
    archive.entrants[indexOf(first!.match.sideB!)]!.droppedAfterRound = 1;
    await expectRefused(
      archive,
      `rounds[1].matches[${first!.index}]: ${first!.match.sideA} plays in round 2 but entered in round 3`,
      `${first!.match.sideB} plays in round 2 but dropped after round 1`,
      "(MTR 2.10)",
    );
  });

  it("waitlist entries promoted to one entrant, or sharing a name", async () => {
    const archive = swiss();
    const entry = {
      name: "W1",
      promotedAt: "2026-11-27T12:00:00.000Z",
      entrant: "entrant:1",
      createdAt: "2026-11-27T12:00:00.000Z",
    };
    archive.waitlist = [
      entry,
      { ...entry, name: "W2" },
      { ...entry, name: "w1", promotedAt: null, entrant: null },
    ];
    await expectRefused(
      archive,
      "waitlist[1].entrant: entrant:1 is also waitlist[0]'s entrant",
      'waitlist[2].name: "w1" is also waitlist[0]',
    );
  });

  it("two games taken back with the same number and removal", async () => {
    const archive = swiss();
    const roundIndex = archive.rounds.findIndex((round) =>
      round.matches.some((match) => match.games.some((game) => game.removedAt !== null)),
    );
    const matchIndex = archive.rounds[roundIndex]!.matches.findIndex((match) =>
      match.games.some((game) => game.removedAt !== null),
    );
    const match = archive.rounds[roundIndex]!.matches[matchIndex]!;
    match.games.push({
      ...match.games.find((game) => game.removedAt !== null)!,
      ref: "game:999999",
    });
    await expectRefused(
      archive,
      `rounds[${roundIndex}].matches[${matchIndex}].games[${match.games.length - 1}]: Game`,
      "was taken back twice",
    );
  });

  it("a NUL or another control character in a name or a history note, and a year the database cannot hold", async () => {
    const archive = swiss();
    archive.entrants[0]!.name = "Alice\u0000Archer";
    await expectRefused(archive, "entrants[0].name: A text holds the control character U+0000");
    const history = swiss();
    const [first] = liveMatches(history, 0);
    first!.match.changes[0]!.note = "x\u0007y";
    await expectRefused(
      history,
      `rounds[0].matches[${first!.index}].changes[0].note: A text holds the control character U+0007`,
    );
    await expectRefused(
      { ...swiss(), exportedAt: "0000-01-01T00:00:00.000Z" },
      "exportedAt: A time is in the years 1970 to 9999.",
    );
  });

  it("history nested 5,000 levels deep is refused before the schema reads it", async () => {
    const archive = swiss();
    let deep: unknown = "entrant:1";
    for (let level = 0; level < 5_000; level++) deep = [deep];
    const [first] = liveMatches(archive, 0);
    first!.match.changes[0]!.after = deep as never;
    await expectRefused(
      archive,
      `rounds[0].matches[${first!.index}].changes[0].after[0][0]`,
      "nested deeper than 64 levels",
    );
  });

  it("MTR 2.4: a match whose end-of-match steps the match page cannot read is refused after writing, and nothing stays", async () => {
    const archive = swiss();
    const [first] = liveMatches(archive, 1).filter(
      ({ match }) => match.endOfMatch.length === 0 && match.games.length === 0,
    );
    first!.match.endOfMatch = [
      {
        sequence: 1,
        kind: "LIFE_TOTALS",
        data: "nonsense",
        staff: null,
        createdAt: "2026-11-27T12:00:00.000Z",
      },
    ];
    await expectRefused(archive, `rounds[1].matches[${first!.index}]: `, "time has been called");
  });

  it("a blank or invisible tournament name, and messages without doubled stops or repeated entries", async () => {
    await expectRefused(
      { ...swiss(), tournament: { ...swiss().tournament, name: "   " } },
      "tournament.name: Give the tournament a name.",
    );
    // A name of invisible characters only is refused by the form's own rule for names.
    await expectRefused(
      { ...swiss(), tournament: { ...swiss().tournament, name: " \u202e\u200b " } },
      "tournament.name: The name has invisible or control characters",
    );
    const archive = swiss();
    archive.rounds[0]!.matches[0]!.sideB = "staff:1";
    archive.rounds[0]!.matches[0]!.version = 1e20;
    const refused = await importTournamentArchive(archive, importer);
    expect(!refused.ok && refused.error.message).toContain(
      'rounds[0].matches[0].sideB: An entrant is named by its ref, "entrant:N".',
    );
    expect(!refused.ok && refused.error.message.match(/matches\[0\]\.version/g)).toHaveLength(1);
    const phase = swiss();
    phase.rounds[0]!.phase = 7;
    const noPhase = await importTournamentArchive(phase, importer);
    expect(!noPhase.ok && noPhase.error.message).toMatch(
      /rounds\[0\]\.phase: There is no phase 7\.$/,
    );
  });
});

describe("imports are limited per account and per server", () => {
  afterAll(() => resetImportLimits());

  it(`an account starts at most ${IMPORT_LIMITS.perAccount} imports in ${IMPORT_LIMITS.windowMinutes} minutes, and one runs at a time; the answer says when to try again`, () => {
    resetImportLimits();
    const now = Date.UTC(2026, 10, 27, 12);
    for (let index = 0; index < IMPORT_LIMITS.perAccount; index++)
      must(startImport("ada", now + index * 1000)).finish();
    const refused = startImport("ada", now + 60_000);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "RATE_LIMITED", message: expect.stringContaining("Try again in 9 minutes.") },
    });
    const other = must(startImport("ben", now + 60_000));
    expect(startImport("cy", now + 60_000)).toMatchObject({
      ok: false,
      error: {
        code: "RATE_LIMITED",
        message: "Another import is running on this server. Try again in a minute.",
      },
    });
    other.finish();
    other.finish();
    must(startImport("cy", now + 60_000)).finish();
    must(startImport("ada", now + IMPORT_LIMITS.windowMinutes * 60_000 + 1)).finish();
  });
});

describe("importing an archive twice", () => {
  it("gives two separate tournaments, each with its own new players, and the importer as organizer of each", async () => {
    const archive = JSON.parse(
      JSON.stringify(
        archives.find((candidate) => candidate.tournament.name.startsWith("Archive Entered"))!,
      ),
    ) as TournamentArchive;
    const externalId = `DCI-${randomUUID()}`;
    archive.entrants[0]!.externalId = externalId;
    const before = await prisma.tournament.count();
    const first = must(await importTournamentArchive(archive, importer));
    const second = must(await importTournamentArchive(archive, importer));
    expect(first.id).not.toBe(second.id);
    expect(await prisma.tournament.count()).toBe(before + 2);
    // An external id never links an import to a player already here: each import makes its own Player row.
    const entries = await prisma.registration.findMany({
      where: {
        tournamentId: { in: [first.id, second.id] },
        displayName: archive.entrants[0]!.name,
      },
      select: { playerId: true, player: { select: { name: true, externalId: true } } },
    });
    expect(entries).toHaveLength(2);
    expect(entries[0]!.playerId).not.toBe(entries[1]!.playerId);
    expect(entries.map((entry) => entry.player)).toEqual([
      { name: archive.entrants[0]!.name, externalId },
      { name: archive.entrants[0]!.name, externalId },
    ]);
    for (const id of [first.id, second.id])
      expect(
        await prisma.staffMember.count({
          where: { tournamentId: id, userId: importer.userId, role: "ORGANIZER" },
        }),
      ).toBe(1);
  });
});

describe("an imported archive is a copy, kept from the public until its organizer publishes it", () => {
  it("a published tournament's archive comes back unpublished and named as a copy; the original is untouched; the organizer publishes the copy", async () => {
    const archive = archives.find((candidate) => candidate.tournament.publishedAt !== null)!;
    expect(archive).toBeDefined();
    const original = await prisma.tournament.findUniqueOrThrow({
      where: { id: archive.source.tournamentId },
      select: { name: true, publishedAt: true },
    });
    const imported = must(
      await importTournamentArchive(JSON.parse(JSON.stringify(archive)), importer),
    );
    const copyOf = (id: string) =>
      prisma.tournament.findUniqueOrThrow({
        where: { id },
        select: { name: true, publishedAt: true },
      });
    expect(await copyOf(imported.id)).toEqual({
      name: `${archive.tournament.name} (imported)`,
      publishedAt: null,
    });
    expect(await copyOf(archive.source.tournamentId)).toEqual(original);
    expect(original.publishedAt).not.toBeNull();
    must(await setTournamentPublished(imported.id, true));
    expect((await copyOf(imported.id)).publishedAt).toBeInstanceOf(Date);
  });

  it("a name at the 100-character limit is shortened, never split inside a character, so the copy's name can still be saved in the settings", async () => {
    const archive = JSON.parse(
      JSON.stringify(
        archives.find((candidate) => candidate.tournament.name.startsWith("Archive Entered"))!,
      ),
    ) as TournamentArchive;
    archive.tournament.name = `${"Grand Prix ".repeat(7)}Las Vegas ${"🐉".repeat(6)}!`;
    expect(archive.tournament.name).toHaveLength(100);
    const imported = must(await importTournamentArchive(archive, importer));
    const { name } = await prisma.tournament.findUniqueOrThrow({
      where: { id: imported.id },
      select: { name: true },
    });
    expect(name).toBe(`${"Grand Prix ".repeat(7)}Las Vegas… (imported)`);
    expect(
      UpdateTournamentSettingsSchema.safeParse({
        tournamentId: imported.id,
        expectedVersion: 1,
        name,
      }).success,
    ).toBe(true);
  });
});

describe("an archive cannot reach what is not in it", () => {
  it("a team member whose external id is another organizer's player is a new player with the archive's name; the real player is untouched", async () => {
    const externalId = `DCI-${randomUUID()}`;
    const real = await prisma.player.create({ data: { name: "Rhea Real", externalId } });
    const archive = JSON.parse(
      JSON.stringify(
        archives.find((candidate) => candidate.tournament.teamFormat === "TWO_HEADED_GIANT")!,
      ),
    ) as TournamentArchive;
    archive.entrants[0]!.members[1]!.externalId = externalId;
    const imported = must(await importTournamentArchive(archive, importer));
    const seat = await prisma.teamMember.findFirstOrThrow({
      where: { registration: { tournamentId: imported.id }, seat: 1, player: { externalId } },
      select: { playerId: true, player: { select: { name: true } } },
    });
    expect(seat.playerId).not.toBe(real.id);
    expect(seat.player.name).toBe(archive.entrants[0]!.members[1]!.name);
    expect(
      await prisma.player.findUniqueOrThrow({
        where: { id: real.id },
        select: { name: true, _count: { select: { registrations: true, teamSeats: true } } },
      }),
    ).toEqual({ name: "Rhea Real", _count: { registrations: 0, teamSeats: 0 } });
    // The re-export names the member as the archive did, never the real player.
    const again = must(await exportTournamentArchive(imported.id)).archive;
    expect(again.entrants[0]!.members[1]).toEqual(archive.entrants[0]!.members[1]);
  });

  it("the importer gets an organizer seat of their own: the archive's organizer keeps their name, without the importer's account", async () => {
    const archive = archives.find((candidate) =>
      candidate.tournament.name.startsWith("Archive Entered"),
    )!;
    const imported = must(
      await importTournamentArchive(JSON.parse(JSON.stringify(archive)), importer),
    );
    const staff = await prisma.staffMember.findMany({
      where: { tournamentId: imported.id },
      orderBy: { createdAt: "asc" },
      select: { name: true, role: true, userId: true, email: true },
    });
    expect(staff).toEqual([
      ...archive.staff.map((member) => ({
        name: member.name,
        role: member.role,
        userId: null,
        email: "",
      })),
      { name: importer.name, role: "ORGANIZER", userId: importer.userId, email: importer.email },
    ]);
  });
});
