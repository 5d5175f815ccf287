import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createTournamentWithPlayers } from "./support/players";
import { joinStaff, signUp } from "./support/staff";

/**
 * A tournament in preparation, and a deleted one, do not exist for anyone but their own staff: every
 * page and route answers as it does for an id that never existed, as HTML and as a React Server
 * Components request (`RSC: 1`, the payload a client-side navigation fetches), and no answer holds
 * any of their names. A page or route added under app/ without a line in ROUTES fails this test.
 */
const NO_SESSION = { cookies: [], origins: [] };
const root = path.resolve(import.meta.dirname, "..");

type Ids = { tournamentId: string; matchId: string; registrationId: string };

/** Every page and route file under app/, and the addresses that reach it for a tournament. */
const ROUTES: Record<string, (ids: Ids) => string[]> = {
  "app/page.tsx": () => ["/", "/?q=Hidden"],
  "app/account/page.tsx": () => ["/account"],
  "app/sign-in/page.tsx": () => ["/sign-in"],
  "app/sign-up/page.tsx": () => ["/sign-up"],
  "app/play/page.tsx": () => ["/play"],
  "app/play/me/page.tsx": () => ["/play/me"],
  "app/play/me/decklist/page.tsx": () => ["/play/me/decklist"],
  // Not a code's shape, so no wrong code is counted against the address the journeys share.
  "app/play/[code]/route.ts": () => ["/play/not-a-code"],
  "app/invite/[token]/page.tsx": () => ["/invite/not-a-real-invitation-token"],
  "app/tournaments/[id]/(overview)/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}`,
  ],
  "app/tournaments/[id]/pairings/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/pairings`,
    `/tournaments/${tournamentId}/pairings?q=a`,
  ],
  "app/tournaments/[id]/standings/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/standings`,
    `/tournaments/${tournamentId}/standings?q=a`,
  ],
  "app/tournaments/[id]/playoff/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/playoff`,
  ],
  "app/tournaments/[id]/staff/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/staff`,
  ],
  "app/tournaments/[id]/decklists/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/decklists`,
  ],
  "app/tournaments/[id]/decklists/[registrationId]/page.tsx": ({
    tournamentId,
    registrationId,
  }) => [`/tournaments/${tournamentId}/decklists/${registrationId}`],
  "app/tournaments/[id]/decklists/print/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/decklists/print`,
    `/tournaments/${tournamentId}/decklists/print?only=missing`,
  ],
  "app/tournaments/[id]/decklists/[registrationId]/print/page.tsx": ({
    tournamentId,
    registrationId,
  }) => [`/tournaments/${tournamentId}/decklists/${registrationId}/print`],
  "app/tournaments/[id]/decklists/[registrationId]/deck-check-sheet/page.tsx": ({
    tournamentId,
    registrationId,
  }) => [
    `/tournaments/${tournamentId}/decklists/${registrationId}/deck-check-sheet`,
    `/tournaments/${tournamentId}/decklists/${registrationId}/deck-check-sheet?round=1`,
  ],
  "app/tournaments/[id]/rounds/[number]/deck-checks/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1/deck-checks`,
    `/tournaments/${tournamentId}/rounds/1/deck-checks?tables=1`,
    `/tournaments/${tournamentId}/rounds/1/deck-checks?random=1`,
  ],
  "app/tournaments/[id]/judge-calls/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/judge-calls`,
  ],
  "app/tournaments/[id]/codes/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/codes`,
  ],
  "app/tournaments/[id]/codes/[registrationId]/page.tsx": ({ tournamentId, registrationId }) => [
    `/tournaments/${tournamentId}/codes/${registrationId}`,
  ],
  "app/tournaments/[id]/check-in/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/check-in`,
  ],
  "app/tournaments/[id]/check-in/screen/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/check-in/screen`,
  ],
  "app/tournaments/[id]/manifest.webmanifest/route.ts": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/manifest.webmanifest`,
  ],
  "app/tournaments/[id]/export/[file]/route.ts": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/export/standings.csv`,
    `/tournaments/${tournamentId}/export/results.csv`,
    `/tournaments/${tournamentId}/export/pairings.csv?round=1`,
    `/tournaments/${tournamentId}/export/archive.json`,
    `/tournaments/${tournamentId}/export/decklists.csv`,
    `/tournaments/${tournamentId}/export/deck-checks.csv`,
  ],
  "app/tournaments/[id]/matches/[matchId]/page.tsx": ({ tournamentId, matchId }) => [
    `/tournaments/${tournamentId}/matches/${matchId}`,
  ],
  "app/tournaments/[id]/matches/[matchId]/time/page.tsx": ({ tournamentId, matchId }) => [
    `/tournaments/${tournamentId}/matches/${matchId}/time`,
  ],
  "app/tournaments/[id]/rounds/[number]/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1`,
    `/tournaments/${tournamentId}/rounds/1?show=outstanding`,
  ],
  "app/tournaments/[id]/rounds/[number]/clock/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1/clock`,
  ],
  "app/tournaments/[id]/rounds/[number]/queue/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1/queue`,
  ],
  "app/tournaments/[id]/rounds/[number]/queue/[matchId]/page.tsx": ({ tournamentId, matchId }) => [
    `/tournaments/${tournamentId}/rounds/1/queue/${matchId}`,
  ],
  "app/tournaments/[id]/rounds/[number]/print/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1/print`,
  ],
  "app/tournaments/[id]/rounds/[number]/print/by-name/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1/print/by-name`,
  ],
  "app/tournaments/[id]/rounds/[number]/print/by-table/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1/print/by-table`,
  ],
  "app/tournaments/[id]/rounds/[number]/print/slips/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1/print/slips`,
  ],
  "app/tournaments/[id]/rounds/[number]/print/player-slips/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1/print/player-slips`,
  ],
  "app/tournaments/[id]/rounds/[number]/print/standings/page.tsx": ({ tournamentId }) => [
    `/tournaments/${tournamentId}/rounds/1/print/standings`,
  ],
  "app/api/[...unknown]/route.ts": ({ tournamentId }) => [`/api/tournaments/${tournamentId}`],
  "app/api/auth/[...all]/route.ts": () => ["/api/auth/get-session"],
  "app/api/health/route.ts": () => ["/api/health"],
  "app/api/matches/[id]/result/route.ts": ({ matchId }) => [`/api/matches/${matchId}/result`],
  "app/api/imports/route.ts": () => ["/api/imports"],
  "app/api/tournaments/[id]/standings/route.ts": ({ tournamentId }) => [
    `/api/tournaments/${tournamentId}/standings`,
    `/api/tournaments/${tournamentId}/standings?q=a`,
  ],
  "app/api/tournaments/[id]/events/route.ts": ({ tournamentId }) => [
    `/api/tournaments/${tournamentId}/events`,
  ],
  "app/api/v1/openapi.json/route.ts": () => ["/api/v1/openapi.json"],
  "app/api/v1/reference/route.ts": () => ["/api/v1/reference"],
  "app/api/v1/tournaments/route.ts": () => [
    "/api/v1/tournaments",
    "/api/v1/tournaments?pageSize=200",
  ],
  "app/api/v1/tournaments/[tournamentId]/route.ts": ({ tournamentId }) => [
    `/api/v1/tournaments/${tournamentId}`,
  ],
  "app/api/v1/tournaments/[tournamentId]/players/route.ts": ({ tournamentId }) => [
    `/api/v1/tournaments/${tournamentId}/players`,
    `/api/v1/tournaments/${tournamentId}/players?q=a`,
  ],
  "app/api/v1/tournaments/[tournamentId]/players/[registrationId]/drop/route.ts": ({
    tournamentId,
    registrationId,
  }) => [`/api/v1/tournaments/${tournamentId}/players/${registrationId}/drop`],
  "app/api/v1/tournaments/[tournamentId]/rounds/route.ts": ({ tournamentId }) => [
    `/api/v1/tournaments/${tournamentId}/rounds`,
  ],
  "app/api/v1/tournaments/[tournamentId]/rounds/[roundNumber]/swaps/route.ts": ({
    tournamentId,
  }) => [`/api/v1/tournaments/${tournamentId}/rounds/1/swaps`],
  "app/api/v1/tournaments/[tournamentId]/rounds/[roundNumber]/pairings/route.ts": ({
    tournamentId,
  }) => [`/api/v1/tournaments/${tournamentId}/rounds/1/pairings`],
  "app/api/v1/tournaments/[tournamentId]/matches/[matchId]/route.ts": ({
    tournamentId,
    matchId,
  }) => [`/api/v1/tournaments/${tournamentId}/matches/${matchId}`],
  "app/api/v1/tournaments/[tournamentId]/matches/[matchId]/result/route.ts": ({
    tournamentId,
    matchId,
  }) => [`/api/v1/tournaments/${tournamentId}/matches/${matchId}/result`],
  "app/api/v1/tournaments/[tournamentId]/decklists/route.ts": ({ tournamentId }) => [
    `/api/v1/tournaments/${tournamentId}/decklists`,
  ],
  "app/api/v1/tournaments/[tournamentId]/decklists/[registrationId]/route.ts": ({
    tournamentId,
    registrationId,
  }) => [
    `/api/v1/tournaments/${tournamentId}/decklists/${registrationId}`,
    `/api/v1/tournaments/${tournamentId}/decklists/${registrationId}?seat=1`,
  ],
  "app/api/v1/tournaments/[tournamentId]/deck-checks/route.ts": ({ tournamentId }) => [
    `/api/v1/tournaments/${tournamentId}/deck-checks`,
    `/api/v1/tournaments/${tournamentId}/deck-checks?round=1`,
  ],
  "app/api/v1/tournaments/[tournamentId]/standings/route.ts": ({ tournamentId }) => [
    `/api/v1/tournaments/${tournamentId}/standings`,
    `/api/v1/tournaments/${tournamentId}/standings?q=a`,
  ],
  "app/api/v1/tournaments/[tournamentId]/bracket/route.ts": ({ tournamentId }) => [
    `/api/v1/tournaments/${tournamentId}/bracket`,
  ],
  "app/api/v1/tournaments/[tournamentId]/awarded-byes/route.ts": ({ tournamentId }) => [
    `/api/v1/tournaments/${tournamentId}/awarded-byes`,
  ],
  "app/api/v1/tournaments/[tournamentId]/awarded-byes/withdraw/route.ts": ({ tournamentId }) => [
    `/api/v1/tournaments/${tournamentId}/awarded-byes/withdraw`,
  ],
  "app/api/v1/tournaments/[tournamentId]/rounds/[roundNumber]/pods/route.ts": ({
    tournamentId,
  }) => [`/api/v1/tournaments/${tournamentId}/rounds/1/pods`],
  "app/api/v1/tournaments/[tournamentId]/pods/[podId]/result/route.ts": ({
    tournamentId,
    matchId,
  }) => [`/api/v1/tournaments/${tournamentId}/pods/${matchId}/result`],
};

function pageAndRouteFiles(directory = "app"): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return pageAndRouteFiles(relative);
    return /^(page\.tsx|route\.ts)$/.test(entry.name) ? [relative] : [];
  });
}

const PLAYERS = [
  "Quillon Hiddenfield",
  "Marisol Unseenworth",
  "Ossian Concealby",
  "Thessaly Cloakmere",
];
const DELETED_PLAYERS = [
  "Brannoch Erasedale",
  "Ilsabet Gonewright",
  "Corvin Vanishford",
  "Yevette Stricken",
];

async function pairRoundOne(page: Page, overviewUrl: string) {
  await page.goto(overviewUrl);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
}

/** A match and a player of the tournament, read from its round page and its codes page as the organizer sees them. */
async function idsOf(organizer: Page, tournamentUrl: string): Promise<Ids> {
  const tournamentId = new URL(tournamentUrl).pathname.split("/")[2]!;
  await organizer.goto(`${tournamentUrl}/rounds/1`);
  const matchHref = await organizer
    .getByRole("link", { name: "Games" })
    .first()
    .getAttribute("href");
  await organizer.goto(`${tournamentUrl}/codes`);
  const codeHref = await organizer
    .locator(`a[href^="/tournaments/${tournamentId}/codes/"]`)
    .first()
    .getAttribute("href");
  return {
    tournamentId,
    matchId: matchHref!.split("/").at(-1)!,
    registrationId: codeHref!.split("/").at(-1)!,
  };
}

/** The document's title, or the answer's status line for answers that are not HTML. */
function titleOf(body: string): string | null {
  return /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? null;
}

test("a tournament in preparation and a deleted one leak nothing to anyone outside their staff, as HTML or RSC", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const unmapped = pageAndRouteFiles().filter((file) => !(file in ROUTES));
  expect(unmapped, "every page and route needs a line in ROUTES").toEqual([]);

  const suffix = Date.now().toString(36);
  const hiddenName = `Hidden Cup ${suffix}`;
  const deletedName = `Deleted Cup ${suffix}`;
  const hiddenUrl = await createTournamentWithPlayers(page, hiddenName, PLAYERS);
  await pairRoundOne(page, hiddenUrl);
  const hidden = await idsOf(page, hiddenUrl);
  const deletedUrl = await createTournamentWithPlayers(page, deletedName, DELETED_PLAYERS);
  await pairRoundOne(page, deletedUrl);
  const deleted = await idsOf(page, deletedUrl);

  const anonymous = await playwright.request.newContext({ baseURL, storageState: NO_SESSION });
  const noSeat = await signUp(browser, "Nora Noseat");
  const otherOrganizer = await signUp(browser, "Otto Otherorg");
  const otherUrl = await createTournamentWithPlayers(otherOrganizer.page, `Other Cup ${suffix}`, [
    "Alma Open",
    "Bert Open",
  ]);
  const otherStaff = await signUp(browser, "Stella Elsewhere");
  await joinStaff(otherOrganizer.page, otherUrl, otherStaff);
  // Staff of both hidden tournaments once, removed by the organizer since.
  const removedStaff = await signUp(browser, "Remy Removed");
  for (const tournamentUrl of [hiddenUrl, deletedUrl]) {
    await joinStaff(page, tournamentUrl, removedStaff);
    await page.goto(`${tournamentUrl}/staff`);
    page.once("dialog", (dialog) => void dialog.accept());
    await page
      .getByRole("list", { name: "Staff" })
      .getByRole("listitem")
      .filter({ hasText: "Remy Removed" })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(page.getByRole("list", { name: "Staff" })).not.toContainText("Remy Removed");
  }

  // Published first, so it was public once, then deleted.
  await page.goto(`${deletedUrl}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await page.getByLabel(`Type “${deletedName}” to delete this tournament`).fill(deletedName);
  await page.getByRole("button", { name: "Delete tournament" }).click();
  await expect(page).toHaveURL(/\/$/);

  {
    const callers: [string, APIRequestContext][] = [
      ["anonymous", anonymous],
      ["signed in without a seat", noSeat.request],
      ["another organizer", otherOrganizer.request],
      ["staff of another tournament", otherStaff.request],
      ["removed staff", removedStaff.request],
    ];
    const missing: Ids = {
      tournamentId: "no-such-tournament",
      matchId: "no-such-match",
      registrationId: "no-such-registration",
    };
    const secrets = [hiddenName, deletedName, ...PLAYERS, ...DELETED_PLAYERS];
    const leaks: string[] = [];
    const differences: string[] = [];
    for (const [who, request] of callers) {
      for (const [what, ids] of [
        ["in preparation", hidden],
        ["deleted", deleted],
      ] as const) {
        for (const [file, urlsOf] of Object.entries(ROUTES)) {
          const urls = urlsOf(ids);
          const missingUrls = urlsOf(missing);
          for (const [index, url] of urls.entries()) {
            for (const mode of ["html", "rsc"] as const) {
              const headers: Record<string, string> = mode === "rsc" ? { RSC: "1" } : {};
              const answer = await request.get(url, { headers, timeout: 15_000 });
              const body = await answer.text();
              for (const secret of secrets)
                if (body.includes(secret))
                  leaks.push(`${who}, ${what}, ${mode} ${url} (${file}): "${secret}"`);
              const baseline = await request.get(missingUrls[index]!, { headers, timeout: 15_000 });
              const baselineBody = await baseline.text();
              if (
                answer.status() !== baseline.status() ||
                titleOf(body) !== titleOf(baselineBody)
              ) {
                differences.push(
                  `${who}, ${what}, ${mode} ${url}: ${answer.status()} "${titleOf(body)}" where a missing one answers ${baseline.status()} "${titleOf(baselineBody)}"`,
                );
              }
            }
          }
        }
      }
    }
    expect(leaks, "names of a hidden tournament in an answer").toEqual([]);
    expect(
      differences,
      "a hidden tournament answers differently from one that does not exist",
    ).toEqual([]);
  }
});
