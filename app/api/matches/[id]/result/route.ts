import { ReportMatchResultSchema } from "@/lib/schemas/match-result";
import { reportMatchResult } from "@/lib/server/data/results";
import { runAction } from "@/lib/server/actions/run-action";
import { httpStatusFor } from "@/lib/server/http";

/** POST a result slip as JSON: { winsA, winsB, draws, expectedVersion, idempotencyKey }. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== "object" || body === null) {
    return Response.json({ ok: false, error: { code: "VALIDATION", message: "Send the result as a JSON object." } }, { status: 400 });
  }
  const result = await runAction(ReportMatchResultSchema, { ...body, matchId: id }, (input) =>
    reportMatchResult(input, { source: "STAFF", name: "API" }),
  );
  return Response.json(result, { status: result.ok ? 200 : httpStatusFor(result.error.code) });
}
