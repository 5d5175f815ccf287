import { describeHistoryEntry, type MatchHistoryEntry } from "@/lib/match-history-format";
import type { Side } from "@/lib/rules/result";
import { howGameEnded } from "./game-end-reasons";
import { LocalTime } from "./local-time";

/** A match's history: who, when, from what to what, and why; oldest first, nothing left out. */
export function MatchHistory({
  entries,
  names,
}: {
  entries: readonly MatchHistoryEntry[];
  names: Record<Side, string>;
}) {
  if (entries.length === 0)
    return <p className="text-sm text-slate-500">Nothing has happened in this match yet.</p>;
  return (
    <ol className="divide-y divide-slate-100" aria-label="Match history">
      {entries.map((entry, index) => {
        const line = describeHistoryEntry(entry, names, (game) => howGameEnded(game, names));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: history only grows at its end; no ids
          <li key={index} className="py-2 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-slate-900">{line.what}</span>
              <span className="text-xs text-slate-500">
                <LocalTime dateTime={entry.at} format="time-seconds" />
                {entry.who ? ` · ${entry.who}` : ""}
              </span>
            </div>
            {line.change && <p className="text-slate-700">{line.change}</p>}
            {line.why && <p className="break-words text-slate-600">Why: {line.why}</p>}
          </li>
        );
      })}
    </ol>
  );
}
