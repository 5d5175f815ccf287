import type { Metadata } from "next";
import { PrintSheet } from "@/components/print/print-sheet";
import { PairingsByTable } from "@/components/print/pairings-by-table";
import { plural } from "@/lib/plural";
import { loadPrintRound, type PrintProps } from "../print-round";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairings by table (print)" };

/** For the scorekeeper's desk and the judges: every table in order, with both players. */
export default async function PrintPairingsByTable(props: PrintProps) {
  const { round, paper, path, roundPath, roundName } = await loadPrintRound(props, "by-table");
  return (
    <PrintSheet title={`${round.tournament.name}: ${roundName} pairings by table`} subtitle={plural(round.matches.length, "table")} paper={paper} path={path} backHref={roundPath}>
      <PairingsByTable matches={round.matches} />
    </PrintSheet>
  );
}
