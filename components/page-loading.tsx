/**
 * Shown under the tournament's header and tabs while a page's data loads. Each page's folder has
 * its own loading.tsx rather than one for the whole tournament, so that a round's layout can
 * answer 404 for a missing round before anything streams.
 */
export function TournamentPageLoading() {
  return (
    <div role="status" aria-label="Loading" className="space-y-4 motion-safe:animate-pulse">
      <span className="sr-only">Loading…</span>
      <div className="h-6 w-48 rounded bg-slate-200" />
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
        {[0, 1, 2, 3].map((row) => (
          <div
            key={row}
            className="h-4 rounded bg-slate-100"
            style={{ width: `${90 - row * 12}%` }}
          />
        ))}
      </div>
    </div>
  );
}
