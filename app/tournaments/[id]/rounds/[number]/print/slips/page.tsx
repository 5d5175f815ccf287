import type { Metadata } from "next";
import { PrintSheet } from "@/components/print/print-sheet";
import { plural } from "@/lib/plural";
import {
  ResultSlipSheet,
  SlipPages,
  SLIPS_PER_PAGE,
  slipPageCount,
} from "@/components/print/result-slip-sheet";
import { PodResultSlip } from "@/components/print/pod-result-slip";
import { getPodRound } from "@/lib/server/pod/pods";
import { loadPrintRound, type PrintProps } from "../print-round";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Result slips (print)" };

/**
 * One slip per match, four to a page, in cut-and-stack order. No player codes: both players handle
 * the slip, and a code lets its holder report and drop as that player; codes go on the
 * per-player slips (../player-slips).
 */
export default async function PrintResultSlips(props: PrintProps) {
  const { id, round, paper, path, roundPath, roundName, viewer } = await loadPrintRound(
    props,
    "slips",
  );
  // CR 100.6a: a pod event prints one slip per pod, a row per seat.
  const podRound = viewer.tournament.pods ? await getPodRound(id, round.number) : null;
  if (podRound) {
    const pods = podRound.pods.filter((pod) => !pod.isBye);
    return (
      <PrintSheet
        title={`${round.tournament.name}: ${roundName}${roundName.endsWith("pod") || roundName.endsWith("pods") ? "" : " pod"} slips`}
        subtitle={`${plural(pods.length, "slip")} on ${plural(Math.ceil(pods.length / SLIPS_PER_PAGE), "page")}, ${SLIPS_PER_PAGE} to a page. Cut the pile along the dashed lines and lay pile 1 on pile 2 on pile 3…: the stack is in pod order.`}
        paper={paper}
        path={path}
        backHref={roundPath}
        isTitleOnPaper={false}
      >
        <SlipPages
          count={pods.length}
          paper={paper}
          slip={(index, heightMm) => {
            const pod = pods[index];
            return pod ? (
              <PodResultSlip
                key={pod.id}
                tournamentName={round.tournament.name}
                roundName={roundName}
                podNumber={pod.tableNumber}
                players={pod.seats.map((seat) => seat.name)}
                heightMm={heightMm}
                isCut={podRound.isCut}
              />
            ) : null;
          }}
        />
      </PrintSheet>
    );
  }
  const pages = slipPageCount(round.matches, round.matchesPerPairing);
  const slips =
    round.matchesPerPairing > 1
      ? round.teamTables.length
      : round.matches.filter((match) => match.sideB !== null).length;
  return (
    <PrintSheet
      title={`${round.tournament.name}: ${roundName} result slips`}
      subtitle={`${plural(slips, round.matchesPerPairing > 1 ? "team slip" : "slip")} on ${plural(pages, "page")}, ${SLIPS_PER_PAGE} to a page. Cut the pile along the dashed lines and lay pile 1 on pile 2 on pile 3…: the stack is in table order.`}
      paper={paper}
      path={path}
      backHref={roundPath}
      isTitleOnPaper={false}
    >
      <ResultSlipSheet
        tournamentName={round.tournament.name}
        roundName={roundName}
        gamesToWin={round.phase.gamesToWin}
        matches={round.matches}
        paper={paper}
        isPlayoff={round.phase.kind === "SINGLE_ELIMINATION"}
        seatsPerTable={round.matchesPerPairing}
      />
    </PrintSheet>
  );
}
