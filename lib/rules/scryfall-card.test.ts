import { describe, expect, it } from "vitest";
import { readScryfallCard } from "./scryfall-card";
import { sampleCard, sampleCards } from "./testing/sample-cards";

describe("a Scryfall card object as a card's facts", () => {
  it("CR 712: reads a reversible card's Oracle id from its faces, and one side for a card printed on both", () => {
    const face = {
      object: "card_face",
      name: "Propaganda",
      type_line: "Enchantment",
      oracle_text:
        "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
      oracle_id: "f0c8ad2c-0000-4000-8000-000000000001",
    };
    expect(
      readScryfallCard({
        object: "card",
        name: "Propaganda // Propaganda",
        layout: "reversible_card",
        card_faces: [face, face],
        color_identity: ["U"],
        keywords: [],
        legalities: { legacy: "legal", vintage: "odd" },
      }),
    ).toEqual({
      kind: "card",
      row: expect.objectContaining({
        oracleId: face.oracle_id,
        name: "Propaganda",
        faceNames: ["Propaganda"],
        typeLine: "Enchantment",
        oracleText: face.oracle_text,
        legalities: { legacy: "legal" },
      }),
    });
    expect(readScryfallCard({ name: "Treasure", layout: "token", oracle_id: "x" })).toEqual({
      kind: "skip",
      reason: "layout",
    });
    expect(readScryfallCard({ name: "Mystery", layout: "normal" })).toEqual({
      kind: "skip",
      reason: "no-oracle-id",
    });
    expect(readScryfallCard({ layout: "normal", oracle_id: "x" })).toEqual({
      kind: "invalid",
      problem: "no-name",
    });
  });

  it("CR 111, 114: skips tokens and emblems; anything that is not an object or has no name is not a card", () => {
    expect(
      readScryfallCard({ name: "Goblin", layout: "double_faced_token", oracle_id: "x" }),
    ).toEqual({ kind: "skip", reason: "layout" });
    expect(readScryfallCard({ name: "Elspeth Emblem", layout: "emblem", oracle_id: "x" })).toEqual({
      kind: "skip",
      reason: "layout",
    });
    expect(readScryfallCard(null)).toEqual({ kind: "invalid", problem: "not-an-object" });
    expect(readScryfallCard([{ name: "Forest" }])).toEqual({
      kind: "invalid",
      problem: "not-an-object",
    });
    expect(readScryfallCard({ name: "  ", oracle_id: "x" })).toEqual({
      kind: "invalid",
      problem: "no-name",
    });
  });

  it("CR 903.4: keeps only W, U, B, R and G in the colour identity, and only Scryfall's four legalities", () => {
    const read = readScryfallCard({
      name: "Odd",
      oracle_id: "x",
      color_identity: ["G", "C", 3],
      legalities: { modern: "banned", legacy: "maybe", vintage: 1 },
    });
    expect(read).toMatchObject({
      kind: "card",
      row: {
        colorIdentity: ["G"],
        legalities: { modern: "banned" },
        keywords: [],
        layout: "normal",
      },
    });
  });
});

describe("the sample card file, for the rules' tests", () => {
  it("holds the 67 deck cards of lib/server/cards/fixtures/oracle-cards.sample.json by name", () => {
    expect(sampleCards().size).toBe(67);
    expect(sampleCard("Fire // Ice")).toMatchObject({
      faceNames: ["Fire", "Ice"],
      colorIdentity: ["U", "R"],
    });
    expect(sampleCard("Relentless Rats").oracleText).toContain(
      "A deck can have any number of cards named Relentless Rats.",
    );
    expect(sampleCard("Black Lotus").legalities).toMatchObject({
      vintage: "restricted",
      legacy: "banned",
    });
    expect(() => sampleCard("Goblin")).toThrow(/not in the sample/);
  });
});
