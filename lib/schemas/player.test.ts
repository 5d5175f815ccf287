import { describe, expect, it } from "vitest";
import { nameKey } from "./player";

describe("player names", () => {
  it("two spellings of the same name (composed or not, any case or spacing) are one entrant", () => {
    expect(nameKey("Jos\u00e9  Garc\u00eda")).toBe(nameKey(" jose\u0301 garci\u0301a"));
  });
});
