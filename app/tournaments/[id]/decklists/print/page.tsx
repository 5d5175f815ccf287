import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DecklistRegistrationSheets } from "@/components/print/decklist-registration-sheet";
import { PrintSheet } from "@/components/print/print-sheet";
import { plural } from "@/lib/plural";
import { getRegistrationSheets } from "@/lib/server/decklists/decklist-sheets";
import { type DecklistPrintProps, loadDecklistPrint } from "../print-decklists";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Decklist registration sheets (print)" };

/**
 * MTR 2.7: every player's registration sheet in one document, one a page, filled in from their
 * list or blank; `?only=missing` prints only the blank ones, for players without a list.
 */
export default async function PrintRegistrationSheets(props: DecklistPrintProps) {
  const { query, viewer, paper, decklistsPath } = await loadDecklistPrint(props);
  const onlyMissing = query.only === "missing";
  const printed = await getRegistrationSheets(viewer.access, { onlyMissing });
  if (!printed) notFound();
  const { event, sheets } = printed;
  const filled = sheets.filter((sheet) => sheet.list !== null).length;
  const path = `${decklistsPath}/print${onlyMissing ? "?only=missing" : ""}`;
  return (
    <PrintSheet
      title={`${event.tournamentName}: decklist registration sheets`}
      subtitle={`${plural(sheets.length, "sheet")}, one a page: ${filled} filled in from the lists submitted, ${sheets.length - filled} blank for the player to fill in.`}
      paper={paper}
      path={path}
      backHref={decklistsPath}
      backLabel="Back to the decklists"
      isTitleOnPaper={false}
    >
      <p className="mb-4 text-sm print:hidden">
        {onlyMissing ? (
          <Link href={`${decklistsPath}/print?paper=${paper}`} className="text-brand-700 underline">
            Every player’s sheet
          </Link>
        ) : (
          <Link
            href={`${decklistsPath}/print?only=missing&paper=${paper}`}
            className="text-brand-700 underline"
          >
            Only blank sheets, for players without a list
          </Link>
        )}
      </p>
      {sheets.length === 0 ? (
        <p className="text-sm text-slate-600">
          {onlyMissing ? "Every player has a list." : "No players in the event yet."}
        </p>
      ) : (
        <DecklistRegistrationSheets event={event} sheets={sheets} paper={paper} />
      )}
    </PrintSheet>
  );
}
