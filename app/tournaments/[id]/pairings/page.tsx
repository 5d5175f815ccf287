import { notFound } from "next/navigation";
import { getTournamentSummary } from "@/lib/server/data/tournaments";
import { getPairingsByNamePage } from "@/lib/server/data/pairings-by-name";
import { pageRequestFromSearchParams } from "@/lib/schemas/paging";
import { Card } from "@/components/card";
import { TournamentHeader } from "@/components/tournament-header";
import { PairingsByName } from "@/components/pairings-by-name";
import { NameSearch } from "@/components/name-search";
import { Pager } from "@/components/pager";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PairingsPage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const [tournament, pairings] = await Promise.all([getTournamentSummary(id), getPairingsByNamePage(id, pageRequestFromSearchParams(query))]);
  if (!tournament || !pairings.ok) notFound();
  const { data } = pairings;
  const basePath = `/tournaments/${id}/pairings`;
  return (
    <>
      <TournamentHeader id={id} name={tournament.name} active="pairings" />
      <Card title={data.roundNumber ? `Round ${data.roundNumber} pairings by name` : "Pairings"}>
        {data.roundNumber ? (
          <>
            <NameSearch q={data.q} clearHref={basePath} />
            <PairingsByName rows={data.rows} q={data.q} />
            <Pager basePath={basePath} q={data.q} page={data.page} pageSize={data.pageSize} pageCount={data.pageCount} total={data.total} noun="players" />
          </>
        ) : (
          <p className="text-sm text-slate-600">Round 1 has not been paired yet.</p>
        )}
      </Card>
    </>
  );
}
