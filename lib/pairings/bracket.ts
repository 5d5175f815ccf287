import { type Message, playerOf, say } from "@/lib/rules/result";
import { failure, success, type PairingResult } from "./pairing-result";
import { playoffRoundName } from "@/lib/rules/swiss-rounds";

/**
 * Single-elimination playoffs (top 4/8/16) seeded by final Swiss standings (rules brief §7).
 *
 * Standard seeding keeps the top seeds apart as long as possible: the seed list for 2n players
 * replaces every seed s of the n-player list with the pair (s, 2n + 1 − s). So the first round
 * of a top 8 is 1v8, 4v5, 2v7, 3v6 in bracket order: the winners of 1v8 and 4v5 meet in a
 * semifinal, and 1 and 2 can only meet in the final.
 *
 * In every match the higher seed (smaller number) is playerA: MTR 2.2 lets the player ranked
 * higher at the end of Swiss choose to play or draw in game 1 of a playoff match.
 */
export type BracketSize = 4 | 8 | 16;

export type BracketMatch = {
  /** Stable id, "R{round}M{position}", e.g. "R1M1" for the first quarterfinal of a top 8. */
  id: string;
  /** 1 = first playoff round. */
  round: number;
  roundName: Message;
  /** 1-based position within the round, in bracket order. */
  position: number;
  playerA: string | null;
  seedA: number | null;
  playerB: string | null;
  seedB: number | null;
  winner: string | null;
  /** Both players known and no result yet. */
  isReady: boolean;
};

export type BracketResult = { matchId: string; winner: string };

export type BracketState = {
  /** rounds[0] is the first round; every match of every round, players filled in as known. */
  rounds: BracketMatch[][];
  readyMatchIds: string[];
  champion: string | null;
};

export type BracketErrorCode =
  | "INVALID_SIZE"
  | "INVALID_PLAYER"
  | "DUPLICATE_PLAYER"
  | "NOT_ENOUGH_PLAYERS"
  | "UNKNOWN_MATCH"
  | "DUPLICATE_RESULT"
  | "MATCH_NOT_READY"
  | "WINNER_NOT_IN_MATCH";

const SIZES: readonly number[] = [4, 8, 16];

/**
 * First-round matches of a playoff of `size`, from player ids in final Swiss standings order
 * (only the first `size` make the cut; more may be passed).
 */
export function seedBracket(
  seededPlayerIds: readonly string[],
  size: BracketSize,
): PairingResult<BracketMatch[], BracketErrorCode> {
  const state = bracketState(size, seededPlayerIds, []);
  return state.ok ? success(state.value.rounds[0]!) : state;
}

/**
 * The whole bracket after the given results (in any order): every match of every round with
 * the players known so far, the matches ready to be played, and the champion once the final is
 * decided. A result for a match whose players are not both known yet is an error.
 */
export function bracketState(
  size: BracketSize,
  seededPlayerIds: readonly string[],
  results: readonly BracketResult[],
): PairingResult<BracketState, BracketErrorCode> {
  if (!SIZES.includes(size))
    return failure("INVALID_SIZE", say("bracket.invalidSize", { size: String(size) }));
  const invalid = seededPlayerIds.findIndex((id) => typeof id !== "string" || id === "");
  if (invalid !== -1)
    return failure("INVALID_PLAYER", say("bracket.seedWithoutId", { seed: invalid + 1 }));
  const duplicate = seededPlayerIds.find((id, index) => seededPlayerIds.indexOf(id) !== index);
  if (duplicate !== undefined)
    return failure(
      "DUPLICATE_PLAYER",
      say("bracket.duplicatePlayer", { player: playerOf(duplicate) }),
    );
  if (seededPlayerIds.length < size) {
    return failure(
      "NOT_ENOUGH_PLAYERS",
      say("bracket.notEnoughPlayers", { size, count: seededPlayerIds.length }),
    );
  }

  const roundCount = Math.log2(size);
  const rounds: BracketMatch[][] = [];
  for (let round = 1; round <= roundCount; round++) {
    const matchCount = size / 2 ** round;
    rounds.push(
      Array.from({ length: matchCount }, (_, index) => ({
        id: ["R", round, "M", index + 1].join(""),
        round,
        roundName: playoffRoundName(matchCount),
        position: index + 1,
        playerA: null,
        seedA: null,
        playerB: null,
        seedB: null,
        winner: null,
        isReady: false,
      })),
    );
  }
  const byId = new Map(rounds.flat().map((match) => [match.id, match]));
  const winners = new Map<string, string>();
  for (const { matchId, winner } of results) {
    const match = byId.get(matchId);
    if (!match) return failure("UNKNOWN_MATCH", say("bracket.unknownMatch", { id: matchId, size }));
    if (winners.has(matchId))
      return failure(
        "DUPLICATE_RESULT",
        say("bracket.duplicateResult", { match: describeMatch(match) }),
      );
    winners.set(matchId, winner);
  }

  const order = seedOrder(size);
  const seedOf = new Map(seededPlayerIds.slice(0, size).map((id, index) => [id, index + 1]));
  for (const match of rounds[0]!) {
    seat(match, order[2 * match.position - 2]!, order[2 * match.position - 1]!, seededPlayerIds);
  }
  for (const [roundIndex, matches] of rounds.entries()) {
    for (const match of matches) {
      if (roundIndex > 0) {
        const left = rounds[roundIndex - 1]![2 * match.position - 2]!;
        const right = rounds[roundIndex - 1]![2 * match.position - 1]!;
        const leftSeed = left.winner === null ? null : seedOf.get(left.winner)!;
        const rightSeed = right.winner === null ? null : seedOf.get(right.winner)!;
        seat(match, leftSeed, rightSeed, seededPlayerIds);
      }
      const winner = winners.get(match.id);
      if (winner === undefined) {
        match.isReady = match.playerA !== null && match.playerB !== null;
        continue;
      }
      if (match.playerA === null || match.playerB === null) {
        return failure(
          "MATCH_NOT_READY",
          say("bracket.matchNotReady", { match: describeMatch(match) }),
        );
      }
      if (winner !== match.playerA && winner !== match.playerB) {
        return failure(
          "WINNER_NOT_IN_MATCH",
          say("bracket.winnerNotInMatch", {
            winner: playerOf(winner),
            match: describeMatch(match),
            playerA: playerOf(match.playerA),
            playerB: playerOf(match.playerB),
          }),
        );
      }
      match.winner = winner;
    }
  }

  const all = rounds.flat();
  return success({
    rounds,
    readyMatchIds: all.filter((match) => match.isReady).map((match) => match.id),
    champion: rounds[roundCount - 1]![0]!.winner,
  });
}

/** Seed numbers in bracket order, two per first-round match: [1, 8, 4, 5, 2, 7, 3, 6] for 8. */
export function seedOrder(size: number): number[] {
  let order = [1];
  for (let players = 2; players <= size; players *= 2) {
    order = order.flatMap((seed) => [seed, players + 1 - seed]);
  }
  return order;
}

/** Place two seeds (either may still be unknown) with the higher seed as playerA. */
function seat(
  match: BracketMatch,
  first: number | null,
  second: number | null,
  ids: readonly string[],
): void {
  const [high, low] =
    first !== null && (second === null || first < second) ? [first, second] : [second, first];
  match.seedA = high;
  match.playerA = high === null ? null : ids[high - 1]!;
  match.seedB = low;
  match.playerB = low === null ? null : ids[low - 1]!;
}

function describeMatch(match: BracketMatch): Message {
  return say("bracket.match", { round: match.roundName, position: match.position, id: match.id });
}
