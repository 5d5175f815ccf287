import { existsSync } from "node:fs";

/**
 * Chromium for Playwright: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else undefined so
 * Playwright uses its own download (`npx playwright install chromium` on a machine with internet).
 */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
}
