import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DeckCheckSheet } from "@/components/print/deck-check-sheet";
import { deckWord } from "@/components/print/deck-words";
import { PrintSheet } from "@/components/print/print-sheet";
import { roundNumberFromParam } from "@/lib/schemas/round";
import { getDeckCheckSheet } from "@/lib/server/decklists/decklist-sheets";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { type DecklistPrintProps, loadDecklistPrint } from "../../print-decklists";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Deck-check sheet (print)" };

/**
 * MTR 2.8: a player's registered list laid out for a deck check, by card type with counts;
 * `?round=3` prints the round and the player's table in it (from the round's deck checks).
 */
export default async function PrintDeckCheckSheet(props: DecklistPrintProps) {
  const { registrationId, query, viewer, paper, decklistsPath } = await loadDecklistPrint(props);
  const roundNumber =
    typeof query.round === "string" ? (roundNumberFromParam(query.round) ?? undefined) : undefined;
  const [view, title] = await Promise.all([
    getDeckCheckSheet(viewer.access, registrationId, roundNumber),
    roundNumber === undefined ? null : getRoundTitle(viewer.access, roundNumber),
  ]);
  if (!view) notFound();
  const path = `${decklistsPath}/${registrationId}/deck-check-sheet${view.seat ? `?round=${view.seat.roundNumber}` : ""}`;
  const roundName = view.seat ? (title ?? `Round ${view.seat.roundNumber}`) : null;
  const back = view.seat
    ? {
        href: `/tournaments/${viewer.tournament.id}/rounds/${view.seat.roundNumber}/deck-checks?tables=${view.seat.tableNumber}`,
        label: `Back to ${roundName}’s deck checks`,
      }
    : { href: `${decklistsPath}/${registrationId}`, label: "Back to the list" };
  return (
    <PrintSheet
      title={`${view.playerName}: deck-check sheet`}
      subtitle={
        view.list
          ? "The registered list by card type: tick each line as you count the deck, and write each group’s count."
          : "No list to check against."
      }
      paper={paper}
      path={path}
      backHref={back.href}
      backLabel={back.label}
      isTitleOnPaper={false}
    >
      {view.list ? (
        <DeckCheckSheet view={{ ...view, list: view.list }} roundName={roundName} paper={paper} />
      ) : (
        <p className="text-sm text-slate-700" role="status">
          {deckWord("sheetNoList", { player: view.playerName })}
        </p>
      )}
    </PrintSheet>
  );
}
