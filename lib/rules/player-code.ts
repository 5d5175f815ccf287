// A player's personal code: what a player types on their phone, reads aloud to a
// judge, or scans as a QR code to report their own match and drop. No account, so the code is the
// credential: random, at least 40 bits, and easy to read and type.

import { type Message, say } from "./result";

/**
 * 30 symbols: the digits 2–9 and the capital letters without I, L, O and U. Nothing that reads as
 * another symbol (0/O, 1/I/l) and nothing that spells a word by accident as easily (Crockford's
 * reason to leave out U).
 */
export const PLAYER_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Three groups of four, read aloud as "K7QX - M4PD - 9TRW". */
export const PLAYER_CODE_LENGTH = 12;
export const PLAYER_CODE_GROUP = 4;
/** log2(30) × 12 ≈ 58.9 bits: far above the 40 the issue asks for, with guessing rate-limited on top. */
export const PLAYER_CODE_BITS = Math.log2(PLAYER_CODE_ALPHABET.length) * PLAYER_CODE_LENGTH;

/**
 * A new code from a source of random bytes (node:crypto randomBytes on the server). Bytes at or
 * above the largest multiple of 30 are skipped, so every symbol is equally likely.
 */
export function generatePlayerCode(randomBytes: (count: number) => Uint8Array): string {
  const size = PLAYER_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = "";
  while (code.length < PLAYER_CODE_LENGTH) {
    for (const byte of randomBytes(PLAYER_CODE_LENGTH * 2)) {
      if (byte < limit && code.length < PLAYER_CODE_LENGTH)
        code += PLAYER_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

/** The code as shown and printed: "K7QX-M4PD-9TRW". Anything that is not a stored code is shown as it is. */
export function formatPlayerCode(code: string): string {
  if (typeof code !== "string" || code.length !== PLAYER_CODE_LENGTH) return String(code);
  const groups: string[] = [];
  for (let start = 0; start < code.length; start += PLAYER_CODE_GROUP)
    groups.push(code.slice(start, start + PLAYER_CODE_GROUP));
  return groups.join("-");
}

export type NormalizedCode = { ok: true; code: string } | { ok: false; message: Message };

/**
 * What a player typed, as the stored code: case, spaces, dashes and dots do not matter. A symbol
 * the codes never use is named (a 0 or an O, a 1, an I or an L), so the player knows to look again
 * rather than being told only "wrong code".
 */
export function normalizePlayerCode(typed: unknown): NormalizedCode {
  if (typeof typed !== "string")
    return { ok: false, message: say("playerCode.typeCodeYourPlayer") };
  const code = typed.toUpperCase().replace(/[\s\-_.·‐‑–—]/gu, "");
  if (code === "") return { ok: false, message: say("playerCode.typeCodeYourPlayer") };
  const unused = [...code].find((symbol) => !PLAYER_CODE_ALPHABET.includes(symbol));
  if (unused !== undefined) {
    const hint = /[0O]/.test(unused)
      ? say("playerCode.codesO")
      : /[1IL]/.test(unused)
        ? say("playerCode.codesIL")
        : unused === "U"
          ? say("playerCode.codesUMayV")
          : say("playerCode.codesDigitsLetters", { unused });
    return { ok: false, message: say("playerCode.checkCodeYourSlip", { hint }) };
  }
  if (code.length !== PLAYER_CODE_LENGTH) {
    return {
      ok: false,
      message: say("playerCode.codeCharactersLikeK", {
        length: PLAYER_CODE_LENGTH,
        typed: code.length,
      }),
    };
  }
  return { ok: true, code };
}
