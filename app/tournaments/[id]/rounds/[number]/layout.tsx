import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { getTournamentViewer, requireTournamentViewer } from "@/lib/server/access/viewer";
import { roundNumberFromParam } from "@/lib/schemas/round";

type Params = { params: Promise<{ id: string; number: string }> };

/** A round's pages are titled by the round: "Round 3", or its playoff name ("Semifinals"). */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id, number } = await params;
  const roundNumber = roundNumberFromParam(number);
  // A tournament the viewer may not see is "Not found" like a missing one, so the title tells nothing.
  const { access } = await getTournamentViewer(id);
  if (!access) return { title: "Not found" };
  const title = roundNumber !== null ? await getRoundTitle(access, roundNumber) : null;
  return { title: title ?? "Round not found" };
}

/**
 * Every page of a round: a round that does not exist is a 404, answered here, above this
 * segment's loading boundary, before any of the page streams with a 200.
 */
export default async function RoundLayout({
  children,
  params,
}: { children: React.ReactNode } & Params) {
  const { id, number } = await params;
  const { access } = await requireTournamentViewer(id);
  const roundNumber = roundNumberFromParam(number);
  const title = roundNumber !== null ? await getRoundTitle(access, roundNumber) : null;
  if (title === null) notFound();
  return children;
}
