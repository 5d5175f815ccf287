import { success } from "@/lib/action-result";
import { RegisterPlayerBodySchema } from "@/lib/schemas/api-v1";
import { PageQuerySchema, searchParamsToObject } from "@/lib/schemas/paging";
import { parseInput } from "@/lib/schemas/parse";
import { RegisterPlayerSchema } from "@/lib/schemas/player";
import { listPlayersForApi } from "@/lib/server/api/api-reads";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { runMutation } from "@/lib/server/access/run-action";
import { answerV1, readTournamentV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";
import { readJsonObject } from "@/lib/server/infra/http";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId}/players?q=&page=&pageSize= — the registered players. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return readTournamentV1(request, tournamentId, async (access, url) => {
    const query = parseInput(PageQuerySchema, searchParamsToObject(url.searchParams));
    return query.ok ? listPlayersForApi(access, query.value) : query;
  });
}

/** POST /api/v1/tournaments/{tournamentId}/players — registers one player (staff who may manage players). */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "players.manage" },
      schema: RegisterPlayerSchema,
      input: async () => {
        const body = await readJsonObject(request, 4 * 1024);
        if (!body.ok) return body;
        const fields = parseInput(RegisterPlayerBodySchema, body.value);
        return fields.ok ? success({ tournamentId, name: fields.value.name }) : fields;
      },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: { key: request.headers.get("idempotency-key"), operation: "players.register" },
      run: async (input) => {
        const registered = await registerPlayer(input);
        return registered.ok
          ? success({
              id: registered.value.id,
              name: input.name,
              firstRound: registered.value.firstRound,
            })
          : registered;
      },
    });
    return respondV1(result, { status: 201 });
  });
}

const allowed = v1MethodNotAllowed(["GET", "POST"]);
export const PUT = allowed;
export const PATCH = allowed;
export const DELETE = allowed;
