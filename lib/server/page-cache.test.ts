import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cacheableAddress, contentEtag, inlineScriptHashes } from "./page-cache";

const request = (address: string, headers: Record<string, string> = {}, method = "GET") => {
  const url = new URL(address, "http://venue.test");
  return { method, pathname: url.pathname, searchParams: url.searchParams, headers: new Headers(headers) };
};

describe("which requests may share a rendered page", () => {
  it("a visitor's standings and pairings documents, keyed by their known query in one order", () => {
    expect(cacheableAddress(request("/tournaments/abc123/standings"))).toEqual({ address: "/tournaments/abc123/standings", tournamentId: "abc123" });
    expect(cacheableAddress(request("/tournaments/abc123/pairings?q=Ana&page=2"))?.address).toBe("/tournaments/abc123/pairings?page=2&q=Ana");
    expect(cacheableAddress(request("/tournaments/abc123/pairings?page=2&q=Ana"))?.address).toBe("/tournaments/abc123/pairings?page=2&q=Ana");
  });

  it("anything else is rendered per request: other pages, writes, RSC requests, sessions, unknown or repeated query keys", () => {
    expect(cacheableAddress(request("/tournaments/abc123"))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/rounds/1"))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings", {}, "POST"))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings", { rsc: "1" }))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings", { "next-router-prefetch": "1" }))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings", { cookie: "theme=dark; __Secure-better-auth.session_token=x" }))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings", { cookie: "better-auth.session_token=x" }))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings", { cookie: "spellbook_player=x" }))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings?utm=1"))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings?page=1&page=2"))).toBeNull();
    expect(cacheableAddress(request(`/tournaments/abc123/standings?q=${"a".repeat(201)}`))).toBeNull();
  });

  it("a cookie of another site's making does not stop sharing", () => {
    expect(cacheableAddress(request("/tournaments/abc123/standings", { cookie: "theme=dark" }))).not.toBeNull();
  });
});

describe("the policy of a shared page names its inline scripts by hash", () => {
  it("hashes each inline script's exact text, once, and leaves out scripts loaded by src", () => {
    const html = `<html><head><script src="/_next/static/a.js" async=""></script><script>self.__next_f=[]</script></head><body><script>self.__next_f.push([1,"x"])</script><script>self.__next_f=[]</script><script type="module" src="/b.js"></script></body></html>`;
    const sha = (text: string) => createHash("sha256").update(text).digest("base64");
    expect(inlineScriptHashes(html)).toEqual([sha("self.__next_f=[]"), sha('self.__next_f.push([1,"x"])')]);
  });

  it("the validator ignores only the render time: the same standings rendered later are 304, other standings are not", () => {
    const page = (at: string, points: number) => `<script>self.__next_f.push([1,"{\\"renderedAt\\":\\"${at}\\",\\"points\\":${points}}"])</script>`;
    expect(contentEtag(page("2026-11-27T10:00:00.000Z", 9))).toBe(contentEtag(page("2026-11-27T10:05:00.000Z", 9)));
    expect(contentEtag(page("2026-11-27T10:00:00.000Z", 9))).not.toBe(contentEtag(page("2026-11-27T10:00:00.000Z", 6)));
  });
});
