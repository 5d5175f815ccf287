import { failure, success } from "@/lib/action-result";
import { ReportResultBodySchema } from "@/lib/schemas/api-v1";
import { MatchIdSchema, ReportMatchResultSchema } from "@/lib/schemas/match-result";
import { TournamentIdSchema } from "@/lib/schemas/tournament";
import { parseInput } from "@/lib/schemas/parse";
import { reportMatchResult } from "@/lib/server/match/results";
import { runMutation } from "@/lib/server/access/run-action";
import { answerV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";
import { readJsonObject } from "@/lib/server/infra/http";

export const dynamic = "force-dynamic";

/** The staff slip without its form key (the Idempotency-Key header is the key), naming its tournament so the match is proven to be its. */
const ApiReportSchema = ReportMatchResultSchema.omit({ idempotencyKey: true }).extend({
  tournamentId: TournamentIdSchema,
});

/**
 * POST /api/v1/tournaments/{tournamentId}/matches/{matchId}/result — reports the result slip,
 * recorded as confirmed in the token owner's staff seat (as staff entry is). `expectedVersion`
 * is the match version last read: 409 CONFLICT when it moved since.
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; matchId: string }> },
) {
  const { tournamentId, matchId } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "results.enter" },
      schema: ApiReportSchema,
      input: async () => {
        const body = await readJsonObject(request, 16 * 1024);
        if (!body.ok) return body;
        if (!MatchIdSchema.safeParse(matchId).success)
          return failure("NOT_FOUND", "That match does not exist.");
        const fields = parseInput(ReportResultBodySchema, body.value);
        return fields.ok ? success({ ...fields.value, tournamentId, matchId }) : fields;
      },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: { key: request.headers.get("idempotency-key"), operation: "results.report" },
      run: (input, { seat, requestKey }) =>
        reportMatchResult(
          { ...input, idempotencyKey: requestKey! },
          { source: "STAFF", staffId: seat.id, name: seat.name },
        ),
    });
    return respondV1(result);
  });
}

const onlyPost = v1MethodNotAllowed(["POST"]);
export const GET = onlyPost;
export const PUT = onlyPost;
export const PATCH = onlyPost;
export const DELETE = onlyPost;
