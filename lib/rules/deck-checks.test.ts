import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  checkDeckCheckEntry,
  deckCheckInfraction,
  type DeckCheckTable,
  pickTablesForDeckCheck,
} from "./deck-checks";
import { COMMON_INFRACTIONS } from "./penalty";

/** A small seeded generator (mulberry32, numbers in [0, 1)), so a choice can be repeated. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const table = (
  tableNumber: number,
  players: string[],
  extra: Partial<DeckCheckTable> = {},
): DeckCheckTable => ({
  tableNumber,
  matchOrPodId: `m${tableNumber}`,
  players,
  hasResult: false,
  ...extra,
});

const round = [
  table(1, ["a", "b"]),
  table(2, ["c", "d"]),
  table(3, ["e", "f"]),
  table(4, ["g", "h"]),
  table(5, ["i"], { isBye: true }),
];

function pick(
  tables: DeckCheckTable[],
  count: number,
  checkedPlayers: string[] | Set<string> = [],
  random = seeded(7),
) {
  const picked = pickTablesForDeckCheck({ tables, checkedPlayers, count, random });
  if (!picked.ok) throw new Error(render(picked.error));
  return picked.value;
}

describe("MTR 2.8: choosing tables for deck checks", () => {
  it("MTR 2.8: chooses the number of tables asked for, each once, in table order", () => {
    const { tables, available } = pick(round, 3);
    expect(available).toBe(4);
    expect(tables).toHaveLength(3);
    expect(new Set(tables.map((each) => each.matchOrPodId)).size).toBe(3);
    const numbers = tables.map((each) => each.tableNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it("MTR 2.8: never a bye, nor a table that has started playing (a game or result recorded)", () => {
    const tables = [
      table(1, ["a", "b"], { hasResult: true }),
      table(2, ["c", "d"]),
      table(3, ["e"], { isBye: true }),
      table(4, ["f"]),
    ];
    for (let seed = 0; seed < 30; seed++) {
      const picked = pick(tables, 1, [], seeded(seed));
      expect(picked.tables.map((each) => each.tableNumber)).toEqual([2]);
      expect(picked.available).toBe(1);
    }
  });

  it("MTR 2.8: tables where no player was checked come first, then those where one was, then re-checks", () => {
    const tables = [table(1, ["a", "b"]), table(2, ["c", "d"]), table(3, ["e", "f"])];
    const checked = new Set(["a", "b", "c"]);
    for (let seed = 0; seed < 20; seed++) {
      expect(pick(tables, 1, checked, seeded(seed)).tables[0]).toMatchObject({
        tableNumber: 3,
        checkedBefore: [],
        isRecheck: false,
      });
      const two = pick(tables, 2, checked, seeded(seed)).tables;
      expect(two.map((each) => each.tableNumber)).toEqual([2, 3]);
      expect(two[0]).toMatchObject({ checkedBefore: ["c"], isRecheck: false });
    }
    const all = pick(tables, 3, ["a", "b", "c"]).tables;
    expect(all.find((each) => each.tableNumber === 1)).toMatchObject({
      checkedBefore: ["a", "b"],
      isRecheck: true,
    });
  });

  it("MTR 2.8: in a pod (CR 100.6a) a table with fewer players checked comes first", () => {
    const pods = [
      table(1, ["a", "b", "c", "d"]),
      table(2, ["e", "f", "g", "h"]),
      table(3, ["i", "j", "k", "l"]),
    ];
    for (let seed = 0; seed < 20; seed++)
      expect(
        pick(pods, 1, ["a", "b", "e", "i", "j", "k"], seeded(seed)).tables[0]?.tableNumber,
      ).toBe(2);
  });

  it("MTR 2.8: the choice is random: every table of a tier can be chosen, by the source given", () => {
    const chosen = new Set<number>();
    for (let seed = 0; seed < 200; seed++)
      chosen.add(pick(round, 1, [], seeded(seed)).tables[0]!.tableNumber);
    expect([...chosen].sort()).toEqual([1, 2, 3, 4]);
    expect(pick(round, 2, [], seeded(42))).toEqual(pick(round, 2, [], seeded(42)));
  });

  it("MTR 2.8: the players already checked may be given as a list or a set", () => {
    const tables = [table(1, ["a", "b"]), table(2, ["c", "d"])];
    expect(pick(tables, 1, ["a"]).tables[0]?.tableNumber).toBe(2);
    expect(pick(tables, 1, new Set(["a"])).tables[0]?.tableNumber).toBe(2);
  });

  it("MTR 2.8: a random source answering outside [0, 1) still chooses among the tables", () => {
    for (const value of [Number.NaN, 1, -1, 5, Number.POSITIVE_INFINITY]) {
      const picked = pick(round, 2, [], () => value);
      expect(picked.tables).toHaveLength(2);
    }
  });

  it("MTR 2.8: fewer than one table, or not a whole number, is refused (INVALID_NUMBER)", () => {
    for (const count of [0, -1, 1.5, Number.NaN, "2"]) {
      const picked = pickTablesForDeckCheck({
        tables: round,
        checkedPlayers: [],
        count: count as number,
        random: seeded(1),
      });
      expect(picked.ok ? null : picked.error.code, String(count)).toBe("INVALID_NUMBER");
    }
  });

  it("MTR 2.8: more tables than can be checked is refused (NOT_ENOUGH_TABLES), saying how many can", () => {
    const picked = pickTablesForDeckCheck({
      tables: [table(1, ["a", "b"]), table(2, ["c", "d"], { hasResult: true })],
      checkedPlayers: [],
      count: 3,
      random: seeded(1),
    });
    expect(picked.ok).toBe(false);
    if (picked.ok) return;
    expect(picked.error.code).toBe("NOT_ENOUGH_TABLES");
    expect(render(picked.error)).toBe(
      "3 tables were asked for, but only 1 table can be checked now: byes and tables that have started playing are left out.",
    );
    const none = pickTablesForDeckCheck({
      tables: [],
      checkedPlayers: [],
      count: 1,
      random: seeded(1),
    });
    expect(none.ok ? null : none.error.code).toBe("NOT_ENOUGH_TABLES");
  });

  it("MTR 2.8: a table listed twice, a malformed table or no random source is INVALID_INPUT", () => {
    const cases = [
      { tables: [table(1, ["a", "b"]), table(1, ["c", "d"])], random: seeded(1) },
      { tables: [{ tableNumber: 1, players: ["a", "b"] }], random: seeded(1) },
      { tables: round, random: 0.5 },
    ];
    for (const { tables, random } of cases) {
      const picked = pickTablesForDeckCheck({
        tables: tables as DeckCheckTable[],
        checkedPlayers: [],
        count: 1,
        random: random as () => number,
      });
      expect(picked.ok ? null : picked.error.code).toBe("INVALID_INPUT");
    }
  });
});

describe("IPG 3.4, IPG 3.5: what a deck check found", () => {
  const entry = {
    outcome: "PASSED" as const,
    note: "",
    players: ["a", "b"],
    registrationId: "a",
    isBye: false,
  };

  it("MTR 2.8: a passed check needs no note; a note is kept trimmed", () => {
    expect(checkDeckCheckEntry(entry)).toEqual({
      ok: true,
      value: { outcome: "PASSED", note: "" },
    });
    expect(checkDeckCheckEntry({ ...entry, note: "  sleeves fine " })).toMatchObject({
      ok: true,
      value: { note: "sleeves fine" },
    });
  });

  it("IPG 3.4, IPG 3.5: a problem says what was found (DECK_CHECK_NOTE_REQUIRED otherwise)", () => {
    for (const outcome of ["DECKLIST_PROBLEM", "DECK_PROBLEM"] as const) {
      const refused = checkDeckCheckEntry({ ...entry, outcome, note: "   " });
      expect(refused.ok ? null : refused.error.code).toBe("DECK_CHECK_NOTE_REQUIRED");
      expect(checkDeckCheckEntry({ ...entry, outcome, note: "59 cards" }).ok).toBe(true);
    }
  });

  it("MTR 2.8: the player must be at that table (NOT_IN_MATCH); a bye has no check (BYE)", () => {
    const away = checkDeckCheckEntry({ ...entry, registrationId: "z" });
    expect(away.ok ? null : away.error.code).toBe("NOT_IN_MATCH");
    const bye = checkDeckCheckEntry({ ...entry, players: ["a"], isBye: true });
    expect(bye.ok ? null : bye.error.code).toBe("BYE");
  });

  it("MTR 2.8: an unknown outcome or a note too long is INVALID_INPUT", () => {
    const unknown = checkDeckCheckEntry({ ...entry, outcome: "FAILED" as never });
    expect(unknown.ok ? null : unknown.error.code).toBe("INVALID_INPUT");
    const long = checkDeckCheckEntry({ ...entry, note: "x".repeat(501) });
    expect(long.ok ? null : long.error.code).toBe("INVALID_INPUT");
  });

  it("IPG 3.4: a Decklist Problem goes on to that infraction with its usual penalty from the penalty list", () => {
    const infraction = deckCheckInfraction("DECKLIST_PROBLEM");
    const listed = COMMON_INFRACTIONS.find((item) => item.section === "IPG 3.4")!;
    expect(infraction).toEqual({
      ok: true,
      value: { name: listed.name, section: "IPG 3.4", penalty: listed.penalty },
    });
    expect(render(listed.name)).toBe("Decklist Problem");
  });

  it("IPG 3.5: a Deck Problem goes on to that infraction with its usual penalty from the penalty list", () => {
    const infraction = deckCheckInfraction("DECK_PROBLEM");
    const listed = COMMON_INFRACTIONS.find((item) => item.section === "IPG 3.5")!;
    expect(infraction).toEqual({
      ok: true,
      value: { name: listed.name, section: "IPG 3.5", penalty: listed.penalty },
    });
  });

  it("MTR 2.8: a passed check has no infraction (NO_INFRACTION)", () => {
    const passed = deckCheckInfraction("PASSED");
    expect(passed.ok ? null : passed.error.code).toBe("NO_INFRACTION");
    const garbage = deckCheckInfraction(42);
    expect(garbage.ok ? null : garbage.error.code).toBe("INVALID_INPUT");
  });
});
