/**
 * Pod pairing benchmark: `npx tsx bench/pods.bench.ts`
 *
 * Simulates a pod event of 1,024 players (4-player pods, random winners, ~10% drawn pods, scored
 * 5 / 1 / 0) with the pairer itself and times every round's pairing, 1 to 8, on three seeds; then
 * the same at 256 and 4,096 players for round 8, and 1,024 players at round 15. Prints the fastest, median and slowest time
 * per round, the repeated pairs, the points spread and the largest points difference in a pod.
 */
import type { PodPlayer } from "../lib/pairings/pod-types";
import { pairPodRound } from "../lib/pairings/pods";
import { simulatePodEvent } from "../lib/pairings/testing/simulate-pod-event";
import { render } from "../lib/messages/render";

const SEEDS = ["bench-1", "bench-2", "bench-3"];
const ROUNDS = 8;

function formatMs(ms: number): string {
  return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`.padStart(9);
}

/** Time pairPodRound on the players as they stand before `round`. */
function timeRound(
  players: PodPlayer[],
  round: number,
  seed: string,
): { ms: number; repeats: number; spread: number; largest: number } {
  const started = performance.now();
  const result = pairPodRound({ round, seed, players });
  const ms = performance.now() - started;
  if (!result.ok) throw new Error(render(result.error));
  return {
    ms,
    repeats: result.value.score.repeatedPairs,
    spread: result.value.score.pointSpread,
    largest: result.value.score.largestPointDifference,
  };
}

console.log(`Pod pairing (node ${process.version})\n`);
console.log("1,024 players, every round (three seeds)");
console.log("round  fastest   median   slowest  repeats  spread  largest Δ");
const perRound: { ms: number[]; repeats: number; spread: number; largest: number }[] = Array.from(
  { length: ROUNDS },
  () => ({ ms: [], repeats: 0, spread: 0, largest: 0 }),
);
for (const seed of SEEDS) {
  for (let round = 1; round <= ROUNDS; round++) {
    const { players } = simulatePodEvent({ playerCount: 1024, rounds: round - 1, seed });
    const timed = timeRound(players, round, seed);
    const entry = perRound[round - 1]!;
    entry.ms.push(timed.ms);
    entry.repeats = Math.max(entry.repeats, timed.repeats);
    entry.spread = Math.max(entry.spread, timed.spread);
    entry.largest = Math.max(entry.largest, timed.largest);
  }
}
for (const [index, entry] of perRound.entries()) {
  const ms = entry.ms.slice().sort((a, b) => a - b);
  console.log(
    `${String(index + 1).padStart(5)} ${formatMs(ms[0]!)} ${formatMs(ms[1]!)} ${formatMs(ms.at(-1)!)} ${String(entry.repeats).padStart(8)} ${String(entry.spread).padStart(7)} ${String(entry.largest).padStart(10)}`,
  );
}

console.log(`\nlater rounds and other field sizes (three seeds)`);
console.log("players  round  fastest   median   slowest  repeats");
for (const [size, round] of [
  [256, ROUNDS],
  [4096, ROUNDS],
  [1024, 15],
] as const) {
  const timings: number[] = [];
  let repeats = 0;
  for (const seed of SEEDS) {
    const { players } = simulatePodEvent({ playerCount: size, rounds: round - 1, seed });
    const timed = timeRound(players, round, seed);
    timings.push(timed.ms);
    repeats = Math.max(repeats, timed.repeats);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `${String(size).padStart(7)} ${String(round).padStart(6)} ${formatMs(timings[0]!)} ${formatMs(timings[1]!)} ${formatMs(timings.at(-1)!)} ${String(repeats).padStart(8)}`,
  );
}
