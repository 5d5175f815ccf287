import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import type { CardFacts } from "./card-facts";
import {
  checkDecklistChange,
  checkPlayerListVersions,
  checkRegisteredDeck,
  type DecklistChangeInput,
  decklistNames,
  decklistSeat,
  decklistStanding,
  deckOfDecklist,
  entryDecklistStanding,
  isPlayerWindowOpen,
  mayViewDecklist,
  metagameOf,
  playersWithoutLegalList,
  storedEntries,
  teamDecklistStanding,
  unifiedDeckProblems,
  unknownCards,
} from "./decklists";
import { parseDecklist, type ParsedDecklist } from "./decklist-text";
import type { Message, RuleResult } from "./result";
import { sampleCard, sampleCards } from "./testing/sample-cards";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 11, 5, 9, 0);

const change = (overrides: Partial<DecklistChangeInput> = {}): DecklistChangeInput => ({
  by: "player",
  deckFormat: "modern",
  deadline: NOW + HOUR,
  isRoundOnePaired: false,
  now: NOW,
  ...overrides,
});

const code = (result: RuleResult<unknown>) => (result.ok ? "ok" : result.error.code);
const message = (result: RuleResult<unknown>) => (result.ok ? "" : render(result.error));

function parsed(text: string): ParsedDecklist {
  const read = parseDecklist(text);
  if (!read.ok) throw new Error(render(read.error));
  return read.value;
}

/** The sample cards a parsed list names (by Oracle name or front face), by lower-cased name as typed. */
function cardsOf(list: ParsedDecklist): Record<string, CardFacts> {
  const byFace = (name: string) =>
    [...sampleCards().values()].find((card) => card.faceNames[0] === name) ?? sampleCard(name);
  return Object.fromEntries(decklistNames(list).map((name) => [name.toLowerCase(), byFace(name)]));
}

const BURN = `4 Lightning Bolt
4 Monastery Swiftspear
4 Lava Spike
4 Rift Bolt
4 Skewer the Critics
4 Lightning Helix
4 Shock
4 Bonecrusher Giant
8 Mountain
20 Mountain

Sideboard
3 Counterspell`;

describe("who may change a registered decklist, and when (MTR 2.7, IPG 3.4)", () => {
  it("MTR 2.7: a player changes their own list until the deadline", () => {
    expect(checkDecklistChange(change())).toEqual({ ok: true, value: { isLate: false } });
    expect(isPlayerWindowOpen(change())).toBe(true);
    expect(isPlayerWindowOpen(change({ now: NOW + HOUR - 1 }))).toBe(true);
  });

  it("MTR 2.7: at the deadline the list is final for the player, who is told staff can change it", () => {
    const refused = checkDecklistChange(change({ now: NOW + HOUR }));
    expect(code(refused)).toBe("DEADLINE_PASSED");
    expect(message(refused)).toMatch(/Only staff can change it now/);
    expect(refused.ok ? "" : refused.error.rule).toBe("MTR 2.7");
    expect(isPlayerWindowOpen(change({ now: NOW + HOUR }))).toBe(false);
  });

  it("MTR 2.7: round 1 paired makes lists final even before a later deadline", () => {
    const refused = checkDecklistChange(change({ isRoundOnePaired: true }));
    expect(code(refused)).toBe("DEADLINE_PASSED");
    expect(message(refused)).toMatch(/^Round 1 is paired, so your list is final/);
    expect(isPlayerWindowOpen(change({ isRoundOnePaired: true }))).toBe(false);
  });

  it("MTR 2.7: with no deadline, the list is final once round 1 is paired", () => {
    expect(code(checkDecklistChange(change({ deadline: null })))).toBe("ok");
    const refused = checkDecklistChange(change({ deadline: null, isRoundOnePaired: true }));
    expect(code(refused)).toBe("DEADLINE_PASSED");
    expect(message(refused)).toMatch(/Round 1 is paired/);
  });

  it("IPG 3.4: after the deadline staff change a list only with a reason", () => {
    const late = change({ by: "staff", now: NOW + 2 * HOUR });
    const refused = checkDecklistChange(late);
    expect(code(refused)).toBe("CORRECTION_REASON_REQUIRED");
    expect(message(refused)).toMatch(/IPG 3\.4/);
    expect(code(checkDecklistChange({ ...late, reason: "   " }))).toBe(
      "CORRECTION_REASON_REQUIRED",
    );
    expect(checkDecklistChange({ ...late, reason: "Typo on the paper list" })).toEqual({
      ok: true,
      value: { isLate: true },
    });
  });

  it("IPG 3.4: before the deadline staff enter a paper list without a reason", () => {
    expect(checkDecklistChange(change({ by: "staff" }))).toEqual({
      ok: true,
      value: { isLate: false },
    });
  });

  it("MTR 2.7: an event without a decklist format takes no list, from anyone", () => {
    for (const by of ["player", "staff"] as const)
      expect(code(checkDecklistChange(change({ by, deckFormat: null, reason: "x" })))).toBe(
        "DECKLISTS_OFF",
      );
    expect(isPlayerWindowOpen(change({ deckFormat: null }))).toBe(false);
  });

  it("a format the deck rules do not know is refused, not guessed", () => {
    expect(code(checkDecklistChange(change({ deckFormat: "oathbreaker" })))).toBe("INVALID_FORMAT");
  });
});

describe("who may see a registered decklist (MTR 2.7: not public during the event)", () => {
  const view = (
    viewer: Parameters<typeof mayViewDecklist>[0]["viewer"],
    publication: "NONE" | "ALL" | "TOP_CUT",
    ownerInTopCut = false,
  ) => mayViewDecklist({ viewer, owner: "ana", publication, ownerInTopCut, areListsFinal: true });

  it("MTR 2.7: unpublished, a list is its player's and the staff's only", () => {
    expect(view("staff", "NONE")).toBe(true);
    expect(view({ player: "ana" }, "NONE")).toBe(true);
    expect(view({ player: "ben" }, "NONE")).toBe(false);
    expect(view("public", "NONE")).toBe(false);
    expect(view("public", "NONE", true)).toBe(false);
  });

  it("MTR 2.7: the organizer publishing every list shows each to anyone", () => {
    expect(view("public", "ALL")).toBe(true);
    expect(view({ player: "ben" }, "ALL")).toBe(true);
  });

  it("MTR 2.7: publishing the top cut's shows only the lists of players in the cut", () => {
    expect(view("public", "TOP_CUT", true)).toBe(true);
    expect(view({ player: "ben" }, "TOP_CUT", true)).toBe(true);
    expect(view("public", "TOP_CUT", false)).toBe(false);
    expect(view({ player: "ben" }, "TOP_CUT", false)).toBe(false);
    expect(view({ player: "ana" }, "TOP_CUT", false)).toBe(true);
  });

  it("MTR 2.7: published lists stay hidden while players may still change their own", () => {
    const early = (viewer: Parameters<typeof mayViewDecklist>[0]["viewer"]) =>
      mayViewDecklist({
        viewer,
        owner: "ana",
        publication: "ALL",
        ownerInTopCut: true,
        areListsFinal: false,
      });
    expect(early("public")).toBe(false);
    expect(early({ player: "ben" })).toBe(false);
    expect(early({ player: "ana" })).toBe(true);
    expect(early("staff")).toBe(true);
  });

  it("a viewer the rule cannot read sees nothing", () => {
    expect(
      mayViewDecklist({
        viewer: "judge" as never,
        owner: "ana",
        publication: "ALL",
        ownerInTopCut: true,
        areListsFinal: true,
      }),
    ).toBe(false);
    expect(mayViewDecklist(null as never)).toBe(false);
  });
});

describe("players without a legal list, dropped in one step before round 1 (MTR 2.10)", () => {
  const entries = [
    { id: "ana", isDropped: false, standing: "legal" as const },
    { id: "ben", isDropped: false, standing: "illegal" as const },
    { id: "cleo", isDropped: false, standing: "none" as const },
    { id: "dev", isDropped: true, standing: "none" as const },
  ];

  it("MTR 2.10: before round 1, those still in the event with no list or an illegal one", () => {
    expect(playersWithoutLegalList({ roundsPaired: 0, entries })).toEqual({
      ok: true,
      value: ["ben", "cleo"],
    });
  });

  it("MTR 2.10: once round 1 is paired the step is refused", () => {
    const refused = playersWithoutLegalList({ roundsPaired: 1, entries });
    expect(code(refused)).toBe("ROUND_ONE_PAIRED");
    expect(refused.ok ? "" : refused.error.rule).toBe("MTR 2.10");
  });

  it("a list's standing: none, illegal or legal", () => {
    expect(decklistStanding(null)).toBe("none");
    expect(decklistStanding({ isLegal: false })).toBe("illegal");
    expect(decklistStanding({ isLegal: true })).toBe("legal");
  });

  it("MTR 2.7: a list checked as another format is not legal for this event's until checked again", () => {
    expect(decklistStanding({ isLegal: true, format: "standard" }, "modern")).toBe("illegal");
    expect(decklistStanding({ isLegal: true, format: "modern" }, "modern")).toBe("legal");
    expect(decklistStanding({ isLegal: false, format: "modern" }, "modern")).toBe("illegal");
  });
});

describe("a pasted list against the card database", () => {
  it("asks for each name once, in the order the list names it", () => {
    const list = parsed("4 Lightning Bolt\n2 lightning bolt\n1 Shock\n\n1 Lightning Bolt");
    expect(decklistNames(list)).toEqual(["Lightning Bolt", "Shock"]);
  });

  it("names every unknown name once, with all its lines and the closest names", () => {
    const list = parsed("4 Lightnig Bolt\n20 Mountain\n\n2 Lightnig Bolt\n1 Frobnicate");
    const unknown = unknownCards(list, {
      "lightnig bolt": { suggestions: ["Lightning Bolt"] },
      mountain: { card: sampleCard("Mountain") },
      frobnicate: { suggestions: [] },
    });
    expect(unknown.map(({ name, lines, suggestions }) => ({ name, lines, suggestions }))).toEqual([
      { name: "Lightnig Bolt", lines: [1, 4], suggestions: ["Lightning Bolt"] },
      { name: "Frobnicate", lines: [5], suggestions: [] },
    ]);
    expect(render(unknown[0]!.message)).toBe(
      "Lines 1, 4: no card is named “Lightnig Bolt”. Did you mean Lightning Bolt?",
    );
    expect(render(unknown[1]!.message)).toBe(
      "Line 5: no card is named “Frobnicate”. Check the spelling.",
    );
  });

  it("CR 100.2a: lines naming one card by two spellings are one entry, stored by Oracle name and id", () => {
    const list = parsed("2 Fire/Ice\n2 Fire // Ice\n56 Mountain");
    const deck = deckOfDecklist(list, {
      "fire/ice": sampleCard("Fire // Ice"),
      "fire // ice": sampleCard("Fire // Ice"),
      mountain: sampleCard("Mountain"),
    });
    expect(deck.ok).toBe(true);
    if (!deck.ok) return;
    expect(storedEntries(deck.value).main).toEqual([
      { count: 4, name: "Fire // Ice", oracleId: sampleCard("Fire // Ice").oracleId },
      { count: 56, name: "Mountain", oracleId: sampleCard("Mountain").oracleId },
    ]);
  });

  it("a name without its card is refused rather than dropped from the deck", () => {
    expect(code(deckOfDecklist(parsed("4 Lightning Bolt"), {}))).toBe("INVALID_INPUT");
  });

  it("CR 100.2a: a 60-card Modern burn list with a 3-card sideboard is legal", () => {
    const list = parsed(BURN);
    const deck = deckOfDecklist(list, cardsOf(list));
    if (!deck.ok) throw new Error("no deck");
    const checked = checkRegisteredDeck({ deckFormat: "modern", deck: deck.value });
    expect(checked.ok && checked.value.legal).toBe(true);
  });

  it("CR 100.6: the same list in Pauper is illegal for its Lightning Helix and Bonecrusher Giant", () => {
    const list = parsed(BURN);
    const deck = deckOfDecklist(list, cardsOf(list));
    if (!deck.ok) throw new Error("no deck");
    const checked = checkRegisteredDeck({ deckFormat: "pauper", deck: deck.value });
    expect(checked.ok && checked.value.problems.map((problem) => render(problem))).toEqual([
      "Lightning Helix is not legal in Pauper (CR 100.6).",
      "Bonecrusher Giant // Stomp is not legal in Pauper (CR 100.6).",
    ]);
  });

  it("MTR 7.1: in Sealed the list is the pool, so its sideboard cards are in the pool", () => {
    const list = parsed("17 Mountain\n4 Shock\n19 Hill Giant\n\n2 Lightning Bolt");
    const deck = deckOfDecklist(list, cardsOf(list));
    if (!deck.ok) throw new Error("no deck");
    const checked = checkRegisteredDeck({ deckFormat: "sealed", deck: deck.value });
    expect(checked).toMatchObject({ ok: true, value: { legal: true } });
    const small = parsed("17 Mountain\n4 Shock");
    const smallDeck = deckOfDecklist(small, cardsOf(small));
    if (!smallDeck.ok) throw new Error("no deck");
    expect(checkRegisteredDeck({ deckFormat: "draft", deck: smallDeck.value })).toMatchObject({
      ok: true,
      value: { legal: false },
    });
  });
});

describe("the metagame of the visible lists", () => {
  it("counts lists by archetype, names alike but for case and spaces as one, unnamed apart", () => {
    expect(metagameOf(["Burn", " burn ", "", "Tron", "  ", "Burn"])).toEqual([
      { archetype: "Burn", isUnnamed: false, count: 3 },
      { archetype: "unnamed", isUnnamed: true, count: 2 },
      { archetype: "Tron", isUnnamed: false, count: 1 },
    ]);
    expect(metagameOf([])).toEqual([]);
  });
});

describe("DL6: in a team event each member registers their own deck (MTR 2.7)", () => {
  it("a list belongs to a member's seat of the team, or to seat 0 for a player alone", () => {
    expect(decklistSeat({ teamSize: 3, seat: 2 })).toEqual({ ok: true, value: 2 });
    expect(decklistSeat({ teamSize: 1, seat: 0 })).toEqual({ ok: true, value: 0 });
    const none = decklistSeat({ teamSize: 3, seat: 3 });
    expect(none).toMatchObject({ ok: false, error: { code: "NO_SUCH_SEAT" } });
    expect(render((none as { error: Message }).error)).toBe(
      "A team here has 3 members, seats A to C: there is no seat 3.",
    );
    expect(decklistSeat({ teamSize: 1, seat: 1 })).toMatchObject({
      ok: false,
      error: { code: "NO_SUCH_SEAT" },
    });
    expect(decklistSeat({ teamSize: 2, seat: -1 }).ok).toBe(false);
  });

  it("MTR 2.7 (DL6): an entry's standing is every seat's list as checked now; a seat without one is none", () => {
    const legal = { isLegal: true, format: "modern" };
    const lists = [
      { seat: 0, ...legal },
      { seat: 1, ...legal },
    ];
    expect(entryDecklistStanding({ teamSize: 2, eventFormat: "modern", lists })).toBe("legal");
    expect(entryDecklistStanding({ teamSize: 3, eventFormat: "modern", lists })).toBe("none");
    expect(entryDecklistStanding({ teamSize: 2, eventFormat: "pauper", lists })).toBe("illegal");
    expect(entryDecklistStanding({ teamSize: 1, eventFormat: "modern", lists: [] })).toBe("none");
  });

  it("a team's decks are registered when every member's list is legal", () => {
    expect(teamDecklistStanding(["legal", "legal", "legal"])).toBe("legal");
    expect(teamDecklistStanding(["legal", "illegal", "legal"])).toBe("illegal");
    expect(teamDecklistStanding(["legal", "none", "illegal"])).toBe("none");
    expect(teamDecklistStanding([])).toBe("none");
  });
});

describe("DL1: a player's own versions of a list are bounded", () => {
  it("MTR 2.7: a player sends at most 50 versions of a list; past that a judge changes it", () => {
    expect(checkPlayerListVersions(0).ok).toBe(true);
    expect(checkPlayerListVersions(49).ok).toBe(true);
    const refused = checkPlayerListVersions(50);
    expect(refused).toMatchObject({ ok: false, error: { code: "TOO_MANY_CHANGES" } });
    expect(render((refused as { error: Message }).error)).toBe(
      "You have sent 50 versions of your list: any further change is made by staff. Ask a judge.",
    );
    expect(checkPlayerListVersions(-1).ok).toBe(false);
  });
});

describe("MTR 8.4 Unified Deck Construction: a team's decks together", () => {
  const card = (name: string, oracleId = name) => ({ count: 4, name, oracleId });
  const entries = (main: ReturnType<typeof card>[], sideboard: ReturnType<typeof card>[] = []) => ({
    main,
    sideboard,
    commanders: [],
    companions: [],
  });
  const ana = {
    seat: 0,
    member: "Ana (Rocket)",
    entries: entries([card("Lightning Bolt"), card("Mountain")]),
  };
  const ben = {
    seat: 1,
    member: "Ben (Rocket)",
    entries: entries([card("Mountain"), card("Snow-Covered Island")], [card("Lightning Bolt")]),
  };
  const cleo = { seat: 2, member: "Cleo (Rocket)", entries: entries([card("Counterspell")]) };

  it("MTR 8.4: no two decks of a team hold the same card, sideboards included, basic lands aside", () => {
    const found = unifiedDeckProblems({
      deckFormat: "modern",
      teamSize: 3,
      lists: [ana, ben, cleo],
    });
    expect(found.map((list) => [list.seat, list.problems.map((p) => render(p))])).toEqual([
      [
        0,
        [
          "Lightning Bolt is also in Ben (Rocket)'s deck: no two decks of a team hold the same card, basic lands aside (MTR 8.4).",
        ],
      ],
      [
        1,
        [
          "Lightning Bolt is also in Ana (Rocket)'s deck: no two decks of a team hold the same card, basic lands aside (MTR 8.4).",
        ],
      ],
      [2, []],
    ]);
    expect(found[0]!.problems[0]).toMatchObject({ code: "SHARED_WITH_TEAMMATE", rule: "MTR 8.4" });
  });

  it("MTR 8.4: only team Constructed events: a player alone, Limited and Commander are not compared", () => {
    for (const [deckFormat, teamSize] of [
      ["modern", 1],
      ["sealed", 3],
      ["commander", 2],
    ] as const)
      expect(
        unifiedDeckProblems({ deckFormat, teamSize, lists: [ana, ben] }).flatMap((l) => l.problems),
      ).toEqual([]);
  });
});
