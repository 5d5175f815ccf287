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
import { compareNames } from "@/lib/rules/registration";
import { formatName } from "@/lib/rules/deck-legality";
import { DECK_CHECK_OUTCOME_LABELS } from "@/lib/rules/deck-checks";
import { PENALTY_LABELS } from "@/lib/rules/penalty";
import { entriesOf, OWNER_SELECT, ownerName } from "@/lib/server/decklists/decklist-record";
import { getDeckChecks } from "@/lib/server/deck-checks/deck-checks";

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

/** A time as the spreadsheet reads it, in UTC: "2026-11-28 14:05:09". */
const utcTime = (date: Date): string => date.toISOString().slice(0, 19).replace("T", " ");

/** The sections of a stored list, in the order a decklist sheet lists them, by the name a person reads. */
const SECTIONS = [
  ["main", "main"],
  ["sideboard", "sideboard"],
  ["commanders", "commander"],
  ["companions", "companion"],
] as const;

/**
 * MTR 2.7: every registered list, one row per card line (player by name, then main deck,
 * sideboard, commanders, companions as the list has them), with the list's version, legality,
 * archetype, format and the card data's date it was checked against. For the tournament's staff:
 * the caller checks the viewer may see it ("staff.view").
 */
export async function decklistsCsv(access: TournamentAccess): Promise<ActionResult<CsvFile>> {
  const [tournament, lists] = await Promise.all([
    tournamentOf(access.tournamentId),
    prisma.decklist.findMany({
      where: { tournamentId: access.tournamentId },
      select: {
        entries: true,
        version: true,
        isLegal: true,
        archetype: true,
        format: true,
        checkedAgainst: true,
        seat: true,
        registration: { select: OWNER_SELECT },
      },
    }),
  ]);
  const rows = lists
    .sort(
      (a, b) =>
        compareNames(a.registration.displayName, b.registration.displayName) || a.seat - b.seat,
    )
    .flatMap((list) => {
      const entries = entriesOf(list.entries);
      // DL6: in a team event the deck is a member's, named with their team.
      const player = ownerName(list.registration, list.seat);
      return SECTIONS.flatMap(([section, label]) =>
        entries[section].map((card): CsvCell[] => [
          player,
          label,
          card.count,
          card.name,
          list.version,
          list.isLegal ? "yes" : "no",
          list.archetype,
          render(formatName(list.format)),
          list.checkedAgainst.toISOString().slice(0, 10),
        ]),
      );
    });
  return success({
    filename: downloadFileName(tournament.name, "decklists"),
    csv: toCsv(
      [
        "Player",
        "Section",
        "Count",
        "Card",
        "List version",
        "Legal",
        "Archetype",
        "Format",
        "Checked against (card data of)",
      ],
      rows,
    ),
  });
}

/**
 * MTR 2.8: every deck check by round, table and time, corrected records included and said so,
 * with the penalty it went on to (IPG 3.4, 3.5) and the judge. For the tournament's staff: the
 * caller checks the viewer may see it ("staff.view").
 */
export async function deckChecksCsv(access: TournamentAccess): Promise<ActionResult<CsvFile>> {
  const [tournament, rounds, titles] = await Promise.all([
    tournamentOf(access.tournamentId),
    getDeckChecks(access.tournamentId),
    roundTitles(prisma, access.tournamentId),
  ]);
  const roundName = (number: number) => {
    const title = titles.get(number);
    return title ? render(title) : number;
  };
  const rows = rounds.flatMap((round) =>
    round.checks.map((check): CsvCell[] => [
      roundName(check.roundNumber),
      check.tableNumber,
      check.playerName,
      render(DECK_CHECK_OUTCOME_LABELS[check.outcome]),
      check.note,
      check.penalty
        ? `${render(PENALTY_LABELS[check.penalty.kind])}: ${check.penalty.infraction}`
        : "",
      check.judgeName,
      utcTime(check.createdAt),
      check.replacedById === null ? "current" : "corrected",
    ]),
  );
  return success({
    filename: downloadFileName(tournament.name, "deck-checks"),
    csv: toCsv(
      ["Round", "Table", "Player", "Outcome", "Note", "Penalty", "Judge", "Time (UTC)", "Record"],
      rows,
    ),
  });
}
