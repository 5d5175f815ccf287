// What a judge's penalty does to a match: pure rules,
// no I/O. Sources: the Infraction Procedure Guide (IPG 1.2 Applying Penalties, 3.3 Slow Play,
// Appendix A for the usual penalty of each infraction), the Comprehensive Rules (104.3k: a
// player who receives a Game Loss loses the game) and the MTR (2.1 Match Structure, 2.4
// End-of-Match Procedure, 2.6 Time Extensions, 2.10 Dropping).
//
// - Warning: no change to the result. A Slow Play Warning adds turns to the end-of-match
//   procedure only when given before the procedure began (IPG 3.3); that decision is the
//   end-of-match machine's own ("turns-added" in end-of-match.ts), reused here, never repeated.
// - Game Loss: the game under way, or between games the next game (IPG 1.2), is a loss for the
//   penalised player (CR 104.3k, reason JUDGE_GAME_LOSS). A match that has ended takes none: the
//   Game Loss goes to the player's next match (IPG 1.2).
// - Match Loss: the match is a loss for the penalised player, derived by deriveMatchResult (a
//   "match-loss" event: reported as a conceded match is, MTR 2.5). Refused once the match ended.
// - Disqualification: a Match Loss when the match is still being played (a result already in
//   stands), and the player is dropped from the tournament (MTR 2.10).

import { IPG_APPLYING_PENALTIES, IPG_SLOW_PLAY } from "./edition";
import { applyEndOfMatchEvent, type EndOfMatchEvent, type EndOfMatchState } from "./end-of-match";
import type { GameOutcome } from "./game";
import {
  deriveMatchResult,
  slipToString,
  type MatchEvent,
  type MatchFormat,
  type MatchState,
} from "./match";
import {
  type RuleResult,
  type Side,
  checkRecord,
  fail,
  isMessage,
  isSide,
  ok,
  otherSide,
  showValue,
  say,
  sideOf,
  type Message,
  type MessageValue,
} from "./result";

export const PENALTY_KINDS = ["WARNING", "GAME_LOSS", "MATCH_LOSS", "DISQUALIFICATION"] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

export const PENALTY_LABELS: Readonly<Record<PenaltyKind, Message>> = {
  WARNING: say("penalty.warning"),
  GAME_LOSS: say("penalty.gameLoss"),
  MATCH_LOSS: say("penalty.matchLoss"),
  DISQUALIFICATION: say("penalty.disqualification"),
};

/** The infractions judges give most, with their IPG section and usual penalty (IPG Appendix A). */
export const COMMON_INFRACTIONS = [
  { name: say("penalty.missedTrigger"), section: "IPG 2.1", penalty: "WARNING" },
  { name: say("penalty.lookingExtraCards"), section: "IPG 2.2", penalty: "WARNING" },
  { name: say("penalty.hiddenCardError"), section: "IPG 2.3", penalty: "WARNING" },
  { name: say("penalty.mulliganProcedureError"), section: "IPG 2.4", penalty: "WARNING" },
  { name: say("penalty.gameRuleViolation"), section: "IPG 2.5", penalty: "WARNING" },
  { name: say("penalty.failureMaintainGameState"), section: "IPG 2.6", penalty: "WARNING" },
  { name: say("penalty.tardiness"), section: "IPG 3.1", penalty: "GAME_LOSS" },
  { name: say("penalty.outsideAssistance"), section: "IPG 3.2", penalty: "MATCH_LOSS" },
  { name: say("penalty.slowPlay"), section: IPG_SLOW_PLAY.section, penalty: "WARNING" },
  { name: say("penalty.decklistProblem"), section: "IPG 3.4", penalty: "GAME_LOSS" },
  { name: say("penalty.deckProblem"), section: "IPG 3.5", penalty: "WARNING" },
  { name: say("penalty.markedCards"), section: "IPG 3.8", penalty: "WARNING" },
  { name: say("penalty.insufficientShuffling"), section: "IPG 3.9", penalty: "WARNING" },
  { name: say("penalty.unsportingConductMinor"), section: "IPG 4.1", penalty: "WARNING" },
  { name: say("penalty.unsportingConductMajor"), section: "IPG 4.2", penalty: "MATCH_LOSS" },
  { name: say("penalty.improperlyDeterminingWinner"), section: "IPG 4.3", penalty: "MATCH_LOSS" },
  { name: say("penalty.briberyWagering"), section: "IPG 4.4", penalty: "MATCH_LOSS" },
  { name: say("penalty.aggressiveBehavior"), section: "IPG 4.5", penalty: "DISQUALIFICATION" },
  { name: say("penalty.stalling"), section: "IPG 4.7", penalty: "DISQUALIFICATION" },
  { name: say("penalty.cheating"), section: "IPG 4.8", penalty: "DISQUALIFICATION" },
] as const satisfies readonly { name: Message; section: string; penalty: PenaltyKind }[];

/** How an infraction from the list is written: "Slow Play (IPG 3.3)". */
export function infractionLabel(infraction: { name: string; section: string }): string {
  return `${infraction.name} (${infraction.section})`;
}

/** IPG 3.3: whether an infraction, as written by the judge, is Slow Play. */
export function isSlowPlay(infraction: string): boolean {
  return typeof infraction === "string" && /\bslow[\s-]*play\b/i.test(infraction);
}

export type PenaltyFacts = {
  format: MatchFormat;
  /** A bye has no opponent, no games and a fixed result: no penalty changes it. */
  isBye: boolean;
  /** The penalised player's side in this match; null when they do not play in it. */
  side: Side | null;
  kind: PenaltyKind;
  infraction: string;
  /** The game the judge says the penalty is for (1-based); null: the game under way or next. */
  gameNumber: number | null;
  /** The match's facts so far, in order (games, time called, a concession …). */
  events: readonly MatchEvent[];
  /** The result was entered as a slip, not game by game: there are no games to add one to. */
  isSlipOnly: boolean;
  /** The end-of-match procedure as replayed now (for the turns a Slow Play Warning adds). */
  endOfMatch: EndOfMatchState | null;
  /** Names for messages (default "player A" / "player B"). */
  names?: { A: string; B: string };
};

export type PenaltyConsequence = {
  /** The rule that says what the penalty did. */
  rule: string;
  /** A Game Loss: the game it is recorded as (CR 104.3k). */
  game: { number: number; outcome: GameOutcome } | null;
  /** The match after the penalty (derived by deriveMatchResult); null for a slip-only match. */
  match: MatchState | null;
  /** Whether the match's result changes (a game or the match is now lost). */
  changesResult: boolean;
  /** Turns the penalty adds to the end-of-match procedure (MTR 2.6, IPG 3.3); 0 if none. */
  addedTurns: number;
  /** The end-of-match event to store when turns are added. */
  turnsEvent: EndOfMatchEvent | null;
  /** Disqualification: the player is dropped (MTR 2.10) and not paired again. */
  dropsPlayer: boolean;
  /** One sentence for the history: what the penalty did. */
  summary: Message;
};

/** The most games a match of this format can hold without drawn games (best-of-three: 3). */
function maxDecisiveGames(format: MatchFormat): number {
  return 2 * format.gamesToWin - 1;
}

/**
 * What a penalty does to this match, or why it cannot be given here. Errors: NOT_IN_MATCH,
 * BYE, UNKNOWN_PENALTY, INVALID_INPUT, GAME_NUMBER (not the game a Game Loss applies to now),
 * SLIP_ONLY (a Game Loss on a match entered as a slip), MATCH_ALREADY_DECIDED (IPG 1.2: a Game
 * or Match Loss once the match has ended applies to the player's next match).
 */
export function decidePenalty(facts: PenaltyFacts): RuleResult<PenaltyConsequence> {
  const shape = checkRecord(say("penalty.penaltySFacts"), facts);
  if (shape) return shape;
  const names: Readonly<Record<Side, MessageValue>> = facts.names ?? {
    A: sideOf("A"),
    B: sideOf("B"),
  };
  if (!(PENALTY_KINDS as readonly unknown[]).includes(facts.kind)) {
    return fail(
      "UNKNOWN_PENALTY",
      say("penalty.penaltyPenalties", {
        kind: showValue(facts.kind),
        penalties: PENALTY_KINDS.map((kind) => PENALTY_LABELS[kind]),
      }),
      IPG_APPLYING_PENALTIES.section,
    );
  }
  if (typeof facts.infraction !== "string" || facts.infraction.trim() === "") {
    return fail(
      "INVALID_INPUT",
      say("penalty.nameInfractionPenalty"),
      IPG_APPLYING_PENALTIES.section,
    );
  }
  if (facts.isBye)
    return fail("BYE", say("penalty.byeThereMatchBeing"), IPG_APPLYING_PENALTIES.section);
  if (!isSide(facts.side))
    return fail("NOT_IN_MATCH", say("penalty.playerDoesPlayMatch"), IPG_APPLYING_PENALTIES.section);
  if (
    facts.gameNumber !== null &&
    (!Number.isSafeInteger(facts.gameNumber) ||
      facts.gameNumber < 1 ||
      facts.gameNumber > maxDecisiveGames(facts.format) + 10)
  ) {
    return fail(
      "GAME_NUMBER",
      say("penalty.gameNumberWholeNumber", { gameNumber: showValue(facts.gameNumber) }),
      IPG_APPLYING_PENALTIES.section,
    );
  }
  const side = facts.side;
  const name = names[side];
  const label = PENALTY_LABELS[facts.kind];
  const current = facts.isSlipOnly
    ? null
    : deriveMatchResult({ format: facts.format, events: facts.events });
  if (current && !current.ok) return current;
  const now = current?.value ?? null;
  const isOver = facts.isSlipOnly || now?.status === "decided";
  const none: Omit<PenaltyConsequence, "summary"> = {
    rule: IPG_APPLYING_PENALTIES.section,
    game: null,
    match: now,
    changesResult: false,
    addedTurns: 0,
    turnsEvent: null,
    dropsPlayer: false,
  };
  const { section, title } = IPG_APPLYING_PENALTIES;
  const ended = (what: Message) =>
    fail(
      "MATCH_ALREADY_DECIDED",
      now?.status === "decided"
        ? say("penalty.matchAlreadyEndedAtGive", {
            slip: slipToString(now.slip),
            label,
            what,
            section,
            title,
          })
        : say("penalty.matchAlreadyEndedGive", { label, what, section, title }),
      section,
    );

  switch (facts.kind) {
    case "WARNING": {
      if (!isSlowPlay(facts.infraction))
        return ok({ ...none, summary: say("penalty.resultDoesChange", { label, name }) });
      return ok(slowPlayTurns(facts, none, name, isOver));
    }
    case "GAME_LOSS": {
      if (facts.isSlipOnly) {
        return fail(
          "SLIP_ONLY",
          say("penalty.matchSResultEntered"),
          IPG_APPLYING_PENALTIES.section,
        );
      }
      if (isOver) return ended(say("penalty.appliesPlayerSNext"));
      const next = now!.gamesPlayed + 1;
      if (facts.gameNumber !== null && facts.gameNumber !== next) {
        const why =
          facts.gameNumber < next
            ? say("penalty.gameAlreadyRecorded", { gameNumber: facts.gameNumber })
            : say("penalty.gameBegun", {
                gameNumber: facts.gameNumber,
                recorded:
                  next === 1
                    ? say("penalty.noGameRecordedYet")
                    : next === 2
                      ? say("penalty.oneGameRecorded", { count: next - 1 })
                      : say("penalty.gamesRecorded", { count: next - 1 }),
              });
        return fail(
          "GAME_NUMBER",
          say("penalty.gameLossAppliesGame", {
            next,
            section: IPG_APPLYING_PENALTIES.section,
            why,
          }),
          IPG_APPLYING_PENALTIES.section,
        );
      }
      const outcome: GameOutcome = {
        kind: "win",
        winner: otherSide(side),
        reason: "JUDGE_GAME_LOSS",
        rule: "104.3k",
      };
      const after = deriveMatchResult({
        format: facts.format,
        events: [...facts.events, { type: "game", outcome }],
      });
      if (!after.ok) {
        // The match's "Event n:" names the event list, not the game the Game Loss is for.
        const { key, values } = after.error;
        const detail =
          key === "match.event" && isMessage(values?.detail) ? values.detail : after.error;
        return fail(after.error.code, say("penalty.game", { next, detail }), after.error.rule);
      }
      const decided = after.value.status === "decided" ? after.value : null;
      return ok({
        ...none,
        rule: "104.3k",
        game: { number: next, outcome },
        match: after.value,
        changesResult: true,
        summary: decided
          ? say("penalty.gameLossDecides", {
              label,
              name,
              next,
              section,
              result: decided.winner
                ? say("penalty.wins", { name: names[decided.winner] })
                : say("penalty.aDraw"),
              slip: slipToString(decided.slip),
            })
          : say("penalty.gameLossThemCr", { label, name, next, section }),
      });
    }
    case "MATCH_LOSS":
    case "DISQUALIFICATION": {
      const dq = facts.kind === "DISQUALIFICATION";
      if (isOver) {
        if (!dq) return ended(say("penalty.appliesPlayerSNext2"));
        return ok({
          ...none,
          rule: "MTR 2.10",
          dropsPlayer: true,
          summary: say("penalty.matchHadAlreadyEnded", { label, name }),
        });
      }
      const after = deriveMatchResult({
        format: facts.format,
        events: [...facts.events, { type: "match-loss", side }],
      });
      if (!after.ok) return after;
      return ok({
        ...none,
        match: after.value,
        changesResult: true,
        dropsPlayer: dq,
        summary: say(dq ? "penalty.disqualificationWinsMatch" : "penalty.winsMatch", {
          label,
          name,
          winner: names[otherSide(side)],
          slip: slipToString(after.value.slip),
          section: IPG_APPLYING_PENALTIES.section,
        }),
      });
    }
  }
}

/**
 * IPG 3.3 / MTR 2.6: a Slow Play Warning adds turns to the end-of-match procedure. Whether it
 * does (before time is called) is the end-of-match machine's decision; a match that
 * has ended has no procedure left.
 */
function slowPlayTurns(
  facts: PenaltyFacts,
  none: Omit<PenaltyConsequence, "summary">,
  name: MessageValue,
  isOver: boolean,
): PenaltyConsequence {
  const rule = IPG_SLOW_PLAY.section;
  const { section, title } = IPG_SLOW_PLAY;
  const event: EndOfMatchEvent = { type: "turns-added", turns: IPG_SLOW_PLAY.addedTurns };
  const state = facts.endOfMatch;
  const after =
    !isOver && state && state.phase !== "decided" ? applyEndOfMatchEvent(state, event) : null;
  const added = after?.ok ? after.value.additionalTurns - state!.additionalTurns : 0;
  if (added > 0) {
    return {
      ...none,
      rule,
      addedTurns: added,
      turnsEvent: event,
      summary: say("penalty.warningSlowPlayTurns", { name, added, section, title }),
    };
  }
  const why =
    isOver || !state || state.phase === "decided"
      ? say("penalty.matchEnded")
      : say("penalty.endMatchProcedureHad");
  return {
    ...none,
    rule,
    summary: say("penalty.warningSlowPlayTurns2", { name, why, section, title }),
  };
}
