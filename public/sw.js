/*
 * Spellbook TO service worker (docs/live-updates.md): the last loaded tournament page
 * stays readable when the network drops.
 * - A tournament's public pages (pairings, standings, playoff, a round's clock), as documents:
 *   network first; each good answer is kept, and it is what the phone shows when the network is
 *   gone. Staff pages (the overview, rounds, matches, queues, print views, players' codes, staff)
 *   are never kept: a shared device must not show them to the next person.
 * - Signing out (staff or player) forgets every kept page ("forget-all", components/sign-out-button.tsx).
 * - The player's pages (/play and /play/me, without a query: /play?code=… and /play/<code> carry a
 *   code and are never kept), the same way. They are per player (the session cookie): the page
 *   asks to forget /play/me when no player is signed in on this phone, and to fetch it again when
 *   another player signs in or the match changes (components/player-page-cache.tsx); an answer
 *   redirected away (signed out) forgets the kept copy too.
 * - Built assets (/_next/static/..., content-hashed, never change): cache first.
 * - Everything else, and anything that is not a GET (server actions, /api/ writes, /api/auth,
 *   the live event stream), is not touched: it goes to the network as if there were no worker.
 * - Web Push (lib/server/push/push-channel.ts): a push is shown as a notification; a tap opens
 *   (or focuses) the page it names, on this origin only.
 */
// v2: v1 kept staff pages (players' codes among them); v3: v2 kept hidden events' pages. Activating deletes the older caches.
const VERSION = "v3";
const PAGES = `spellbook-pages-${VERSION}`;
const ASSETS = `spellbook-assets-${VERSION}`;
/** What app/tournaments/[id]/layout.tsx writes in a published tournament's pages. */
const PUBLIC_MARKER = '<meta name="spellbook-offline" content="public"';
/** Enough for the pages one player reads at one event; the oldest go first. */
const MAX_PAGES = 40;

/** The pages anyone may read of a published tournament; an allowlist, so a new staff page is never kept by default. */
const PUBLIC_TOURNAMENT_PAGE =
  /^\/tournaments\/[^/]+\/(pairings|standings|playoff|rounds\/[0-9]+\/clock)\/?$/;
const isTournamentPage = (url) =>
  url.origin === self.location.origin && PUBLIC_TOURNAMENT_PAGE.test(url.pathname);
const isPlayerPage = (url) =>
  url.origin === self.location.origin &&
  (url.pathname === "/play" || url.pathname === "/play/me") &&
  url.search === "";
const isKept = (url) => isTournamentPage(url) || isPlayerPage(url);
const isAsset = (url) =>
  url.origin === self.location.origin && url.pathname.startsWith("/_next/static/");

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith("spellbook-") && name !== PAGES && name !== ASSETS)
          await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return;
  if (isAsset(url)) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === "navigate" && isKept(url)) event.respondWith(networkFirst(event, request));
});

/**
 * "remember": the page that was open when the worker first took over was loaded without it: keep
 * it now (with `refresh`, fetch it again even if kept: a player's page after a sign-in or a change).
 * "forget": drop kept player pages (no player is signed in on this phone any more).
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "forget") {
    event.waitUntil(forget(data.pages ?? []));
    return;
  }
  if (data && data.type === "forget-all") {
    event.waitUntil(forgetAll());
    return;
  }
  if (data?.type !== "remember") return;
  event.waitUntil(
    (async () => {
      const page = new URL(data.page, self.location.origin);
      if (
        isKept(page) &&
        (data.refresh === true || !(await caches.match(page.href, { cacheName: PAGES })))
      ) {
        const since = forgotten;
        await remember(
          new Request(page.href, { credentials: "same-origin" }),
          await fetch(page.href, { credentials: "same-origin", cache: "no-store" }).catch(
            () => undefined,
          ),
          since,
        );
      }
      const assets = await caches.open(ASSETS);
      for (const href of data.assets ?? []) {
        const asset = new URL(href, self.location.origin);
        if (isAsset(asset) && !(await assets.match(asset.href)))
          await assets.add(asset.href).catch(() => undefined);
      }
    })(),
  );
});

async function networkFirst(event, request) {
  try {
    const since = forgotten;
    const response = await fetch(request);
    // Gone (unpublished, deleted): a copy kept earlier must not outlive it offline.
    if (response.status === 404 || response.status === 410)
      event.waitUntil(forgetPage(request.url));
    // Kept in the background: the page shows at once, even while an earlier save (a slow
    // download on the venue's Wi-Fi) still holds the queue of player pages.
    event.waitUntil(remember(request, response.clone(), since).catch(() => undefined));
    return response;
  } catch {
    const cached = await caches.match(request.url, { cacheName: PAGES });
    return cached ?? offlinePage();
  }
}

/**
 * Counts "forget"s: a page fetched before one (with the cookie of whoever has just signed out)
 * must not be kept after it.
 */
let forgotten = 0;

/**
 * Pages are kept and forgotten one at a time, in order. A put commits only once its whole
 * body is read, so a delete issued while the body still streams in would land first and the put
 * would then keep the signed-out player's page; queued, the delete runs after the put.
 */
let pageWrites = Promise.resolve();
function oneAtATime(job) {
  const done = pageWrites.then(job, job);
  pageWrites = done.catch(() => undefined);
  return done;
}

async function forget(pages) {
  forgotten++;
  await oneAtATime(async () => {
    const cache = await caches.open(PAGES);
    for (const href of pages) {
      const page = new URL(href, self.location.origin);
      if (isPlayerPage(page)) await cache.delete(page.href);
    }
  });
}

/** One kept page whose address now answers "not found". */
async function forgetPage(href) {
  forgotten++;
  await oneAtATime(async () => (await caches.open(PAGES)).delete(href));
}

/** Signed out: nothing kept on this device may show what the signed-in person saw. */
async function forgetAll() {
  forgotten++;
  await oneAtATime(() => caches.delete(PAGES));
}

async function remember(request, response, since = forgotten) {
  const isPlayers = isPlayerPage(new URL(request.url));
  // A player's page answered by a redirect (to /play: signed out, code reissued) is no one's now.
  if (response?.redirected && isPlayers) await forget([request.url]);
  if (!response?.ok || response.redirected || response.type !== "basic") return;
  // A tournament page is kept only when it says its tournament is published: never a hidden event's
  // page a staff session could see, which would outlive that session on this phone.
  if (!isPlayers && !(await response.clone().text()).includes(PUBLIC_MARKER)) return;
  // The check and the whole put (body included) in the queue: a later forget's delete runs after it,
  // and a page fetched before a sign-out is not kept after it.
  const kept = await oneAtATime(async () => {
    if (since !== forgotten) return false;
    await (await caches.open(PAGES)).put(request.url, response);
    return true;
  });
  if (!kept) return;
  const cache = await caches.open(PAGES);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old);
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: ASSETS });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

function offlinePage() {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title>
<body style="font-family:system-ui,sans-serif;margin:2rem;color:#15233d"><h1>Offline</h1><p>This page was not loaded on this phone before the network dropped. It will load when the connection is back.</p></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A push's notification: its title and body, a tag that replaces an older one, and the page a tap opens. */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Spellbook TO";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      // A newer notification with the same tag (the round's time after its pairing) alerts again.
      renotify: typeof data.tag === "string",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: typeof data.url === "string" ? data.url : "/play/me" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/play/me", self.location.origin);
  // Only this app's own pages: a push can never send the phone elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = open.find((client) => client.url === url);
      if (same) return same.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
