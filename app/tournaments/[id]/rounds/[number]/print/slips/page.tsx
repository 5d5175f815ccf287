import type { Metadata } from "next";
import { PrintSheet } from "@/components/print/print-sheet";
import { plural } from "@/lib/plural";
import { ResultSlipSheet, SLIPS_PER_PAGE, slipPageCount } from "@/components/print/result-slip-sheet";
import { loadPrintRound, type PrintProps } from "../print-round";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Result slips (print)" };

/**
 * One slip per match, four to a page, in cut-and-stack order. No player codes: both players handle
 * the slip, and a code lets its holder report and drop as that player (issue 10); codes go on the
 * per-player slips (../player-slips).
 */
export default async function PrintResultSlips(props: PrintProps) {
  const { round, paper, path, roundPath, roundName } = await loadPrintRound(props, "slips");
  const pages = slipPageCount(round.matches, round.matchesPerPairing);
  const slips = round.matchesPerPairing > 1 ? round.teamTables.length : round.matches.filter((match) => match.sideB !== null).length;
  return (
    <PrintSheet
      title={`${round.tournament.name}: ${roundName} result slips`}
      subtitle={`${plural(slips, round.matchesPerPairing > 1 ? "team slip" : "slip")} on ${plural(pages, "page")}, ${SLIPS_PER_PAGE} to a page. Cut the pile along the dashed lines and lay pile 1 on pile 2 on pile 3…: the stack is in table order.`}
      paper={paper}
      path={path}
      backHref={roundPath}
      isTitleOnPaper={false}
    >
      <ResultSlipSheet tournamentName={round.tournament.name} roundName={roundName} gamesToWin={round.phase.gamesToWin} matches={round.matches} paper={paper} isPlayoff={round.phase.kind === "SINGLE_ELIMINATION"} seatsPerTable={round.matchesPerPairing} />
    </PrintSheet>
  );
}
