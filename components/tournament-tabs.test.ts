import { describe, expect, it } from "vitest";
import { activeTab, isHeaderlessView } from "./tournament-tabs";

describe("the current tournament tab", () => {
  it("is marked from the page's path: round and match pages belong to running the event", () => {
    expect(activeTab("/tournaments/t1", "t1")).toBe("overview");
    expect(activeTab("/tournaments/t1/rounds/3", "t1")).toBe("overview");
    expect(activeTab("/tournaments/t1/matches/m9/time", "t1")).toBe("overview");
    expect(activeTab("/tournaments/t1/standings", "t1")).toBe("standings");
    expect(activeTab("/tournaments/t1/pairings", "t1")).toBe("pairings");
    expect(activeTab("/tournaments/t1/playoff", "t1")).toBe("playoff");
    expect(activeTab("/tournaments/t1/staff", "t1")).toBe("staff");
    expect(activeTab("/tournaments/t1/judge-calls", "t1")).toBe("judge-calls");
  });

  it("marks nothing for another tournament's path or an unknown page", () => {
    expect(activeTab("/tournaments/t10/standings", "t1")).toBeNull();
    expect(activeTab("/tournaments/t1/unknown", "t1")).toBeNull();
  });
});

describe("views without the tournament header", () => {
  it("the projector and the print views own their sheet; every other page has the header", () => {
    expect(isHeaderlessView("/tournaments/t1/rounds/3/clock")).toBe(true);
    expect(isHeaderlessView("/tournaments/t1/rounds/3/print")).toBe(true);
    expect(isHeaderlessView("/tournaments/t1/rounds/3/print/slips")).toBe(true);
    expect(isHeaderlessView("/tournaments/t1/rounds/3")).toBe(false);
    expect(isHeaderlessView("/tournaments/t1/rounds/3/queue")).toBe(false);
    expect(isHeaderlessView("/tournaments/t1/standings")).toBe(false);
  });
});
