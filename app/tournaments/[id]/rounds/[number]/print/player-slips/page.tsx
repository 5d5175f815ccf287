import type { Metadata } from "next";
import { plural } from "@/lib/plural";
import { notFound } from "next/navigation";
import { PrintSheet } from "@/components/print/print-sheet";
import { PlayerCodeSlipSheet } from "@/components/print/player-code-slip-sheet";
import { playerCodeSlips, PLAYER_SLIPS_PER_PAGE } from "@/lib/print/player-code-slips";
import { playerCodesForRound } from "@/lib/server/check-in/player-codes";
import { playerLinkFor, publicAddress, qrSvg } from "@/lib/server/check-in/player-link";
import { PublicAddressWarning } from "@/components/public-address-warning";
import { loadPrintRound, type PrintProps } from "../print-round";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Player slips (print)" };

/**
 * One small slip per player with only their own code and its QR code; staff who may see codes
 * only.
 */
export default async function PrintPlayerSlips(props: PrintProps) {
  const { round, paper, path, roundPath, viewer, roundName } = await loadPrintRound(
    props,
    "player-slips",
  );
  const tables = await playerCodesForRound(viewer.access, round.number);
  if (!tables) notFound();
  const [base, address] = await Promise.all([playerLinkFor(""), publicAddress()]);
  const slips = playerCodeSlips(tables).map((slip) => ({
    ...slip,
    qrSvg: qrSvg(`${base}${slip.code.replaceAll("-", "")}`),
  }));
  const pages = Math.ceil(slips.length / PLAYER_SLIPS_PER_PAGE);
  return (
    <PrintSheet
      title={`${round.tournament.name}: ${roundName} player slips`}
      subtitle={`${plural(slips.length, "slip")} on ${plural(pages, "page")}, ${PLAYER_SLIPS_PER_PAGE} to a page, each with only its player's code. Cut along the dashed lines and stack the piles left to right, top to bottom: the stack is alphabetical. Hand each player their own slip.`}
      paper={paper}
      path={path}
      backHref={roundPath}
      isTitleOnPaper={false}
    >
      <div className="mb-4 print:hidden">
        <PublicAddressWarning address={address} />
      </div>
      <PlayerCodeSlipSheet
        tournamentName={round.tournament.name}
        roundName={roundName}
        slips={slips}
        signInAddress={base.replace(/^https?:\/\//, "").replace(/\/$/, "")}
        paper={paper}
      />
    </PrintSheet>
  );
}
