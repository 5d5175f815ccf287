import { getMatchForApi } from "@/lib/server/api/api-reads";
import { readTournamentV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId}/matches/{matchId} — a match with its games and full history (staff). */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; matchId: string }> },
) {
  const { tournamentId, matchId } = await params;
  return readTournamentV1(request, tournamentId, (access) => getMatchForApi(access, matchId));
}

const onlyGet = v1MethodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
