// The round clock: when a round (and each of its matches) runs out of time.
//
// MTR 2.4 End-of-Match Procedure: the end-of-match procedure starts when the round's time
// limit is reached. MTR 2.6 Time Extensions: a judge who pauses a match (a long ruling, a deck
// check) gives that match an extension of the same length, so that one match's time runs out
// later than the round's. Extensions add up; they are never taken back (history).
//
// Nothing here reads a clock: the caller passes `now` (the server's time, in milliseconds since
// the epoch), so the same function serves the server, the browser's preview and the tests.

import { mtr } from "./edition";
import { timeLimitReachedAt } from "./end-of-match";
import {
  type RuleError,
  type RuleResult,
  checkRecord,
  fail,
  isCount,
  ok,
  showValue,
  say,
} from "./result";

/**
 * How long one time extension may be (MTR 2.6 leaves the length to the judge). Whole minutes,
 * at least 1 (anything shorter is not worth announcing); at most 30, beyond which a judge
 * would rather restart or re-pair the match than keep a hall waiting. A policy of this app.
 */
export const TIME_EXTENSION_MINUTES = { min: 1, max: 30 } as const;

export type RoundClockInput = {
  /** When the round started (ms since the epoch), or null while it has not started. */
  startedAt: number | null;
  /** The round's time limit in minutes (the phase's setting); null for an untimed round (a playoff, often). */
  roundMinutes: number | null;
  /** This match's time extensions in total (MTR 2.6); 0 or absent for the round itself. */
  extensionMinutes?: number;
  /** The current time, supplied by the caller (the server's clock). */
  now: number;
};

export type RoundClock =
  | { kind: "not-started" }
  | { kind: "untimed" }
  | {
      kind: "timed";
      /** When time is called for this match (or the round): start + length + extensions. */
      endsAt: number;
      /** Milliseconds left until then, never below 0. */
      msLeft: number;
      /** Time has been reached (MTR 2.4: the end-of-match procedure begins). */
      isOver: boolean;
    };

/**
 * MTR 2.4, MTR 2.6: the clock of a round, or of one match of it when `extensionMinutes` is that
 * match's total extension. Before the round starts there is no clock, nor in an untimed round.
 */
export function roundClock(input: RoundClockInput): RuleResult<RoundClock> {
  const shape = checkRecord(say("roundClock.roundClock"), input);
  if (shape) return shape;
  const { startedAt, roundMinutes, extensionMinutes = 0, now } = input;
  if (!Number.isFinite(now))
    return fail("INVALID_NUMBER", say("roundClock.currentTimeTime", { now: showValue(now) }));
  // An untimed round has no start to wait for: it is played as soon as it is paired.
  if (roundMinutes === null) return ok({ kind: "untimed" });
  if (startedAt === null || startedAt === undefined) return ok({ kind: "not-started" });
  const endsAt = timeLimitReachedAt({ roundStartedAt: startedAt, roundMinutes, extensionMinutes });
  if (!endsAt.ok) return endsAt;
  const msLeft = Math.max(0, endsAt.value - now);
  return ok({ kind: "timed", endsAt: endsAt.value, msLeft, isOver: now >= endsAt.value });
}

/**
 * MTR 2.6: a match's total extension, the sum of every extension it was given. Each must be a
 * whole number of minutes within TIME_EXTENSION_MINUTES.
 */
export function totalExtensionMinutes(
  extensions: readonly { minutes: number }[],
): RuleResult<number> {
  if (!Array.isArray(extensions))
    return fail(
      "INVALID_INPUT",
      say("roundClock.timeExtensionsGivenList", { extensions: showValue(extensions) }),
    );
  let total = 0;
  for (const extension of extensions as readonly unknown[]) {
    const shape = checkRecord(say("roundClock.timeExtension"), extension);
    if (shape) return shape;
    const checked = checkExtensionMinutes((extension as { minutes: unknown }).minutes);
    if (!checked.ok) return checked;
    total += checked.value;
  }
  return ok(total);
}

/** MTR 2.6: one extension's length, whole minutes from TIME_EXTENSION_MINUTES.min to .max. */
export function checkExtensionMinutes(minutes: unknown): RuleResult<number> {
  const { min, max } = TIME_EXTENSION_MINUTES;
  if (!isCount(minutes, min) || (minutes as number) > max) {
    return fail(
      "INVALID_NUMBER",
      say("roundClock.timeExtensionWholeNumber", { min, max, minutes: showValue(minutes) }),
      mtr("timeExtensions"),
    );
  }
  return ok(minutes as number);
}

/** Time left as the clocks show it: m:ss (h:mm:ss from an hour), whole seconds rounded up. */
export function formatTimeLeft(ms: number): string {
  const total =
    typeof ms === "number" && Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? [hours, String(minutes).padStart(2, "0"), seconds].join(":")
    : `${minutes}:${seconds}`;
}

/**
 * MTR 2.4, MTR 2.6: whether a judge may call time for one table at `now` (the server's clock,
 * supplied by the caller). The end-of-match procedure begins when that table's time limit is
 * reached: the round's start plus its length plus that match's time extensions. Refused
 * (TIME_NOT_REACHED, naming the time left and any extension) while a started, timed round still
 * has time on this table's clock. Allowed when the round has no recorded start or is untimed
 * (a judge running a playoff or a round started off the app calls time by the hall's clock).
 * A judge may call time earlier with a reason (`overrideReason`, kept in the match's history):
 * the event's official clock is the judges', and a round started late in the app must not keep
 * them from calling time when the hall's clock says so.
 */
export function checkTimeMayBeCalled(
  input: RoundClockInput & { tableNumber: number; overrideReason?: string },
): { ok: false; error: RuleError } | null {
  const shape = checkRecord(say("roundClock.callingTime"), input);
  if (shape) return shape;
  if (!isCount(input.tableNumber, 1))
    return fail(
      "INVALID_INPUT",
      say("roundClock.tableNumberWholeNumber", { tableNumber: showValue(input.tableNumber) }),
    );
  const clock = roundClock(input);
  if (!clock.ok) return clock;
  if (clock.value.kind !== "timed" || clock.value.isOver) return null;
  if (typeof input.overrideReason === "string" && input.overrideReason.trim() !== "") return null;
  const extension = input.extensionMinutes ?? 0;
  const tableNumber = input.tableNumber;
  const timeLeft = formatTimeLeft(clock.value.msLeft);
  const [endOfMatch, timeExtensions] = [mtr("endOfMatch"), mtr("timeExtensions")];
  return fail(
    "TIME_NOT_REACHED",
    extension > 0
      ? say("roundClock.tableStillClockTimeExtended", {
          tableNumber,
          timeLeft,
          mtr: endOfMatch,
          mtr2: timeExtensions,
          extension,
          s: extension === 1 ? "" : "s",
        })
      : say("roundClock.tableStillClockTime", {
          tableNumber,
          timeLeft,
          mtr: endOfMatch,
          mtr2: timeExtensions,
        }),
    mtr("timeExtensions"),
  );
}

/**
 * MTR 2.6 Time Extensions through MTR 2.4: an extension delays the start of the end-of-match
 * procedure, so it is given only to a match still being played whose time has not been called;
 * a bye has no clock, and a match with a result needs no more time.
 */
export function checkExtensionMayBeGiven(match: {
  /** Null where the match at hand needs no table number ("This match is a bye"). */
  tableNumber: number | null;
  isBye: boolean;
  hasResult: boolean;
  isTimeCalled: boolean;
}): { ok: false; error: RuleError } | null {
  const shape = checkRecord(say("roundClock.matchExtend"), match);
  if (shape) return shape;
  // A table number that is not one is not named (the message then speaks of "this match").
  const table = isCount(match.tableNumber, 1) ? match.tableNumber : null;
  if (match.isBye === true)
    return fail(
      "BYE",
      table === null
        ? say("roundClock.matchByeThereMatch")
        : say("roundClock.tableByeThereMatch", { tableNumber: table }),
      mtr("timeExtensions"),
    );
  if (match.hasResult === true)
    return fail(
      "MATCH_ALREADY_DECIDED",
      table === null
        ? say("roundClock.matchAlreadyResultNeeds")
        : say("roundClock.tableAlreadyResultNeeds", { tableNumber: table }),
      mtr("timeExtensions"),
    );
  if (match.isTimeCalled === true) {
    return fail(
      "TIME_ALREADY_CALLED",
      table === null
        ? say("roundClock.timeBeenCalledMatch", {
            mtr: mtr("endOfMatch"),
            mtr2: mtr("timeExtensions"),
          })
        : say("roundClock.timeBeenCalledTable", {
            tableNumber: table,
            mtr: mtr("endOfMatch"),
            mtr2: mtr("timeExtensions"),
          }),
      mtr("endOfMatch"),
    );
  }
  return null;
}
