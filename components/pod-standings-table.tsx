import type { PodStandingRow } from "@/lib/server/data/pods";

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** A pod event's standings: points, then opponents' and opponents' opponents' match-win % (lib/rules/pod-standings.ts). */
export function PodStandingsTable({ rows }: { rows: PodStandingRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
            <th scope="col" className="py-2 pr-2">#</th>
            <th scope="col" className="py-2 pr-2">Player</th>
            <th scope="col" className="py-2 pr-2 text-right">Points</th>
            <th scope="col" className="py-2 pr-2 text-right">W-D-L</th>
            <th scope="col" className="hidden py-2 pr-2 text-right sm:table-cell">OMW%</th>
            <th scope="col" className="hidden py-2 text-right sm:table-cell">OOMW%</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.playerId}>
              <td className="py-2 pr-2 tabular-nums">{row.rank}</td>
              <td className={`py-2 pr-2 ${row.dropped ? "text-slate-500 line-through" : "font-medium"}`}>{row.name}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{row.points}</td>
              <td className="py-2 pr-2 text-right tabular-nums">
                {row.record.wins + row.record.byes}-{row.record.draws}-{row.record.losses}
              </td>
              <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{percent(row.opponentMatchWinPct)}</td>
              <td className="hidden py-2 text-right tabular-nums sm:table-cell">{percent(row.opponentOpponentMatchWinPct)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
