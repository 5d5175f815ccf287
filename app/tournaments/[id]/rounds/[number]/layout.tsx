import type { Metadata } from "next";
import { getRoundTitle } from "@/lib/server/data/event-status";
import { roundNumberFromParam } from "@/lib/schemas/round";

/** A round's pages are titled by the round: "Round 3", or its playoff name ("Semifinals"). */
export async function generateMetadata({ params }: { params: Promise<{ id: string; number: string }> }): Promise<Metadata> {
  const { id, number } = await params;
  const roundNumber = roundNumberFromParam(number);
  const title = roundNumber !== null ? await getRoundTitle(id, roundNumber) : null;
  return { title: title ?? "Round not found" };
}

export default function RoundLayout({ children }: { children: React.ReactNode }) {
  return children;
}
