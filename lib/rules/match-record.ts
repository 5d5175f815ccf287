// One derivation of a match: from every fact stored about it — games (CR 104), the judge's
// end-of-match steps (MTR 2.4), Slow Play Warnings (MTR 2.6, IPG 3.3), a Match Loss (IPG 1.2),
// a concession or agreed draw (MTR 2.5) and whether its result has been recorded — to the one
// state every screen shows: the match page, the judge's time screen, the player's page and the
// results queue. No screen derives its own.
//
// Decided is not recorded: games, a Match Loss or the end-of-match procedure decide a match; the
// players may still concede or agree to a draw until its result is recorded (MTR 2.5), and that
// replaces the decided result.

import { mtr } from "./edition";
import {
  ADDITIONAL_TURNS,
  applyEndOfMatchEvent,
  describeEndOfMatch,
  endOfMatchAtStart,
  gameDecidedByProcedure,
  startEndOfMatch,
  type EndOfMatchState,
  type EndOfMatchSummary,
} from "./end-of-match";
import { checkGameOutcome, type GameOutcome } from "./game";
import {
  checkFormat,
  checkLastGameRemoval,
  checkSlip,
  checkSlipAgainstGames,
  deriveMatchResult,
  evaluateResultSlip,
  slipToString,
  storedMatchEvents,
  type MatchDecidedBy,
  type MatchEvent,
  type MatchFormat,
  type MatchOutcome,
  type ResultSlip,
} from "./match";
import type { SlipReport } from "./match-report";
import { chooserForNextGame, startingPlayerAfterRestart } from "./play-draw";
import {
  type RuleError,
  type RuleResult,
  type Side,
  asRecord,
  fail,
  isRecord,
  isSide,
  ok,
  showValue,
  say,
  sideOf,
  type Message,
  type MessageValue,
} from "./result";
import { checkExtensionMayBeGiven } from "./round-clock";
import { sideOfCurrentTurn } from "./turn-player";

/** MTR 2.4: only formats where teammates share turns (Two-Headed Giant) play three additional turns. */
export function additionalTurnsFor(format: { teammatesShareTurns: boolean }): number {
  return isRecord(format) && format.teammatesShareTurns === true
    ? ADDITIONAL_TURNS.team
    : ADDITIONAL_TURNS.individual;
}

/** MTR 2.4 read back: a phase stores the turns its format plays, and three means teammates share turns. */
export function teammatesShareTurnsFor(additionalTurns: number): boolean {
  return additionalTurns === ADDITIONAL_TURNS.team;
}

/** A fact of a match, in the order it was stored. */
export type MatchRecordEvent =
  /** A game ended. */
  | { type: "game"; outcome: GameOutcome }
  /** CR 104.6: the game under way restarted (Karn Liberated): no game result; the same game is played again, started by `by`. */
  | { type: "restart"; by: Side }
  /** MTR 2.4: the match's time limit was reached; whose turn it was, if the judge said. */
  | {
      type: "time-called";
      gameInProgress: boolean;
      activePlayerPassingTurn?: boolean;
      activeSide?: Side | null;
    }
  | { type: "turn-ended"; extraTurn?: boolean }
  /** MTR 2.4, single elimination: the life totals at the end of the additional turns. */
  | { type: "life-totals"; A: number; B: number }
  /** IPG 3.3 through MTR 2.6: two more additional turns, if given before time is called. */
  | { type: "slow-play-warning" }
  /** IPG 1.2: a Match Loss or a Disqualification given to this side during the match. */
  | { type: "match-loss"; side: Side }
  /** MTR 2.5: a side conceded the match. */
  | { type: "concession"; side: Side }
  /** MTR 2.5: both sides agreed to draw the match. */
  | { type: "intentional-draw" };

export type MatchRecordFacts = {
  format: MatchFormat;
  /** Two-Headed Giant: teammates share turns (MTR 2.4: three additional turns). */
  teammatesShareTurns: boolean;
  isBye: boolean;
  /** MTR 2.2: who chooses play or draw for game 1 (the higher seed in a playoff, the random winner in Swiss), or null while unknown. */
  firstChooser: Side | null;
  events: readonly MatchRecordEvent[];
  /** The match's result has been recorded (the slip filled out, both reports agreeing, or staff): MTR 2.5 ends what players may change. */
  isRecorded: boolean;
  /** The slip recorded, once it is; it counts where the players' confirmed reports told games a judge did not record (MTR 2.5). */
  recordedSlip?: ResultSlip | null;
};

/** Everything that can be done to a match next; each is allowed (null) or refused with the rule's reason. */
export const MATCH_COMMANDS = [
  "record-game",
  "restart-game",
  "take-back-game",
  "call-time",
  "end-turn",
  "life-totals",
  "extend-time",
  "concede",
  "intentional-draw",
  "record-result",
] as const;
export type MatchCommand = (typeof MATCH_COMMANDS)[number];

export type MatchRecordPhase =
  /** A bye: nothing is played. */
  | "bye"
  /** Games are being played; time has not been called. */
  | "playing"
  /** MTR 2.4: time has been called and the end-of-match procedure runs. */
  | "end-of-match"
  /** The facts decide the match; its result is not recorded yet. */
  | "decided"
  /** The result is recorded (MTR 2.5: the match is complete). */
  | "recorded";

export type MatchRecordView = {
  phase: MatchRecordPhase;
  /** Games so far, including one the end-of-match procedure decided and nobody has recorded yet; once decided, what to report. */
  score: ResultSlip;
  /** Games that counted (restarts excluded). */
  gamesPlayed: number;
  /** MTR 2.2: who chooses play or draw for the next game; null when no game may start or game 1's chooser is not known yet. */
  nextChooser: Side | null;
  /** CR 104.6 and its "Restarting the Game" rule: the game under way restarted; this player starts it again, with no choice. */
  nextGameRestartedBy: Side | null;
  timeCalled: boolean;
  /** The end-of-match procedure while it decides the match (null before time and once the match is decided). */
  endOfMatch: (EndOfMatchSummary & { turnSide: Side | null }) | null;
  /** MTR 2.4: the game the procedure decided that is still to be recorded, or null. */
  gameDecidedByTime: GameOutcome | null;
  /** The procedure's state in every phase, for the judge's time screen: once the match is decided, it shows that result. */
  procedure: { state: EndOfMatchState; summary: EndOfMatchSummary; turnSide: Side | null };
  /** The result the facts decide, or null while the match goes on. */
  decided: { outcome: MatchOutcome; decidedBy: MatchDecidedBy | "time" } | null;
  /** What may be done next; null means allowed. */
  refusals: Record<MatchCommand, RuleError | null>;
};

const EMPTY: ResultSlip = { winsA: 0, winsB: 0, draws: 0 };
/** A match with no result stored: its facts are its games alone. */
const NOT_RECORDED = { concededBy: null, intentionalDraw: false, winsA: null };

function checkRecordEvent(event: unknown, index: number): { ok: false; error: RuleError } | null {
  const e = asRecord(event);
  const bad = (what: Message) =>
    fail(
      "INVALID_INPUT",
      say("matchRecord.fact", { number: index + 1, type: showValue(e.type), what }),
    );
  switch (e.type) {
    case "game": {
      const invalid = checkGameOutcome(e.outcome);
      return invalid
        ? fail(
            invalid.error.code,
            say("matchRecord.factGame", { number: index + 1, detail: invalid.error }),
            invalid.error.rule,
          )
        : null;
    }
    case "time-called":
      if (typeof e.gameInProgress !== "boolean") return bad(say("matchRecord.whetherGameUnderWay"));
      if (e.activeSide !== undefined && e.activeSide !== null && !isSide(e.activeSide))
        return bad(say("matchRecord.activeSideB"));
      return null;
    case "turn-ended":
    case "slow-play-warning":
    case "intentional-draw":
      return null;
    case "restart":
      return isSide(e.by)
        ? null
        : bad(say("matchRecord.playerWhoRestartedGame", { by: showValue(e.by) }));
    case "life-totals":
      return Number.isSafeInteger(e.A) && Number.isSafeInteger(e.B)
        ? null
        : bad(say("matchRecord.lifeTotalsWholeNumbers"));
    case "match-loss":
    case "concession":
      return isSide(e.side) ? null : bad(say("matchRecord.sideB", { side: showValue(e.side) }));
    default:
      return fail(
        "UNKNOWN_EVENT",
        say("matchRecord.factFactMatch", {
          number: index + 1,
          type: showValue(isRecord(event) ? e.type : event),
        }),
      );
  }
}

type Walk = {
  matchEvents: MatchEvent[];
  games: GameOutcome[];
  /** The end-of-match procedure once time is called; turns added before it wait in `turnsBeforeTime`. */
  procedure: EndOfMatchState | null;
  turnsBeforeTime: number;
  activeSide: Side | null;
  turnsEnded: { extraTurn: boolean }[];
  timeCalledAfterGames: number | null;
  gameInProgressAtTime: boolean;
  /** The most games recorded when any step of the procedure was stored (take-back refuses those games). */
  gamesCountedByProcedure: number | null;
  hasMatchLoss: boolean;
  /** CR 104.6: who restarted the game under way, until that game ends. */
  restartedBy: Side | null;
  agreement: "concession" | "intentional-draw" | null;
  /** The game the procedure decided, placed among the facts by a concession or draw that came after it (no longer to be recorded). */
  timeGameSettled: boolean;
};

function decidedSoFar(format: MatchFormat, events: readonly MatchEvent[]): boolean {
  const state = deriveMatchResult({ format, events });
  return state.ok && state.value.status === "decided";
}

function countStep(walk: Walk): void {
  walk.gamesCountedByProcedure = Math.max(
    walk.gamesCountedByProcedure ?? 0,
    walk.games.filter((game) => game.kind !== "restart").length,
  );
}

function slipOf(games: readonly GameOutcome[]): ResultSlip {
  const slip = { ...EMPTY };
  for (const game of games) {
    if (game.kind === "restart") continue;
    if (game.kind === "draw") slip.draws += 1;
    else if (game.winner === "A") slip.winsA += 1;
    else slip.winsB += 1;
  }
  return slip;
}

const DECIDED_BY_WORDS: Record<MatchDecidedBy | "time", Message> = {
  games: say("matchRecord.onGames"),
  time: say("matchRecord.atTime"),
  concession: say("matchRecord.concession"),
  "intentional-draw": say("matchRecord.intentionalDraw"),
  penalty: say("matchRecord.matchLoss"),
};

/** One sentence for the judge and the players: how the match was decided and its result. */
export function describeDecidedMatch(
  decided: MatchRecordView["decided"],
  names?: { A: string; B: string },
): Message {
  const result = decidedResultWords(decided, names);
  if (!result) return say("matchRecord.matchGoes");
  return result.winner === null
    ? say("matchRecord.matchDecidedDraw", { by: result.by, slip: result.slip })
    : say("matchRecord.matchDecidedWin", { by: result.by, who: result.who, slip: result.slip });
}

/** The decided result as a phrase to put inside a sentence ("Ada wins 2-0-0 at time", "Drawn match 1-1-1 by an intentional draw"), or "" while the match goes on. */
export function describeDecidedResult(
  decided: MatchRecordView["decided"],
  names?: { A: string; B: string },
): Message | null {
  const result = decidedResultWords(decided, names);
  if (!result) return null;
  return result.winner === null
    ? say("matchRecord.drawnMatch", { slip: result.slip, by: result.by })
    : say("matchRecord.wins", { who: result.who, slip: result.slip, by: result.by });
}

/** The players' names where they are given as text, otherwise player A and player B. */
function whoOf(names: unknown): Record<Side, MessageValue> {
  return isRecord(names) && typeof names.A === "string" && typeof names.B === "string"
    ? { A: names.A, B: names.B }
    : { A: sideOf("A"), B: sideOf("B") };
}

function decidedResultWords(
  decided: MatchRecordView["decided"],
  names: { A: string; B: string } | undefined,
): { winner: Side | null; who: MessageValue; slip: string; by: Message } | null {
  if (
    !isRecord(decided) ||
    !isRecord(decided.outcome) ||
    typeof decided.decidedBy !== "string" ||
    !Object.hasOwn(DECIDED_BY_WORDS, decided.decidedBy)
  )
    return null;
  const { winner, slip } = decided.outcome;
  if (!isRecord(slip) || !(winner === null || isSide(winner))) return null;
  return {
    winner,
    who: winner === null ? "" : whoOf(names)[winner],
    slip: slipToString(slip),
    by: DECIDED_BY_WORDS[decided.decidedBy],
  };
}

/** MTR 2.5: a result reported as a slip (no game recorded, no Match Loss deciding it) has no games to show or penalise. */
export function isReportedAsSlip(match: {
  gamesRecorded: number;
  hasResult: boolean;
  hasMatchLoss: boolean;
}): boolean {
  return (
    isRecord(match) &&
    match.gamesRecorded === 0 &&
    match.hasResult === true &&
    match.hasMatchLoss !== true
  );
}

/**
 * What is left to record of a match, for the judge: the game the end-of-match procedure decided
 * at time (MTR 2.4: recorded as a game first), else the decided result (MTR 2.5); null while the
 * match goes on, once it is recorded, or for a bye.
 */
export function leftToRecord(
  view: MatchRecordView,
): { kind: "game-at-time"; game: GameOutcome } | { kind: "result" } | null {
  if (!isRecord(view) || (view.phase !== "decided" && view.phase !== "end-of-match")) return null;
  const game = view.gameDecidedByTime;
  if (isRecord(game) && (game.kind === "win" || game.kind === "draw"))
    return { kind: "game-at-time", game };
  return view.phase === "decided" &&
    isRecord(view.refusals) &&
    view.refusals["record-result"] === null
    ? { kind: "result" }
    : null;
}

/** Applies one fact; an error names a fact that cannot follow the ones before it. */
function step(
  facts: MatchRecordFacts,
  walk: Walk,
  event: MatchRecordEvent,
  index: number,
): { ok: false; error: RuleError } | null {
  const where = (error: RuleError) =>
    fail(
      error.code,
      say("matchRecord.fact2", { number: index + 1, type: event.type, detail: error }),
      error.rule,
    );
  const procedure = (next: RuleResult<EndOfMatchState>) => {
    if (!next.ok) return where(next.error);
    walk.procedure = next.value;
    return null;
  };
  switch (event.type) {
    case "restart": {
      const events = [
        ...walk.matchEvents,
        { type: "game" as const, outcome: { kind: "restart" as const, rule: "104.6" as const } },
      ];
      const derived = deriveMatchResult({ format: facts.format, events });
      if (!derived.ok) return where(derived.error);
      if (derived.value.status === "decided" || pendingTimeGame(walk))
        return where(
          fail("MATCH_ALREADY_DECIDED", say("matchRecord.gameUnderWayRestart"), "104.6").error,
        );
      walk.matchEvents = events;
      walk.restartedBy = event.by;
      return null;
    }
    case "game": {
      if (event.outcome.kind !== "restart") walk.restartedBy = null;
      const events = [...walk.matchEvents, { type: "game" as const, outcome: event.outcome }];
      const derived = deriveMatchResult({ format: facts.format, events });
      if (!derived.ok) return where(derived.error);
      walk.matchEvents = events;
      walk.games = [...walk.games, event.outcome];
      // The procedure follows the games recorded after time; once it decided the match, the game it decided is what is recorded.
      if (
        walk.procedure &&
        walk.procedure.phase !== "decided" &&
        event.outcome.kind !== "restart"
      ) {
        let s = walk.procedure;
        if (s.phase === "life-total-rule" && !s.gameInProgress) {
          const begun = applyEndOfMatchEvent(s, { type: "game-started" });
          if (!begun.ok) return where(begun.error);
          s = begun.value;
        }
        return procedure(applyEndOfMatchEvent(s, { type: "game-ended", outcome: event.outcome }));
      }
      return null;
    }
    case "time-called": {
      if (walk.timeCalledAfterGames !== null)
        return where(
          fail("TIME_ALREADY_CALLED", say("matchRecord.timeAlreadyCalledMatch"), mtr("endOfMatch"))
            .error,
        );
      const gamesSoFar = walk.games.filter((game) => game.kind !== "restart").length;
      walk.timeCalledAfterGames = gamesSoFar;
      walk.gameInProgressAtTime = event.gameInProgress;
      walk.activeSide = event.activeSide ?? null;
      countStep(walk);
      const alreadyDecided = decidedSoFar(facts.format, walk.matchEvents);
      walk.matchEvents = [
        ...walk.matchEvents,
        { type: "time-called", gameInProgress: event.gameInProgress },
      ];
      // MTR 2.4 has nothing left to time in a match already decided: the match stays as it was.
      if (alreadyDecided) return null;
      const started = startEndOfMatch(
        { format: facts.format, team: facts.teammatesShareTurns },
        { slip: slipOf(walk.games), gameInProgress: event.gameInProgress },
      );
      if (!started.ok) return where(started.error);
      let s = started.value;
      if (walk.turnsBeforeTime > 0) {
        const added = applyEndOfMatchEvent(s, { type: "turns-added", turns: walk.turnsBeforeTime });
        if (!added.ok) return where(added.error);
        s = added.value;
      }
      return procedure(
        applyEndOfMatchEvent(
          s,
          event.activePlayerPassingTurn
            ? { type: "time-called", activePlayerPassingTurn: true }
            : { type: "time-called" },
        ),
      );
    }
    case "turn-ended":
    case "life-totals": {
      countStep(walk);
      if (walk.timeCalledAfterGames === null)
        return where(
          fail("TIME_NOT_CALLED", say("matchRecord.turnsLifeTotalsCounted"), mtr("endOfMatch"))
            .error,
        );
      if (
        !walk.procedure ||
        walk.procedure.phase === "decided" ||
        decidedSoFar(facts.format, walk.matchEvents)
      ) {
        return where(
          fail(
            "MATCH_ALREADY_DECIDED",
            say("matchRecord.matchDecidedThereTurns"),
            mtr("endOfMatch"),
          ).error,
        );
      }
      if (event.type === "turn-ended")
        walk.turnsEnded = [...walk.turnsEnded, { extraTurn: event.extraTurn === true }];
      return procedure(
        applyEndOfMatchEvent(
          walk.procedure,
          event.type === "turn-ended"
            ? { type: "turn-ended", extraTurn: event.extraTurn === true }
            : { type: "life-totals", A: event.A, B: event.B },
        ),
      );
    }
    case "slow-play-warning": {
      // IPG 3.3: only a Warning given before time is called adds turns; the Warning itself always stands.
      if (walk.timeCalledAfterGames === null) {
        countStep(walk);
        walk.turnsBeforeTime += 2;
      }
      return null;
    }
    case "match-loss": {
      walk.hasMatchLoss = true;
      // IPG 1.2: a Match Loss once the match has ended applies to the player's next match; a Disqualification then changes nothing here.
      if (decidedSoFar(facts.format, walk.matchEvents) || walk.procedure?.phase === "decided")
        return null;
      walk.matchEvents = [...walk.matchEvents, { type: "match-loss", side: event.side }];
      return null;
    }
    case "concession":
    case "intentional-draw": {
      const pending = pendingTimeGame(walk);
      const withTimeGame = withGameDecidedByTime(walk);
      const events = [
        ...withTimeGame,
        event.type === "concession"
          ? { type: "concession" as const, side: event.side }
          : { type: "intentional-draw" as const },
      ];
      const derived = deriveMatchResult({ format: facts.format, events });
      if (!derived.ok) return where(derived.error);
      walk.matchEvents = events;
      walk.agreement = event.type;
      if (pending) walk.timeGameSettled = true;
      return null;
    }
  }
}

/** The match's facts with the game the procedure decided but nobody recorded yet (MTR 2.4), in its place. */
function withGameDecidedByTime(walk: Walk): MatchEvent[] {
  const pending = pendingTimeGame(walk);
  return pending ? [...walk.matchEvents, { type: "game", outcome: pending }] : walk.matchEvents;
}

function pendingTimeGame(walk: Walk): GameOutcome | null {
  if (!walk.procedure || walk.timeGameSettled) return null;
  const decided = gameDecidedByProcedure(walk.procedure, walk.games);
  return decided.ok ? decided.value : null;
}

/**
 * The state of a match from all its facts, for every screen, with what may be done next and why
 * not. An error names the first fact that cannot follow the ones before it (stored facts always
 * follow each other: every write was checked by this derivation first).
 */
export function deriveMatchRecord(facts: MatchRecordFacts): RuleResult<MatchRecordView> {
  if (!isRecord(facts))
    return fail("INVALID_INPUT", say("matchRecord.matchSFactsObject", { facts: showValue(facts) }));
  const badFormat = checkFormat(facts.format);
  if (badFormat) return badFormat;
  for (const flag of ["teammatesShareTurns", "isBye", "isRecorded"] as const) {
    if (typeof facts[flag] !== "boolean")
      return fail(
        "INVALID_INPUT",
        say("matchRecord.matchSTrueFalse", { flag, facts: showValue(facts[flag]) }),
      );
  }
  if (facts.firstChooser !== null && !isSide(facts.firstChooser))
    return fail(
      "INVALID_INPUT",
      say("matchRecord.gameSChooserB", { firstChooser: showValue(facts.firstChooser) }),
      mtr("playDraw"),
    );
  if (!Array.isArray(facts.events))
    return fail(
      "INVALID_INPUT",
      say("matchRecord.matchSFactsList", { events: showValue(facts.events) }),
    );
  if (facts.recordedSlip !== undefined && facts.recordedSlip !== null) {
    const badSlip = checkSlip(facts.recordedSlip);
    if (badSlip) return badSlip;
  }
  for (const [index, event] of (facts.events as readonly unknown[]).entries()) {
    const invalid = checkRecordEvent(event, index);
    if (invalid) return invalid;
  }

  const walk: Walk = {
    matchEvents: [],
    games: [],
    procedure: null,
    turnsBeforeTime: 0,
    activeSide: null,
    turnsEnded: [],
    timeCalledAfterGames: null,
    gameInProgressAtTime: false,
    gamesCountedByProcedure: null,
    hasMatchLoss: false,
    restartedBy: null,
    agreement: null,
    timeGameSettled: false,
  };
  if (!facts.isBye) {
    for (const [index, event] of facts.events.entries()) {
      const refused = step(facts, walk, event, index);
      if (refused) return refused;
    }
  }
  return view(facts, walk);
}

function view(facts: MatchRecordFacts, walk: Walk): RuleResult<MatchRecordView> {
  const pending = facts.isBye ? null : pendingTimeGame(walk);
  const derived = deriveMatchResult({
    format: facts.format,
    events: withGameDecidedByTime(walk),
  });
  const state = derived.ok ? derived.value : null;
  const procedureDecided = walk.procedure?.phase === "decided" ? walk.procedure.outcome : null;
  const byFacts: MatchRecordView["decided"] =
    state?.status === "decided" && state.outcome
      ? {
          outcome: state.outcome,
          decidedBy: pending && state.decidedBy === "games" ? "time" : (state.decidedBy ?? "games"),
        }
      : procedureDecided
        ? { outcome: procedureDecided, decidedBy: "time" }
        : null;
  // MTR 2.5: the players' confirmed reports may tell games played after those a judge recorded; what they recorded is the result.
  const told =
    facts.isRecorded &&
    !facts.isBye &&
    facts.recordedSlip &&
    !walk.agreement &&
    walk.games.some((game) => game.kind !== "restart")
      ? evaluateResultSlip(facts.format, facts.recordedSlip)
      : null;
  const decided: MatchRecordView["decided"] =
    told?.ok && !sameSlip(told.value.slip, byFacts?.outcome.slip ?? slipOf(walk.games))
      ? { outcome: told.value, decidedBy: "games" }
      : byFacts;
  const score = decided?.outcome.slip ?? state?.slip ?? slipOf(walk.games);
  const phase: MatchRecordPhase = facts.isBye
    ? "bye"
    : facts.isRecorded
      ? "recorded"
      : decided
        ? "decided"
        : walk.procedure
          ? "end-of-match"
          : "playing";
  const derivedProcedure = procedureOf(facts, walk, decided);
  if (!derivedProcedure.ok) return derivedProcedure;
  const procedure = derivedProcedure.value;
  const endOfMatch =
    phase === "end-of-match" && walk.procedure
      ? { ...procedure.summary, turnSide: procedure.turnSide }
      : null;
  // The game the procedure decided was played too: its chooser is named as any game's (MTR 2.2, 2.4).
  const mayStartGame =
    pending !== null ||
    phase === "playing" ||
    (phase === "end-of-match" &&
      (endOfMatch?.mayStartNewGame === true || walk.procedure?.gameInProgress === true));
  const chooser =
    facts.firstChooser && mayStartGame ? chooserForNextGame(facts.firstChooser, walk.games) : null;
  const restartedBy = mayStartGame ? walk.restartedBy : null;
  return ok({
    phase,
    score,
    gamesPlayed: score.winsA + score.winsB + score.draws,
    // The restarted game has no choice: its starting player is the one who restarted it.
    nextChooser: restartedBy
      ? startingPlayerAfterRestart(restartedBy)
      : chooser?.ok
        ? chooser.value
        : null,
    nextGameRestartedBy: restartedBy,
    timeCalled: walk.timeCalledAfterGames !== null,
    endOfMatch,
    gameDecidedByTime: pending,
    procedure,
    decided,
    refusals: refusalsOf(facts, walk, phase, pending, endOfMatch),
  });
}

/**
 * The procedure as the judge's screen shows it: before time, the match so far (with any turns a
 * Slow Play Warning added, MTR 2.6); once a concession, agreed draw, Match Loss or the games decided
 * the match, that result and no turns to count (MTR 2.4, 2.5).
 */
function procedureOf(
  facts: MatchRecordFacts,
  walk: Walk,
  decided: MatchRecordView["decided"],
): RuleResult<MatchRecordView["procedure"]> {
  const config = { format: facts.format, team: facts.teammatesShareTurns };
  const start = walk.procedure ? ok(walk.procedure) : beforeTime(config, walk);
  if (!start.ok) return start;
  let state = start.value;
  const shown = state.phase === "decided" ? state.outcome : null;
  const isSameResult =
    shown !== null &&
    decided !== null &&
    shown.winner === decided.outcome.winner &&
    sameSlip(shown.slip, decided.outcome.slip);
  const overridden = decided !== null && !isSameResult;
  if (overridden)
    state = {
      ...state,
      phase: "decided",
      turn: null,
      gameInProgress: false,
      outcome: decided.outcome,
    };
  const described = describeEndOfMatch(state);
  if (!described.ok) return described;
  const summary: EndOfMatchSummary = overridden
    ? {
        ...described.value,
        mayStartNewGame: false,
        awaitingLifeTotals: false,
        lifeTotalRuleInForce: false,
        turnsRemainingAfterThis: null,
        decided: decided.outcome,
        rule: decided.outcome.rule,
        message: describeDecidedMatch(decided),
      }
    : described.value;
  const counting = summary.phase === "finishing-turn" || summary.phase === "additional-turns";
  const turnSide =
    walk.activeSide && counting
      ? sideOfCurrentTurn({ activeSide: walk.activeSide, turnsEnded: walk.turnsEnded })
      : null;
  return ok({ state, summary, turnSide });
}

function beforeTime(
  config: { format: MatchFormat; team: boolean },
  walk: Walk,
): RuleResult<EndOfMatchState> {
  const started = endOfMatchAtStart(
    config,
    { slip: slipOf(walk.games), gameInProgress: true },
    additionalTurnsFor({ teammatesShareTurns: config.team }),
  );
  if (!started.ok || walk.turnsBeforeTime === 0 || started.value.phase === "decided")
    return started;
  return applyEndOfMatchEvent(started.value, { type: "turns-added", turns: walk.turnsBeforeTime });
}

function refuse(code: RuleError["code"], message: Message, rule?: string): RuleError {
  return fail(code, message, rule).error;
}

function refusalsOf(
  facts: MatchRecordFacts,
  walk: Walk,
  phase: MatchRecordPhase,
  pending: GameOutcome | null,
  endOfMatch: MatchRecordView["endOfMatch"],
): Record<MatchCommand, RuleError | null> {
  if (phase === "bye") {
    const bye = refuse("BYE", say("matchRecord.byeNothingPlayedResult"), mtr("matchStructure"));
    return Object.fromEntries(MATCH_COMMANDS.map((command) => [command, bye])) as Record<
      MatchCommand,
      RuleError
    >;
  }
  const recorded =
    phase === "recorded"
      ? refuse(
          "MATCH_COMPLETE",
          say("matchRecord.resultRecordedMatchComplete"),
          mtr("concedeOrDraw"),
        )
      : null;
  const decided =
    phase === "decided"
      ? refuse(
          "MATCH_ALREADY_DECIDED",
          say("matchRecord.matchDecidedRecordResult"),
          mtr("concedeOrDraw"),
        )
      : null;
  const over = recorded ?? decided;
  const running = walk.procedure && phase === "end-of-match" ? walk.procedure : null;
  // MTR 2.4: the procedure times a match still being played; a decided or recorded one has nothing left to time.
  const untimed =
    phase === "decided" || phase === "recorded"
      ? refuse(
          "MATCH_ALREADY_DECIDED",
          phase === "recorded"
            ? say("matchRecord.matchAlreadyRecordedTime")
            : say("matchRecord.matchAlreadyDecidedTime"),
          mtr("endOfMatch"),
        )
      : null;
  const agreed = walk.agreement
    ? refuse(
        "MATCH_ALREADY_DECIDED",
        say("matchRecord.matchAlreadyStaffCorrection", {
          how:
            walk.agreement === "concession"
              ? say("matchRecord.conceded")
              : say("matchRecord.drawnByAgreement"),
        }),
        mtr("concedeOrDraw"),
      )
    : null;

  const recordGame = pending
    ? null
    : (over ??
      (running && !running.gameInProgress && !(endOfMatch?.mayStartNewGame ?? false)
        ? refuse(
            "GAME_STARTED_AFTER_TIME",
            say("matchRecord.timeBeenCalledGame"),
            mtr("endOfMatch"),
          )
        : null));
  const removal = checkLastGameRemoval({
    format: facts.format,
    games: walk.games,
    agreement: walk.agreement,
    timeCalled:
      walk.timeCalledAfterGames === null
        ? null
        : { gamesBefore: walk.timeCalledAfterGames, gameInProgress: walk.gameInProgressAtTime },
    gamesCountedByProcedure: walk.gamesCountedByProcedure,
    matchLoss: walk.hasMatchLoss,
  });
  // A staff correction: allowed on a recorded result too, as the rules for the games allow.
  const takeBack = removal.ok ? null : removal.error;
  const callTime =
    untimed ??
    (walk.timeCalledAfterGames !== null
      ? refuse("TIME_ALREADY_CALLED", say("matchRecord.timeAlreadyCalledMatch"), mtr("endOfMatch"))
      : null);
  // Under the added state-based action a turn ending is accepted and changes nothing (ruling (E) in docs/rules.md).
  const counting =
    running &&
    (running.phase === "finishing-turn" ||
      running.phase === "additional-turns" ||
      (running.phase === "life-total-rule" && running.gameInProgress));
  const endTurn =
    untimed ??
    (counting
      ? null
      : walk.timeCalledAfterGames === null
        ? refuse("TIME_NOT_CALLED", say("matchRecord.turnsCountedOnceTime"), mtr("endOfMatch"))
        : refuse(
            "ADDITIONAL_TURNS_OVER",
            say("matchRecord.additionalTurnsOverLife"),
            mtr("endOfMatch"),
          ));
  const lifeTotals =
    untimed ??
    (endOfMatch?.awaitingLifeTotals
      ? null
      : refuse(
          "NOT_AWAITING_LIFE_TOTALS",
          say("matchRecord.lifeTotalsDecideGame"),
          mtr("endOfMatch"),
        ));
  const extension = checkExtensionMayBeGiven({
    tableNumber: null,
    isBye: false,
    hasResult: phase !== "playing" && phase !== "end-of-match",
    isTimeCalled: walk.timeCalledAfterGames !== null,
  });
  const extendTime = extension ? extension.error : null;
  const concede = recorded ?? agreed;
  const intentionalDraw =
    recorded ??
    agreed ??
    (facts.format.elimination
      ? refuse(
          "DRAW_IN_SINGLE_ELIMINATION",
          say("matchRecord.singleEliminationMatchCannot"),
          mtr("endOfMatch"),
        )
      : null);
  const recordResult =
    phase === "decided"
      ? pending
        ? refuse("GAME_IN_PROGRESS", say("matchRecord.endMatchProcedureDecided"), mtr("endOfMatch"))
        : null
      : (recorded ??
        refuse(
          "MATCH_NOT_DECIDED",
          say("matchRecord.matchDecidedYetRecord"),
          mtr("matchStructure"),
        ));
  return {
    "record-game": recordGame,
    // CR 104.6: only a game under way restarts; the game the procedure decided at time is not one.
    "restart-game": pending
      ? refuse(
          "GAME_CONTRADICTS_END_OF_MATCH",
          say("matchRecord.endMatchProcedureDecided2"),
          mtr("endOfMatch"),
        )
      : recordGame,
    "take-back-game": takeBack,
    "call-time": callTime,
    "end-turn": endTurn,
    "life-totals": lifeTotals,
    "extend-time": extendTime,
    concede,
    "intentional-draw": intentionalDraw,
    "record-result": recordResult,
  };
}

function sameSlip(x: ResultSlip, y: ResultSlip): boolean {
  return x.winsA === y.winsA && x.winsB === y.winsB && x.draws === y.draws;
}

/** A game that was played to an end: a restarted game is not one (CR 104.6). */
export type PlayedGame = Exclude<GameOutcome, { kind: "restart" }>;

/**
 * The games a match's record holds, in the order played: those recorded, then the game the
 * end-of-match procedure decided (MTR 2.4: a draw at time, or a life-total win) that nobody recorded
 * yet. A restarted game is no game (CR 104.6).
 */
export function gamesOnRecord(facts: MatchRecordFacts, view: MatchRecordView): PlayedGame[] {
  const events: readonly unknown[] =
    isRecord(facts) && Array.isArray(facts.events) ? facts.events : [];
  const recorded = events.flatMap((event) => {
    const game = asRecord(event);
    const outcome = asRecord(game.outcome);
    return game.type === "game" && outcome.kind !== "restart" && checkGameOutcome(outcome) === null
      ? [outcome as unknown as PlayedGame]
      : [];
  });
  const decided = isRecord(view)
    ? (view.gameDecidedByTime as GameOutcome | null | undefined)
    : null;
  const byTime =
    decided && isRecord(decided) && decided.kind !== "restart" && checkGameOutcome(decided) === null
      ? decided
      : null;
  return byTime ? [...recorded, byTime] : recorded;
}

/**
 * MTR 2.5: a staff slip on a match recorded game by game holds the games on record, the game
 * time decided included, and may complete them with games played since unless those decided the
 * match; a concession or agreed draw typed without games ("9 conc A") is on the games played.
 * Answers the slip to judge, or why it contradicts the games.
 */
export function staffSlipOnRecord(
  facts: MatchRecordFacts,
  view: MatchRecordView,
  slip: ResultSlip,
  agreement: { concededBy?: Side | null; intentionalDraw?: boolean },
): RuleResult<ResultSlip> {
  const badSlip = checkSlip(slip);
  if (badSlip) return badSlip;
  const games = gamesOnRecord(facts, view);
  const context = asRecord(agreement);
  const isAgreement = isSide(context.concededBy) || context.intentionalDraw === true;
  const played = slipOf(games);
  const onGames = isAgreement && sameSlip(slip, EMPTY) ? played : slip;
  const format = asRecord(facts).format as MatchFormat;
  // MTR 2.1, 2.4: the games that decided the match, or the game time decided, end it.
  const isOver =
    checkFormat(format) !== null ||
    decidedSoFar(format, storedMatchEvents(games, NOT_RECORDED)) ||
    games.some((game) => game === asRecord(view).gameDecidedByTime);
  const contradiction = checkSlipAgainstGames(onGames, games, { mayAddGames: !isOver });
  return contradiction ?? ok(onGames);
}

/**
 * MTR 2.1 and 2.5: a player's report over what a judge recorded (the games, and the game the
 * end-of-match procedure decided). It may add games played since, unless the match was already
 * decided; a concession or agreed draw with no games told is on the games played (a 2-0 winner who
 * concedes loses 2-1). Answers the report as it is to be judged, or why it contradicts the record,
 * naming the players.
 */
export function playerReportOnRecord(
  facts: MatchRecordFacts,
  report: SlipReport,
  names?: { A: string; B: string },
): RuleResult<SlipReport> {
  const derived = deriveMatchRecord(facts);
  if (!derived.ok) return derived;
  if (!isRecord(report))
    return fail("INVALID_INPUT", say("matchRecord.reportObject", { report: showValue(report) }));
  const badSlip = checkSlip(report.slip);
  if (badSlip) return badSlip;
  const view = derived.value;
  // A complete match or a bye is refused by the report flow itself.
  if (view.phase === "bye" || view.phase === "recorded") return ok(report);
  const who = whoOf(names);
  const games = gamesOnRecord(facts, view);
  const byTime =
    games.length > 0 && games.at(-1) === view.gameDecidedByTime ? view.gameDecidedByTime : null;
  if (games.length === 0) return ok(report);
  const played = slipOf(games);
  const agreement = isSide(report.concededBy) || report.intentionalDraw === true;
  if (agreement) {
    const context = { concededBy: report.concededBy, intentionalDraw: report.intentionalDraw };
    if (sameSlip(report.slip, EMPTY)) return ok({ ...report, slip: played });
    // The opponent confirming sends back the slip the agreement was stored with (2-1 for the 2-0 winner who conceded).
    const sent = evaluateResultSlip(facts.format, report.slip, context);
    const onPlayed = evaluateResultSlip(facts.format, played, context);
    if (sent.ok && onPlayed.ok && sameSlip(sent.value.slip, onPlayed.value.slip))
      return ok({ ...report, slip: played });
  }
  const counted: ResultSlip = { ...EMPTY };
  for (const [index, game] of games.entries()) {
    const field = game.kind === "draw" ? "draws" : game.winner === "A" ? "winsA" : "winsB";
    counted[field] += 1;
    if (counted[field] <= report.slip[field]) continue;
    const by =
      game === byTime
        ? say("matchRecord.endMatchProcedureDecided3")
        : say("matchRecord.judgeRecorded");
    const number = index + 1;
    const contradiction =
      game.kind === "draw"
        ? say("matchRecord.gameDrawReportDrawn", {
            by,
            number,
            draws: report.slip.draws,
            s: report.slip.draws === 1 ? "" : "s",
          })
        : say("matchRecord.gameWonReportGives", {
            by,
            number,
            who: who[game.winner],
            wins: report.slip[field],
            s: report.slip[field] === 1 ? "" : "s",
          });
    return fail(
      "SLIP_CONTRADICTS_GAMES",
      say("matchRecord.reportGamesTheyPlayed", { contradiction }),
      mtr("matchStructure"),
    );
  }
  // Decided, no game follows: a report confirms the decided result, or concedes or draws on the games played.
  if (view.decided && !sameSlip(report.slip, agreement ? played : view.decided.outcome.slip)) {
    return fail(
      "MATCH_ALREADY_DECIDED",
      say("matchRecord.gamePlayedAfterReport", {
        decided: describeDecidedMatch(view.decided, names),
      }),
      mtr("concedeOrDraw"),
    );
  }
  return ok(report);
}
