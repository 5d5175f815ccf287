import "server-only";
import webpush from "web-push";
import { prisma } from "@/lib/server/infra/db";
import { currentPublicUrl, env } from "@/lib/server/infra/env";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Who push services may contact about our pushes when the operator named no one. */
const FALLBACK_SUBJECT = "mailto:push@spellbook-to.invalid";

/**
 * The contact push services see: VAPID_SUBJECT, else the app's public https address (Apple's
 * service refuses a localhost or plain-http subject), else a mailto that names no one.
 */
export function vapidSubject(
  configured = env.VAPID_SUBJECT,
  publicUrl = currentPublicUrl() ?? env.BETTER_AUTH_URL,
): string {
  if (configured) return configured;
  if (publicUrl && /^https:\/\//i.test(publicUrl)) {
    const { hostname, origin } = new URL(publicUrl);
    if (hostname !== "localhost") return origin;
  }
  return FALLBACK_SUBJECT;
}

let stored: Promise<{ publicKey: string; privateKey: string }> | null = null;

/**
 * The server's VAPID keys: the environment's when both are set, otherwise the pair kept in the
 * database, made on first use; two servers racing to make it keep the first one written.
 */
export async function vapidKeys(): Promise<VapidKeys> {
  const subject = vapidSubject();
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  stored ??= storedKeys().catch((error: unknown) => {
    stored = null;
    throw error;
  });
  return { ...(await stored), subject };
}

async function storedKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const select = { publicKey: true, privateKey: true } as const;
  const found = await prisma.pushKeys.findUnique({ where: { id: 1 }, select });
  if (found) return found;
  const made = webpush.generateVAPIDKeys();
  await prisma.$executeRaw`
    INSERT INTO "PushKeys" ("id", "publicKey", "privateKey")
    VALUES (1, ${made.publicKey}, ${made.privateKey})
    ON CONFLICT ("id") DO NOTHING`;
  return prisma.pushKeys.findUniqueOrThrow({ where: { id: 1 }, select });
}

/** Forgets the cached pair (tests that replace the database's row). */
export function forgetCachedVapidKeys(): void {
  stored = null;
}
