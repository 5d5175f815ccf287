import type { Metadata } from "next";
import Link from "next/link";
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
  const { registrationId, seat, query, viewer, paper, decklistsPath } =
    await loadDecklistPrint(props);
  const roundNumber =
    typeof query.round === "string" ? (roundNumberFromParam(query.round) ?? undefined) : undefined;
  const [view, title] = await Promise.all([
    getDeckCheckSheet(viewer.access, registrationId, roundNumber, seat),
    roundNumber === undefined ? null : getRoundTitle(viewer.access, roundNumber),
  ]);
  if (!view) notFound();
  const sheetPath = `${decklistsPath}/${registrationId}/deck-check-sheet`;
  const addressOf = (memberSeat: number) => {
    const search = new URLSearchParams();
    if (view.table) search.set("round", String(view.table.roundNumber));
    if (memberSeat > 0) search.set("seat", String(memberSeat));
    return search.size > 0 ? `${sheetPath}?${search}` : sheetPath;
  };
  const roundName = view.table ? (title ?? `Round ${view.table.roundNumber}`) : null;
  const back = view.table
    ? {
        href: `/tournaments/${viewer.tournament.id}/rounds/${view.table.roundNumber}/deck-checks?tables=${view.table.tableNumber}`,
        label: `Back to ${roundName}’s deck checks`,
      }
    : {
        href: `${decklistsPath}/${registrationId}${seat > 0 ? `?seat=${seat}` : ""}`,
        label: "Back to the list",
      };
  return (
    <PrintSheet
      title={`${view.playerName}: deck-check sheet`}
      subtitle={
        view.list
          ? "The registered list by card type: tick each line as you count the deck, and write each group’s count."
          : "No list to check against."
      }
      paper={paper}
      path={addressOf(seat)}
      backHref={back.href}
      backLabel={back.label}
      isTitleOnPaper={false}
    >
      {view.seats.length > 1 && (
        // MTR 2.7: each team member's deck is checked against their own list.
        <nav
          aria-label="Team members' sheets"
          className="mb-3 flex flex-wrap gap-2 text-sm print:hidden"
        >
          {view.seats.map((member) => (
            <Link
              key={member.seat}
              href={addressOf(member.seat)}
              aria-current={member.seat === seat ? "page" : undefined}
              className={`rounded-md border px-3 py-1.5 ${member.seat === seat ? "border-brand-700 bg-brand-50 font-medium text-brand-800" : "border-slate-300 text-slate-700"}`}
            >
              {member.name}
            </Link>
          ))}
        </nav>
      )}
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
