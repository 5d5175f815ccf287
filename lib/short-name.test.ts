import { describe, expect, it } from "vitest";
import { homeScreenName } from "./short-name";

describe("a home-screen name of at most 12 characters", () => {
  it("keeps whole words and never ends in an ellipsis", () => {
    expect(homeScreenName("Spellbook TO")).toBe("Spellbook TO");
    expect(homeScreenName("Grand Prix Lyon 2026")).toBe("Grand Prix");
    expect(homeScreenName("Friday Night Magic")).toBe("Friday Night");
    expect(homeScreenName("Supercalifragilistic Open")).toBe("Supercalifra");
    expect(homeScreenName("  ")).toBe("");
    for (const name of [
      "Grand Prix Lyon 2026",
      "Modern Monday Madness",
      "Zoë’s très longue soirée",
    ]) {
      expect(homeScreenName(name).length).toBeLessThanOrEqual(12);
      expect(homeScreenName(name)).not.toMatch(/…$/);
    }
  });
});
