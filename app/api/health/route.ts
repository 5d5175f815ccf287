import { checkDatabase } from "@/lib/server/infra/health";

export const dynamic = "force-dynamic";

/** Readiness: answers 200 once the database answers. */
export async function GET() {
  const isDatabaseUp = await checkDatabase();
  return Response.json({ ok: isDatabaseUp }, { status: isDatabaseUp ? 200 : 503 });
}
