import { RoundNumberSchema } from "@/lib/schemas/api-v1-query";
import { parseInput } from "@/lib/schemas/parse";
import { listPodsForApi } from "@/lib/server/api/api-pod-reads";
import { readTournamentV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId}/rounds/{roundNumber}/pods — a pod event's round: its pods by table, with their seats and results. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; roundNumber: string }> },
) {
  const { tournamentId, roundNumber } = await params;
  return readTournamentV1(request, tournamentId, async (access) => {
    const number = parseInput(RoundNumberSchema, { roundNumber });
    return number.ok ? listPodsForApi(access, number.value.roundNumber) : number;
  });
}

const onlyGet = v1MethodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
