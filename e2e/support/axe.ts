import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The WCAG 2.2 A and AA rules every page is held to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * WCAG 2.5.3 (Label in Name): axe has shipped this rule as experimental, outside the tags' runs,
 * so it is turned on by name and a button named unlike its visible text fails the gate.
 */
export const EXTRA_RULES = ["label-content-name-mismatch"];

/** Only violations are collected (not the passes), which makes each page's run several times faster. */
export function axeFor(page: Page) {
  // options() replaces withTags(), so the tags are given here.
  return new AxeBuilder({ page }).options({
    runOnly: { type: "tag", values: WCAG_TAGS },
    rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
    resultTypes: ["violations"],
  });
}
