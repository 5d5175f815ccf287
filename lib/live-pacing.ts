/**
 * How fast open pages are told to refresh (docs/live-updates.md). A change of a tournament makes
 * every open page of it re-render on the server: a thousand phones on the pairings page at a large
 * event, told at once, would each cost a render within the same second and swamp the server on
 * every result. So a process tells at most `refreshesPerSecond` pages a second: up to that many
 * at once, more spread evenly over a longer window (a page is told later, never skipped). Pure,
 * so the arithmetic is tested without timers.
 */
export type LivePacing = {
  /** Page refreshes a second this process asks for, across one tournament's open pages. */
  refreshesPerSecond: number;
  /** The shortest time between two rounds of telling the same tournament's pages: changes within it are told together. */
  minWindowMs: number;
};

export const DEFAULT_LIVE_PACING: LivePacing = { refreshesPerSecond: 20, minWindowMs: 1_000 };

/** How long one round of telling `pages` open pages lasts: the minimum window, or longer when the pages are many. */
export function refreshWindowMs(pages: number, pacing: LivePacing): number {
  return Math.max(pacing.minWindowMs, Math.ceil((pages / pacing.refreshesPerSecond) * 1_000));
}

/**
 * When, from the start of a round, each of `pages` pages is told: all at once while they fit
 * the budget of the minimum window, otherwise evenly spread over the longer window, the first
 * at once.
 */
export function refreshOffsetsMs(pages: number, pacing: LivePacing): number[] {
  const windowMs = refreshWindowMs(pages, pacing);
  if (windowMs <= pacing.minWindowMs) return Array.from({ length: pages }, () => 0);
  return Array.from({ length: pages }, (_, index) => Math.floor((index * windowMs) / pages));
}
