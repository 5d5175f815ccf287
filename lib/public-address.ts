/**
 * Whether an address can only be opened on the computer serving it (localhost, 127.x, ::1,
 * 0.0.0.0): a QR code or printed link pointing there does nothing on a player's phone.
 */
export function isLocalOnlyAddress(address: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(address).hostname.toLowerCase();
  } catch {
    return false;
  }
  const bare = hostname.replace(/^\[|\]$/g, "");
  return (
    bare === "localhost" ||
    bare.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(bare) ||
    bare === "::1" ||
    bare === "0.0.0.0" ||
    bare === "::"
  );
}

/** The base address without a trailing slash, so paths join with exactly one. */
export function joinAddress(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
