import { notFound, redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/viewer";
import { getRound } from "@/lib/server/data/rounds";
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
  const round = await getRound(id, roundNumber);
  if (!round) notFound();
  const roundPath = `/tournaments/${id}/rounds/${round.number}`;
  return { id, round, viewer, paper: paperOf(query.paper), roundPath, path: `${roundPath}/print/${view}` };
}
