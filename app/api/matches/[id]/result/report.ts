import { failure, success } from "@/lib/action-result";
import {
  MatchIdSchema,
  ReportMatchResultJsonSchema,
  ReportMatchResultSchema,
} from "@/lib/schemas/match-result";
import { parseInput } from "@/lib/schemas/parse";
import { reportMatchResult } from "@/lib/server/match/results";
import { runMutation } from "@/lib/server/access/run-action";
import { readJsonObject, respondWith } from "@/lib/server/infra/http";
import { answerRouteBeforeNext } from "@/lib/server/infra/route-before-next";

/** The report's address with an id as the app makes one (no % in it): its group is the id. */
export const RESULT_REPORT_ADDRESS = /^\/api\/matches\/([A-Za-z0-9_-]{1,100})\/result$/;

/** A result is a few short fields and a note of at most 500 characters: 16 KB is plenty. */
const RESULT_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * POST a result slip as JSON (Content-Type: application/json):
 * { winsA, winsB, draws?, expectedVersion, idempotencyKey, concededBy?, intentionalDraw?, note? }.
 * Every refusal is the one error body, `{ error: { code, message, fields? } }`, with a 4xx status
 * and a sentence naming the field; nothing is written unless the whole request is valid.
 * Who may: a signed-in staff member of the match's tournament whose role may enter results (the
 * session cookie; runMutation checks it against lib/rules/permissions.ts), else 401 / 403.
 * The route (./route.ts) exports it; the app's server answers it before Next.js routes it.
 */
export async function postMatchResult(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await params;
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: ReportMatchResultSchema,
    // Read only once the caller is known to be signed in.
    input: async () => {
      const body = await readJsonObject(request, RESULT_BODY_LIMIT_BYTES);
      if (!body.ok) return body;
      // An address that cannot name a match is answered like one that names no match.
      if (!MatchIdSchema.safeParse(id).success)
        return failure("NOT_FOUND", "That match does not exist.");
      const fields = parseInput(ReportMatchResultJsonSchema, body.value);
      return fields.ok ? success({ ...fields.value, matchId: id }) : fields;
    },
    headers: request.headers,
    run: (input, { seat, namedMatch }) =>
      reportMatchResult(input, { source: "STAFF", staffId: seat.id, name: seat.name }, namedMatch),
  });
  return respondWith(result);
}

/**
 * The request an event day makes most, answered on the socket before Next.js routes it, from the
 * first report on (registered at startup by instrumentation.ts): the same handler as the route's.
 */
export function answerResultReportsBeforeNext(): void {
  answerRouteBeforeNext({
    name: "match-result",
    method: "POST",
    address: RESULT_REPORT_ADDRESS,
    params: ["id"],
    bodyLimitBytes: RESULT_BODY_LIMIT_BYTES,
    handler: postMatchResult,
  });
}
