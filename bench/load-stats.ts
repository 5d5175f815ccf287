/**
 * The pure parts of bench/http-load.ts: latency percentiles, per-status counts and the one table
 * it prints. No I/O, no clock, so they are unit-tested (bench/load-stats.test.ts).
 */

/** One finished request: its HTTP status (0 when no answer came: refused, reset, timed out), latency, body bytes. */
export type Sample = {
  status: number;
  ms: number;
  bytes: number /** Why no answer came (status 0): the error code. */;
  error?: string;
};

export type Summary = {
  requests: number;
  /** Requests answered 2xx. */
  ok: number;
  /** Wall-clock time of the run, from its first request to its last answer. */
  elapsedMs: number;
  /** 2xx answers per second of wall-clock time. */
  okPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Every answer that was not 2xx, by status ("0" = no answer). */
  failures: Record<string, number>;
  meanBytes: number;
  /** Why requests got no answer (status 0), by error code. */
  errors: Record<string, number>;
};

/**
 * The nearest-rank percentile (the smallest value with at least `p` % of the values at or below
 * it): always a latency that was measured, never an interpolation. NaN for no values.
 */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  if (p <= 0) return sortedAscending[0]!;
  const rank = Math.ceil((p / 100) * sortedAscending.length);
  return sortedAscending[Math.min(rank, sortedAscending.length) - 1]!;
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

export function summarize(samples: readonly Sample[], elapsedMs: number): Summary {
  const latencies = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const failures: Record<string, number> = {};
  const errors: Record<string, number> = {};
  let ok = 0;
  let bytes = 0;
  for (const sample of samples) {
    bytes += sample.bytes;
    if (isSuccess(sample.status)) ok++;
    else failures[String(sample.status)] = (failures[String(sample.status)] ?? 0) + 1;
    if (sample.error) errors[sample.error] = (errors[sample.error] ?? 0) + 1;
  }
  return {
    requests: samples.length,
    ok,
    elapsedMs,
    okPerSecond: elapsedMs > 0 ? (ok * 1000) / elapsedMs : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    failures,
    meanBytes: samples.length ? bytes / samples.length : 0,
    errors,
  };
}

/** "none", or the non-2xx answers by status, most frequent first: "409 ×3, 503 ×1"; status 0 reads "no answer". */
export function formatFailures(failures: Record<string, number>): string {
  const entries = Object.entries(failures).sort(
    ([statusA, countA], [statusB, countB]) => countB - countA || Number(statusA) - Number(statusB),
  );
  if (entries.length === 0) return "none";
  return entries
    .map(([status, count]) => `${status === "0" ? "no answer" : status} ×${count}`)
    .join(", ");
}

/** Milliseconds for a table cell: one decimal under 10 ms, whole numbers above; "–" when not measured. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  return ms < 10 ? ms.toFixed(1) : Math.round(ms).toLocaleString("en");
}

/** Bytes for a table cell, in kB (1,000 bytes) or MB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return "–";
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${(bytes / 1_000).toFixed(1)} kB`;
  return `${Math.round(bytes)} B`;
}

/**
 * A Markdown table (so it can be pasted into docs/performance.md as printed), columns padded to
 * their widest cell; numeric-looking columns are right-aligned. Rows shorter than the header get
 * empty cells; a pipe inside a cell is escaped.
 */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const escapeCell = (cell: string) => cell.replace(/\|/g, "\\|");
  const cells = [header, ...rows].map((row) =>
    header.map((_, column) => escapeCell(row[column] ?? "")),
  );
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => row[column]!.length)));
  const numeric = header.map(
    (_, column) =>
      rows.length > 0 &&
      rows.every((row) => /^(–|[-+]?[\d,.]+( ?[a-zA-Z%/]+)?)?$/.test(row[column] ?? "")),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (numeric[column] ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join("\n");
}
