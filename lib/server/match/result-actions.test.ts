import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { IDLE_FORM } from "@/lib/form-state";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";

/**
 * MTR 2.5: two staff forms opened on one match (two tabs, two laptops). Called through the real
 * server actions, as the round page's form sends them, against a real PostgreSQL.
 */

let currentHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { reportMatchResultAction, clearMatchResultAction } = await import("./result-actions");

let organizer: TestAccount;
beforeAll(async () => {
  organizer = await createSignedInAccount("Two Tabs Organizer");
  currentHeaders = new Headers(organizer.headers);
});
afterAll(async () => {
  await prisma.$disconnect();
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

async function openMatch() {
  const created = await createTournament(
    { name: `Two tabs ${Math.random()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const name of ["Ann", "Ben"]) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  const paired = await pairNextSwissRound(tournamentId, "two-tabs");
  if (!paired.ok) throw new Error(paired.error.message);
  const match = (await getRound(tournamentId, 1))!.matches.find((row) => row.sideB)!;
  return { tournamentId, matchId: match.id };
}

async function rowsOf(matchId: string) {
  const [match, changes] = await Promise.all([
    prisma.match.findUniqueOrThrow({
      where: { id: matchId },
      select: { version: true, winsA: true, winsB: true, draws: true },
    }),
    prisma.resultChange.findMany({ where: { matchId }, orderBy: { version: "asc" } }),
  ]);
  return { match, changes };
}

describe("two forms opened on one match", () => {
  it("MTR 2.5: a form opened before another's save is refused, the newer result stands, and what was typed comes back", async () => {
    const { tournamentId, matchId } = await openMatch();
    const opened = { tournamentId, matchId, draws: "0", expectedVersion: "0" };
    const first = await reportMatchResultAction(
      IDLE_FORM,
      form({ ...opened, winsA: "2", winsB: "0", idempotencyKey: `tab-1-${Math.random()}` }),
    );
    expect(first).toMatchObject({ status: "success" });
    const saved = await rowsOf(matchId);
    expect(saved.match).toMatchObject({ winsA: 2, winsB: 0, version: 1 });

    const typed = {
      ...opened,
      winsA: "2",
      winsB: "1",
      concededBy: "B",
      note: "Slip from the table",
      idempotencyKey: `tab-2-${Math.random()}`,
    };
    const second = await reportMatchResultAction(IDLE_FORM, form(typed));
    expect(second).toMatchObject({
      status: "error",
      code: "CONFLICT",
      message: expect.stringContaining("it is now 2-0-0"),
      values: typed,
    });
    expect(await rowsOf(matchId)).toEqual(saved);
  });

  it("MTR 2.5: a clear form opened before a correction does not clear the corrected result", async () => {
    const { tournamentId, matchId } = await openMatch();
    const saved = await reportMatchResultAction(
      IDLE_FORM,
      form({
        tournamentId,
        matchId,
        winsA: "2",
        winsB: "1",
        draws: "0",
        expectedVersion: "0",
        idempotencyKey: `save-${Math.random()}`,
      }),
    );
    expect(saved).toMatchObject({ status: "success" });
    const corrected = await reportMatchResultAction(
      IDLE_FORM,
      form({
        tournamentId,
        matchId,
        winsA: "2",
        winsB: "0",
        draws: "0",
        expectedVersion: "1",
        note: "Players said 2-0",
        idempotencyKey: `correct-${Math.random()}`,
      }),
    );
    expect(corrected).toMatchObject({ status: "success" });
    const before = await rowsOf(matchId);

    const cleared = await clearMatchResultAction(
      IDLE_FORM,
      form({ tournamentId, matchId, expectedVersion: "1", note: "Wrong table" }),
    );
    expect(cleared).toMatchObject({
      status: "error",
      code: "CONFLICT",
      values: { note: "Wrong table" },
    });
    expect(await rowsOf(matchId)).toEqual(before);
  });
});
