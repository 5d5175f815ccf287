import { getTournamentForApi } from "@/lib/server/api/api-reads";
import { readTournamentV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId} — the tournament and its phases. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string }> },
) {
  const { tournamentId } = await params;
  return readTournamentV1(request, tournamentId, (access) => getTournamentForApi(access));
}

const onlyGet = v1MethodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
