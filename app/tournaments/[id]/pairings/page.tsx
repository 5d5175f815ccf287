import { notFound } from "next/navigation";
import { getTournamentSummary } from "@/lib/server/data/tournaments";
import { getPairingsByName } from "@/lib/server/data/rounds";
import { Card } from "@/components/card";
import { TournamentHeader } from "@/components/tournament-header";
import { PairingsByName } from "@/components/pairings-by-name";

export const dynamic = "force-dynamic";

export default async function PairingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [tournament, pairings] = await Promise.all([getTournamentSummary(id), getPairingsByName(id)]);
  if (!tournament) notFound();
  return (
    <>
      <TournamentHeader id={id} name={tournament.name} active="pairings" />
      <Card title={pairings ? `Round ${pairings.roundNumber} pairings by name` : "Pairings"}>
        {pairings ? <PairingsByName rows={pairings.rows} /> : <p className="text-sm text-slate-600">Round 1 has not been paired yet.</p>}
      </Card>
    </>
  );
}
