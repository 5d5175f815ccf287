import type { Metadata } from "next";
import { PrintSheet } from "@/components/print/print-sheet";
import { PrintTable } from "@/components/print/print-table";
import { PairingsByTable } from "@/components/print/pairings-by-table";
import { plural } from "@/lib/plural";
import { loadPrintRound, type PrintProps } from "../print-round";
import { getPodRound } from "@/lib/server/pod/pods";
import { podOutcome } from "@/components/pod-round";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairings by table (print)" };

/** For the scorekeeper's desk and the judges: every table in order, with both players. */
export default async function PrintPairingsByTable(props: PrintProps) {
  const { id, round, paper, path, roundPath, roundName, viewer } = await loadPrintRound(
    props,
    "by-table",
  );
  // CR 100.6a: a pod event lists its pods in order, seat 1 first.
  const podRound = viewer.tournament.pods ? await getPodRound(id, round.number) : null;
  if (podRound) {
    return (
      <PrintSheet
        title={`${round.tournament.name}: ${podRound.isCut ? roundName : `${roundName} pods`}`}
        subtitle={`${plural(podRound.pods.filter((pod) => !pod.isBye).length, "pod")}; seat 1 plays first.`}
        paper={paper}
        path={path}
        backHref={roundPath}
      >
        <PrintTable
          label="Pods by table"
          headers={[
            { label: "Pod", className: "w-14 py-1 pr-2 text-right" },
            { label: "Seats", className: "py-1 pr-2" },
            { label: "Result", className: "py-1" },
          ]}
        >
          {podRound.pods.map((pod) => (
            <tr key={pod.id} className="break-inside-avoid border-b border-slate-300 align-top">
              <td className="py-1 pr-2 text-right text-[14pt] font-bold tabular-nums">
                {pod.isBye ? "—" : pod.tableNumber}
              </td>
              <td className="py-1 pr-2">
                {pod.seats
                  .map((seat) => (pod.isBye ? seat.name : `${seat.seat}. ${seat.name}`))
                  .join(" · ")}
              </td>
              <td className="py-1">{pod.isBye || pod.isRecorded ? podOutcome(pod) : ""}</td>
            </tr>
          ))}
        </PrintTable>
      </PrintSheet>
    );
  }
  return (
    <PrintSheet
      title={`${round.tournament.name}: ${roundName} pairings by table`}
      // A team table's seat matches share its number: it is one table (MTR 8.2).
      subtitle={plural(new Set(round.matches.map((match) => match.tableNumber)).size, "table")}
      paper={paper}
      path={path}
      backHref={roundPath}
    >
      <PairingsByTable matches={round.matches} />
    </PrintSheet>
  );
}
