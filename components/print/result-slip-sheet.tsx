import { ResultSlip } from "./result-slip";
import { TeamResultSlip } from "./team-result-slip";
import { cutStackPages, PAPER, type Paper } from "@/lib/print/cut-stack";

/** Slips per page: four fit A4 and Letter with room for names, boxes and signatures. */
export const SLIPS_PER_PAGE = 4;

const FORMAT_NAMES: Record<number, string> = {
  1: "best-of-one",
  2: "best-of-three",
  3: "best-of-five",
};

type SlipSide = { id: string; displayName: string; teamName?: string };
type SlipMatch = {
  id: string;
  tableNumber: number;
  seat?: number;
  tableLabel?: string;
  sideA: SlipSide;
  sideB: SlipSide | null;
};

type Props = {
  tournamentName: string;
  roundName: string;
  gamesToWin: number;
  matches: readonly SlipMatch[];
  paper: Paper;
  /** A single-elimination round, whose slips carry no drop boxes (MTR 2.10). */
  isPlayoff?: boolean;
  /** Matches per team table in a team event of seat matches (MTR 8.2): one slip per table, a row per seat. */
  seatsPerTable?: number;
};

/** What one slip holds: a match, or a team table's seat matches. */
function slipUnits(matches: readonly SlipMatch[], seatsPerTable: number): SlipMatch[][] {
  const played = matches.filter((match) => match.sideB !== null);
  if (seatsPerTable <= 1) return played.map((match) => [match]);
  const tables = new Map<number, SlipMatch[]>();
  for (const match of played)
    tables.set(match.tableNumber, [...(tables.get(match.tableNumber) ?? []), match]);
  return [...tables.values()].map((seats) =>
    [...seats].sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0)),
  );
}

/**
 * One slip per match with a player on each side (a bye has no slip), laid out four to a page so
 * that cutting the printed pile and stacking pile 1 on pile 2 on … gives table order (see
 * lib/print/cut-stack.ts). No player codes: each player's code goes on their own player slip
 * (player-code-slip-sheet.tsx), since whoever reads a code can report and drop as that player.
 */
export function ResultSlipSheet({
  tournamentName,
  roundName,
  gamesToWin,
  matches,
  paper,
  isPlayoff = false,
  seatsPerTable = 1,
}: Props) {
  const units = slipUnits(matches, seatsPerTable);
  const formatName = FORMAT_NAMES[gamesToWin] ?? `first to ${gamesToWin} wins`;
  return (
    <SlipPages
      count={units.length}
      paper={paper}
      slip={(index, slipHeight) => {
        const unit = units[index];
        const match = unit?.[0];
        if (!unit || !match?.sideB) return null;
        if (seatsPerTable > 1) {
          return (
            <TeamResultSlip
              key={match.id}
              tournamentName={tournamentName}
              roundName={roundName}
              tableNumber={match.tableNumber}
              formatName={formatName}
              teamA={match.sideA.teamName ?? match.sideA.displayName}
              teamB={match.sideB.teamName ?? match.sideB.displayName}
              seats={unit.map((seat) => ({
                tableLabel: seat.tableLabel ?? String(seat.tableNumber),
                memberA: memberOf(seat.sideA),
                memberB: memberOf(seat.sideB!),
              }))}
              heightMm={slipHeight}
              isPlayoff={isPlayoff}
            />
          );
        }
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
      }}
    />
  );
}

/** Slips laid out four to a page in cut-and-stack order (lib/print/cut-stack.ts); `slip` draws the slip at an index, or null for none. */
export function SlipPages({
  count,
  paper,
  slip,
}: {
  count: number;
  paper: Paper;
  slip: (index: number, heightMm: number) => React.ReactNode;
}) {
  const pages = cutStackPages(count, SLIPS_PER_PAGE);
  const size = PAPER[paper];
  const slipHeight = Math.floor(((size.contentHeightMm - 1) / SLIPS_PER_PAGE) * 10) / 10;
  return (
    <div className="space-y-6 print:space-y-0">
      {pages.map((page, pageIndex) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: printed pages in a fixed order
          key={pageIndex}
          aria-label={`Slip page ${pageIndex + 1}`}
          className="mx-auto overflow-hidden bg-white shadow print:shadow-none [&:not(:last-child)]:print:break-after-page"
          style={{ width: `${size.contentWidthMm}mm`, height: `${size.contentHeightMm - 1}mm` }}
        >
          {page.map(
            (index, position) =>
              (index === null ? null : slip(index, slipHeight)) ?? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell of a printed page
                <div key={`blank-${position}`} style={{ height: `${slipHeight}mm` }} />
              ),
          )}
        </section>
      ))}
    </div>
  );
}

export function slipPageCount(matches: readonly SlipMatch[], seatsPerTable = 1): number {
  return Math.ceil(slipUnits(matches, seatsPerTable).length / SLIPS_PER_PAGE);
}

/** The member's own name on a team slip: the team is in the column heading, so "Ana (Rocket)" reads "Ana". */
function memberOf(side: SlipSide): string {
  const suffix = side.teamName ? ` (${side.teamName})` : "";
  return suffix && side.displayName.endsWith(suffix)
    ? side.displayName.slice(0, -suffix.length)
    : side.displayName;
}
