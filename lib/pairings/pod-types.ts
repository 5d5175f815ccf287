/** Public types of the pod pairer (`pods.ts`): Swiss rounds of multiplayer games (Commander pods). */

import type { Message } from "@/lib/rules/result";

/** A seat a player took in an earlier round: seat 1 plays first; `podSize` says which seat was last. */
export type PodSeat = { seat: number; podSize: number };

export type PodPlayer = {
  id: string;
  /** Points so far (e.g. 5 per win, 1 per draw, 0 per loss, a bye as a win). A non-negative integer. */
  points: number;
  /**
   * Ids of everyone this player has shared a pod with in earlier rounds, once per round (byes
   * excluded). Ids of players not in this round's input (dropped players) are ignored; a pod
   * listed on only one side still counts for both.
   */
  opponents: string[];
  hadBye: boolean;
  /** Current standings rank, 1 = best; ties allowed. Orders pods and picks the bye among equals. */
  rank: number;
  /** Seats taken in earlier rounds (any order); the seat order of this round evens them out. */
  seats: PodSeat[];
};

export type PodPairingInput = {
  /** 1-based round number being paired; mixed into the random stream. */
  round: number;
  /** Any string; the same input and seed always give the same pods. */
  seed: string;
  /** Players to seat this round; dropped players left out, late entries with 0 points. */
  players: PodPlayer[];
  /** Preferred pod size: 4 (default; 3-player pods only where the count needs them) or 3 (4-player pods only where needed). */
  podSize?: 3 | 4;
  /** A field of 5 plays one 5-player pod instead of a pod of 4 and a bye (default false). */
  allowFivePlayerPods?: boolean;
};

export type Pod = {
  /** 1..m from the top pod (most points). */
  pod: number;
  /** The pod's players in seat order: players[0] is seat 1 and plays first. */
  players: string[];
};

/**
 * How good a round of pods is. `repeatedPairs` then `pointSpread` are the objective, compared
 * lexicographically (lower is better, see `comparePodScores`); the rest are informational.
 */
export type PodPairingScore = {
  /** 1. Pairs of players in the same pod who have shared a pod before. */
  repeatedPairs: number;
  /** 2. Σ over pods of Σ over pairs of pod-mates of (points difference)². */
  pointSpread: number;
  /** Pods with at least one repeated pair. */
  podsWithRepeats: number;
  /** Largest points difference between two players of one pod. */
  largestPointDifference: number;
};

export type PodPairingWarningCode = "REPEATED_OPPONENTS" | "REPEATED_BYE";

export type PodPairingWarning = {
  code: PodPairingWarningCode;
  message: Message;
  playerIds: string[];
};

export type PodRoundPairing = {
  pods: Pod[];
  /** The player sitting out with a bye (only a field of 5 without 5-player pods), or null. */
  bye: string | null;
  score: PodPairingScore;
  /** Compromises the pairer had to make (a repeated pair, a second bye); empty when none. */
  warnings: PodPairingWarning[];
  /** Whether the pods were found by exhaustive search (provably optimal) or by the heuristic. */
  search: "exhaustive" | "local-search";
  /**
   * No pods of the planned sizes have fewer repeated pairs: true after an exhaustive search, when
   * there are no repeats, or when the depth-first repeat search ran to completion within its budget.
   */
  repeatsProvenMinimal: boolean;
};

export type PodErrorCode =
  | "INVALID_ROUND"
  | "INVALID_SEED"
  | "INVALID_PLAYERS"
  | "NOT_ENOUGH_PLAYERS"
  | "INVALID_PLAYER"
  | "DUPLICATE_PLAYER"
  | "INVALID_POINTS"
  | "INVALID_RANK"
  | "INVALID_SEATS"
  | "INVALID_OPTIONS";
