/**
 * Seeded pseudo-random numbers for pairings. No Math.random, no clock: the same seed string
 * always yields the same sequence, so a pairing can be reproduced and audited later.
 *
 * - `hashSeed` turns a string into 128 bits: four independent 32-bit lanes, each fed every UTF-16
 *   code unit of the string (MurmurHash3-style multiply/xor-shift mixing, the construction known
 *   as "cyrb128"), then cross-mixed once more so every output bit depends on every input bit.
 * - `createRandom` runs Chris Doty-Humphrey's SFC32 ("small fast counting") generator from that
 *   state. SFC32 passes PractRand/BigCrush and is more than enough for shuffling players.
 *
 * Strings are hashed by UTF-16 code units: visually identical strings in different Unicode
 * normalisation forms are different seeds.
 */

import { say } from "@/lib/rules/result";
import { internalError } from "./pairing-result";

export type Random = {
  /** Uniform integer in [0, 2^32). */
  nextUint32(): number;
  /** Uniform integer in [0, maxExclusive); maxExclusive must be an integer in [1, 2^32]. */
  nextInt(maxExclusive: number): number;
};

export function hashSeed(seed: string): [number, number, number, number] {
  let h1 = 0x6a09e667;
  let h2 = 0xbb67ae85;
  let h3 = 0x3c6ef372;
  let h4 = 0xa54ff53a;
  for (let index = 0; index < seed.length; index++) {
    const code = seed.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  // Mix in the length so that e.g. "" and "\u0000" differ, then avalanche the lanes together.
  h1 ^= seed.length;
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export function createRandom(seed: string): Random {
  let [a, b, c, d] = hashSeed(seed);
  const nextUint32 = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    d = (d + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs: the state straight out of the hash is still correlated.
  for (let warmUp = 0; warmUp < 15; warmUp++) nextUint32();

  const nextInt = (maxExclusive: number): number => {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 32) {
      throw internalError(
        RangeError,
        say("random.badMaxExclusive", { value: String(maxExclusive) }),
      );
    }
    // Rejection sampling: accept only values below the largest multiple of maxExclusive,
    // so every result is exactly equally likely (no modulo bias).
    const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
    for (;;) {
      const value = nextUint32();
      if (value < limit) return value % maxExclusive;
    }
  };

  return { nextUint32, nextInt };
}

/** Fisher–Yates shuffle into a new array; every permutation is equally likely. */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const result = items.slice();
  for (let index = result.length - 1; index > 0; index--) {
    const other = random.nextInt(index + 1);
    const item = result[index] as T;
    result[index] = result[other] as T;
    result[other] = item;
  }
  return result;
}
