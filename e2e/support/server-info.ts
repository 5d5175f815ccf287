import { readFileSync } from "node:fs";
import path from "node:path";

/** What scripts/e2e-server.ts started the app on: null databaseUrl when the app serves its own embedded database. */
export type E2EServerInfo = { databaseUrl: string | null; isEmbedded: boolean };

export function e2eServerInfoPath(root: string, port: string | number): string {
  return path.join(root, "e2e", ".auth", `server-${port}.json`);
}

export function readE2EServerInfo(port: string | number): E2EServerInfo {
  return JSON.parse(
    readFileSync(e2eServerInfoPath(path.resolve(import.meta.dirname, "..", ".."), port), "utf8"),
  ) as E2EServerInfo;
}
