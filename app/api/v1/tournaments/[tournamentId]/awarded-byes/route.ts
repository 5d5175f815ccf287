import { failure, success } from "@/lib/action-result";
import { AwardByesBodySchema } from "@/lib/schemas/api-v1";
import { AwardByesSchema } from "@/lib/schemas/awarded-bye";
import { parseInput } from "@/lib/schemas/parse";
import { awardByes, listAwardedByes } from "@/lib/server/round/awarded-byes";
import { accessAllows } from "@/lib/server/access/tournament-access";
import { runMutation } from "@/lib/server/access/run-action";
import { answerV1, readTournamentV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";
import { readJsonObject } from "@/lib/server/infra/http";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId}/awarded-byes — byes awarded in advance and not withdrawn, by player (staff who may manage players, as on the overview). */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return readTournamentV1(request, tournamentId, async (access) => {
    if (!accessAllows(access, "players.manage"))
      return failure(
        "FORBIDDEN",
        "Only staff who may register and drop players can read the byes awarded in advance.",
      );
    const byes = await listAwardedByes(access.tournamentId);
    return success(
      byes.map(({ registrationId, name, rounds }) => ({ playerId: registrationId, name, rounds })),
    );
  });
}

/**
 * POST /api/v1/tournaments/{tournamentId}/awarded-byes — awards a player byes in advance for named
 * rounds not yet paired (awardByes, as the overview's form); a standing award is answered as done.
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "players.manage" },
      schema: AwardByesSchema,
      input: async () => {
        const body = await readJsonObject(request, 4 * 1024);
        if (!body.ok) return body;
        const fields = parseInput(AwardByesBodySchema, body.value);
        // The form's rounds are text ("1-2"); the API's a list, written as the form would.
        return fields.ok
          ? success({
              tournamentId,
              registrationId: fields.value.playerId,
              rounds: fields.value.rounds.join(", "),
            })
          : fields;
      },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: { key: request.headers.get("idempotency-key"), operation: "byes.award" },
      run: async (input) => {
        const awarded = await awardByes(input);
        return awarded.ok
          ? success({
              playerId: input.registrationId,
              name: awarded.value.name,
              rounds: awarded.value.rounds,
            })
          : awarded;
      },
    });
    return respondV1(result);
  });
}

const allowed = v1MethodNotAllowed(["GET", "POST"]);
export const PUT = allowed;
export const PATCH = allowed;
export const DELETE = allowed;
