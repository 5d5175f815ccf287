/**
 * Swiss pairing benchmark: `npx tsx bench/pairings.bench.ts`
 *
 * For each field size, simulates rounds 1–7 of an event with the pairer itself (random results
 * with ~6% draws, ~1.5% of players dropping after each round, a few late entries in round 2),
 * then times the pairing of round 8. Each size is timed on five different seeds; the table shows
 * the fastest, median and slowest run, the candidate-graph size and how often the optimality
 * certificate forced the candidate graph to grow.
 */
import { pairSwissRound, prepareSwissRound } from "../lib/pairings/swiss";
import { DEFAULT_SOLVER_OPTIONS, solveSwissMatching } from "../lib/pairings/swiss-solver";
import { simulateEvent } from "../lib/pairings/testing/simulate-event";
import { render } from "../lib/messages/render";

const SIZES = [256, 1024, 4096];
const SEEDS = ["bench-1", "bench-2", "bench-3", "bench-4", "bench-5"];
const ROUND = 8;

function formatMs(ms: number): string {
  return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`.padStart(9);
}

console.log(`Swiss pairing, round ${ROUND} (node ${process.version})\n`);
console.log(
  "players  active  groups  edges    ext  rematches  pair-downs   fastest   median   slowest",
);
for (const size of SIZES) {
  const timings: number[] = [];
  let summary = "";
  for (const seed of SEEDS) {
    const { players } = simulateEvent({ playerCount: size, rounds: ROUND - 1, seed });
    const input = { round: ROUND, seed, players };
    const started = performance.now();
    const result = pairSwissRound(input);
    timings.push(performance.now() - started);
    if (!result.ok) throw new Error(render(result.error));

    if (seed === SEEDS[0]) {
      const prepared = prepareSwissRound(input);
      if (!prepared.ok) throw new Error(render(prepared.error));
      const { problem, scale, random } = prepared.value;
      const stats = solveSwissMatching(problem, scale, random, DEFAULT_SOLVER_OPTIONS);
      const groups = new Set(players.map((player) => player.matchPoints)).size;
      summary = [
        String(size).padStart(7),
        String(players.length).padStart(7),
        String(groups).padStart(7),
        String(stats.candidateEdges).padStart(6),
        String(stats.extensions).padStart(6),
        String(result.value.score.rematches).padStart(10),
        String(result.value.score.pairDowns).padStart(11),
      ].join(" ");
    }
  }
  timings.sort((a, b) => a - b);
  console.log(
    `${summary} ${formatMs(timings[0]!)} ${formatMs(timings[2]!)} ${formatMs(timings.at(-1)!)}`,
  );
}
