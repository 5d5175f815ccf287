import type { Metadata } from "next";
import { getRoundTitle } from "@/lib/server/data/event-status";

/** A round's pages are titled by the round: "Round 3", or its playoff name ("Semifinals"). */
export async function generateMetadata({ params }: { params: Promise<{ id: string; number: string }> }): Promise<Metadata> {
  const { id, number } = await params;
  const roundNumber = Number(number);
  const title = Number.isInteger(roundNumber) && roundNumber >= 1 ? await getRoundTitle(id, roundNumber) : null;
  return { title: title ?? "Round not found" };
}

export default function RoundLayout({ children }: { children: React.ReactNode }) {
  return children;
}
