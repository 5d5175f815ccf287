import type { PairingByName } from "@/lib/server/round/pairings-by-name";

/** One page of players, alphabetically, each with their table and opponent: a player finds their seat in one search. */
export function PairingsByName({
  rows,
  q,
  reasons = {},
}: {
  rows: PairingByName[];
  q: string;
  /** "Why this pairing", one sentence by player id. */
  reasons?: Record<string, string>;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Pairings by name">
      {rows.map((row) => (
        <li key={`${row.playerId}-${row.name}`} className="flex items-center gap-3 py-2">
          <span className="w-14 shrink-0 rounded bg-brand-50 py-1 text-center text-sm font-semibold tabular-nums text-brand-700">
            {row.opponent ? `${row.podSeat !== undefined ? "Pod " : "T"}${row.tableLabel}` : "Bye"}
          </span>
          <span className="min-w-0 flex-1">
            {/* A long name wraps rather than loses its end: a player must find their own. */}
            <span className="block break-words font-medium">{row.name}</span>
            <span className="block break-words text-xs text-slate-500">
              {row.podSeat !== undefined
                ? row.opponent
                  ? `Seat ${row.podSeat} · with ${row.opponent}`
                  : "Counts as a win"
                : row.opponent
                  ? `vs ${row.opponent}`
                  : "2-0 win"}
            </span>
            {reasons[row.playerId] && (
              <details className="text-xs text-slate-600" data-testid="why-this-pairing">
                <summary className="cursor-pointer text-brand-700">Why this pairing?</summary>
                <p className="mt-0.5 whitespace-normal">{reasons[row.playerId]}</p>
              </details>
            )}
          </span>
          {row.opponent && row.result && (
            <span className="text-sm tabular-nums text-slate-600">{row.result}</span>
          )}
        </li>
      ))}
      {rows.length === 0 && (
        <li className="py-2 text-sm text-slate-600">
          {q ? `No player matches “${q}”.` : "No players on this page."}
        </li>
      )}
    </ul>
  );
}
