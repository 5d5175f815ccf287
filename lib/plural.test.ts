import { describe, expect, it } from "vitest";
import { listOfNames, plural } from "./plural";

describe("plural ('1 tables', '1 rounds')", () => {
  it("says one thing in the singular", () => {
    expect(plural(1, "table")).toBe("1 table");
  });
  it("says none and many in the plural", () => {
    expect(plural(0, "round")).toBe("0 rounds");
    expect(plural(12, "slip")).toBe("12 slips");
  });
  it("takes an irregular plural", () => {
    expect(plural(2, "match", "matches")).toBe("2 matches");
  });
});

describe("listOfNames", () => {
  it("lists none, one, two and more names as a sentence does", () => {
    expect([
      listOfNames([]),
      listOfNames(["Ana"]),
      listOfNames(["Ana", "Bo"]),
      listOfNames(["Ana", "Bo", "Cy"]),
    ]).toEqual(["", "Ana", "Ana and Bo", "Ana, Bo and Cy"]);
  });
});
