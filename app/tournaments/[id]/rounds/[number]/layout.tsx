import type { Metadata } from "next";
import { getRoundTitle } from "@/lib/server/data/event-status";
import { getTournamentViewer } from "@/lib/server/viewer";
import { roundNumberFromParam } from "@/lib/schemas/round";

/** A round's pages are titled by the round: "Round 3", or its playoff name ("Semifinals"). */
export async function generateMetadata({ params }: { params: Promise<{ id: string; number: string }> }): Promise<Metadata> {
  const { id, number } = await params;
  const roundNumber = roundNumberFromParam(number);
  // A tournament the viewer may not see is "Not found" like a missing one, so the title tells nothing.
  const { access } = await getTournamentViewer(id);
  if (!access) return { title: "Not found" };
  const title = roundNumber !== null ? await getRoundTitle(access, roundNumber) : null;
  return { title: title ?? "Round not found" };
}

export default function RoundLayout({ children }: { children: React.ReactNode }) {
  return children;
}
