import type { Metadata } from "next";
import { PrintSheet } from "@/components/print/print-sheet";
import { plural } from "@/lib/plural";
import { loadPrintRound, type PrintProps } from "../print-round";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairings by table (print)" };

/** For the scorekeeper's desk and the judges: every table in order, with both players. */
export default async function PrintPairingsByTable(props: PrintProps) {
  const { round, paper, path, roundPath, roundName } = await loadPrintRound(props, "by-table");
  return (
    <PrintSheet title={`${round.tournament.name}: ${roundName} pairings by table`} subtitle={plural(round.matches.length, "table")} paper={paper} path={path} backHref={roundPath}>
      <table className="w-full border-collapse text-[12pt] leading-tight" aria-label="Pairings by table">
        <thead>
          <tr className="border-b-2 border-slate-900 text-left text-[10pt] uppercase">
            <th className="w-16 py-1 pr-2 text-right">Table</th>
            <th className="py-1 pr-2">Player A</th>
            <th className="py-1 pr-2">Player B</th>
            <th className="w-24 py-1 text-right">Result</th>
          </tr>
        </thead>
        <tbody>
          {round.matches.map((match) => (
            <tr key={match.id} className="break-inside-avoid border-b border-slate-300">
              <td className="py-1 pr-2 text-right font-bold tabular-nums">{match.tableNumber}</td>
              <td className="py-1 pr-2">{match.sideA.displayName}</td>
              <td className="py-1 pr-2">{match.sideB?.displayName ?? "Bye"}</td>
              <td className="py-1 text-right tabular-nums">{match.sideB ? (match.winsA === null ? "" : `${match.winsA}-${match.winsB}-${match.draws ?? 0}`) : "2-0-0"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PrintSheet>
  );
}
