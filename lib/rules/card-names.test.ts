import { describe, expect, it } from "vitest";
import { cardFrontKey, cardNameKey, indexCardNames, suggestCardNames } from "./card-names";

describe("CR 201: a card name's lookup key", () => {
  it("removes diacritics, so accentless spellings match", () => {
    expect(cardNameKey("Lim-Dûl's Vault")).toBe(cardNameKey("Lim-Dul's Vault"));
    expect(cardNameKey("Jötun Grunt")).toBe("jotun grunt");
    expect(cardNameKey("Séance")).toBe("seance");
    expect(cardNameKey("Nazgûl")).toBe("nazgul");
  });

  it("spells Æ as ae", () => {
    expect(cardNameKey("Æther Vial")).toBe(cardNameKey("Aether Vial"));
    expect(cardNameKey("Æther Vial")).toBe("aether vial");
  });

  it("makes curly apostrophes straight and drops double quotes", () => {
    expect(cardNameKey("Lim-Dûl’s Vault")).toBe("lim-dul's vault");
    expect(cardNameKey("Atraxa, Praetors‘ Voice")).toBe(cardNameKey("Atraxa, Praetors' Voice"));
    expect(cardNameKey("“Ach! Hans, Run!”")).toBe("ach! hans, run!");
    expect(cardNameKey('"Ach! Hans, Run!"')).toBe(cardNameKey("Ach! Hans, Run!"));
  });

  it("lower-cases and collapses whitespace", () => {
    expect(cardNameKey("  Lightning\t  BOLT ")).toBe("lightning bolt");
    expect(cardNameKey("Borrowing 100,000 Arrows")).toBe("borrowing 100,000 arrows");
  });

  it("CR 709: writes any slash between a split card's halves as ' // '", () => {
    for (const written of ["Fire/Ice", "Fire / Ice", "Fire//Ice", "Fire // Ice", "fire ///  ice"])
      expect(cardNameKey(written)).toBe("fire // ice");
  });

  it("CR 712, 715: the front key is the first face's", () => {
    expect(cardFrontKey("Delver of Secrets // Insectile Aberration")).toBe("delver of secrets");
    expect(cardFrontKey("Bonecrusher Giant // Stomp")).toBe("bonecrusher giant");
    expect(cardFrontKey("Fire/Ice")).toBe("fire");
    expect(cardFrontKey("Lightning Bolt")).toBe("lightning bolt");
  });

  it("gives anything that is not text the empty key", () => {
    expect(cardNameKey(undefined)).toBe("");
    expect(cardNameKey(42)).toBe("");
    expect(cardFrontKey({ name: "Fire" })).toBe("");
  });
});

const NAMES = [
  "Lightning Bolt",
  "Lightning Helix",
  "Lightning Axe",
  "Counterspell",
  "Thoughtseize",
  "Delver of Secrets // Insectile Aberration",
  "Bonecrusher Giant // Stomp",
  "Fire // Ice",
  "Lim-Dûl's Vault",
  "Atraxa, Praetors' Voice",
  "Forest",
  "Island",
];

describe("CR 201: suggestions for a name the database does not know", () => {
  it("finds a name one typo away (a swap of neighbours counts once)", () => {
    expect(suggestCardNames("Thoughtsieze", NAMES)[0]).toBe("Thoughtseize");
    expect(suggestCardNames("Lightnig Bolt", NAMES)[0]).toBe("Lightning Bolt");
    expect(suggestCardNames("Counter spell", NAMES)[0]).toBe("Counterspell");
  });

  it("prefers names that start with what was written, then the closest length", () => {
    expect(suggestCardNames("Lightning", NAMES)).toEqual([
      "Lightning Axe",
      "Lightning Bolt",
      "Lightning Helix",
    ]);
    expect(suggestCardNames("Atraxa", NAMES)).toEqual(["Atraxa, Praetors' Voice"]);
  });

  it("CR 712: matches a misspelled front face of a double-faced card", () => {
    expect(suggestCardNames("Delver of Secret", NAMES)[0]).toBe(
      "Delver of Secrets // Insectile Aberration",
    );
    expect(suggestCardNames("Bonecrusher Gaint", NAMES)).toEqual(["Bonecrusher Giant // Stomp"]);
  });

  it("ignores accents and curly apostrophes in the query", () => {
    expect(suggestCardNames("Lim Dul’s Vault", NAMES)).toEqual(["Lim-Dûl's Vault"]);
  });

  it("suggests nothing far away, and at most `limit` names", () => {
    expect(suggestCardNames("Black Lotus", NAMES)).toEqual([]);
    expect(suggestCardNames("Lightning", NAMES, 2)).toHaveLength(2);
    expect(suggestCardNames("Lightning", NAMES, 0)).toEqual([]);
    expect(suggestCardNames("", NAMES)).toEqual([]);
  });

  it("answers the same from an index as from the list", () => {
    const index = indexCardNames(NAMES);
    for (const query of ["Lightning", "Thoughtsieze", "Fire/Ice", "Islnad"])
      expect(suggestCardNames(query, index)).toEqual(suggestCardNames(query, NAMES));
  });

  it("is fast enough over 35,000 names", () => {
    const names = Array.from({ length: 35_000 }, (_, i) => `${NAMES[i % NAMES.length]} ${i}`);
    const index = indexCardNames(names);
    const started = performance.now();
    for (const query of ["Lightnig Bolt 123", "Thoughtsieze", "Counter spell 7", "Qwerty"])
      suggestCardNames(query, index);
    expect((performance.now() - started) / 4).toBeLessThan(150);
  });

  it("ignores entries that are not names, and answers nothing for garbage", () => {
    expect(suggestCardNames("Forest", ["Forest", 3, null])).toEqual(["Forest"]);
    expect(suggestCardNames("Forest", null)).toEqual([]);
    expect(suggestCardNames({}, NAMES)).toEqual([]);
    expect(suggestCardNames("Forest", { names: [1], keys: [], fronts: [] })).toEqual([]);
  });
});
