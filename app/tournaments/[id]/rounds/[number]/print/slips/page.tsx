import type { Metadata } from "next";
import { PrintSheet } from "@/components/print/print-sheet";
import { plural } from "@/lib/plural";
import { ResultSlipSheet, SLIPS_PER_PAGE, slipPageCount } from "@/components/print/result-slip-sheet";
import { loadPrintRound, type PrintProps } from "../print-round";
import { getTournamentViewer } from "@/lib/server/viewer";
import { playerCodesForRound } from "@/lib/server/data/player-codes";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Result slips (print)" };

/** One slip per match, four to a page, in cut-and-stack order. */
export default async function PrintResultSlips(props: PrintProps) {
  const { id, round, paper, path, roundPath } = await loadPrintRound(props, "slips");
  // Issue 10: each player's code goes on their slip, for staff who may see codes (players.codes).
  const viewer = await getTournamentViewer(id);
  const seats = viewer.can("players.codes") ? await playerCodesForRound(id, round.number) : null;
  const reportCodes = seats ? new Map(seats.flatMap((table) => table.players.map((player) => [player.registrationId, player.code] as const))) : undefined;
  const slips = round.matches.filter((match) => match.sideB !== null).length;
  const pages = slipPageCount(round.matches);
  return (
    <PrintSheet
      title={`${round.tournament.name}: round ${round.number} result slips`}
      subtitle={`${plural(slips, "slip")} on ${plural(pages, "page")}, ${SLIPS_PER_PAGE} to a page. Cut the pile along the dashed lines and lay pile 1 on pile 2 on pile 3…: the stack is in table order.`}
      paper={paper}
      path={path}
      backHref={roundPath}
      isTitleOnPaper={false}
    >
      <ResultSlipSheet tournamentName={round.tournament.name} roundNumber={round.number} gamesToWin={round.phase.gamesToWin} matches={round.matches} paper={paper} reportCodes={reportCodes} />
    </PrintSheet>
  );
}
