import { failure } from "@/lib/action-result";
import { getTournamentViewer } from "@/lib/server/access/viewer";
import { getStandingsEtag, getStandingsPage } from "@/lib/server/standings/standings";
import { PageQuerySchema, searchParamsToObject } from "@/lib/schemas/paging";
import { parseInput } from "@/lib/schemas/parse";
import { matchesEtag, methodNotAllowed, respondWith } from "@/lib/server/infra/http";
import { answeringBusyDatabase } from "@/lib/server/infra/route-answers";

export const dynamic = "force-dynamic";

/**
 * Clients may keep a copy but must revalidate it: the ETag changes with every result, entry or
 * drop. Shared caches only for a published tournament; a staff-only one is private.
 */
const cacheControlFor = (isPublished: boolean) =>
  isPublished ? "public, no-cache" : "private, no-cache";

/**
 * GET /api/tournaments/:id/standings?q=&page=&pageSize= — one page of the standings (see README,
 * "HTTP API"). Answers 304 to a repeat request whose If-None-Match names the current standings.
 */
export const GET = answeringBusyDatabase(async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  // Published tournaments are public; one in preparation exists only for its staff.
  const viewer = await getTournamentViewer(id, request.headers);
  const { access } = viewer;
  if (!access) return respondWith(failure("NOT_FOUND", "That tournament does not exist."));
  const CACHE_CONTROL = cacheControlFor(viewer.tournament?.isPublished ?? false);
  const query = parseInput(
    PageQuerySchema,
    searchParamsToObject(new URL(request.url).searchParams),
  );
  if (!query.ok) return respondWith(query);

  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch) {
    const etag = await getStandingsEtag(access);
    if (etag && matchesEtag(ifNoneMatch, etag)) {
      return new Response(null, {
        status: 304,
        headers: { ETag: etag, "Cache-Control": CACHE_CONTROL },
      });
    }
  }
  const result = await getStandingsPage(access, query.value);
  if (!result.ok) return respondWith(result);
  const { etag, source, ...page } = result.value;
  return respondWith(
    { ok: true, value: page },
    { ETag: etag, "Cache-Control": CACHE_CONTROL, "X-Standings-Snapshot": source },
  );
});

const onlyGet = methodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
