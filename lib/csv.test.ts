import { describe, expect, it } from "vitest";
import { spreadsheetSafe, toCsv } from "./csv";

describe("CSV downloads are spreadsheet-safe", () => {
  it("a name a spreadsheet would run as a formula is written as text", () => {
    expect(
      ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"].map(spreadsheetSafe),
    ).toEqual(['\'=HYPERLINK("x")', "'+1", "'-2+3", "'@SUM(A1)", "'\tTab", "'\rCR"]);
    expect(["Ana", "O'Neil", "Zoë = best"].map(spreadsheetSafe)).toEqual([
      "Ana",
      "O'Neil",
      "Zoë = best",
    ]);
  });

  it("numbers stay numbers, including negative ones; a missing value is empty", () => {
    expect([
      spreadsheetSafe(-3),
      spreadsheetSafe(0.3333),
      spreadsheetSafe(null),
      spreadsheetSafe(Number.NaN),
    ]).toEqual(["-3", "0.3333", "", ""]);
  });

  it("RFC 4180: commas, quotes and line breaks are quoted, lines end in CRLF, with a UTF-8 byte-order mark", () => {
    expect(
      toCsv(
        ["Player", "Points"],
        [
          ["Smith, Jo", 9],
          ['Al "Ace" Bo', 6],
          ["Line\nbreak", null],
        ],
      ),
    ).toBe('\uFEFFPlayer,Points\r\n"Smith, Jo",9\r\n"Al ""Ace"" Bo",6\r\n"Line\nbreak",\r\n');
  });
});
