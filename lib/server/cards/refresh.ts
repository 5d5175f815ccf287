import "server-only";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { env } from "@/lib/server/infra/env";
import { importCardsFromScryfall } from "./import";
import { getCardDatabaseStatus } from "./lookup";

/** Scryfall refreshes its bulk files about once a day: a second fetch within minutes only loads it. */
export const REFRESH_INTERVAL_MS = 10 * 60_000;

type StartImport = () => Promise<ActionResult<unknown>>;

/** This process's last fetch from Scryfall: a failure before any card arrived leaves no import row to show. */
let lastRefresh: { startedAt: number; error: string | null } | null = null;

/** The last fetch this server started, and its failure if it failed; null when none. */
export function lastCardDataRefresh(): { startedAt: Date; error: string | null } | null {
  return lastRefresh && { startedAt: new Date(lastRefresh.startedAt), error: lastRefresh.error };
}

/**
 * Starts fetching Scryfall's latest oracle cards in the background, off the request: the page
 * shows its progress from the import's own row. Refused while an import runs, and within ten
 * minutes of this server's last fetch, so any signed-in account can ask without loading Scryfall.
 */
export async function startCardDataRefresh(
  startImport: StartImport = () => importCardsFromScryfall({ bulkDataUrl: env.CARD_DATA_URL }),
  now = Date.now(),
): Promise<ActionResult<{ startedAt: Date }>> {
  const status = await getCardDatabaseStatus();
  if (status.running)
    return failure(
      "IMPORT_RUNNING",
      `Card data is being imported already (${status.running.cardCount.toLocaleString("en")} cards so far).`,
    );
  const wait = lastRefresh ? lastRefresh.startedAt + REFRESH_INTERVAL_MS - now : 0;
  if (wait > 0)
    return failure(
      "RATE_LIMITED",
      `Card data was fetched from Scryfall minutes ago: try again in ${Math.ceil(wait / 60_000)} min.`,
    );
  const started = { startedAt: now, error: null as string | null };
  lastRefresh = started;
  void startImport().then(
    (result) => {
      if (!result.ok) started.error = result.error.message;
    },
    (error) => {
      started.error = "The fetch stopped on an unexpected error; see the server's log.";
      console.error("Card data refresh failed", error);
    },
  );
  return success({ startedAt: new Date(now) });
}

/** Tests only: forget this process's last fetch. */
export function forgetCardDataRefresh(): void {
  lastRefresh = null;
}
