/**
 * Exhaustive maximum-weight matching for tiny graphs (test oracle only).
 * Returns the best (cardinality, weight) pair: with maxCardinality, larger cardinality first.
 */
export function bruteForceMatching(
  vertexCount: number,
  triples: readonly (readonly [number, number, number])[],
  maxCardinality: boolean,
): { cardinality: number; weight: number } {
  const weights = new Map<number, number>();
  for (const [i, j, w] of triples) weights.set(Math.min(i, j) * vertexCount + Math.max(i, j), w);
  const used = new Array<boolean>(vertexCount).fill(false);
  let best = { cardinality: 0, weight: 0 };
  const isBetter = (cardinality: number, weight: number): boolean =>
    maxCardinality
      ? cardinality > best.cardinality || (cardinality === best.cardinality && weight > best.weight)
      : weight > best.weight;

  const search = (from: number, cardinality: number, weight: number): void => {
    let i = from;
    while (i < vertexCount && used[i]) i++;
    if (i >= vertexCount) {
      if (isBetter(cardinality, weight)) best = { cardinality, weight };
      return;
    }
    used[i] = true;
    search(i + 1, cardinality, weight);
    for (let j = i + 1; j < vertexCount; j++) {
      const w = weights.get(i * vertexCount + j);
      if (used[j] || w === undefined) continue;
      used[j] = true;
      search(i + 1, cardinality + 1, weight + w);
      used[j] = false;
    }
    used[i] = false;
  };
  search(0, 0, 0);
  return best;
}
