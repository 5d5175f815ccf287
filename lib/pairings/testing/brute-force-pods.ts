import type { PodCost, PodProblem } from "../pod-search";

/** The objective computed here again, not imported, so a mistake in the pairer's cost shows. */
function blockCost(problem: PodProblem, block: readonly number[]): PodCost {
  let repeats = 0;
  let spread = 0;
  for (const a of block) {
    for (const b of block) {
      if (a >= b) continue;
      if (problem.met[a]!.has(b) || problem.met[b]!.has(a)) repeats++;
      spread += (problem.points[a]! - problem.points[b]!) ** 2;
    }
  }
  return { repeats, spread };
}

/**
 * Test oracle, written independently of the pairer's search: every set partition of the players
 * in `problem.order` into blocks, keeping those whose block sizes are exactly the planned sizes,
 * scored by the objective as docs/pairings.md states it. Bell(10) = 115,975 partitions: fine up to 10 players.
 */
export function bruteForceBestPodCost(problem: PodProblem): PodCost {
  const wanted = problem.sizes
    .slice()
    .sort((a, b) => a - b)
    .join(",");
  const players = problem.order;
  const blocks: number[][] = [];
  let best: PodCost | null = null;
  const assign = (index: number): void => {
    if (index === players.length) {
      if (
        blocks
          .map((block) => block.length)
          .sort((a, b) => a - b)
          .join(",") !== wanted
      )
        return;
      const cost = blocks.reduce<PodCost>(
        (sum, block) => {
          const c = blockCost(problem, block);
          return { repeats: sum.repeats + c.repeats, spread: sum.spread + c.spread };
        },
        { repeats: 0, spread: 0 },
      );
      if (
        best === null ||
        cost.repeats < best.repeats ||
        (cost.repeats === best.repeats && cost.spread < best.spread)
      )
        best = cost;
      return;
    }
    const player = players[index]!;
    for (const block of blocks) {
      if (block.length >= 5) continue;
      block.push(player);
      assign(index + 1);
      block.pop();
    }
    blocks.push([player]);
    assign(index + 1);
    blocks.pop();
  };
  assign(0);
  if (best === null) throw new Error("bruteForceBestPodCost: no partition has the planned sizes");
  return best;
}
