import type { PodStandingRow } from "@/lib/server/pod/pods";

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** How far a player went in a pod event's top cut, in words. */
export const CUT_FINISH_WORDS = {
  champion: "Champion",
  final: "Final pod",
  semifinal: "Semifinal pod",
  quarterfinal: "Quarterfinal pod",
  playing: "In the top cut",
} as const;

/** A pod event's standings: points, then opponents' and opponents' opponents' match-win % (lib/rules/pod-standings.ts). */
export function PodStandingsTable({ rows }: { rows: PodStandingRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
            <th scope="col" className="py-2 pr-2">
              #
            </th>
            <th scope="col" className="py-2 pr-2">
              Player
            </th>
            <th scope="col" className="py-2 pr-2 text-right whitespace-nowrap">
              Points
            </th>
            <th scope="col" className="py-2 pr-2 text-right whitespace-nowrap">
              W-L-D
            </th>
            <th scope="col" className="hidden py-2 pr-2 text-right sm:table-cell">
              OMW%
            </th>
            <th scope="col" className="hidden py-2 text-right sm:table-cell">
              OOMW%
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.playerId}>
              <td className="py-2 pr-2 whitespace-nowrap tabular-nums">{row.rank}</td>
              <td
                className={`py-2 pr-2 ${row.dropped ? "text-slate-500 line-through" : "font-medium"}`}
              >
                <span data-testid="standing-name">{row.name}</span>
                {row.cutFinish && (
                  <span
                    data-testid="cut-finish"
                    className={`ml-2 whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-semibold no-underline ${row.cutFinish === "champion" ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"}`}
                  >
                    {CUT_FINISH_WORDS[row.cutFinish]}
                  </span>
                )}
                {row.tiedWithPrevious && (
                  <span className="ml-2 text-xs font-normal text-slate-500">tied</span>
                )}
              </td>
              <td className="py-2 pr-2 text-right tabular-nums">{row.points}</td>
              <td className="py-2 pr-2 text-right tabular-nums">
                {row.record.wins + row.record.byes}-{row.record.losses}-{row.record.draws}
              </td>
              <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">
                {percent(row.opponentMatchWinPct)}
              </td>
              <td className="hidden py-2 text-right tabular-nums sm:table-cell">
                {percent(row.opponentOpponentMatchWinPct)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
