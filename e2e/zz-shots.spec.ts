import { expect, test } from "@playwright/test";
import { createTournamentWithPlayers, readPlayerCodes } from "./support/players";
import { importSampleCards, takeDecklists } from "./support/decklists";

test("screenshots of the decklist pages", async ({ page, browser }) => {
  test.setTimeout(120_000);
  importSampleCards();
  const overview = await createTournamentWithPlayers(page, `Shots ${Date.now()}`, ["Ada", "Bo"]);
  const codes = await readPlayerCodes(page, ["Ada"]);
  await takeDecklists(page, overview, "Modern");
  const shoot = async (p: typeof page, name: string) => {
    for (const width of [390, 1280]) {
      await p.setViewportSize({ width, height: 900 });
      await p.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
    }
  };
  await page.goto(overview);
  await expect(page.getByText(/no legal decklist yet/)).toBeVisible();
  await shoot(page, "overview-warning");
  await page.goto(`${overview}/decklists`);
  await shoot(page, "staff-decklists");
  const phone = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const me = await phone.newPage();
  await me.goto(`/play/${codes.get("Ada")!.replaceAll("-", "")}`);
  await me.goto("/play/me/decklist");
  await me.getByLabel("Your list").fill("4 Lightning Bolt\n56 Mountain");
  await me.getByRole("button", { name: "Save my list" }).click();
  await expect(me.getByTestId("decklist-verdict")).toBeVisible();
  await shoot(me, "player-decklist");
  await phone.close();
});
