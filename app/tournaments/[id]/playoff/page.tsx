import type { Metadata } from "next";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getPlayoff } from "@/lib/server/round/playoffs";
import { getPodCut } from "@/lib/server/pod/pods";
import { PodCut } from "@/components/pod-cut";
import { Card } from "@/components/card";
import { Bracket } from "@/components/bracket";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Playoff" };

export default async function PlayoffPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { access, isStaff } = await requireTournamentViewer(id);
  const cut = await getPodCut(id);
  if (cut) {
    return (
      <Card title={`Top ${cut.cutSize}`}>
        <PodCut cut={cut} tournamentId={id} isStaff={isStaff} />
      </Card>
    );
  }
  const playoff = await getPlayoff(access);
  return (
    <Card title={playoff ? `Top ${playoff.cutSize}` : "Playoff"}>
      {playoff ? (
        <Bracket playoff={playoff} tournamentId={id} isStaff={isStaff} />
      ) : (
        <p className="text-sm text-slate-600">The playoff has not started yet.</p>
      )}
    </Card>
  );
}
