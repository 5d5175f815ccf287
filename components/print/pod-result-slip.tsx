import { Box } from "./result-slip";

type Props = {
  tournamentName: string;
  roundName: string;
  podNumber: number;
  /** The pod's players in seat order (seat 1 plays first). */
  players: readonly string[];
  heightMm: number;
  /** A top cut's pod: its losers are out and nobody drops on the slip. */
  isCut?: boolean;
};

const SMALL_BOX = "h-[6mm] w-[8mm] align-middle";

/**
 * A pod's paper slip (CR 100.6a: one game): a row per seat to tick the winner, the two ways the game
 * is drawn (104.4i an intentional draw every player agreed to; a draw at time, community addenda),
 * and each player's signature.
 */
export function PodResultSlip({
  tournamentName,
  roundName,
  podNumber,
  players,
  heightMm,
  isCut = false,
}: Props) {
  return (
    <article
      aria-label={`Result slip, pod ${podNumber}`}
      data-table={podNumber}
      className="flex flex-col justify-between overflow-hidden border-b border-dashed border-slate-500 px-[3mm] py-[2mm] text-[9pt] leading-tight"
      style={{ height: `${heightMm}mm` }}
    >
      <div className="flex items-baseline justify-between gap-2 border-b border-slate-900 pb-[1mm]">
        <span className="text-[14pt] font-bold">Pod {podNumber}</span>
        <span className="min-w-0 truncate">
          {tournamentName} · <strong>{roundName}</strong> · one game, seat 1 plays first
        </span>
      </div>
      <table className="w-full border-collapse">
        <thead>
          <tr className="text-left text-[7pt] uppercase">
            <th className="w-[11mm]">Seat</th>
            <th>Player</th>
            <th className="w-[12mm] text-center">Won</th>
            {!isCut && <th className="w-[13mm] text-center">Drops</th>}
            <th className="w-[45mm]">Signature</th>
          </tr>
        </thead>
        <tbody>
          {players.map((player, index) => (
            <tr key={player} className="[&>td]:py-[0.6mm]">
              <td className="font-bold">{index + 1}</td>
              <td className="min-w-0 pr-1 font-semibold break-words">{player}</td>
              <td className="text-center">
                <Box label={`${player} won`} size={SMALL_BOX} />
              </td>
              {!isCut && (
                <td className="text-center">
                  <Box label={`${player} drops`} size={SMALL_BOX} />
                </td>
              )}
              <td className="border-b border-slate-900">&nbsp;</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="flex flex-wrap gap-x-6 text-[9pt]">
        <span className="flex items-center gap-1">
          <Box label="Draw, every player agreed" size={SMALL_BOX} /> Draw, every player agreed
        </span>
        <span className="flex items-center gap-1">
          <Box label="Draw at time" size={SMALL_BOX} /> Draw at time
        </span>
      </p>
    </article>
  );
}
