import { notFound, redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getRound } from "@/lib/server/round/rounds";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { paperOf } from "@/lib/print/cut-stack";
import { roundNumberFromParam } from "@/lib/schemas/round";

export type PrintProps = {
  params: Promise<{ id: string; number: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** What every print view of a round needs: the round (staff only, like the round page) and the paper size. */
export async function loadPrintRound({ params, searchParams }: PrintProps, view: string) {
  const [{ id, number }, query] = await Promise.all([params, searchParams]);
  const roundNumber = roundNumberFromParam(number);
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  if (roundNumber === null) notFound();
  const [round, title] = await Promise.all([
    getRound(id, roundNumber),
    getRoundTitle(viewer.access, roundNumber),
  ]);
  if (!round) notFound();
  const roundPath = `/tournaments/${id}/rounds/${round.number}`;
  /** "Round 3", or the playoff round's name ("Semifinals"). */
  const roundName = title ?? `Round ${round.number}`;
  return {
    id,
    round,
    roundName,
    viewer,
    paper: paperOf(query.paper),
    roundPath,
    path: `${roundPath}/print/${view}`,
  };
}
