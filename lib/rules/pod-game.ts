// One derivation of a multiplayer pod's game (Commander pods of 3–5 players): from every fact
// stored about it — players leaving the game and why, a win or a draw, time being called and the
// turns counted after it — to the one state every screen shows, with what may be done next.
//
// CR 100.6a: a multiplayer match usually consists of one game, so the pod's game is its match: a
// Game Loss or a Match Loss given to one player removes that player from the game (104.3k), and
// the others play on. The end-of-round procedure counts its turns with the two-player
// end-of-match engine (end-of-match.ts) rather than a second one: the community tournament
// addenda's "the active player finishes the turn, then the game is a draw" is that engine with
// zero additional turns, and "N additional turns" is the engine with N.

import { mtr } from "./edition";
import {
  applyEndOfMatchEvent,
  describeEndOfMatch,
  startEndOfMatch,
  type EndOfMatchState,
} from "./end-of-match";
import type { GameEndReason } from "./game";
import { bestOf } from "./match";
import {
  type RuleError,
  type RuleResult,
  asRecord,
  fail,
  isCount,
  isRecord,
  ok,
  isMessage,
  playerOf,
  showValue,
  say,
  type Message,
  type MessageValue,
} from "./result";

/** Why a player left the game. Each maps to the rule that makes them lose. */
export const POD_LEAVE_REASONS = [
  "LIFE",
  "COMMANDER_DAMAGE",
  "POISON",
  "CONCESSION",
  "EMPTY_LIBRARY",
  "CARD_EFFECT_LOSS",
  "JUDGE_GAME_LOSS",
  "MATCH_LOSS",
] as const;
export type PodLeaveReason = (typeof POD_LEAVE_REASONS)[number];

export const POD_LEAVE_RULES: Readonly<Record<PodLeaveReason, string>> = {
  LIFE: "104.3b",
  COMMANDER_DAMAGE: "903.10a",
  POISON: "104.3d",
  CONCESSION: "104.3a",
  EMPTY_LIBRARY: "104.3c",
  CARD_EFFECT_LOSS: "104.3e",
  JUDGE_GAME_LOSS: "104.3k",
  // IPG 1.2: a Match Loss ends the player's match; in a one-game pod (100.6a) they leave the game.
  MATCH_LOSS: "IPG 1.2",
};

/** CR 104.3d: ten or more poison counters. */
export const POD_POISON_LIMIT = 10;
/** CR 903.10a: 21 or more combat damage from the same commander. */
export const POD_COMMANDER_DAMAGE_LIMIT = 21;

/** The declared draws; a draw when every remaining player loses at once (104.4a) is derived from a departure. */
export const POD_DRAW_REASONS = ["DRAW_LOOP", "DRAW_CARD_EFFECT", "DRAW_INTENTIONAL"] as const;
export type PodDrawReason = (typeof POD_DRAW_REASONS)[number];
const DRAW_RULES: Record<PodDrawReason, string> = {
  DRAW_LOOP: "104.4b",
  DRAW_CARD_EFFECT: "104.4c",
  DRAW_INTENTIONAL: "104.4i",
};

/** One player leaving; the optional numbers are the evidence, checked against the reason's threshold. */
export type PodDeparture = {
  player: string;
  reason: PodLeaveReason;
  life?: number;
  poison?: number;
  commanderDamage?: number;
};

/**
 * What the organizer chose for the end of the round (community tournament addenda): the active
 * player finishes the turn and the game is a draw ("finish-turn"), or that turn then `turns`
 * additional turns ("additional-turns").
 */
export type PodEndOfRound =
  | { procedure: "finish-turn" }
  | { procedure: "additional-turns"; turns: number };

export type PodGameEvent =
  /** Players left the game at the same moment (one or more); all of them at once is 104.4a. */
  | { type: "left"; departures: PodDeparture[] }
  /** CR 104.2b: an effect says this player wins; everyone else still in the game loses. */
  | { type: "won-by-effect"; player: string }
  /** CR 104.2a as reported on a slip or by quick entry: this player won; how each opponent left was not recorded. */
  | { type: "won"; player: string }
  /** CR 104.4b loop, 104.4c an effect, 104.4i an intentional draw agreed by every player still in the game. */
  | { type: "draw"; reason: PodDrawReason; agreedBy?: string[] }
  /** The round's time limit was reached during this pod's game. */
  | { type: "time-called" }
  /** A turn ended after time was called (turn 0, then the additional turns). */
  | { type: "turn-ended" };

export type PodGameFacts = {
  /** The pod's players in seat order (seat 1 first), 3 to 5 of them. */
  players: readonly string[];
  endOfRound: PodEndOfRound;
  events: readonly PodGameEvent[];
  /** The result has been recorded (reported and confirmed, or entered by staff). */
  isRecorded: boolean;
};

export type PodPlayerResult = {
  player: string;
  result: "win" | "draw" | "loss";
  /** 1 = the winner, or every player who drew; then in reverse order of leaving; players who left together share a place. */
  place: number;
  /** Why a loser lost or how the game was won or drawn. */
  reason: GameEndReason | "MATCH_LOSS" | "OPPONENT_WON" | "WIN_REPORTED";
  rule: string;
};

export type PodGameResult = {
  winner: string | null;
  /** How the game ended: the last opponent's reason for leaving (104.2a), the effect (104.2b), the kind of draw, or a win reported without how. */
  reason: GameEndReason | "MATCH_LOSS" | "WIN_REPORTED";
  rule: string;
  /** One entry per player, in seat order. */
  players: PodPlayerResult[];
};

export const POD_COMMANDS = [
  "leave",
  "win-by-effect",
  "draw",
  "intentional-draw",
  "call-time",
  "end-turn",
  "record-result",
] as const;
export type PodCommand = (typeof POD_COMMANDS)[number];

export type PodGameView = {
  phase: "playing" | "end-of-round" | "decided" | "recorded";
  /** Players still in the game, in seat order. */
  remaining: string[];
  /** Players who have left, in the order they left. */
  departures: { player: string; reason: PodLeaveReason; rule: string; moment: number }[];
  timeCalled: boolean;
  /** While the end-of-round procedure runs: the turn being played (0 = the turn time was called in) and how many are counted after it. */
  endOfRound: { turn: number; additionalTurns: number; turnsRemainingAfterThis: number } | null;
  result: PodGameResult | null;
  refusals: Record<PodCommand, RuleError | null>;
};

type Walk = {
  remaining: string[];
  departures: { player: string; reason: PodLeaveReason; rule: string; moment: number }[];
  moments: number;
  procedure: EndOfMatchState | null;
  result: PodGameResult | null;
};

function checkPlayers(players: unknown): { ok: false; error: RuleError } | null {
  if (!Array.isArray(players) || players.some((p) => typeof p !== "string" || p === "")) {
    return fail(
      "INVALID_POD",
      say("podGame.podSPlayersList", { players: showValue(players) }),
      "100.6a",
    );
  }
  if (players.length < 3 || players.length > 5)
    return fail("INVALID_POD", say("podGame.podPlayers", { length: players.length }), "100.6a");
  if (new Set(players).size !== players.length)
    return fail("INVALID_POD", say("podGame.playerListedTwicePod"), "100.6a");
  return null;
}

function checkEndOfRound(value: unknown): { ok: false; error: RuleError } | null {
  const e = asRecord(value);
  if (e.procedure === "finish-turn") return null;
  if (e.procedure === "additional-turns") {
    return isCount(e.turns, 1) && (e.turns as number) <= 20
      ? null
      : fail(
          "INVALID_SETTING",
          say("podGame.additionalTurnsWholeNumber", { turns: showValue(e.turns) }),
          mtr("endOfMatch"),
        );
  }
  return fail(
    "INVALID_SETTING",
    say("podGame.endRoundProcedureFinish", { procedure: showValue(e.procedure) }),
    mtr("endOfMatch"),
  );
}

/** The shape of one stored fact, before it is checked against the game so far. */
function checkEvent(event: unknown, index: number): { ok: false; error: RuleError } | null {
  const e = asRecord(event);
  const bad = (what: MessageValue) =>
    fail(
      "INVALID_INPUT",
      say("podGame.fact", { number: index + 1, type: showValue(e.type), what }),
    );
  switch (e.type) {
    case "left": {
      if (!Array.isArray(e.departures) || e.departures.length === 0)
        return bad(say("podGame.playersWhoLeftNon"));
      for (const departure of e.departures as unknown[]) {
        const d = asRecord(departure);
        if (typeof d.player !== "string") return bad(say("podGame.departureNamesPlayer"));
        if (!(POD_LEAVE_REASONS as readonly unknown[]).includes(d.reason))
          return bad(say("podGame.reasonLeaveGame", { reason: showValue(d.reason) }));
        for (const key of ["life", "poison", "commanderDamage"] as const) {
          if (d[key] !== undefined && !Number.isSafeInteger(d[key]))
            return bad(say("podGame.wholeNumber", { key }));
        }
      }
      return null;
    }
    case "won-by-effect":
    case "won":
      return typeof e.player === "string" ? null : bad(say("podGame.winnerPlayerId"));
    case "draw":
      if (!(POD_DRAW_REASONS as readonly unknown[]).includes(e.reason))
        return bad(say("podGame.wayPodSGame", { reason: showValue(e.reason) }));
      if (
        e.agreedBy !== undefined &&
        (!Array.isArray(e.agreedBy) || e.agreedBy.some((p) => typeof p !== "string"))
      )
        return bad(say("podGame.playersWhoAgreedList"));
      return null;
    case "time-called":
    case "turn-ended":
      return null;
    default:
      return fail(
        "UNKNOWN_EVENT",
        say("podGame.factFactPodS", {
          number: index + 1,
          type: showValue(isRecord(event) ? e.type : event),
        }),
      );
  }
}

/** CR 104.3b, 104.3d, 903.10a: a number recorded with a departure must reach the reason's threshold. */
function checkEvidence(d: PodDeparture): RuleError | null {
  if (d.reason === "LIFE" && d.life !== undefined && d.life > 0)
    return fail(
      "CONFLICTING_FACTS",
      say("podGame.leftLifePlayerLoses", { player: playerOf(d.player), life: d.life }),
      "104.3b",
    ).error;
  if (d.reason === "POISON" && d.poison !== undefined && d.poison < POD_POISON_LIMIT)
    return fail(
      "CONFLICTING_FACTS",
      say("podGame.leftPoisonCountersPlayer", {
        player: playerOf(d.player),
        poison: d.poison,
        limit: POD_POISON_LIMIT,
      }),
      "104.3d",
    ).error;
  if (
    d.reason === "COMMANDER_DAMAGE" &&
    d.commanderDamage !== undefined &&
    d.commanderDamage < POD_COMMANDER_DAMAGE_LIMIT
  ) {
    return fail(
      "CONFLICTING_FACTS",
      say("podGame.leftDamageOneCommander", {
        player: playerOf(d.player),
        damage: d.commanderDamage,
        limit: POD_COMMANDER_DAMAGE_LIMIT,
      }),
      "903.10a",
    ).error;
  }
  return null;
}

function finish(
  players: readonly string[],
  walk: Walk,
  winner: string | null,
  reason: PodGameResult["reason"],
  rule: string,
  drawn: readonly string[],
): PodGameResult {
  // How long each player lasted: the winner and the players who drew outlast everyone; players
  // still in when an opponent won by an effect outlast every earlier leaver.
  const lasted = (player: string): number =>
    player === winner || drawn.includes(player)
      ? Infinity
      : (walk.departures.find((d) => d.player === player)?.moment ?? walk.moments + 1);
  const placeOf = (player: string): number =>
    1 + players.filter((other) => lasted(other) > lasted(player)).length;
  const results = players.map((player): PodPlayerResult => {
    const place = placeOf(player);
    if (player === winner) return { player, result: "win", place, reason, rule };
    if (drawn.includes(player)) return { player, result: "draw", place, reason, rule };
    const departure = walk.departures.find((d) => d.player === player);
    if (departure)
      return { player, result: "loss", place, reason: departure.reason, rule: departure.rule };
    // Still in the game when an opponent won by an effect (104.2b): they lose as the game ends.
    return { player, result: "loss", place, reason: "OPPONENT_WON", rule };
  });
  return { winner, reason, rule, players: results };
}

function step(
  facts: PodGameFacts,
  walk: Walk,
  event: PodGameEvent,
  index: number,
): { ok: false; error: RuleError } | null {
  const where = (error: RuleError) => ({
    ok: false as const,
    error: {
      code: error.code,
      ...say("podGame.factDetail", { number: index + 1, type: event.type, detail: error }),
      ...(error.rule === undefined ? {} : { rule: error.rule }),
    },
  });
  if (walk.result)
    return where(fail("MATCH_ALREADY_DECIDED", say("podGame.podSGameOver"), "100.6a").error);
  const inPod = (player: string): RuleError | null =>
    facts.players.includes(player)
      ? null
      : fail("UNKNOWN_PLAYER", say("podGame.pod", { player: showValue(player) }), "100.6a").error;
  const stillIn = (player: string): RuleError | null =>
    inPod(player) ??
    (walk.remaining.includes(player)
      ? null
      : fail(
          "PLAYER_ALREADY_LEFT",
          say("podGame.alreadyLeftGame", { player: playerOf(player) }),
          "800.4a",
        ).error);
  switch (event.type) {
    case "left": {
      const players = event.departures.map((d) => d.player);
      if (new Set(players).size !== players.length)
        return where(fail("DUPLICATE_PLAYER", say("podGame.playerListedTwiceAmong")).error);
      for (const departure of event.departures) {
        const refused = stillIn(departure.player) ?? checkEvidence(departure);
        if (refused) return where(refused);
      }
      walk.moments++;
      for (const departure of event.departures)
        walk.departures.push({
          player: departure.player,
          reason: departure.reason,
          rule: POD_LEAVE_RULES[departure.reason],
          moment: walk.moments,
        });
      walk.remaining = walk.remaining.filter((player) => !players.includes(player));
      // 104.2a: the last player in the game wins; the reason is how the last opponent left.
      if (walk.remaining.length === 1)
        walk.result = finish(
          facts.players,
          walk,
          walk.remaining[0]!,
          event.departures[0]!.reason,
          "104.2a",
          [],
        );
      // 104.4a: every player still in the game lost at once: those players draw; earlier leavers lost.
      else if (walk.remaining.length === 0)
        walk.result = finish(
          facts.players,
          walk,
          null,
          "DRAW_SIMULTANEOUS_LOSS",
          "104.4a",
          players,
        );
      return null;
    }
    case "won-by-effect": {
      const refused = stillIn(event.player);
      if (refused) return where(refused);
      walk.result = finish(facts.players, walk, event.player, "CARD_EFFECT_WIN", "104.2b", []);
      return null;
    }
    case "won": {
      const refused = stillIn(event.player);
      if (refused) return where(refused);
      walk.result = finish(facts.players, walk, event.player, "WIN_REPORTED", "104.2a", []);
      return null;
    }
    case "draw": {
      if (event.reason === "DRAW_INTENTIONAL") {
        const agreed = new Set(event.agreedBy ?? []);
        const missing = walk.remaining.filter((player) => !agreed.has(player));
        if (missing.length > 0)
          return where(
            fail(
              "DRAW_NOT_AGREED",
              say("podGame.intentionalDrawNeedsEvery", { missing: missing.map(playerOf) }),
              "104.4i",
            ).error,
          );
        const outsider = [...agreed].find((player) => !walk.remaining.includes(player));
        if (outsider !== undefined)
          return where(
            fail(
              "PLAYER_ALREADY_LEFT",
              say("podGame.longerGameSayDraw", { outsider: playerOf(outsider) }),
              "104.4i",
            ).error,
          );
      }
      walk.result = finish(
        facts.players,
        walk,
        null,
        event.reason,
        DRAW_RULES[event.reason],
        walk.remaining,
      );
      return null;
    }
    case "time-called": {
      if (walk.procedure)
        return where(
          fail("TIME_ALREADY_CALLED", say("podGame.timeAlreadyCalledPod"), mtr("endOfMatch")).error,
        );
      const started = startEndOfMatch({ format: bestOf(1) }, { gameInProgress: true });
      if (!started.ok) return where(started.error);
      const additionalTurns =
        facts.endOfRound.procedure === "finish-turn" ? 0 : facts.endOfRound.turns;
      const called = applyEndOfMatchEvent(
        { ...started.value, additionalTurns },
        { type: "time-called" },
      );
      if (!called.ok) return where(called.error);
      walk.procedure = called.value;
      return null;
    }
    case "turn-ended": {
      if (!walk.procedure)
        return where(
          fail("TIME_NOT_CALLED", say("podGame.turnsCountedOnceTime"), mtr("endOfMatch")).error,
        );
      const next = applyEndOfMatchEvent(walk.procedure, { type: "turn-ended" });
      if (!next.ok) return where(next.error);
      walk.procedure = next.value;
      // The last counted turn ended with the game unfinished: a draw for everyone still in it.
      if (next.value.phase === "decided")
        walk.result = finish(
          facts.players,
          walk,
          null,
          "DRAW_UNFINISHED_AT_TIME",
          mtr("endOfMatch"),
          walk.remaining,
        );
      return null;
    }
  }
}

/**
 * The state of a pod's game from all its facts, for every screen, with what may be done next and
 * why not. An error names the first fact that cannot follow the ones before it.
 */
export function derivePodGame(facts: PodGameFacts): RuleResult<PodGameView> {
  if (!isRecord(facts))
    return fail("INVALID_INPUT", say("podGame.podSFactsObject", { facts: showValue(facts) }));
  const invalid = checkPlayers(facts.players) ?? checkEndOfRound(facts.endOfRound);
  if (invalid) return invalid;
  if (typeof facts.isRecorded !== "boolean")
    return fail(
      "INVALID_INPUT",
      say("podGame.whetherResultRecordedTrue", { isRecorded: showValue(facts.isRecorded) }),
    );
  if (!Array.isArray(facts.events))
    return fail("INVALID_INPUT", say("podGame.podSFactsList", { events: showValue(facts.events) }));
  for (const [index, event] of (facts.events as readonly unknown[]).entries()) {
    const bad = checkEvent(event, index);
    if (bad) return bad;
  }
  const walk: Walk = {
    remaining: [...facts.players],
    departures: [],
    moments: 0,
    procedure: null,
    result: null,
  };
  for (const [index, event] of facts.events.entries()) {
    const refused = step(facts, walk, event, index);
    if (refused) return refused;
  }
  const phase: PodGameView["phase"] =
    facts.isRecorded && walk.result
      ? "recorded"
      : walk.result
        ? "decided"
        : walk.procedure
          ? "end-of-round"
          : "playing";
  if (facts.isRecorded && !walk.result)
    return fail("MATCH_NOT_DECIDED", say("podGame.podSResultMarked"), "104.2a");
  const summary =
    phase === "end-of-round" && walk.procedure ? describeEndOfMatch(walk.procedure) : null;
  const endOfRound =
    summary?.ok && summary.value.turn !== null
      ? {
          turn: summary.value.turn,
          additionalTurns: summary.value.additionalTurns,
          turnsRemainingAfterThis: summary.value.turnsRemainingAfterThis ?? 0,
        }
      : null;
  return ok({
    phase,
    remaining: walk.remaining,
    departures: walk.departures,
    timeCalled: walk.procedure !== null,
    endOfRound,
    result: walk.result,
    refusals: refusalsOf(phase, walk),
  });
}

/** A fact's error without its "Fact N (type): " prefix, as a correction's facts are not typed. */
export function withoutFactNumber(error: RuleError): Message {
  if (!isMessage(error)) return say("result.theInput");
  const inner = error.values?.detail ?? error.values?.what;
  if (error.key === "podGame.factDetail" && isMessage(inner)) return inner;
  if (error.key === "podGame.fact" && inner !== undefined)
    return say("podGame.factWhat", { what: inner });
  return { key: error.key, values: error.values };
}

function refuse(code: RuleError["code"], message: Message, rule?: string): RuleError {
  return fail(code, message, rule).error;
}

function refusalsOf(phase: PodGameView["phase"], walk: Walk): Record<PodCommand, RuleError | null> {
  const over =
    phase === "recorded"
      ? refuse("MATCH_COMPLETE", say("podGame.resultRecordedStaffCorrection"), mtr("concedeOrDraw"))
      : phase === "decided"
        ? refuse("MATCH_ALREADY_DECIDED", say("podGame.podSGameOver2"), "100.6a")
        : null;
  return {
    leave: over,
    "win-by-effect": over,
    draw: over,
    "intentional-draw": over,
    "call-time":
      over ??
      (walk.procedure
        ? refuse("TIME_ALREADY_CALLED", say("podGame.timeAlreadyCalledPod"), mtr("endOfMatch"))
        : null),
    "end-turn":
      over ??
      (walk.procedure
        ? null
        : refuse("TIME_NOT_CALLED", say("podGame.turnsCountedOnceTime"), mtr("endOfMatch"))),
    "record-result":
      phase === "decided"
        ? null
        : (over ?? refuse("MATCH_NOT_DECIDED", say("podGame.podSGameOver3"), "104.2a")),
  };
}

/** What staff enter for a finished pod: a winner (104.2a), a draw every player still in agreed to (104.4i), or a draw at time. */
export type PodOutcome =
  | { kind: "win"; winnerId: string }
  | { kind: "agreed-draw" }
  | { kind: "draw-at-time" };

/** Whether a pod's result is this outcome (CR 100.6a): the same winner (104.2a), or the same kind of draw (104.4i, or at time). */
export function isPodOutcome(result: PodGameResult | null, outcome: PodOutcome): boolean {
  if (!isRecord(result)) return false;
  const o = asRecord(outcome);
  return o.kind === "win"
    ? result.winner !== null && result.winner === o.winnerId
    : result.winner === null &&
        (o.kind === "draw-at-time"
          ? result.reason === "DRAW_UNFINISHED_AT_TIME"
          : o.kind === "agreed-draw" && result.reason === "DRAW_INTENTIONAL");
}

/**
 * The facts a finished pod's outcome stands for, appended to the game as it is: a win (104.2a, how
 * each opponent left not recorded); a draw every player still in the game agreed to (104.4i); or a
 * draw at time (the community addenda's end of round: time called if it was not, then every turn
 * the procedure still counts, turn 0 included). derivePodGame checks them like any other facts.
 */
export function podOutcomeFacts(
  game: Pick<PodGameView, "remaining" | "timeCalled" | "endOfRound"> &
    Partial<Pick<PodGameView, "phase" | "result">>,
  endOfRound: PodEndOfRound,
  outcome: PodOutcome,
): RuleResult<PodGameEvent[]> {
  if (!isRecord(game) || !Array.isArray(game.remaining))
    return fail("INVALID_INPUT", say("podGame.podSGameList", { game: showValue(game) }));
  const invalid = checkEndOfRound(endOfRound);
  if (invalid) return invalid;
  const o = asRecord(outcome);
  // The game's own facts already decided it (the last turn after time ended, say): the outcome must be that result, and adds nothing.
  if (game.phase === "decided" && isRecord(game.result)) {
    const result = game.result as PodGameResult;
    return isPodOutcome(result, outcome)
      ? ok([])
      : fail(
          "MATCH_ALREADY_DECIDED",
          result.winner === null
            ? say("podGame.podSGameAlready")
            : say("podGame.podSGameAlready2", { winner: playerOf(result.winner) }),
          "100.6a",
        );
  }
  if (o.kind === "win")
    return typeof o.winnerId === "string"
      ? ok([{ type: "won", player: o.winnerId }])
      : fail(
          "INVALID_INPUT",
          say("podGame.winnerPlayerId2", { winnerId: showValue(o.winnerId) }),
          "104.2a",
        );
  if (o.kind === "agreed-draw")
    return ok([{ type: "draw", reason: "DRAW_INTENTIONAL", agreedBy: [...game.remaining] }]);
  if (o.kind !== "draw-at-time")
    return fail("INVALID_INPUT", say("podGame.podSOutcomeWin", { kind: showValue(o.kind) }));
  const turns = endOfRound.procedure === "finish-turn" ? 0 : endOfRound.turns;
  const called = game.timeCalled === true && isRecord(game.endOfRound);
  const left = called
    ? (game.endOfRound as { turnsRemainingAfterThis: number }).turnsRemainingAfterThis + 1
    : turns + 1;
  const turnEnds = Array.from({ length: left }, (): PodGameEvent => ({ type: "turn-ended" }));
  return ok(called ? turnEnds : [{ type: "time-called" }, ...turnEnds]);
}

/** Where a recorded pod stands when a correction is asked: a cut pod or a Swiss one, and whether its result has moved on. */
export type PodCorrectionStage = {
  isCutPod: boolean;
  isCutSeeded: boolean;
  isNextPodSeated: boolean;
};

/**
 * MTR 2.5, IPG 1.2: a recorded pod's result corrected (a wrong seat typed, a misclick). The game's
 * facts are replaced, except a Game Loss or Match Loss given in it, which stands before the
 * corrected outcome; the new facts must end the game and differ from the result recorded.
 * Refused once the result has moved on: a Swiss pod after the top cut is seeded from it, a cut
 * pod after the next pod is seated with its winner.
 */
export function correctPodGame(
  pod: {
    players: readonly string[];
    endOfRound: PodEndOfRound;
    events: readonly PodGameEvent[];
    isRecorded: boolean;
    stage: PodCorrectionStage;
  },
  outcome: PodOutcome,
): RuleResult<{ facts: PodGameEvent[]; before: PodGameResult | null; after: PodGameResult }> {
  if (!isRecord(pod) || !Array.isArray(pod.events) || !isRecord(pod.stage))
    return fail("INVALID_INPUT", say("podGame.podCorrectGivePlayers", { pod: showValue(pod) }));
  if (pod.isRecorded !== true)
    return fail("MATCH_NOT_RECORDED", say("podGame.podSResultRecorded"), "MTR 2.5");
  if (!pod.stage.isCutPod && pod.stage.isCutSeeded)
    return fail("RESULT_MOVED_ON", say("podGame.topCutSeededSwiss"), "MTR 2.5");
  if (pod.stage.isCutPod && pod.stage.isNextPodSeated)
    return fail("RESULT_MOVED_ON", say("podGame.nextPodTopCut"), "MTR 2.5");
  const recorded = derivePodGame({
    players: pod.players,
    endOfRound: pod.endOfRound,
    events: pod.events,
    isRecorded: true,
  });
  if (!recorded.ok) return recorded;
  // IPG 1.2: a penalty given in the game stands: its departure is kept before the corrected outcome.
  const penalties = pod.events.flatMap((fact): PodGameEvent[] => {
    if (!isRecord(fact) || fact.type !== "left" || !Array.isArray(fact.departures)) return [];
    const kept = (fact.departures as PodDeparture[]).filter(
      (departure) => departure.reason === "JUDGE_GAME_LOSS" || departure.reason === "MATCH_LOSS",
    );
    return kept.length > 0 ? [{ type: "left", departures: kept }] : [];
  });
  const base = derivePodGame({
    players: pod.players,
    endOfRound: pod.endOfRound,
    events: penalties,
    isRecorded: false,
  });
  if (!base.ok) return base;
  const added = podOutcomeFacts(base.value, pod.endOfRound, outcome);
  if (!added.ok) return added;
  const facts = [...penalties, ...added.value];
  const next = derivePodGame({
    players: pod.players,
    endOfRound: pod.endOfRound,
    events: facts,
    isRecorded: false,
  });
  if (!next.ok) return fail(next.error.code, withoutFactNumber(next.error), next.error.rule);
  if (next.value.phase !== "decided" || !next.value.result)
    return fail("NO_GAME_RESULT", say("podGame.correctedResultDoesEnd"), "104.1");
  const before = recorded.value.result;
  if (
    before &&
    before.winner === next.value.result.winner &&
    before.reason === next.value.result.reason
  ) {
    return fail("NOTHING_TO_CORRECT", say("podGame.resultAlreadyRecordedNothing"), "MTR 2.5");
  }
  return ok({ facts, before, after: next.value.result });
}
