import type { Metadata } from "next";
import { PrintSheet } from "@/components/print/print-sheet";
import { PrintTable } from "@/components/print/print-table";
import { getStandings } from "@/lib/server/standings/standings";
import { getPodStandings } from "@/lib/server/pod/pods";
import { describePlayoffStanding } from "@/lib/rules/final-standings";
import { loadPrintRound, type PrintProps } from "../print-round";
import { render } from "@/lib/messages/render";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Standings (print)" };

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

const RANK = { label: "#", className: "w-10 py-1 pr-2 text-right" };
const PLAYER = { label: "Player", className: "py-1 pr-2" };
const NUMBER = (label: string, isLast = false) => ({
  label,
  className: isLast ? "py-1 text-right" : "py-1 pr-2 text-right",
});
const STANDINGS_HEADERS = [
  RANK,
  PLAYER,
  NUMBER("Points"),
  NUMBER("W-L-D"),
  NUMBER("OMW%"),
  NUMBER("GW%"),
  NUMBER("OGW%", true),
];
const POD_STANDINGS_HEADERS = [
  RANK,
  PLAYER,
  NUMBER("Points"),
  NUMBER("W-L-D"),
  NUMBER("OMW%"),
  NUMBER("OOMW%", true),
];

/** The standings after the last complete round, every player on paper (MTR 3.1, Appendix C). */
export default async function PrintStandings(props: PrintProps) {
  const { viewer, paper, path, roundPath, round } = await loadPrintRound(props, "standings");
  // CR 100.6a: a pod event ranks by its own points and tiebreakers.
  if (viewer.tournament.pods) {
    const pods = await getPodStandings(viewer.access.tournamentId);
    if (!pods.ok) throw new Error(pods.error.message);
    const { points } = viewer.tournament.pods;
    return (
      <PrintSheet
        title={`${round.tournament.name}: standings`}
        subtitle={`Points (win ${points.win}, draw ${points.draw}, loss ${points.loss}; a bye as a win), then opponents' match-win % and opponents' opponents' match-win % (community tournament addenda).`}
        paper={paper}
        path={path}
        backHref={roundPath}
      >
        <PrintTable label="Standings" headers={POD_STANDINGS_HEADERS}>
          {pods.value.map((row) => (
            <tr key={row.playerId} className="break-inside-avoid border-b border-slate-300">
              <td className="py-1 pr-2 text-right tabular-nums">{row.rank}</td>
              <td className="py-1 pr-2 font-medium">
                {row.name}
                {row.dropped && <span className="ml-2 text-[9pt] font-normal">(dropped)</span>}
              </td>
              <td className="py-1 pr-2 text-right font-bold tabular-nums">{row.points}</td>
              <td className="py-1 pr-2 text-right tabular-nums">
                {row.record.wins + row.record.byes}-{row.record.losses}-{row.record.draws}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">
                {percent(row.opponentMatchWinPct)}
              </td>
              <td className="py-1 text-right tabular-nums">
                {percent(row.opponentOpponentMatchWinPct)}
              </td>
            </tr>
          ))}
        </PrintTable>
      </PrintSheet>
    );
  }
  const standings = await getStandings(viewer.access);
  if (!standings.ok) throw new Error(standings.error.message);
  const { rows, throughRound, tournamentName } = standings.value;
  const isFinal = rows.some((row) => row.playoff?.kind === "champion");
  return (
    <PrintSheet
      title={
        isFinal
          ? `${tournamentName}: final standings`
          : `${tournamentName}: standings${throughRound ? ` after round ${throughRound}` : ""}`
      }
      subtitle={`${isFinal ? "The playoff first, by how far each player went (ties by Swiss standing); then " : ""}Match points, then opponents' match-win %, game-win % and opponents' game-win % (MTR 3.1, Appendix C).`}
      paper={paper}
      path={path}
      backHref={roundPath}
    >
      <PrintTable label="Standings" headers={STANDINGS_HEADERS}>
        {rows.map((row) => (
          <tr key={row.playerId} className="break-inside-avoid border-b border-slate-300">
            <td className="py-1 pr-2 text-right tabular-nums">{row.rank}</td>
            <td className="py-1 pr-2 font-medium">
              {row.name}
              {row.playoff && (
                <span className="ml-2 text-[9pt] font-semibold">
                  ({render(describePlayoffStanding(row.playoff)!)})
                </span>
              )}
              {row.dropped && <span className="ml-2 text-[9pt] font-normal">(dropped)</span>}
            </td>
            <td className="py-1 pr-2 text-right font-bold tabular-nums">{row.matchPoints}</td>
            <td className="py-1 pr-2 text-right tabular-nums">
              {row.record.wins}-{row.record.losses}-{row.record.draws}
            </td>
            <td className="py-1 pr-2 text-right tabular-nums">
              {percent(row.opponentMatchWinPct)}
            </td>
            <td className="py-1 pr-2 text-right tabular-nums">{percent(row.gameWinPct)}</td>
            <td className="py-1 text-right tabular-nums">{percent(row.opponentGameWinPct)}</td>
          </tr>
        ))}
      </PrintTable>
    </PrintSheet>
  );
}
