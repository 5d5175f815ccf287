import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/lib/server/infra/env";

/** Crockford's base32: no I, L, O or U, so a label read aloud or typed is not misread. */
const BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A whole number in Crockford's base32. */
export function toBase32(value: number): string {
  let text = "";
  let rest = Math.max(0, Math.floor(value));
  do {
    text = BASE32[rest % 32] + text;
    rest = Math.floor(rest / 32);
  } while (rest > 0);
  return text;
}

/** Crockford's base32 back to a number, reading O as 0 and I or L as 1 as people type them; NaN for anything else. */
export function fromBase32(text: string): number {
  let value = 0;
  for (const symbol of text.toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1")) {
    const digit = BASE32.indexOf(symbol);
    if (digit < 0) return Number.NaN;
    value = value * 32 + digit;
  }
  return text === "" ? Number.NaN : value;
}

/** Text in Crockford's base32 as it was meant: upper case, O read as 0, I and L as 1. */
export function normalizeBase32(text: string): string {
  return text.toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1");
}

const keys = new Map<string, Buffer>();

/** One key per purpose, derived from the app's secret: a value made for one purpose proves nothing in another. */
function keyFor(purpose: string): Buffer {
  let key = keys.get(purpose);
  if (!key) {
    key = createHmac("sha256", env.BETTER_AUTH_SECRET).update(`spellbook-to:${purpose}`).digest();
    keys.set(purpose, key);
  }
  return key;
}

/** An HMAC-SHA256 of `text` under the purpose's key, as `length` base32 symbols (5 bits each, at most 51). */
export function keyedDigest(purpose: string, text: string, length: number): string {
  const digest = createHmac("sha256", keyFor(purpose)).update(text).digest();
  let symbols = "";
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && symbols.length < length) {
      symbols += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return symbols;
}
