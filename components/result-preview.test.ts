import { describe, expect, it } from "vitest";
import { describePreview } from "./result-preview";

const bo3 = { gamesToWin: 2, elimination: false };

describe("the result row's preview speaks in the players' names", () => {
  it("MTR 2.1: 'abc' in a score field says which field must be a whole number, never 'not NaN' or 'Player A'", () => {
    const preview = describePreview(
      bo3,
      { winsA: "abc", winsB: "1", draws: "0" },
      "Ann Archer",
      "Ben Baker",
    );
    expect(preview).toEqual({
      text: "Games won by Ann Archer must be a whole number from 0 to 9.",
      isError: true,
    });
    expect(preview.text).not.toMatch(/NaN|Player A/);
    expect(describePreview(bo3, { winsA: "2", winsB: "1", draws: "x" }, "Ann", "Ben").text).toBe(
      "Drawn games must be a whole number from 0 to 9.",
    );
    expect(describePreview(bo3, { winsA: "1.5", winsB: "1", draws: "" }, "Ann", "Ben").text).toBe(
      "Games won by Ann must be a whole number from 0 to 9.",
    );
  });

  it("MTR 2.1: a rule's message names the player instead of 'player A'", () => {
    const preview = describePreview(bo3, { winsA: "3", winsB: "0", draws: "0" }, "Ann", "Ben");
    expect(preview.isError).toBe(true);
    expect(preview.text).toContain("3 game wins were reported for Ann");
    expect(preview.text).not.toMatch(/player [AB]\b/i);
  });

  it("MTR 2.1 ruling F: 2-0-5 previews the win and asks for confirmation", () => {
    const preview = describePreview(bo3, { winsA: "2", winsB: "0", draws: "5" }, "Ann", "Ben");
    expect(preview).toMatchObject({
      text: "Ann wins 2-0-5",
      isError: false,
      question: expect.stringContaining("5 drawn games"),
    });
    expect(
      describePreview(bo3, { winsA: "1", winsB: "1", draws: "1" }, "Ann", "Ben").question,
    ).toBeUndefined();
  });

  it("an empty draws field counts as no drawn game", () => {
    expect(describePreview(bo3, { winsA: "0", winsB: "2", draws: "" }, "Ann", "Ben").text).toBe(
      "Ben wins 2-0",
    );
  });

  it("MTR 2.5: a concession previews as one, an intentional draw as one", () => {
    expect(
      describePreview(bo3, { winsA: "2", winsB: "0", draws: "" }, "Ann", "Ben", {
        concededBy: "B",
      }).text,
    ).toBe("Ben conceded: Ann wins 2-0");
    expect(
      describePreview(bo3, { winsA: "0", winsB: "0", draws: "3" }, "Ann", "Ben", {
        intentionalDraw: true,
      }).text,
    ).toBe("Intentional draw, 0-0-3");
  });
});
