import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./csp";

describe("the pages' Content-Security-Policy", () => {
  it("a page rendered per request: its nonce and 'strict-dynamic', never 'unsafe-inline' scripts", () => {
    const policy = contentSecurityPolicy({ nonce: "abc" });
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("a shared page: the hashes of its inline scripts and 'self' for its chunks, never 'unsafe-inline' scripts", () => {
    const policy = contentSecurityPolicy({ hashes: ["AAA=", "BBB="] });
    expect(policy).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB='");
    expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|strict-dynamic)/);
  });

  it("eval only in development", () => {
    expect(contentSecurityPolicy({ nonce: "n" }, true)).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ nonce: "n" })).not.toContain("'unsafe-eval'");
  });
});
