import { compareScores, scoreVertexPairs } from "../swiss-objective";
import type { SwissProblem } from "../swiss-problem";
import type { PairingScore } from "../swiss-types";

/**
 * Test oracle: the best score over every perfect matching of the problem's vertices (players,
 * plus the bye vertex when the field is odd), scored by the same objective the pairer uses.
 * (2k−1)!! matchings: fine up to 14 vertices.
 */
export function bruteForceBestScore(problem: SwissProblem): PairingScore {
  const n = problem.vertexCount;
  const used = new Array<boolean>(n).fill(false);
  const pairs: [number, number][] = [];
  let best: PairingScore | null = null;
  const search = (): void => {
    const i = used.indexOf(false);
    if (i === -1) {
      const score = scoreVertexPairs(problem, pairs);
      if (best === null || compareScores(score, best) < 0) best = score;
      return;
    }
    used[i] = true;
    for (let j = i + 1; j < n; j++) {
      if (used[j]) continue;
      used[j] = true;
      pairs.push([i, j]);
      search();
      pairs.pop();
      used[j] = false;
    }
    used[i] = false;
  };
  search();
  if (best === null)
    throw new Error("bruteForceBestScore: no perfect matching (fewer than 2 vertices?)");
  return best;
}
