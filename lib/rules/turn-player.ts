// Whose turn it is during the MTR 2.4 End-of-Match Procedure, by side, so the judge's screen can
// say it by name. The judge says who the active player was when time was called; from then on
// turns alternate (CR 500.1: each player takes turns in order), except that a turn taken as an
// extra turn from an effect (MTR 2.4: it counts) is taken by the player of the turn before it.

import { type Side, isSide, otherSide } from "./result";

export type TurnPlayerFacts = {
  /** The player whose turn it was when time was called. */
  activeSide: Side;
  /** The turns that ended since time was called, in order; `extraTurn` marks an extra turn. */
  turnsEnded: readonly { extraTurn: boolean }[];
};

/**
 * The side playing the turn under way: the active player at time, then alternating with each
 * turn that ended. An ended turn marked as an extra turn was played by the player of the turn
 * before it, so it does not switch sides. The turn under way is taken to be an ordinary turn
 * (the judge marks an extra turn when it ends). Null when the active player is not known.
 */
export function sideOfCurrentTurn(facts: TurnPlayerFacts): Side | null {
  if (!isSide(facts.activeSide)) return null;
  // The first counted turn is the active player's: turn 0, or turn -1 when they were passing the
  // turn (MTR 2.4), whose next turn, turn 0, is then the opponent's.
  let side: Side = facts.activeSide;
  // Player of turn i (i = 0 … n): the first turn is the active player's; each later turn is the
  // other player's unless it was an extra turn (known for turns that ended).
  const flags = facts.turnsEnded.map((turn) => turn.extraTurn === true);
  for (let index = 1; index <= flags.length; index++) {
    const isExtra = index < flags.length ? flags[index] : false;
    if (!isExtra) side = otherSide(side);
  }
  return side;
}
