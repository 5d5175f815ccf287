import "server-only";

/**
 * True when a write failed on a unique constraint. With @prisma/adapter-pg the error is a
 * PrismaClientKnownRequestError with code P2002 whose meta differs from the classic engine's,
 * so this only trusts the code (pinned by an integration test in lib/server/data/thin-slice.test.ts).
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && (error as { code: unknown }).code === "P2002";
}
