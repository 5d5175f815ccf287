// Which of a tournament's settings may still change, and why the others may not.
//
// - MTR 2.1: the number of games a match needs is set for a portion of the event and announced
//   before it starts: best-of may change only until round 1 has started.
// - MTR 3.1 / Appendix C: the tiebreaker options (percentage floor, byes in a player's own
//   percentages) decide standings and so the Swiss pairings: they too are fixed once round 1 has
//   started, so every round is paired by the same standings rules.
// - MTR Appendix E: the number of Swiss rounds is announced before the event; an organizer may
//   still correct it, but never below the rounds already paired, and not once the Swiss is over.
// - Round length: not while a Swiss round's clock is running (the clock on every phone and the
//   projector would jump), nor once the Swiss is over.
// - MTR 2.7: the decklist format is what every registered list is checked against: fixed once round 1
//   has started, like the match length. The decklist deadline may move until the event is complete;
//   publishing lists (all, or the top cut's) decides nothing and may change at any time.
// - Name and format: descriptive only, they change no result and so may change at any time, even
//   once the event is complete (a typo in the name is found after the event).

import type { DecklistPublication } from "./decklists";
import { mtr } from "./edition";
import { fail, isCount, isRecord, type Message, ok, type RuleResult, say } from "./result";

export type TournamentSettings = {
  name: string;
  format: string;
  gamesToWin: number;
  roundMinutes: number | null;
  plannedRounds: number | null;
  /** The top cut planned (MTR 3.1 ranks who makes it); null = none said. */
  plannedCut: number | null;
  percentageFloor: number;
  byeCountsInOwnPercentages: boolean;
  /** MTR 2.7: the format registered decklists are checked against; null = the event takes none. */
  deckFormat: string | null;
  /** When players' lists become final, in ms; null = when round 1 is paired. */
  decklistDeadline: number | null;
  decklistPublication: DecklistPublication;
};
export type SettingKey = keyof TournamentSettings;
export const SETTING_KEYS = [
  "name",
  "format",
  "gamesToWin",
  "roundMinutes",
  "plannedRounds",
  "plannedCut",
  "percentageFloor",
  "byeCountsInOwnPercentages",
  "deckFormat",
  "decklistDeadline",
  "decklistPublication",
] as const satisfies readonly SettingKey[];

/** Settings that describe the event and decide no result: they never lock. */
const DESCRIPTIVE_SETTINGS: readonly SettingKey[] = ["name", "format", "decklistPublication"];

export const SETTING_LABELS: Record<SettingKey, Message> = {
  name: say("settings.name"),
  format: say("settings.format"),
  gamesToWin: say("settings.matchLengthBest"),
  roundMinutes: say("settings.roundLength"),
  plannedRounds: say("settings.swissRounds"),
  plannedCut: say("settings.plannedCut"),
  percentageFloor: say("settings.percentageFloor"),
  byeCountsInOwnPercentages: say("settings.byesPlayerSOwn"),
  deckFormat: say("settings.deckFormat"),
  decklistDeadline: say("settings.decklistDeadline"),
  decklistPublication: say("settings.decklistPublication"),
};

export type EventProgress = {
  status: "REGISTRATION" | "RUNNING" | "COMPLETE";
  /** Swiss rounds paired so far. */
  swissRoundsPaired: number;
  /** Round 1 has started (its clock started, or a result is in). */
  hasRoundOneStarted: boolean;
  /** A Swiss round's clock is running: started and not every result in. */
  isRoundUnderWay: boolean;
  hasPlayoffStarted: boolean;
};

/** Why each setting may not change now; a setting missing from the answer may change. */
export function settingLocks(progress: EventProgress): Partial<Record<SettingKey, Message>> {
  if (!isRecord(progress))
    return Object.fromEntries(
      SETTING_KEYS.map((key) => [key, say("settings.eventSProgressUnknown")]),
    );
  const locks: Partial<Record<SettingKey, Message>> = {};
  if (progress.status === "COMPLETE") {
    for (const key of SETTING_KEYS)
      if (!DESCRIPTIVE_SETTINGS.includes(key))
        locks[key] = say("settings.eventCompleteResultsFinal");
    return locks;
  }
  if (progress.hasRoundOneStarted === true) {
    locks.gamesToWin = say("settings.roundStartedMatchLength");
    locks.percentageFloor = say("settings.roundStartedTiebreakersDecide");
    locks.byeCountsInOwnPercentages = locks.percentageFloor;
    locks.deckFormat = say("settings.roundStartedDeckFormat");
  }
  if (progress.hasPlayoffStarted === true) {
    locks.plannedRounds = say("settings.playoffStartedSwissOver");
    locks.plannedCut = say("settings.playoffStartedSwissOver");
    locks.roundMinutes = say("settings.playoffStartedSwissOver");
  } else if (progress.isRoundUnderWay === true) {
    locks.roundMinutes = say("settings.roundSClockRunning");
  }
  return locks;
}

/** The settings that differ between `current` and `next` (only keys `next` names). */
export function changedSettings(
  current: TournamentSettings,
  next: Partial<TournamentSettings>,
): SettingKey[] {
  if (!isRecord(current) || !isRecord(next)) return [];
  return SETTING_KEYS.filter(
    (key) => key in next && next[key] !== undefined && next[key] !== current[key],
  );
}

/**
 * Checks a change of settings against the event's progress: every changed setting must not be
 * locked, and the Swiss rounds may not go below the rounds already paired. Answers the changed
 * keys; refused with SETTING_LOCKED naming the first setting that may not change and why.
 */
export function checkSettingsChange(
  current: TournamentSettings,
  next: Partial<TournamentSettings>,
  progress: EventProgress,
): RuleResult<{ changed: SettingKey[] }> {
  if (!isRecord(current) || !isRecord(next) || !isRecord(progress))
    return fail("INVALID_INPUT", say("settings.settingsEventSProgress"));
  const changed = changedSettings(current, next);
  const locks = settingLocks(progress);
  for (const key of changed) {
    const lock = locks[key];
    if (lock)
      return fail(
        "SETTING_LOCKED",
        say("settings.canLongerChange", { setting: SETTING_LABELS[key], lock }),
        ruleFor(key),
      );
  }
  if (
    changed.includes("plannedRounds") &&
    next.plannedRounds !== null &&
    next.plannedRounds !== undefined
  ) {
    const paired = isCount(progress.swissRoundsPaired) ? progress.swissRoundsPaired : 0;
    if (!isCount(next.plannedRounds, 1))
      return fail("INVALID_NUMBER", say("settings.numberSwissRoundsWhole"));
    if (next.plannedRounds < paired) {
      return fail(
        "SETTING_LOCKED",
        say("settings.swissRoundsAlreadyPaired", { paired }),
        mtr("recommendedRounds"),
      );
    }
  }
  return ok({ changed });
}

function ruleFor(key: SettingKey): string | undefined {
  if (key === "gamesToWin") return mtr("matchStructure");
  if (key === "percentageFloor" || key === "byeCountsInOwnPercentages") return mtr("tiebreakers");
  if (key === "plannedRounds") return mtr("recommendedRounds");
  if (key === "deckFormat") return mtr("deckRegistration");
  return undefined;
}
