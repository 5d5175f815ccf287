import { success } from "@/lib/action-result";
import { DropPlayerSchema } from "@/lib/schemas/player";
import { dropPlayer } from "@/lib/server/registration/registrations";
import { runMutation } from "@/lib/server/access/run-action";
import { answerV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/tournaments/{tournamentId}/players/{registrationId}/drop — drops the player after
 * the current round (MTR 2.10); they keep their results. No body. Dropping twice answers the first drop.
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; registrationId: string }> },
) {
  const { tournamentId, registrationId } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "players.manage" },
      schema: DropPlayerSchema,
      input: { tournamentId, registrationId },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: { key: request.headers.get("idempotency-key"), operation: "players.drop" },
      run: async (input, { seat, actor }) => {
        const dropped = await dropPlayer(input, { staffId: seat.id, name: actor.name });
        return dropped.ok
          ? success({
              id: input.registrationId,
              droppedAfterRound: dropped.value.droppedAfterRound,
            })
          : dropped;
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
