import { prisma } from "@/lib/server/infra/db";

/** A match's history rows as stored, oldest first: what the tests check a write left behind. */
export async function readResultChanges(matchId: string) {
  return prisma.resultChange.findMany({ where: { matchId }, orderBy: { version: "asc" } });
}
