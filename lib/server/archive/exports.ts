import "server-only";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { toCsv, type CsvCell } from "@/lib/csv";
import { slipToString } from "@/lib/rules/match";
import { tableLabel } from "@/lib/rules/teams";
import { matchesPerPairingOf } from "@/lib/server/registration/team-names";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import { getStandings } from "@/lib/server/standings/standings";
import { getPodStandings, podPairingRows } from "@/lib/server/pod/pods";
import { render } from "@/lib/messages/render";
import { roundTitles } from "@/lib/server/round/round-titles";

export type CsvFile = { filename: string; csv: string };

const percent = (value: number): number => Math.round(value * 10000) / 100;

/** A download's file name from the tournament's name: letters, digits and dashes ("spring-open-standings.csv"). */
export function downloadFileName(tournamentName: string, what: string, extension = "csv"): string {
  const stem =
    tournamentName
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .replace(/\s+/g, "-")
      .toLowerCase()
      .slice(0, 60) || "tournament";
  return `${stem}-${what}.${extension}`;
}

async function tournamentOf(tournamentId: string) {
  return prisma.tournament.findUniqueOrThrow({
    where: { id: tournamentId },
    select: { name: true, structure: true, teamFormat: true, teamSize: true },
  });
}

/** The standings as the standings page shows them (after the last complete round), one row per player or team. */
export async function standingsCsv(access: TournamentAccess): Promise<ActionResult<CsvFile>> {
  const tournament = await tournamentOf(access.tournamentId);
  if (tournament.structure === "PODS") {
    const standings = await getPodStandings(access.tournamentId);
    if (!standings.ok) return standings;
    const rows = standings.value.map((row): CsvCell[] => [
      row.rank,
      row.name,
      row.points,
      row.record.wins + row.record.byes,
      row.record.losses,
      row.record.draws,
      percent(row.opponentMatchWinPct),
      percent(row.opponentOpponentMatchWinPct),
      row.dropped ? "dropped" : "",
    ]);
    return success({
      filename: downloadFileName(tournament.name, "standings"),
      csv: toCsv(
        ["Rank", "Player", "Points", "Wins", "Losses", "Draws", "OMW%", "OOMW%", "Status"],
        rows,
      ),
    });
  }
  const standings = await getStandings(access);
  if (!standings.ok) return standings;
  const rows = standings.value.rows.map((row): CsvCell[] => [
    row.rank,
    row.name,
    row.matchPoints,
    row.record.wins,
    row.record.losses,
    row.record.draws,
    percent(row.opponentMatchWinPct),
    percent(row.gameWinPct),
    percent(row.opponentGameWinPct),
    row.playoff ? render(row.playoff.label) : "",
    row.dropped ? `dropped after round ${row.droppedAfterRound}` : "",
  ]);
  return success({
    filename: downloadFileName(tournament.name, "standings"),
    csv: toCsv(
      [
        "Rank",
        "Player",
        "Match points",
        "Wins",
        "Losses",
        "Draws",
        "OMW%",
        "GW%",
        "OGW%",
        "Playoff",
        "Status",
      ],
      rows,
    ),
  });
}

/**
 * Every match (or pod seat) of every round, or of one round (its pairings): who played whom, the
 * result slip as recorded, and whether it is recorded.
 */
export async function resultsCsv(
  access: TournamentAccess,
  onlyRound?: number,
): Promise<ActionResult<CsvFile>> {
  const tournament = await tournamentOf(access.tournamentId);
  const what = onlyRound === undefined ? "results" : `round-${onlyRound}-pairings`;
  if (onlyRound !== undefined) {
    // A round not paired yet has no pairings to download: a file of only a header would read as an empty round.
    const rounds = await prisma.round.findMany({
      where: { tournamentId: access.tournamentId },
      orderBy: { number: "asc" },
      select: { number: true },
    });
    if (!rounds.some((round) => round.number === onlyRound)) {
      const last = rounds.at(-1)?.number;
      return failure(
        "NOT_FOUND",
        `Round ${onlyRound} has not been paired: ${last === undefined ? "no round has been paired yet" : `the latest is round ${last}`}.`,
      );
    }
  }
  const titles = await roundTitles(prisma, access.tournamentId);
  const roundName = (number: number) => {
    const title = titles.get(number);
    return title ? render(title) : number;
  };
  if (tournament.structure === "PODS") {
    const rows: CsvCell[][] = (
      (await podPairingRows(prisma, access.tournamentId, onlyRound)) ?? []
    ).map((row) => [
      roundName(row.round),
      row.opponent ? row.table : "bye",
      row.opponent ? row.podSeat : null,
      row.name,
      row.opponent ?? "",
      row.opponent ? (row.result ?? "") : "won (bye)",
    ]);
    return success({
      filename: downloadFileName(tournament.name, what),
      csv: toCsv(["Round", "Pod", "Seat", "Player", "Pod-mates", "Result"], rows),
    });
  }
  const matchesPerPairing = matchesPerPairingOf(tournament);
  const matches = await prisma.match.findMany({
    where: {
      round: {
        tournamentId: access.tournamentId,
        ...(onlyRound === undefined ? {} : { number: onlyRound }),
      },
      voidedAt: null,
    },
    orderBy: [{ round: { number: "asc" } }, { tableNumber: "asc" }, { seat: "asc" }],
    select: {
      tableNumber: true,
      seat: true,
      winsA: true,
      winsB: true,
      draws: true,
      confirmedAt: true,
      concededBy: true,
      intentionalDraw: true,
      round: { select: { number: true } },
      sideA: { select: { displayName: true } },
      sideB: { select: { displayName: true } },
    },
  });
  const rows = matches.map((match): CsvCell[] => [
    roundName(match.round.number),
    match.sideB ? tableLabel(match.tableNumber, match.seat, matchesPerPairing) : "bye",
    match.sideA.displayName,
    match.sideB?.displayName ?? "",
    match.winsA === null
      ? ""
      : slipToString({ winsA: match.winsA, winsB: match.winsB ?? 0, draws: match.draws ?? 0 }),
    match.sideB === null
      ? "bye"
      : match.confirmedAt !== null
        ? "recorded"
        : match.winsA !== null
          ? "not recorded"
          : "no result",
    // MTR 2.5: how the result came about, so a concession or an intentional draw is not read as games played.
    match.winsA === null || match.sideB === null
      ? ""
      : match.intentionalDraw
        ? "intentional draw"
        : match.concededBy
          ? `concession by ${match.concededBy === "A" ? match.sideA.displayName : match.sideB.displayName}`
          : "games",
  ]);
  return success({
    filename: downloadFileName(tournament.name, what),
    csv: toCsv(
      ["Round", "Table", "Player A", "Player B", "Result (A-B-draws)", "Status", "Ended by"],
      rows,
    ),
  });
}
