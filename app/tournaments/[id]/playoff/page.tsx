import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTournamentSummary } from "@/lib/server/data/tournaments";
import { getPlayoff } from "@/lib/server/data/playoffs";
import { Card } from "@/components/card";
import { Bracket } from "@/components/bracket";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Playoff" };

export default async function PlayoffPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [tournament, playoff] = await Promise.all([getTournamentSummary(id), getPlayoff(id)]);
  if (!tournament) notFound();
  return (
    <>
      <Card title={playoff ? `Top ${playoff.cutSize}` : "Playoff"}>
        {playoff ? <Bracket playoff={playoff} tournamentId={id} /> : <p className="text-sm text-slate-600">The playoff has not started yet.</p>}
      </Card>
    </>
  );
}
