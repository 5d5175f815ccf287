import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  PLAYER_CODE_ALPHABET,
  PLAYER_CODE_BITS,
  PLAYER_CODE_LENGTH,
  formatPlayerCode,
  generatePlayerCode,
  type NormalizedCode,
  normalizePlayerCode,
} from "./player-code";

/** A typed code as the player is told of it: its reason, if refused, rendered. */
function shownCode(normalized: NormalizedCode) {
  return normalized.ok ? normalized : { ...normalized, message: render(normalized.message) };
}

describe("players' codes", () => {
  it("has at least 40 bits and no symbol that reads as another (0/O, 1/I/l)", () => {
    expect(PLAYER_CODE_BITS).toBeGreaterThanOrEqual(40);
    for (const confusable of ["0", "O", "1", "I", "L", "l", "o", "i"])
      expect(PLAYER_CODE_ALPHABET).not.toContain(confusable);
    expect(new Set(PLAYER_CODE_ALPHABET).size).toBe(PLAYER_CODE_ALPHABET.length);
  });

  it("generates codes of the alphabet, every symbol equally likely (bytes past the last multiple are skipped)", () => {
    for (let i = 0; i < 200; i++) {
      const code = generatePlayerCode((n) => randomBytes(n));
      expect(code).toMatch(new RegExp(`^[${PLAYER_CODE_ALPHABET}]{${PLAYER_CODE_LENGTH}}$`));
    }
    // 240..255 would favour the first 16 symbols: they are skipped.
    let calls = 0;
    const biased = generatePlayerCode((n) => {
      calls++;
      return calls === 1 ? new Uint8Array(n).fill(250) : new Uint8Array(n).fill(31);
    });
    expect(biased).toBe(PLAYER_CODE_ALPHABET[1]!.repeat(PLAYER_CODE_LENGTH));
  });

  it("is shown in groups of four, to read aloud", () => {
    expect(formatPlayerCode("K7QXM4PD9TRW")).toBe("K7QX-M4PD-9TRW");
  });

  it("ignores case, spaces and dashes in what the player types", () => {
    expect(normalizePlayerCode(" k7qx-m4pd 9trw ")).toEqual({ ok: true, code: "K7QXM4PD9TRW" });
    expect(normalizePlayerCode("K7QX–M4PD–9TRW")).toEqual({ ok: true, code: "K7QXM4PD9TRW" });
  });

  it("names the symbol codes never use, and a wrong length, in a plain sentence", () => {
    expect(shownCode(normalizePlayerCode("K7QX-M4PD-9TR0"))).toMatchObject({
      ok: false,
      message: expect.stringContaining("no 0 or O"),
    });
    expect(shownCode(normalizePlayerCode("K7QX-M4PD-9TRl"))).toMatchObject({
      ok: false,
      message: expect.stringContaining("no 1, I or L"),
    });
    expect(shownCode(normalizePlayerCode("K7QX-M4PD"))).toMatchObject({
      ok: false,
      message: expect.stringContaining("12 characters"),
    });
    expect(normalizePlayerCode("")).toMatchObject({ ok: false });
    expect(normalizePlayerCode(undefined)).toMatchObject({ ok: false });
  });
});
