import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  answerFromPageCache,
  cacheableAddress,
  contentTag,
  exactEtag,
  forgetSharedPages,
  inlineScriptHashes,
  PAGE_RENDER_HEADER,
} from "./page-cache";

const request = (address: string, headers: Record<string, string> = {}, method = "GET") => {
  const url = new URL(address, "http://venue.test");
  return {
    method,
    pathname: url.pathname,
    searchParams: url.searchParams,
    headers: new Headers(headers),
  };
};

describe("which requests may share a rendered page", () => {
  it("a visitor's published decklists, read by the whole room once the top 8 is announced", () => {
    expect(cacheableAddress(request("/tournaments/abc123/decklists"))).toMatchObject({
      key: "document /tournaments/abc123/decklists",
      tournamentId: "abc123",
    });
    expect(cacheableAddress(request("/tournaments/abc123/decklists/reg1"))).toBeNull();
  });

  it("a visitor's standings and pairings documents, keyed by their known query in one order", () => {
    expect(cacheableAddress(request("/tournaments/abc123/standings"))).toMatchObject({
      key: "document /tournaments/abc123/standings",
      tournamentId: "abc123",
      isDocument: true,
    });
    expect(cacheableAddress(request("/tournaments/abc123/pairings?q=Ana&page=2"))?.key).toBe(
      "document /tournaments/abc123/pairings?page=2&q=Ana",
    );
    expect(cacheableAddress(request("/tournaments/abc123/pairings?page=2&q=Ana"))?.key).toBe(
      "document /tournaments/abc123/pairings?page=2&q=Ana",
    );
  });

  it("a live page's refresh (an RSC request with its router state) is shared by the same router state; a prefetch or an RSC request without one is not", () => {
    const refresh = (tree: string, address = "/tournaments/abc123/pairings?_rsc=x1") =>
      cacheableAddress(request(address, { rsc: "1", "next-router-state-tree": tree }));
    const one = refresh("%5B%22%22%5D");
    expect(one).toMatchObject({
      isDocument: false,
      renderAddress: "/tournaments/abc123/pairings?_rsc=x1",
      renderHeaders: { rsc: "1", "next-router-state-tree": "%5B%22%22%5D" },
    });
    expect(one?.key).toMatch(/^rsc \/tournaments\/abc123\/pairings /);
    expect(refresh("%5B%22%22%5D", "/tournaments/abc123/pairings?_rsc=other")?.key).toBe(one?.key);
    expect(refresh("%5B%22x%22%5D")?.key).not.toBe(one?.key);
    expect(cacheableAddress(request("/tournaments/abc123/pairings", { rsc: "1" }))).toBeNull();
    expect(
      cacheableAddress(
        request("/tournaments/abc123/pairings", {
          rsc: "1",
          "next-router-state-tree": "x",
          "next-router-prefetch": "1",
        }),
      ),
    ).toBeNull();
    expect(
      cacheableAddress(
        request("/tournaments/abc123/pairings", {
          rsc: "1",
          "next-router-state-tree": "x".repeat(4_001),
        }),
      ),
    ).toBeNull();
  });

  it("anything else is rendered per request: other pages, writes, RSC requests, sessions, unknown or repeated query keys", () => {
    expect(cacheableAddress(request("/tournaments/abc123"))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/rounds/1"))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings", {}, "POST"))).toBeNull();
    expect(
      cacheableAddress(request("/tournaments/abc123/standings", { "next-router-prefetch": "1" })),
    ).toBeNull();
    expect(
      cacheableAddress(
        request("/tournaments/abc123/standings", {
          cookie: "theme=dark; __Secure-better-auth.session_token=x",
        }),
      ),
    ).toBeNull();
    expect(
      cacheableAddress(
        request("/tournaments/abc123/standings", { cookie: "better-auth.session_token=x" }),
      ),
    ).toBeNull();
    expect(
      cacheableAddress(request("/tournaments/abc123/standings", { cookie: "spellbook_player=x" })),
    ).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings?utm=1"))).toBeNull();
    expect(cacheableAddress(request("/tournaments/abc123/standings?page=1&page=2"))).toBeNull();
    expect(
      cacheableAddress(request(`/tournaments/abc123/standings?q=${"a".repeat(201)}`)),
    ).toBeNull();
  });

  it("a cookie of another site's making does not stop sharing", () => {
    expect(
      cacheableAddress(request("/tournaments/abc123/standings", { cookie: "theme=dark" })),
    ).not.toBeNull();
  });
});

describe("the policy of a shared page names its inline scripts by hash", () => {
  it("hashes each inline script's exact text, once, and leaves out scripts loaded by src", () => {
    const html = `<html><head><script src="/_next/static/a.js" async=""></script><script>self.__next_f=[]</script></head><body><script>self.__next_f.push([1,"x"])</script><script>self.__next_f=[]</script><script type="module" src="/b.js"></script></body></html>`;
    const sha = (text: string) => createHash("sha256").update(text).digest("base64");
    expect(inlineScriptHashes(html)).toEqual([
      sha("self.__next_f=[]"),
      sha('self.__next_f.push([1,"x"])'),
    ]);
  });

  it("the validator names the exact bytes (their script hashes with them); the content tag leaves out only the render time", () => {
    const page = (at: string, points: number) =>
      `<script>self.__next_f.push([1,"{\\"renderedAt\\":\\"${at}\\",\\"points\\":${points}}"])</script>`;
    expect(exactEtag(page("2026-11-27T10:00:00.000Z", 9))).not.toBe(
      exactEtag(page("2026-11-27T10:05:00.000Z", 9)),
    );
    expect(exactEtag(page("2026-11-27T10:00:00.000Z", 9))).toBe(
      exactEtag(Buffer.from(page("2026-11-27T10:00:00.000Z", 9))),
    );
    expect(contentTag(page("2026-11-27T10:00:00.000Z", 9))).toBe(
      contentTag(page("2026-11-27T10:05:00.000Z", 9)),
    );
    expect(contentTag(page("2026-11-27T10:00:00.000Z", 9))).not.toBe(
      contentTag(page("2026-11-27T10:00:00.000Z", 6)),
    );
  });
});

describe("serving from the cache: one render for many, again after a change, at most once a second", () => {
  const LISTENER_KEY = Symbol.for("spellbook-to.live-listener");
  const STATE_KEY = Symbol.for("spellbook-to.page-cache");
  const processGlobal = globalThis as unknown as Record<symbol, unknown>;
  const POOL_KEY = Symbol.for("spellbook-to.database-pool");
  let stamp = "1.0";
  let renders = 0;
  let isPublic = true;
  let visibilityReads = 0;

  beforeEach(() => {
    delete processGlobal[STATE_KEY];
    processGlobal[LISTENER_KEY] = { changeStamp: () => stamp };
    isPublic = true;
    visibilityReads = 0;
    processGlobal[POOL_KEY] = {
      query: async () => {
        visibilityReads++;
        return { rows: [{ isPublic }] };
      },
    };
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("__NEXT_PRIVATE_ORIGIN", "http://127.0.0.1:9");
    renders = 0;
    stamp = "1.0";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: { headers: Record<string, string> }) => {
        renders++;
        expect(init.headers[PAGE_RENDER_HEADER]).toMatch(/^[0-9a-f]{32}$/);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return new Response(
          `<html><body>render ${renders}<script>go(${renders})</script></body></html>`,
          {
            status: 200,
            headers: { "content-type": "text/html; charset=utf-8", "set-cookie": "x=1" },
          },
        );
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    delete processGlobal[LISTENER_KEY];
    delete processGlobal[STATE_KEY];
    delete processGlobal[POOL_KEY];
  });

  const visit = (headers: Record<string, string> = {}) =>
    answerFromPageCache(request("/tournaments/t1/standings", headers));

  it("ten visitors at once: one render, each gets it with its script's hash in the policy and no cookie of the render", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => visit()));
    expect(renders).toBe(1);
    for (const answer of answers) {
      expect(answer?.status).toBe(200);
      expect(answer?.headers.get("set-cookie")).toBeNull();
      expect(answer?.headers.get("content-security-policy")).toContain(
        `'sha256-${createHash("sha256").update("go(1)").digest("base64")}'`,
      );
    }
    expect((await visit())?.headers.get("x-page-cache")).toBe("hit");
    expect(await (await visit())!.text()).toContain("render 1");
  });

  it("after a change the copy of a moment ago is served while the page renders again, at most once a second", async () => {
    await visit();
    stamp = "1.1";
    // Under a second since the last render: the copy, and no new render yet.
    const soon = await visit();
    expect([soon?.headers.get("x-page-cache"), renders]).toEqual(["stale", 1]);
    await visit();
    expect(renders).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect(renders).toBe(2);
    const fresh = await visit();
    expect([fresh?.headers.get("x-page-cache"), await fresh!.text()]).toEqual([
      "hit",
      expect.stringContaining("render 2"),
    ]);
    // Past the copy's lifetime with no change: the copy, then one render for the round clock's sake.
    await new Promise((resolve) => setTimeout(resolve, 2_050));
    expect((await visit())?.headers.get("x-page-cache")).toBe("stale");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(renders).toBe(3);
  });

  it("a change followed by nothing: the copy served stale within the second is rendered again by itself, no later request needed", async () => {
    await visit();
    stamp = "1.1";
    expect((await visit())?.headers.get("x-page-cache")).toBe("stale");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(renders).toBe(2);
    const next = await visit();
    expect([next?.headers.get("x-page-cache"), await next!.text()]).toEqual([
      "hit",
      expect.stringContaining("render 2"),
    ]);
  });

  it("a change while the page renders: the render begun before it is followed by one after it", async () => {
    const first = visit();
    await new Promise((resolve) => setTimeout(resolve, 5));
    stamp = "1.1";
    await Promise.all([first, visit()]);
    expect(renders).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(renders).toBe(2);
    expect((await visit())?.headers.get("x-page-cache")).toBe("hit");
  });

  it("a 304 only for the exact bytes kept: the same content rendered again keeps its bytes, validator and policy; other content answers 200", async () => {
    let points = 9;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        renders++;
        const at = new Date(Date.now() + renders).toISOString();
        const payload = `{\\"renderedAt\\":\\"${at}\\",\\"points\\":${points}}`;
        return new Response(
          `<html><body><script>self.__next_f.push([1,"${payload}"])</script></body></html>`,
          { status: 200, headers: { "content-type": "text/html; charset=utf-8" } },
        );
      }),
    );
    const kept = (await visit())!;
    const etag = kept.headers.get("etag")!;
    const body = await kept.text();
    expect(kept.headers.get("content-security-policy")).toContain(
      `'sha256-${createHash("sha256")
        .update(/<script>([^<]*)<\/script>/.exec(body)![1]!)
        .digest("base64")}'`,
    );
    // Long past the copy's lifetime: rendered again, same standings, a later render time.
    vi.useFakeTimers({ now: Date.now() + 3_500, toFake: ["Date"] });
    const reopened = (await visit({ "if-none-match": etag }))!;
    expect([renders, reopened.status, reopened.headers.get("content-security-policy")]).toEqual([
      2,
      304,
      kept.headers.get("content-security-policy"),
    ]);
    vi.setSystemTime(Date.now() + 3_500);
    points = 12;
    const changed = (await visit({ "if-none-match": etag }))!;
    expect([renders, changed.status]).toEqual([3, 200]);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.headers.get("content-security-policy")).not.toBe(
      kept.headers.get("content-security-policy"),
    );
    vi.useRealTimers();
  });

  it("a phone that kept the same page gets 304; a signed-in visitor and a page that did not render are not served a copy", async () => {
    const first = await visit();
    const again = await visit({ "if-none-match": first!.headers.get("etag")! });
    expect(again?.status).toBe(304);
    expect(await visit({ cookie: "__Secure-better-auth.session_token=abc" })).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response("not found", { status: 404, headers: { "content-type": "text/html" } }),
      ),
    );
    expect(await answerFromPageCache(request("/tournaments/t2/standings"))).toBeNull();
  });

  it("unpublished or deleted: from the change heard on, no copy is served (the page renders and answers 404); checked once per change", async () => {
    expect((await visit())?.status).toBe(200);
    await visit();
    expect(visibilityReads).toBe(1);
    stamp = "1.1";
    isPublic = false;
    expect(await visit()).toBeNull();
    expect(await visit({ "if-none-match": "*" })).toBeNull();
    expect(visibilityReads).toBe(2);
  });

  it("this process unpublished it: its copies go before the change is even heard back", async () => {
    expect((await visit())?.status).toBe(200);
    isPublic = false;
    forgetSharedPages("t1");
    expect(await visit()).toBeNull();
  });

  it("no copy while the process does not hear every change (no listener yet)", async () => {
    processGlobal[LISTENER_KEY] = { changeStamp: () => null };
    expect(await visit()).toBeNull();
    expect(renders).toBe(0);
  });
});
