// A pod event's settings (Commander and other multiplayer formats, CR 100.6a: a multiplayer
// match is usually one game). The MTR does not cover them; the community tournament addenda
// cEDH organizers use do, and they are the defaults here: pods of 4 (3-player pods only where the
// count needs them), 5 points for a win, 1 for a draw, 0 for a loss, a bye scored as a win, and at
// time the active player finishes the turn and the game is a draw (no additional turns).

import { mtr } from "./edition";
import type { PodEndOfRound } from "./pod-game";
import { type RuleResult, asRecord, fail, isCount, ok, showValue, say } from "./result";

export type PodEventSettingsInput = {
  podSize?: unknown;
  pointsWin?: unknown;
  pointsDraw?: unknown;
  pointsLoss?: unknown;
  /** null or absent: the active player finishes the turn, then the game is a draw; otherwise that many additional turns. */
  additionalTurns?: unknown;
};

export type PodEventSettings = {
  podSize: 3 | 4;
  points: { win: number; draw: number; loss: number };
  endOfRound: PodEndOfRound;
};

export const DEFAULT_POD_EVENT_SETTINGS: PodEventSettings = {
  podSize: 4,
  points: { win: 5, draw: 1, loss: 0 },
  endOfRound: { procedure: "finish-turn" },
};

/** The most points a result may be worth: enough for any scoring in use, small enough to read. */
const MAX_POINTS = 100;
/** The most additional turns an organizer may set at time. */
export const MAX_POD_ADDITIONAL_TURNS = 20;

/**
 * A pod event's settings from what the organizer chose, every missing one the addenda's default.
 * Points must rank a win above a draw and a draw at least as high as a loss.
 */
export function podEventSettings(input: PodEventSettingsInput = {}): RuleResult<PodEventSettings> {
  const s = asRecord(input);
  const podSize = s.podSize ?? DEFAULT_POD_EVENT_SETTINGS.podSize;
  if (podSize !== 3 && podSize !== 4)
    return fail(
      "INVALID_SETTING",
      say("podEvent.podsPlayers", { podSize: showValue(podSize) }),
      "100.6a",
    );
  const points = { win: s.pointsWin ?? 5, draw: s.pointsDraw ?? 1, loss: s.pointsLoss ?? 0 };
  for (const [outcome, value] of [
    [say("podEvent.win"), points.win],
    [say("podEvent.draw"), points.draw],
    [say("podEvent.loss"), points.loss],
  ] as const) {
    if (!isCount(value) || (value as number) > MAX_POINTS)
      return fail(
        "INVALID_SETTING",
        say("podEvent.pointsWholeNumber", {
          outcome,
          most: MAX_POINTS,
          value: showValue(value),
        }),
      );
  }
  const { win, draw, loss } = points as { win: number; draw: number; loss: number };
  if (!(win > draw && draw >= loss))
    return fail("INVALID_SETTING", say("podEvent.winWorthMoreThan", { win, draw, loss }));
  const turns = s.additionalTurns;
  if (
    turns !== undefined &&
    turns !== null &&
    (!isCount(turns, 1) || (turns as number) > MAX_POD_ADDITIONAL_TURNS)
  ) {
    return fail(
      "INVALID_SETTING",
      say("podEvent.additionalTurnsTimeWhole", {
        most: MAX_POD_ADDITIONAL_TURNS,
        turns: showValue(turns),
      }),
      mtr("endOfMatch"),
    );
  }
  const endOfRound: PodEndOfRound =
    turns === undefined || turns === null
      ? { procedure: "finish-turn" }
      : { procedure: "additional-turns", turns: turns as number };
  return ok({ podSize, points: { win, draw, loss }, endOfRound });
}

/** A pod round's time limit in minutes, or null: the addenda play the top cut's pods until someone wins. */
export function podRoundMinutes(input: {
  isCut: boolean;
  swissMinutes: number | null;
}): number | null {
  const { isCut, swissMinutes } = asRecord(input);
  if (isCut !== false) return null;
  return isCount(swissMinutes, 1) ? (swissMinutes as number) : null;
}
