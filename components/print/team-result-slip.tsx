import { Box } from "./result-slip";

/** One seat's line of a team slip: the two members who play it (MTR 8.2: A plays A). */
export type TeamSlipSeat = { tableLabel: string; memberA: string; memberB: string };

type Props = {
  tournamentName: string;
  roundName: string;
  tableNumber: number;
  formatName: string;
  teamA: string;
  teamB: string;
  seats: readonly TeamSlipSeat[];
  heightMm: number;
  /** Single elimination: the losing team is out and the winner plays on, so nobody drops on the slip (MTR 2.10). */
  isPlayoff?: boolean;
};

/** Smaller boxes than a two-player slip's: three seats share the slip. */
const SEAT_BOX = "h-[7mm] w-[9mm] align-middle";

/**
 * A team table's paper slip (MTR 8.2, 2.1): a row per seat with each member's games won and the
 * drawn games, then one signature per team. A team drops as one, so the drop boxes are the teams'.
 */
export function TeamResultSlip({
  tournamentName,
  roundName,
  tableNumber,
  formatName,
  teamA,
  teamB,
  seats,
  heightMm,
  isPlayoff = false,
}: Props) {
  return (
    <article
      aria-label={`Team result slip, table ${tableNumber}`}
      data-table={tableNumber}
      className="flex flex-col justify-between overflow-hidden border-b border-dashed border-slate-500 px-[3mm] py-[2mm] text-[9pt] leading-tight"
      style={{ height: `${heightMm}mm` }}
    >
      <div className="flex items-baseline justify-between gap-2 border-b border-slate-900 pb-[1mm]">
        <span className="text-[14pt] font-bold">
          Table {tableNumber}: {teamA} vs {teamB}
        </span>
        <span className="min-w-0 truncate">
          {tournamentName} · <strong>{roundName}</strong> · {formatName}
        </span>
      </div>
      <table className="w-full border-collapse">
        <thead>
          <tr className="text-left text-[7pt] uppercase">
            <th className="w-[10mm]">Seat</th>
            <th>{teamA}</th>
            <th className="w-[12mm] text-center">Won</th>
            <th>{teamB}</th>
            <th className="w-[12mm] text-center">Won</th>
            <th className="w-[14mm] text-center">Drawn</th>
          </tr>
        </thead>
        <tbody>
          {seats.map((seat) => (
            <tr key={seat.tableLabel} className="[&>td]:py-[0.7mm]">
              <td className="font-bold">{seat.tableLabel}</td>
              <td className="pr-1 font-semibold">{seat.memberA}</td>
              <td className="text-center">
                <Box label={`Games won by ${seat.memberA}`} size={SEAT_BOX} />
              </td>
              <td className="pr-1 font-semibold">{seat.memberB}</td>
              <td className="text-center">
                <Box label={`Games won by ${seat.memberB}`} size={SEAT_BOX} />
              </td>
              <td className="text-center">
                <Box label={`Drawn games at ${seat.tableLabel}`} size={SEAT_BOX} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid grid-cols-2 gap-4 text-[8pt]">
        {[teamA, teamB].map((team) => (
          <span key={team} className="flex items-end gap-2">
            <span className="shrink-0">
              {isPlayoff ? team : `☐ ${team.length > 14 ? "team" : team} drops ·`} signs
            </span>
            <span className="block flex-1 border-b border-slate-900">&nbsp;</span>
          </span>
        ))}
      </div>
    </article>
  );
}
