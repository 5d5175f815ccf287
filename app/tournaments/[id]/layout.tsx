import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTournamentViewer } from "@/lib/server/viewer";
import { LiveUpdates } from "@/components/live-updates";
import { OfflineBanner } from "@/components/offline-banner";
import { ServiceWorker } from "@/components/service-worker";

/** Added to a phone's home screen, a tournament page opens this event (issue 10). */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { manifest: `/tournaments/${id}/manifest.webmanifest` };
}

/**
 * Every tournament page: a deleted tournament, or one in preparation seen by someone who is not
 * on its staff, does not exist for the viewer (issue 8). Every page is live (issue 10): it
 * refreshes itself when the tournament changes, and stays readable offline.
 */
export default async function TournamentLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  // Taken before any read, so nothing on the page is older than this.
  const renderedAt = new Date().toISOString();
  const { id } = await params;
  const viewer = await getTournamentViewer(id);
  if (!viewer.canView) notFound();
  return (
    <>
      <OfflineBanner renderedAt={renderedAt} />
      {children}
      <LiveUpdates tournamentId={id} renderedAt={renderedAt} />
      <ServiceWorker />
    </>
  );
}
