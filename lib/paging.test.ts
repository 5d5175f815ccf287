import { describe, expect, it } from "vitest";
import { pageLinks, searchAndPage, searchKey } from "./paging";
import { PageQuerySchema, pageRequestFromSearchParams } from "./schemas/paging";

describe("searchKey", () => {
  it("folds case, accents and letters typed without their accent", () => {
    expect(searchKey("Jérôme Ødegaard")).toBe("jerome odegaard");
    expect(searchKey("  Zoë   DUBOIS ")).toBe("zoe dubois");
    expect(searchKey("Łukasz Straße")).toBe("lukasz strasse");
    expect(searchKey("Ægir")).toBe("aegir");
  });
});

describe("searchAndPage", () => {
  const rows = Array.from({ length: 120 }, (_, index) => `Player ${index + 1}`);
  it("pages the rows and reports the page info", () => {
    const page = searchAndPage(rows, searchKey, { q: "", page: 3, pageSize: 50 });
    expect(page).toMatchObject({
      total: 120,
      page: 3,
      pageCount: 3,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    expect(page.rows).toEqual(rows.slice(100));
  });
  it("filters by the folded query before paging", () => {
    const page = searchAndPage(rows, searchKey, { q: "PLAYER 11", page: 1, pageSize: 5 });
    expect(page).toMatchObject({ total: 11, pageCount: 3 });
    expect(page.rows).toEqual([
      "Player 11",
      "Player 110",
      "Player 111",
      "Player 112",
      "Player 113",
    ]);
  });
  it("past the last page: none for the API, the last one for people", () => {
    expect(searchAndPage(rows, searchKey, { q: "", page: 5, pageSize: 50 }).rows).toEqual([]);
    expect(
      searchAndPage(rows, searchKey, { q: "", page: 5, pageSize: 50, clampToLastPage: true }),
    ).toMatchObject({ page: 3 });
    expect(searchAndPage([], searchKey, { q: "", page: 1, pageSize: 50 })).toMatchObject({
      total: 0,
      pageCount: 1,
      hasNextPage: false,
    });
  });
});

describe("pageLinks", () => {
  it("links the first, the last and the pages around the current one", () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(5, 82, 1)).toEqual([1, null, 4, 5, 6, null, 82]);
    expect(pageLinks(2, 4, 1)).toEqual([1, 2, 3, 4]);
  });
});

describe("page query", () => {
  it("defaults to page 1 of 50 rows", () => {
    expect(PageQuerySchema.parse({})).toEqual({ q: "", page: 1, pageSize: 50 });
  });
  it("people's pages never fail on a hand-edited URL", () => {
    expect(pageRequestFromSearchParams({ page: "-3", q: ["dara", "x"] })).toEqual({
      q: "dara",
      page: 1,
      pageSize: 50,
      clampToLastPage: true,
    });
    expect(pageRequestFromSearchParams({ page: "4", pageSize: "5000" })).toMatchObject({
      page: 4,
      pageSize: 50,
    });
  });
});
