import { failure, success } from "@/lib/action-result";
import { listOfNames } from "@/lib/plural";
import { RecordPodResultBodySchema } from "@/lib/schemas/api-v1";
import { parseInput } from "@/lib/schemas/parse";
import { RecordPodOutcomeByApiSchema } from "@/lib/schemas/pod";
import { toApiPod } from "@/lib/server/api/api-pod-reads";
import { getPod } from "@/lib/server/pod/pods";
import { recordPodOutcome } from "@/lib/server/pod/pod-commands";
import { runMutation } from "@/lib/server/access/run-action";
import { answerV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";
import { readJsonObject } from "@/lib/server/infra/http";

export const dynamic = "force-dynamic";

const notJson = () =>
  'The body is not valid JSON; send a JSON object such as {"outcome": "win", "winnerId": "…", "expectedVersion": 0}.';

/**
 * POST /api/v1/tournaments/{tournamentId}/pods/{podId}/result — records a finished pod's outcome
 * as the pod's result form does (recordPodOutcome: a win, an agreed draw, a draw at time), in the
 * token owner's staff seat. `expectedVersion` is the pod version last read: 409 CONFLICT when it moved since.
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; podId: string }> },
) {
  const { tournamentId, podId } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "results.enter" },
      schema: RecordPodOutcomeByApiSchema,
      input: async () => {
        const body = await readJsonObject(request, 4 * 1024, { notJson });
        if (!body.ok) return body;
        const fields = parseInput(RecordPodResultBodySchema, body.value);
        return fields.ok ? success({ ...fields.value, tournamentId, podId }) : fields;
      },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: { key: request.headers.get("idempotency-key"), operation: "pods.recordResult" },
      run: async (input, { seat, requestKey }) => {
        const pod = await getPod(input.tournamentId, input.podId);
        if (!pod)
          return failure("NOT_FOUND", "podId: that pod is not one of this tournament's.", {
            podId: ["No such pod in this tournament."],
          });
        // The body names the winner by id: one who is not seated at this pod is a wrong field, not a result the rules refuse.
        const { outcome } = input;
        if (
          outcome.kind === "win" &&
          !pod.isBye &&
          !pod.seats.some((each) => each.registrationId === outcome.winnerId)
        ) {
          const message = `winnerId ${JSON.stringify(outcome.winnerId)} is not a player of this pod; its players are ${listOfNames(pod.seats.map((each) => each.name))} (each seat's playerId).`;
          return failure("VALIDATION", message, { winnerId: ["Not a player of this pod."] });
        }
        const recorded = await recordPodOutcome(
          { ...input, idempotencyKey: requestKey! },
          { staffId: seat.id, name: seat.name },
        );
        if (!recorded.ok) return recorded;
        const now = await getPod(input.tournamentId, input.podId);
        if (!now)
          return failure("NOT_FOUND", "podId: that pod is not one of this tournament's.", {
            podId: ["No such pod in this tournament."],
          });
        return success({
          ...toApiPod(now, now.roundNumber, now.settings),
          isDuplicate: recorded.value.isDuplicate,
        });
      },
    });
    return respondV1(result);
  });
}

const onlyPost = v1MethodNotAllowed(["POST"]);
export const GET = onlyPost;
export const PUT = onlyPost;
export const PATCH = onlyPost;
export const DELETE = onlyPost;
