/** Where a sign-in or sign-up goes when no usable `next` was given. */
export const DEFAULT_NEXT_PATH = "/";

const MAX_NEXT_LENGTH = 2048;
// Control characters, any whitespace (browsers strip tabs and newlines from URLs) and backslashes (read as slashes).
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\s\\]/u;

function isSafePath(path: string): boolean {
  return path.startsWith("/") && path[1] !== "/" && !FORBIDDEN.test(path);
}

/**
 * The `next` address after signing in or up, when it is a path on this app: one leading `/` not
 * followed by another `/` or `\`, and no control characters, whitespace or backslashes, as typed
 * or once percent-decoded (a browser or proxy may decode it). Anything else gives `fallback`,
 * so a link can never send someone to another site.
 */
export function safeNextPath(value: unknown, fallback: string = DEFAULT_NEXT_PATH): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_NEXT_LENGTH) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  return isSafePath(value) && isSafePath(decoded) ? value : fallback;
}
