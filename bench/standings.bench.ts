// Benchmark (not a test): how long computeStandings takes for a large Swiss event.
//
//   npx tsx bench/standings.bench.ts [players] [rounds] [runs]
//
// Generates a realistic event deterministically (same seed, same event): Swiss pairings by
// match points with a bye for the lowest-ranked player without one, best-of-three results
// in typical proportions (some draws and intentional draws, some concessions), players
// dropping as they fall out of contention, and a few late entries. Then times only
// computeStandings over several runs and prints min / median / max. Target: under 100 ms for
// 4,096 players over 15 rounds.

import { performance } from "node:perf_hooks";
import type { ResultSlip } from "../lib/rules/match";
import {
  type StandingsInput,
  type StandingsMatch,
  type StandingsPlayer,
  computeStandings,
} from "../lib/rules/standings";
import { createRandom } from "../lib/pairings/random";
import { render } from "@/lib/messages/render";

const PLAYERS = Number(process.argv[2] ?? 4096);
const ROUNDS = Number(process.argv[3] ?? 15);
const RUNS = Number(process.argv[4] ?? 25);
const TARGET_MS = 100;

/** Uniform in [0, 1) from the pairings' seeded generator, so the event is the same on every run. */
function seeded(seed: number): () => number {
  const random = createRandom(String(seed));
  return () => random.nextUint32() / 2 ** 32;
}

type Result = Pick<StandingsMatch, "slip" | "concededBy" | "intentionalDraw">;

/** Best-of-three results from A's point of view, with rough real-world frequencies. */
const RESULTS: readonly [weight: number, result: Result][] = [
  [30, { slip: { winsA: 2, winsB: 0, draws: 0 } }],
  [18, { slip: { winsA: 2, winsB: 1, draws: 0 } }],
  [18, { slip: { winsA: 1, winsB: 2, draws: 0 } }],
  [26, { slip: { winsA: 0, winsB: 2, draws: 0 } }],
  [2, { slip: { winsA: 1, winsB: 0, draws: 1 } }],
  [3, { slip: { winsA: 1, winsB: 1, draws: 1 } }],
  [1, { slip: { winsA: 1, winsB: 1, draws: 0 } }],
  [1, { slip: { winsA: 1, winsB: 2, draws: 0 }, concededBy: "A" }],
  [1, { slip: { winsA: 2, winsB: 0, draws: 1 } }],
];
const TOTAL_WEIGHT = RESULTS.reduce((sum, [w]) => sum + w, 0);
const ID: Result = { slip: { winsA: 0, winsB: 0, draws: 3 }, intentionalDraw: true };

function pick(random: () => number): Result {
  let r = random() * TOTAL_WEIGHT;
  for (const [weight, result] of RESULTS) {
    r -= weight;
    if (r < 0) return result;
  }
  return RESULTS[0]![1];
}

const bye = (round: number, playerA: string): StandingsMatch => ({
  round,
  playerA,
  playerB: null,
  slip: { winsA: 2, winsB: 0, draws: 0 } satisfies ResultSlip,
});

function generateEvent(players: number, rounds: number, seed = 20261121): StandingsInput {
  const random = seeded(seed);
  const roster: StandingsPlayer[] = [];
  const points = new Map<string, number>();
  const hadBye = new Set<string>();
  for (let i = 0; i < players; i++) {
    const id = `player-${String(i).padStart(5, "0")}`;
    // About 1% enter late, in round 2 or 3, with losses for the rounds they missed.
    const firstRound = random() < 0.01 ? 2 + Math.floor(random() * 2) : 1;
    roster.push({ id, name: `Player ${i}`, firstRound, droppedAfterRound: null });
    points.set(id, 0);
  }
  const matches: StandingsMatch[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Pair by match points (random order within a point group), top down; pairing down happens
    // naturally when a group is odd. Rematches are not avoided: they do not change the cost.
    const active = roster
      .filter((p) => (p.firstRound ?? 1) <= round && p.droppedAfterRound === null)
      .map((p) => ({ id: p.id, points: points.get(p.id)!, tiebreak: random() }))
      .sort((x, y) => y.points - x.points || x.tiebreak - y.tiebreak);
    if (active.length % 2 === 1) {
      let index = active.length - 1;
      while (index > 0 && hadBye.has(active[index]!.id)) index--;
      const [lucky] = active.splice(index, 1);
      hadBye.add(lucky!.id);
      matches.push(bye(round, lucky!.id));
      points.set(lucky!.id, points.get(lucky!.id)! + 3);
    }
    for (let k = 0; k + 1 < active.length; k += 2) {
      const a = active[k]!;
      const b = active[k + 1]!;
      // In the last rounds the leaders often draw intentionally.
      const result = round >= rounds - 1 && k < 16 && random() < 0.5 ? ID : pick(random);
      matches.push({ round, playerA: a.id, playerB: b.id, ...result });
      const { winsA, winsB } = result.slip;
      const winner = result.intentionalDraw
        ? null
        : result.concededBy
          ? "B"
          : winsA > winsB
            ? "A"
            : winsB > winsA
              ? "B"
              : null;
      points.set(a.id, a.points + (winner === "A" ? 3 : winner === null ? 1 : 0));
      points.set(b.id, b.points + (winner === "B" ? 3 : winner === null ? 1 : 0));
    }
    // Players out of contention drop: more so as the rounds go by.
    for (const p of roster) {
      if (p.droppedAfterRound !== null || (p.firstRound ?? 1) > round || round === rounds) continue;
      const losses = round - points.get(p.id)! / 3;
      if (losses >= 3 && random() < 0.04) p.droppedAfterRound = round;
    }
  }
  return { players: roster, matches };
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const generatedAt = performance.now();
const input = generateEvent(PLAYERS, ROUNDS);
const generationMs = performance.now() - generatedAt;
const dropped = input.players.filter((p) => p.droppedAfterRound !== null).length;
const byes = input.matches.filter((m) => m.playerB === null).length;

// The first call runs cold (what a freshly started server sees); then warm up the JIT and
// time only computeStandings.
const coldStarted = performance.now();
computeStandings(input);
const coldMs = performance.now() - coldStarted;
for (let i = 0; i < 5; i++) computeStandings(input);
const times: number[] = [];
let last = computeStandings(input);
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  last = computeStandings(input);
  times.push(performance.now() - started);
}
if (!last.ok) {
  console.error(
    `computeStandings refused the generated event: ${last.error.code}: ${render(last.error)}`,
  );
  process.exit(1);
}

const med = median(times);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
console.log(
  `computeStandings: ${PLAYERS} players, ${ROUNDS} rounds, ${input.matches.length} matches (${byes} byes), ${dropped} drops`,
);
console.log(`  event generated in ${fmt(generationMs)} (not timed below); Node ${process.version}`);
console.log(`  first (cold) call: ${fmt(coldMs)}`);
console.log(
  `  ${RUNS} runs after warm-up: min ${fmt(Math.min(...times))}, median ${fmt(med)}, max ${fmt(Math.max(...times))}`,
);
const top = last.value[0]!;
console.log(
  `  leader: ${top.playerId} ${top.record.wins}-${top.record.losses}-${top.record.draws}, OMW ${top.opponentMatchWinPct.toFixed(4)}`,
);
console.log(`  target < ${TARGET_MS} ms (median): ${med < TARGET_MS ? "met" : "NOT met"}`);
