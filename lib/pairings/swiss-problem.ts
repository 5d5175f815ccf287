import { shuffle, type Random } from "./random";
import type { SwissPlayer } from "./swiss-types";

/**
 * The pairing problem in index form. Vertices 0..playerCount-1 are the players in a seeded random
 * order (so every tie the solver breaks by index is a random tie-break); when the field is odd,
 * vertex `playerCount` is the bye.
 */
export type SwissProblem = {
  readonly players: readonly SwissPlayer[];
  readonly playerCount: number;
  /** playerCount when the field is odd, otherwise -1. */
  readonly byeVertex: number;
  /** playerCount, plus one for the bye vertex. */
  readonly vertexCount: number;
  readonly points: readonly number[];
  /** Previous opponents as vertex indices (symmetric; unknown ids and self-references dropped). */
  readonly opponents: readonly ReadonlySet<number>[];
  /** byePreference[v]: position of player v in the bye order, 0 = most deserving. */
  readonly byePreference: readonly number[];
  /** No player has points, opponents or a bye yet (round 1): ranks carry no information. */
  readonly hasNoHistory: boolean;
};

/** Build the index form of already-validated players (unique ids, integer points, finite ranks). */
export function buildSwissProblem(players: readonly SwissPlayer[], random: Random): SwissProblem {
  const ordered = shuffle(players, random);
  const playerCount = ordered.length;
  const vertexOf = new Map(ordered.map((player, vertex) => [player.id, vertex]));
  const opponents = ordered.map(() => new Set<number>());
  ordered.forEach((player, vertex) => {
    for (const opponentId of player.opponents) {
      const other = vertexOf.get(opponentId);
      if (other === undefined || other === vertex) continue;
      opponents[vertex]!.add(other);
      opponents[other]!.add(vertex);
    }
  });
  const points = ordered.map((player) => player.matchPoints);
  const hasNoHistory = ordered.every(
    (player, vertex) =>
      !player.hadBye && opponents[vertex]!.size === 0 && player.matchPoints === points[0],
  );

  // Bye order: no previous bye first, then fewest points, then lowest standing (largest rank);
  // remaining ties by vertex index, i.e. seeded random. Before any history, purely random.
  const byOrder = ordered.map((_, vertex) => vertex);
  if (!hasNoHistory) {
    byOrder.sort((a, b) => {
      const playerA = ordered[a]!;
      const playerB = ordered[b]!;
      return (
        Number(playerA.hadBye) - Number(playerB.hadBye) ||
        playerA.matchPoints - playerB.matchPoints ||
        playerB.rank - playerA.rank ||
        a - b
      );
    });
  }
  const byePreference = new Array<number>(playerCount).fill(0);
  byOrder.forEach((vertex, position) => {
    byePreference[vertex] = position;
  });

  const isOdd = playerCount % 2 === 1;
  return {
    players: ordered,
    playerCount,
    byeVertex: isOdd ? playerCount : -1,
    vertexCount: playerCount + (isOdd ? 1 : 0),
    points,
    opponents,
    byePreference,
    hasNoHistory,
  };
}
