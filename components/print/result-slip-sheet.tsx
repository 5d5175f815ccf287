import { ResultSlip } from "./result-slip";
import { cutStackPages, PAPER, type Paper } from "@/lib/print/cut-stack";

/** Slips per page: four fit A4 and Letter with room for names, boxes and signatures. */
export const SLIPS_PER_PAGE = 4;

const FORMAT_NAMES: Record<number, string> = { 1: "best-of-one", 2: "best-of-three", 3: "best-of-five" };

type SlipMatch = { id: string; tableNumber: number; tableLabel?: string; sideA: { id: string; displayName: string }; sideB: { id: string; displayName: string } | null };

type Props = {
  tournamentName: string;
  roundName: string;
  gamesToWin: number;
  matches: readonly SlipMatch[];
  paper: Paper;
  /** A single-elimination round, whose slips carry no drop boxes (MTR 2.10). */
  isPlayoff?: boolean;
};

/**
 * One slip per match with a player on each side (a bye has no slip), laid out four to a page so
 * that cutting the printed pile and stacking pile 1 on pile 2 on … gives table order (see
 * lib/print/cut-stack.ts). No player codes: each player's code goes on their own player slip
 * (player-code-slip-sheet.tsx), since whoever reads a code can report and drop as that player.
 */
export function ResultSlipSheet({ tournamentName, roundName, gamesToWin, matches, paper, isPlayoff = false }: Props) {
  const played = matches.filter((match) => match.sideB !== null);
  const pages = cutStackPages(played.length, SLIPS_PER_PAGE);
  const size = PAPER[paper];
  const slipHeight = Math.floor(((size.contentHeightMm - 1) / SLIPS_PER_PAGE) * 10) / 10;
  const formatName = FORMAT_NAMES[gamesToWin] ?? `first to ${gamesToWin} wins`;
  return (
    <div className="space-y-6 print:space-y-0">
      {pages.map((page, pageIndex) => (
        <section
          key={pageIndex}
          aria-label={`Slip page ${pageIndex + 1}`}
          className="mx-auto overflow-hidden bg-white shadow print:shadow-none [&:not(:last-child)]:print:break-after-page"
          style={{ width: `${size.contentWidthMm}mm`, height: `${size.contentHeightMm - 1}mm` }}
        >
          {page.map((index, position) => {
            const match = index === null ? undefined : played[index];
            if (!match || !match.sideB) return <div key={`blank-${position}`} style={{ height: `${slipHeight}mm` }} />;
            return (
              <ResultSlip
                key={match.id}
                tournamentName={tournamentName}
                roundName={roundName}
                tableNumber={match.tableLabel ?? match.tableNumber}
                formatName={formatName}
                playerA={{ name: match.sideA.displayName }}
                playerB={{ name: match.sideB.displayName }}
                heightMm={slipHeight}
                isPlayoff={isPlayoff}
              />
            );
          })}
        </section>
      ))}
    </div>
  );
}

export function slipPageCount(matches: readonly SlipMatch[]): number {
  return Math.ceil(matches.filter((match) => match.sideB !== null).length / SLIPS_PER_PAGE);
}
