import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament, listTournamentsPage, setTournamentPublished } from "./tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { startPlayoff } from "@/lib/server/round/playoffs";
import {
  finishEvent,
  getEventStatus,
  getRoundTitle,
  getTournamentSettings,
  reopenEvent,
  updateTournamentSettings,
} from "./event-status";
import { createSignedInAccount } from "@/test/accounts";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { recordGame } from "@/lib/server/match/record-game";
import { recordDecidedResult } from "@/lib/server/match/record-result";
import { registerTeams } from "@/lib/server/registration/teams";
import { render } from "@/lib/messages/render";

afterAll(async () => {
  await prisma.$disconnect();
});

let keyCounter = 0;
const key = () => `event-status-${Date.now()}-${keyCounter++}`;

async function newEvent(
  players: number,
  plannedRounds?: number,
  name = `Status Open ${Math.random()}`,
) {
  const created = await createTournament({
    name,
    format: "Modern",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
    plannedRounds,
  });
  if (!created.ok) throw new Error(created.error.message);
  for (let index = 0; index < players; index++) {
    const registered = await registerPlayer({
      tournamentId: created.value.id,
      name: `Player ${index + 1}`,
    });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  return created.value.id;
}

/** Pairs the next round and reports every match 2-0 for side A. */
async function playRound(tournamentId: string) {
  const paired = await pairNextSwissRound(tournamentId, key());
  if (!paired.ok) throw new Error(paired.error.message);
  const round = await getRound(tournamentId, paired.value.roundNumber);
  for (const match of round!.matches.filter((candidate) => candidate.sideB !== null)) {
    const reported = await reportMatchResult(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: match.version,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Organizer" },
    );
    if (!reported.ok) throw new Error(reported.error.message);
  }
  return paired.value.roundNumber;
}

const olga = { staffId: null, name: "Olga Organizer" };
const sam = { staffId: null, name: "Sam Scorekeeper" };

async function statusHistory(tournamentId: string) {
  return prisma.eventStatusChange.findMany({
    where: { tournamentId },
    orderBy: { createdAt: "asc" },
    select: { kind: true, before: true, after: true, actorName: true },
  });
}

async function settingsOf(tournamentId: string) {
  const view = await getTournamentSettings(tournamentId);
  if (!view) throw new Error("no settings");
  return view;
}

describe("the event's course", () => {
  it("MTR Appendix E: a Swiss-only event pairs its planned rounds, refuses one more, and finishes with final standings", async () => {
    const id = await newEvent(6, 2);
    expect((await getEventStatus(id))?.step).toMatchObject({ kind: "PAIR_ROUND", round: 1 });
    await pairNextSwissRound(id, key());
    // Round 1 has matches without a result: neither the next round nor the end is offered.
    const waiting = await getEventStatus(id);
    expect(waiting?.step).toMatchObject({ kind: "ENTER_RESULTS", round: 1, offered: [] });
    expect(waiting?.step.notOffered.find((entry) => entry.action === "finish")?.reason).toBe(
      "Round 1 has 3 matches without a result.",
    );
    expect(await finishEvent(id, olga)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: "Round 1 has 3 matches without a result." },
    });
    // Entered as staff enter results: final at once (MTR 2.5), so only the planned-rounds rule speaks below.
    await prisma.match.updateMany({
      where: { round: { tournamentId: id, number: 1 }, winsA: null },
      data: { winsA: 2, winsB: 0, draws: 0, confirmedAt: new Date() },
    });
    // Before the last round the event cannot end and the playoff cannot start.
    expect(await finishEvent(id, olga)).toMatchObject({
      ok: false,
      error: {
        code: "CONFLICT",
        message: "Round 1 of 2 is complete: the Swiss ends after round 2.",
      },
    });
    expect(await startPlayoff({ tournamentId: id, cutSize: 4, gamesToWin: 2 })).toMatchObject({
      ok: false,
      error: { code: "CONFLICT" },
    });
    await playRound(id);
    expect(await pairNextSwissRound(id, key())).toMatchObject({
      ok: false,
      error: {
        code: "CONFLICT",
        message:
          "All 2 planned Swiss rounds are played. To add a round, raise the number of Swiss rounds in the settings first.",
      },
    });
    expect((await getEventStatus(id))?.step).toMatchObject({
      kind: "END_SWISS",
      offered: ["playoff", "finish"],
    });
    expect(await finishEvent(id, olga)).toEqual({ ok: true, value: { status: "COMPLETE" } });
    expect((await prisma.tournament.findUniqueOrThrow({ where: { id } })).status).toBe("COMPLETE");
    expect((await getEventStatus(id))?.step.kind).toBe("COMPLETE");
    // MTR 2.10: nothing is left to do once the event is complete.
    expect(await pairNextSwissRound(id, key())).toMatchObject({
      ok: false,
      error: { code: "EVENT_COMPLETE" },
    });
    expect(await startPlayoff({ tournamentId: id, cutSize: 4, gamesToWin: 2 })).toMatchObject({
      ok: false,
      error: { code: "EVENT_COMPLETE" },
    });
    expect(await finishEvent(id, olga)).toMatchObject({
      ok: false,
      error: { code: "EVENT_COMPLETE" },
    });
  });

  it("MTR 2.5: a match only its games decided is not a result in: the overview asks to record it, not to pair the next round", async () => {
    const id = await newEvent(2, 3);
    await pairNextSwissRound(id, key());
    const match = (await getRound(id, 1))!.matches.find((candidate) => candidate.sideB !== null)!;
    for (const [winner, chooser] of [
      ["A", "A"],
      ["A", "B"],
    ] as const) {
      const version = (
        await prisma.match.findUniqueOrThrow({ where: { id: match.id }, select: { version: true } })
      ).version;
      const recorded = await recordGame(
        {
          matchId: match.id,
          expectedVersion: version,
          idempotencyKey: key(),
          chooser,
          choice: "PLAY",
          reason: "LIFE",
          winner,
          note: "",
        },
        { name: "Judge" },
        { mayOverrideChooser: true },
      );
      if (!recorded.ok) throw new Error(recorded.error.message);
    }
    const decided = await getEventStatus(id);
    expect(decided?.step).toMatchObject({
      kind: "ENTER_RESULTS",
      round: 1,
      offered: [],
      headline: "Round 1: record results",
      detail: "Round 1 has 1 match decided but not recorded: record its result.",
    });
    expect(await pairNextSwissRound(id, key())).toMatchObject({ ok: false });
    const version = (
      await prisma.match.findUniqueOrThrow({ where: { id: match.id }, select: { version: true } })
    ).version;
    expect(
      await recordDecidedResult(
        { matchId: match.id, expectedVersion: version, idempotencyKey: key() },
        { name: "Judge" },
      ),
    ).toMatchObject({ ok: true });
    expect((await getEventStatus(id))?.step).toMatchObject({
      kind: "PAIR_ROUND",
      round: 2,
      offered: ["pair"],
    });
  });

  it("MTR 2.1: playoff rounds are named by their place in the bracket", async () => {
    const id = await newEvent(8, 1);
    await playRound(id);
    expect(await startPlayoff({ tournamentId: id, cutSize: 8, gamesToWin: 2 })).toMatchObject({
      ok: true,
      value: { roundNumber: 2 },
    });
    expect(await getRoundTitle(trustedTournamentAccess(id), 1)).toBe("Round 1");
    expect(await getRoundTitle(trustedTournamentAccess(id), 2)).toBe("Quarterfinals");
    expect(await getRoundTitle(trustedTournamentAccess(id), 9)).toBeNull();
    expect((await getEventStatus(id))?.step).toMatchObject({
      kind: "PLAYOFF",
      headline: "Quarterfinals: enter results",
    });
  });
});

describe("editing settings", () => {
  it("MTR 2.1: before round 1 starts every setting may change; saved values are read back", async () => {
    const id = await newEvent(4, 3);
    const before = await settingsOf(id);
    expect(before.locks).toEqual({});
    const saved = await updateTournamentSettings({
      tournamentId: id,
      expectedVersion: before.version,
      name: "Renamed Open",
      gamesToWin: 1,
      roundMinutes: 30,
      plannedRounds: 2,
      plannedCut: 4,
      percentageFloor: 0,
      byeCountsInOwnPercentages: false,
      deckFormat: "modern",
      decklistDeadline: Date.UTC(2026, 11, 5, 8, 30),
      decklistPublication: "TOP_CUT",
    });
    expect(saved).toEqual({
      ok: true,
      value: {
        changed: [
          "name",
          "gamesToWin",
          "roundMinutes",
          "plannedRounds",
          "plannedCut",
          "percentageFloor",
          "byeCountsInOwnPercentages",
          "deckFormat",
          "decklistDeadline",
          "decklistPublication",
        ],
      },
    });
    const after = await settingsOf(id);
    expect(after.settings).toEqual({
      name: "Renamed Open",
      format: "Modern",
      gamesToWin: 1,
      roundMinutes: 30,
      plannedRounds: 2,
      plannedCut: 4,
      percentageFloor: 0,
      byeCountsInOwnPercentages: false,
      deckFormat: "modern",
      decklistDeadline: Date.UTC(2026, 11, 5, 8, 30),
      decklistPublication: "TOP_CUT",
    });
    expect(after.version).toBeGreaterThan(before.version);
  });

  it("MTR 2.1: changing best-of while round 1 is paired makes every result form opened before it stale (the match versions move)", async () => {
    const id = await newEvent(4, 3);
    const paired = await pairNextSwissRound(id, key());
    if (!paired.ok) throw new Error(paired.error.message);
    const [match] = (await getRound(id, 1))!.matches.filter(
      (candidate) => candidate.sideB !== null,
    );
    const view = await settingsOf(id);
    expect(
      await updateTournamentSettings({
        tournamentId: id,
        expectedVersion: view.version,
        gamesToWin: 1,
      }),
    ).toEqual({ ok: true, value: { changed: ["gamesToWin"] } });
    // A form shown for best-of-three: its slip (1-0, also a best-of-one result) was checked against a length that changed.
    const stale = await reportMatchResult(
      {
        matchId: match!.id,
        winsA: 1,
        winsB: 0,
        draws: 0,
        expectedVersion: match!.version,
        idempotencyKey: key(),
        intentionalDraw: false,
        confirmUnusual: true,
        note: "",
      },
      { source: "STAFF", name: "Organizer" },
    );
    expect(stale).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: match!.id },
        select: { winsA: true, version: true },
      }),
    ).toEqual({ winsA: null, version: match!.version + 1 });
  });

  it("MTR 2.1, 3.1: once round 1 has a result best-of and the tiebreakers are refused, naming the field; the rounds may still rise", async () => {
    const id = await newEvent(4, 3);
    await playRound(id);
    const view = await settingsOf(id);
    expect(Object.keys(view.locks).sort()).toEqual([
      "byeCountsInOwnPercentages",
      "deckFormat",
      "gamesToWin",
      "percentageFloor",
    ]);
    const refused = await updateTournamentSettings({
      tournamentId: id,
      expectedVersion: view.version,
      gamesToWin: 3,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        fieldErrors: { gamesToWin: [expect.stringContaining("Round 1 has started")] },
      },
    });
    expect((await settingsOf(id)).settings.gamesToWin).toBe(2);
    expect(
      await updateTournamentSettings({
        tournamentId: id,
        expectedVersion: view.version,
        plannedRounds: 5,
      }),
    ).toEqual({ ok: true, value: { changed: ["plannedRounds"] } });
  });

  it("MTR Appendix E: the Swiss rounds cannot go below the rounds already paired", async () => {
    const id = await newEvent(4, 3);
    await playRound(id);
    await playRound(id);
    const view = await settingsOf(id);
    expect(
      await updateTournamentSettings({
        tournamentId: id,
        expectedVersion: view.version,
        plannedRounds: 1,
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        fieldErrors: {
          plannedRounds: [
            "2 Swiss rounds are already paired: the number of Swiss rounds cannot be lower than 2.",
          ],
        },
      },
    });
    expect((await settingsOf(id)).settings.plannedRounds).toBe(3);
  });

  it("a form shown before someone else's change is refused as a conflict; the same submission replayed is answered, not refused", async () => {
    const id = await newEvent(2);
    const shown = await settingsOf(id);
    const first = { tournamentId: id, expectedVersion: shown.version, name: "First edit" };
    expect(await updateTournamentSettings(first)).toEqual({
      ok: true,
      value: { changed: ["name"] },
    });
    // Replayed (a double click, a retried request): what it asks for is already saved.
    expect(await updateTournamentSettings(first)).toEqual({ ok: true, value: { changed: [] } });
    expect(
      await updateTournamentSettings({
        tournamentId: id,
        expectedVersion: shown.version,
        name: "Second edit",
      }),
    ).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect((await settingsOf(id)).settings.name).toBe("First edit");
  });

  it("MTR 2.10: a complete event's settings that decide results are final; its name and format stay editable", async () => {
    const id = await newEvent(2, 1);
    await playRound(id);
    expect(await finishEvent(id, olga)).toMatchObject({ ok: true });
    const view = await settingsOf(id);
    expect(view.locks.name).toBeUndefined();
    expect(view.locks.format).toBeUndefined();
    expect(view.locks.plannedRounds).toBe("The event is complete: its results are final.");
    expect(
      await updateTournamentSettings({
        tournamentId: id,
        expectedVersion: view.version,
        plannedRounds: 2,
      }),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    // A typo in the name is found after the event: fixed without reopening it.
    expect(
      await updateTournamentSettings({
        tournamentId: id,
        expectedVersion: view.version,
        name: "Status Open (typo fixed)",
        format: "Pauper",
      }),
    ).toEqual({ ok: true, value: { changed: ["name", "format"] } });
    const after = await prisma.tournament.findUniqueOrThrow({ where: { id } });
    expect([after.name, after.format, after.status]).toEqual([
      "Status Open (typo fixed)",
      "Pauper",
      "COMPLETE",
    ]);
  });
});

describe("finishing and reopening the event", () => {
  it("MTR Appendix E: a finished Swiss-only event reopens to where it was: the playoff and the finish are offered again; both are in the history", async () => {
    const id = await newEvent(4, 1);
    await playRound(id);
    expect(await finishEvent(id, olga)).toEqual({ ok: true, value: { status: "COMPLETE" } });
    expect(await reopenEvent(id, sam)).toEqual({ ok: true, value: { status: "RUNNING" } });
    expect((await prisma.tournament.findUniqueOrThrow({ where: { id } })).status).toBe("RUNNING");
    expect((await getEventStatus(id))?.step).toMatchObject({
      kind: "END_SWISS",
      offered: ["playoff", "finish"],
    });
    // The same request again (a double click, a retry) finds the event open: answered, nothing added.
    expect(await reopenEvent(id, sam)).toEqual({ ok: true, value: { status: "RUNNING" } });
    expect(await statusHistory(id)).toEqual([
      { kind: "FINISHED", before: "RUNNING", after: "COMPLETE", actorName: "Olga Organizer" },
      { kind: "REOPENED", before: "COMPLETE", after: "RUNNING", actorName: "Sam Scorekeeper" },
    ]);
    // Reopened, the playoff may start as it could before the finish.
    expect(await startPlayoff({ tournamentId: id, cutSize: 4, gamesToWin: 2 })).toMatchObject({
      ok: true,
    });
  });

  it("an event that is not finished is not reopened, and nothing is written", async () => {
    const id = await newEvent(2, 2);
    for (const expected of ["REGISTRATION", "RUNNING"]) {
      expect(await reopenEvent(id, sam)).toEqual({
        ok: false,
        error: {
          code: "CONFLICT",
          message: "The event is not finished: there is nothing to reopen.",
        },
      });
      expect((await prisma.tournament.findUniqueOrThrow({ where: { id } })).status).toBe(expected);
      await playRound(id);
    }
    expect(await statusHistory(id)).toEqual([]);
  });

  it("MTR 2.1: an event its playoff's Final ended is not reopened: the Final's result is corrected instead", async () => {
    const id = await newEvent(4, 1);
    await playRound(id);
    expect(await startPlayoff({ tournamentId: id, cutSize: 4, gamesToWin: 2 })).toMatchObject({
      ok: true,
    });
    // As the playoff leaves it once the Final has a result.
    await prisma.tournament.update({ where: { id }, data: { status: "COMPLETE" } });
    expect(await reopenEvent(id, sam)).toEqual({
      ok: false,
      error: {
        code: "CONFLICT",
        message:
          "The playoff's Final ended this event: to change how it ended, correct the Final's result.",
      },
    });
    expect((await prisma.tournament.findUniqueOrThrow({ where: { id } })).status).toBe("COMPLETE");
    expect(await statusHistory(id)).toEqual([]);
  });

  it("an event imported from its published results is not reopened: they are final as published", async () => {
    const id = await newEvent(2, 1);
    await playRound(id);
    await prisma.tournament.update({
      where: { id },
      data: { status: "COMPLETE", importedFrom: { source: "melee.gg", standings: [] } },
    });
    expect(await reopenEvent(id, sam)).toMatchObject({
      ok: false,
      error: {
        code: "CONFLICT",
        message:
          "This event was imported from its published results: they stay final as published.",
      },
    });
    expect((await getEventStatus(id))?.reopen.isAllowed).toBe(false);
  });

  it("the overview says whether the finished event may reopen, and why", async () => {
    const id = await newEvent(2, 1);
    expect((await getEventStatus(id))?.reopen).toEqual({
      isAllowed: false,
      reason: "The event is not finished: there is nothing to reopen.",
    });
    await playRound(id);
    await finishEvent(id, olga);
    expect((await getEventStatus(id))?.reopen).toEqual({
      isAllowed: true,
      reason:
        "Nothing builds on the final standings yet (no prizes, ratings or series are recorded here): the event may reopen.",
    });
  });
});

describe("the tournament list", () => {
  it("is searched by name in the database, case-insensitively, and paged newest first", async () => {
    const owner = await createSignedInAccount("List Owner");
    const stamp = Date.now();
    for (let index = 1; index <= 25; index++) {
      const created = await createTournament(
        {
          name: `${index % 5 === 0 ? "Modern" : "Pauper"} Night ${stamp}-${index}`,
          format: "",
          gamesToWin: 2,
          roundMinutes: 50,
          teamSize: 1,
        },
        owner,
      );
      if (!created.ok) throw new Error(created.error.message);
      if (index <= 3) await setTournamentPublished(created.value.id, true);
    }
    // The stamp keeps out tournaments made by other tests (a first account adopts ownerless ones).
    const first = await listTournamentsPage(
      { userId: owner.userId },
      { q: String(stamp), page: 1, pageSize: 10 },
    );
    expect(first).toMatchObject({
      total: 25,
      page: 1,
      pageCount: 3,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    // Newest first.
    const times = first.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const last = await listTournamentsPage(
      { userId: owner.userId },
      { q: String(stamp), page: 9, pageSize: 10, clampToLastPage: true },
    );
    expect(last).toMatchObject({ page: 3, hasNextPage: false });
    expect(last.rows).toHaveLength(5);
    const modern = await listTournamentsPage(
      { userId: owner.userId },
      { q: `  modern night ${stamp}  `, page: 1, pageSize: 10 },
    );
    expect(modern.total).toBe(5);
    expect(modern.rows.every((row) => row.name.startsWith("Modern"))).toBe(true);
    // Someone else's tournaments are not in this account's list; without an account only published ones are.
    const other = await createSignedInAccount("Other Owner");
    expect(
      (
        await listTournamentsPage(
          { userId: other.userId },
          { q: String(stamp), page: 1, pageSize: 10 },
        )
      ).total,
    ).toBe(0);
    expect(
      (await listTournamentsPage("published", { q: String(stamp), page: 1, pageSize: 10 })).total,
    ).toBe(3);
  });

  it("MTR 2.1, 8.2: each row counts Swiss rounds and the playoff apart, and a team event's teams", async () => {
    const owner = await createSignedInAccount("List Rounds");
    const stamp = `Rounds ${Date.now()}`;
    const created = await createTournament(
      { name: `${stamp} Open`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
      owner,
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    for (const name of ["Ana", "Ben", "Cal", "Dee", "Eve"])
      await registerPlayer({ tournamentId, name });
    await playRound(tournamentId);
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    const trios = await createTournament(
      {
        name: `${stamp} Trios`,
        format: "",
        gamesToWin: 2,
        roundMinutes: 50,
        teamSize: 3,
        teamFormat: "TEAM_MATCHES",
      },
      owner,
    );
    if (!trios.ok) throw new Error(trios.error.message);
    const teams = await registerTeams({
      tournamentId: trios.value.id,
      teams: ["Red: Al, Bo, Cy", "Blue: Di, Ed, Fi"].join("\n"),
    });
    if (!teams.ok) throw new Error(teams.error.message);
    const list = await listTournamentsPage(
      { userId: owner.userId },
      { q: stamp, page: 1, pageSize: 10 },
    );
    const summaryOf = (name: string) =>
      list.rows.find((row) => row.name === name)?.summary.map((part) => render(part));
    expect(summaryOf(`${stamp} Open`)).toEqual(["5 players", "1 Swiss round", "top 4"]);
    expect(summaryOf(`${stamp} Trios`)).toEqual(["2 teams"]);
  });
});
