import { PageQuerySchema, searchParamsToObject } from "@/lib/schemas/paging";
import { parseInput } from "@/lib/schemas/parse";
import { getStandingsForApi } from "@/lib/server/api/api-reads";
import { readTournamentV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId}/standings?q=&page=&pageSize= — standings after the last complete round, with the tiebreaker settings. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return readTournamentV1<unknown>(request, tournamentId, async (access, url) => {
    const query = parseInput(PageQuerySchema, searchParamsToObject(url.searchParams));
    return query.ok ? getStandingsForApi(access, query.value) : query;
  });
}

const onlyGet = v1MethodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
