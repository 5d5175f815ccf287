/** Public types of the Swiss pairer (`swiss.ts`) and the manual-pairing checker. */

import type { Message } from "@/lib/rules/result";

export type SwissPlayer = {
  id: string;
  /** 3 per match win (a bye is a win), 1 per draw (MTR 3.1). A non-negative integer. */
  matchPoints: number;
  /**
   * Ids of everyone this player has played in earlier rounds (byes excluded). Ids of players not
   * in this round's input (dropped players) are ignored; a pairing listed on only one side still
   * counts for both.
   */
  opponents: string[];
  hadBye: boolean;
  /** Current standings rank, 1 = best; ties allowed. Orders tables and picks the bye among equals. */
  rank: number;
};

export type SwissPairingInput = {
  /** 1-based round number being paired; mixed into the random stream. */
  round: number;
  /** Any string; the same input and seed always give the same pairing. */
  seed: string;
  /**
   * Players to pair this round. The caller leaves out dropped players and includes late entries
   * with their missed rounds already counted as losses (0 points each).
   */
  players: SwissPlayer[];
};

export type SwissPairing = {
  /** 1..n from the top table; the bye, if any, is the last entry. */
  table: number;
  /** The higher-placed player (more points, then better rank). */
  playerA: string;
  /** null = bye (the caller records it as a 2-0 match win). */
  playerB: string | null;
};

/**
 * How good a pairing is. The first three fields are the objective, compared lexicographically
 * (lower is better, see `compareScores` and docs/pairings.md); the rest are informational.
 */
export type PairingScore = {
  /** 1. Pairs whose players have met before. */
  rematches: number;
  /**
   * 2. Position of the bye recipient in the bye preference order (0 = the most deserving player:
   * no previous bye, fewest points, lowest standing). 0 when there is no bye.
   */
  byePreference: number;
  /** 3. Sum over pairs of (points difference)². */
  squaredPointDifference: number;
  /** Pairs with unequal points. */
  pairDowns: number;
  /** Largest points difference within a pair. */
  largestPointDifference: number;
  /** The bye went to a player who already had one. */
  repeatedBye: boolean;
};

export type PairingWarningCode =
  | "REMATCH"
  | "REPEATED_BYE"
  | "BYE_NOT_LOWEST"
  | "EXTRA_BYE"
  | "UNPAIRED_PLAYER"
  | "DUPLICATE_PLAYER"
  | "SELF_PAIRING"
  | "UNKNOWN_PLAYER"
  | "DUPLICATE_TABLE";

export type PairingWarning = { code: PairingWarningCode; message: Message; playerIds: string[] };

export type SwissRoundPairing = {
  pairings: SwissPairing[];
  bye: string | null;
  score: PairingScore;
  /** Compromises the pairer had to make (e.g. a forced rematch); empty when none. */
  warnings: PairingWarning[];
};

export type SwissErrorCode =
  | "INVALID_ROUND"
  | "INVALID_SEED"
  | "INVALID_PLAYERS"
  | "NOT_ENOUGH_PLAYERS"
  | "INVALID_PLAYER"
  | "DUPLICATE_PLAYER"
  | "INVALID_MATCH_POINTS"
  | "INVALID_RANK"
  | "FIELD_TOO_LARGE";
