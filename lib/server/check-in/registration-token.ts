import "server-only";
import { timingSafeEqual } from "node:crypto";
import {
  checkRegistrationLink,
  nextRegistrationLinkAt,
  registrationLinkStep,
  type RegistrationLink,
} from "@/lib/rules/registration";
import { fromBase32, keyedDigest, normalizeBase32, toBase32 } from "@/lib/server/live/keyed-digest";

/**
 * The registration token the check-in screen's QR code carries: the tournament and the current
 * 5-minute step (lib/rules/registration.ts), signed with a key from the app's secret. Only the
 * screen shown by staff hands it out, so registering from a phone needs someone at the venue.
 */

/** 12 base32 symbols, 60 bits: guessing one over the network is out of reach. */
const SIGNATURE_LENGTH = 12;
const TOKEN_PATTERN = /^([0-9A-HJKMNP-TV-Z]{1,8})-([0-9A-HJKMNP-TV-Z]{12})$/;

function signatureOf(tournamentId: string, step: number): string {
  return keyedDigest("registration-token", `${tournamentId}\n${step}`, SIGNATURE_LENGTH);
}

/** The token for the screen to show now, and when it shows the next one. */
export function registrationTokenFor(
  tournamentId: string,
  now = new Date(),
): { token: string; refreshAt: Date } {
  const step = registrationLinkStep(now.getTime());
  return {
    token: `${toBase32(step)}-${signatureOf(tournamentId, step)}`,
    refreshAt: new Date(nextRegistrationLinkAt(now.getTime())),
  };
}

/** What a phone brought: no token, one this server did not sign for this tournament, or the step it was signed for. */
export function readRegistrationToken(tournamentId: string, token: unknown): RegistrationLink {
  if (typeof token !== "string" || token.trim() === "") return { status: "missing" };
  // Typed from the screen, an O may stand for 0 and an I or L for 1.
  const match = TOKEN_PATTERN.exec(normalizeBase32(token.trim()));
  if (!match) return { status: "not-signed" };
  const step = fromBase32(match[1]!);
  const expected = Buffer.from(signatureOf(tournamentId, step));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { status: "signed", step }
    : { status: "not-signed" };
}

/** Null when the token lets its holder register from a phone now; otherwise why not, in words for them. */
export function checkRegistrationToken(tournamentId: string, token: unknown, now = new Date()) {
  return checkRegistrationLink(readRegistrationToken(tournamentId, token), now.getTime());
}
