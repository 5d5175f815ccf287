import { notFound } from "next/navigation";
import { getStandings } from "@/lib/server/data/standings";
import { Card } from "@/components/card";
import { TournamentHeader } from "@/components/tournament-header";
import { StandingsTable } from "@/components/standings-table";

export const dynamic = "force-dynamic";

export default async function StandingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const standings = await getStandings(id);
  if (!standings.ok) {
    if (standings.error.code === "NOT_FOUND") notFound();
    throw new Error(standings.error.message);
  }
  return (
    <>
      <TournamentHeader id={id} name={standings.data.tournamentName} active="standings" />
      <Card title={standings.data.throughRound ? `Standings after round ${standings.data.throughRound}` : "Standings"}>
        {standings.data.rows.length === 0 ? (
          <p className="text-sm text-slate-600">No players registered yet.</p>
        ) : (
          <StandingsTable rows={standings.data.rows} />
        )}
        <p className="mt-3 text-xs text-slate-500">
          Ranked by match points, then opponents&apos; match-win %, game-win % and opponents&apos; game-win % (MTR 3.1, Appendix C). Percentages have a {Math.round(standings.data.percentageFloor * 100)}% floor.
        </p>
      </Card>
    </>
  );
}
