/** Where a sign-in or sign-up goes when no usable `next` was given. */
export const DEFAULT_NEXT_PATH = "/";

const MAX_NEXT_LENGTH = 2048;
// Control characters, any whitespace (browsers strip tabs and newlines from URLs) and backslashes (read as slashes).
// biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\s\\]/u;
// An app path is plain ASCII; anything else cannot go in a Location header as it is.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
const PROBE_ORIGIN = "http://next.invalid";

function isSafePath(path: string): boolean {
  return path.startsWith("/") && path[1] !== "/" && !FORBIDDEN.test(path);
}

/** The path as a browser resolves it (dot segments removed), or null when that leaves this site or starts with `//`. */
function resolvedPath(path: string): string | null {
  let url: URL;
  try {
    url = new URL(path, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The `next` address after signing in or up, when it is a path on this app: plain ASCII, one
 * leading `/` not followed by another `/` or `\`, and no control characters, whitespace or
 * backslashes, as typed or once percent-decoded (a browser or proxy may decode it), and still a
 * path on this site once its dot segments are resolved (`/.//evil` would become `//evil`).
 * Answers that resolved path; anything else gives `fallback`, so a link can never send someone
 * to another site.
 */
export function safeNextPath(value: unknown, fallback: string = DEFAULT_NEXT_PATH): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_NEXT_LENGTH)
    return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!PRINTABLE_ASCII.test(value) || !isSafePath(value) || !isSafePath(decoded)) return fallback;
  const resolved = resolvedPath(value);
  const resolvedDecoded = resolvedPath(decoded);
  return resolved !== null && resolvedDecoded !== null && isSafePath(resolved)
    ? resolved
    : fallback;
}
