import { success } from "@/lib/action-result";
import { PairRoundSchema } from "@/lib/schemas/round";
import { listRoundsForApi } from "@/lib/server/api/api-reads";
import { pairNextSwissRound } from "@/lib/server/round/rounds";
import { runMutation } from "@/lib/server/access/run-action";
import { answerV1, readTournamentV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId}/rounds — every round paired so far, in order. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return readTournamentV1(request, tournamentId, (access) => listRoundsForApi(access));
}

/** POST /api/v1/tournaments/{tournamentId}/rounds — pairs the next Swiss round, as the round page's button does. No body. */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "rounds.manage" },
      schema: PairRoundSchema,
      input: { tournamentId },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: { key: request.headers.get("idempotency-key"), operation: "rounds.pairNext" },
      run: async (input) => {
        const paired = await pairNextSwissRound(input.tournamentId);
        return paired.ok ? success({ roundNumber: paired.value.roundNumber }) : paired;
      },
    });
    return respondV1(result, { status: 201 });
  });
}

const allowed = v1MethodNotAllowed(["GET", "POST"]);
export const PUT = allowed;
export const PATCH = allowed;
export const DELETE = allowed;
