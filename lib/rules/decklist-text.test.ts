import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  DECKLIST_MAX_CHARACTERS,
  DECKLIST_MAX_LINES,
  type DecklistError,
  type ParsedDecklist,
  parseDecklist,
} from "./decklist-text";

function read(text: string, options?: Parameters<typeof parseDecklist>[1]): ParsedDecklist {
  const parsed = parseDecklist(text, options);
  if (!parsed.ok) throw new Error(render(parsed.error));
  return parsed.value;
}

function refused(text: unknown): DecklistError {
  const parsed = parseDecklist(text);
  if (parsed.ok) throw new Error(`expected a refusal for ${JSON.stringify(text)}`);
  return parsed.error;
}

/** A section as "count name" pairs, the shape a test reads at a glance. */
const names = (entries: ParsedDecklist["main"]) => entries.map((e) => [e.count, e.name]);

describe("decklist text: plain and Magic Online lists", () => {
  it("CR 100.2a: '4 Lightning Bolt', '4x Lightning Bolt' and '4 x Lightning Bolt' are four copies", () => {
    const deck = read("4 Lightning Bolt\n3x Shock\n2 x Duress\n1X Xenagos, the Reveler\n2 Xira");
    expect(names(deck.main)).toEqual([
      [4, "Lightning Bolt"],
      [3, "Shock"],
      [2, "Duress"],
      [1, "Xenagos, the Reveler"],
      [2, "Xira"],
    ]);
    expect(deck.main[0]!.lines).toEqual([1]);
  });

  it("CR 100.4a: MTGO .txt — a blank line after the main deck starts the sideboard", () => {
    const deck = read("4 Lightning Bolt\n20 Mountain\n\n2 Duress\n1 Shock\n");
    expect(names(deck.main)).toEqual([
      [4, "Lightning Bolt"],
      [20, "Mountain"],
    ]);
    expect(names(deck.sideboard)).toEqual([
      [2, "Duress"],
      [1, "Shock"],
    ]);
  });

  it("CR 100.4a: blank lines before the main deck start nothing; a Sideboard header makes blank lines plain separators", () => {
    expect(names(read("\n\n4 Shock\n").main)).toEqual([[4, "Shock"]]);
    const deck = read("4 Shock\n\n20 Mountain\n\nSideboard:\n2 Duress");
    expect(names(deck.main)).toEqual([
      [4, "Shock"],
      [20, "Mountain"],
    ]);
    expect(names(deck.sideboard)).toEqual([[2, "Duress"]]);
  });

  it("CR 100.4a: 'Sideboard', 'Sideboard:', 'SB:' and '// Sideboard' headers start the sideboard", () => {
    for (const header of ["Sideboard", "Sideboard:", "SB:", "sideboard (15)", "// Sideboard"]) {
      const deck = read(`4 Shock\n${header}\n2 Duress`);
      expect(names(deck.sideboard), header).toEqual([[2, "Duress"]]);
      expect(deck.ignored.map((i) => i.text)).toEqual([header]);
    }
  });

  it("CR 100.4a: old MTGO/MWS 'SB: 2 Duress' lines are sideboard cards wherever they stand", () => {
    const deck = read("4 Shock\nSB: 2 Duress\n20 Mountain\nSB:1 Lightning Bolt");
    expect(names(deck.main)).toEqual([
      [4, "Shock"],
      [20, "Mountain"],
    ]);
    expect(names(deck.sideboard)).toEqual([
      [2, "Duress"],
      [1, "Lightning Bolt"],
    ]);
  });

  it("CR 903.5a: a Commander list can ask that a blank line start no sideboard", () => {
    const deck = read("1 Atraxa, Praetors' Voice\n\n1 Sol Ring", {
      blankLineStartsSideboard: false,
    });
    expect(deck.sideboard).toEqual([]);
    expect(names(deck.main)).toHaveLength(2);
  });

  it("CR 100.2a: the same name twice in a section adds up, keeping every line number; case does not split it", () => {
    const deck = read("2 Lightning Bolt\n1 Shock\n2 lightning bolt\n\n1 Lightning Bolt");
    expect(deck.main[0]).toEqual({ count: 4, name: "Lightning Bolt", lines: [1, 3] });
    expect(deck.sideboard[0]).toEqual({ count: 1, name: "Lightning Bolt", lines: [5] });
  });
});

describe("decklist text: MTG Arena exports", () => {
  const arena = [
    "About",
    "Name Mono Red Burn",
    "",
    "Companion",
    "1 Lurrus of the Dream-Den (IKO) 226",
    "",
    "Deck",
    "4 Lightning Bolt (M11) 149",
    "1 Fire // Ice (MH2) 290",
    "20 Mountain (ANB) 115",
    "",
    "Sideboard",
    "2 Duress (M21) 96",
  ].join("\n");

  it("CR 100.2a, 702.139a: Deck, Companion and Sideboard headers; About and Name lines are left out", () => {
    const deck = read(arena);
    expect(names(deck.main)).toEqual([
      [4, "Lightning Bolt"],
      [1, "Fire // Ice"],
      [20, "Mountain"],
    ]);
    expect(names(deck.companions)).toEqual([[1, "Lurrus of the Dream-Den"]]);
    expect(names(deck.sideboard)).toEqual([[2, "Duress"]]);
    expect(deck.ignored.map((i) => i.line)).toEqual([1, 2, 4, 7, 12]);
  });

  it("CR 100.2a: copies count by name, so the set code, collector number and foil or etched marks are dropped", () => {
    const deck = read(
      "1 Sol Ring (C21) 263 *F*\n1 Arcane Signet (PLST) ELD-331 *E*\n1 Fire // Ice (MH2)\n1 B.F.M. (Big Furry Monster)",
    );
    expect(deck.main.map((e) => e.name)).toEqual([
      "Sol Ring",
      "Arcane Signet",
      "Fire // Ice",
      "B.F.M. (Big Furry Monster)",
    ]);
  });

  it("CR 903.3: a Commander section, and a Moxfield *CMDR* line, name the commanders", () => {
    const arenaCommander = read(
      "Commander\n1 Atraxa, Praetors' Voice (2X2) 190\n\nDeck\n1 Sol Ring",
    );
    expect(names(arenaCommander.commanders)).toEqual([[1, "Atraxa, Praetors' Voice"]]);
    expect(names(arenaCommander.main)).toEqual([[1, "Sol Ring"]]);
    const moxfield = read(
      "1 Sol Ring\n1 Atraxa, Praetors' Voice *CMDR*\n1 Tymna the Weaver (C16) 48 *F* *CMDR*",
    );
    expect(names(moxfield.commanders)).toEqual([
      [1, "Atraxa, Praetors' Voice"],
      [1, "Tymna the Weaver"],
    ]);
    expect(names(moxfield.main)).toEqual([[1, "Sol Ring"]]);
    expect(
      names(read("Commanders:\n1 Tymna the Weaver\n1 Thrasios, Triton Hero").commanders),
    ).toHaveLength(2);
  });
});

describe("decklist text: comments, whitespace and other shapes", () => {
  it("CR 100.2a: '#' and '//' at line start are comments, but 'Fire // Ice' is a name", () => {
    const deck = read("# my deck\n// burn\n4 Fire // Ice\n//Lands\n20 Mountain");
    expect(names(deck.main)).toEqual([
      [4, "Fire // Ice"],
      [20, "Mountain"],
    ]);
    expect(deck.ignored.map((i) => i.text)).toEqual(["# my deck", "// burn", "//Lands"]);
  });

  it("CR 100.2a: a BOM, CRLF or CR line ends, tabs, non-breaking and trailing spaces do not change a line", () => {
    const deck = read("\uFEFF4\tLightning  Bolt   \r\n20 Mountain\u00a0\r\n\r\n2 Duress\r1 Shock");
    expect(names(deck.main)).toEqual([
      [4, "Lightning Bolt"],
      [20, "Mountain"],
    ]);
    expect(names(deck.sideboard)).toEqual([
      [2, "Duress"],
      [1, "Shock"],
    ]);
    expect(deck.sideboard[1]!.lines).toEqual([5]);
  });

  it("CR 100.2a: card-type headings of sites' exports ('Creatures (20)', 'Lands') and Maybeboard cards are left out", () => {
    const deck = read(
      "Creatures (4)\n4 Goblin Guide\nInstants\n4 Lightning Bolt\nMaybeboard\n1 Shock",
    );
    expect(names(deck.main)).toEqual([
      [4, "Goblin Guide"],
      [4, "Lightning Bolt"],
    ]);
    expect(deck.ignored).toHaveLength(4);
  });

  it("an empty paste reads as an empty deck, for the deck rules to count", () => {
    expect(read("")).toEqual({
      main: [],
      sideboard: [],
      commanders: [],
      companions: [],
      ignored: [],
    });
  });
});

describe("decklist text: lines that cannot be read, and lists too long", () => {
  it("CR 100.2a: a line with no count, count 0, an absurd count or no name is refused, every such line named", () => {
    const error = refused("Lightning Bolt\n0 Shock\n4 Mountain\n251 Island\n7\n4.5 Duress");
    expect(error.code).toBe("UNREADABLE_DECKLIST");
    expect(error.problems.map((p) => [p.line, p.code, p.text])).toEqual([
      [1, "NO_COUNT", "Lightning Bolt"],
      [2, "COUNT_ZERO", "0 Shock"],
      [4, "COUNT_TOO_LARGE", "251 Island"],
      [5, "NO_NAME", "7"],
      [6, "NO_COUNT", "4.5 Duress"],
    ]);
    expect(render(error)).toBe(
      "5 lines of the list could not be read. Line 1 “Lightning Bolt” does not start with a number of copies, as in “4 Lightning Bolt”.",
    );
    expect(render(error.problems[2]!)).toBe(
      "Line 4 “251 Island”: a line can have at most 250 copies.",
    );
    expect(parseDecklist("250 Relentless Rats").ok).toBe(true);
  });

  it("a name longer than 150 characters is refused with its length", () => {
    const error = refused(`1 ${"A".repeat(151)}`);
    expect(render(error.problems[0]!)).toBe(
      "Line 1: a card name has at most 150 characters, and this one has 151.",
    );
    expect(parseDecklist(`1 ${"A".repeat(150)}`).ok).toBe(true);
  });

  it("a 2,000-line paste is refused at once with the numbers, never read line by line", () => {
    const text = Array.from({ length: 2000 }, (_, i) => `1 Card ${i}`).join("\n");
    const error = refused(text);
    expect(error.code).toBe("DECKLIST_TOO_LONG");
    expect(render(error)).toBe(
      `This is too long for a decklist: ${text.length} characters on 2000 lines. Paste at most ${DECKLIST_MAX_CHARACTERS} characters and ${DECKLIST_MAX_LINES} lines.`,
    );
  });

  it("the limits fit a 100-card Commander list with headers and a six-booster sealed pool, but not 401 lines", () => {
    const commander = [
      "Commander",
      "1 Atraxa, Praetors' Voice (2X2) 190",
      "",
      "Deck",
      ...Array.from({ length: 99 }, (_, i) => `1 A Reasonably Long Card Name ${i} (CMM) ${i}`),
    ].join("\n");
    expect(read(commander).main).toHaveLength(99);
    const pool = Array.from({ length: 90 }, (_, i) => `1 Pool Card ${i}`).join("\n");
    expect(read(pool).main).toHaveLength(90);
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `1 C${i}`).join("\n");
    expect(parseDecklist(lines(DECKLIST_MAX_LINES)).ok).toBe(true);
    expect(refused(lines(DECKLIST_MAX_LINES + 1)).code).toBe("DECKLIST_TOO_LONG");
    expect(refused("x".repeat(DECKLIST_MAX_CHARACTERS + 1)).code).toBe("DECKLIST_TOO_LONG");
    // A browser sends a text area's line breaks as CRLF: each counts once, as the player typed it.
    const typed = Array.from({ length: 395 }, (_, i) => `1 Card ${i} `.padEnd(49, "x"));
    const asSent = typed.join("\r\n");
    expect(typed.join("\n").length).toBeLessThanOrEqual(DECKLIST_MAX_CHARACTERS);
    expect(asSent.length).toBeGreaterThan(DECKLIST_MAX_CHARACTERS);
    expect(parseDecklist(asSent).ok).toBe(true);
  });

  it("a long line of spaces or a pathological name reads quickly (no backtracking blow-up)", () => {
    const started = performance.now();
    parseDecklist(`1 ${"(a) ".repeat(4000)}`);
    parseDecklist(`${"1".repeat(19_000)} x`);
    parseDecklist(`1 Card${" *F*".repeat(4000)}`);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("input that is not text is INVALID_INPUT", () => {
    expect(refused(42).code).toBe("INVALID_INPUT");
    expect(render(refused(null))).toBe("The decklist must be text, not null.");
  });
});
