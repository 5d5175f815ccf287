import type { Paper } from "@/lib/print/cut-stack";
import { registrationLayout, type SheetLine } from "@/lib/print/decklist-sheets";
import { formatUtcFallback } from "@/lib/local-time";
import type { RegistrationSheet, SheetEvent } from "@/lib/server/decklists/decklist-sheets";
import { deckWord } from "./deck-words";
import { SheetField } from "./sheet-field";

type Props = { event: SheetEvent; sheets: readonly RegistrationSheet[]; paper: Paper };

/**
 * MTR 2.7: the paper decklist a player hands in at a Competitive event, one page a player: the
 * event and the player above, the main deck's lines and the sideboard's, the totals and the
 * judge's box below; a submitted list fills the lines and the totals.
 */
export function DecklistRegistrationSheets({ event, sheets, paper }: Props) {
  return (
    <div className="space-y-6 print:space-y-0">
      {sheets.map((sheet) => (
        <RegistrationPage key={sheet.registrationId} event={event} sheet={sheet} paper={paper} />
      ))}
    </div>
  );
}

function RegistrationPage({
  event,
  sheet,
  paper,
}: {
  event: SheetEvent;
  sheet: RegistrationSheet;
  paper: Paper;
}) {
  const { list } = sheet;
  const layout = registrationLayout({ kind: event.kind, entries: list?.entries ?? null, paper });
  const row = { height: `${layout.rowMm}mm` };
  const fontPt = Math.min(9.5, Math.max(6.5, layout.rowMm * 1.5));
  const player = sheet.playerName;
  const sideboardCount = list ? list.counts.sideboard + list.counts.companions : null;
  return (
    <article
      aria-label={`${deckWord("sheetRegistration")}, ${sheet.playerName}`}
      className="mx-auto max-w-[190mm] bg-white p-4 text-[9pt] leading-tight shadow print:max-w-none print:p-0 print:shadow-none [&:not(:last-child)]:print:break-after-page"
    >
      <header className="border-b-2 border-slate-900 pb-[1mm]">
        <h2 className="text-[14pt] font-bold">{deckWord("sheetRegistration")}</h2>
      </header>
      <div className="mt-[2mm] grid grid-cols-2 gap-x-[3mm] gap-y-[1.5mm] sm:grid-cols-4 print:grid-cols-4">
        <SheetField label={deckWord("sheetEvent")} value={event.tournamentName} wide />
        <SheetField label={deckWord("sheetDate")} value="" />
        <SheetField label={deckWord("sheetFormat")} value={event.formatName} />
        <SheetField label={deckWord("sheetPlayer")} value={player} wide testId="sheet-player" />
        <SheetField label={deckWord("sheetDeckName")} value={list?.archetype ?? ""} />
        <SheetField label={deckWord("sheetTable")} value="" />
      </div>
      <p className="mt-[1.5mm] text-[7.5pt] text-slate-700" data-testid="sheet-source">
        {list
          ? deckWord("sheetFromList", {
              version: list.version,
              player: sheet.playerName,
              date: formatUtcFallback(list.checkedAgainst, "date"),
              isLegal: list.isLegal,
            })
          : deckWord("sheetBlankList")}
      </p>
      {event.kind === "commander" && (
        <div className="mt-[2mm] grid grid-cols-1 gap-x-[4mm] sm:grid-cols-3 print:grid-cols-3">
          {layout.commanders.map((line, index) => (
            <LabelledLine
              // biome-ignore lint/suspicious/noArrayIndexKey: a printed line in a fixed place
              key={`commander-${index}`}
              label={deckWord("sheetCommander")}
              line={line}
            />
          ))}
          {layout.companions.map((line, index) => (
            <LabelledLine
              // biome-ignore lint/suspicious/noArrayIndexKey: a printed line in a fixed place
              key={`companion-${index}`}
              label={deckWord("sheetCompanion")}
              line={line}
            />
          ))}
        </div>
      )}
      <div
        className="mt-[2mm] grid grid-cols-1 gap-x-[4mm] sm:grid-cols-3 print:grid-cols-3"
        style={{ fontSize: `${fontPt}pt` }}
      >
        {layout.columns.map((column, index) => {
          const title =
            column.section === "sideboard"
              ? deckWord("sheetSideboard")
              : deckWord(column.isContinued ? "sheetMainContinued" : "sheetMain");
          const isEmpty = column.lines.every((line) => line === null);
          const section = layout.columns.filter((other) => other.section === column.section);
          const blanks = section.flatMap((other) => other.lines).filter((line) => !line).length;
          // On a phone the section's last column with cards says how many lines paper has.
          const shown = section.filter((other, at) => at === 0 || other.lines.some(Boolean));
          const isLastShown = shown.at(-1) === column;
          return (
            <section
              // biome-ignore lint/suspicious/noArrayIndexKey: a printed column in a fixed place
              key={index}
              aria-label={title}
              // A phone shows a column's cards, not its lines to write on.
              className={column.isContinued && isEmpty ? "hidden sm:block print:block" : ""}
            >
              <h3
                className="flex items-end justify-between border-b-2 border-slate-900 font-bold"
                style={row}
              >
                <span className="whitespace-nowrap">{title}</span>
                {index === 0 && (
                  <span className="text-[7pt] font-normal whitespace-nowrap text-slate-600">
                    {deckWord("sheetCount")} · {deckWord("sheetCard")}
                  </span>
                )}
              </h3>
              <ol className="list-none">
                {column.lines.map((line, lineIndex) => (
                  <SheetLineItem
                    // biome-ignore lint/suspicious/noArrayIndexKey: a printed line in a fixed place
                    key={lineIndex}
                    line={line}
                    height={row.height}
                  />
                ))}
              </ol>
              {isLastShown && blanks > 0 && (
                <p className="py-1 text-[8pt] text-slate-600 sm:hidden print:hidden">
                  {deckWord("sheetBlankLines", { count: blanks })}
                </p>
              )}
            </section>
          );
        })}
      </div>
      <footer className="mt-[3mm] grid grid-cols-2 gap-[3mm] sm:grid-cols-4 print:grid-cols-4">
        <TotalBox
          label={deckWord("sheetTotalMain")}
          value={list ? list.counts.main : null}
          testId="sheet-total-main"
        />
        <TotalBox
          label={deckWord("sheetTotalSideboard")}
          value={sideboardCount}
          testId="sheet-total-sideboard"
        />
        <SignatureBox label={deckWord("sheetPlayerSignature")} />
        <SignatureBox label={deckWord("sheetRegisteredBy")} isJudge />
      </footer>
    </article>
  );
}

function SheetLineItem({ line, height }: { line: SheetLine; height: string }) {
  return (
    <li
      className={`items-end gap-[2mm] border-b border-slate-400 ${line ? "flex" : "hidden sm:flex print:flex"}`}
      style={{ height }}
      data-testid={line ? "sheet-line" : undefined}
    >
      <span className="w-[8mm] shrink-0 border-r border-slate-400 pr-[1mm] text-right font-semibold tabular-nums">
        {line?.count ?? ""}
      </span>
      <span
        className={`min-w-0 overflow-hidden ${(line?.name.length ?? 0) > 28 ? "text-[0.8em] leading-none" : "whitespace-nowrap"}`}
      >
        {line?.name ?? ""}
        {line?.isCompanion ? ` (${deckWord("sheetCompanion")})` : ""}
      </span>
    </li>
  );
}

function LabelledLine({ label, line }: { label: string; line: SheetLine }) {
  return (
    <div>
      <p className="text-[7pt] text-slate-600 uppercase">{label}</p>
      <p className="min-h-[6mm] border-b border-slate-700 text-[10pt] font-semibold">
        {line ? `${line.count} ${line.name}` : ""}
      </p>
    </div>
  );
}

function TotalBox({
  label,
  value,
  testId,
}: {
  label: string;
  value: number | null;
  testId: string;
}) {
  return (
    <div className="flex items-center justify-between gap-[2mm] border-2 border-slate-900 px-[2mm] py-[1.5mm]">
      <span className="text-[8pt] font-semibold">{label}</span>
      <span
        className="min-w-[12mm] border border-slate-700 px-[1mm] text-center text-[13pt] font-bold tabular-nums"
        data-testid={testId}
      >
        {value ?? "\u00a0"}
      </span>
    </div>
  );
}

function SignatureBox({ label, isJudge = false }: { label: string; isJudge?: boolean }) {
  return (
    <div
      className={`flex min-h-[14mm] flex-col justify-between border px-[2mm] py-[1mm] ${isJudge ? "border-2 border-slate-900 bg-slate-50 print:bg-white" : "border-slate-700"}`}
    >
      <span className="text-[7.5pt] text-slate-700">{label}</span>
      <span className="border-b border-dotted border-slate-500" />
    </div>
  );
}
