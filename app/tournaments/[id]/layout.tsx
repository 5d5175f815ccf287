import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTournamentViewer } from "@/lib/server/viewer";
import { TournamentLayoutHeader } from "@/components/tournament-header";

type Params = { params: Promise<{ id: string }> };

/** "Standings · <Tournament> · Spellbook TO": every page under a tournament names it in its title. */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const viewer = await getTournamentViewer(id);
  // A tournament the viewer may not see does not lend its name to the title either.
  if (!viewer.canView || !viewer.tournament) return { title: "Not found" };
  const name = viewer.tournament.name;
  return { title: { absolute: `${name} · Spellbook TO`, template: `%s · ${name} · Spellbook TO` } };
}

/**
 * Every tournament page: a deleted tournament, or one in preparation seen by someone who is not
 * on its staff, does not exist for the viewer (issue 8). The header with the tabs is shared.
 */
export default async function TournamentLayout({ children, params }: { children: React.ReactNode } & Params) {
  const { id } = await params;
  const viewer = await getTournamentViewer(id);
  if (!viewer.canView) notFound();
  return (
    <>
      <TournamentLayoutHeader id={id} />
      {children}
    </>
  );
}
