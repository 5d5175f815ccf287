import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DropNoShowsSchema } from "./check-in";
import { idFieldsOf, idsNamedBy, scopedId } from "./ids";

const here = import.meta.dirname;
const modules = readdirSync(here).filter(
  (file) => file.endsWith(".ts") && !file.includes(".test."),
);

/** Every input schema: each module's exported schemas (the public API's request bodies only). */
async function inputSchemas(): Promise<[string, z.ZodType][]> {
  const found: [string, z.ZodType][] = [];
  for (const file of modules) {
    const exported = (await import(path.join(here, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (!(value instanceof z.ZodType)) continue;
      if (file === "api-v1.ts" && !name.endsWith("BodySchema")) continue;
      found.push([`${file} ${name}`, value]);
    }
  }
  return found;
}

describe("scoped ids by declaration", () => {
  it("every input schema declares what each id it names belongs to", async () => {
    const schemas = await inputSchemas();
    expect(schemas.length).toBeGreaterThan(50);
    const undeclared = schemas.flatMap(([name, schema]) =>
      idFieldsOf(schema).undeclared.map((field) => `${name}: ${field}`),
    );
    expect(undeclared).toEqual([]);
  });

  it("finds an id field that declares nothing, nested in lists and behind transforms", () => {
    const schema = z
      .object({
        tournamentId: scopedId("tournament", z.string()),
        decks: z.array(z.object({ deckId: z.string(), name: z.string() })).optional(),
        leagueId: z.preprocess((value) => value, z.string()),
      })
      .transform((value) => value);
    expect(idFieldsOf(schema).undeclared).toEqual(["decks.*.deckId", "leagueId"]);
  });

  it("reads ids from the parsed value, from the raw input where parsing moved them, and from lists", () => {
    const schema = z
      .object({
        podId: scopedId("pod", z.string().trim()),
        winnerId: scopedId("podSeat", z.string().trim()).optional(),
        playerIds: scopedId(
          "registration",
          z.string().transform((ids) => ids.split(",").map((id) => id.trim())),
        ),
      })
      .transform(({ winnerId, ...rest }) => ({ ...rest, outcome: { winnerId } }));
    const raw = { podId: " p1 ", winnerId: " w1 ", playerIds: "r1, r2,r1" };
    const named = idsNamedBy(schema, schema.parse(raw), raw);
    expect(Object.fromEntries(named)).toEqual({
      pod: ["p1"],
      podSeat: ["w1"],
      registration: ["r1", "r2"],
    });
  });

  it("MTR 2.10: the no-shows the page showed are a list whose removed players the write skips", () => {
    expect(idFieldsOf(DropNoShowsSchema).declared).toContainEqual({
      path: ["noShowIds"],
      kind: "listedEntry",
    });
  });
});
