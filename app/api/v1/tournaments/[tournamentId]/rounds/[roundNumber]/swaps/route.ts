import { success } from "@/lib/action-result";
import { SwapBodySchema } from "@/lib/schemas/api-v1";
import { parseInput } from "@/lib/schemas/parse";
import { SwapPlayersSchema } from "@/lib/schemas/round";
import { swapPlayers } from "@/lib/server/round/rounds";
import { runMutation } from "@/lib/server/access/run-action";
import { answerV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";
import { readJsonObject } from "@/lib/server/infra/http";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/tournaments/{tournamentId}/rounds/{roundNumber}/swaps — swaps two players' seats
 * before the round has a result (either may hold the bye). The change and its warnings (rematch,
 * a bye not to the lowest player) are kept in the round's pairing history and answered.
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; roundNumber: string }> },
) {
  const { tournamentId, roundNumber } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "rounds.manage" },
      schema: SwapPlayersSchema,
      input: async () => {
        const body = await readJsonObject(request, 4 * 1024);
        if (!body.ok) return body;
        const fields = parseInput(SwapBodySchema, body.value);
        return fields.ok ? success({ tournamentId, roundNumber, ...fields.value }) : fields;
      },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: { key: request.headers.get("idempotency-key"), operation: "rounds.swap" },
      run: async (input, { actor, seat }) => {
        const swapped = await swapPlayers(input, { userId: actor.userId, name: seat.name });
        return swapped.ok
          ? success({
              warnings: swapped.value.warnings.map(({ code, message, playerIds }) => ({
                code,
                message,
                playerIds,
              })),
            })
          : swapped;
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
