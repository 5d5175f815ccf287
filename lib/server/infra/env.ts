import "server-only";
import { z } from "zod";

// `next build` evaluates route modules to collect their configuration, without a database.
// No query runs then, so a placeholder keeps the build independent of DATABASE_URL.
const isBuilding = process.env.NEXT_PHASE === "phase-production-build";

const PublicUrlSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .string()
    .url(
      "PUBLIC_URL must be a full address such as https://events.example.org or http://192.168.1.20:3000.",
    )
    .refine(
      (value) => /^https?:\/\//i.test(value),
      "PUBLIC_URL must start with http:// or https://.",
    )
    .optional(),
);

const EnvSchema = z.object({
  DATABASE_URL: z
    .string({
      error:
        "DATABASE_URL is not set. Start the app with `npm run dev` (embedded database) or set DATABASE_URL to a PostgreSQL URL.",
    })
    .url("DATABASE_URL must be a postgresql:// URL"),
  // Set to 1 by scripts/serve.ts when it serves the embedded PGlite database, which has one session.
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
  // How long a write may wait for a pooled connection before it is answered UNAVAILABLE (503,
  // retry): under overload a quick, honest "try again" beats a queue that grows without bound.
  TRANSACTION_MAX_WAIT_MS: z.coerce.number().int().positive().default(3_000),
  // The longest a write transaction may run (including waiting for a tournament lock held by
  // pairing, which takes under a second) before it is rolled back and answered UNAVAILABLE.
  TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // How long opening a connection may take: a database that is down answers 503 within this.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  // How long a statement may wait for a lock (a tournament lock held by pairing takes under a
  // second): past it the write is answered 503, instead of holding a connection indefinitely.
  LOCK_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  // Live-update streams (open pages) this process keeps open, in all and per client address: past
  // either cap a new stream is answered 503 with Retry-After and the page tries again later.
  LIVE_STREAMS_MAX: z.coerce.number().int().positive().default(2_000),
  // 200: a venue's phones behind one shared address fit; a full server shares places fairly (lib/server/live/live-streams.ts).
  LIVE_STREAMS_PER_CLIENT: z.coerce.number().int().positive().default(200),
  // Accounts made from one network address per 15 minutes (docs/permissions.md).
  SIGN_UPS_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // The port the app's server listens on (scripts/next-server.ts sets it, as `next start` does).
  PORT: z.coerce.number().int().positive().default(3000),
  // Signs session cookies. scripts/serve.ts makes one and keeps it in .data/ when it is not set;
  // several instances behind one load balancer must share the same value.
  BETTER_AUTH_SECRET: z
    .string({
      error:
        "BETTER_AUTH_SECRET is not set. Start the app with `npm start` / `npm run dev`, or set it to a random string of at least 32 characters.",
    })
    .min(32, "BETTER_AUTH_SECRET must be at least 32 characters long."),
  // The public address (https://…) when the app sits behind a proxy; otherwise taken from each request.
  BETTER_AUTH_URL: z.string().url().optional(),
  // The address players' phones reach this app at (https://events.example.org, or the venue
  // laptop's LAN address such as http://192.168.1.20:3000): every printed slip and QR code points
  // there. Unset: the address of the page's own request (BETTER_AUTH_URL when that is set).
  PUBLIC_URL: PublicUrlSchema,
  // Session cookies are Secure in production. A venue laptop serving the LAN over plain HTTP
  // (not localhost) can set this to 1 so phones and other laptops can sign in.
  ALLOW_INSECURE_COOKIES: z
    .preprocess((value) => value === "1" || value === "true", z.boolean())
    .default(false),
  // Web Push's VAPID key pair (web-push generate-vapid-keys) and contact (mailto: or https:).
  // Unset: a key pair is made once and kept in the database (lib/server/push/vapid.ts).
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)/i, "VAPID_SUBJECT must be a mailto: or https:// address.")
    .optional(),
  // Webhooks may go to private addresses and plain http:// (a venue LAN's bot; docs/webhooks.md).
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z
    .preprocess((value) => value === "1" || value === "true", z.boolean())
    .default(false),
  // Where "Fetch the latest from Scryfall" reads the oracle cards' bulk-data object (a mirror); unset: Scryfall's own.
  CARD_DATA_URL: z.string().url("CARD_DATA_URL must be a full address (https://…).").optional(),
  // How many reverse proxies in front of the app append to X-Forwarded-For: only their entries are
  // believed (0: the app is reached directly, and the socket's own address is the client's).
  TRUSTED_PROXY_HOPS: z.coerce
    .number()
    .int("TRUSTED_PROXY_HOPS must be a whole number.")
    .min(0)
    .max(10)
    .default(0),
});

export const env = EnvSchema.parse(
  isBuilding
    ? {
        DATABASE_URL: "postgresql://build@127.0.0.1:1/unused",
        BETTER_AUTH_SECRET: "build-time-placeholder-never-used-for-requests",
        ...process.env,
      }
    : process.env,
);

/** PUBLIC_URL as it is now: `npm run venue` sets it again when the laptop's address changes. */
export function currentPublicUrl(): string | undefined {
  const parsed = PublicUrlSchema.safeParse(process.env.PUBLIC_URL);
  return parsed.success ? parsed.data : env.PUBLIC_URL;
}
