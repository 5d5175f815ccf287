import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";

const root = path.resolve(import.meta.dirname, "..", "..");

export type SeededEvent = {
  tournamentId: string;
  cookie: string;
  token: string;
  matches: { id: string; version: number }[];
};

/** e2e/support/seed-event.ts in a process of its own (it needs the data layer): on `env.DATABASE_URL`, or the folder `env.EMBEDDED_DATA_DIR`. */
export async function seedEvent(
  matchCount: number,
  env: Record<string, string>,
  options: { isPublished?: boolean } = {},
): Promise<SeededEvent> {
  const { DATABASE_URL: _url, DATABASE_POOL_MAX: _pool, ...inherited } = process.env;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "--conditions=react-server",
      "e2e/support/seed-event.ts",
      String(matchCount),
      options.isPublished ? "published" : "",
    ],
    { cwd: root, env: { ...inherited, ...env }, timeout: 120_000, maxBuffer: 10_000_000 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as SeededEvent;
}

export type ResultRequest = {
  matchId: string;
  key: string;
  body: { winsA: number; winsB: number; draws: number; expectedVersion: number };
};
export type Answer = { status: number; code?: string; retryAfter?: string | null; error?: string };

/** One report per match, each with its own Idempotency-Key. */
export function reportsFor(event: SeededEvent): ResultRequest[] {
  return event.matches.map((match, index) => ({
    matchId: match.id,
    key: randomUUID(),
    body: { winsA: 2, winsB: index % 2, draws: 0, expectedVersion: match.version },
  }));
}

/** POST /api/v1/…/result as the event's API token; a request that got no answer is status 0 with the reason. */
export async function sendReport(
  baseURL: string,
  event: SeededEvent,
  request: ResultRequest,
): Promise<Answer> {
  try {
    const response = await fetch(
      `${baseURL}/api/v1/tournaments/${event.tournamentId}/matches/${request.matchId}/result`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${event.token}`,
          "content-type": "application/json",
          "idempotency-key": request.key,
        },
        body: JSON.stringify(request.body),
        signal: AbortSignal.timeout(30_000),
      },
    );
    // A kill between the answer's head and its body cuts it off: the client never got it, and retries.
    const text = await response.text().catch(() => null);
    if (text === null) return { status: 0, error: "the answer was cut off" };
    const body = parsed(text) as { error?: { code?: string } };
    return {
      status: response.status,
      code: body.error?.code,
      retryAfter: response.headers.get("retry-after"),
    };
  } catch (error) {
    return {
      status: 0,
      error:
        error instanceof Error
          ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`
          : String(error),
    };
  }
}

/**
 * Sends every request, `concurrency` at a time, and calls `midway` (once) when a third of them
 * have been answered: the fault strikes while the others are in flight.
 */
export async function burst(
  baseURL: string,
  event: SeededEvent,
  requests: ResultRequest[],
  concurrency: number,
  midway: () => void,
): Promise<Answer[]> {
  const answers: Answer[] = new Array(requests.length);
  let next = 0;
  let answered = 0;
  let isStruck = false;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = next++; index < requests.length; index = next++) {
        answers[index] = await sendReport(baseURL, event, requests[index]!);
        answered++;
        if (!isStruck && answered >= requests.length / 3) {
          isStruck = true;
          midway();
        }
      }
    }),
  );
  return answers;
}

/**
 * The same request again until it has a final answer, as a client following Retry-After does:
 * 409 IDEMPOTENCY_KEY_IN_USE and 503 are tried again, for at most `deadlineMs`.
 */
export async function retryUntilAnswered(
  baseURL: string,
  event: SeededEvent,
  request: ResultRequest,
  deadlineMs: number,
): Promise<{ answer: Answer; inUseMs: number }> {
  const started = Date.now();
  let inUseSince: number | undefined;
  for (;;) {
    const answer = await sendReport(baseURL, event, request);
    const isRetryable =
      answer.status === 503 ||
      answer.status === 0 ||
      (answer.status === 409 && answer.code === "IDEMPOTENCY_KEY_IN_USE");
    if (answer.code === "IDEMPOTENCY_KEY_IN_USE") inUseSince ??= Date.now();
    if (!isRetryable || Date.now() - started > deadlineMs)
      return { answer, inUseMs: inUseSince === undefined ? 0 : Date.now() - inUseSince };
    await new Promise((resolve) =>
      setTimeout(resolve, 1_000 * Math.min(Number(answer.retryAfter ?? 1) || 1, 2)),
    );
  }
}

/** An answer's JSON body, or {} for one that is not JSON (its missing code then fails the test). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}
