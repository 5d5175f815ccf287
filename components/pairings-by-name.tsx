"use client";
import { useState } from "react";
import type { PairingByName } from "@/lib/server/data/rounds";

/** Every player once, alphabetically, with a filter: a player finds their table in seconds. */
export function PairingsByName({ rows }: { rows: PairingByName[] }) {
  const [query, setQuery] = useState("");
  const needle = query.trim().toLocaleLowerCase("en");
  const shown = needle ? rows.filter((row) => row.name.toLocaleLowerCase("en").includes(needle)) : rows;
  return (
    <div className="space-y-3">
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Find your name</span>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Start typing…"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
        />
      </label>
      <ul className="divide-y divide-slate-100" aria-label="Pairings by name">
        {shown.map((row) => (
          <li key={row.playerId} className="flex items-center gap-3 py-2">
            <span className="w-14 shrink-0 rounded bg-brand-50 py-1 text-center text-sm font-semibold tabular-nums text-brand-700">
              {row.opponent ? `T${row.table}` : "Bye"}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{row.name}</span>
              <span className="block truncate text-xs text-slate-500">{row.opponent ? `vs ${row.opponent}` : "2-0 win"}</span>
            </span>
            {row.opponent && row.result && <span className="text-sm tabular-nums text-slate-600">{row.result}</span>}
          </li>
        ))}
        {shown.length === 0 && <li className="py-2 text-sm text-slate-600">No player matches “{query}”.</li>}
      </ul>
    </div>
  );
}
