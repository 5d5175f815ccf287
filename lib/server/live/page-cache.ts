import { createHash, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { contentSecurityPolicy } from "@/lib/csp";
import { sharedDatabasePool } from "@/lib/server/infra/database-admission";

/**
 * Public pages rendered once and served to many (docs/performance.md): a published tournament's
 * standings, pairings and decklists, as documents for visitors without a session. At the start of
 * a round every player opens the same page within a minute, and rendering it per request (React's
 * server rendering of the layout and a 50-row table, then gzip) is what a busy server cannot afford.
 *
 * proxy.ts asks `answerFromPageCache` first. A page is kept under its address with the
 * tournament's change stamp (lib/server/live/live.ts: it moves with every change this process hears)
 * and rendered again after a change, at most once a second, and at least every few seconds (the
 * round clock's start time stays close). A miss renders the page once however many ask at once,
 * through the app itself (a loopback request the proxy recognises by a per-process secret), without
 * a nonce: the page is served with a policy naming the SHA-256 of each of its inline scripts, so
 * the CSP stays strict. The only read is whether the tournament is still public, once per change
 * heard; where anything is uncertain (a session cookie, a query it does not know, no listener yet,
 * a render that is not a 200) the page is rendered per request as before.
 *
 * A copy's ETag is the hash of its exact bytes, so a 304 always pairs the body a browser kept with
 * that body's own script hashes; a render whose content equals the kept copy's (only its render
 * time differs) keeps the earlier bytes, so an unchanged page still answers 304.
 */
const PAGE_TTL_MS = 2_000;
const MIN_RENDER_INTERVAL_MS = 1_000;
const MAX_STALE_MS = 3_000;
/** A copy too old to serve is still kept this long, so a render of the same content can keep its bytes (and its 304s). */
const KEPT_FOR_REUSE_MS = 60 * 60_000;
const MAX_BYTES = 32 * 1024 * 1024;
const RENDER_TIMEOUT_MS = 10_000;
export const PAGE_RENDER_HEADER = "x-spellbook-page-render";

const CACHED_PAGE = /^\/tournaments\/([A-Za-z0-9_-]{1,100})\/(standings|pairings|decklists)$/;
const QUERY_KEYS = new Set(["page", "q", "round"]);
const MAX_QUERY_LENGTH = 200;
/** A signed-in organizer, judge or player sees their own header and links: never a shared copy. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.[^=]*|spellbook_player)=/;
/** Headers of the rendered answer that belong to that one answer, not to the copies served. */
const NOT_COPIED = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "content-security-policy",
  "etag",
  "cache-control",
]);

/** `renderedAt`: when the copy was last rendered (its bytes may be older, see `contentTag`). */
type CachedPage = {
  html: Buffer;
  etag: string;
  contentTag: string;
  policy: string;
  headers: [string, string][];
  renderedAt: number;
  stamp: string;
  isDocument: boolean;
};
type ChangeStamps = { changeStamp(tournamentId: string): string | null };

type Rendering = { stamp: string; done: Promise<CachedPage | null> };
/** Whether a tournament is still published and not deleted, as read once after each change heard. */
type Visibility = { stamp: string; isPublic: Promise<boolean> };
type PageCacheState = {
  pages: LRUCache<string, CachedPage>;
  rendering: Map<string, Rendering>;
  trailing: Map<string, NodeJS.Timeout>;
  visibility: LRUCache<string, Visibility>;
  secret: string;
  unavailableUntil: number;
};
const STATE_KEY = Symbol.for("spellbook-to.page-cache");
const LISTENER_KEY = Symbol.for("spellbook-to.live-listener");
const processGlobal = globalThis as unknown as Record<
  symbol,
  PageCacheState | ChangeStamps | undefined
>;

function state(): PageCacheState {
  let current = processGlobal[STATE_KEY] as PageCacheState | undefined;
  if (!current) {
    current = processGlobal[STATE_KEY] = {
      pages: new LRUCache<string, CachedPage>({
        maxSize: MAX_BYTES,
        sizeCalculation: (page) => page.html.length + page.policy.length + 512,
        ttl: KEPT_FOR_REUSE_MS,
        ttlAutopurge: true,
      }),
      rendering: new Map(),
      trailing: new Map(),
      visibility: new LRUCache<string, Visibility>({ max: 10_000 }),
      secret: randomBytes(16).toString("hex"),
      unavailableUntil: 0,
    };
  }
  return current;
}

export type PageRequest = {
  method: string;
  pathname: string;
  searchParams: URLSearchParams;
  headers: Headers;
};

/** What a copy is kept under and how the app is asked to render it. */
export type CacheableRequest = {
  /** The copy's key: its form (document or RSC payload), address and, for RSC, the client's router state. */
  key: string;
  tournamentId: string;
  /** The address the app renders (the request's own, `_rsc` included for an RSC request). */
  renderAddress: string;
  /** The headers the render needs besides the page cache's own (an RSC request's router headers). */
  renderHeaders: Record<string, string>;
  isDocument: boolean;
};

const RSC_HEADERS = ["rsc", "next-router-state-tree", "next-url"] as const;
const MAX_ROUTER_STATE_LENGTH = 4_000;

/**
 * The request's copy in the cache, or null when this request is rendered per request. A document
 * is shared by every visitor without a session; so is the RSC payload a live page's refresh asks
 * for (`router.refresh()`: the same page, from the same router state), which carries no nonce.
 */
export function cacheableAddress(request: PageRequest): CacheableRequest | null {
  if (request.method !== "GET") return null;
  const page = CACHED_PAGE.exec(request.pathname);
  if (!page) return null;
  const headers = request.headers;
  if (
    headers.has("next-router-prefetch") ||
    headers.has("next-router-segment-prefetch") ||
    headers.has("next-action") ||
    headers.get("purpose") === "prefetch"
  )
    return null;
  if (SESSION_COOKIE.test(headers.get("cookie") ?? "")) return null;
  const isRsc = headers.get("rsc") === "1";
  const routerState = headers.get("next-router-state-tree");
  if (
    isRsc
      ? routerState === null || routerState.length > MAX_ROUTER_STATE_LENGTH
      : headers.has("rsc") || routerState !== null
  )
    return null;
  const query: [string, string][] = [];
  for (const [key, value] of request.searchParams) {
    if (isRsc && key === "_rsc") continue;
    if (!QUERY_KEYS.has(key) || value.length > MAX_QUERY_LENGTH) return null;
    query.push([key, value]);
  }
  if (new Set(query.map(([key]) => key)).size !== query.length) return null;
  query.sort(([a], [b]) => (a < b ? -1 : 1));
  const search = new URLSearchParams(query).toString();
  const address = search ? `${request.pathname}?${search}` : request.pathname;
  if (!isRsc)
    return {
      key: `document ${address}`,
      tournamentId: page[1]!,
      renderAddress: address,
      renderHeaders: { accept: "text/html" },
      isDocument: true,
    };
  const renderHeaders: Record<string, string> = {};
  for (const name of RSC_HEADERS) {
    const value = headers.get(name);
    if (value !== null) renderHeaders[name] = value;
  }
  const router = createHash("sha256")
    .update(`${routerState}\n${headers.get("next-url") ?? ""}`)
    .digest("base64url");
  const original = request.searchParams.toString();
  return {
    key: `rsc ${address} ${router}`,
    tournamentId: page[1]!,
    renderAddress: original ? `${request.pathname}?${original}` : request.pathname,
    renderHeaders,
    isDocument: false,
  };
}

/** Whether this request is the page cache's own render of a page (the loopback request). */
export function isPageCacheRender(headers: Headers): boolean {
  const value = headers.get(PAGE_RENDER_HEADER);
  return value !== null && value === state().secret;
}

/** The SHA-256 (base64) of each inline script of a document, as CSP hash sources name them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.add(createHash("sha256").update(body!, "utf8").digest("base64"));
  }
  return [...hashes];
}

/** The validator of exactly these bytes: a 304 then stands for the body and the policy the browser holds. */
export function exactEtag(html: string | Buffer): string {
  return `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
}

/** What the page shows, leaving out the render time the live updates compare with: equal content may keep the earlier bytes. */
export function contentTag(html: string): string {
  const content = html.replace(/(renderedAt\\*"\s*:\s*\\*")[0-9T:.Z-]+/g, "$1");
  return createHash("sha256").update(content, "utf8").digest("base64url");
}

function origin(): string | null {
  // `next start` sets both once it listens; the app calls itself on the address it is bound to.
  if (process.env.__NEXT_PRIVATE_ORIGIN) return process.env.__NEXT_PRIVATE_ORIGIN;
  return process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : null;
}

async function render(cacheable: CacheableRequest, stamp: string): Promise<CachedPage | null> {
  const address = cacheable.renderAddress;
  const base = origin();
  if (!base) return null;
  const cache = state();
  const started = Date.now();
  try {
    const answer = await fetch(`${base}${address}`, {
      headers: {
        ...cacheable.renderHeaders,
        [PAGE_RENDER_HEADER]: cache.secret,
        "accept-encoding": "identity",
      },
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    if (
      answer.status !== 200 ||
      !(answer.headers.get("content-type") ?? "").startsWith(
        cacheable.isDocument ? "text/html" : "text/x-component",
      )
    ) {
      await answer.body?.cancel();
      return null;
    }
    const html = await answer.text();
    const headers: [string, string][] = [];
    answer.headers.forEach((value, name) => {
      if (!NOT_COPIED.has(name.toLowerCase())) headers.push([name, value]);
    });
    return {
      html: Buffer.from(html, "utf8"),
      etag: exactEtag(html),
      contentTag: contentTag(html),
      policy: contentSecurityPolicy({
        hashes: cacheable.isDocument ? inlineScriptHashes(html) : [],
      }),
      headers,
      renderedAt: started,
      stamp,
      isDocument: cacheable.isDocument,
    };
  } catch (error) {
    // The app cannot reach itself (an unusual bind address): render per request for a while.
    cache.unavailableUntil = Date.now() + 30_000;
    console.warn(
      `page cache: rendering ${address} through ${base} failed (${error instanceof Error ? error.message : String(error)}); pages are rendered per request for 30 s`,
    );
    return null;
  }
}

/**
 * The page from the cache, or null when this request must be rendered per request. Only in
 * production: development renders every page as it is edited.
 *
 * A copy is current while the tournament has not changed and it is under PAGE_TTL_MS old. One that
 * is not current but under MAX_STALE_MS old is still served while the page renders again, at most
 * once per MIN_RENDER_INTERVAL_MS (a render is scheduled for the end of that interval, so the
 * copies always reach the latest change without another request): however many results arrive, a
 * page is rendered at most about once a second, and whoever loads it meanwhile gets the copy of a
 * moment ago. A live page told of a change checks its render time and asks again until its copy is
 * newer than the change (components/live-updates.tsx). Past MAX_STALE_MS the request waits for the
 * render (one for everyone waiting).
 */
export async function answerFromPageCache(request: PageRequest): Promise<Response | null> {
  if (process.env.NODE_ENV !== "production" || process.env.PAGE_CACHE === "off") return null;
  const cacheable = cacheableAddress(request);
  if (!cacheable) return null;
  const cache = state();
  const now = Date.now();
  if (now < cache.unavailableUntil) return null;
  const stamp = changeStampOf(cacheable.tournamentId);
  if (stamp === null) return null;
  // Unpublished or deleted: no copy is served from the next change heard on (its render answers 404).
  if (!(await isStillPublic(cacheable.tournamentId, stamp))) return null;
  const kept = cache.pages.get(cacheable.key);
  const age = kept ? now - kept.renderedAt : Number.POSITIVE_INFINITY;
  if (kept && age < MAX_STALE_MS) {
    if (kept.stamp === stamp && age < PAGE_TTL_MS) return servePage(kept, request.headers, "hit");
    if (age >= MIN_RENDER_INTERVAL_MS) void renderAgain(cacheable, stamp);
    else renderLater(cacheable, MIN_RENDER_INTERVAL_MS - age);
    return servePage(kept, request.headers, "stale");
  }
  const rendered = await renderAgain(cacheable, stamp);
  return rendered ? servePage(rendered, request.headers, "miss") : null;
}

/** Read once per change heard (one indexed row): a copy may be served only while this holds. */
function isStillPublic(tournamentId: string, stamp: string): Promise<boolean> {
  const cache = state();
  const known = cache.visibility.get(tournamentId);
  if (known?.stamp === stamp) return known.isPublic;
  const pool = sharedDatabasePool();
  const isPublic = pool
    ? pool
        .query<{ isPublic: boolean }>(
          `SELECT "publishedAt" IS NOT NULL AND "deletedAt" IS NULL AS "isPublic" FROM "Tournament" WHERE id = $1`,
          [tournamentId],
        )
        .then((answer) => answer.rows[0]?.isPublic === true)
        .catch(() => false)
    : Promise.resolve(false);
  cache.visibility.set(tournamentId, { stamp, isPublic });
  return isPublic;
}

/** Whether a tournament is still public as of the last change this process heard (read once per change). */
export function isPublicNow(tournamentId: string): Promise<boolean> {
  const stamp = changeStampOf(tournamentId);
  return stamp === null ? Promise.resolve(true) : isStillPublic(tournamentId, stamp);
}

/**
 * This process made a tournament hidden (unpublished or deleted): its shared copies go at once,
 * before the change is heard back from the database (other processes forget them when they hear it).
 */
export function forgetSharedPages(tournamentId: string): void {
  const cache = state();
  cache.visibility.set(tournamentId, { stamp: "hidden", isPublic: Promise.resolve(false) });
  for (const key of [...cache.pages.keys()])
    if (CACHED_PAGE.exec(key.split(" ")[1]?.split("?")[0] ?? "")?.[1] === tournamentId)
      cache.pages.delete(key);
}

function changeStampOf(tournamentId: string): string | null {
  return (
    (processGlobal[LISTENER_KEY] as ChangeStamps | undefined)?.changeStamp?.(tournamentId) ?? null
  );
}

/** One render of the page for everyone asking; one begun before the latest change is followed by another. */
function renderAgain(cacheable: CacheableRequest, stamp: string): Promise<CachedPage | null> {
  const cache = state();
  const pending = cache.rendering.get(cacheable.key);
  if (pending) {
    if (pending.stamp !== stamp) renderLater(cacheable, MIN_RENDER_INTERVAL_MS);
    return pending.done;
  }
  const done = render(cacheable, stamp).then((rendered) => {
    if (!rendered) return null;
    const previous = cache.pages.get(cacheable.key);
    const page =
      previous && previous.contentTag === rendered.contentTag
        ? { ...rendered, html: previous.html, etag: previous.etag, policy: previous.policy }
        : rendered;
    cache.pages.set(cacheable.key, page);
    return page;
  });
  cache.rendering.set(cacheable.key, { stamp, done });
  void done.finally(() => cache.rendering.delete(cacheable.key));
  return done;
}

/** A render once the interval allows, unless the copy has caught up with the tournament by then. */
function renderLater(cacheable: CacheableRequest, delayMs: number): void {
  const cache = state();
  if (cache.trailing.has(cacheable.key)) return;
  const timer = setTimeout(() => {
    cache.trailing.delete(cacheable.key);
    const stamp = changeStampOf(cacheable.tournamentId);
    if (stamp === null || cache.pages.get(cacheable.key)?.stamp === stamp) return;
    void renderAgain(cacheable, stamp);
  }, delayMs);
  timer.unref();
  cache.trailing.set(cacheable.key, timer);
}

function servePage(page: CachedPage, requestHeaders: Headers, status: string): Response {
  const headers = new Headers(page.headers);
  headers.set("Content-Security-Policy", page.policy);
  headers.set("Cache-Control", "private, no-cache");
  headers.set("ETag", page.etag);
  const vary = new Set(
    (headers.get("vary") ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  );
  headers.set(
    "Vary",
    [
      ...vary,
      ...["Accept-Encoding", "Cookie"].filter(
        (name) => ![...vary].some((each) => each.toLowerCase() === name.toLowerCase()),
      ),
    ].join(", "),
  );
  headers.set("X-Page-Cache", status);
  const validators = (requestHeaders.get("if-none-match") ?? "")
    .split(",")
    .map((tag) => tag.trim());
  if (validators.includes(page.etag)) return new Response(null, { status: 304, headers });
  if (page.isDocument) headers.set("Content-Type", "text/html; charset=utf-8");
  // Next's response compression gzips it as it does every page (`compress` in next.config.js). A copy
  // gzipped here cannot be sent: Next drops a proxy answer's Content-Encoding and would gzip it again.
  return new Response(new Uint8Array(page.html), { status: 200, headers });
}
