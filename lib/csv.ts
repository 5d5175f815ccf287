import { stringify } from "csv-stringify/sync";

export type CsvCell = string | number | null;

/** A text cell a spreadsheet would read as a formula (=, +, -, @, tab, CR at the start) is written with a leading apostrophe (OWASP: CSV injection). */
export function spreadsheetSafe(cell: CsvCell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * A CSV file (RFC 4180: commas, quotes doubled, CRLF line ends) of a header and rows, every cell
 * spreadsheet-safe, with a UTF-8 byte-order mark so spreadsheets read accented names correctly.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  // A line break inside a cell is quoted too: with CRLF records the library quotes only "\r\n" itself.
  return `\uFEFF${stringify([header.map(spreadsheetSafe), ...rows.map((row) => row.map(spreadsheetSafe))], { record_delimiter: "windows", quoted_match: /[\r\n]/ })}`;
}
