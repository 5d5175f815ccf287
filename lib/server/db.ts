import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "./env";

function createPrismaClient(): PrismaClient {
  const isSingleSession = env.DATABASE_POOL_MAX === 1;
  const adapter = new PrismaPg({
    connectionString: env.DATABASE_URL,
    max: env.DATABASE_POOL_MAX,
    // The embedded database serves one connection; keep it open rather than reconnecting.
    idleTimeoutMillis: isSingleSession ? 0 : 10_000,
  });
  return new PrismaClient({ adapter });
}

// One client per process: Next's dev server re-evaluates modules on every edit.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };
export const prisma = globalForPrisma.prisma ?? createPrismaClient();
if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;

export type Transaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
