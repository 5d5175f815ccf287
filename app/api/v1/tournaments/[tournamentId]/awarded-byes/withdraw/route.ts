import { success } from "@/lib/action-result";
import { WithdrawAwardedByeBodySchema } from "@/lib/schemas/api-v1";
import { WithdrawAwardedByeSchema } from "@/lib/schemas/awarded-bye";
import { parseInput } from "@/lib/schemas/parse";
import { withdrawAwardedBye } from "@/lib/server/round/awarded-byes";
import { runMutation } from "@/lib/server/access/run-action";
import { answerV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";
import { readJsonObject } from "@/lib/server/infra/http";

export const dynamic = "force-dynamic";

/** POST /api/v1/tournaments/{tournamentId}/awarded-byes/withdraw — withdraws one awarded bye before its round is paired (withdrawAwardedBye, as the overview's button). */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "players.manage" },
      schema: WithdrawAwardedByeSchema,
      input: async () => {
        const body = await readJsonObject(request, 4 * 1024);
        if (!body.ok) return body;
        const fields = parseInput(WithdrawAwardedByeBodySchema, body.value);
        return fields.ok
          ? success({
              tournamentId,
              registrationId: fields.value.playerId,
              roundNumber: fields.value.roundNumber,
            })
          : fields;
      },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: { key: request.headers.get("idempotency-key"), operation: "byes.withdraw" },
      run: async (input) => {
        const withdrawn = await withdrawAwardedBye(input);
        return withdrawn.ok
          ? success({
              playerId: input.registrationId,
              name: withdrawn.value.name,
              roundNumber: input.roundNumber,
            })
          : withdrawn;
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
