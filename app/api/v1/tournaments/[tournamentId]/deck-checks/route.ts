import { DeckCheckQuerySchema } from "@/lib/schemas/api-v1-query";
import { searchParamsToObject } from "@/lib/schemas/paging";
import { parseInput } from "@/lib/schemas/parse";
import { listDeckChecksForApi } from "@/lib/server/api/api-decklists";
import { readTournamentV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId}/deck-checks?round= — the deck checks (MTR 2.8), staff only. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return readTournamentV1(request, tournamentId, async (access, url) => {
    const query = parseInput(DeckCheckQuerySchema, searchParamsToObject(url.searchParams));
    return query.ok ? listDeckChecksForApi(access, query.value.round) : query;
  });
}

const onlyGet = v1MethodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
