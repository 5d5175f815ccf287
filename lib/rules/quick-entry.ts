// Reading one line of the round page's quick-entry bar: a table number and what its result slip
// says, typed as fast as a scorekeeper reads a stack of slips. The line names the games as the
// slip has them (MTR 2.1 Match Structure: game wins of the first-listed player A, of player B,
// then drawn games); the reporting conventions of MTR 2.5 Conceding or Intentionally Drawing
// ("ID" for an agreed draw, "conc A" for a concession) become the same facts the result form
// sends. Whether the slip is possible is NOT decided here: evaluateResultSlip (match.ts) does it,
// on the server, with the match's format.
//
//   12 2-1          table 12: A won 2-1
//   7 0-2-1         table 7: B won 2-0 with a drawn game
//   3 ID            table 3: intentional draw (reported 0-0-3, MTR 2.5)
//   5 2-0 drop B    table 5: A won 2-0, then B drops (MTR 2.10)
//   9 conc A        table 9: A conceded the match (MTR 2.5); "9 1-0 conc A" keeps A's game win
//   4 2-0-5 !       "!" confirms an unusual slip (two or more drawn games, ruling F)

import { mtr } from "./edition";
import { type MatchFormat, type ResultSlip, checkFormat, checkSlip, formatName } from "./match";
import {
  type RuleError,
  type RuleResult,
  type Side,
  fail,
  isCount,
  isRecord,
  ok,
  say,
  type Message,
} from "./result";

export type QuickEntry = {
  table: number;
  /** The seat's match of a team table ("12A" → 0, MTR 8.2); absent for a table of one match. */
  seat?: number;
  /** The games as typed; 0-0-0 for a bare "ID" or "conc A" (the rules rewrite it). */
  slip: ResultSlip;
  concededBy?: Side;
  intentionalDraw: boolean;
  /** Sides that drop from the event once the result is saved (MTR 2.10). */
  drops: Side[];
  /** "!" at the end: the reporter has checked an unusual slip (questionResultSlip). */
  confirmUnusual: boolean;
};

const HELP = say("quickEntry.typeTableSlipE");
const MAX_LENGTH = 60;

function unreadable(message: Message, rule?: string) {
  return fail("UNREADABLE_ENTRY", message, rule);
}

/**
 * Reads a quick-entry line. Case and extra spaces do not matter; "t12", "#12" and "12:" name
 * table 12; scores may be written 2-1, 2/1 or 2-1-0. Every word must be understood: an unknown
 * word is an error naming it, never silently ignored.
 */
export function parseQuickEntry(line: unknown): RuleResult<QuickEntry> {
  if (typeof line !== "string") return unreadable(HELP);
  const text = line.trim();
  if (text === "") return unreadable(HELP);
  if (text.length > MAX_LENGTH)
    return unreadable(say("quickEntry.lineTooLongOne", { most: MAX_LENGTH, help: HELP }));
  const words = text.toLowerCase().replace(/:/g, " ").split(/\s+/).filter(Boolean);

  if (words[0] === "table") words.shift();
  const tableWord = (words.shift() ?? "").replace(/^(t|#)/, "");
  const tableMatch = /^(\d{1,4})([abc])?$/.exec(tableWord);
  if (!tableMatch || Number(tableMatch[1]) < 1) {
    return unreadable(
      say("quickEntry.startTableNumberOne", {
        word: words.length ? text.split(/\s+/)[0] : text,
        help: HELP,
      }),
    );
  }
  const table = Number(tableMatch[1]);
  // MTR 8.2: "12a" is seat A's match at team table 12.
  const seat = tableMatch[2] === undefined ? undefined : "abc".indexOf(tableMatch[2]);
  const at = say("quickEntry.table", { table, seat: tableMatch[2]?.toUpperCase() ?? "" });

  let slip: ResultSlip | undefined;
  let concededBy: Side | undefined;
  let intentionalDraw = false;
  let confirmUnusual = false;
  const drops: Side[] = [];

  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (word.endsWith("!") && word.length > 1) {
      // "2-0-5!" — the confirmation glued to the score.
      words.splice(index + 1, 0, "!");
      words[index] = word.slice(0, -1);
      index--;
      continue;
    }
    const score = /^(\d)[-/](\d)(?:[-/](\d))?$/.exec(word);
    if (score) {
      if (slip) return unreadable(say("quickEntry.twoScoresSecondType", { at, word }));
      slip = { winsA: Number(score[1]), winsB: Number(score[2]), draws: Number(score[3] ?? 0) };
      continue;
    }
    if (/^\d+[-/]\d+/.test(word)) {
      return unreadable(
        say("quickEntry.slipGameCountsSingle", { at, word }),
        mtr("matchStructure"),
      );
    }
    if (word === "id" || word === "draw") {
      intentionalDraw = true;
      continue;
    }
    if (word === "!") {
      confirmUnusual = true;
      continue;
    }
    if (["conc", "concede", "concedes", "conceded", "c"].includes(word)) {
      const side = sideOf(words[index + 1]);
      if (!side)
        return unreadable(say("quickEntry.sayWhoConcededConc", { at }), mtr("concedeOrDraw"));
      if (concededBy)
        return unreadable(say("quickEntry.onePlayerCanConcede", { at }), mtr("concedeOrDraw"));
      concededBy = side;
      index++;
      continue;
    }
    if (word === "drop" || word === "drops") {
      const who = words[index + 1];
      const sides: Side[] | undefined =
        who === "ab" || who === "both" ? ["A", "B"] : sideOf(who) ? [sideOf(who)!] : undefined;
      if (!sides) return unreadable(say("quickEntry.sayWhoDropsDrop", { at }), mtr("dropping"));
      for (const side of sides) if (!drops.includes(side)) drops.push(side);
      index++;
      continue;
    }
    return unreadable(say("quickEntry.understood", { at, word, help: HELP }));
  }

  if (concededBy && intentionalDraw) {
    return unreadable(say("quickEntry.matchCannotBothConceded", { at }), mtr("concedeOrDraw"));
  }
  if (!slip && !intentionalDraw && !concededBy) {
    return unreadable(say("quickEntry.whichResultTypeGames", { at, table }), mtr("matchStructure"));
  }
  return ok({
    table,
    ...(seat === undefined ? {} : { seat }),
    slip: slip ?? { winsA: 0, winsB: 0, draws: 0 },
    ...(concededBy ? { concededBy } : {}),
    intentionalDraw,
    drops,
    confirmUnusual,
  });
}

function sideOf(word: string | undefined): Side | undefined {
  return word === "a" ? "A" : word === "b" ? "B" : undefined;
}

/**
 * A typed line whose slip ends a match before either player won it, with no game drawn at time and
 * no concession or agreed draw: "1 0-0" or "2 1-0" in best-of-three is almost surely a typo
 * for "1 2-0", so quick entry asks for the "!" the form's unusual slips need (MTR 2.1: a match
 * is played until a player wins the games it needs; MTR 2.4: time leaves a game drawn, 1-0-1).
 * Answers null when nothing needs confirming.
 */
export function questionQuickEntrySlip(
  format: MatchFormat,
  entry: QuickEntry,
): { ok: false; error: RuleError } | null {
  if (!isRecord(entry) || checkFormat(format) || checkSlip(entry.slip)) return null;
  if (entry.concededBy !== undefined || entry.intentionalDraw === true) return null;
  const { winsA, winsB, draws } = entry.slip;
  const target = format.gamesToWin;
  if (target < 2 || draws > 0 || Math.max(winsA, winsB) >= target) return null;
  if (winsA === 0 && winsB === 0) {
    return fail(
      "UNUSUAL_SLIP",
      say("quickEntry.recordsMatchWhichGame", {
        formatName: formatName(format),
        mtr: mtr("matchStructure"),
        mtr2: mtr("concedeOrDraw"),
      }),
      mtr("matchStructure"),
    );
  }
  // A 1-1 with no game under way when time was called is an ordinary drawn match (MTR 2.4).
  if (winsA === winsB) return null;
  return fail(
    "UNUSUAL_SLIP",
    say("quickEntry.endsMatchBeforeEither", {
      winsA,
      winsB,
      formatName: formatName(format),
      target,
      mtr: mtr("matchStructure"),
      mtr2: mtr("endOfMatch"),
      meant: Math.max(winsA, winsB) === winsA ? `${target}-${winsB}` : `${winsA}-${target}`,
    }),
    mtr("matchStructure"),
  );
}

/**
 * A drop typed with a single-elimination result: the loser is already out and the winner plays
 * the next playoff round, so dropping either one with the result is refused (MTR 2.10); a player
 * who leaves the playoff concedes their next match instead. Answers null when nothing is refused.
 */
export function refuseQuickEntryDrops(
  format: MatchFormat,
  entry: QuickEntry,
): { ok: false; error: RuleError } | null {
  if (
    !isRecord(format) ||
    format.elimination !== true ||
    !isRecord(entry) ||
    !Array.isArray(entry.drops) ||
    entry.drops.length === 0
  )
    return null;
  return fail(
    "DROP_IN_SINGLE_ELIMINATION",
    say("quickEntry.singleEliminationPlayoffMatch", { mtr: mtr("dropping") }),
    mtr("dropping"),
  );
}

/** A match's result as stored or as typed: the slip (rewritten by MTR 2.5 for a concession or agreed draw) and its context. */
export type QuickEntryResult = {
  slip: ResultSlip;
  concededBy: Side | null;
  intentionalDraw: boolean;
};

/** What a typed line does to the match at its table, once its slip is possible (evaluateResultSlip). */
export type QuickEntryStep =
  | { step: "record-decided" }
  | { step: "already-recorded" }
  | { step: "has-result"; stored: ResultSlip }
  | { step: "differs-from-report"; reportedBy: Side; reported: ResultSlip }
  | { step: "report" };

function sameResult(x: QuickEntryResult, y: QuickEntryResult): boolean {
  return (
    x.slip.winsA === y.slip.winsA &&
    x.slip.winsB === y.slip.winsB &&
    x.slip.draws === y.slip.draws &&
    (x.concededBy ?? null) === (y.concededBy ?? null) &&
    x.intentionalDraw === y.intentionalDraw
  );
}

/**
 * MTR 2.5 at the quick-entry bar: a line that agrees with a result the match's facts decided
 * records it; the recorded result typed again is already recorded; a match with another result
 * keeps it (a correction needs a reason, on its row); a
 * line that differs from a player's report waiting for confirmation asks for "!" first (a dispute
 * is left to the result path, which refuses it); anything else is reported. A line sent again
 * (`isReplay`) is always answered by the report path, as its first save was.
 */
export function decideQuickEntryLine(input: {
  entered: QuickEntryResult;
  stored: QuickEntryResult | null;
  isConfirmed: boolean;
  waitingReport: { by: Side; result: QuickEntryResult } | null;
  isDisputed: boolean;
  isReplay: boolean;
  confirmUnusual: boolean;
}): RuleResult<QuickEntryStep> {
  if (!isRecord(input) || !isRecord(input.entered) || checkSlip(input.entered.slip))
    return fail("INVALID_INPUT", say("quickEntry.quickEntryLineNeeds"));
  if (input.isReplay === true) return ok({ step: "report" });
  const stored = isRecord(input.stored) && !checkSlip(input.stored.slip) ? input.stored : null;
  if (stored && sameResult(stored, input.entered))
    return ok({ step: input.isConfirmed === true ? "already-recorded" : "record-decided" });
  if (stored) return ok({ step: "has-result", stored: stored.slip });
  const waiting =
    isRecord(input.waitingReport) &&
    isRecord(input.waitingReport.result) &&
    !checkSlip(input.waitingReport.result.slip)
      ? input.waitingReport
      : null;
  if (
    input.confirmUnusual !== true &&
    input.isDisputed !== true &&
    waiting &&
    !sameResult(waiting.result, input.entered)
  ) {
    return ok({
      step: "differs-from-report",
      reportedBy: waiting.by,
      reported: waiting.result.slip,
    });
  }
  return ok({ step: "report" });
}

/**
 * MTR 2.1: the slips the quick-entry bar shows as examples, for matches played to `gamesToWin`:
 * a close win, a clean win, and a match won after a drawn game (drawn games third).
 */
export function quickEntryExamples(gamesToWin: unknown): {
  win: string;
  sweep: string;
  drawn: string;
} {
  const target = isCount(gamesToWin, 1) ? (gamesToWin as number) : 2;
  return {
    win: `${target}-${target - 1}`,
    sweep: `${target}-0`,
    drawn: `0-${target}-1`,
  };
}

// ---------------------------------------------------------------------------------------
// Pods (CR 100.6a): "7 win 3" (seat 3 won pod 7), "7 draw" (a draw every player still in the game
// agreed to, 104.4i), "7 time" (a draw at time, by the event's end-of-round procedure).

export type PodQuickEntry = {
  pod: number;
  outcome: { kind: "win"; seat: number } | { kind: "agreed-draw" } | { kind: "draw-at-time" };
};

const POD_HELP = say("quickEntry.typePodResultE");

/** Reads a pod's quick-entry line; case and extra spaces do not matter, every word must be understood. */
export function parsePodQuickEntry(line: unknown): RuleResult<PodQuickEntry> {
  if (typeof line !== "string" || line.trim() === "") return unreadable(POD_HELP);
  if (line.length > MAX_LENGTH)
    return unreadable(say("quickEntry.lineTooLongOne", { most: MAX_LENGTH, help: POD_HELP }));
  const words = line.trim().toLowerCase().split(/\s+/);
  if (words[0] === "pod") words.shift();
  const podWord = (words.shift() ?? "").replace(/^(p|#)/, "");
  if (!/^\d{1,4}$/.test(podWord) || Number(podWord) < 1)
    return unreadable(say("quickEntry.startPodSNumber", { help: POD_HELP }));
  const pod = Number(podWord);
  const [what, seatWord, ...rest] = words;
  if (rest.length > 0)
    return unreadable(say("quickEntry.notUnderstood", { word: rest.join(" "), help: POD_HELP }));
  if (what === "draw" || what === "id")
    return seatWord === undefined
      ? ok({ pod, outcome: { kind: "agreed-draw" } })
      : unreadable(
          say("quickEntry.understoodAfterDraw", { word: seatWord, help: POD_HELP }),
          "104.4i",
        );
  if (what === "time")
    return seatWord === undefined
      ? ok({ pod, outcome: { kind: "draw-at-time" } })
      : unreadable(say("quickEntry.understoodAfterTime", { word: seatWord, help: POD_HELP }));
  if (what === "win" || what === "won" || what === "w") {
    const seat = (seatWord ?? "").replace(/^(seat|s)/, "");
    if (!/^[1-5]$/.test(seat))
      return unreadable(say("quickEntry.nameWinnerSSeat", { pod, help: POD_HELP }), "104.2a");
    return ok({ pod, outcome: { kind: "win", seat: Number(seat) } });
  }
  return unreadable(
    what === undefined
      ? say("quickEntry.sayHowPodEnded", { pod, help: POD_HELP })
      : say("quickEntry.notUnderstood", { word: what, help: POD_HELP }),
  );
}
