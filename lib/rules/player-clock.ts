// Whether a player's phone shows their round's clock. MTR 2.4: the clock times the matches of a
// round in play; once the event is over, or the round is over with no next round yet, there is
// nothing left for it to time, and a stale "time is up" would mislead.

export type PlayerClockFacts = {
  eventComplete: boolean;
  /** Every match of the player's round has its result. */
  roundOver: boolean;
  /** A later round has been paired. */
  hasLaterRound: boolean;
};

/** MTR 2.4: the clock shows while the player's round can still be played. */
export function showsPlayerClock(facts: PlayerClockFacts): boolean {
  if (facts.eventComplete === true) return false;
  return !(facts.roundOver === true && facts.hasLaterRound !== true);
}
