import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { CreateApiTokenInput, RevokeApiTokenInput } from "@/lib/schemas/api-token";
import type { Actor } from "@/lib/server/tournament/staff";

/** Every secret starts so: a leaked one is easy to recognise (secret scanners, logs). */
export const API_TOKEN_PREFIX = "mtgt_";
/** How often the last-used time is written: not on every request of a busy client. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The stored form of a secret. SHA-256 rather than a slow password hash: the secret is 32 random
 * bytes (256 bits), so guessing it from its hash is out of reach without slowing anything down,
 * and a fast hash lets every request find its token through one unique index.
 */
export function hashApiToken(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export type ApiTokenRow = {
  id: string;
  name: string;
  prefix: string;
  tournamentId: string | null;
  tournamentName: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** Who a token acts for: its owner, limited to its scope. */
export type TokenActor = Actor & { token: { id: string; tournamentId: string | null } };

/**
 * Issues a token for `owner`. A token for one tournament needs a staff seat there (a token never
 * holds more than its owner); the secret is returned this once and never stored.
 */
export async function createApiToken(
  input: CreateApiTokenInput,
  owner: Actor,
): Promise<ActionResult<{ id: string; secret: string }>> {
  if (input.tournamentId) {
    const seat = await prisma.staffMember.findFirst({
      where: {
        tournamentId: input.tournamentId,
        userId: owner.userId,
        removedAt: null,
        tournament: { deletedAt: null },
      },
      select: { id: true },
    });
    if (!seat)
      return failure(
        "NOT_FOUND",
        "tournamentId: you hold no staff seat in that tournament, so a token cannot act there.",
        { tournamentId: ["Choose one of your tournaments."] },
      );
  }
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const token = await prisma.apiToken.create({
    data: {
      userId: owner.userId,
      tournamentId: input.tournamentId ?? null,
      name: input.name,
      tokenHash: hashApiToken(secret),
      prefix: secret.slice(0, API_TOKEN_PREFIX.length + 6),
    },
    select: { id: true },
  });
  return success({ id: token.id, secret });
}

/** The account's tokens, newest first, revoked ones included (never their secrets or hashes). */
export async function listApiTokens(userId: string): Promise<ApiTokenRow[]> {
  const rows = await prisma.apiToken.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      prefix: true,
      tournamentId: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      tournament: { select: { name: true } },
    },
  });
  return rows.map(({ tournament, ...row }) => ({
    ...row,
    tournamentName: tournament?.name ?? null,
  }));
}

/** Revokes one of the account's own tokens; revoking twice is fine, another account's token does not exist. */
export async function revokeApiToken(
  input: RevokeApiTokenInput,
  userId: string,
  now = new Date(),
): Promise<ActionResult<{ id: string }>> {
  const token = await prisma.apiToken.findFirst({
    where: { id: input.tokenId, userId },
    select: { id: true, revokedAt: true },
  });
  if (!token) return failure("NOT_FOUND", "That token does not exist.");
  if (!token.revokedAt)
    await prisma.apiToken.update({ where: { id: token.id }, data: { revokedAt: now } });
  return success({ id: token.id });
}

/**
 * The actor a bearer secret stands for, or null when no live token has it (unknown or revoked).
 * Records when it was last used, at most once a minute.
 */
export async function findTokenActor(secret: string, now = new Date()): Promise<TokenActor | null> {
  if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 200) return null;
  const token = await prisma.apiToken.findUnique({
    where: { tokenHash: hashApiToken(secret) },
    select: {
      id: true,
      tournamentId: true,
      revokedAt: true,
      lastUsedAt: true,
      user: { select: { id: true, name: true, email: true } },
    },
  });
  if (!token || token.revokedAt) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await prisma.apiToken.updateMany({
      where: { id: token.id, revokedAt: null },
      data: { lastUsedAt: now },
    });
  }
  return {
    userId: token.user.id,
    name: token.user.name,
    email: token.user.email,
    token: { id: token.id, tournamentId: token.tournamentId },
  };
}

/** The tournaments a token may be scoped to: those where the account holds a staff seat. */
export async function listTokenScopeChoices(
  userId: string,
): Promise<{ id: string; name: string }[]> {
  return prisma.tournament.findMany({
    where: { deletedAt: null, staff: { some: { userId, removedAt: null } } },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true },
  });
}

/** Whether every one of these tokens is the account's own (revoked ones included). */
export async function ownsApiTokens(userId: string, tokenIds: string[]): Promise<boolean> {
  const ids = [...new Set(tokenIds)];
  const owned = await prisma.apiToken.count({ where: { id: { in: ids }, userId } });
  return owned === ids.length;
}
