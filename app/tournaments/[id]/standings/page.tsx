import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTournamentViewer, requireTournamentViewer } from "@/lib/server/access/viewer";
import { getStandingsPage } from "@/lib/server/standings/standings";
import { getTopCutOutlooks } from "@/lib/server/standings/outlook";
import { pageRequestFromSearchParams } from "@/lib/schemas/paging";
import { Card } from "@/components/card";
import { StandingsTable } from "@/components/standings-table";
import { NameSearch } from "@/components/name-search";
import { Pager } from "@/components/pager";
import { entrantNoun } from "@/components/format-label";
import { getPodStandingsPage } from "@/lib/server/pod/pods";
import { PodStandingsTable } from "@/components/pod-standings-table";
import { CsvDownloads } from "@/components/csv-downloads";
import { getPublishedComparison } from "@/lib/server/archive/published-import";
import { PublishedComparisonCard } from "@/components/published-comparison";

export const dynamic = "force-dynamic";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const { tournament } = await getTournamentViewer((await params).id);
  return { title: tournament?.status === "COMPLETE" ? "Final standings" : "Standings" };
}

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function StandingsPage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const { access, tournament: summary } = await requireTournamentViewer(id);
  // CR 100.6a: a pod event ranks by its own points and tiebreakers.
  if (summary.pods) {
    const pods = await getPodStandingsPage(access.tournamentId, pageRequestFromSearchParams(query));
    if (!pods.ok) throw new Error(pods.error.message);
    const basePath = `/tournaments/${id}/standings`;
    return (
      <Card
        title={
          summary.status === "COMPLETE"
            ? "Final standings"
            : pods.value.throughRound
              ? `Standings after round ${pods.value.throughRound}`
              : "Standings"
        }
      >
        {pods.value.totalPlayers === 0 ? (
          <p className="text-sm text-slate-600">No players registered yet.</p>
        ) : (
          <>
            <NameSearch q={pods.value.q} clearHref={basePath} />
            {pods.value.rows.length > 0 ? (
              <PodStandingsTable rows={pods.value.rows} />
            ) : (
              <p className="py-2 text-sm text-slate-600">No player matches “{pods.value.q}”.</p>
            )}
            <Pager
              basePath={basePath}
              q={pods.value.q}
              page={pods.value.page}
              pageSize={pods.value.pageSize}
              pageCount={pods.value.pageCount}
              total={pods.value.total}
              noun="players"
            />
          </>
        )}
        <p className="mt-3 text-xs text-slate-500">
          Ranked by points (win {summary.pods.points.win}, draw {summary.pods.points.draw}, loss{" "}
          {summary.pods.points.loss}; a bye as a win), then opponents&apos; match-win % and
          opponents&apos; opponents&apos; match-win %, each match-win % the points earned over the
          points of a win in every round, with a floor (community tournament addenda).
        </p>
        <CsvDownloads tournamentId={id} />
      </Card>
    );
  }
  // An event imported from another tool's results shows where ours differ from the published standings.
  const [standings, comparison] = await Promise.all([
    getStandingsPage(access, pageRequestFromSearchParams(query)),
    summary.format === "Imported" ? getPublishedComparison(id) : Promise.resolve(null),
  ]);
  if (!standings.ok) {
    if (standings.error.code === "NOT_FOUND") notFound();
    throw new Error(standings.error.message);
  }
  const { value: data } = standings;
  const outlooks = Object.fromEntries(
    await getTopCutOutlooks(
      access,
      data.rows.map((row) => row.playerId),
    ),
  );
  const basePath = `/tournaments/${id}/standings`;
  const isPlayoffDecided = summary.status === "COMPLETE" && data.hasPlayoff;
  const entrant = entrantNoun(summary.teamFormat);
  return (
    <Card
      title={
        summary.status === "COMPLETE"
          ? "Final standings"
          : data.throughRound
            ? `Standings after round ${data.throughRound}`
            : "Standings"
      }
    >
      {data.totalPlayers === 0 ? (
        <p className="text-sm text-slate-600">No {entrant.many} registered yet.</p>
      ) : (
        <>
          {data.hasPlayoff && !isPlayoffDecided && (
            <p className="mb-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700">
              The playoff is under way: each player in it shows the round they play in or went out
              in. The final places follow the playoff once the Final is played.
            </p>
          )}
          <NameSearch q={data.q} clearHref={basePath} />
          {data.rows.length > 0 ? (
            <StandingsTable rows={data.rows} entrant={entrant.one} outlooks={outlooks} />
          ) : (
            <p className="py-2 text-sm text-slate-600">No player matches “{data.q}”.</p>
          )}
          <Pager
            basePath={basePath}
            q={data.q}
            page={data.page}
            pageSize={data.pageSize}
            pageCount={data.pageCount}
            total={data.total}
            noun={entrant.many}
          />
        </>
      )}
      <p className="mt-3 text-xs text-slate-500">
        {isPlayoffDecided &&
          "The playoff players come first, by how far each went (players out in the same round by their Swiss standing); everyone else is "}
        {isPlayoffDecided ? "ranked" : "Ranked"} by match points, then opponents&apos; match-win %,
        game-win % and opponents&apos; game-win % (MTR 3.1, Appendix C). Percentages have a{" "}
        {Math.round(data.percentageFloor * 100)}% floor.
      </p>
      <CsvDownloads tournamentId={id} />
      {comparison && <PublishedComparisonCard comparison={comparison} />}
    </Card>
  );
}
