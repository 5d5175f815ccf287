import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DecklistRegistrationSheets } from "@/components/print/decklist-registration-sheet";
import { PrintSheet } from "@/components/print/print-sheet";
import { getRegistrationSheets } from "@/lib/server/decklists/decklist-sheets";
import { type DecklistPrintProps, loadDecklistPrint } from "../../print-decklists";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Decklist registration sheet (print)" };

/** MTR 2.7: one player's registration sheet, filled in from their list, or blank without one. */
export default async function PrintRegistrationSheet(props: DecklistPrintProps) {
  const { registrationId, seat, viewer, paper, decklistsPath } = await loadDecklistPrint(props);
  const printed = await getRegistrationSheets(viewer.access, { registrationId, seat });
  const sheet = printed?.sheets[0];
  if (!printed || !sheet) notFound();
  const query = seat > 0 ? `?seat=${seat}` : "";
  const playerPath = `${decklistsPath}/${registrationId}`;
  return (
    <PrintSheet
      title={`${sheet.playerName}: decklist registration sheet`}
      subtitle={
        sheet.list
          ? `Filled in from version ${sheet.list.version} of the list: the player checks it and signs.`
          : "Blank, with the player’s name: no list has been submitted."
      }
      paper={paper}
      path={`${playerPath}/print${query}`}
      backHref={`${playerPath}${query}`}
      backLabel="Back to the list"
      isTitleOnPaper={false}
    >
      <DecklistRegistrationSheets event={printed.event} sheets={[sheet]} paper={paper} />
    </PrintSheet>
  );
}
