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

export type RoundOverFacts = {
  eventComplete: boolean;
  /** Tables (not byes) of the round still without a result. */
  tablesPlaying: number;
  /** Tables (not byes) of the round. */
  tablesPlayed: number;
};

/** MTR 2.4: nothing is left to time once every table has its result, or once the event is over. */
export function isRoundOver(facts: RoundOverFacts): boolean {
  if (facts.eventComplete === true) return true;
  return facts.tablesPlaying === 0 && facts.tablesPlayed > 0;
}
