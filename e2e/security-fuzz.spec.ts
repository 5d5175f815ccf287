import http from "node:http";
import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect, test, type Page } from "@playwright/test";

/**
 * A bounded fuzz of the running production server (the e2e server, loopback only): every page and
 * route found under app/, with real and garbage ids, hostile query strings, cookies and headers
 * (RSC, router state, Accept), and server action calls with a foreign Origin or a body that is no
 * form. Nothing may answer 5xx. Reproducible: fast-check with a fixed seed, a fixed number of runs
 * and a time limit, after one fixed sweep of every route with every hostile part. Every 5xx is
 * collected and listed at the end, so one run shows them all.
 *
 * Requests go through Node's fetch rather than Playwright's request context: it resolves once the
 * headers arrive, so an event stream (which never ends by itself) is checked and then let go.
 */

const root = path.resolve(import.meta.dirname, "..");
const SEED = 19;
const RUNS = 400;
const TIME_LIMIT_MS = 120_000;

/** Route templates, from the file system: `/tournaments/[id]/rounds/[number]` and so on. */
function routeTemplates(): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "page.tsx" || entry.name === "route.ts") {
        const route = path
          .relative(path.join(root, "app"), path.dirname(full))
          .split(path.sep)
          .filter(Boolean)
          .join("/");
        found.push(`/${route}`);
      }
    }
  };
  walk(path.join(root, "app"));
  return [...new Set(found)].sort();
}

/** Segment values no one sends on purpose (none is a valid player code, so no wrong code is counted against the address). */
const GARBAGE_SEGMENTS = [
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "..",
  "%2e%2e",
  "x".repeat(3000),
  "1e20",
  "-1",
  "0x2",
  "99999999999999999999",
  "%F0%9F%92%A5",
  "%3Cscript%3E",
  "'%20OR%201=1--",
  "%5B%5D",
  "null",
  "undefined",
];
const GARBAGE_QUERIES = [
  "",
  "?q=%00",
  "?q=%",
  "?q=%zz",
  `?q=${"a".repeat(5000)}`,
  "?page=1e2&pageSize=0x2",
  "?page=-1",
  "?view=%00",
  "?code=%zz&error=%00",
  "?next=%2F%2Fevil.example",
  "?show=outstanding%00",
  "?_rsc=%00",
  "?a=%00&a=%FF",
];
const GARBAGE_COOKIES = [
  "spellbook_player=%",
  "spellbook_player=%zz",
  `spellbook_player=${"%E0".repeat(100)}`,
  `spellbook_player=${"A".repeat(3500)}`,
  "better-auth.session_token=%",
  "better-auth.session_token=abc.def",
  "__Secure-better-auth.session_token=%zz; better-auth.session_token=%zz",
  "__Secure-better-auth.session_token=x; __Secure-better-auth.session_token=y",
  `=%; ;;; a=${"b".repeat(3000)}`,
];
const GARBAGE_HEADERS: Record<string, string>[] = [
  { RSC: "1" },
  { RSC: "1", "Next-Router-State-Tree": "%7B" },
  { RSC: "1", "Next-Router-State-Tree": "[[[[" },
  {
    RSC: "1",
    "Next-Router-State-Tree": encodeURIComponent(
      JSON.stringify(["", { children: ["x", {}, null, "refetch"] }, null, null, true]),
    ),
  },
  { RSC: "1", "Next-Router-Prefetch": "1", "Next-Router-Segment-Prefetch": "/%00" },
  { "Next-Url": "/%00" },
  { Accept: "text/x-component" },
  { Accept: "application/json" },
  { Accept: "*/*;q=abc" },
  { Accept: "" },
  { "If-None-Match": "*" },
  { "Accept-Encoding": "gzip;q=%" },
  { "X-Forwarded-Host": "evil.example" },
  { Range: "bytes=5-1" },
];

type Ids = {
  tournamentId: string;
  matchId: string;
  registrationId: string;
  organizerCookie: string;
};
type Attempt = {
  method: "GET" | "HEAD" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(
    /\[(?:\.\.\.)?([^\]]+)\]/g,
    (_whole, name: string) => values[name] ?? values.id!,
  );
}

async function send(baseURL: string, attempt: Attempt): Promise<number> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 15_000);
  try {
    const response = await fetch(`${baseURL}${attempt.path}`, {
      method: attempt.method,
      headers: attempt.headers,
      body: attempt.body,
      redirect: "manual",
      signal: abort.signal,
    });
    // Event streams never end by themselves: the status is what counts.
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  } finally {
    clearTimeout(timer);
  }
}

/** Every 5xx found, so one run reports them all. */
const failures: string[] = [];

async function expectNo5xx(baseURL: string, attempt: Attempt) {
  const status = await send(baseURL, attempt);
  if (status >= 500)
    failures.push(
      `${status} ${attempt.method} ${attempt.path.slice(0, 200)} ${JSON.stringify(attempt.headers).slice(0, 300)}`,
    );
}

/** A tournament with two players paired in round 1 (through the organizer's pages): real ids to substitute. */
async function realIds(page: Page): Promise<Ids> {
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`Fuzz ${Date.now()}`);
  await page.getByRole("button", { name: "Create tournament" }).click();
  for (const player of ["Ada", "Bo", "Cy"]) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const tournamentId = new URL(page.url()).pathname.split("/")[2]!;
  const href = await page.getByRole("link", { name: "Games at table 1" }).getAttribute("href");
  const matchId = href!.split("/").pop()!;
  await page.goto(`/tournaments/${tournamentId}/codes`);
  const codeLink = await page
    .locator(`a[href^="/tournaments/${tournamentId}/codes/"]`)
    .first()
    .getAttribute("href");
  const registrationId = codeLink!.split("/").pop()!;
  const organizerCookie = (await page.context().cookies())
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
  return { tournamentId, matchId, registrationId, organizerCookie };
}

/** Server action ids a page really uses (from its progressively enhanced forms). */
async function actionIdsOn(baseURL: string, path: string, cookie = ""): Promise<string[]> {
  const html = await (
    await fetch(`${baseURL}${path}`, { headers: cookie ? { cookie } : {} })
  ).text();
  return [...html.matchAll(/(?:\$ACTION_ID_|&quot;id&quot;:&quot;|"id":")([0-9a-f]{42})/g)].map(
    (match) => match[1]!,
  );
}

test.describe.configure({ timeout: 300_000 });

test("no page, route, cookie or header makes the server answer 5xx", async ({
  browser,
  baseURL,
}) => {
  // An account of its own: a generated call may well sign its session out.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-up");
  await page.getByLabel("Your name").fill("Fuzz Organizer");
  await page.getByLabel("Email").fill(`fuzz-${Date.now()}@example.test`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your tournaments" })).toBeVisible();
  const ids = await realIds(page);
  await context.close();
  const templates = routeTemplates();
  expect(templates).toEqual(
    expect.arrayContaining([
      "/",
      "/tournaments/[id]/codes",
      "/api/tournaments/[id]/events",
      "/play/[code]",
    ]),
  );
  const realValues = {
    id: ids.tournamentId,
    matchId: ids.matchId,
    registrationId: ids.registrationId,
    number: "1",
    code: "not-a-code",
    unknown: "nope",
    all: "get-session",
  };
  const host = new URL(baseURL!).host;
  // Sign-in reads its form (arguments used); sign-out reads nothing (Next's client sends it as text).
  const actionId = (await actionIdsOn(baseURL!, "/sign-in")).find(
    (id) => parseInt(id.slice(0, 2), 16) & 0x7f,
  )!;
  const signOutId = (await actionIdsOn(baseURL!, "/", ids.organizerCookie)).find(
    (id) => (parseInt(id.slice(0, 2), 16) & 0x7f) === 0,
  )!;
  expect(actionId && signOutId).toBeTruthy();

  // 1. A fixed sweep: every route with real ids, and with each garbage segment, query, cookie and header.
  for (const template of templates) {
    const real = fill(template, realValues);
    for (const cookie of ["", ids.organizerCookie])
      await expectNo5xx(baseURL!, { method: "GET", path: real, headers: cookie ? { cookie } : {} });
    if (template.includes("[")) {
      for (const garbage of GARBAGE_SEGMENTS) {
        const values = Object.fromEntries(Object.keys(realValues).map((key) => [key, garbage]));
        await expectNo5xx(baseURL!, {
          method: "GET",
          path: fill(template, values),
          headers: { cookie: ids.organizerCookie },
        });
      }
    }
    for (const query of GARBAGE_QUERIES)
      await expectNo5xx(baseURL!, {
        method: "GET",
        path: `${real}${query}`,
        headers: { cookie: ids.organizerCookie },
      });
    for (const cookie of GARBAGE_COOKIES)
      await expectNo5xx(baseURL!, { method: "GET", path: real, headers: { cookie } });
    for (const headers of GARBAGE_HEADERS)
      await expectNo5xx(baseURL!, {
        method: "GET",
        path: real,
        headers: { ...headers, cookie: ids.organizerCookie },
      });
  }

  // 2. Server actions: another site's or a garbled Origin is 403; a body that is not a form is 400.
  for (const origin of [
    "http://evil.example",
    "null",
    "not a url",
    `http://${host}.evil.example`,
  ]) {
    const status = await send(baseURL!, {
      method: "POST",
      path: "/sign-in",
      headers: {
        "Next-Action": actionId,
        Origin: origin,
        "Content-Type": "text/plain;charset=UTF-8",
        cookie: ids.organizerCookie,
      },
      body: "[]",
    });
    expect(status, origin).toBe(403);
  }
  for (const [contentType, body] of [
    ["application/json", '{"email":"x"}'],
    ["text/plain;charset=UTF-8", '["$K1", 2]'],
    ["application/json", "[1,2,3]"],
  ] as const) {
    const status = await send(baseURL!, {
      method: "POST",
      path: "/sign-in",
      headers: { "Next-Action": actionId, Origin: `http://${host}`, "Content-Type": contentType },
      body,
    });
    expect(status, `${contentType} ${body}`).toBe(400);
  }

  // Bodies Next cannot decode, for an action that reads its form and one that reads nothing.
  const garbageBodies: [string, string][] = [
    [
      "multipart/form-data; boundary=xyz",
      '--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n["x"]',
    ],
    [
      "multipart/form-data; boundary=xyz",
      '--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n-x\r\n--xyz--\r\n',
    ],
    ["text/plain;charset=UTF-8", "--xyz"],
    ["application/json", "{"],
  ];
  for (const id of [actionId, signOutId, ""]) {
    for (const [contentType, body] of garbageBodies) {
      const headers: Record<string, string> = {
        Origin: `http://${host}`,
        "Content-Type": contentType,
        cookie: ids.organizerCookie,
      };
      if (id) headers["Next-Action"] = id;
      await expectNo5xx(baseURL!, { method: "POST", path: "/", headers, body });
    }
  }

  // Arguments no page of the app sends, a form over Next's 1 MB, and methods the app has no use for: a clear 4xx.
  for (const root of [
    '"a string"',
    "5",
    "null",
    `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
    `[${"0,".repeat(4_500_000)}0]`,
  ]) {
    const form = new FormData();
    form.set("0", root);
    const response = await fetch(`${baseURL}/sign-in`, {
      method: "POST",
      headers: { "Next-Action": actionId, Origin: `http://${host}`, cookie: ids.organizerCookie },
      body: form,
    });
    await response.body?.cancel();
    expect(response.status, root.slice(0, 30)).toBe(root.length > 1024 * 1024 ? 413 : 400);
  }
  for (const method of ["TRACE", "PROPFIND"]) {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${baseURL}/`, { method }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end();
    });
    expect(status, method).toBe(405);
  }

  // 3. Generated combinations, bounded in number and time, reproducible from the seed.
  const segment = fc.oneof(
    fc.constant("real"),
    fc.constantFrom(...GARBAGE_SEGMENTS),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
  );
  const attempt = fc.record({
    template: fc.constantFrom(...templates),
    segments: fc.dictionary(
      fc.constantFrom("id", "matchId", "registrationId", "number", "code", "unknown", "all"),
      segment,
    ),
    query: fc.oneof(
      fc.constantFrom(...GARBAGE_QUERIES),
      fc.string({ maxLength: 60 }).map((text) => `?q=${encodeURIComponent(text)}`),
      fc.constant("?page=%25%30%30"),
    ),
    cookie: fc.oneof(
      fc.constant(""),
      fc.constant(ids.organizerCookie),
      fc.constantFrom(...GARBAGE_COOKIES),
    ),
    headers: fc.oneof(fc.constant({}), fc.constantFrom(...GARBAGE_HEADERS)),
    method: fc.constantFrom("GET", "GET", "HEAD", "POST" as const),
    action: fc.constantFrom("none", "real", "sign-out", "garbage"),
    body: fc.constantFrom(...garbageBodies, [
      "application/json",
      '{"winsA":"0x2","winsB":"1e2"}',
    ] as [string, string]),
    origin: fc.constantFrom("none", "same", "foreign"),
  });
  await fc.assert(
    fc.asyncProperty(attempt, async (generated) => {
      const values = Object.fromEntries(
        Object.entries({ ...realValues, ...generated.segments }).map(([key, value]) => [
          key,
          value === "real" ? realValues[key as keyof typeof realValues] : value,
        ]),
      );
      const headers: Record<string, string> = { ...generated.headers };
      if (generated.cookie) headers.cookie = generated.cookie;
      let body: string | undefined;
      if (generated.method === "POST") {
        if (generated.action !== "none")
          headers["Next-Action"] = { real: actionId, "sign-out": signOutId, garbage: "%00zz" }[
            generated.action
          ];
        if (generated.origin !== "none")
          headers.Origin = generated.origin === "same" ? `http://${host}` : "http://evil.example";
        [headers["Content-Type"], body] = generated.body;
      }
      await expectNo5xx(baseURL!, {
        method: generated.method as Attempt["method"],
        path: `${fill(generated.template, values)}${generated.query}`,
        headers,
        body,
      });
    }),
    { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
  );

  expect(failures, failures.join("\n")).toEqual([]);
  // The server is still well after all of it.
  expect((await fetch(`${baseURL}/api/health`)).status).toBe(200);
});
