import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { success } from "@/lib/action-result";
import { scopedId } from "@/lib/schemas/ids";
import { TournamentIdSchema } from "@/lib/schemas/tournament";
import { prisma } from "@/lib/server/infra/db";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import { createSignedInAccount } from "@/test/accounts";
import { runMutation } from "./run-action";
import { resolveTournamentScope } from "./scope";

afterAll(async () => {
  await prisma.$disconnect();
});

async function tournamentWith(names: string[]) {
  const created = await createTournament({
    name: `Scoped ${randomUUID()}`,
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

describe("scoped ids: the mutation wrapper", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses a schema naming an id it does not declare, before anything runs", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const run = vi.fn(async () => success(true));
    const result = await runMutation({
      access: { permission: "results.enter" },
      schema: z.object({ tournamentId: scopedId("tournament", z.string()), deckId: z.string() }),
      input: { tournamentId: "t", deckId: "d" },
      headers: new Headers(),
      run,
    });
    expect(result).toMatchObject({ ok: false, error: { code: "INTERNAL" } });
    expect(run).not.toHaveBeenCalled();
    expect(String(logged.mock.calls[0]?.[1])).toMatch(/deckId without declaring its scope/);
  });

  it("runs a schema whose ids are all declared", async () => {
    const run = vi.fn(async () => success(true));
    const result = await runMutation({
      access: "anyone",
      schema: z.object({ name: z.string(), externalId: scopedId("foreign", z.string()) }),
      input: { name: "x", externalId: "e" },
      headers: new Headers(),
      run,
    });
    expect(result).toEqual(success(true));
    expect(run).toHaveBeenCalledOnce();
  });

  it("a public form runs for a signed-in visitor who is not staff, and reads nothing first: a hidden and a missing tournament answer alike", async () => {
    const visitor = await createSignedInAccount("Visiting Vera");
    const { tournamentId: hidden } = await tournamentWith([]);
    for (const tournamentId of [hidden, "no-such-tournament"]) {
      for (const headers of [visitor.headers, new Headers()]) {
        const run = vi.fn(async () => success(true));
        const result = await runMutation({
          access: "anyone",
          schema: z.object({ tournamentId: TournamentIdSchema }),
          input: { tournamentId },
          headers,
          run,
        });
        expect(result, tournamentId).toEqual(success(true));
        expect(run).toHaveBeenCalledOnce();
      }
    }
  });

  it("MTR 2.10: a list the page showed may hold a player removed since (the write skips them), never one of another tournament", async () => {
    const { tournamentId, ids } = await tournamentWith(["Ann", "Ben"]);
    const other = await tournamentWith(["Oz"]);
    await prisma.registration.delete({ where: { id: ids[1]! } });
    await setTournamentPublished(tournamentId, true);
    const listed = (listedEntryIds: string[]) =>
      resolveTournamentScope({ tournamentId, listedEntryIds }, "");
    expect(await listed(ids)).toMatchObject({ ok: true, value: { tournamentId } });
    expect(await listed([ids[0]!, other.ids[0]!])).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
  });
});
