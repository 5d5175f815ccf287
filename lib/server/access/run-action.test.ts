import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { success } from "@/lib/action-result";
import { scopedId } from "@/lib/schemas/ids";
import { runMutation } from "./run-action";

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
});
