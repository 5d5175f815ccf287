/**
 * One player's line on a slip: name and games won. Never a player's code: both players handle the
 * slip, and a code lets whoever reads it report and drop as that player.
 */
type SlipPlayer = { name: string };

type Props = {
  tournamentName: string;
  roundName: string;
  tableNumber: number | string;
  /** Best-of-N, e.g. "best-of-three", so players know what a complete slip looks like. */
  formatName: string;
  playerA: SlipPlayer;
  playerB: SlipPlayer;
  heightMm: number;
  /** Single elimination: the loser is out and the winner plays on, so nobody drops on the slip (MTR 2.10). */
  isPlayoff?: boolean;
};

/** A box to write a number in, named for screen readers; `size` fits it to its slip. */
export function Box({ label, size = "h-[9mm] w-[11mm]" }: { label: string; size?: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className={`inline-block ${size} border-2 border-slate-900 bg-white`}
    />
  );
}

/**
 * A paper result slip (MTR 2.1: games won by each player and drawn games), with signature lines.
 */
export function ResultSlip({
  tournamentName,
  roundName,
  tableNumber,
  formatName,
  playerA,
  playerB,
  heightMm,
  isPlayoff = false,
}: Props) {
  return (
    <article
      aria-label={`Result slip, table ${tableNumber}`}
      data-table={tableNumber}
      className="flex flex-col justify-between overflow-hidden border-b border-dashed border-slate-500 px-[3mm] py-[2.5mm] text-[10pt] leading-tight"
      style={{ height: `${heightMm}mm` }}
    >
      <div className="flex items-baseline justify-between gap-2 border-b border-slate-900 pb-[1mm]">
        <span className="text-[16pt] font-bold">Table {tableNumber}</span>
        <span className="min-w-0 truncate">
          {tournamentName} · <strong>{roundName}</strong> · {formatName}
        </span>
      </div>
      <table className="w-full border-collapse">
        <thead>
          <tr className="text-left text-[8pt] uppercase">
            <th className="py-[0.5mm]">Player</th>
            <th className="w-[16mm] text-center">Games won</th>
            <th className="w-[70mm]">Signature</th>
          </tr>
        </thead>
        <tbody>
          {[playerA, playerB].map((player, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two fixed rows: A, then B
            <tr key={index}>
              <td className="py-[1mm] pr-2 text-[11pt] font-semibold">{player.name}</td>
              <td className="text-center">
                <Box label={`Games won by ${player.name}`} />
              </td>
              <td className="pl-3 align-bottom">
                <span className="block border-b border-slate-900">&nbsp;</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex items-center justify-between gap-3 text-[9pt]">
        <span className="flex items-center gap-2">
          Drawn games <Box label="Drawn games" />
        </span>
        {!isPlayoff && (
          <span>
            ☐ {playerA.name.length > 18 ? "A" : playerA.name} drops · ☐{" "}
            {playerB.name.length > 18 ? "B" : playerB.name} drops
          </span>
        )}
      </div>
    </article>
  );
}
