import "server-only";
import { LRUCache } from "lru-cache";
import type { ActionResult } from "@/lib/action-result";
import { IMPORT_LIMITS } from "@/lib/rules/archive";

const WINDOW_MS = IMPORT_LIMITS.windowMinutes * 60_000;

type ImportState = { startedAt: LRUCache<string, number[]>; running: number };
// One state per process, shared by every server bundle (as the Prisma client is, lib/server/infra/db.ts).
const STATE_KEY = Symbol.for("spellbook-to.import-limit");
const processGlobal = globalThis as unknown as Record<symbol, ImportState | undefined>;
processGlobal[STATE_KEY] ??= {
  startedAt: new LRUCache({ max: 50_000, ttl: WINDOW_MS }),
  running: 0,
};
const state: ImportState = processGlobal[STATE_KEY];

const rateLimited = (message: string, retryAfterSeconds: number): ActionResult<never> => ({
  ok: false,
  error: { code: "RATE_LIMITED", message, retryAfterSeconds },
});
const inMinutes = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
};

/**
 * Starts an import for this account, or says when it may try again: at most
 * IMPORT_LIMITS.perAccount imports per account in IMPORT_LIMITS.windowMinutes, and one import at a
 * time in this server process. The caller calls `finish` when its import is done, whatever the outcome.
 */
export function startImport(
  userId: string,
  now = Date.now(),
): ActionResult<{ finish: () => void }> {
  const recent = (state.startedAt.get(userId) ?? []).filter((at) => now - at < WINDOW_MS);
  if (recent.length >= IMPORT_LIMITS.perAccount) {
    const waitMs = recent[0]! + WINDOW_MS - now;
    return rateLimited(
      `You have started ${IMPORT_LIMITS.perAccount} imports in the last ${IMPORT_LIMITS.windowMinutes} minutes, the most an account may. Try again in ${inMinutes(waitMs)}.`,
      Math.ceil(waitMs / 1000),
    );
  }
  if (state.running > 0)
    return rateLimited("Another import is running on this server. Try again in a minute.", 60);
  state.running += 1;
  state.startedAt.set(userId, [...recent, now]);
  let finished = false;
  return {
    ok: true,
    value: {
      finish: () => {
        if (!finished) state.running -= 1;
        finished = true;
      },
    },
  };
}

/** An import of more entrants or rounds than any real event of its kind is refused before anything is written. */
export function checkImportSize(
  size: { entrants: number; rounds: number },
  kind: "archive" | "published results",
): ActionResult<never> | null {
  const what = kind === "archive" ? "This archive" : "This event";
  const limit =
    kind === "archive" ? IMPORT_LIMITS.archiveEntrants : IMPORT_LIMITS.publishedEntrants;
  const message =
    size.entrants > limit
      ? `${what} has ${size.entrants.toLocaleString("en")} entrants: an import takes at most ${limit.toLocaleString("en")}.`
      : size.rounds > IMPORT_LIMITS.rounds
        ? `${what} has ${size.rounds.toLocaleString("en")} rounds: an import takes at most ${IMPORT_LIMITS.rounds}.`
        : null;
  return message
    ? { ok: false, error: { code: "VALIDATION", message, fieldErrors: { json: [message] } } }
    : null;
}

/** Forgets every account's imports (tests). */
export function resetImportLimits(): void {
  state.startedAt.clear();
  state.running = 0;
}
