import { describe, expect, it } from "vitest";
import { quickSlips } from "./quick-slips";

const labels = (slips: ReturnType<typeof quickSlips>) =>
  slips.map((s) => `${s.winsA}-${s.winsB}-${s.draws}`);

describe("quick result buttons offer only slips the rules accept (MTR 2.1)", () => {
  it("best-of-one Swiss: 1-0, 0-1 and a drawn game", () => {
    expect(labels(quickSlips({ gamesToWin: 1, elimination: false }))).toEqual([
      "1-0-0",
      "0-1-0",
      "0-0-1",
    ]);
  });
  it("best-of-three Swiss: wins 2-0, 2-1, 1-2, 0-2 and 1-1-1", () => {
    expect(labels(quickSlips({ gamesToWin: 2, elimination: false }))).toEqual([
      "2-0-0",
      "2-1-0",
      "1-2-0",
      "0-2-0",
      "1-1-1",
    ]);
  });
  it("single elimination offers no draw", () => {
    expect(labels(quickSlips({ gamesToWin: 2, elimination: true }))).toEqual([
      "2-0-0",
      "2-1-0",
      "1-2-0",
      "0-2-0",
    ]);
  });
});
