type TableMatch = {
  id: string;
  tableNumber: number;
  /** "12A" for a team table's seat (MTR 8.2); the number otherwise. */
  tableLabel?: string;
  sideA: { displayName: string };
  sideB: { displayName: string } | null;
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
};

/** Every table in order with both players and the result, for the scorekeeper's desk and the judges. */
export function PairingsByTable({ matches }: { matches: readonly TableMatch[] }) {
  return (
    <table
      className="w-full border-collapse text-[12pt] leading-tight"
      aria-label="Pairings by table"
    >
      <thead>
        <tr className="border-b-2 border-slate-900 text-left text-[10pt] uppercase">
          <th className="w-16 py-1 pr-2 text-right">Table</th>
          <th className="py-1 pr-2">Player</th>
          <th className="py-1 pr-2">Opponent</th>
          <th className="w-24 py-1 text-right">Result</th>
        </tr>
      </thead>
      <tbody>
        {matches.map((match) => (
          <tr key={match.id} className="break-inside-avoid border-b border-slate-300">
            <td className="py-1 pr-2 text-right font-bold tabular-nums">
              {match.tableLabel ?? match.tableNumber}
            </td>
            <td className="py-1 pr-2">{match.sideA.displayName}</td>
            <td className="py-1 pr-2">{match.sideB?.displayName ?? "Bye"}</td>
            <td className="py-1 text-right tabular-nums">
              {match.sideB
                ? match.winsA === null
                  ? ""
                  : `${match.winsA}-${match.winsB}-${match.draws ?? 0}`
                : "2-0-0"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
