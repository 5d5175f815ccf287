import { failure, type ActionResult } from "@/lib/action-result";
import { getTournamentViewer } from "@/lib/server/access/viewer";
import { respondWith } from "@/lib/server/infra/http";
import { answeringBusyDatabase } from "@/lib/server/infra/route-answers";
import {
  type CsvFile,
  deckChecksCsv,
  decklistsCsv,
  resultsCsv,
  standingsCsv,
} from "@/lib/server/archive/exports";
import { exportTournamentArchive } from "@/lib/server/archive/archive";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import { roundNumberFromParam } from "@/lib/schemas/round";

export const dynamic = "force-dynamic";

/**
 * GET /tournaments/:id/export/standings.csv, results.csv and pairings.csv?round=N: spreadsheet
 * downloads for whoever may see the tournament (anyone once published, its staff before);
 * archive.json, the whole tournament with its history (docs/archive.md), decklists.csv and
 * deck-checks.csv for its staff only (MTR 2.7: lists are private unless the organizer publishes them).
 */
export const GET = answeringBusyDatabase(async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string; file: string }> },
) {
  const { id, file } = await params;
  const viewer = await getTournamentViewer(id, request.headers);
  if (!viewer.access) return respondWith(failure("NOT_FOUND", "That tournament does not exist."));
  if (file === "archive.json") {
    if (!accessAllows(viewer.access, "staff.view"))
      return respondWith(
        failure(
          "FORBIDDEN",
          "Only the tournament's staff may download its archive: it holds the full history.",
        ),
      );
    const archive = await exportTournamentArchive(viewer.access.tournamentId);
    if (!archive.ok) return respondWith(archive);
    return new Response(JSON.stringify(archive.value.archive), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${archive.value.filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  const staffCsv = STAFF_CSV.get(file);
  if (staffCsv) {
    if (!accessAllows(viewer.access, "staff.view"))
      return respondWith(
        failure("FORBIDDEN", `Only the tournament's staff may download its ${staffCsv.what}.`),
      );
    const answer = await staffCsv.make(viewer.access);
    if (!answer.ok) return respondWith(answer);
    return csvResponse(answer.value, "private, no-store");
  }
  let answer: Awaited<ReturnType<typeof resultsCsv>>;
  if (file === "standings.csv") answer = await standingsCsv(viewer.access);
  else if (file === "results.csv") answer = await resultsCsv(viewer.access);
  else if (file === "pairings.csv") {
    const round = roundNumberFromParam(new URL(request.url).searchParams.get("round") ?? "");
    if (round === null)
      return respondWith(failure("VALIDATION", "Name the round: pairings.csv?round=3."));
    answer = await resultsCsv(viewer.access, round);
  } else
    return respondWith(
      failure(
        "NOT_FOUND",
        "There is no such download: standings.csv, results.csv, pairings.csv?round=N, decklists.csv, deck-checks.csv or archive.json.",
      ),
    );
  if (!answer.ok) return respondWith(answer);
  return csvResponse(
    answer.value,
    viewer.tournament?.isPublished ? "public, no-cache" : "private, no-store",
  );
});

/** Downloads for the tournament's staff only, whether or not it is published. */
const STAFF_CSV = new Map<
  string,
  { what: string; make: (access: TournamentAccess) => Promise<ActionResult<CsvFile>> }
>([
  ["decklists.csv", { what: "decklists", make: decklistsCsv }],
  ["deck-checks.csv", { what: "deck checks", make: deckChecksCsv }],
]);

function csvResponse(file: CsvFile, cacheControl: string): Response {
  return new Response(file.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
