import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "./tournaments";
import { dropPlayer, registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound, swapPlayers } from "@/lib/server/round/rounds";
import { getPairingsByName } from "@/lib/server/round/pairings-by-name";
import { reportMatchResult } from "@/lib/server/match/results";
import { clearMatchResult } from "@/lib/server/match/clear-result";
import { readResultChanges } from "@/test/result-changes";
import { getStandings } from "@/lib/server/standings/standings";
import { getPlayoff, startPlayoff } from "@/lib/server/round/playoffs";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

afterAll(async () => {
  await prisma.$disconnect();
});

let counter = 0;
const key = () => `event-day-${Date.now()}-${counter++}`;
const staff = { source: "STAFF" as const, name: "Scorekeeper" };

async function tournamentWith(names: string[]) {
  const created = await createTournament({
    name: `Event day ${counter++}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const ids: string[] = [];
  for (const name of names) {
    const registered = await registerPlayer({ tournamentId: created.value.id, name });
    if (!registered.ok) throw new Error(registered.error.message);
    ids.push(registered.value.id);
  }
  return { tournamentId: created.value.id, ids };
}

async function report(
  matchId: string,
  version: number,
  slip: { winsA: number; winsB: number; draws?: number },
  note = "",
) {
  return reportMatchResult(
    {
      matchId,
      winsA: slip.winsA,
      winsB: slip.winsB,
      draws: slip.draws ?? 0,
      expectedVersion: version,
      idempotencyKey: key(),
      intentionalDraw: false,
      note,
    },
    staff,
  );
}

async function reportRound(
  tournamentId: string,
  roundNumber: number,
  slip = { winsA: 2, winsB: 0 },
) {
  const round = await getRound(tournamentId, roundNumber);
  await Promise.all(
    round!.matches
      .filter((match) => match.sideB && match.winsA === null)
      .map((match) => report(match.id, match.version, slip)),
  );
}

describe("writes that race on event day", () => {
  it("all results of a playoff round saved at once still advance the bracket", async () => {
    const { tournamentId } = await tournamentWith(["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"]);
    await pairNextSwissRound(tournamentId, "race");
    await reportRound(tournamentId, 1);
    const started = await startPlayoff({ tournamentId, cutSize: 8, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    const quarterfinals = await getRound(tournamentId, started.value.roundNumber);
    const results = await Promise.all(
      quarterfinals!.matches.map((match) =>
        report(match.id, match.version, { winsA: 2, winsB: 1 }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const semifinals = await getRound(tournamentId, started.value.roundNumber + 1);
    expect(semifinals?.matches).toHaveLength(2);
  });

  it("a drop during pairing either makes it into the pairing or waits for the next round, never half", async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const { tournamentId, ids } = await tournamentWith(["D1", "D2", "D3", "D4", "D5", "D6"]);
      await pairNextSwissRound(tournamentId);
      await reportRound(tournamentId, 1);
      const [, dropped] = await Promise.all([
        pairNextSwissRound(tournamentId),
        dropPlayer({ tournamentId, registrationId: ids[0]! }),
      ]);
      expect(dropped.ok).toBe(true);
      const standings = await getStandings(trustedTournamentAccess(tournamentId));
      expect(standings.ok).toBe(true);
    }
  });

  it("a swap and a result racing for the same round never erase a saved result", async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const { tournamentId } = await tournamentWith(["S1", "S2", "S3", "S4"]);
      await pairNextSwissRound(tournamentId);
      const [first, second] = (await getRound(tournamentId, 1))!.matches;
      await Promise.all([
        swapPlayers(
          {
            tournamentId,
            roundNumber: 1,
            playerId: first!.sideA.id,
            otherPlayerId: second!.sideA.id,
          },
          { name: "TO" },
        ),
        report(first!.id, first!.version, { winsA: 2, winsB: 0 }),
      ]);
      const stored = await prisma.match.findUniqueOrThrow({
        where: { id: first!.id },
        select: { winsA: true },
      });
      const history = await readResultChanges(first!.id);
      expect(stored.winsA === null).toBe(history.length === 0);
    }
  });
});

describe("result entry rules at the boundary", () => {
  it("MTR 2.5: correcting a confirmed result needs a reason, asked for on the note field", async () => {
    const { tournamentId } = await tournamentWith(["R1", "R2"]);
    await pairNextSwissRound(tournamentId);
    const [match] = (await getRound(tournamentId, 1))!.matches;
    await report(match!.id, 0, { winsA: 2, winsB: 0 });
    const withoutReason = await report(match!.id, 1, { winsA: 0, winsB: 2 });
    expect(withoutReason).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fieldErrors: { note: [expect.any(String)] } },
    });
    expect(
      await report(match!.id, 1, { winsA: 0, winsB: 2 }, "Players swapped seats"),
    ).toMatchObject({ ok: true });
  });

  it("a replayed submission answers with the version it produced, not a later correction's", async () => {
    const { tournamentId } = await tournamentWith(["V1", "V2"]);
    await pairNextSwissRound(tournamentId);
    const [match] = (await getRound(tournamentId, 1))!.matches;
    const input = {
      matchId: match!.id,
      winsA: 2,
      winsB: 1,
      draws: 0,
      expectedVersion: 0,
      idempotencyKey: key(),
      intentionalDraw: false,
      note: "",
    };
    await reportMatchResult(input, staff);
    await report(match!.id, 1, { winsA: 1, winsB: 2 }, "Wrong way round");
    expect(await reportMatchResult(input, staff)).toEqual({
      ok: true,
      value: {
        matchId: match!.id,
        version: 1,
        winner: "A",
        isDuplicate: true,
        currentVersion: 2,
        isCurrent: false,
      },
    });
  });
});

describe("registration around the playoff", () => {
  it("late entries count only Swiss rounds as missed, and registration closes at the cut", async () => {
    const { tournamentId } = await tournamentWith(["L1", "L2", "L3", "L4"]);
    await pairNextSwissRound(tournamentId);
    await reportRound(tournamentId, 1);
    const late = await registerPlayer({ tournamentId, name: "Latecomer" });
    expect(late).toMatchObject({ ok: true, value: { firstRound: 2 } });
    await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    expect(await registerPlayer({ tournamentId, name: "After the cut" })).toMatchObject({
      ok: false,
      error: { code: "REGISTRATION_CLOSED" },
    });
  });
});

describe("manual swap warnings judge the field as it was paired", () => {
  it("an odd field: swapping two tables warns about nothing at untouched tables or the bye", async () => {
    const { tournamentId } = await tournamentWith(["W1", "W2", "W3", "W4", "W5", "W6", "W7"]);
    await pairNextSwissRound(tournamentId, "warn");
    const matches = (await getRound(tournamentId, 1))!.matches.filter((match) => match.sideB);
    await registerPlayer({ tournamentId, name: "Joins round two" });
    const result = await swapPlayers(
      {
        tournamentId,
        roundNumber: 1,
        playerId: matches[0]!.sideA.id,
        otherPlayerId: matches[1]!.sideA.id,
      },
      { name: "TO" },
    );
    expect(result).toEqual({ ok: true, value: { warnings: [] } });
  });
});

describe("clearing a result", () => {
  it("clears a playoff semifinal: the unplayed final forgets its players, and the correction can then be made", async () => {
    const { tournamentId } = await tournamentWith(["C1", "C2", "C3", "C4", "C5"]);
    await pairNextSwissRound(tournamentId, "clear");
    await reportRound(tournamentId, 1);
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    await reportRound(tournamentId, started.value.roundNumber);
    const finalRound = started.value.roundNumber + 1;
    expect((await getRound(tournamentId, finalRound))!.matches).toHaveLength(1);
    await reportRound(tournamentId, finalRound);
    const final = (await getRound(tournamentId, finalRound))!.matches[0]!;
    const semi = (await getRound(tournamentId, started.value.roundNumber))!.matches[0]!;

    expect(
      await clearMatchResult(
        { matchId: semi.id, expectedVersion: semi.version, note: "" } as never,
        { name: "HJ" },
      ),
    ).toMatchObject({ ok: false });
    expect(await report(semi.id, semi.version, { winsA: 0, winsB: 2 }, "Reversed")).toMatchObject({
      ok: false,
      error: { code: "CONFLICT" },
    });
    expect(
      await clearMatchResult(
        { matchId: final.id, expectedVersion: final.version, note: "Final entered too early" },
        { name: "HJ" },
      ),
    ).toMatchObject({ ok: true });
    expect(
      await clearMatchResult(
        { matchId: semi.id, expectedVersion: semi.version, note: "Slip reversed" },
        { name: "HJ" },
      ),
    ).toMatchObject({ ok: true });
    expect((await getRound(tournamentId, finalRound))!.matches).toHaveLength(0);
    const semiNow = (await getRound(tournamentId, started.value.roundNumber))!.matches[0]!;
    expect(await report(semiNow.id, semiNow.version, { winsA: 0, winsB: 2 })).toMatchObject({
      ok: true,
    });
    const playoff = await getPlayoff(trustedTournamentAccess(tournamentId));
    const finalists = [
      playoff?.rounds[1]?.matches[0]?.playerA,
      playoff?.rounds[1]?.matches[0]?.playerB,
    ];
    expect(finalists).toContain(semi.sideB!.id);
    expect(finalists).not.toContain(semi.sideA.id);
    expect((await readResultChanges(semi.id)).map((change) => change.kind)).toEqual([
      "REPORTED",
      "CLEARED",
      "REPORTED",
    ]);
  });
});

describe("correcting an earlier Swiss round", () => {
  it("says when later rounds were already paired with the previous result", async () => {
    const { tournamentId } = await tournamentWith(["E1", "E2", "E3", "E4"]);
    await pairNextSwissRound(tournamentId);
    await reportRound(tournamentId, 1);
    const [match] = (await getRound(tournamentId, 1))!.matches;
    expect(await report(match!.id, match!.version, { winsA: 2, winsB: 1 }, "Typo")).toMatchObject({
      ok: true,
      value: { laterRoundsPaired: false },
    });
    await pairNextSwissRound(tournamentId);
    expect(
      await report(match!.id, match!.version + 1, { winsA: 0, winsB: 2 }, "Reversed"),
    ).toMatchObject({ ok: true, value: { laterRoundsPaired: true } });
  });
});

describe("playoff results do not warn about later rounds", () => {
  it("the semifinal that creates the final is not a correction of an earlier round", async () => {
    const { tournamentId } = await tournamentWith(["F1", "F2", "F3", "F4"]);
    await pairNextSwissRound(tournamentId);
    await reportRound(tournamentId, 1);
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    const [first, second] = (await getRound(tournamentId, started.value.roundNumber))!.matches;
    await report(first!.id, first!.version, { winsA: 2, winsB: 0 });
    expect(await report(second!.id, second!.version, { winsA: 2, winsB: 0 })).toMatchObject({
      ok: true,
      value: { laterRoundsPaired: false },
    });
  });
});

describe("pairings by name (what players look up)", () => {
  it("lists every player of the latest round once, alphabetically, with the result from their own side", async () => {
    const { tournamentId } = await tournamentWith(["Zed", "amy", "Bob"]);
    await pairNextSwissRound(tournamentId, "by-name");
    const round = (await getRound(tournamentId, 1))!;
    const played = round.matches.find((match) => match.sideB)!;
    await report(played.id, played.version, { winsA: 2, winsB: 1 });
    const pairings = await getPairingsByName(tournamentId);
    expect(pairings?.rows.map((row) => row.name)).toEqual(["amy", "Bob", "Zed"]);
    const winner = pairings!.rows.find((row) => row.playerId === played.sideA.id)!;
    const loser = pairings!.rows.find((row) => row.playerId === played.sideB!.id)!;
    expect([winner.result, loser.result]).toEqual(["2-1", "1-2"]);
    expect(pairings!.rows.find((row) => row.opponent === null)?.table).toBe(2);
  });
});
