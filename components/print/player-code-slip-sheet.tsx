import { PAPER, type Paper } from "@/lib/print/cut-stack";
import {
  PLAYER_SLIP_COLUMNS,
  PLAYER_SLIP_ROWS,
  playerCodeSlipPages,
  type PlayerCodeSlip,
} from "@/lib/print/player-code-slips";

type Props = {
  tournamentName: string;
  roundName: string;
  /** Alphabetical (lib/print/player-code-slips.ts). */
  slips: readonly (PlayerCodeSlip & { qrSvg: string })[];
  /** Where a player types the code when they cannot scan, e.g. "192.168.1.20:3000/play". */
  signInAddress: string;
  paper: Paper;
};

/**
 * Player slips: one small slip per player, only their own code (large, to type) and the
 * QR code that opens /play/<code>, ten to a page in a 2 × 5 grid, laid out so that cutting the pile
 * and stacking the grid's piles in reading order keeps the slips alphabetical.
 */
export function PlayerCodeSlipSheet({
  tournamentName,
  roundName,
  slips,
  signInAddress,
  paper,
}: Props) {
  const pages = playerCodeSlipPages(slips.length);
  const size = PAPER[paper];
  const pageHeight = size.contentHeightMm - 1;
  const slipHeight = Math.floor((pageHeight / PLAYER_SLIP_ROWS) * 10) / 10;
  const slipWidth = Math.floor((size.contentWidthMm / PLAYER_SLIP_COLUMNS) * 10) / 10;
  const qrMm = Math.min(36, slipHeight - 14);
  return (
    <div className="space-y-6 print:space-y-0">
      {pages.map((page, pageIndex) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: printed pages in a fixed order
          key={pageIndex}
          aria-label={`Player slip page ${pageIndex + 1}`}
          className="mx-auto grid overflow-hidden bg-white shadow print:shadow-none [&:not(:last-child)]:print:break-after-page"
          style={{
            width: `${size.contentWidthMm}mm`,
            height: `${pageHeight}mm`,
            gridTemplateColumns: `repeat(${PLAYER_SLIP_COLUMNS}, ${slipWidth}mm)`,
            gridTemplateRows: `repeat(${PLAYER_SLIP_ROWS}, ${slipHeight}mm)`,
          }}
        >
          {page.map((index, position) => {
            const slip = index === null ? undefined : slips[index];
            // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell of a printed page
            if (!slip) return <div key={`blank-${position}`} />;
            return (
              <article
                key={slip.key}
                aria-label={`Player slip, ${slip.name}`}
                className="flex gap-[3mm] overflow-hidden border-r border-b border-dashed border-slate-500 px-[3mm] py-[2.5mm] text-[9pt] leading-tight"
              >
                <div className="flex min-w-0 flex-1 flex-col justify-between">
                  <div>
                    <p className="truncate text-[7.5pt] text-slate-600">{tournamentName}</p>
                    <p className="truncate text-[13pt] font-bold">{slip.name}</p>
                    <p>
                      <strong>{roundName}</strong> · {slip.seat !== undefined ? "Pod" : "Table"}{" "}
                      <strong className="text-[11pt]">{slip.tableLabel}</strong>
                      {slip.seat !== undefined && (
                        <>
                          {" "}
                          · Seat <strong className="text-[11pt]">{slip.seat}</strong>
                        </>
                      )}
                    </p>
                    <p className="truncate">
                      {slip.opponentName === null
                        ? "Bye this round"
                        : slip.seat !== undefined
                          ? `With ${slip.opponentName}`
                          : `Opponent: ${slip.opponentName}`}
                    </p>
                  </div>
                  <div>
                    <p className="text-[7pt] text-slate-600 uppercase">
                      Your code: keep it to yourself
                    </p>
                    <p
                      className="font-mono text-[15pt] font-bold whitespace-nowrap"
                      data-testid="player-code"
                    >
                      {slip.code}
                    </p>
                    <p className="truncate text-[7pt] text-slate-600">
                      Scan, or type it at {signInAddress}
                    </p>
                  </div>
                </div>
                <div
                  className="shrink-0 self-center [&_svg]:h-full [&_svg]:w-full"
                  style={{ width: `${qrMm}mm`, height: `${qrMm}mm` }}
                  role="img"
                  aria-label={`QR code opening ${slip.name}'s match`}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the QR encoder's SVG
                  dangerouslySetInnerHTML={{ __html: slip.qrSvg }}
                />
              </article>
            );
          })}
        </section>
      ))}
    </div>
  );
}
