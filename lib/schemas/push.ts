import { z } from "zod";
import { TournamentIdSchema } from "./tournament";

/** Bytes a base64url text decodes to, or null when it is not base64url. */
function base64UrlBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, "base64url") : null;
}

/** NIST P-256's field prime and curve constant b (the curve is y² = x³ − 3x + b). */
const P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

/** RFC 8291: an uncompressed P-256 key is 0x04, x and y, and (x, y) lies on the curve. */
function isP256PublicKey(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  const x = BigInt(`0x${bytes.subarray(1, 33).toString("hex")}`);
  const y = BigInt(`0x${bytes.subarray(33).toString("hex")}`);
  if (x >= P256_P || y >= P256_P) return false;
  const right = (((x * x * x - 3n * x + P256_B) % P256_P) + P256_P) % P256_P;
  return (y * y) % P256_P === right;
}

/** A host a push service never has: an address literal or this machine (the server must not post to it). */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.startsWith("[") ||
    /^[0-9.]+$/.test(host) ||
    !host.includes(".")
  );
}

const PUSH_ENDPOINT_MESSAGE = "This browser's push address is not one the server can use.";

/** Where the browser's push service takes this phone's notifications: an https address by name. */
export const PushEndpointSchema = z
  .string({ error: PUSH_ENDPOINT_MESSAGE })
  .trim()
  .min(1, PUSH_ENDPOINT_MESSAGE)
  .max(1000, PUSH_ENDPOINT_MESSAGE)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === "https:" && !isPrivateHost(url.hostname) && url.username === "";
  }, PUSH_ENDPOINT_MESSAGE);

/** A browser's PushSubscription as its toJSON() gives it: the endpoint and its two keys. */
export const PushSubscriptionSchema = z.object({
  endpoint: PushEndpointSchema,
  // RFC 8291: the browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret.
  p256dh: z
    .string({ error: "The browser sent no encryption key." })
    .trim()
    .refine((value) => {
      const bytes = base64UrlBytes(value);
      return bytes !== null && isP256PublicKey(bytes);
    }, "The browser's encryption key is not a P-256 public key."),
  auth: z
    .string({ error: "The browser sent no auth secret." })
    .trim()
    .refine(
      (value) => base64UrlBytes(value)?.length === 16,
      "The browser's auth secret must be 16 bytes.",
    ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** A judge's phone subscribes for the judge calls of one tournament. */
export const StaffPushSubscriptionSchema = PushSubscriptionSchema.extend({
  tournamentId: TournamentIdSchema,
});

/** This phone's notifications turned off: its endpoint names its subscription. */
export const PushUnsubscribeSchema = z.object({ endpoint: PushEndpointSchema });
export const StaffPushUnsubscribeSchema = PushUnsubscribeSchema.extend({
  tournamentId: TournamentIdSchema,
});
