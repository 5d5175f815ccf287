import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { readResultChanges } from "@/test/result-changes";

afterAll(async () => {
  await prisma.$disconnect();
});

const staff = { source: "STAFF" as const, name: "Scorekeeper" };

/** A two-player event with its one match paired: what a result form is rendered for. */
async function pairedMatch() {
  const created = await createTournament({
    name: `Idempotency ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  for (const name of ["Ann", "Ben"]) {
    const registered = await registerPlayer({ tournamentId: created.value.id, name });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  await pairNextSwissRound(created.value.id);
  const [match] = (await getRound(created.value.id, 1))!.matches;
  return match!;
}

/** What a rendered result form submits: its own key (made by the server when it rendered) and the version it saw. */
function formRequest(
  matchId: string,
  expectedVersion: number,
  slip: { winsA: number; winsB: number },
  note = "",
) {
  return {
    matchId,
    ...slip,
    draws: 0,
    expectedVersion,
    idempotencyKey: randomUUID(),
    intentionalDraw: false,
    note,
  };
}

async function storedSlip(matchId: string) {
  const match = await prisma.match.findUniqueOrThrow({
    where: { id: matchId },
    select: { winsA: true, winsB: true, version: true },
  });
  return match;
}

describe("result forms: one key per rendered form, and a replay never claims a write that did not happen", () => {
  it("a stale second form with the same slip is refused while a newer correction stays stored; replaying the first form says what is current", async () => {
    const match = await pairedMatch();
    // Two staff members open the round page at the same version: two forms, two keys.
    const formOne = formRequest(match.id, match.version, { winsA: 2, winsB: 0 });
    const formTwo = formRequest(match.id, match.version, { winsA: 2, winsB: 0 });
    expect(formOne.idempotencyKey).not.toBe(formTwo.idempotencyKey);

    expect(await reportMatchResult(formOne, staff)).toMatchObject({
      ok: true,
      value: { version: 1, isDuplicate: false },
    });
    const correction = formRequest(match.id, 1, { winsA: 2, winsB: 1 }, "Slip said 2-1");
    expect(await reportMatchResult(correction, staff)).toMatchObject({
      ok: true,
      value: { version: 2 },
    });

    const stale = await reportMatchResult(formTwo, staff);
    expect(stale).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(await storedSlip(match.id)).toEqual({ winsA: 2, winsB: 1, version: 2 });

    // Form one's request arriving again (a retry): it was stored once, as version 1; it must
    // not read as if 2-0 were the result now.
    const replay = await reportMatchResult(formOne, staff);
    expect(replay).toEqual({
      ok: true,
      value: {
        matchId: match.id,
        version: 1,
        winner: "A",
        isDuplicate: true,
        currentVersion: 2,
        isCurrent: false,
      },
    });
    expect(await storedSlip(match.id)).toEqual({ winsA: 2, winsB: 1, version: 2 });
    expect((await readResultChanges(match.id)).map((change) => change.version)).toEqual([1, 2]);
  });

  it("a used key sent again with the same slip but another expected version is a conflict (the form was already used), not a success", async () => {
    const match = await pairedMatch();
    const formOne = formRequest(match.id, match.version, { winsA: 2, winsB: 0 });
    await reportMatchResult(formOne, staff);
    await reportMatchResult(
      formRequest(match.id, 1, { winsA: 2, winsB: 1 }, "Slip said 2-1"),
      staff,
    );

    // The same form, re-rendered at the new version but still carrying its spent key, re-sends 2-0:
    // nothing would be written, so "saved" would be a lie.
    const reused = await reportMatchResult(
      { ...formOne, expectedVersion: 2, note: "Back to 2-0" },
      staff,
    );
    expect(reused).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringMatching(/already used/i) },
    });
    expect(await storedSlip(match.id)).toEqual({ winsA: 2, winsB: 1, version: 2 });
  });

  it("a used key on another match, or with another slip, is a conflict naming the form as already used", async () => {
    const match = await pairedMatch();
    const other = await pairedMatch();
    const formOne = formRequest(match.id, match.version, { winsA: 2, winsB: 0 });
    await reportMatchResult(formOne, staff);
    expect(await reportMatchResult({ ...formOne, winsA: 0, winsB: 2 }, staff)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringMatching(/already used/i) },
    });
    expect(await reportMatchResult({ ...formOne, matchId: other.id }, staff)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringMatching(/already used/i) },
    });
    expect(await storedSlip(other.id)).toEqual({ winsA: null, winsB: null, version: 0 });
  });

  it("a double-clicked form is recorded once and both answers agree", async () => {
    const match = await pairedMatch();
    const form = formRequest(match.id, match.version, { winsA: 2, winsB: 1 });
    const answers = await Promise.all([
      reportMatchResult(form, staff),
      reportMatchResult(form, staff),
    ]);
    expect(answers.map((answer) => answer.ok && answer.value.version)).toEqual([1, 1]);
    expect(answers.filter((answer) => answer.ok && answer.value.isDuplicate)).toHaveLength(1);
    expect(await readResultChanges(match.id)).toHaveLength(1);
  });
});
