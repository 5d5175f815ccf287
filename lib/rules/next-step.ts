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
import { fail, isCount, isRecord, ok, type RuleResult, say } from "./result";
import { APPENDIX_E, recommendedSwissRounds } from "./swiss-rounds";

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
  /** Null until the playoff starts; then its current round and whether it has a champion. */
  playoff: {
    currentRound: { name: string; unreported: number; decided?: number } | null;
    hasChampion: boolean;
  } | null;
};

/** MTR 2.5: what keeps a round from being complete: matches without a result, then decided ones not recorded; null when none. */
function roundWaiting(
  what: string,
  round: { unreported: number; decided?: number },
  have: [string, string],
  games: EventFacts["games"] = "matches",
): { headline: string; detail: string } | null {
  const decided = round.decided ?? 0;
  const [one, many] = games === "pods" ? ["pod", "pods"] : ["match", "matches"];
  if (round.unreported === 0 && decided === 0) return null;
  const verb = (count: number) => (count === 1 ? have[0] : have[1]);
  if (round.unreported === 0) {
    return {
      headline: "record results",
      detail: say("nextStep.decidedRecordedRecord", { what, verb: verb(decided), plural: plural(decided, one, many), value: decided === 1 ? "its result" : "their results" }),
    };
  }
  const alsoDecided = decided > 0 ? say("nextStep.decidedRecorded", { decided }) : "";
  return {
    headline: "enter results",
    detail: say("nextStep.withoutResult", { what, verb: verb(round.unreported), plural: plural(round.unreported, one, many), alsoDecided }),
  };
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
  headline: string;
  /** Why this is the next step, in a sentence. */
  detail: string;
  /** The round this step is about (the one to pair, or the one waiting for results). */
  round: number | null;
  offered: EventAction[];
  notOffered: { action: EventAction; reason: string }[];
  rule?: string;
};

const ACTION_LABELS: Record<EventAction, string> = {
  pair: say("nextStep.pairSwissRound"),
  playoff: say("nextStep.startPlayoff"),
  finish: say("nextStep.finishEvent"),
};
export function eventActionLabel(action: EventAction): string {
  return typeof action === "string" && Object.hasOwn(ACTION_LABELS, action)
    ? ACTION_LABELS[action]
    : "That step";
}

const plural = (count: number, word: string, many = `${word}es`) =>
  `${count} ${count === 1 ? word : many}`;

function step(
  kind: NextStepKind,
  headline: string,
  detail: string,
  round: number | null,
  offered: EventAction[],
  reasons: Partial<Record<EventAction, string>>,
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
    return fail(
      "INVALID_NUMBER",
      say("nextStep.numberPlayersStillEvent"),
    );
  if (plannedSwissRounds !== null && !isCount(plannedSwissRounds, 1))
    return fail(
      "INVALID_NUMBER",
      say("nextStep.plannedSwissRoundsWhole"),
    );
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
    return fail(
      "INVALID_INPUT",
      say("nextStep.swissRoundsListRounds"),
    );
  }
  if (playoff !== null) {
    if (!isRecord(playoff) || typeof playoff.hasChampion !== "boolean")
      return fail("INVALID_INPUT", say("nextStep.playoffSayWhetherChampion"));
    const current = playoff.currentRound;
    if (
      current !== null &&
      !(
        isRecord(current) &&
        typeof current.name === "string" &&
        isCount(current.unreported) &&
        isDecidedCount(current)
      )
    ) {
      return fail(
        "INVALID_INPUT",
        say("nextStep.playoffSCurrentRound"),
      );
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
        "Event complete",
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
      ? roundWaiting(`The ${current.name}`, current, ["has", "have"], facts.games)
      : null;
    return ok(
      step(
        "PLAYOFF",
        current
          ? `${current.name}: ${waiting ? waiting.headline : say("nextStep.nextPlayoffRound")}`
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
  const recommended = recommendedSwissRounds(facts.activePlayers);
  if (!last) {
    const noRound = say("nextStep.swissRoundBeenPlayed");
    const [one, many] = facts.entrants === "teams" ? ["team", "teams"] : ["player", "players"];
    if (facts.activePlayers < 2) {
      const registered =
        facts.activePlayers === 1 ? say("nextStep.registered", { one }) : say("nextStep.registeredYet", { one });
      return ok(
        step(
          "REGISTER_PLAYERS",
          `Register ${many}`,
          say("nextStep.roundNeedsLeastTwo", { many, registered }),
          null,
          [],
          {
            pair: say("nextStep.roundNeedsLeastTwo", { many, registered }),
            playoff: noRound,
            finish: noRound,
          },
        ),
      );
    }
    return ok(
      step(
        "PAIR_ROUND",
        "Pair round 1",
        say("nextStep.registeredLateCanStill", { activePlayers: facts.activePlayers, many, value: recommended ? `; ${APPENDIX_E} recommends ${plural(recommended.rounds, "Swiss round", "Swiss rounds")} for them` : "" }),
        1,
        ["pair"],
        { playoff: noRound, finish: noRound },
        recommended ? APPENDIX_E : undefined,
      ),
    );
  }
  const waiting = roundWaiting(`Round ${last.number}`, last, ["has", "has"], facts.games);
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
  const tooFewToCut = noPlayoff
    ? noPlayoff
    : say("nextStep.playoffNeedsLeastStill", { SMALLEST_PLAYOFF, value: facts.entrants === "teams" ? "teams" : "players", value2: facts.activePlayers === 1 ? "1 is" : `${facts.activePlayers} are` });
  if (planned !== null && last.number < planned) {
    const notYet = say("nextStep.roundCompleteSwissEnds", { number: last.number, planned });
    return ok(
      step(
        "PAIR_ROUND",
        say("nextStep.pairRound", { value: last.number + 1 }),
        say("nextStep.roundCompletePlanned", { number: last.number, plural: plural(planned, "Swiss round", "Swiss rounds") }),
        last.number + 1,
        ["pair"],
        { playoff: notYet, finish: notYet },
        APPENDIX_E,
      ),
    );
  }
  if (planned !== null) {
    return ok(
      step(
        "END_SWISS",
        canCut ? say("nextStep.startPlayoffFinishEvent") : say("nextStep.finishEvent"),
        say("nextStep.playedCutPlayoffFinish", { plural: plural(planned, "planned Swiss round", "planned Swiss rounds") }),
        null,
        canCut ? ["playoff", "finish"] : ["finish"],
        {
          pair: say("nextStep.plannedSwissRoundsPlayed", { planned }),
          playoff: tooFewToCut,
        },
        APPENDIX_E,
      ),
    );
  }
  return ok(
    step(
      "PAIR_ROUND",
      say("nextStep.pairRound", { value: last.number + 1 }),
      say("nextStep.roundCompleteNumberSwiss", { number: last.number, value: recommended ? ` (${APPENDIX_E} recommends ${recommended.rounds} for ${facts.activePlayers} ${facts.entrants === "teams" ? "teams" : "players"})` : "" }),
      last.number + 1,
      canCut ? ["pair", "playoff", "finish"] : ["pair", "finish"],
      { playoff: tooFewToCut },
      recommended ? APPENDIX_E : undefined,
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
