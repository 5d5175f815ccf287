// A match's result: MTR 2.1 Match Structure, MTR 2.4 End-of-Match Procedure (what time does
// to a match) and MTR 2.5 Conceding or Intentionally Drawing Games or Matches.

import { IPG_APPLYING_PENALTIES, mtr } from "./edition";
import { type GameOutcome, checkGameOutcome } from "./game";
import {
  type Message,
  type PerSide,
  type RuleError,
  type RuleResult,
  type Side,
  asNumber,
  asRecord,
  checkCounts,
  checkFlags,
  checkRecord,
  fail,
  isRecord,
  isSide,
  ok,
  otherSide,
  showValue,
  say,
  sideOf,
} from "./result";

/**
 * gamesToWin is set per tournament phase (MTR 2.1: the organizer may change it for any
 * portion of the event): 1 = best-of-one, 2 = best-of-three, 3 = best-of-five.
 * elimination = a single-elimination playoff match, which cannot end in a draw (MTR 2.4).
 */
export type MatchFormat = { gamesToWin: number; elimination: boolean };

/** What players write on the result slip: game wins of each side and drawn games. */
export type ResultSlip = { winsA: number; winsB: number; draws: number };

export type MatchOutcome = {
  /** null = a drawn match. */
  winner: Side | null;
  /** The slip to report (a concession by a player who won a game is reported 2-1, MTR 2.5). */
  slip: ResultSlip;
  rule: string;
  /** 3 for a win, 1 each for a draw, 0 for a loss (MTR Appendix C). */
  matchPoints: PerSide<number>;
  /** 3 per game won, 1 per game drawn (MTR Appendix C). */
  gamePoints: PerSide<number>;
};

export type SlipContext = {
  /** The side that conceded the match (or refused to play, which is the same, MTR 2.5). */
  concededBy?: Side;
  /** Both players agreed to draw the match (MTR 2.5). */
  intentionalDraw?: boolean;
};

export function bestOf(games: 1 | 3 | 5, elimination = false): MatchFormat {
  return {
    gamesToWin: typeof games === "number" ? (games + 1) / 2 : Number.NaN,
    elimination: elimination === true,
  };
}

/** Best-of-N name of a format, for messages: gamesToWin 2 → "best-of-three". */
export function formatName(format: MatchFormat): string {
  const names: Record<number, string> = {
    1: "best-of-one",
    2: "best-of-three",
    3: "best-of-five",
    4: "best-of-seven",
  };
  const gamesToWin = isRecord(format) ? format.gamesToWin : undefined;
  return typeof gamesToWin === "number" ? (names[gamesToWin] ?? `first-to-${gamesToWin}`) : "match";
}

export function checkFormat(format: MatchFormat): { ok: false; error: RuleError } | null {
  if (!isRecord(format)) {
    return fail(
      "INVALID_FORMAT",
      say("match.matchFormatGiven", { format: showValue(format) }),
      mtr("matchStructure"),
    );
  }
  if (!Number.isSafeInteger(format.gamesToWin) || format.gamesToWin < 1) {
    return fail(
      "INVALID_FORMAT",
      say("match.gamesNeededWinMatch", { gamesToWin: showValue(format.gamesToWin) }),
      mtr("matchStructure"),
    );
  }
  if (typeof format.elimination !== "boolean") {
    return fail(
      "INVALID_FORMAT",
      say("match.whetherMatchSingleElimination", { elimination: showValue(format.elimination) }),
      mtr("matchStructure"),
    );
  }
  return null;
}

/** Every field of a slip is required: game wins of each side and drawn games, each a whole number of at least 0. */
export function checkSlip(slip: ResultSlip): { ok: false; error: RuleError } | null {
  return (
    checkRecord(say("match.resultSlip"), slip) ??
    checkCounts([
      [say("match.gameWins", { side: sideOf("A") }), slip.winsA],
      [say("match.gameWins", { side: sideOf("B") }), slip.winsB],
      [say("match.drawnGames"), slip.draws],
    ])
  );
}

/** A concession side (or none) and an agreed-draw flag; null/undefined mean "not recorded". */
function checkContext(context: unknown): { ok: false; error: RuleError } | null {
  if (context === undefined || context === null) return null;
  const invalid = checkRecord(say("match.matchSConcessionDraw"), context);
  if (invalid) return invalid;
  const c = context as Record<string, unknown>;
  if (c.concededBy !== undefined && c.concededBy !== null && !isSide(c.concededBy)) {
    return fail(
      "INVALID_INPUT",
      say("match.sideConcededB", { concededBy: showValue(c.concededBy) }),
      mtr("concedeOrDraw"),
    );
  }
  return checkFlags(say("match.matchSConcessionDraw"), c, ["intentionalDraw"]);
}

/** MTR Appendix C: a bye is a match win reported 2-0 (3 match points, 6 game points). */
export const BYE_SLIP: ResultSlip = Object.freeze({ winsA: 2, winsB: 0, draws: 0 });

/**
 * A score as players and pages write it (MTR 2.1, games won-lost-drawn from one side): "2-1",
 * drawn games only when there were any ("1-1-1"); null before a result.
 */
export function writtenScore(
  own: number | null,
  other: number | null,
  draws: number | null,
): string | null {
  return own === null || other === null
    ? null
    : [showValue(own), showValue(other), ...(draws ? [showValue(draws)] : [])].join("-");
}

/** How a result is confirmed, keeping how it ended: a concession as one, an intentional draw as one (MTR 2.5). */
export function resultSummary(
  outcome: Pick<MatchOutcome, "winner" | "slip">,
  context: { concededBy?: Side | null; intentionalDraw?: boolean } = {},
): Message {
  const { winner } = asRecord(outcome);
  const slip = asRecord(asRecord(outcome).slip) as ResultSlip;
  context = asRecord(context);
  if (context.intentionalDraw === true)
    return say("match.summaryIntentionalDraw", { slip: slipToString(slip) });
  if (!isSide(winner)) return say("match.summaryDrawn", { slip: slipToString(slip) });
  const score =
    winner === "A"
      ? writtenScore(slip.winsA, slip.winsB, slip.draws)
      : writtenScore(slip.winsB, slip.winsA, slip.draws);
  const wins = say("match.summaryWins", { winner: sideOf(winner), score });
  const conceded = isSide(context.concededBy) ? context.concededBy : null;
  return conceded === null ? wins : say("match.summaryConceded", { loser: sideOf(conceded), wins });
}

export function slipToString(slip: ResultSlip): string {
  const s = asRecord(slip);
  return [showValue(s.winsA), showValue(s.winsB), showValue(s.draws)].join("-");
}

/** Builds the outcome, with match and game points, for a winner (or null) and a slip. */
export function matchOutcome(winner: Side | null, slip: ResultSlip, rule: string): MatchOutcome {
  const matchPoints =
    winner === null ? { A: 1, B: 1 } : winner === "A" ? { A: 3, B: 0 } : { A: 0, B: 3 };
  const s = asRecord(slip);
  const [a, b, d] = [asNumber(s.winsA), asNumber(s.winsB), asNumber(s.draws)];
  return {
    winner,
    slip,
    rule,
    matchPoints,
    gamePoints: { A: 3 * a + d, B: 3 * b + d },
  };
}

/** Game wins beyond what the format allows: more than gamesToWin, or both sides reaching it. */
function checkGameWins(
  format: MatchFormat,
  slip: ResultSlip,
): { ok: false; error: RuleError } | null {
  const g = format.gamesToWin;
  for (const side of ["A", "B"] as const) {
    const wins = side === "A" ? slip.winsA : slip.winsB;
    if (wins > g) {
      return fail(
        "TOO_MANY_GAME_WINS",
        say("match.matchEndsWhenPlayer", {
          formatName: formatName(format),
          g,
          s: g === 1 ? "" : "s",
          wins,
          side: sideOf(side),
        }),
        mtr("matchStructure"),
      );
    }
  }
  if (slip.winsA === g && slip.winsB === g) {
    return fail(
      "TOO_MANY_GAME_WINS",
      say("match.bothPlayersReportedGame", { g }),
      mtr("matchStructure"),
    );
  }
  return null;
}

/**
 * MTR 2.5: the winner of a conceded match is reported with the games needed to win; the
 * conceding player keeps the games they won, but if they had won a game the match is
 * reported 2-1 (in general: gamesToWin against at most gamesToWin - 1). Drawn games that
 * were played stay on the slip.
 */
export function concessionSlip(
  format: MatchFormat,
  slip: ResultSlip,
  concededBy: Side,
): ResultSlip {
  const g = asNumber(asRecord(format).gamesToWin);
  const s = asRecord(slip);
  const conceder = Math.min(asNumber(concededBy === "A" ? s.winsA : s.winsB), g - 1);
  const draws = asNumber(s.draws);
  return concededBy === "A"
    ? { winsA: conceder, winsB: g, draws }
    : { winsA: g, winsB: conceder, draws };
}

/**
 * MTR 2.5: an intentional draw with no games played is reported 0-0-3 ("or by using the draw
 * button (0-0)"), so each player gets 3 game points (Appendix C: 1 per drawn game). Ruling (D)
 * in docs/rules.md: the alternative, counting it 0-0-0 with no game points, is not followed.
 */
export function intentionalDrawSlip(slip: ResultSlip): ResultSlip {
  const s = asRecord(slip);
  return s.winsA === 0 && s.winsB === 0 && s.draws === 0 ? { winsA: 0, winsB: 0, draws: 3 } : slip;
}

function drawInElimination(): { ok: false; error: RuleError } {
  return fail(
    "DRAW_IN_SINGLE_ELIMINATION",
    say("match.singleEliminationMatchCannot"),
    mtr("endOfMatch"),
  );
}

/**
 * Validates a reported result slip (2-1-0, 1-1-1, 0-0-3, …) and says who won the match.
 * - A side with gamesToWin game wins wins (MTR 2.1).
 * - Otherwise the round ended first: more game wins wins; equal is a draw in Swiss (MTR 2.1)
 *   and impossible in single elimination (MTR 2.4).
 * - A concession or refusal to play wins the match for the other side (MTR 2.5); the slip
 *   is rewritten as it must be reported (see concessionSlip).
 * - An intentional draw is a drawn match whatever games were played, reported 0-0-3 if no
 *   game was played (MTR 2.5); impossible in single elimination.
 * Drawn games never count toward gamesToWin (MTR 2.1), so any number of them is accepted.
 */
export function evaluateResultSlip(
  format: MatchFormat,
  slip: ResultSlip,
  context: SlipContext = {},
): RuleResult<MatchOutcome> {
  const invalid =
    checkFormat(format) ?? checkSlip(slip) ?? checkContext(context) ?? checkGameWins(format, slip);
  if (invalid) return invalid;
  const c = asRecord(context) as SlipContext;
  const concededBy = c.concededBy ?? undefined;
  const intentionalDraw = c.intentionalDraw === true;

  if (concededBy !== undefined && intentionalDraw) {
    return fail("CONCESSION_CONFLICT", say("match.matchCannotBothConceded"), mtr("concedeOrDraw"));
  }
  if (concededBy !== undefined) {
    return ok(
      matchOutcome(
        otherSide(concededBy),
        concessionSlip(format, slip, concededBy),
        mtr("concedeOrDraw"),
      ),
    );
  }
  if (intentionalDraw) {
    if (format.elimination) return drawInElimination();
    return ok(matchOutcome(null, intentionalDrawSlip(slip), mtr("concedeOrDraw")));
  }
  if (slip.winsA !== slip.winsB)
    return ok(matchOutcome(slip.winsA > slip.winsB ? "A" : "B", slip, mtr("matchStructure")));
  if (format.elimination) return drawInElimination();
  return ok(matchOutcome(null, slip, mtr("matchStructure")));
}

/**
 * Ruling (F) in docs/rules.md: MTR 2.1 puts no limit on drawn games ("drawn games do not count
 * toward this goal"), so a slip such as 2-0-5 is not impossible and is not refused. It is
 * questioned: only the game under way when time runs out is drawn by time (MTR 2.4), so a second
 * drawn game needs a rare draw (CR 104.4a/b) and five of them are almost surely a typo. A slip
 * with two or more drawn games needs the reporter's confirmation, except 0-0-3, the report of an
 * intentional draw with no game played (MTR 2.5). Answers null when nothing needs confirming.
 */
export function questionResultSlip(
  format: MatchFormat,
  slip: ResultSlip,
): { ok: false; error: RuleError } | null {
  if (checkFormat(format) || checkSlip(slip)) return null; // evaluateResultSlip says what is wrong
  const { winsA, winsB, draws } = slip;
  if (draws < 2 || (winsA === 0 && winsB === 0 && draws === 3)) return null;
  const games = winsA + winsB + draws;
  return fail(
    "UNUSUAL_DRAWS",
    say("match.drawnGamesGamesUnusual", {
      draws,
      games,
      formatName: formatName(format),
      gamesToWin: format.gamesToWin,
    }),
    mtr("matchStructure"),
  );
}

// ---------------------------------------------------------------------------------------
// Deriving a match's state from the ordered facts of the match.

export type MatchEvent =
  /** A game ended (restarts, 104.6, are accepted and do not count as games). */
  | { type: "game"; outcome: GameOutcome }
  /** A side conceded the match (MTR 2.5). */
  | { type: "concession"; side: Side }
  /** A side refused to play: treated as conceding the match (MTR 2.5). */
  | { type: "refusal"; side: Side }
  /** Both sides agreed to draw the match (MTR 2.5). */
  | { type: "intentional-draw" }
  /** The match's time ran out (MTR 2.4), with or without a game in progress. */
  | { type: "time-called"; gameInProgress: boolean }
  /**
   * A judge gave this side a Match Loss (or a Disqualification) during the match (IPG 1.2): the
   * other side wins, reported as a conceded match is (see concessionSlip).
   */
  | { type: "match-loss"; side: Side };

export type MatchFacts = { format: MatchFormat; events: readonly MatchEvent[] };

export type MatchDecidedBy = "games" | "time" | "concession" | "intentional-draw" | "penalty";

export type MatchState = {
  status: "in-progress" | "decided";
  /** The match winner once decided; null while in progress or for a drawn match. */
  winner: Side | null;
  /** The games so far while in progress; once decided, what to report. */
  slip: ResultSlip;
  /** The rule that decided the match, or that governs what happens next. */
  rule: string;
  /** Whether another game of this match may begin now. */
  mayStartNewGame: boolean;
  /** Games that counted (restarts excluded). */
  gamesPlayed: number;
  timeCalled: boolean;
  decidedBy: MatchDecidedBy | null;
  /** The full outcome (points included) once decided. */
  outcome: MatchOutcome | null;
};

type Progress = {
  slip: ResultSlip;
  timeCalled: boolean;
  /** A game was in progress when time was called and has not ended yet. */
  gameRunningAtTime: boolean;
  decided: { outcome: MatchOutcome; by: MatchDecidedBy } | null;
};

function tiedAfterTimeInElimination(format: MatchFormat, p: Progress): boolean {
  return (
    format.elimination && p.timeCalled && !p.gameRunningAtTime && p.slip.winsA === p.slip.winsB
  );
}

/** After time is called and no game is running, the match ends as it stands (MTR 2.1, 2.4). */
function settleAfterTime(format: MatchFormat, p: Progress): Progress {
  if (!p.timeCalled || p.gameRunningAtTime || p.decided !== null) return p;
  if (p.slip.winsA === p.slip.winsB && format.elimination) return p; // play on under the added state-based action
  const winner = p.slip.winsA === p.slip.winsB ? null : p.slip.winsA > p.slip.winsB ? "A" : "B";
  return {
    ...p,
    decided: { outcome: matchOutcome(winner, p.slip, mtr("matchStructure")), by: "time" },
  };
}

function applyGame(format: MatchFormat, p: Progress, outcome: GameOutcome): RuleResult<Progress> {
  if (p.decided !== null) {
    const { slip, winner } = p.decided.outcome;
    const result =
      winner === null ? say("match.aDraw") : say("match.wonPlayer", { winner: sideOf(winner) });
    const ended = { slip: slipToString(slip), result };
    if (p.decided.by === "time") {
      return fail(
        "GAME_STARTED_AFTER_TIME",
        say("match.timeHadBeenCalled", ended),
        mtr("endOfMatch"),
      );
    }
    return fail(
      "GAME_AFTER_MATCH_DECIDED",
      say("match.matchAlreadyDecidedFurther", ended),
      mtr("matchStructure"),
    );
  }
  if (outcome.kind === "restart") return ok(p); // 104.6: not a result; the same game is replayed
  const tied = p.slip.winsA === p.slip.winsB;
  if (outcome.reason === "DRAW_UNFINISHED_AT_TIME") {
    if (!p.timeCalled) {
      return fail("TIME_NOT_CALLED", say("match.gameCanLeftUnfinished"), mtr("endOfMatch"));
    }
    if (format.elimination && tied) return drawInElimination();
  }
  if (outcome.reason === "LIFE_TOTAL_AT_TIME" && !(format.elimination && p.timeCalled && tied)) {
    return fail("CONFLICTING_FACTS", say("match.lifeTotalRuleDecides"), mtr("endOfMatch"));
  }
  const slip =
    outcome.kind === "draw"
      ? { ...p.slip, draws: p.slip.draws + 1 }
      : outcome.winner === "A"
        ? { ...p.slip, winsA: p.slip.winsA + 1 }
        : { ...p.slip, winsB: p.slip.winsB + 1 };
  const next: Progress = { ...p, slip, gameRunningAtTime: false };
  const g = format.gamesToWin;
  if (slip.winsA === g || slip.winsB === g) {
    return ok({
      ...next,
      decided: {
        outcome: matchOutcome(slip.winsA === g ? "A" : "B", slip, mtr("matchStructure")),
        by: "games",
      },
    });
  }
  return ok(settleAfterTime(format, next));
}

/**
 * MTR 2.5: a concession or an agreed draw is possible until the match is complete (confirmed),
 * read literally — even after a player has already won the games needed. Ruling (B) in
 * docs/rules.md; players cannot change a confirmed result (match-report.ts, the data layer).
 */
function checkNotAgreedYet(p: Progress): { ok: false; error: RuleError } | null {
  if (
    p.decided !== null &&
    (p.decided.by === "concession" || p.decided.by === "intentional-draw")
  ) {
    return fail(
      "MATCH_ALREADY_DECIDED",
      say("match.matchAlreadyStaffCorrection", {
        how: p.decided.by === "concession" ? say("match.conceded") : say("match.drawnByAgreement"),
      }),
      mtr("concedeOrDraw"),
    );
  }
  return null;
}

/** An event of a known type whose fields are what that type needs; UNKNOWN_EVENT or INVALID_INPUT otherwise. */
function checkMatchEvent(event: unknown): { ok: false; error: RuleError } | null {
  const e = asRecord(event);
  switch (e.type) {
    case "game":
      return checkGameOutcome(e.outcome);
    case "concession":
    case "refusal":
      return isSide(e.side)
        ? null
        : fail(
            "INVALID_INPUT",
            say("match.sideB", {
              did: e.type === "concession" ? say("match.conceded") : say("match.refusedToPlay"),
              side: showValue(e.side),
            }),
            mtr("concedeOrDraw"),
          );
    case "match-loss":
      return isSide(e.side)
        ? null
        : fail(
            "INVALID_INPUT",
            say("match.sideGivenMatchLoss", { side: showValue(e.side) }),
            IPG_APPLYING_PENALTIES.section,
          );
    case "intentional-draw":
      return null;
    case "time-called":
      return typeof e.gameInProgress === "boolean"
        ? null
        : fail(
            "INVALID_INPUT",
            say("match.whetherGameProgressWhen", { gameInProgress: showValue(e.gameInProgress) }),
            mtr("endOfMatch"),
          );
    default:
      return fail(
        "UNKNOWN_EVENT",
        say("match.matchEventEventsGame", { value: showValue(isRecord(event) ? e.type : event) }),
      );
  }
}

function applyEvent(format: MatchFormat, p: Progress, event: MatchEvent): RuleResult<Progress> {
  const invalid = checkMatchEvent(event);
  if (invalid) return invalid;
  switch (event.type) {
    case "game":
      return applyGame(format, p, event.outcome);
    case "concession":
    case "refusal": {
      const agreed = checkNotAgreedYet(p);
      if (agreed) return agreed;
      // The match may have been decided on games already: MTR 2.5 still lets a player concede
      // until the match is complete, and the concession is what gets reported.
      const outcome = matchOutcome(
        otherSide(event.side),
        concessionSlip(format, p.slip, event.side),
        mtr("concedeOrDraw"),
      );
      return ok({ ...p, gameRunningAtTime: false, decided: { outcome, by: "concession" } });
    }
    case "intentional-draw": {
      const agreed = checkNotAgreedYet(p);
      if (agreed) return agreed;
      if (format.elimination) return drawInElimination();
      const outcome = matchOutcome(null, intentionalDrawSlip(p.slip), mtr("concedeOrDraw"));
      return ok({ ...p, gameRunningAtTime: false, decided: { outcome, by: "intentional-draw" } });
    }
    case "time-called": {
      if (p.timeCalled)
        return fail("TIME_ALREADY_CALLED", say("match.timeAlreadyCalledMatch"), mtr("endOfMatch"));
      if (p.decided !== null) return ok({ ...p, timeCalled: true }); // the round clock runs on; the match is over
      return ok(
        settleAfterTime(format, {
          ...p,
          timeCalled: true,
          gameRunningAtTime: event.gameInProgress,
        }),
      );
    }
    case "match-loss": {
      // IPG 1.2: a Match Loss given once the match has ended applies to the player's next match.
      if (p.decided !== null) {
        return fail(
          "MATCH_ALREADY_DECIDED",
          say("match.matchAlreadyEndedMatch"),
          IPG_APPLYING_PENALTIES.section,
        );
      }
      const outcome = matchOutcome(
        otherSide(event.side),
        concessionSlip(format, p.slip, event.side),
        IPG_APPLYING_PENALTIES.section,
      );
      return ok({ ...p, gameRunningAtTime: false, decided: { outcome, by: "penalty" } });
    }
    default:
      return checkMatchEvent(event) ?? fail("UNKNOWN_EVENT", say("match.matchEvent"));
  }
}

/**
 * The state of a match from its ordered facts: games (in the order played), concessions,
 * refusals, an agreed draw, and time being called. Facts that cannot follow the ones before
 * them (a game after the match was decided, a new game after time, …) are errors.
 */
export function deriveMatchResult(facts: MatchFacts): RuleResult<MatchState> {
  const shape = checkRecord(say("match.matchFacts"), facts);
  if (shape) return shape;
  const invalid = checkFormat(facts.format);
  if (invalid) return invalid;
  if (!Array.isArray(facts.events))
    return fail(
      "INVALID_INPUT",
      say("match.matchSEventsList", { events: showValue(facts.events) }),
    );
  let p: Progress = {
    slip: { winsA: 0, winsB: 0, draws: 0 },
    timeCalled: false,
    gameRunningAtTime: false,
    decided: null,
  };
  for (const [index, event] of facts.events.entries()) {
    const next = applyEvent(facts.format, p, event);
    if (!next.ok) {
      return fail(
        next.error.code,
        say("match.event", { number: index + 1, detail: next.error }),
        next.error.rule,
      );
    }
    p = next.value;
  }
  return ok(toMatchState(facts.format, p));
}

function toMatchState(format: MatchFormat, p: Progress): MatchState {
  const gamesPlayed = p.slip.winsA + p.slip.winsB + p.slip.draws;
  const timeCalled = p.timeCalled;
  if (p.decided !== null) {
    const { outcome, by } = p.decided;
    return {
      status: "decided",
      winner: outcome.winner,
      slip: outcome.slip,
      rule: outcome.rule,
      mayStartNewGame: false,
      gamesPlayed,
      timeCalled,
      decidedBy: by,
      outcome,
    };
  }
  const mayStartNewGame = !timeCalled || tiedAfterTimeInElimination(format, p);
  const rule = timeCalled ? mtr("endOfMatch") : mtr("matchStructure");
  return {
    status: "in-progress",
    winner: null,
    slip: p.slip,
    rule,
    mayStartNewGame,
    gamesPlayed,
    timeCalled,
    decidedBy: null,
    outcome: null,
  };
}

/**
 * One source of truth per match: once games are recorded, a slip for the match must
 * be the slip those games make (MTR 2.1: game wins of each side and drawn games; a concession
 * or agreed draw is given as context and rewrites it as MTR 2.5 says). Null when it is; else
 * SLIP_CONTRADICTS_GAMES naming the first recorded game the slip leaves out, or saying the slip
 * has more games than were recorded.
 */
export function checkSlipAgainstGames(
  slip: ResultSlip,
  games: readonly GameOutcome[],
  /** MTR 2.5: the slip may add games played after those recorded (it completes the result). */
  options: { mayAddGames?: boolean } = {},
): { ok: false; error: RuleError } | null {
  const invalid = checkSlip(slip);
  if (invalid) return invalid;
  if (!Array.isArray(games))
    return fail("INVALID_INPUT", say("match.recordedGamesList", { games: showValue(games) }));
  for (const [index, game] of (games as readonly unknown[]).entries()) {
    const notAGame = checkGameOutcome(game);
    if (notAGame)
      return fail(
        notAGame.error.code,
        say("match.game", { number: index + 1, detail: notAGame.error }),
        notAGame.error.rule,
      );
  }
  const counted = { winsA: 0, winsB: 0, draws: 0 };
  let number = 0;
  for (const game of games) {
    if (game.kind === "restart") continue; // 104.6: not a game
    number += 1;
    const field = game.kind === "draw" ? "draws" : game.winner === "A" ? "winsA" : "winsB";
    counted[field] += 1;
    if (counted[field] > slip[field]) {
      const what =
        game.kind === "draw"
          ? say("match.draw")
          : say("match.wonPlayer2", { winner: sideOf(game.winner) });
      const slipSays =
        field === "draws"
          ? say("match.drawnGame", { draws: slip.draws, s: slip.draws === 1 ? "" : "s" })
          : say("match.playerGameWin", {
              side: sideOf(field === "winsA" ? "A" : "B"),
              wins: slip[field],
              s: slip[field] === 1 ? "" : "s",
            });
      return fail(
        "SLIP_CONTRADICTS_GAMES",
        say("match.gameSlip", { number, what, slipToString: slipToString(slip), slipSays }),
        mtr("matchStructure"),
      );
    }
  }
  if (asRecord(options).mayAddGames === true) return null;
  if (
    counted.winsA !== slip.winsA ||
    counted.winsB !== slip.winsB ||
    counted.draws !== slip.draws
  ) {
    return fail(
      "SLIP_CONTRADICTS_GAMES",
      say("match.slipGamesRecordedRecorded", {
        slipToString: slipToString(slip),
        number,
        slipToString2: slipToString(counted),
      }),
      mtr("matchStructure"),
    );
  }
  return null;
}

/** What taking back the last recorded game depends on (a game recorded in error). */
export type LastGameRemoval = {
  format: MatchFormat;
  /** The recorded games, in the order played. */
  games: readonly GameOutcome[];
  /** A concession or intentional draw stored with the match's result on top of its games (MTR 2.5), or null. */
  agreement: "concession" | "intentional-draw" | null;
  /** Time called on the judge's end-of-match screen (MTR 2.4): how many games were recorded then, and whether one was under way; or null. */
  timeCalled: { gamesBefore: number; gameInProgress: boolean } | null;
  /** The most games any step of the end-of-match procedure counted when it was stored (time called, turns added by a penalty), or null. */
  gamesCountedByProcedure: number | null;
  /** Whether a judge gave a Match Loss or a Disqualification in this match (IPG 1.2), whenever it was given. */
  matchLoss: boolean;
};

/**
 * Whether staff may take back the last recorded game (entered in error: the wrong winner, the
 * wrong table, a game that was not played), and what the match is with the games before it
 * (MTR 2.1: the games decide the match). Only the last game goes, so the games that stay are the
 * ones played first and the next game is recorded again in its place. Refused
 * (GAME_NOT_REMOVABLE) when no game is recorded; when the game is a Game Loss a judge gave
 * (CR 104.3k, kept with its penalty); when a step of the end-of-match procedure was stored after
 * it (MTR 2.4: time called, turns added: the step counts it); when a concession or intentional
 * draw stands on top of the games (MTR 2.5: that result is cleared first); or when a judge gave a
 * Match Loss or Disqualification in the match (IPG 1.2: without the game it could decide the match).
 */
export function checkLastGameRemoval(
  facts: LastGameRemoval,
): RuleResult<{ number: number; state: MatchState }> {
  if (!isRecord(facts))
    return fail("INVALID_INPUT", say("match.matchSFactsObject", { facts: showValue(facts) }));
  const badFormat = checkFormat(facts.format);
  if (badFormat) return badFormat;
  const games: unknown = facts.games;
  if (!Array.isArray(games))
    return fail("INVALID_INPUT", say("match.recordedGamesList", { games: showValue(games) }));
  for (const [index, game] of (games as readonly unknown[]).entries()) {
    const notAGame = checkGameOutcome(game);
    if (notAGame)
      return fail(
        notAGame.error.code,
        say("match.game", { number: index + 1, detail: notAGame.error }),
        notAGame.error.rule,
      );
  }
  const { agreement, timeCalled, gamesCountedByProcedure, matchLoss } = facts;
  if (agreement !== null && agreement !== "concession" && agreement !== "intentional-draw") {
    return fail(
      "INVALID_INPUT",
      say("match.agreementConcessionIntentionalDraw", { agreement: showValue(agreement) }),
    );
  }
  const isCount = (value: unknown) =>
    typeof value === "number" && Number.isInteger(value) && value >= 0;
  if (
    timeCalled !== null &&
    (!isRecord(timeCalled) ||
      !isCount(timeCalled.gamesBefore) ||
      typeof timeCalled.gameInProgress !== "boolean")
  ) {
    return fail(
      "INVALID_INPUT",
      say("match.timeCalledNull", { timeCalled: showValue(timeCalled) }),
    );
  }
  if (gamesCountedByProcedure !== null && !isCount(gamesCountedByProcedure)) {
    return fail(
      "INVALID_INPUT",
      say("match.gamesEndMatchProcedure", {
        gamesCountedByProcedure: showValue(gamesCountedByProcedure),
      }),
    );
  }
  if (typeof matchLoss !== "boolean")
    return fail(
      "INVALID_INPUT",
      say("match.whetherMatchLossDecided", { matchLoss: showValue(matchLoss) }),
    );

  const number = games.length;
  if (number === 0) return fail("GAME_NOT_REMOVABLE", say("match.gameRecordedMatchThere"));
  const last = games[number - 1] as GameOutcome;
  if (last.kind !== "restart" && last.reason === "JUDGE_GAME_LOSS") {
    return fail("GAME_NOT_REMOVABLE", say("match.gameGameLossJudge", { number }), "104.3k");
  }
  if (matchLoss)
    return fail(
      "GAME_NOT_REMOVABLE",
      say("match.judgeGaveMatchLoss"),
      IPG_APPLYING_PENALTIES.section,
    );
  if (gamesCountedByProcedure !== null && gamesCountedByProcedure >= number) {
    return fail(
      "GAME_NOT_REMOVABLE",
      say("match.endMatchProcedureStored", { number }),
      mtr("endOfMatch"),
    );
  }
  if (agreement !== null) {
    const what =
      agreement === "concession" ? say("match.aConcession") : say("match.intentionalDraw");
    return fail(
      "GAME_NOT_REMOVABLE",
      say("match.matchEndedAfterGames", { what, number }),
      mtr("concedeOrDraw"),
    );
  }
  const events: MatchEvent[] = (games as readonly GameOutcome[])
    .slice(0, -1)
    .map((outcome) => ({ type: "game", outcome }));
  // MTR 2.4: time called stays a fact of the match, after the games finished before it.
  if (timeCalled)
    events.splice(Math.min(timeCalled.gamesBefore, events.length), 0, {
      type: "time-called",
      gameInProgress: timeCalled.gameInProgress,
    });
  const before = deriveMatchResult({ format: facts.format, events });
  if (!before.ok) return before;
  return ok({ number, state: before.value });
}

/** One game told from a player's side, as they tap it on their phone ("My match"). */
export type GameFromMySide = "me" | "opponent" | "draw";

/** The most games a player may tell one by one: a best-of-three with four drawn games. */
const MAX_GAMES_TOLD = 7;

function toldGames(games: unknown): GameFromMySide[] {
  return Array.isArray(games)
    ? games.filter(
        (game): game is GameFromMySide => game === "me" || game === "opponent" || game === "draw",
      )
    : [];
}

/**
 * MTR 2.1: games told one by one from a player's side (`mySide`), summed into the pairing's A/B
 * match slip (game wins of each side and drawn games). The slip is then judged like any other
 * (evaluateResultSlip); this only counts.
 */
export function slipFromGames(games: readonly GameFromMySide[], mySide: Side): ResultSlip {
  const told = toldGames(games);
  const mine = told.filter((game) => game === "me").length;
  const theirs = told.filter((game) => game === "opponent").length;
  const draws = told.filter((game) => game === "draw").length;
  return mySide === "B"
    ? { winsA: theirs, winsB: mine, draws }
    : { winsA: mine, winsB: theirs, draws };
}

/**
 * MTR 2.1: whether another game can follow these. Not once a player has won the match's games;
 * and never more than the best-of-N plus the drawn games (a drawn game does not count towards the
 * N), up to seven in all.
 */
export function mayTellAnotherGame(format: MatchFormat, games: readonly GameFromMySide[]): boolean {
  if (
    !format ||
    typeof format !== "object" ||
    !Number.isInteger(format.gamesToWin) ||
    format.gamesToWin < 1
  )
    return false;
  const told = toldGames(games);
  const mine = told.filter((game) => game === "me").length;
  const theirs = told.filter((game) => game === "opponent").length;
  const draws = told.filter((game) => game === "draw").length;
  if (mine >= format.gamesToWin || theirs >= format.gamesToWin) return false;
  return told.length < Math.min(format.gamesToWin * 2 - 1 + draws, MAX_GAMES_TOLD);
}

/** MTR 2.4: time called on the judge's screen, after how many finished games, and whether a game was under way. */
export type TimeCalledAt = { gamesBefore: number; gameInProgress: boolean };

/**
 * MTR 2.1, 2.4, 2.5: a match's stored facts in the order the rules read them: its games, time
 * called after the games finished before it (so a game left unfinished at time may follow), then
 * a concession or agreed draw stored with its result.
 */
export function storedMatchEvents(
  games: readonly GameOutcome[],
  match: { concededBy: Side | null; intentionalDraw: boolean; winsA: number | null },
  timeCalled: TimeCalledAt | null = null,
): MatchEvent[] {
  const events: MatchEvent[] = Array.isArray(games)
    ? games.map((outcome) => ({ type: "game", outcome }))
    : [];
  if (isRecord(timeCalled))
    events.splice(Math.min(Number(timeCalled.gamesBefore) || 0, events.length), 0, {
      type: "time-called",
      gameInProgress: timeCalled.gameInProgress !== false,
    });
  if (!isRecord(match) || match.winsA === null) return events;
  if (isSide(match.concededBy)) events.push({ type: "concession", side: match.concededBy });
  if (match.intentionalDraw === true) events.push({ type: "intentional-draw" });
  return events;
}

/** IPG 1.2: a Match Loss given during a match comes last among its facts; one given after the match had ended changes nothing. */
export function withMatchLoss(
  format: MatchFormat,
  events: readonly MatchEvent[],
  matchLoss: Side | null,
): MatchEvent[] {
  const list = Array.isArray(events) ? [...events] : [];
  if (!isSide(matchLoss)) return list;
  const without = deriveMatchResult({ format, events: list });
  if (without.ok && without.value.status === "decided") return list;
  return [...list, { type: "match-loss", side: matchLoss }];
}
