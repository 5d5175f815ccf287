import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "./support/instance";
import { npmStart, type NpmStart } from "./support/npm-start";

/**
 * The venue laptop's faults, on `npm start` with its embedded database in a folder of the test's
 * own: the production build, as an organizer runs it.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const workspace = mkdtempSync(path.join(tmpdir(), "embedded-faults-"));
const started: NpmStart[] = [];
test.afterAll(() => {
  for (const app of started) app.kill("SIGKILL");
  rmSync(workspace, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<NpmStart> {
  const app = await npmStart(await freePort(), { EMBEDDED_DATA_DIR: dataDir, BETTER_AUTH_SECRET: "embedded-faults-secret-0123456789abcdef" });
  started.push(app);
  return app;
}

test("SIGTERM to `npm start` stops the server and its embedded database, and frees the folder for the next start", async () => {
  const dataDir = path.join(workspace, "sigterm");
  const app = await start(dataDir);
  expect((await fetch(`${app.baseURL}/api/health`)).status).toBe(200);

  process.kill(app.child.pid!, "SIGTERM"); // npm's own process, as a service manager or `kill <pid>` sends it

  await expect.poll(app.isRunning, { timeout: 20_000, message: `still running after SIGTERM:\n${app.output()}` }).toBe(false);
  await expect(fetch(`${app.baseURL}/api/health`)).rejects.toThrow();
  expect(existsSync(`${dataDir}.server.json`)).toBe(false);
  const again = await start(dataDir);
  expect((await fetch(`${again.baseURL}/api/health`)).status, again.output()).toBe(200);
  again.kill("SIGTERM");
  await expect.poll(again.isRunning, { timeout: 20_000 }).toBe(false);
});
