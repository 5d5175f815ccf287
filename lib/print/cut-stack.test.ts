import { describe, expect, it } from "vitest";
import { cutStackPages, paperOf, stackedOrder } from "./cut-stack";

describe("result slips laid out so a cut stack stays in table order", () => {
  it("10 slips, 4 to a page: 3 pages; position 1 of the pages holds tables 1-3, position 2 tables 4-6…", () => {
    const pages = cutStackPages(10, 4);
    expect(pages).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7, null],
      [2, 5, 8, null],
    ]);
  });

  it("cutting every page and stacking pile 1 on pile 2 on … gives table order, for any count", () => {
    for (let count = 0; count <= 41; count++) {
      for (const perPage of [1, 2, 3, 4, 6]) {
        const pages = cutStackPages(count, perPage);
        expect(stackedOrder(pages)).toEqual(Array.from({ length: count }, (_, index) => index));
        expect(pages.length).toBe(Math.ceil(count / perPage));
      }
    }
  });

  it("reading order would not: page 1 = tables 1-4 gives a top pile of 1, 5, 9", () => {
    const readingOrder = [
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9, null, null],
    ];
    expect(stackedOrder(readingOrder)).not.toEqual(Array.from({ length: 10 }, (_, index) => index));
  });

  it("nonsense counts give no pages; the paper is A4 unless Letter is asked for", () => {
    expect(cutStackPages(-1, 4)).toEqual([]);
    expect(cutStackPages(3, 0)).toEqual([[0], [1], [2]].map((page) => page));
    expect(paperOf("letter")).toBe("letter");
    expect(paperOf("legal")).toBe("a4");
  });
});
