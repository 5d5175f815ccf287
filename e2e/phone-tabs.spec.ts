import { expect, test } from "@playwright/test";
import { createTournamentWithPlayers } from "./support/players";

/** WCAG 1.4.10 Reflow: on a 360 or 390 px phone every tab is in view, none hidden in a sideways strip. */

test("every tournament tab is whole and in view on 360 and 390 px phones", async ({ page }) => {
  const overview = await createTournamentWithPlayers(page, `Tabs ${Date.now()}`, ["Ivy", "Jun"]);
  for (const path of ["", "/standings", "/staff"]) {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${overview}${path}`);
      const nav = page.getByRole("navigation", { name: "Tournament" });
      const links = nav.getByRole("link");
      await expect(links.filter({ hasText: "Staff & settings" })).toBeVisible();
      const count = await links.count();
      expect(count).toBeGreaterThanOrEqual(5);
      for (let index = 0; index < count; index++) {
        const box = (await links.nth(index).boundingBox())!;
        const label = await links.nth(index).textContent();
        expect(box.x, `${label} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${label} at ${width} px`).toBeLessThanOrEqual(width);
      }
      expect(await nav.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      if (path === "/staff") await nav.screenshot({ path: `screenshots/phone-tabs-${width}.png` });
    }
  }
});
