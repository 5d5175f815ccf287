import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next-path";

describe("safeNextPath: only same-origin relative paths survive a sign-in", () => {
  it.each([
    "/",
    "/tournaments/abc",
    "/tournaments/abc/staff?tab=1#x",
    "/invite/AbC-123_x",
    "/standings?q=J%C3%A9r%C3%B4me",
  ])("keeps %s", (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    ["protocol-relative", "//evil.example/x"],
    ["backslash", "/\\evil.example/x"],
    ["encoded tab then slash", "/%09/evil.example/x"],
    ["raw tab then slash", "/\t/evil.example/x"],
    ["encoded backslash", "/%5Cevil.example"],
    ["encoded slash", "/%2F/evil.example"],
    ["encoded double slash", "%2F%2Fevil.example"],
    ["newline", "/x\ny"],
    ["encoded newline", "/x%0Ay"],
    ["encoded carriage return", "/x%0d%0aSet-Cookie:a=b"],
    ["space", "/ /evil.example"],
    ["absolute URL", "https://evil.example/x"],
    ["scheme", "javascript:alert(1)"],
    ["relative without slash", "evil.example"],
    ["empty", ""],
    ["backslash only", "\\\\evil.example"],
    ["bad percent-encoding", "/%E0%A4%A"],
    ["very long", `/${"a".repeat(3000)}`],
    ["nul", "/x%00"],
    ["unicode line separator", "/x\u2028y"],
    ["dot segment then double slash", "/.//evil.example"],
    ["parent segment then double slash", "/x/..//evil.example"],
    ["deeper parent segment", "/tournaments/..//evil.example/path"],
    ["encoded dot segment", "/%2E//evil.example"],
    ["fullwidth slash", "/\uFF0Fevil.example"],
    ["non-ASCII letter", "/caf\u00e9"],
  ])("refuses %s", (_what, attack) => {
    expect(safeNextPath(attack)).toBe("/");
  });

  it("refuses what is not a string and falls back to the default given", () => {
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath(["/a", "/b"])).toBe("/");
    expect(safeNextPath("//evil.example", "/account")).toBe("/account");
  });

  it("answers the path with its dot segments resolved", () => {
    expect(safeNextPath("/tournaments/../account")).toBe("/account");
    expect(safeNextPath("/./standings?q=a#b")).toBe("/standings?q=a#b");
  });

  it("every path it keeps resolves to the app's own origin", () => {
    const origin = "https://app.example";
    for (const candidate of [
      "/x",
      "/%09/evil",
      "//evil",
      "/\\evil",
      "/.//evil",
      "/./\\evil",
      "/tournaments/../x",
    ]) {
      const kept = safeNextPath(candidate);
      expect(new URL(kept, origin).origin).toBe(origin);
    }
  });
});
