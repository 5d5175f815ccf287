import { formatUtcFallback } from "@/lib/local-time";
import { render } from "@/lib/messages/render";
import type { Paper } from "@/lib/print/cut-stack";
import { type DeckCheckRow, deckCheckLayout, deckCheckRows } from "@/lib/print/decklist-sheets";
import { SHEET_GROUP_LABELS } from "@/lib/rules/deck-sheet";
import type { DeckCheckSheetView } from "@/lib/server/decklists/decklist-sheets";
import { deckWord } from "./deck-words";
import { SheetField } from "./sheet-field";

type Props = {
  view: DeckCheckSheetView & { list: NonNullable<DeckCheckSheetView["list"]> };
  /** "Round 3", or a playoff round's name, when the sheet is for a round's check. */
  roundName: string | null;
  paper: Paper;
};

function headingOf(row: Extract<DeckCheckRow, { kind: "heading" }>): string {
  if (row.section === "commanders") return deckWord("sheetCommanders");
  if (row.section === "sideboard") return deckWord("sheetSideboard");
  if (row.section === "companions") return deckWord("sheetCompanion");
  return render(SHEET_GROUP_LABELS[row.section]);
}

/**
 * MTR 2.8: the registered list as a judge counts a deck against it: the main deck by card type
 * with each group's count, then the sideboard, a box to tick on every line and one to write each
 * group's count in; the table, round and judge above.
 */
export function DeckCheckSheet({ view, roundName, paper }: Props) {
  const { list } = view;
  const rows = deckCheckRows(list.sheet);
  const { columns, rowMm } = deckCheckLayout(rows, paper);
  const row = { height: `${rowMm}mm` };
  const fontPt = Math.min(9.5, Math.max(6.5, rowMm * 1.5));
  const grid =
    columns.length > 2 ? "sm:grid-cols-3 print:grid-cols-3" : "sm:grid-cols-2 print:grid-cols-2";
  return (
    <article
      aria-label={`${deckWord("sheetDeckCheck")}, ${view.playerName}`}
      className="mx-auto max-w-[190mm] bg-white p-4 text-[9pt] leading-tight shadow print:max-w-none print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 border-b-2 border-slate-900 pb-[1mm]">
        <h2 className="text-[14pt] font-bold">{deckWord("sheetDeckCheck")}</h2>
        <p className="text-[8pt] text-slate-700">
          {view.event.tournamentName} · {view.event.formatName}
        </p>
      </header>
      <div className="mt-[2mm] grid grid-cols-2 gap-x-[3mm] gap-y-[1.5mm] sm:grid-cols-5 print:grid-cols-5">
        <SheetField
          label={deckWord("sheetPlayer")}
          value={view.playerName}
          wide
          testId="sheet-player"
        />
        <SheetField label={deckWord("sheetRound")} value={roundName ?? ""} />
        <SheetField
          label={deckWord("sheetTable")}
          value={view.table ? view.table.label : ""}
          testId="sheet-table"
        />
        <SheetField label={deckWord("sheetJudge")} value="" />
      </div>
      <p className="mt-[1.5mm] text-[7.5pt] text-slate-700" data-testid="sheet-source">
        {deckWord("sheetFromList", {
          version: list.version,
          player: view.playerName,
          date: formatUtcFallback(list.checkedAgainst, "date"),
          isLegal: list.isLegal,
        })}
        {list.unknownNames.length > 0 &&
          ` ${deckWord("sheetCardsUnknown", { names: list.unknownNames.join(", ") })}`}
      </p>
      <div
        className={`mt-[2mm] grid grid-cols-1 gap-x-[5mm] ${grid}`}
        style={{ fontSize: `${fontPt}pt` }}
      >
        {columns.map((column, index) => (
          <ol
            // biome-ignore lint/suspicious/noArrayIndexKey: a printed column in a fixed place
            key={index}
            className="list-none"
          >
            {column.map((item, itemIndex) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a printed row in a fixed place
                key={itemIndex}
                style={row}
                className={
                  item.kind === "card"
                    ? "flex items-center gap-[2mm] border-b border-slate-300"
                    : "flex items-end"
                }
              >
                <RowContent row={item} />
              </li>
            ))}
          </ol>
        ))}
      </div>
    </article>
  );
}

function RowContent({ row }: { row: DeckCheckRow }) {
  if (row.kind === "card")
    return (
      <>
        <span aria-hidden="true" className="h-[3.2mm] w-[3.2mm] shrink-0 border border-slate-800" />
        <span className="w-[7mm] shrink-0 text-right font-semibold tabular-nums">{row.count}</span>
        <span
          className={`min-w-0 overflow-hidden ${row.name.length > 30 ? "text-[0.8em] leading-none" : "whitespace-nowrap"}`}
        >
          {row.name}
        </span>
      </>
    );
  const title =
    row.kind === "heading"
      ? headingOf(row)
      : deckWord(row.section === "main" ? "sheetTotalMain" : "sheetTotalSideboard");
  const Tag = row.kind === "heading" ? "h3" : "p";
  return (
    <div
      className={`flex w-full items-center gap-[2mm] font-bold ${row.kind === "heading" ? "border-b-2 border-slate-900" : "border-t-2 border-slate-900 bg-slate-100 print:bg-white"}`}
    >
      <Tag className="flex min-w-0 flex-1 justify-between gap-[2mm]">
        <span>{title}</span> <span className="tabular-nums">{row.count}</span>
      </Tag>
      <span className="text-[7pt] font-normal text-slate-600">{deckWord("sheetCounted")}</span>
      <span aria-hidden="true" className="h-[4mm] w-[9mm] shrink-0 border border-slate-800" />
    </div>
  );
}
