import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTournamentViewer } from "@/lib/server/access/viewer";
import { TournamentLayoutHeader } from "@/components/tournament-header";
import { LiveUpdates } from "@/components/live-updates";
import { OfflineBanner } from "@/components/offline-banner";
import { ServiceWorker } from "@/components/service-worker";
import { liveListener } from "@/lib/server/live/live";

/** The meta tag public/sw.js looks for before it keeps a tournament page (the same name is written there). */
const OFFLINE_MARKER = "spellbook-offline";

type Params = { params: Promise<{ id: string }> };

/**
 * "Standings · <Tournament> · Spellbook TO": every page under a tournament names it in its title.
 * Added to a phone's home screen, a tournament page opens this event.
 */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const viewer = await getTournamentViewer(id);
  // A tournament the viewer may not see does not lend its name to the title either.
  if (!viewer.canView || !viewer.tournament) return { title: "Not found" };
  const name = viewer.tournament.name;
  return {
    title: { absolute: `${name} · Spellbook TO`, template: `%s · ${name} · Spellbook TO` },
    manifest: `/tournaments/${id}/manifest.webmanifest`,
    // The service worker keeps a page for offline reading only when it says it is public (public/sw.js).
    ...(viewer.tournament.isPublished ? { other: { [OFFLINE_MARKER]: "public" } } : {}),
  };
}

/**
 * Every tournament page: a deleted tournament, or one in preparation seen by someone who is not
 * on its staff, does not exist for the viewer. The header with the tabs is shared.
 * Every page is live: it refreshes itself when the tournament changes, and stays
 * readable offline.
 */
export default async function TournamentLayout({
  children,
  params,
}: { children: React.ReactNode } & Params) {
  // Taken before any read, so nothing on the page is older than this.
  const renderedAt = new Date().toISOString();
  const { id } = await params;
  const viewer = await getTournamentViewer(id);
  if (!viewer.canView) notFound();
  // The page cache serves copies only while this process hears every change (lib/server/live/page-cache.ts).
  liveListener().startListening();
  return (
    <>
      <OfflineBanner renderedAt={renderedAt} />
      <TournamentLayoutHeader id={id} />
      {children}
      <LiveUpdates tournamentId={id} renderedAt={renderedAt} />
      <ServiceWorker />
    </>
  );
}
