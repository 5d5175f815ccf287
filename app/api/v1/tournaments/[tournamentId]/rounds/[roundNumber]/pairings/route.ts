import { z } from "zod";
import { failure, success } from "@/lib/action-result";
import {
  asRowRefusal,
  namingTheRow,
  pastedPairingsOf,
  rowRefusal,
} from "@/lib/api-v1/entered-pairings";
import { RoundNumberSchema } from "@/lib/schemas/api-v1-query";
import { EnterPairingsBodySchema } from "@/lib/schemas/api-v1";
import { parseInput } from "@/lib/schemas/parse";
import { RoundNumberSchema as RoundSchema } from "@/lib/schemas/round";
import { TournamentIdSchema } from "@/lib/schemas/tournament";
import {
  listPairingsForApi,
  listPlayersForApi,
  listRoundsForApi,
} from "@/lib/server/api/api-reads";
import { listAwardedByes } from "@/lib/server/round/awarded-byes";
import { enterRoundPairings } from "@/lib/server/round/rounds";
import { getTournamentAccess } from "@/lib/server/access/tournament-access";
import { runMutation } from "@/lib/server/access/run-action";
import { answerV1, readTournamentV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";
import { readJsonObject } from "@/lib/server/infra/http";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId}/rounds/{roundNumber}/pairings — a round's matches by table, with their results. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; roundNumber: string }> },
) {
  const { tournamentId, roundNumber } = await params;
  return readTournamentV1(request, tournamentId, async (access) => {
    const number = parseInput(RoundNumberSchema, { roundNumber });
    return number.ok ? listPairingsForApi(access, number.value.roundNumber) : number;
  });
}

const EnterPairingsSchema = z.object({
  tournamentId: TournamentIdSchema,
  roundNumber: RoundSchema,
  pairings: EnterPairingsBodySchema.shape.pairings,
});

/**
 * POST /api/v1/tournaments/{tournamentId}/rounds/{roundNumber}/pairings — enters the next Swiss
 * round's exact pairings from another program, as the overview's "enter pairings" form does
 * (enterRoundPairings): refused row by row, written with its warnings (rematch, a bye not to the
 * lowest player). The address names the round so a client out of step enters nothing.
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; roundNumber: string }> },
) {
  const { tournamentId, roundNumber } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "rounds.manage" },
      schema: EnterPairingsSchema,
      input: async () => {
        const body = await readJsonObject(request, 256 * 1024);
        if (!body.ok) return body;
        const fields = namingTheRow(parseInput(EnterPairingsBodySchema, body.value));
        return fields.ok ? success({ tournamentId, roundNumber, ...fields.value }) : fields;
      },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: {
        key: request.headers.get("idempotency-key"),
        operation: "rounds.enterPairings",
      },
      run: async (input, { actor, seat }) => {
        const access = await getTournamentAccess(input.tournamentId, actor.userId);
        if (!access) return failure("NOT_FOUND", "That tournament does not exist.");
        const [rounds, players] = await Promise.all([
          listRoundsForApi(access),
          listPlayersForApi(access, { q: "", page: 1, pageSize: Number.MAX_SAFE_INTEGER }),
        ]);
        const last = rounds.ok ? (rounds.value.at(-1)?.number ?? 0) : 0;
        if (input.roundNumber !== last + 1) {
          const message =
            input.roundNumber <= last
              ? `Round ${input.roundNumber} is already paired; the next round to enter is ${last + 1}.`
              : `Round ${input.roundNumber} cannot be entered yet: the next round is ${last + 1}.`;
          return failure("CONFLICT", message, { roundNumber: [message] });
        }
        const rows = pastedPairingsOf(input.pairings, players.value);
        if (!rows.ok) return rows;
        const entered = await enterRoundPairings(
          { tournamentId: input.tournamentId, pairings: rows.value.text },
          { userId: actor.userId, name: seat.name },
        );
        if (entered.ok)
          return success({
            roundNumber: entered.value.roundNumber,
            tables: entered.value.tables,
            warnings: entered.value.warnings.map(({ code, message, playerIds }) => ({
              code,
              message,
              playerIds,
            })),
          });
        const refused = asRowRefusal(entered);
        if (refused !== entered || refused.error.code !== "VALIDATION") return refused;
        // The data layer refuses a bye awarded in advance for the whole round; the client is told which row pairs its player.
        const awarded = new Set(
          (await listAwardedByes(input.tournamentId))
            .filter((bye) => bye.rounds.includes(input.roundNumber))
            .map((bye) => bye.registrationId),
        );
        const row = rows.value.pairings.findIndex(
          (pairing) =>
            pairing.playerB !== null &&
            (awarded.has(pairing.playerA) || awarded.has(pairing.playerB)),
        );
        return row === -1 ? refused : rowRefusal(row, refused.error.message);
      },
    });
    return respondV1(result, { status: 201 });
  });
}

const allowed = v1MethodNotAllowed(["GET", "POST"]);
export const PUT = allowed;
export const PATCH = allowed;
export const DELETE = allowed;
