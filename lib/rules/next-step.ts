// What the organizer should do next, and why nothing else is offered.
//
// The overview offers only the next sensible step; the data layer refuses the others with the
// same sentence (checkEventAction), so a stale page or a hand-made request cannot skip ahead.
//
// - Swiss pairing pairs players with equal match points (rules brief §7), so a round is paired
//   only once every match of the round before has a result.
// - The number of Swiss rounds is announced before the event (MTR Appendix E recommends it by
//   field size): once that many rounds are played, the Swiss ends — with a playoff (a single-
//   elimination portion of the event, MTR 2.1), or, in a Swiss-only event, with final standings.
// - When no number of rounds was set, every end of a round offers both: another round, or the
//   end of the Swiss.
// - MTR 2.10 / once a Final has a result or the event is finished, nothing is left to do.

import { mtr } from "./edition";
import { POD_CUT_SIZES } from "@/lib/pairings/pod-bracket";
import {
  fail,
  isCount,
  isMessage,
  isRecord,
  type Message,
  ok,
  type RuleResult,
  say,
} from "./result";
import { APPENDIX_E, POD_ADDENDUM, recommendedRounds } from "./swiss-rounds";

export type EventAction = "pair" | "playoff" | "finish";
export const EVENT_ACTIONS = [
  "pair",
  "playoff",
  "finish",
] as const satisfies readonly EventAction[];

/** The smallest playoff this app runs (top 4). */
export const SMALLEST_PLAYOFF = 4;

export type EventFacts = {
  status: "REGISTRATION" | "RUNNING" | "COMPLETE";
  /** Registered and not dropped. */
  activePlayers: number;
  /** What the entrants are: players, or teams in a team event (MTR 8.2); players when absent. */
  entrants?: "players" | "teams";
  /** Why the format runs no playoff: team matches of two seats can tie (teamFormatRules' hasPlayoff); absent when it does. */
  noPlayoffBecause?: "two-seat-teams";
  /** The announced number of Swiss rounds; null when not set. */
  plannedSwissRounds: number | null;
  /**
   * Every Swiss round paired so far, in order, with how many matches still have no result, and how
   * many have a result their facts decided that is not recorded yet (MTR 2.5: not a result in).
   */
  swissRounds: readonly { number: number; unreported: number; decided?: number }[];
  /** What a round's tables play: two-player matches (the default) or multiplayer pods (CR 100.6a). */
  games?: "matches" | "pods";
  /** Before round 1 of an event taking decklists: the entrants still in it without a legal list (MTR 2.7). */
  withoutLegalDecklist?: number;
  /** Null until the playoff starts; then its current round and whether it has a champion. */
  playoff: {
    currentRound: { name: Message; unreported: number; decided?: number } | null;
    hasChampion: boolean;
  } | null;
};

/** MTR 2.5: what keeps a round from being complete: matches without a result, then decided ones not recorded; null when none. */
function roundWaiting(
  what: Message,
  round: { unreported: number; decided?: number },
  have: [string, string],
  games: EventFacts["games"] = "matches",
): { headline: Message; detail: Message } | null {
  const decided = round.decided ?? 0;
  if (round.unreported === 0 && decided === 0) return null;
  const verb = (count: number) => (count === 1 ? have[0] : have[1]);
  if (round.unreported === 0) {
    return {
      headline: say("nextStep.recordResults"),
      detail: say("nextStep.decidedNotRecorded", {
        what,
        verb: verb(decided),
        count: tables(decided, games),
        record: decided === 1 ? say("nextStep.itsResult") : say("nextStep.theirResults"),
      }),
    };
  }
  const count = tables(round.unreported, games);
  return {
    headline: say("nextStep.enterResults"),
    detail:
      decided > 0
        ? say("nextStep.withoutResultAndDecided", {
            what,
            verb: verb(round.unreported),
            count,
            decided,
          })
        : say("nextStep.withoutResult", { what, verb: verb(round.unreported), count }),
  };
}

/** "1 match", "4 matches", "3 pods": a count of what a round's tables play. */
function tables(count: number, games: EventFacts["games"]): Message {
  if (games === "pods")
    return count === 1 ? say("nextStep.onePod", { count }) : say("nextStep.pods", { count });
  return count === 1 ? say("nextStep.oneMatch", { count }) : say("nextStep.matches", { count });
}

/** "1 Swiss round", "5 Swiss rounds". */
function swissRoundCount(count: number): Message {
  return count === 1
    ? say("nextStep.oneSwissRound", { count })
    : say("nextStep.swissRounds", { count });
}

/** The entrants, one and many: players, or teams in a team event (MTR 8.2). */
function entrantNouns(entrants: EventFacts["entrants"]): { one: Message; many: Message } {
  return entrants === "teams"
    ? { one: say("nextStep.team"), many: say("nextStep.teams") }
    : { one: say("nextStep.player"), many: say("nextStep.players") };
}

export type NextStepKind =
  | "REGISTER_PLAYERS"
  | "PAIR_ROUND"
  | "ENTER_RESULTS"
  | "END_SWISS"
  | "PLAYOFF"
  | "COMPLETE";

export type NextStep = {
  kind: NextStepKind;
  /** One line, e.g. "Pair round 3" or "Round 2: enter results". */
  headline: Message;
  /** Why this is the next step, in a sentence. */
  detail: Message;
  /** The round this step is about (the one to pair, or the one waiting for results). */
  round: number | null;
  offered: EventAction[];
  notOffered: { action: EventAction; reason: Message }[];
  rule?: string;
};

const ACTION_LABELS: Record<EventAction, Message> = {
  pair: say("nextStep.pairSwissRound"),
  playoff: say("nextStep.startPlayoff"),
  finish: say("nextStep.finishEvent"),
};
export function eventActionLabel(action: EventAction): Message {
  return typeof action === "string" && Object.hasOwn(ACTION_LABELS, action)
    ? ACTION_LABELS[action]
    : say("nextStep.thatStep");
}

function step(
  kind: NextStepKind,
  headline: Message,
  detail: Message,
  round: number | null,
  offered: EventAction[],
  reasons: Partial<Record<EventAction, Message>>,
  rule?: string,
): NextStep {
  const notOffered = EVENT_ACTIONS.filter((action) => !offered.includes(action)).map((action) => ({
    action,
    reason: reasons[action] ?? say("nextStep.availableNow"),
  }));
  return rule === undefined
    ? { kind, headline, detail, round, offered, notOffered }
    : { kind, headline, detail, round, offered, notOffered, rule };
}

function readFacts(facts: unknown): RuleResult<EventFacts> {
  if (!isRecord(facts)) return fail("INVALID_INPUT", say("nextStep.eventSFactsObject"));
  const { status, activePlayers, plannedSwissRounds, swissRounds, playoff } = facts;
  if (status !== "REGISTRATION" && status !== "RUNNING" && status !== "COMPLETE")
    return fail("INVALID_INPUT", say("nextStep.eventSStatusRegistration"));
  if (!isCount(activePlayers))
    return fail("INVALID_NUMBER", say("nextStep.numberPlayersStillEvent"));
  if (plannedSwissRounds !== null && !isCount(plannedSwissRounds, 1))
    return fail("INVALID_NUMBER", say("nextStep.plannedSwissRoundsWhole"));
  const isDecidedCount = (round: Record<string, unknown>) =>
    round.decided === undefined || isCount(round.decided);
  if (
    !Array.isArray(swissRounds) ||
    !swissRounds.every(
      (round) =>
        isRecord(round) &&
        isCount(round.number, 1) &&
        isCount(round.unreported) &&
        isDecidedCount(round),
    )
  ) {
    return fail("INVALID_INPUT", say("nextStep.swissRoundsListRounds"));
  }
  if (playoff !== null) {
    if (!isRecord(playoff) || typeof playoff.hasChampion !== "boolean")
      return fail("INVALID_INPUT", say("nextStep.playoffSayWhetherChampion"));
    const current = playoff.currentRound;
    if (
      current !== null &&
      !(
        isRecord(current) &&
        isMessage(current.name) &&
        isCount(current.unreported) &&
        isDecidedCount(current)
      )
    ) {
      return fail("INVALID_INPUT", say("nextStep.playoffSCurrentRound"));
    }
  }
  return ok(facts as EventFacts);
}

/** The one next step for the event, what is offered with it, and why each other step is not. */
export function nextStep(input: EventFacts): RuleResult<NextStep> {
  const read = readFacts(input);
  if (!read.ok) return read;
  const facts = read.value;
  const over = say("nextStep.eventCompleteStandingsFinal");
  if (facts.status === "COMPLETE" || facts.playoff?.hasChampion) {
    return ok(
      step(
        "COMPLETE",
        say("nextStep.eventComplete"),
        facts.playoff
          ? say("nextStep.finalResultPlayoffChampion")
          : say("nextStep.swissRoundsOverStandings"),
        null,
        [],
        { pair: over, playoff: over, finish: over },
      ),
    );
  }
  if (facts.playoff) {
    const current = facts.playoff.currentRound;
    const started = say("nextStep.playoffStartedMoreSwiss");
    const waiting = current
      ? roundWaiting(
          say("nextStep.theRound", { name: current.name }),
          current,
          ["has", "have"],
          facts.games,
        )
      : null;
    return ok(
      step(
        "PLAYOFF",
        current
          ? say("nextStep.headline", {
              name: current.name,
              headline: waiting ? waiting.headline : say("nextStep.nextPlayoffRound"),
            })
          : say("nextStep.playoffUnderWay"),
        waiting ? waiting.detail : say("nextStep.winnersAdvanceBracketResults"),
        null,
        [],
        {
          pair: started,
          playoff: say("nextStep.playoffAlreadyStarted"),
          finish: say("nextStep.eventFinishesWhenFinal"),
        },
        mtr("matchStructure"),
      ),
    );
  }
  const last = facts.swissRounds.at(-1);
  const planned = facts.plannedSwissRounds;
  // A pod event follows the Commander addendum's advice; two-player Swiss, MTR Appendix E.
  const recommended = recommendedRounds(facts.activePlayers, facts.games);
  const advice = facts.games === "pods" ? POD_ADDENDUM : APPENDIX_E;
  if (!last) {
    const noRound = say("nextStep.swissRoundBeenPlayed");
    const { one, many } = entrantNouns(facts.entrants);
    if (facts.activePlayers < 2) {
      const registered =
        facts.activePlayers === 1
          ? say("nextStep.registered", { one })
          : say("nextStep.registeredYet", { one });
      const tooFew = say("nextStep.roundNeedsLeastTwo", { many, registered });
      return ok(
        step("REGISTER_PLAYERS", say("nextStep.register", { many }), tooFew, null, [], {
          pair: tooFew,
          playoff: noRound,
          finish: noRound,
        }),
      );
    }
    const count = facts.activePlayers;
    const registered = recommended
      ? say("nextStep.registeredRecommended", {
          count,
          many,
          appendix: recommended.source,
          rounds: swissRoundCount(recommended.rounds),
        })
      : say("nextStep.registeredLate", { count, many });
    // MTR 2.7: pairing round 1 makes every list final, so say first who has no legal one.
    const missing = isCount(facts.withoutLegalDecklist)
      ? (facts.withoutLegalDecklist as number)
      : 0;
    return ok(
      step(
        "PAIR_ROUND",
        say("nextStep.pairRound", { number: 1 }),
        missing > 0
          ? say("nextStep.decklistsMissing", {
              registered,
              count: missing,
              who: missing === 1 ? one : many,
              isOne: missing === 1,
            })
          : registered,
        1,
        ["pair"],
        { playoff: noRound, finish: noRound },
        recommended ? advice : undefined,
      ),
    );
  }
  const waiting = roundWaiting(
    say("nextStep.roundNumber", { number: last.number }),
    last,
    ["has", "has"],
    facts.games,
  );
  if (waiting) {
    return ok(
      step(
        "ENTER_RESULTS",
        say("nextStep.round", { number: last.number, headline: waiting.headline }),
        waiting.detail,
        last.number,
        [],
        { pair: waiting.detail, playoff: waiting.detail, finish: waiting.detail },
      ),
    );
  }
  const noPlayoff =
    facts.noPlayoffBecause === "two-seat-teams"
      ? say("nextStep.eventSTeamMatches", { mtr: mtr("endOfMatch") })
      : null;
  const canCut = noPlayoff === null && facts.activePlayers >= SMALLEST_PLAYOFF;
  const { many } = entrantNouns(facts.entrants);
  const tooFewToCut = noPlayoff
    ? noPlayoff
    : say("nextStep.playoffNeedsLeastStill", {
        least: SMALLEST_PLAYOFF,
        many,
        count: facts.activePlayers,
        is: facts.activePlayers === 1 ? "is" : "are",
      });
  if (planned !== null && last.number < planned) {
    const notYet = say("nextStep.roundCompleteSwissEnds", { number: last.number, planned });
    return ok(
      step(
        "PAIR_ROUND",
        say("nextStep.pairRound", { number: last.number + 1 }),
        say("nextStep.roundCompletePlanned", {
          number: last.number,
          planned: swissRoundCount(planned),
        }),
        last.number + 1,
        ["pair"],
        { playoff: notYet, finish: notYet },
        advice,
      ),
    );
  }
  if (planned !== null) {
    return ok(
      step(
        "END_SWISS",
        canCut ? say("nextStep.startPlayoffFinishEvent") : say("nextStep.finishEvent"),
        say("nextStep.playedCutPlayoffFinish", {
          planned:
            planned === 1
              ? say("nextStep.onePlannedSwissRound", { count: planned })
              : say("nextStep.plannedSwissRounds", { count: planned }),
        }),
        null,
        canCut ? ["playoff", "finish"] : ["finish"],
        {
          pair: say("nextStep.plannedSwissRoundsPlayed", { planned }),
          playoff: tooFewToCut,
        },
        advice,
      ),
    );
  }
  return ok(
    step(
      "PAIR_ROUND",
      say("nextStep.pairRound", { number: last.number + 1 }),
      recommended
        ? say("nextStep.roundsNotSetRecommended", {
            number: last.number,
            appendix: recommended.source,
            rounds: recommended.rounds,
            count: facts.activePlayers,
            many,
          })
        : say("nextStep.roundsNotSet", { number: last.number }),
      last.number + 1,
      canCut ? ["pair", "playoff", "finish"] : ["pair", "finish"],
      { playoff: tooFewToCut },
      recommended ? advice : undefined,
    ),
  );
}

/** Whether `action` may be taken now; refused with the sentence the overview shows. */
export function checkEventAction(facts: EventFacts, action: EventAction): RuleResult<EventAction> {
  if (!EVENT_ACTIONS.includes(action))
    return fail("INVALID_INPUT", say("nextStep.stepPairPlayoffFinish"));
  const next = nextStep(facts);
  if (!next.ok) return next;
  if (next.value.offered.includes(action)) return ok(action);
  const reason =
    next.value.notOffered.find((entry) => entry.action === action)?.reason ??
    say("nextStep.stepAvailableNow");
  return next.value.kind === "COMPLETE"
    ? fail("EVENT_COMPLETE", reason, next.value.rule)
    : fail("NOT_NEXT_STEP", reason, next.value.rule);
}

/** What a round's own page offers once its results are in (MTR 2.5), so the scorekeeper goes on from where they are. */
export type RoundPageStep =
  | { kind: "offer"; offered: readonly EventAction[] }
  | { kind: "later-round"; round: number }
  | { kind: "complete" };

export type RoundPageFacts = {
  round: number;
  /** Every played table of this round has its result in; a decided one not recorded is not in (MTR 2.5). */
  resultsIn: boolean;
  /** A later round (Swiss or playoff) is already paired. */
  laterRoundExists: boolean;
  step: { kind: NextStepKind; offered: readonly EventAction[] };
};

/** The next step on a round's page: none while it waits for results; a later round when there is one; else the event's step. */
export function roundPageStep(facts: RoundPageFacts): RoundPageStep | null {
  if (!isRecord(facts) || facts.resultsIn !== true || !isRecord(facts.step)) return null;
  if (facts.laterRoundExists === true && isCount(facts.round, 1))
    return { kind: "later-round", round: facts.round + 1 };
  if (facts.step.kind === "COMPLETE") return { kind: "complete" };
  const offered = Array.isArray(facts.step.offered)
    ? facts.step.offered.filter((action) => EVENT_ACTIONS.includes(action))
    : [];
  return offered.length > 0 ? { kind: "offer", offered } : null;
}

/** A single-elimination cut's sizes: a bracket of 4, 8 or 16 players. */
const BRACKET_CUT_SIZES = [4, 8, 16] as const;

export type PlayoffCutOffer = { sizes: number[]; preferred: number | null };

/** MTR 3.1: the cuts the field allows, the planned one first, else a top 8, else the smallest. */
export function playoffCutOffer(input: {
  activePlayers: number;
  isPodEvent: boolean;
  plannedCut: number | null;
}): PlayoffCutOffer {
  const facts = (typeof input === "object" && input !== null ? input : {}) as Partial<typeof input>;
  const players = typeof facts.activePlayers === "number" ? facts.activePlayers : 0;
  const all: readonly number[] = facts.isPodEvent === true ? POD_CUT_SIZES : BRACKET_CUT_SIZES;
  const sizes = all.filter((size) => size <= players);
  const planned = sizes.find((size) => size === facts.plannedCut);
  const preferred = planned ?? (sizes.includes(8) ? 8 : (sizes[0] ?? null));
  return { sizes, preferred };
}
