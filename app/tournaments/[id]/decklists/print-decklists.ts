import { redirect } from "next/navigation";
import { paperOf } from "@/lib/print/cut-stack";
import { seatFromParam } from "@/lib/schemas/decklist";
import { requireTournamentViewer } from "@/lib/server/access/viewer";

export type DecklistPrintProps = {
  params: Promise<{ id: string; registrationId?: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** What every paper decklist sheet needs: staff only, like the staff decklist pages, and the paper size. */
export async function loadDecklistPrint({ params, searchParams }: DecklistPrintProps) {
  const [{ id, registrationId }, query] = await Promise.all([params, searchParams]);
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  // The overview says the event takes no lists, and where to change that.
  if (!viewer.tournament.takesDecklists) redirect(`/tournaments/${id}/decklists`);
  // DL6: in a team event `?seat=` names the member whose deck it is; seat 0 otherwise.
  const seat = seatFromParam(query.seat);
  return {
    id,
    registrationId: registrationId ?? "",
    seat: seat ?? -1,
    query,
    viewer,
    paper: paperOf(query.paper),
    decklistsPath: `/tournaments/${id}/decklists`,
  };
}
