import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import type { CardFacts } from "./card-facts";
import {
  type Deck,
  type DeckCheck,
  type DeckEntry,
  checkDeck,
  copyLimit,
  deckCounts,
  formatRulesFor,
  isAddableBasic,
  isBasicLand,
} from "./deck-legality";
import {
  ATRAXA,
  BLACK_LOTUS,
  DURESS,
  ELEVEN,
  FOREST,
  GRIZZLY_BEARS,
  ISLAND,
  LIGHTNING_BOLT,
  LURRUS,
  MIKE,
  MOUNTAIN,
  PIR,
  PLAINS,
  RAISED_BY_GIANTS,
  RELENTLESS_RATS,
  ROSE_TYLER,
  SEVEN_DWARVES,
  SHOCK,
  SMOTHERING_TITHE,
  SNOW_ISLAND,
  SOL_RING,
  SUSAN,
  SWAMP,
  TEFERI,
  TENTH_DOCTOR,
  THRASIOS,
  TOOTHY,
  TYMNA,
  WASTES,
  WILSON,
  card,
  copies,
  fillers,
} from "./testing/cards";

function rules(key: string) {
  const format = formatRulesFor(key);
  if (!format.ok) throw new Error(render(format.error));
  return format.value;
}

function deckOf(parts: Partial<Deck>): Deck {
  return { main: [], sideboard: [], commanders: [], companions: [], ...parts };
}

function check(key: string, parts: Partial<Deck>, pool?: DeckEntry[]): DeckCheck {
  const result = checkDeck({ format: rules(key), deck: deckOf(parts), ...(pool ? { pool } : {}) });
  if (!result.ok) throw new Error(render(result.error));
  return result.value;
}

/** The problems as code, rule and sentence: what a test reads. */
const problemsOf = (result: DeckCheck) =>
  result.problems.map((p) => ({ code: p.code, rule: p.rule, text: render(p) }));
const codesOf = (result: DeckCheck) => result.problems.map((p) => p.code);

// A 60-card red main deck: 4 Lightning Bolt, 4 Shock, 52 Mountain.
const burn = (bolts = 4, mountains = 52) => [
  copies(bolts, LIGHTNING_BOLT),
  copies(4, SHOCK),
  copies(mountains, MOUNTAIN),
];

describe("constructed: deck size and sideboard (CR 100.2a, 100.4a)", () => {
  it("CR 100.2a: a 60-card main deck is legal, 59 is not", () => {
    expect(check("modern", { main: burn() })).toMatchObject({ legal: true, problems: [] });
    expect(problemsOf(check("modern", { main: burn(4, 51) }))).toEqual([
      {
        code: "MAIN_DECK_TOO_SMALL",
        rule: "CR 100.2a",
        text: "The main deck has 59 cards: it needs at least 60 (CR 100.2a).",
      },
    ]);
  });

  it("CR 100.4a: a sideboard of 15 is legal, 16 is not", () => {
    expect(check("modern", { main: burn(), sideboard: fillers(15) }).legal).toBe(true);
    expect(problemsOf(check("modern", { main: burn(), sideboard: fillers(16) }))).toEqual([
      {
        code: "SIDEBOARD_TOO_LARGE",
        rule: "CR 100.4a",
        text: "The sideboard has 16 cards, companion included: at most 15 (CR 100.4a).",
      },
    ]);
  });

  it("CR 702.139a: a companion counts as one of the sideboard's 15 in constructed", () => {
    const companion = [copies(1, LURRUS)];
    expect(
      check("modern", { main: burn(), sideboard: fillers(14), companions: companion }).legal,
    ).toBe(true);
    expect(
      codesOf(check("modern", { main: burn(), sideboard: fillers(15), companions: companion })),
    ).toEqual(["SIDEBOARD_TOO_LARGE"]);
  });
});

describe("constructed: four of a card across main deck and sideboard (CR 100.2a, 100.4a)", () => {
  it("CR 100.2a: four copies are legal, five in the main deck are not", () => {
    expect(check("modern", { main: burn(4) }).legal).toBe(true);
    expect(problemsOf(check("modern", { main: burn(5) }))).toEqual([
      {
        code: "TOO_MANY_COPIES",
        rule: "CR 100.2a",
        text: "5 Lightning Bolt: at most 4 of a card (CR 100.2a).",
      },
    ]);
  });

  it("CR 100.4a: 3 in the main deck and 1 in the sideboard are legal; 4 and 1 are not", () => {
    expect(
      check("modern", { main: burn(3, 53), sideboard: [copies(1, LIGHTNING_BOLT)] }).legal,
    ).toBe(true);
    expect(
      problemsOf(check("modern", { main: burn(4), sideboard: [copies(1, LIGHTNING_BOLT)] })),
    ).toEqual([
      {
        code: "TOO_MANY_COPIES",
        rule: "CR 100.4a",
        text: "4 Lightning Bolt and 1 in the sideboard: at most 4 of a card (CR 100.4a).",
      },
    ]);
  });

  it("CR 100.2a: copies count by English name, even over two entries of the same card", () => {
    const main = [copies(2, SHOCK), copies(3, SHOCK), copies(55, MOUNTAIN)];
    expect(render(check("modern", { main }).problems[0]!)).toBe(
      "5 Shock: at most 4 of a card (CR 100.2a).",
    );
  });

  it("CR 100.2a, 205.4a: basic lands — Wastes and Snow-Covered basics included — have no limit", () => {
    const main = [copies(20, WASTES), copies(20, SNOW_ISLAND), copies(20, ISLAND)];
    expect(check("modern", { main }).legal).toBe(true);
    expect([WASTES, SNOW_ISLAND, ISLAND].map(isBasicLand)).toEqual([true, true, true]);
    expect(isBasicLand(card("Snow-Covered Dryad", "Snow Land — Forest"))).toBe(false);
  });

  it("CR 100.2a, 101.1: Relentless Rats says a deck can have any number: 30 are legal", () => {
    const main = [copies(30, RELENTLESS_RATS), copies(30, SWAMP)];
    expect(check("modern", { main }).legal).toBe(true);
    expect(copyLimit(RELENTLESS_RATS)).toBe(Number.POSITIVE_INFINITY);
  });

  it("CR 100.2a, 101.1: Seven Dwarves says up to seven: 7 are legal, 8 are not", () => {
    expect(check("modern", { main: [copies(7, SEVEN_DWARVES), copies(53, MOUNTAIN)] }).legal).toBe(
      true,
    );
    expect(
      problemsOf(
        check("modern", {
          main: [copies(7, SEVEN_DWARVES), copies(53, MOUNTAIN)],
          sideboard: [copies(1, SEVEN_DWARVES)],
        }),
      ),
    ).toEqual([
      {
        code: "TOO_MANY_COPIES",
        rule: "CR 100.4a",
        text: "7 Seven Dwarves and 1 in the sideboard: at most 7 of a card (CR 100.4a).",
      },
    ]);
    expect(copyLimit(SEVEN_DWARVES)).toBe(7);
  });

  it("CR 101.1: the override is read from the card's own text, not a list of names", () => {
    const invented = card("Hoard of Goblins", "Creature — Goblin", {
      oracleText: "Haste\nA deck can have up to 12 cards named Hoard of Goblins.",
    });
    expect(copyLimit(invented)).toBe(12);
    const namesAnother = card("Rat Herder", "Creature — Human", {
      oracleText: "A deck can have any number of cards named Relentless Rats.",
    });
    expect(copyLimit(namesAnother)).toBe(4);
    expect(copyLimit(GRIZZLY_BEARS, 1)).toBe(1);
  });
});

describe("constructed: banned, restricted and not legal cards (CR 100.6)", () => {
  it("CR 100.6: a restricted card in Vintage — one copy is legal, two are not", () => {
    const main = (lotus: number) => [copies(lotus, BLACK_LOTUS), copies(60 - lotus, ISLAND)];
    expect(check("vintage", { main: main(1) }).legal).toBe(true);
    expect(
      problemsOf(check("vintage", { main: main(1), sideboard: [copies(1, BLACK_LOTUS)] })),
    ).toEqual([
      {
        code: "RESTRICTED",
        rule: "CR 100.6",
        text: "1 Black Lotus and 1 in the sideboard: Black Lotus is restricted in Vintage, so at most 1 (CR 100.6).",
      },
    ]);
  });

  it("CR 100.6: a banned card is refused, even one copy in the sideboard", () => {
    expect(problemsOf(check("legacy", { main: burn(), sideboard: [copies(1, SOL_RING)] }))).toEqual(
      [{ code: "BANNED", rule: "CR 100.6", text: "Sol Ring is banned in Legacy (CR 100.6)." }],
    );
  });

  it("CR 100.6: a card not legal in the format is refused; the same deck is legal where it is", () => {
    expect(problemsOf(check("standard", { main: burn() }))).toEqual([
      {
        code: "NOT_LEGAL",
        rule: "CR 100.6",
        text: "Lightning Bolt is not legal in Standard (CR 100.6).",
      },
    ]);
    expect(check("pioneer", { main: burn() }).legal).toBe(true);
    const unknown = card("Mystery Card", "Instant", { legalities: {} });
    delete (unknown.legalities as Record<string, unknown>).pauper;
    expect(codesOf(check("pauper", { main: [copies(1, unknown), copies(59, ISLAND)] }))).toEqual([
      "NOT_LEGAL",
    ]);
  });

  it("CR 903.1: a constructed deck names no commander", () => {
    expect(problemsOf(check("modern", { main: burn(), commanders: [copies(1, ATRAXA)] }))).toEqual([
      {
        code: "COMMANDER_NOT_IN_FORMAT",
        rule: "CR 903.1",
        text: "1 card is listed as commander, but Modern decks have no commander (CR 903.1).",
      },
    ]);
  });
});

describe("companions (CR 702.139a)", () => {
  it("CR 702.139a: the companion's condition is left to a judge, as a note that never claims it is met", () => {
    const result = check("modern", { main: burn(), companions: [copies(1, LURRUS)] });
    expect(result.legal).toBe(true);
    expect(result.notes.map((n) => [n.code, n.rule, render(n)])).toEqual([
      [
        "COMPANION_CONDITION_UNCHECKED",
        "CR 702.139a",
        "Companion Lurrus of the Dream-Den: a judge checks that the deck meets its condition (CR 702.139a).",
      ],
    ]);
  });

  it("CR 702.139a: one companion only, and only a card with the companion ability", () => {
    expect(
      problemsOf(
        check("modern", { main: burn(), companions: [copies(1, LURRUS), copies(1, DURESS)] }),
      ),
    ).toEqual([
      {
        code: "TOO_MANY_COMPANIONS",
        rule: "CR 702.139a",
        text: "The deck names 2 companions: at most 1 (CR 702.139a).",
      },
      {
        code: "NOT_A_COMPANION",
        rule: "CR 702.139a",
        text: "Duress has no companion ability, so it cannot be your companion (CR 702.139a).",
      },
    ]);
  });
});

describe("limited: the pool and basic lands (CR 100.2b; MTR 7.1, 7.2)", () => {
  const pool = [...fillers(23, [], "Pool"), copies(2, SHOCK), copies(1, SNOW_ISLAND)];
  const spells = fillers(23, [], "Pool");

  it("CR 100.2b: 40 cards with added basics are legal, 39 are not", () => {
    const main = [...spells, copies(9, MOUNTAIN), copies(8, ISLAND)];
    expect(check("sealed", { main }, pool).legal).toBe(true);
    expect(problemsOf(check("draft", { main: [...spells, copies(16, MOUNTAIN)] }, pool))).toEqual([
      {
        code: "MAIN_DECK_TOO_SMALL",
        rule: "CR 100.2b",
        text: "The main deck has 39 cards: it needs at least 40 (CR 100.2b).",
      },
    ]);
  });

  it("MTR 7.2: a card not in the pool is refused, in the main deck or the sideboard", () => {
    const main = [...spells, copies(17, MOUNTAIN)];
    expect(
      problemsOf(check("sealed", { main, sideboard: [copies(1, LIGHTNING_BOLT)] }, pool)),
    ).toEqual([
      {
        code: "NOT_IN_POOL",
        rule: "MTR 7.2",
        text: "1 Lightning Bolt: Lightning Bolt is not in your card pool (MTR 7.2).",
      },
    ]);
  });

  it("CR 100.2b: as many copies as the pool holds — 2 Shock are legal, 3 are not; no four-of rule", () => {
    const main = [...spells, copies(15, MOUNTAIN)];
    expect(check("sealed", { main: [...main, copies(2, SHOCK)] }, pool).legal).toBe(true);
    expect(
      problemsOf(
        check("sealed", { main: [...main, copies(2, SHOCK)], sideboard: [copies(1, SHOCK)] }, pool),
      ),
    ).toEqual([
      {
        code: "MORE_THAN_POOL",
        rule: "CR 100.2b",
        text: "3 Shock: your card pool has only 2 copies (CR 100.2b).",
      },
    ]);
    const sixBears = [copies(6, GRIZZLY_BEARS)];
    expect(
      check("draft", { main: [...sixBears, ...fillers(34, [], "Pool")] }, [
        ...sixBears,
        ...fillers(34, [], "Pool"),
      ]).legal,
    ).toBe(true);
  });

  it("MTR 7.2: Plains, Island, Swamp, Mountain and Forest may be added; Snow-Covered basics and Wastes only as the pool has them", () => {
    expect([PLAINS, ISLAND, SWAMP, MOUNTAIN, FOREST].every(isAddableBasic)).toBe(true);
    expect([SNOW_ISLAND, WASTES].some(isAddableBasic)).toBe(false);
    const main = [...spells, copies(15, ISLAND)];
    expect(
      check("sealed", { main: [...main, copies(1, SNOW_ISLAND), copies(1, ISLAND)] }, pool).legal,
    ).toBe(true);
    expect(
      problemsOf(
        check("sealed", { main: [...main, copies(1, SNOW_ISLAND), copies(1, WASTES)] }, pool),
      ),
    ).toEqual([
      {
        code: "NOT_IN_POOL",
        rule: "MTR 7.2",
        text: "1 Wastes: Wastes is not in your card pool (MTR 7.2).",
      },
    ]);
    expect(codesOf(check("sealed", { main: [...main, copies(2, SNOW_ISLAND)] }, pool))).toEqual([
      "MORE_THAN_POOL",
    ]);
  });

  it("CR 100.2b: the rest of the pool is the sideboard, so a limited sideboard has no size limit", () => {
    const main = [...fillers(23, [], "Pool"), copies(17, FOREST)];
    expect(check("sealed", { main, sideboard: [copies(40, ISLAND)] }, pool).legal).toBe(true);
  });

  it("a limited deck checked without its pool is INVALID_INPUT", () => {
    const result = checkDeck({ format: rules("sealed"), deck: deckOf({ main: spells }) });
    expect(result.ok || [result.error.code, render(result.error)]).toEqual([
      "INVALID_INPUT",
      "In Sealed Deck, a deck is checked against the player's card pool, and the pool is missing.",
    ]);
  });
});

describe("Commander: deck size and singleton (CR 903.5a, 903.5b)", () => {
  const ninetyNine = (n = 99, colors = ["W", "U", "B", "G"]) => fillers(n, colors);

  it("CR 903.5a: 99 cards and a commander are legal; 98 and a commander are not", () => {
    expect(
      check("commander", { commanders: [copies(1, ATRAXA)], main: ninetyNine() }),
    ).toMatchObject({ legal: true, counts: { main: 99, commanders: 1 } });
    expect(
      problemsOf(check("commander", { commanders: [copies(1, ATRAXA)], main: ninetyNine(98) })),
    ).toEqual([
      {
        code: "DECK_SIZE",
        rule: "CR 903.5a",
        text: "The deck has 99 cards, 1 commander included: a Commander deck has exactly 100 (CR 903.5a).",
      },
    ]);
    expect(
      codesOf(check("commander", { commanders: [copies(1, ATRAXA)], main: ninetyNine(100) })),
    ).toEqual(["DECK_SIZE"]);
  });

  it("CR 903.5b: one of each card other than basic lands; a second Sol Ring is refused", () => {
    const main = [...ninetyNine(60), copies(1, SOL_RING), copies(38, ISLAND)];
    expect(check("commander", { commanders: [copies(1, ATRAXA)], main }).legal).toBe(true);
    const twice = [...ninetyNine(59), copies(2, SOL_RING), copies(38, ISLAND)];
    expect(
      problemsOf(check("commander", { commanders: [copies(1, ATRAXA)], main: twice })),
    ).toEqual([
      {
        code: "TOO_MANY_COPIES",
        rule: "CR 903.5b",
        text: "2 Sol Ring: at most 1 of a card (CR 903.5b).",
      },
    ]);
  });

  it("CR 903.5b, 101.1: Relentless Rats may fill a Commander deck; Seven Dwarves stops at 7", () => {
    const rats = [copies(60, RELENTLESS_RATS), copies(39, SWAMP)];
    expect(check("commander", { commanders: [copies(1, ATRAXA)], main: rats }).legal).toBe(true);
    const dwarves = card("Dwarf Lord", "Legendary Creature — Dwarf", { colorIdentity: ["R"] });
    expect(
      codesOf(
        check("commander", {
          commanders: [copies(1, dwarves)],
          main: [copies(8, SEVEN_DWARVES), copies(91, MOUNTAIN)],
        }),
      ),
    ).toEqual(["TOO_MANY_COPIES"]);
    expect(
      check("commander", {
        commanders: [copies(1, dwarves)],
        main: [copies(7, SEVEN_DWARVES), copies(92, MOUNTAIN)],
      }).legal,
    ).toBe(true);
  });

  it("CR 903.5e: a Commander deck has no sideboard", () => {
    expect(
      problemsOf(
        check("commander", {
          commanders: [copies(1, ATRAXA)],
          main: ninetyNine(),
          sideboard: [copies(2, SMOTHERING_TITHE)],
        }),
      ),
    ).toEqual([
      {
        code: "SIDEBOARD_NOT_USED",
        rule: "CR 903.5e",
        text: "A Commander deck has no sideboard: move or remove the 2 sideboard cards (CR 903.5e).",
      },
    ]);
  });
});

describe("Commander: color identity (CR 903.4, 903.5c)", () => {
  it("CR 903.5c: a card outside the commander's color identity is refused", () => {
    const main = [...fillers(98, ["G"]), copies(1, LIGHTNING_BOLT)];
    expect(problemsOf(check("commander", { commanders: [copies(1, ATRAXA)], main }))).toEqual([
      {
        code: "OUTSIDE_COLOR_IDENTITY",
        rule: "CR 903.5c",
        text: "Lightning Bolt is outside your commander's color identity: its colors are red, the commander's white, blue, black, green (CR 903.5c).",
      },
    ]);
  });

  it("CR 903.5c: basic lands are not exempt — a Mountain in a green deck is refused; Wastes is colorless and fits any", () => {
    const bear = card("Bear Lord", "Legendary Creature — Bear", { colorIdentity: ["G"] });
    const main = [copies(50, FOREST), copies(48, WASTES), copies(1, MOUNTAIN)];
    expect(problemsOf(check("commander", { commanders: [copies(1, bear)], main }))).toEqual([
      {
        code: "OUTSIDE_COLOR_IDENTITY",
        rule: "CR 903.5c",
        text: "Mountain is outside your commander's color identity: its colors are red, the commander's green (CR 903.5c).",
      },
    ]);
    const colorless = card("Kozilek, the Great Distortion", "Legendary Creature — Eldrazi");
    expect(
      render(
        check("commander", { commanders: [copies(1, colorless)], main: [copies(99, FOREST)] })
          .problems[0]!,
      ),
    ).toContain("the commander's colorless");
    expect(
      check("commander", { commanders: [copies(1, colorless)], main: [copies(99, WASTES)] }).legal,
    ).toBe(true);
  });

  it("CR 702.124c: two commanders' color identities combine", () => {
    const main = [...fillers(49, ["W", "B"]), ...fillers(49, ["G", "U"], "Other")];
    expect(
      check("commander", { commanders: [copies(1, TYMNA), copies(1, THRASIOS)], main }).legal,
    ).toBe(true);
  });
});

describe("Commander: who can be the commander (CR 903.3)", () => {
  it("CR 903.3: a non-legendary creature cannot be the commander", () => {
    expect(
      problemsOf(
        check("commander", { commanders: [copies(1, GRIZZLY_BEARS)], main: fillers(99, ["G"]) }),
      ),
    ).toEqual([
      {
        code: "NOT_A_COMMANDER",
        rule: "CR 903.3",
        text: "Grizzly Bears cannot be your commander: a commander is a legendary creature or Vehicle, or a card that says it can be your commander (CR 903.3).",
      },
    ]);
  });

  it("CR 903.3a: a planeswalker that says it can be your commander can; a legendary Vehicle can too", () => {
    expect(
      check("commander", { commanders: [copies(1, TEFERI)], main: fillers(99, ["U"]) }).legal,
    ).toBe(true);
    const vehicle = card("Parhelion II", "Legendary Artifact — Vehicle", { colorIdentity: ["W"] });
    expect(check("commander", { commanders: [copies(1, vehicle)], main: fillers(99) }).legal).toBe(
      true,
    );
    const land = card("Urza's Saga", "Enchantment Land — Urza's Saga");
    expect(
      codesOf(check("commander", { commanders: [copies(1, land)], main: fillers(99) })),
    ).toEqual(["NOT_A_COMMANDER"]);
  });

  it("CR 903.3: a legendary creature is read from the front face only", () => {
    const flip = card(
      "Legion's Landing // Adanto, the First Fort",
      "Legendary Enchantment // Legendary Land",
      {
        colorIdentity: ["W"],
      },
    );
    const mdfc = card(
      "Valki, God of Lies // Tibalt, Cosmic Impostor",
      "Legendary Creature — God // Legendary Planeswalker — Tibalt",
      {
        colorIdentity: ["B", "R"],
      },
    );
    expect(
      codesOf(check("commander", { commanders: [copies(1, flip)], main: fillers(99) })),
    ).toEqual(["NOT_A_COMMANDER"]);
    expect(check("commander", { commanders: [copies(1, mdfc)], main: fillers(99) }).legal).toBe(
      true,
    );
  });

  it("CR 903.3: a legendary Spacecraft is a commander only with a power/toughness box, which a judge checks", () => {
    const ship = card("Uthros Flagship", "Legendary Artifact — Spacecraft", {
      colorIdentity: ["U"],
    });
    const result = check("commander", { commanders: [copies(1, ship)], main: fillers(99) });
    expect(result.legal).toBe(true);
    expect(result.notes.map((n) => n.code)).toEqual(["SPACECRAFT_COMMANDER_UNCHECKED"]);
  });

  it("CR 903.3: no commander at all is refused; CR 702.124g: never more than two", () => {
    expect(problemsOf(check("commander", { main: fillers(100) }))).toEqual([
      { code: "NO_COMMANDER", rule: "CR 903.3", text: "The deck names no commander (CR 903.3)." },
    ]);
    expect(
      codesOf(
        check("commander", {
          commanders: [copies(1, TYMNA), copies(1, THRASIOS), copies(1, ATRAXA)],
          main: fillers(97),
        }),
      ),
    ).toContain("TOO_MANY_COMMANDERS");
  });

  it("CR 100.6: a commander banned in Commander is refused as commander too", () => {
    const banned = card("Golos, Tireless Pilgrim", "Legendary Artifact Creature — Scout", {
      legalities: { commander: "banned" },
    });
    expect(
      problemsOf(check("commander", { commanders: [copies(1, banned)], main: fillers(99) })),
    ).toEqual([
      {
        code: "BANNED",
        rule: "CR 100.6",
        text: "Golos, Tireless Pilgrim is banned in Commander (CR 100.6).",
      },
    ]);
    const main = [...fillers(98, ["W", "U", "B", "G"]), copies(1, BLACK_LOTUS)];
    expect(codesOf(check("commander", { commanders: [copies(1, ATRAXA)], main }))).toEqual([
      "BANNED",
    ]);
  });
});

describe("Commander: two commanders (CR 702.124)", () => {
  const pair = (a: CardFacts, b: CardFacts) =>
    check("commander", {
      commanders: [copies(1, a), copies(1, b)],
      main: fillers(98),
    });

  it("CR 702.124h: two cards with partner are a legal pair", () => {
    expect(pair(TYMNA, THRASIOS)).toMatchObject({ legal: true, counts: { commanders: 2 } });
  });

  it("CR 702.124b: two commanders and 98 cards are exactly 100; 99 more are not", () => {
    expect(
      problemsOf(
        check("commander", {
          commanders: [copies(1, TYMNA), copies(1, THRASIOS)],
          main: fillers(99),
        }),
      ),
    ).toEqual([
      {
        code: "DECK_SIZE",
        rule: "CR 702.124b",
        text: "The deck has 101 cards, 2 commanders included: a Commander deck has exactly 100 (CR 702.124b).",
      },
    ]);
  });

  it("CR 702.124h: partner needs partner on both; a partner with a plain legend is refused", () => {
    expect(problemsOf(pair(TYMNA, ATRAXA))).toEqual([
      {
        code: "COMMANDERS_NOT_A_PAIR",
        rule: "CR 702.124h",
        text: "Tymna the Weaver and Atraxa, Praetors' Voice cannot be commanders together (CR 702.124h).",
      },
    ]);
    expect(pair(ATRAXA, GRIZZLY_BEARS).problems.map((p) => [p.code, p.rule])).toEqual([
      ["COMMANDERS_NOT_A_PAIR", "CR 702.124a"],
      ["NOT_A_COMMANDER", "CR 903.3"],
    ]);
  });

  it("CR 702.124j: 'partner with' pairs only the two cards that name each other", () => {
    expect(pair(PIR, TOOTHY).legal).toBe(true);
    expect(problemsOf(pair(PIR, THRASIOS)).map((p) => p.rule)).toEqual(["CR 702.124j"]);
  });

  it("CR 702.124i: both 'Friends forever' (keyword or Partner—Friends forever) are a pair; CR 702.124f: not with plain partner", () => {
    expect(pair(ELEVEN, MIKE).legal).toBe(true);
    expect(problemsOf(pair(ELEVEN, TYMNA)).map((p) => p.rule)).toEqual(["CR 702.124i"]);
  });

  it("CR 702.124k: 'Choose a Background' pairs with a legendary Background enchantment, which alone is no commander", () => {
    expect(pair(WILSON, RAISED_BY_GIANTS).legal).toBe(true);
    expect(pair(RAISED_BY_GIANTS, WILSON).legal).toBe(true);
    expect(problemsOf(pair(WILSON, ATRAXA)).map((p) => [p.code, p.rule])).toEqual([
      ["COMMANDERS_NOT_A_PAIR", "CR 702.124k"],
    ]);
    expect(
      problemsOf(
        check("commander", { commanders: [copies(1, RAISED_BY_GIANTS)], main: fillers(99) }),
      ),
    ).toEqual([
      {
        code: "NOT_A_COMMANDER",
        rule: "CR 702.124k",
        text: "Raised by Giants cannot be your commander: a commander is a legendary creature or Vehicle, or a card that says it can be your commander (CR 702.124k).",
      },
    ]);
    expect(codesOf(pair(TYMNA, RAISED_BY_GIANTS))).toEqual([
      "COMMANDERS_NOT_A_PAIR",
      "NOT_A_COMMANDER",
    ]);
  });

  it("CR 702.124m: 'Doctor's companion' pairs with a Time Lord Doctor with no other creature types", () => {
    expect(pair(ROSE_TYLER, TENTH_DOCTOR).legal).toBe(true);
    expect(pair(TENTH_DOCTOR, ROSE_TYLER).legal).toBe(true);
    expect(problemsOf(pair(ROSE_TYLER, SUSAN)).map((p) => p.rule)).toEqual(["CR 702.124m"]);
    const rogue = card("Doctor Rogue", "Legendary Creature — Time Lord Doctor Rogue");
    expect(pair(ROSE_TYLER, rogue).legal).toBe(false);
  });

  it("CR 903.5b: the same partner twice is no pair", () => {
    expect(codesOf(pair(TYMNA, TYMNA))).toEqual(["COMMANDERS_NOT_A_PAIR", "TOO_MANY_COPIES"]);
  });
});

describe("Commander: the companion outside the 100 (CR 702.139a, 903.11a)", () => {
  const deck = (companion: CardFacts, main = fillers(99, ["W", "B"])) =>
    check("commander", {
      commanders: [copies(1, TYMNA)],
      main,
      companions: [copies(1, companion)],
    });

  it("CR 702.139a: a companion is not one of the 100; its condition is a judge's note", () => {
    const result = deck(LURRUS);
    expect(result).toMatchObject({ legal: true, counts: { main: 99, companions: 1 } });
    expect(result.notes.map((n) => n.code)).toEqual(["COMPANION_CONDITION_UNCHECKED"]);
  });

  it("CR 903.11a: a companion outside the commander's identity, or named like a card of the deck, is refused", () => {
    const red = card("Lutri, the Spellchaser", "Legendary Creature — Elemental Otter", {
      colorIdentity: ["U", "R"],
      keywords: ["Companion", "Flash"],
    });
    expect(codesOf(deck(red))).toEqual(["OUTSIDE_COLOR_IDENTITY"]);
    expect(problemsOf(deck(LURRUS, [...fillers(98, ["W"]), copies(1, LURRUS)]))).toEqual([
      {
        code: "COMPANION_IN_DECK",
        rule: "CR 903.11a",
        text: "Lurrus of the Dream-Den is your companion and also in your deck: a companion must have a name no card in the deck has (CR 903.11a).",
      },
    ]);
  });
});

describe("input that is not a deck (totality)", () => {
  const valid = { format: rules("modern"), deck: deckOf({ main: burn() }) };

  it("counts of 0, negative, fractional or absurd are INVALID_NUMBER, naming the card and the section", () => {
    for (const count of [0, -1, 2.5, 251, Number.NaN, "4"]) {
      const result = checkDeck({
        ...valid,
        deck: deckOf({ main: burn(), sideboard: [{ count, card: SHOCK } as never] }),
      });
      expect(result.ok ? "ok" : result.error.code, String(count)).toBe("INVALID_NUMBER");
    }
    const result = checkDeck({
      ...valid,
      deck: deckOf({ main: [{ count: 0, card: SHOCK }] }),
    });
    expect(result.ok || render(result.error)).toBe(
      "Shock in the main deck has 0 copies: it must be a whole number from 1 to 250.",
    );
  });

  it("a deck entry without a card, a section that is not a list, and an unknown format are refused", () => {
    const noCard = checkDeck({ ...valid, deck: deckOf({ main: [{ count: 1 } as never] }) });
    expect(noCard.ok || render(noCard.error)).toBe(
      "Entry 1 of the main deck does not name a card.",
    );
    const notList = checkDeck({ ...valid, deck: { main: "4 Shock" } as never });
    expect(notList.ok || notList.error.code).toBe("INVALID_INPUT");
    const format = formatRulesFor("two-headed-pauper");
    expect(format.ok || [format.error.code, render(format.error)]).toEqual([
      "INVALID_FORMAT",
      'Decks can be checked for standard, pioneer, modern, legacy, vintage, pauper, sealed, draft, commander, not "two-headed-pauper".',
    ]);
    expect(checkDeck({ format: { kind: "constructed" }, deck: valid.deck } as never).ok).toBe(
      false,
    );
  });

  it("deckCounts adds each section, leaving out entries that are not counts", () => {
    expect(deckCounts(deckOf({ main: burn(), sideboard: [copies(3, DURESS)] }))).toEqual({
      main: 60,
      sideboard: 3,
      commanders: 0,
      companions: 0,
    });
    expect(deckCounts({ main: [{ count: -2 }, { count: 1 }] } as never).main).toBe(1);
    expect(deckCounts(null as never)).toEqual({
      main: 0,
      sideboard: 0,
      commanders: 0,
      companions: 0,
    });
  });

  it("every format the app offers reads its own Scryfall legality key", () => {
    expect(
      ["standard", "pioneer", "modern", "legacy", "vintage", "pauper", "commander"].map((key) => {
        const format = rules(key);
        return "legalityKey" in format ? format.legalityKey : null;
      }),
    ).toEqual(["standard", "pioneer", "modern", "legacy", "vintage", "pauper", "commander"]);
    expect(rules("draft")).toEqual({ kind: "limited", key: "draft", minMainDeck: 40 });
    expect(rules(" Modern ")).toMatchObject({ key: "modern", legalityKey: "modern" });
  });
});
