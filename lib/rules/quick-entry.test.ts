import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  parsePodQuickEntry,
  parseQuickEntry,
  refuseQuickEntryDrops,
  decideQuickEntryLine,
  quickEntryExamples,
} from "./quick-entry";
import { bestOf, evaluateResultSlip, questionResultSlip } from "./match";
import { shownResult } from "./testing/shown";

function read(line: string) {
  const parsed = parseQuickEntry(line);
  if (!parsed.ok) throw new Error(render(parsed.error));
  return parsed.value;
}

function errorOf(line: unknown) {
  const parsed = parseQuickEntry(line);
  if (parsed.ok) throw new Error(`expected an error for ${JSON.stringify(line)}`);
  return parsed.error;
}

describe("quick entry: a table and its slip in one line", () => {
  it("MTR 2.1: '12 2-1' is table 12, game wins of the first-listed player, then of the second", () => {
    expect(read("12 2-1")).toEqual({
      table: 12,
      slip: { winsA: 2, winsB: 1, draws: 0 },
      intentionalDraw: false,
      drops: [],
      confirmUnusual: false,
    });
  });

  it("MTR 2.1: '7 0-2-1' carries the drawn games third", () => {
    expect(read("7 0-2-1").slip).toEqual({ winsA: 0, winsB: 2, draws: 1 });
  });

  it("MTR 2.1: case, extra spaces and the t/#/colon table forms do not matter", () => {
    expect(read("  t12   2/1 ").table).toBe(12);
    expect(read("#4 1-1-1").slip).toEqual({ winsA: 1, winsB: 1, draws: 1 });
    expect(read("9: 2-0").table).toBe(9);
    expect(read("Table 3 2-0").table).toBe(3);
  });

  it("MTR 2.5: '3 ID' is an intentional draw with no game played, which the rules report 0-0-3", () => {
    const entry = read("3 ID");
    expect(entry).toMatchObject({
      table: 3,
      intentionalDraw: true,
      slip: { winsA: 0, winsB: 0, draws: 0 },
    });
    const outcome = evaluateResultSlip(bestOf(3), entry.slip, entry);
    expect(outcome.ok && outcome.value.slip).toEqual({ winsA: 0, winsB: 0, draws: 3 });
  });

  it("MTR 2.5: '9 conc A' is a concession by player A; '9 1-0 conc A' keeps A's game win and is reported 1-2", () => {
    expect(read("9 conc A")).toMatchObject({ table: 9, concededBy: "A" });
    const entry = read("9 1-0 conc a");
    const outcome = evaluateResultSlip(bestOf(3), entry.slip, entry);
    expect(outcome.ok && [outcome.value.winner, outcome.value.slip]).toEqual([
      "B",
      { winsA: 1, winsB: 2, draws: 0 },
    ]);
  });

  it("MTR 2.10: '5 2-0 drop B' saves the result, then drops player B; 'drop AB' drops both", () => {
    expect(read("5 2-0 drop B")).toMatchObject({
      table: 5,
      slip: { winsA: 2, winsB: 0, draws: 0 },
      drops: ["B"],
    });
    expect(read("5 1-1-1 drop both").drops).toEqual(["A", "B"]);
    expect(read("5 1-1-1 drop AB").drops).toEqual(["A", "B"]);
  });

  it("MTR 2.1 ruling F: '!' confirms an unusual slip, alone or glued to the score", () => {
    expect(read("4 2-0-5 !").confirmUnusual).toBe(true);
    expect(read("4 2-0-5!")).toMatchObject({
      slip: { winsA: 2, winsB: 0, draws: 5 },
      confirmUnusual: true,
    });
    expect(read("4 2-0-5").confirmUnusual).toBe(false);
  });

  it("errors name the table and, where one applies, the rule", () => {
    expect(render(errorOf("12"))).toContain(
      'Table 12: which result? Type the games won, e.g. "12 2-1" (MTR 2.1)',
    );
    expect(render(errorOf("12 2-1 maybe"))).toContain('Table 12: "maybe" is not understood');
    expect(errorOf("12 10-0")).toMatchObject({ rule: "MTR 2.1" });
    expect(render(errorOf("12 2-1 1-2"))).toContain("Table 12: two scores");
    expect(render(errorOf("8 conc"))).toContain(
      'Table 8: say who conceded, "conc A" or "conc B" (MTR 2.5)',
    );
    expect(render(errorOf("8 drop C"))).toContain("(MTR 2.10)");
    expect(render(errorOf("6 ID conc A"))).toContain(
      "Table 6: a match cannot be both conceded and drawn by agreement",
    );
  });

  it("a line that does not start with a table number says so, with examples", () => {
    expect(render(errorOf("2-1"))).toContain("Start with the table number");
    expect(render(errorOf("abc 2-1"))).toContain('"abc" is not one');
    expect(render(errorOf("0 2-1"))).toContain("Start with the table number");
    expect(render(errorOf(""))).toContain('e.g. "12 2-1"');
    expect(errorOf(undefined).code).toBe("UNREADABLE_ENTRY");
    expect(render(errorOf(`1 ${"2-1 ".repeat(30)}`))).toContain("too long");
  });
});

describe("MTR 2.1 ruling F: drawn games are not capped, but two or more are questioned", () => {
  it("2-0-5 in best-of-three is questioned, naming the rule", () => {
    const question = questionResultSlip(bestOf(3), { winsA: 2, winsB: 0, draws: 5 });
    expect(question?.error).toMatchObject({ code: "UNUSUAL_DRAWS", rule: "MTR 2.1" });
    expect(render(question!.error)).toContain(
      "5 drawn games (7 games in all) is unusual for a best-of-three match",
    );
    // …but it is not impossible: the rules accept it once confirmed.
    expect(evaluateResultSlip(bestOf(3), { winsA: 2, winsB: 0, draws: 5 }).ok).toBe(true);
  });

  it("one drawn game (the one under way at time, MTR 2.4) and the 0-0-3 intentional-draw report (MTR 2.5) are ordinary", () => {
    for (const slip of [
      { winsA: 1, winsB: 1, draws: 1 },
      { winsA: 2, winsB: 0, draws: 1 },
      { winsA: 0, winsB: 0, draws: 3 },
      { winsA: 2, winsB: 1, draws: 0 },
    ]) {
      expect(questionResultSlip(bestOf(3), slip)).toBeNull();
    }
    expect(questionResultSlip(bestOf(1), { winsA: 0, winsB: 0, draws: 3 })).toBeNull();
  });

  it("a second drawn game is questioned in every format", () => {
    expect(questionResultSlip(bestOf(3), { winsA: 1, winsB: 1, draws: 2 })?.error.code).toBe(
      "UNUSUAL_DRAWS",
    );
    expect(
      render(questionResultSlip(bestOf(1), { winsA: 1, winsB: 0, draws: 2 })!.error),
    ).toContain("best-of-one");
  });

  it("an impossible slip or format is left to evaluateResultSlip", () => {
    expect(questionResultSlip(bestOf(3), { winsA: Number.NaN, winsB: 0, draws: 5 })).toBeNull();
    expect(questionResultSlip(null as never, { winsA: 0, winsB: 0, draws: 5 })).toBeNull();
  });
});

describe("MTR 2.1, MTR 2.4: a quick-entry slip that ends a match before anyone won it asks for '!'", () => {
  it("MTR 2.1: '1 0-0' (no game at all) and '2 1-0' in best-of-three are questioned; the reporter confirms with '!'", async () => {
    const { questionQuickEntrySlip } = await import("./quick-entry");
    const none = questionQuickEntrySlip(bestOf(3), {
      table: 1,
      slip: { winsA: 0, winsB: 0, draws: 0 },
      intentionalDraw: false,
      drops: [],
      confirmUnusual: false,
    });
    expect(none?.error).toMatchObject({ code: "UNUSUAL_SLIP", rule: "MTR 2.1" });
    expect(render(none!.error)).toMatch(/no game/);
    expect(render(none!.error)).toContain("ID");
    const short = questionQuickEntrySlip(bestOf(3), {
      table: 2,
      slip: { winsA: 1, winsB: 0, draws: 0 },
      intentionalDraw: false,
      drops: [],
      confirmUnusual: false,
    });
    expect(short?.error).toMatchObject({ code: "UNUSUAL_SLIP" });
    expect(render(short!.error)).toContain(
      "1-0 ends a best-of-three match before either player won 2 games",
    );
    expect(
      questionQuickEntrySlip(bestOf(3), {
        table: 2,
        slip: { winsA: 0, winsB: 1, draws: 0 },
        intentionalDraw: false,
        drops: [],
        confirmUnusual: false,
      }),
    ).not.toBeNull();
  });

  it("MTR 2.5: a concession or an intentional draw is not questioned, nor a finished match, a game drawn at time (MTR 2.4) or best-of-one", async () => {
    const { questionQuickEntrySlip } = await import("./quick-entry");
    const entry = (slip: { winsA: number; winsB: number; draws: number }, extra = {}) => ({
      table: 1,
      slip,
      intentionalDraw: false,
      drops: [],
      confirmUnusual: false,
      ...extra,
    });
    expect(
      questionQuickEntrySlip(
        bestOf(3),
        entry({ winsA: 1, winsB: 0, draws: 0 }, { concededBy: "B" }),
      ),
    ).toBeNull();
    expect(
      questionQuickEntrySlip(
        bestOf(3),
        entry({ winsA: 0, winsB: 0, draws: 0 }, { intentionalDraw: true }),
      ),
    ).toBeNull();
    expect(questionQuickEntrySlip(bestOf(3), entry({ winsA: 2, winsB: 1, draws: 0 }))).toBeNull();
    expect(questionQuickEntrySlip(bestOf(3), entry({ winsA: 1, winsB: 0, draws: 1 }))).toBeNull();
    expect(questionQuickEntrySlip(bestOf(1), entry({ winsA: 1, winsB: 0, draws: 0 }))).toBeNull();
  });

  it("MTR 2.1: '!' at the end of the line is read as the confirmation", () => {
    expect(parseQuickEntry("2 1-0 !")).toMatchObject({
      ok: true,
      value: { table: 2, confirmUnusual: true },
    });
  });
});

describe("quick entry at a team table (MTR 8.2)", () => {
  it("MTR 8.2: '12A 2-1' is seat A's match at table 12, in either case; a plain '12 2-1' names no seat", () => {
    const seatA = parseQuickEntry("12A 2-1");
    expect(seatA.ok && seatA.value).toMatchObject({
      table: 12,
      seat: 0,
      slip: { winsA: 2, winsB: 1, draws: 0 },
    });
    const seatC = parseQuickEntry("t3c 0-2");
    expect(seatC.ok && seatC.value).toMatchObject({ table: 3, seat: 2 });
    const plain = parseQuickEntry("12 2-1");
    expect(plain.ok && "seat" in plain.value).toBe(false);
  });

  it("MTR 8.2: a seat beyond C is no table", () => {
    const fourth = parseQuickEntry("12D 2-1");
    expect(fourth.ok ? null : render(fourth.error)).toMatch(
      /^Start with the table number: "12D" is not one/,
    );
    const unreadable = parseQuickEntry("12A");
    expect(unreadable.ok ? null : render(unreadable.error)).toMatch(/^Table 12A: which result\?/);
  });
});

describe("MTR 2.10: no drop is typed with a single-elimination result", () => {
  it("MTR 2.10: '2 0-2 drop B' in a playoff is refused, naming single elimination and the rule; in Swiss it stands", () => {
    const refused = refuseQuickEntryDrops(bestOf(3, true), read("2 0-2 drop B"));
    expect(refused?.error).toMatchObject({ code: "DROP_IN_SINGLE_ELIMINATION", rule: "MTR 2.10" });
    expect(render(refused!.error)).toContain("single-elimination");
    expect(render(refused!.error)).toContain('without "drop"');
    expect(refuseQuickEntryDrops(bestOf(3, true), read("2 0-2 drop AB"))?.error.code).toBe(
      "DROP_IN_SINGLE_ELIMINATION",
    );
    expect(refuseQuickEntryDrops(bestOf(3, true), read("2 0-2"))).toBeNull();
    expect(refuseQuickEntryDrops(bestOf(3), read("2 0-2 drop B"))).toBeNull();
  });
});

describe("quick entry for pods (CR 100.6a)", () => {
  it("CR 104.2a, 104.4i: a winner's seat, an agreed draw or a draw at time, with the pod's number first", () => {
    expect(parsePodQuickEntry("7 win 3")).toEqual({
      ok: true,
      value: { pod: 7, outcome: { kind: "win", seat: 3 } },
    });
    expect(parsePodQuickEntry("  Pod 12  W s2 ")).toEqual({
      ok: true,
      value: { pod: 12, outcome: { kind: "win", seat: 2 } },
    });
    expect(parsePodQuickEntry("4 draw")).toEqual({
      ok: true,
      value: { pod: 4, outcome: { kind: "agreed-draw" } },
    });
    expect(parsePodQuickEntry("#4 time")).toEqual({
      ok: true,
      value: { pod: 4, outcome: { kind: "draw-at-time" } },
    });
  });

  it("every word must be understood: a missing seat, an unknown word or a missing pod is refused, saying what to type", () => {
    expect(shownResult(parsePodQuickEntry("7 win"))).toMatchObject({
      ok: false,
      error: {
        code: "UNREADABLE_ENTRY",
        message: expect.stringContaining('Name the winner\'s seat, 1 to 5: "7 win 3"'),
      },
    });
    expect(parsePodQuickEntry("7 win 6")).toMatchObject({ ok: false });
    expect(shownResult(parsePodQuickEntry("7 lose 2"))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('"lose" is not understood') },
    });
    expect(shownResult(parsePodQuickEntry("win 3"))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("Start with the pod's number") },
    });
    expect(parsePodQuickEntry("7 draw now")).toMatchObject({ ok: false });
  });
});

describe("MTR 2.5: what a typed line does to the match at its table (decideQuickEntryLine)", () => {
  const result = (
    winsA: number,
    winsB: number,
    draws = 0,
    extra: { concededBy?: "A" | "B"; intentionalDraw?: boolean } = {},
  ) => ({
    slip: { winsA, winsB, draws },
    concededBy: extra.concededBy ?? null,
    intentionalDraw: extra.intentionalDraw ?? false,
  });
  const base = {
    stored: null,
    isConfirmed: false,
    waitingReport: null,
    isDisputed: false,
    isReplay: false,
    confirmUnusual: false,
  };

  it("MTR 2.5: a line that agrees with the result the match's facts decided records it; a different line leaves the result as it is", () => {
    expect(decideQuickEntryLine({ ...base, entered: result(2, 1), stored: result(2, 1) })).toEqual({
      ok: true,
      value: { step: "record-decided" },
    });
    expect(decideQuickEntryLine({ ...base, entered: result(2, 0), stored: result(2, 1) })).toEqual({
      ok: true,
      value: { step: "has-result", stored: { winsA: 2, winsB: 1, draws: 0 } },
    });
    expect(
      decideQuickEntryLine({
        ...base,
        entered: result(2, 1),
        stored: result(2, 1),
        isConfirmed: true,
      }),
    ).toEqual({ ok: true, value: { step: "already-recorded" } });
    expect(
      decideQuickEntryLine({
        ...base,
        entered: result(2, 0),
        stored: { ...result(2, 0), concededBy: "B" },
        isConfirmed: true,
      }),
    ).toMatchObject({ ok: true, value: { step: "has-result" } });
  });

  it("MTR 2.5: a line that differs from a player's report waiting for confirmation asks for '!'; the same result, a '!' or a dispute goes on to the report", () => {
    const waitingReport = { by: "B" as const, result: result(0, 2) };
    expect(decideQuickEntryLine({ ...base, entered: result(2, 0), waitingReport })).toEqual({
      ok: true,
      value: {
        step: "differs-from-report",
        reportedBy: "B",
        reported: { winsA: 0, winsB: 2, draws: 0 },
      },
    });
    expect(decideQuickEntryLine({ ...base, entered: result(0, 2), waitingReport })).toEqual({
      ok: true,
      value: { step: "report" },
    });
    expect(
      decideQuickEntryLine({ ...base, entered: result(2, 0), waitingReport, confirmUnusual: true }),
    ).toEqual({ ok: true, value: { step: "report" } });
    expect(
      decideQuickEntryLine({ ...base, entered: result(2, 0), waitingReport, isDisputed: true }),
    ).toEqual({ ok: true, value: { step: "report" } });
  });

  it("a line sent again is answered as its first save was, whatever the match holds now", () => {
    expect(
      decideQuickEntryLine({
        ...base,
        entered: result(2, 0),
        stored: result(2, 0),
        isConfirmed: true,
        isReplay: true,
      }),
    ).toEqual({ ok: true, value: { step: "report" } });
  });
});

describe("MTR 2.1: the quick-entry bar's examples follow the games a match is played to", () => {
  it("MTR 2.1: best of one shows 1-0, best of three 2-1, best of five 3-2; each example is a slip the rules accept", () => {
    expect(quickEntryExamples(1)).toEqual({ win: "1-0", sweep: "1-0", drawn: "0-1-1" });
    expect(quickEntryExamples(2)).toEqual({ win: "2-1", sweep: "2-0", drawn: "0-2-1" });
    expect(quickEntryExamples(3)).toEqual({ win: "3-2", sweep: "3-0", drawn: "0-3-1" });
    for (const gamesToWin of [1, 2, 3]) {
      const format = { gamesToWin, elimination: false };
      for (const example of Object.values(quickEntryExamples(gamesToWin))) {
        const { slip } = read(`1 ${example}`);
        expect(evaluateResultSlip(format, slip).ok).toBe(true);
      }
    }
  });

  it("a games-to-win that is not a whole number from 1 shows best-of-three examples, never NaN", () => {
    expect(quickEntryExamples(0)).toEqual(quickEntryExamples(2));
    expect(quickEntryExamples(Number.NaN)).toEqual(quickEntryExamples(2));
  });
});
