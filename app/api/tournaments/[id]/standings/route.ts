import { getStandings } from "@/lib/server/data/standings";
import { httpStatusFor } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const result = await getStandings(id);
  return Response.json(result, { status: result.ok ? 200 : httpStatusFor(result.error.code) });
}
