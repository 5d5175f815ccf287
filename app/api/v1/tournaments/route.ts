import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "@/lib/schemas/paging";
import { TournamentListQuerySchema } from "@/lib/schemas/api-v1-query";
import { parseInput } from "@/lib/schemas/parse";
import { searchParamsToObject } from "@/lib/schemas/paging";
import { listTournamentsForApi } from "@/lib/server/api/api-reads";
import { readV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments?page=&pageSize= — published tournaments and the caller's own (docs/api.md). */
export async function GET(request: Request) {
  return readV1(request, async (who, url) => {
    const query = parseInput(TournamentListQuerySchema, searchParamsToObject(url.searchParams));
    if (!query.ok) return query;
    return listTournamentsForApi(who, {
      page: query.value.page ?? 1,
      pageSize: Math.min(query.value.pageSize ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
    });
  });
}

const onlyGet = v1MethodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
