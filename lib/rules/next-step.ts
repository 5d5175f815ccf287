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
import { fail, isCount, isRecord, ok, type RuleResult } from "./result";
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
      detail: `${what} ${verb(decided)} ${plural(decided, one, many)} decided but not recorded: record ${decided === 1 ? "its result" : "their results"}.`,
    };
  }
  const alsoDecided = decided > 0 ? `, and ${decided} decided but not recorded` : "";
  return {
    headline: "enter results",
    detail: `${what} ${verb(round.unreported)} ${plural(round.unreported, one, many)} without a result${alsoDecided}.`,
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
  pair: "Pair a Swiss round",
  playoff: "Start the playoff",
  finish: "Finish the event",
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
    reason: reasons[action] ?? "Not available now.",
  }));
  return rule === undefined
    ? { kind, headline, detail, round, offered, notOffered }
    : { kind, headline, detail, round, offered, notOffered, rule };
}

function readFacts(facts: unknown): RuleResult<EventFacts> {
  if (!isRecord(facts)) return fail("INVALID_INPUT", "The event's facts must be an object.");
  const { status, activePlayers, plannedSwissRounds, swissRounds, playoff } = facts;
  if (status !== "REGISTRATION" && status !== "RUNNING" && status !== "COMPLETE")
    return fail("INVALID_INPUT", "The event's status must be REGISTRATION, RUNNING or COMPLETE.");
  if (!isCount(activePlayers))
    return fail(
      "INVALID_NUMBER",
      "The number of players still in the event must be a whole number.",
    );
  if (plannedSwissRounds !== null && !isCount(plannedSwissRounds, 1))
    return fail(
      "INVALID_NUMBER",
      "The planned Swiss rounds must be a whole number of at least 1, or not set.",
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
      "The Swiss rounds must be a list of rounds with their unreported matches.",
    );
  }
  if (playoff !== null) {
    if (!isRecord(playoff) || typeof playoff.hasChampion !== "boolean")
      return fail("INVALID_INPUT", "The playoff must say whether it has a champion.");
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
        "The playoff's current round must have a name and its unreported matches.",
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
  const over = "The event is complete: its standings are final.";
  if (facts.status === "COMPLETE" || facts.playoff?.hasChampion) {
    return ok(
      step(
        "COMPLETE",
        "Event complete",
        facts.playoff
          ? "The Final has a result: the playoff has its champion."
          : "The Swiss rounds are over and the standings are final.",
        null,
        [],
        { pair: over, playoff: over, finish: over },
      ),
    );
  }
  if (facts.playoff) {
    const current = facts.playoff.currentRound;
    const started = "The playoff has started: no more Swiss rounds can be paired.";
    const waiting = current
      ? roundWaiting(`The ${current.name}`, current, ["has", "have"], facts.games)
      : null;
    return ok(
      step(
        "PLAYOFF",
        current
          ? `${current.name}: ${waiting ? waiting.headline : "next playoff round"}`
          : "Playoff under way",
        waiting ? waiting.detail : "Winners advance in the bracket as results come in.",
        null,
        [],
        {
          pair: started,
          playoff: "The playoff has already started.",
          finish: "The event finishes when the Final has a result.",
        },
        mtr("matchStructure"),
      ),
    );
  }
  const last = facts.swissRounds.at(-1);
  const planned = facts.plannedSwissRounds;
  const recommended = recommendedSwissRounds(facts.activePlayers);
  if (!last) {
    const noRound = "No Swiss round has been played yet.";
    const [one, many] = facts.entrants === "teams" ? ["team", "teams"] : ["player", "players"];
    if (facts.activePlayers < 2) {
      const registered =
        facts.activePlayers === 1 ? `1 ${one} is registered` : `no ${one} is registered yet`;
      return ok(
        step(
          "REGISTER_PLAYERS",
          `Register ${many}`,
          `Round 1 needs at least two ${many}; ${registered}.`,
          null,
          [],
          {
            pair: `Round 1 needs at least two ${many}; ${registered}.`,
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
        `${facts.activePlayers} ${many} are registered${recommended ? `; ${APPENDIX_E} recommends ${plural(recommended.rounds, "Swiss round", "Swiss rounds")} for them` : ""}. Late ${many} can still register after round 1 is paired.`,
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
        `Round ${last.number}: ${waiting.headline}`,
        waiting.detail,
        last.number,
        [],
        { pair: waiting.detail, playoff: waiting.detail, finish: waiting.detail },
      ),
    );
  }
  const noPlayoff =
    facts.noPlayoffBecause === "two-seat-teams"
      ? `This event's team matches of two seat matches can end 1-1, and single elimination needs a winner of every match (${mtr("endOfMatch")}): it ends after its Swiss rounds.`
      : null;
  const canCut = noPlayoff === null && facts.activePlayers >= SMALLEST_PLAYOFF;
  const tooFewToCut = noPlayoff
    ? noPlayoff
    : `A playoff needs at least ${SMALLEST_PLAYOFF} ${facts.entrants === "teams" ? "teams" : "players"} still in the event; ${facts.activePlayers === 1 ? "1 is" : `${facts.activePlayers} are`}.`;
  if (planned !== null && last.number < planned) {
    const notYet = `Round ${last.number} of ${planned} is complete: the Swiss ends after round ${planned}.`;
    return ok(
      step(
        "PAIR_ROUND",
        `Pair round ${last.number + 1}`,
        `Round ${last.number} is complete; ${plural(planned, "Swiss round", "Swiss rounds")} are planned.`,
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
        canCut ? "Start the playoff or finish the event" : "Finish the event",
        `All ${plural(planned, "planned Swiss round", "planned Swiss rounds")} are played: cut to a playoff, or finish a Swiss-only event with its final standings.`,
        null,
        canCut ? ["playoff", "finish"] : ["finish"],
        {
          pair: `All ${planned} planned Swiss rounds are played. To add a round, raise the number of Swiss rounds in the settings first.`,
          playoff: tooFewToCut,
        },
        APPENDIX_E,
      ),
    );
  }
  return ok(
    step(
      "PAIR_ROUND",
      `Pair round ${last.number + 1}`,
      `Round ${last.number} is complete. The number of Swiss rounds is not set${recommended ? ` (${APPENDIX_E} recommends ${recommended.rounds} for ${facts.activePlayers} ${facts.entrants === "teams" ? "teams" : "players"})` : ""}: pair another round, or end the Swiss now.`,
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
    return fail("INVALID_INPUT", "The step must be pair, playoff or finish.");
  const next = nextStep(facts);
  if (!next.ok) return next;
  if (next.value.offered.includes(action)) return ok(action);
  const reason =
    next.value.notOffered.find((entry) => entry.action === action)?.reason ??
    "That step is not available now.";
  return next.value.kind === "COMPLETE"
    ? fail("EVENT_COMPLETE", reason, next.value.rule)
    : fail("NOT_NEXT_STEP", reason, next.value.rule);
}
