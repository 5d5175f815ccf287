import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * BETTER_AUTH_SECRET for the app and its scripts: the environment's when set, else one made on
 * first start and kept in `.data/auth-secret` (git-ignored, readable by this user only), so
 * sessions survive restarts with no setup. Several instances must be given one shared value.
 */
export function ensureAuthSecret(root: string): string {
  if (process.env.BETTER_AUTH_SECRET) return process.env.BETTER_AUTH_SECRET;
  const file = process.env.AUTH_SECRET_FILE ?? path.join(root, ".data", "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  process.env.BETTER_AUTH_SECRET = readFileSync(file, "utf8").trim();
  return process.env.BETTER_AUTH_SECRET;
}
