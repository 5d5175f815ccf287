import { failure } from "@/lib/action-result";
import { MatchIdSchema, ReportMatchResultJsonSchema, ReportMatchResultSchema } from "@/lib/schemas/match-result";
import { parseInput } from "@/lib/schemas/parse";
import { reportMatchResult } from "@/lib/server/data/results";
import { runAction } from "@/lib/server/actions/run-action";
import { methodNotAllowed, readJsonObject, respondWith } from "@/lib/server/http";

/** A result is a few short fields and a note of at most 500 characters: 16 KB is plenty. */
const RESULT_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * POST a result slip as JSON (Content-Type: application/json):
 * { winsA, winsB, draws?, expectedVersion, idempotencyKey, concededBy?, intentionalDraw?, note? }.
 * Every refusal is `{ ok: false, error: { code, message, fieldErrors? } }` with a 4xx status
 * and a sentence naming the field; nothing is written unless the whole request is valid.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const body = await readJsonObject(request, RESULT_BODY_LIMIT_BYTES);
  if (!body.ok) return respondWith(body);
  // An address that cannot name a match is answered like one that names no match.
  if (!MatchIdSchema.safeParse(id).success) return respondWith(failure("NOT_FOUND", "That match does not exist."));
  const fields = parseInput(ReportMatchResultJsonSchema, body.data);
  if (!fields.ok) return respondWith(fields);
  const result = await runAction(ReportMatchResultSchema, { ...fields.data, matchId: id }, (input) =>
    reportMatchResult(input, { source: "STAFF", name: "API" }),
  );
  return respondWith(result);
}

const onlyPost = methodNotAllowed(["POST"]);
export const GET = onlyPost;
export const PUT = onlyPost;
export const PATCH = onlyPost;
export const DELETE = onlyPost;
