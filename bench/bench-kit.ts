/** What the benchmark scripts share: running under react-server, and timing a step. */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";

function hasReactServerCondition(): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  return (
    flags.some((flag) => /^(--conditions|-C)(=|$)/.test(flag) && flag.includes("react-server")) ||
    flags.some(
      (flag, index) =>
        (flag === "--conditions" || flag === "-C") && flags[index + 1] === "react-server",
    )
  );
}

/**
 * The data layer imports "server-only", which resolves only under the react-server condition:
 * a script started without it runs again with it (and `extraFlags`), and this process exits.
 */
export function restartUnderReactServer(extraFlags: readonly string[] = []): void {
  if (hasReactServerCondition()) return;
  const restarted = spawnSync(
    process.execPath,
    ["--conditions=react-server", ...extraFlags, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: "inherit" },
  );
  process.exit(restarted.status ?? 1);
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** "p50 … p95 … min …" (or max in place of p95) of timed samples. */
export function latencySummary(samples: readonly number[], tail: "p95" | "max" = "p95"): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const high = tail === "p95" ? `p95 ${ms(at(0.95))}` : `max ${ms(sorted.at(-1)!)}`;
  return `p50 ${ms(at(0.5))}  ${high}  min ${ms(sorted[0]!)}`;
}

/** Times `run` `runs` times, `before` untimed ahead of each. */
export async function timeRuns(
  runs: number,
  before: () => unknown,
  run: () => unknown,
): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    await before();
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}
