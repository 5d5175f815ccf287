import { getMyFinalStanding } from "@/lib/server/standings/player-outlook";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { PodQuickEntrySchema } from "@/lib/schemas/pod";
import {
  getPlayerPod,
  getPodCut,
  getPodRound,
  getPodStandings,
  getPodStandingsPage,
  pairNextPodRound,
} from "./pods";
import {
  correctPodResult,
  enterPodQuickResult,
  recordPodFact,
  recordPodOutcome,
  recordPodResult,
} from "./pod-commands";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { getStandingsPage } from "@/lib/server/standings/standings";
import { listPairingsForApi } from "@/lib/server/api/api-reads";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { pairNextSwissRound } from "@/lib/server/round/rounds";
import { getEventStatus, getRoundTitle } from "@/lib/server/tournament/event-status";
import { getPairingsByName } from "@/lib/server/round/pairings-by-name";
import { getRoundClock } from "@/lib/server/match/time-extensions";

afterAll(async () => {
  await prisma.$disconnect();
});

async function podEvent(players: number, settings: Record<string, string> = {}) {
  const created = await createTournament(
    CreateTournamentSchema.parse({
      name: `Pods ${randomUUID()}`,
      format: "Commander",
      structure: "PODS",
      ...settings,
    }),
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  const names = Array.from(
    { length: players },
    (_, index) => `Player ${String(index + 1).padStart(2, "0")}`,
  );
  const registered = await registerPlayers({ tournamentId, names: names.join("\n") });
  if (!registered.ok) throw new Error(registered.error.message);
  return tournamentId;
}

const staff = { name: "Scorekeeper" };

/** Records a win for the pod's seat `seat` (1-based) as staff enter a finished pod. */
async function win(
  tournamentId: string,
  pod: { id: string; version: number; seats: { seat: number; registrationId: string }[] },
  seat: number,
) {
  const player = pod.seats.find((candidate) => candidate.seat === seat)!.registrationId;
  const recorded = await recordPodFact(
    {
      tournamentId,
      podId: pod.id,
      expectedVersion: pod.version,
      idempotencyKey: randomUUID(),
      fact: { type: "won", player },
      record: true,
    },
    staff,
  );
  if (!recorded.ok) throw new Error(recorded.error.message);
  return recorded.value;
}

describe("pod events (CR 100.6a, community tournament addenda)", () => {
  it("CR 100.6a: 13 players are seated in three pods of 3 and one of 4, each seat once, seat 1 first", async () => {
    const tournamentId = await podEvent(13);
    expect(
      await prisma.tournament.findUniqueOrThrow({
        where: { id: tournamentId },
        select: { structure: true, podSize: true, podPointsWin: true, podAdditionalTurns: true },
      }),
    ).toEqual({ structure: "PODS", podSize: 4, podPointsWin: 5, podAdditionalTurns: null });
    expect(await pairNextPodRound(tournamentId, "thirteen")).toMatchObject({
      ok: true,
      value: { roundNumber: 1, pods: 4, bye: null },
    });
    const round = (await getPodRound(tournamentId, 1))!;
    expect(round.pods.map((pod) => pod.seats.length).sort()).toEqual([3, 3, 3, 4]);
    expect(
      new Set(round.pods.flatMap((pod) => pod.seats.map((seat) => seat.registrationId))).size,
    ).toBe(13);
    expect(
      round.pods.every(
        (pod) =>
          pod.seats.map((seat) => seat.seat).join() ===
          Array.from({ length: pod.seats.length }, (_, i) => i + 1).join(),
      ),
    ).toBe(true);
    expect(round.pods.every((pod) => pod.game?.phase === "playing")).toBe(true);
  });

  it("a round is paired only once every pod of the last one is recorded; winners score 5, losers 0 (the addenda's default)", async () => {
    const tournamentId = await podEvent(8);
    await pairNextPodRound(tournamentId, "eight");
    const [first, second] = (await getPodRound(tournamentId, 1))!.pods;
    await win(tournamentId, first!, 1);
    // Standings are published after whole rounds: nobody has points while pod 2 plays on.
    const partial = await getPodStandings(tournamentId);
    expect(partial.ok && partial.value.every((row) => row.points === 0)).toBe(true);
    expect(await pairNextPodRound(tournamentId, "too-soon")).toMatchObject({
      ok: false,
      error: {
        code: "ROUND_NOT_COMPLETE",
        message: "Round 1 still has 1 pod without a recorded result (table 2).",
      },
    });
    await win(tournamentId, second!, 3);
    const standings = await getPodStandings(tournamentId);
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.filter((row) => row.points === 5)).toHaveLength(2);
    expect(standings.value.filter((row) => row.points === 0)).toHaveLength(6);
    expect(await pairNextPodRound(tournamentId, "round-two")).toMatchObject({
      ok: true,
      value: { roundNumber: 2 },
    });
    // The two winners (5 points) sit together in round 2, with the best-placed others.
    const round2 = (await getPodRound(tournamentId, 2))!.pods;
    const winners = standings.value.filter((row) => row.points === 5).map((row) => row.playerId);
    expect(
      round2.some((pod) =>
        winners.every((winner) => pod.seats.some((seat) => seat.registrationId === winner)),
      ),
    ).toBe(true);
  });

  it("CR 104.3a, 104.4a, 104.4i: facts are checked against the game so far; a stale version, a replay and a recorded pod are each answered plainly", async () => {
    const tournamentId = await podEvent(4, { podSize: "4" });
    await pairNextPodRound(tournamentId, "facts");
    const [pod] = (await getPodRound(tournamentId, 1))!.pods;
    const [a, b, c, d] = pod!.seats.map((seat) => seat.registrationId) as [
      string,
      string,
      string,
      string,
    ];
    const key = randomUUID();
    const conceded = await recordPodFact(
      {
        tournamentId,
        podId: pod!.id,
        expectedVersion: 0,
        idempotencyKey: key,
        fact: { type: "left", departures: [{ player: b, reason: "CONCESSION" }] },
      },
      staff,
    );
    expect(conceded).toMatchObject({
      ok: true,
      value: { version: 1, game: { phase: "playing", remaining: [a, c, d] } },
    });
    expect(
      await recordPodFact(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 0,
          idempotencyKey: key,
          fact: { type: "left", departures: [{ player: b, reason: "CONCESSION" }] },
        },
        staff,
      ),
    ).toMatchObject({ ok: true, value: { isDuplicate: true, version: 1 } });
    expect(
      await recordPodFact(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 0,
          idempotencyKey: randomUUID(),
          fact: { type: "won", player: a },
        },
        staff,
      ),
    ).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    const name = (id: string) => pod!.seats.find((seat) => seat.registrationId === id)!.name;
    expect(
      await recordPodFact(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 1,
          idempotencyKey: randomUUID(),
          fact: { type: "draw", reason: "DRAW_INTENTIONAL", agreedBy: [a, c] },
        },
        staff,
      ),
    ).toMatchObject({
      ok: false,
      error: {
        code: "INVALID_RESULT",
        message: `An agreed draw needs every player still in the game to agree; ${name(d)} did not.`,
      },
    });
    expect(
      await recordPodFact(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 1,
          idempotencyKey: randomUUID(),
          fact: { type: "draw", reason: "DRAW_INTENTIONAL", agreedBy: [a, c, d] },
        },
        staff,
      ),
    ).toMatchObject({ ok: true, value: { game: { phase: "decided" } } });
    expect(
      await recordPodResult({
        tournamentId,
        podId: pod!.id,
        expectedVersion: 2,
        idempotencyKey: randomUUID(),
      }),
    ).toMatchObject({ ok: true, value: { version: 3 } });
    expect(
      await recordPodFact(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 3,
          idempotencyKey: randomUUID(),
          fact: { type: "won", player: a },
        },
        staff,
      ),
    ).toMatchObject({ ok: false, error: { code: "MATCH_CONFIRMED" } });
    const standings = await getPodStandings(tournamentId);
    if (!standings.ok) throw new Error(standings.error.message);
    // 104.4i: the three who agreed draw (1 point each); the player who conceded lost.
    expect(Object.fromEntries(standings.value.map((row) => [row.playerId, row.points]))).toEqual({
      [a]: 1,
      [b]: 0,
      [c]: 1,
      [d]: 1,
    });
    expect(await prisma.podEvent.count({ where: { podId: pod!.id } })).toBe(2);
  });

  it("the overview's next step waits for the pods' results, pairs the next round through the pod pairer, and offers the top cut", async () => {
    const tournamentId = await podEvent(6);
    expect(await pairNextSwissRound(tournamentId, "via-overview")).toMatchObject({
      ok: true,
      value: { roundNumber: 1 },
    });
    expect(await prisma.pod.count({ where: { round: { tournamentId } } })).toBe(2);
    expect((await getEventStatus(tournamentId))!.step).toMatchObject({
      kind: "ENTER_RESULTS",
      headline: "Round 1: enter results",
    });
    for (const pod of (await getPodRound(tournamentId, 1))!.pods) await win(tournamentId, pod, 2);
    const status = (await getEventStatus(tournamentId))!;
    expect(status.step).toMatchObject({ kind: "PAIR_ROUND", headline: "Pair round 2" });
    expect(status.step.offered).toEqual(["pair", "playoff", "finish"]);
    expect(status.isPodEvent).toBe(true);
  });

  it("CR 100.6a: the recorded outcome entered again is already recorded; another outcome is refused", async () => {
    const tournamentId = await podEvent(4);
    await pairNextPodRound(tournamentId, "again");
    const [pod] = (await getPodRound(tournamentId, 1))!.pods;
    const winnerId = pod!.seats[1]!.registrationId;
    const enter = (outcome: Parameters<typeof recordPodOutcome>[0]["outcome"], version: number) =>
      recordPodOutcome(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: version,
          idempotencyKey: randomUUID(),
          outcome,
        },
        staff,
      );
    const first = await enter({ kind: "win", winnerId }, 0);
    if (!first.ok) throw new Error(first.error.message);
    expect(await enter({ kind: "win", winnerId }, first.value.version)).toMatchObject({
      ok: true,
      value: { isDuplicate: true, version: first.value.version },
    });
    expect(await enter({ kind: "agreed-draw" }, first.value.version)).toMatchObject({
      ok: false,
      error: { code: "MATCH_CONFIRMED" },
    });
  });

  it("community addenda: a draw at time runs the event's end of round (the active player finishes the turn, or N additional turns); staff outcomes are recorded at once", async () => {
    for (const [settings, turnsCounted] of [
      [{}, 1],
      [{ podAdditionalTurns: "2" }, 3],
    ] as const) {
      const tournamentId = await podEvent(3, { podSize: "3", ...settings });
      await pairNextPodRound(tournamentId, "time");
      const [pod] = (await getPodRound(tournamentId, 1))!.pods;
      const drawn = await recordPodOutcome(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 0,
          idempotencyKey: randomUUID(),
          outcome: { kind: "draw-at-time" },
        },
        staff,
      );
      expect(drawn).toMatchObject({
        ok: true,
        value: {
          game: { phase: "recorded", result: { winner: null, reason: "DRAW_UNFINISHED_AT_TIME" } },
        },
      });
      expect(
        await prisma.podEvent.count({
          where: { podId: pod!.id, data: { equals: { type: "turn-ended" } } },
        }),
      ).toBe(turnsCounted);
    }
    const tournamentId = await podEvent(4);
    await pairNextPodRound(tournamentId, "outcomes");
    const [pod] = (await getPodRound(tournamentId, 1))!.pods;
    expect(
      await recordPodOutcome(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 0,
          idempotencyKey: randomUUID(),
          outcome: { kind: "win", winnerId: "not-in-this-pod" },
        },
        staff,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("is not in this pod") },
    });
    expect(
      await recordPodOutcome(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 0,
          idempotencyKey: randomUUID(),
          outcome: { kind: "agreed-draw" },
        },
        staff,
      ),
    ).toMatchObject({
      ok: true,
      value: { game: { phase: "recorded", result: { rule: "104.4i" } } },
    });
  });

  it("CR 100.6a: pairings by name list each player's pod, seat and pod-mates, and their result once recorded", async () => {
    const tournamentId = await podEvent(7);
    await pairNextPodRound(tournamentId, "by-name");
    const before = await getPairingsByName(tournamentId);
    expect(before!.rows).toHaveLength(7);
    const first = before!.rows[0]!;
    expect(first).toMatchObject({
      name: "Player 01",
      podSeat: expect.any(Number),
      opponent: expect.stringMatching(/^Player \d\d(, Player \d\d)* and Player \d\d$/),
      result: null,
    });
    const pod = (await getPodRound(tournamentId, 1))!.pods.find(
      (candidate) => candidate.tableNumber === first.table,
    )!;
    await win(tournamentId, pod, first.podSeat!);
    const after = await getPairingsByName(tournamentId);
    expect(after!.rows.find((row) => row.name === "Player 01")!.result).toBe("won");
  });

  it("CR 100.6a: a player's phone finds their pod in the latest round, their seat and their pod-mates", async () => {
    const tournamentId = await podEvent(5);
    await pairNextPodRound(tournamentId, "phone");
    const [pod] = (await getPodRound(tournamentId, 1))!.pods;
    const me = pod!.seats[1]!;
    const mine = await getPlayerPod({ registrationId: me.registrationId, tournamentId });
    expect(mine).toMatchObject({ id: pod!.id, mySeat: 2, roundNumber: 1, isRecorded: false });
    expect(mine!.seats.map((seat) => seat.name)).toEqual(pod!.seats.map((seat) => seat.name));
    const twoPlayer = await createTournament(
      CreateTournamentSchema.parse({ name: `Two-player ${randomUUID()}` }),
    );
    expect(
      await getPlayerPod({
        registrationId: me.registrationId,
        tournamentId: twoPlayer.ok ? twoPlayer.value.id : "",
      }),
    ).toBeNull();
  });

  it("quick entry: '2 win 3' records seat 3's win of pod 2; a seat or pod that does not exist is named in the refusal", async () => {
    const tournamentId = await podEvent(7);
    await pairNextPodRound(tournamentId, "quick");
    const pods = (await getPodRound(tournamentId, 1))!.pods;
    const entry = (text: string) => {
      const parsed = PodQuickEntrySchema.safeParse({
        tournamentId,
        roundNumber: "1",
        entry: text,
        idempotencyKey: randomUUID(),
      });
      if (!parsed.success) throw new Error(parsed.error.message);
      return parsed.data;
    };
    const seatThree = pods[1]!.seats.find((seat) => seat.seat === 3)!;
    expect(await enterPodQuickResult(entry("2 win 3"), staff)).toMatchObject({
      ok: true,
      value: { pod: 2, summary: `${seatThree.name} won` },
    });
    expect((await getPodRound(tournamentId, 1))!.pods[1]).toMatchObject({
      isRecorded: true,
      game: { result: { winner: seatThree.registrationId } },
    });
    const three = pods.find((pod) => pod.seats.length === 3)!;
    expect(await enterPodQuickResult(entry(`${three.tableNumber} win 4`), staff)).toMatchObject({
      ok: false,
      error: { message: `Pod ${three.tableNumber} has seats 1 to 3; there is no seat 4.` },
    });
    expect(await enterPodQuickResult(entry("9 draw"), staff)).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND", message: "Round 1 has no pod 9 (its pods are 1 to 2)." },
    });
    expect(await enterPodQuickResult(entry("2 draw"), staff)).toMatchObject({
      ok: false,
      error: { code: "MATCH_CONFIRMED" },
    });
  });

  it("a pod event's settings are checked when it is created, and two-player tournaments refuse pod pairing", async () => {
    expect(
      CreateTournamentSchema.safeParse({ name: "Bad pods", structure: "PODS", podSize: "5" }),
    ).toMatchObject({ success: false });
    expect(
      CreateTournamentSchema.safeParse({
        name: "Bad points",
        structure: "PODS",
        podPointsWin: "1",
        podPointsDraw: "1",
      }),
    ).toMatchObject({ success: false });
    const created = await createTournament(
      CreateTournamentSchema.parse({ name: `Two-player ${randomUUID()}` }),
    );
    if (!created.ok) throw new Error(created.error.message);
    expect(await pairNextPodRound(created.value.id)).toMatchObject({
      ok: false,
      error: { message: "This tournament plays two-player matches, not pods." },
    });
  });
});

describe("penalties in a pod (IPG 1.2, CR 104.3k)", () => {
  it("a Game Loss removes one player and the others play on; a Match Loss removes another; the last player in wins (104.2a)", async () => {
    const tournamentId = await podEvent(3, { podSize: "3" });
    await pairNextPodRound(tournamentId, "penalties");
    const [pod] = (await getPodRound(tournamentId, 1))!.pods;
    const [a, b, c] = pod!.seats.map((seat) => seat.registrationId) as [string, string, string];
    const judge = { name: "Judge" };
    const first = await recordPodFact(
      {
        tournamentId,
        podId: pod!.id,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        fact: { type: "left", departures: [{ player: b, reason: "JUDGE_GAME_LOSS" }] },
      },
      judge,
    );
    expect(first).toMatchObject({
      ok: true,
      value: {
        game: {
          phase: "playing",
          remaining: [a, c],
          departures: [{ player: b, reason: "JUDGE_GAME_LOSS", rule: "104.3k" }],
        },
      },
    });
    const second = await recordPodFact(
      {
        tournamentId,
        podId: pod!.id,
        expectedVersion: 1,
        idempotencyKey: randomUUID(),
        fact: { type: "left", departures: [{ player: c, reason: "MATCH_LOSS" }] },
      },
      judge,
    );
    expect(second).toMatchObject({
      ok: true,
      value: { game: { phase: "decided", result: { winner: a } } },
    });
    expect(
      await recordPodResult({
        tournamentId,
        podId: pod!.id,
        expectedVersion: 2,
        idempotencyKey: randomUUID(),
      }),
    ).toMatchObject({ ok: true });
    const recorded = (await getPodRound(tournamentId, 1))!.pods[0]!;
    expect(
      recorded.game!.result!.players.map((player) => [player.player, player.result, player.place]),
    ).toEqual([
      [a, "win", 1],
      [b, "loss", 3],
      [c, "loss", 2],
    ]);
  });
});

describe("the HTTP API and pod events", () => {
  it("the two-player standings and pairings answer 409 saying where a pod event's are, rather than a two-player table of zeros", async () => {
    const tournamentId = await podEvent(4);
    await pairNextPodRound(tournamentId, "api");
    const access = trustedTournamentAccess(tournamentId);
    expect(await getStandingsPage(access, { q: "", page: 1, pageSize: 50 })).toMatchObject({
      ok: false,
      error: {
        code: "CONFLICT",
        message: expect.stringContaining(`/api/v1/tournaments/${tournamentId}/standings`),
      },
    });
    expect(await listPairingsForApi(access, 1)).toMatchObject({
      ok: false,
      error: {
        code: "CONFLICT",
        message: expect.stringContaining(`/api/v1/tournaments/${tournamentId}/rounds/1/pods`),
      },
    });
  });
});

describe("correcting a recorded pod's result", () => {
  it("a wrong winner is corrected with a reason: the facts it replaces are kept, a Game Loss given stands, standings follow", async () => {
    const tournamentId = await podEvent(4, { podSize: "4" });
    await pairNextPodRound(tournamentId, "correct");
    const [pod] = (await getPodRound(tournamentId, 1))!.pods;
    const [a, b, c] = pod!.seats.map((seat) => seat.registrationId) as [
      string,
      string,
      string,
      string,
    ];
    const judge = { name: "Judge" };
    await recordPodFact(
      {
        tournamentId,
        podId: pod!.id,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        fact: { type: "left", departures: [{ player: c, reason: "JUDGE_GAME_LOSS" }] },
      },
      judge,
    );
    await recordPodOutcome(
      {
        tournamentId,
        podId: pod!.id,
        expectedVersion: 1,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: a },
      },
      judge,
    );
    expect(
      await recordPodOutcome(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 2,
          idempotencyKey: randomUUID(),
          outcome: { kind: "win", winnerId: b },
        },
        judge,
      ),
    ).toMatchObject({ ok: false, error: { code: "MATCH_CONFIRMED" } });
    const corrected = await correctPodResult(
      {
        tournamentId,
        podId: pod!.id,
        expectedVersion: 2,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: b },
        reason: "seat typed wrong",
      },
      { name: "Scorekeeper" },
    );
    expect(corrected).toEqual({
      ok: true,
      value: { version: 3, laterRoundsPaired: false, isDuplicate: false },
    });
    const after = (await getPodRound(tournamentId, 1))!.pods[0]!;
    expect(after).toMatchObject({
      isRecorded: true,
      game: { result: { winner: b }, departures: [{ player: c, reason: "JUDGE_GAME_LOSS" }] },
    });
    expect(
      await prisma.podEvent.count({ where: { podId: pod!.id, voidedAt: { not: null } } }),
    ).toBe(2);
    expect(
      await prisma.podCorrection.findMany({
        where: { podId: pod!.id },
        select: { reason: true, actorName: true },
      }),
    ).toEqual([{ reason: "seat typed wrong", actorName: "Scorekeeper" }]);
    const standings = await getPodStandings(tournamentId);
    expect(standings.ok && standings.value.find((row) => row.playerId === b)!.points).toBe(5);
    // The same result again is not a correction.
    expect(
      await correctPodResult(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 3,
          idempotencyKey: randomUUID(),
          outcome: { kind: "win", winnerId: b },
          reason: "again",
        },
        { name: "Scorekeeper" },
      ),
    ).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        message: "That is the result already recorded: nothing to correct.",
      },
    });
    // The penalized player cannot be made the winner.
    expect(
      await correctPodResult(
        {
          tournamentId,
          podId: pod!.id,
          expectedVersion: 3,
          idempotencyKey: randomUUID(),
          outcome: { kind: "win", winnerId: c },
          reason: "no",
        },
        { name: "Scorekeeper" },
      ),
    ).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
  });
});

describe("pod standings are computed once per change and paged for phones", () => {
  it("a second reader gets the snapshot; a recorded pod changes it; a name search and a page size narrow it", async () => {
    const tournamentId = await podEvent(8);
    await pairNextPodRound(tournamentId, "snapshot");
    const request = { q: "", page: 1, pageSize: 5 };
    expect(await getPodStandingsPage(tournamentId, request)).toMatchObject({
      ok: true,
      value: { source: "computed", throughRound: 0, totalPlayers: 8, pageCount: 2 },
    });
    expect(await getPodStandingsPage(tournamentId, request)).toMatchObject({
      ok: true,
      value: { source: "memory" },
    });
    for (const pod of (await getPodRound(tournamentId, 1))!.pods) await win(tournamentId, pod, 1);
    const after = await getPodStandingsPage(tournamentId, request);
    expect(after).toMatchObject({ ok: true, value: { source: "computed", throughRound: 1 } });
    expect(after.ok && after.value.rows.slice(0, 2).every((row) => row.points === 5)).toBe(true);
    expect(
      await getPodStandingsPage(tournamentId, { q: "player 07", page: 1, pageSize: 5 }),
    ).toMatchObject({ ok: true, value: { total: 1, rows: [{ name: "Player 07" }] } });
  });
});

describe("a pod event's top cut (community tournament addenda)", () => {
  /** Plays `rounds` Swiss rounds, seat `seat` winning every pod. */
  async function playSwiss(tournamentId: string, rounds: number, seat = 1) {
    for (let round = 1; round <= rounds; round++) {
      const paired = await pairNextPodRound(tournamentId, `swiss-${round}`);
      if (!paired.ok) throw new Error(paired.error.message);
      for (const pod of (await getPodRound(tournamentId, round))!.pods)
        if (!pod.isBye) await win(tournamentId, pod, Math.min(seat, pod.seats.length));
    }
  }

  it("addenda: a top 4 is one final pod of the top four seeds, best seed in seat 1; its winner is the champion and the event is complete", async () => {
    const tournamentId = await podEvent(13);
    await playSwiss(tournamentId, 2);
    const standings = await getPodStandings(tournamentId);
    if (!standings.ok) throw new Error(standings.error.message);
    expect(await startPlayoff({ tournamentId, cutSize: 8, gamesToWin: 2 })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", message: "A pod top cut is 4, 10 or 16 players, not 8." },
    });
    expect(await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 })).toEqual({
      ok: true,
      value: { roundNumber: 3 },
    });
    expect(await getRoundTitle({ tournamentId } as never, 3)).toBe("Final pod");
    // Addenda: the cut's pods play until someone wins: no round clock, nothing to start.
    expect((await getRoundClock(trustedTournamentAccess(tournamentId), 3))!.round).toEqual({
      kind: "untimed",
    });
    const [final] = (await getPodRound(tournamentId, 3))!.pods;
    expect(final!.seats.map((seat) => seat.registrationId)).toEqual(
      standings.value.slice(0, 4).map((row) => row.playerId),
    );
    expect(await pairNextPodRound(tournamentId, "after-cut")).toMatchObject({
      ok: false,
      error: {
        code: "CONFLICT",
        message: "The playoff has started: no more Swiss rounds can be paired.",
      },
    });
    expect((await getEventStatus(tournamentId))!.step).toMatchObject({
      kind: "PLAYOFF",
      headline: "Final pod: enter results",
    });
    await win(tournamentId, final!, 3);
    const cut = (await getPodCut(tournamentId))!;
    expect(cut).toMatchObject({
      cutSize: 4,
      champion: final!.seats[2]!.name,
      pods: [{ id: "F", winner: final!.seats[2]!.name, roundNumber: 3, tableNumber: 1 }],
    });
    expect((await getEventStatus(tournamentId))!).toMatchObject({
      isComplete: true,
      step: { kind: "COMPLETE" },
    });
    // The cut decides the champion, who leads the final standings; everyone keeps their Swiss rank beside it.
    const finalStandings = await getPodStandings(tournamentId);
    if (!finalStandings.ok) throw new Error(finalStandings.error.message);
    expect(
      finalStandings.value.slice(0, 4).map((row) => [row.name, row.cutFinish, row.rank]),
    ).toEqual([
      [finalStandings.value[0]!.name, "champion", 1],
      ...finalStandings.value.slice(1, 4).map((row, index) => [row.name, "final", index + 2]),
    ]);
    expect(finalStandings.value[0]!.playerId).toBe(
      finalStandings.value.find((row) => row.cutFinish === "champion")!.playerId,
    );
    expect(finalStandings.value.map((row) => row.swissRank).sort((a, b) => a - b)).toEqual(
      standings.value.map((row) => row.rank),
    );
    expect(finalStandings.value.slice(4).map((row) => row.playerId)).toEqual(
      standings.value.slice(4).map((row) => row.playerId),
    );
    // The champion's phone and a player outside the cut each read where they finished.
    const actor = (registrationId: string) => ({
      sessionId: "test",
      tournamentId,
      registrationId,
      name: "Player",
    });
    const champion = finalStandings.value[0]!;
    expect(await getMyFinalStanding(actor(champion.playerId))).toEqual({
      rank: 1,
      of: 13,
      record: `${champion.record.wins + champion.record.byes}-${champion.record.losses}-${champion.record.draws}`,
      matchPoints: champion.points,
      stage: null,
      podFinish: "champion",
    });
    expect(await getMyFinalStanding(actor(finalStandings.value[12]!.playerId))).toMatchObject({
      rank: 13,
      of: 13,
      podFinish: null,
    });
  });

  it("addenda: a top 10 seats two snake-seeded semifinal pods; the final pod waits for both, with seeds 1–2; a drawn semifinal sends its best seed", async () => {
    const tournamentId = await podEvent(16);
    await playSwiss(tournamentId, 2);
    const standings = await getPodStandings(tournamentId);
    if (!standings.ok) throw new Error(standings.error.message);
    const seed = (n: number) => standings.value[n - 1]!.playerId;
    expect(await startPlayoff({ tournamentId, cutSize: 10, gamesToWin: 2 })).toEqual({
      ok: true,
      value: { roundNumber: 3 },
    });
    expect(await getRoundTitle({ tournamentId } as never, 3)).toBe("Semifinal pods");
    const [s1, s2] = (await getPodRound(tournamentId, 3))!.pods;
    expect(s1!.seats.map((seat) => seat.registrationId)).toEqual([
      seed(3),
      seed(6),
      seed(7),
      seed(10),
    ]);
    expect(s2!.seats.map((seat) => seat.registrationId)).toEqual([
      seed(4),
      seed(5),
      seed(8),
      seed(9),
    ]);
    await win(tournamentId, s1!, 4);
    expect(await getPodRound(tournamentId, 4)).toBeNull();
    const drawn = await recordPodOutcome(
      {
        tournamentId,
        podId: s2!.id,
        expectedVersion: s2!.version,
        idempotencyKey: randomUUID(),
        outcome: { kind: "draw-at-time" },
      },
      staff,
    );
    expect(drawn.ok).toBe(true);
    const [final] = (await getPodRound(tournamentId, 4))!.pods;
    expect(final!.seats.map((seat) => seat.registrationId)).toEqual([
      seed(1),
      seed(2),
      seed(4),
      seed(10),
    ]);
    expect(await getRoundTitle({ tournamentId } as never, 4)).toBe("Final pod");
    expect(
      (await getPodCut(tournamentId))!.pods.map((pod) => [
        pod.id,
        pod.winner !== null,
        pod.roundNumber,
      ]),
    ).toEqual([
      ["S1", true, 3],
      ["S2", true, 3],
      ["F", false, 4],
    ]);
    await win(tournamentId, final!, 1);
    expect((await getPodCut(tournamentId))!.champion).toBe(final!.seats[0]!.name);
  });

  it("addenda: both semifinal pods of a top 10 recorded at the same moment always seat the final pod (each write sees the other)", async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const tournamentId = await podEvent(12);
      await playSwiss(tournamentId, 2);
      expect(await startPlayoff({ tournamentId, cutSize: 10, gamesToWin: 2 })).toEqual({
        ok: true,
        value: { roundNumber: 3 },
      });
      const [s1, s2] = (await getPodRound(tournamentId, 3))!.pods;
      await Promise.all([win(tournamentId, s1!, 1), win(tournamentId, s2!, 2)]);
      const final = await getPodRound(tournamentId, 4);
      expect(final?.pods, `attempt ${attempt + 1}`).toHaveLength(1);
      expect((await getPodCut(tournamentId))!.pods.find((pod) => pod.id === "F")!.roundNumber).toBe(
        4,
      );
    }
  });

  it("a two-player event's bracket is never a top 10", async () => {
    const created = await createTournament(
      CreateTournamentSchema.parse({ name: `Two ${randomUUID()}`, format: "Modern" }),
    );
    if (!created.ok) throw new Error(created.error.message);
    expect(
      await startPlayoff({ tournamentId: created.value.id, cutSize: 10, gamesToWin: 2 }),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
  });
});
