import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "./rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { clearMatchResult } from "@/lib/server/match/clear-result";
import { readResultChanges } from "@/test/result-changes";
import { getPlayoff, startPlayoff } from "./playoffs";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

afterAll(async () => {
  await prisma.$disconnect();
});

const staff = { source: "STAFF" as const, name: "Scorekeeper" };
const headJudge = { name: "Head judge" };

async function report(
  matchId: string,
  version: number,
  slip: { winsA: number; winsB: number },
  note = "",
) {
  return reportMatchResult(
    {
      matchId,
      ...slip,
      draws: 0,
      expectedVersion: version,
      idempotencyKey: randomUUID(),
      intentionalDraw: false,
      note,
    },
    staff,
  );
}

/** A four-player cut with both semifinals reported 2-0 for side A, so the final exists. */
async function playoffWithFinal() {
  const created = await createTournament({
    name: `Rewind ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const name of ["H1", "H2", "H3", "H4"]) await registerPlayer({ tournamentId, name });
  await pairNextSwissRound(tournamentId, "rewind");
  for (const match of (await getRound(tournamentId, 1))!.matches)
    await report(match.id, match.version, { winsA: 2, winsB: 0 });
  const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
  if (!started.ok) throw new Error(started.error.message);
  const semiRound = started.value.roundNumber;
  for (const semi of (await getRound(tournamentId, semiRound))!.matches)
    await report(semi.id, semi.version, { winsA: 2, winsB: 0 });
  const final = (await getRound(tournamentId, semiRound + 1))!.matches[0]!;
  return { tournamentId, semiRound, finalRound: semiRound + 1, final };
}

async function historyRowsOf(matchId: string) {
  const [reports, changes] = await Promise.all([
    prisma.matchReport.count({ where: { matchId } }),
    prisma.resultChange.findMany({
      where: { matchId },
      orderBy: { version: "asc" },
      select: { kind: true },
    }),
  ]);
  return { reports, changes: changes.map((change) => change.kind) };
}

describe("rewinding a playoff bracket keeps every history row", () => {
  it("a semifinal corrected after the final was reported and cleared: the old final keeps its history and the bracket plays on", async () => {
    const { tournamentId, semiRound, finalRound, final } = await playoffWithFinal();
    await report(final.id, final.version, { winsA: 2, winsB: 1 });
    expect(
      await clearMatchResult(
        {
          matchId: final.id,
          expectedVersion: final.version + 1,
          note: "Final entered before the semifinal was fixed",
        },
        headJudge,
      ),
    ).toMatchObject({ ok: true });

    const semi = (await getRound(tournamentId, semiRound))!.matches[0]!;
    expect(
      await report(semi.id, semi.version, { winsA: 0, winsB: 2 }, "Slip reversed"),
    ).toMatchObject({ ok: true });

    // The old final was between the previous finalists: it stays, with its report and history.
    expect(await historyRowsOf(final.id)).toEqual({
      reports: 1,
      changes: ["REPORTED", "CLEARED", "VOIDED"],
    });
    const voided = await prisma.match.findUniqueOrThrow({
      where: { id: final.id },
      select: { voidedAt: true, sideAId: true },
    });
    expect(voided.voidedAt).not.toBeNull();
    const voidEntry = (await readResultChanges(final.id)).at(-1)!;
    expect(voidEntry.note).toMatch(/semifinal|earlier playoff match/i);

    // The bracket sends the corrected winner to a new final, which can be played to a champion.
    const finals = (await getRound(tournamentId, finalRound))!.matches;
    expect(finals).toHaveLength(1);
    const newFinal = finals[0]!;
    expect(newFinal.id).not.toBe(final.id);
    expect([newFinal.sideA.id, newFinal.sideB!.id]).toContain(semi.sideB!.id);
    expect([newFinal.sideA.id, newFinal.sideB!.id]).not.toContain(semi.sideA.id);
    expect(await report(newFinal.id, newFinal.version, { winsA: 2, winsB: 0 })).toMatchObject({
      ok: true,
    });
    const playoff = await getPlayoff(trustedTournamentAccess(tournamentId));
    expect(playoff?.champion).not.toBeNull();
    expect(playoff?.rounds[1]?.matches).toHaveLength(1);
  });

  it("a semifinal cleared after the final was reported and cleared: the final is voided, not deleted", async () => {
    const { tournamentId, semiRound, finalRound, final } = await playoffWithFinal();
    await report(final.id, final.version, { winsA: 2, winsB: 0 });
    await clearMatchResult(
      { matchId: final.id, expectedVersion: final.version + 1, note: "Wrong table" },
      headJudge,
    );
    const semi = (await getRound(tournamentId, semiRound))!.matches[0]!;
    expect(
      await clearMatchResult(
        { matchId: semi.id, expectedVersion: semi.version, note: "Slip lost" },
        headJudge,
      ),
    ).toMatchObject({ ok: true });

    expect(await historyRowsOf(final.id)).toEqual({
      reports: 1,
      changes: ["REPORTED", "CLEARED", "VOIDED"],
    });
    expect((await getRound(tournamentId, finalRound))!.matches).toHaveLength(0);
    // Even naming its current version, no result can be put on a voided match.
    const { version } = await prisma.match.findUniqueOrThrow({
      where: { id: final.id },
      select: { version: true },
    });
    expect(await report(final.id, version, { winsA: 2, winsB: 0 }, "Late slip")).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
    expect(
      await clearMatchResult(
        { matchId: final.id, expectedVersion: version, note: "Late" },
        headJudge,
      ),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    const semiNow = (await getRound(tournamentId, semiRound))!.matches[0]!;
    expect(await report(semiNow.id, semiNow.version, { winsA: 2, winsB: 0 })).toMatchObject({
      ok: true,
    });
    expect((await getRound(tournamentId, finalRound))!.matches).toHaveLength(1);
  });

  it("the database refuses to delete a match that has history", async () => {
    const { final } = await playoffWithFinal();
    await report(final.id, final.version, { winsA: 2, winsB: 0 });
    await expect(prisma.match.delete({ where: { id: final.id } })).rejects.toThrow();
    expect(await historyRowsOf(final.id)).toEqual({ reports: 1, changes: ["REPORTED"] });
  });
});
