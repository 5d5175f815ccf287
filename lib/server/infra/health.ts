import "server-only";
import { prisma } from "./db";

/**
 * Readiness: true when the app's own client and pool (the ones every page and route use) can
 * read an application table, so a migrated schema is there. A side channel (a separate
 * connection, `SELECT 1`) could answer while pages fail.
 */
export async function checkDatabase(): Promise<boolean> {
  try {
    await prisma.tournament.findFirst({ select: { id: true } });
    return true;
  } catch (error) {
    console.error("Readiness check failed", error);
    return false;
  }
}
