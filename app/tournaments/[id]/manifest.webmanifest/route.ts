import type { MetadataRoute } from "next";
import { HOME_SCREEN_ICONS, THEME_COLOR } from "@/app/manifest";
import { getTournamentViewer } from "@/lib/server/access/viewer";
import { homeScreenName } from "@/lib/short-name";
import { answeringBusyDatabase } from "@/lib/server/infra/route-answers";

export const dynamic = "force-dynamic";

/**
 * GET /tournaments/:id/manifest.webmanifest — the manifest a tournament's pages link (see its
 * layout): added to a phone's home screen, the icon opens this event's pairings full-screen.
 * Like the pages, it exists only for those who may see the tournament.
 */
export const GET = answeringBusyDatabase(async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const viewer = await getTournamentViewer(id, request.headers);
  if (!viewer.canView || !viewer.tournament) return new Response("Not found", { status: 404 });
  const name = viewer.tournament.name;
  const manifest: MetadataRoute.Manifest = {
    id: `/tournaments/${id}`,
    name,
    short_name: homeScreenName(name),
    description: `${name}: pairings, results and standings.`,
    start_url: `/tournaments/${id}/pairings`,
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: HOME_SCREEN_ICONS,
  };
  return Response.json(manifest, {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "private, no-cache" },
  });
});
