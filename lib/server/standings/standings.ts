import "server-only";
import { createHash } from "node:crypto";
import type { prisma, Transaction } from "@/lib/server/infra/db";
import {
  computeStandings,
  lastCompleteRound as lastCompleteRoundRule,
  type StandingsInput,
} from "@/lib/rules/standings";
import {
  finalStandings,
  type FinalStanding,
  type PlayoffInput,
  type PlayoffMatchOutcome,
} from "@/lib/rules/final-standings";
import { computeTeamStandings, deriveTeamMatch, type TeamRoundResult } from "@/lib/rules/teams";
import { loadTeamMembers, playoffPairingWinner } from "@/lib/server/registration/team-names";
import { seatMatchOutcome } from "@/lib/rules/teams";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { inconsistentResults } from "@/lib/server/registration/player-names";
import { getTournamentSummary } from "@/lib/server/tournament/tournaments";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import {
  currentEtag,
  readSnapshot,
  type SnapshotSource,
  type SnapshotSpec,
} from "./read-snapshots";
import { searchAndPage, searchKey, type Page, type PageRequest } from "@/lib/paging";
import type { Side } from "@/lib/generated/prisma/enums";
import { render } from "@/lib/messages/render";
import type { PlayoffStanding } from "@/lib/rules/final-standings";

type Reader = Transaction | typeof prisma;

/** The stored facts a match result is derived from (sides, slip, concession, agreed draw). */
export const MATCH_RESULT_FIELDS = {
  sideAId: true,
  sideBId: true,
  winsA: true,
  winsB: true,
  draws: true,
  concededBy: true,
  intentionalDraw: true,
} as const;

type SwissMatchRow = {
  seat: number;
  sideAId: string;
  sideBId: string | null;
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
  concededBy: Side | null;
  intentionalDraw: boolean;
  resultAsPublished: boolean;
  roundNumber: number;
  tableNumber: number;
  /** Null for a team match of seat matches: its "games" are the seat matches, however many a team wins. */
  gamesToWin: number | null;
};

/**
 * Loads the facts standings are derived from: Swiss entrants and every reported Swiss match.
 * The matches come flat from one joined query (pairing reads every match of a 4,096-player
 * event: tens of thousands of rows), put in round and table order here rather than by a sort
 * that spills to disk in the database. The order makes the opponents lists the pairer gets, and
 * so a seeded pairing, reproducible.
 */
export async function loadSwissFacts(db: Reader, tournamentId: string) {
  const [tournament, registrations, matches] = await Promise.all([
    db.tournament.findUnique({
      where: { id: tournamentId },
      select: {
        id: true,
        name: true,
        percentageFloor: true,
        byeCountsInOwnPercentages: true,
        teamFormat: true,
        teamSize: true,
        structure: true,
      },
    }),
    db.registration.findMany({
      where: { tournamentId },
      select: {
        id: true,
        displayName: true,
        firstRound: true,
        missedRoundsAsLosses: true,
        droppedAfterRound: true,
      },
    }),
    db.$queryRaw<SwissMatchRow[]>`
      SELECT m.seat, m."sideAId", m."sideBId", m."winsA", m."winsB", m.draws, m."concededBy"::text AS "concededBy", m."intentionalDraw", m."resultAsPublished",
             r.number AS "roundNumber", m."tableNumber", p."gamesToWin"
      FROM "Match" AS m
      JOIN "Round" AS r ON r.id = m."roundId"
      JOIN "Phase" AS p ON p.id = r."phaseId"
      WHERE r."tournamentId" = ${tournamentId} AND p.kind = 'SWISS' AND m."voidedAt" IS NULL`,
  ]);
  matches.sort(
    (a, b) => a.roundNumber - b.roundNumber || a.tableNumber - b.tableNumber || a.seat - b.seat,
  );
  const isTeamMatches = tournament?.teamFormat === "TEAM_MATCHES";
  return {
    tournament,
    registrations,
    matches: isTeamMatches ? teamMatchRows(matches, tournament.teamSize) : matches,
    seatMatches: isTeamMatches ? matches : [],
  };
}

type SwissFacts = Awaited<ReturnType<typeof loadSwissFacts>>;

/**
 * The standings of the Swiss rounds through `throughRound`, as the rules rank them (MTR 3.1,
 * Appendix C): a team event of seat matches by computeTeamStandings (each team match a match,
 * each seat match a game), every other event by computeStandings. Pairing, the top cut and the
 * published standings all rank through here.
 */
export function standingsOf(facts: SwissFacts, throughRound = lastCompleteRound(facts)) {
  const settings = {
    percentageFloor: facts.tournament?.percentageFloor,
    countByeInOwnPercentages: facts.tournament?.byeCountsInOwnPercentages,
  };
  if (facts.tournament?.teamFormat !== "TEAM_MATCHES")
    return computeStandings(toStandingsInput(facts, throughRound), settings);
  const { players } = toStandingsInput(facts, throughRound);
  return computeTeamStandings(players, teamRoundResults(facts.seatMatches, throughRound), {
    ...settings,
    teamSize: facts.tournament.teamSize,
  });
}

/** Each team pairing of the rounds through `throughRound` with its seat matches' states, as computeTeamStandings reads them (MTR 8.2). */
function teamRoundResults(
  seatRows: readonly SwissMatchRow[],
  throughRound: number,
): TeamRoundResult[] {
  return teamTables(seatRows.filter((row) => row.roundNumber <= throughRound)).map(
    ({ first, seats }) =>
      seats === null
        ? { round: first.roundNumber, teamA: first.sideAId, teamB: null }
        : { round: first.roundNumber, teamA: first.sideAId, teamB: first.sideBId, seats },
  );
}

/** A team event's seat matches grouped by round and table, each seat finished ("recorded") or not by its slip; a bye has no seats. */
function teamTables(seatRows: readonly SwissMatchRow[]) {
  const tables = new Map<string, SwissMatchRow[]>();
  for (const row of seatRows) {
    const key = `${row.roundNumber}:${row.tableNumber}`;
    tables.set(key, [...(tables.get(key) ?? []), row]);
  }
  return [...tables.values()].map((rows) => {
    const first = rows[0]!;
    if (first.sideBId === null) return { first, seats: null };
    const seats = rows.map((row) => {
      const outcome = seatMatchOutcome(row, row.gamesToWin);
      return {
        seat: row.seat,
        state: outcome.isFinished ? ("recorded" as const) : ("in-progress" as const),
        winner: outcome.winner,
      };
    });
    return { first, seats };
  });
}

/**
 * A team event of seat matches is ranked by its team matches (MTR 8.2, Appendix C): each table's
 * seat matches become one row whose slip counts seat matches, reported once every seat is.
 */
function teamMatchRows(seatRows: readonly SwissMatchRow[], teamSize: number): SwissMatchRow[] {
  return teamTables(seatRows).map(({ first, seats }) => {
    const team = { ...first, seat: 0, gamesToWin: null, concededBy: null, intentionalDraw: false };
    if (seats === null) return { ...team, gamesToWin: first.gamesToWin };
    const derived = deriveTeamMatch({ teamSize, seats });
    const isRecorded = derived.ok && derived.value.phase === "recorded";
    // A team match the rules cannot read (a seat missing) stays unreported, so its round is never published half-counted.
    return isRecorded
      ? {
          ...team,
          winsA: derived.value.slip.winsA,
          winsB: derived.value.slip.winsB,
          draws: derived.value.slip.draws,
        }
      : { ...team, winsA: null, winsB: null, draws: null };
  });
}

/** The last round whose every match has a result (lastCompleteRound in lib/rules): standings are published after whole rounds. */
export function lastCompleteRound(facts: Awaited<ReturnType<typeof loadSwissFacts>>): number {
  return lastCompleteRoundRule(
    facts.matches.map((match) => ({
      round: match.roundNumber,
      hasResult: match.winsA !== null && match.winsB !== null,
    })),
  );
}

export function toStandingsInput(
  facts: Awaited<ReturnType<typeof loadSwissFacts>>,
  throughRound = lastCompleteRound(facts),
): StandingsInput {
  return {
    players: facts.registrations.map((registration) => ({
      id: registration.id,
      name: registration.displayName,
      firstRound: registration.firstRound,
      missedRoundsAsLosses: registration.missedRoundsAsLosses,
      droppedAfterRound: registration.droppedAfterRound,
    })),
    matches: facts.matches.flatMap((match) =>
      match.roundNumber > throughRound || match.winsA === null || match.winsB === null
        ? []
        : [
            {
              round: match.roundNumber,
              playerA: match.sideAId,
              playerB: match.sideBId,
              slip: { winsA: match.winsA, winsB: match.winsB, draws: match.draws ?? 0 },
              // MTR 2.5: a concession or agreed draw decides the match whatever the game wins.
              concededBy: match.concededBy ?? undefined,
              intentionalDraw: match.intentionalDraw,
              // A result imported as published though the match length does not allow it is counted as it was played.
              gamesToWin: match.resultAsPublished ? undefined : (match.gamesToWin ?? undefined),
            },
          ],
    ),
  };
}

/** `joinedInRound`: a late entry's first round (null for an entry from round 1), so the standings say how its missed rounds count. */
/** CR 100.6a: a pod event's standings rank by its own points; these two-player standings are not theirs. */
const podStandingsAreElsewhere = (tournamentId: string) =>
  `This tournament plays multiplayer pods: its standings are on its standings page, in standings.csv and at /api/v1/tournaments/${tournamentId}/standings.`;

export type StandingRow = FinalStanding & { name: string; joinedInRound?: number | null };
/** A standing as published to readers: without the opponent ids, which only the pairer needs. */
export type PublishedStanding = Omit<StandingRow, "opponents" | "playoff"> & {
  playoff: PlayoffStanding<string> | null;
};

/** members: each team's members by its entry id (MTR 8.2), so a player finds their team by their own name; empty in individual events. */
type StandingsSnapshot = {
  tournamentName: string;
  throughRound: number;
  percentageFloor: number;
  hasPlayoff: boolean;
  rows: PublishedStanding[];
  members?: Record<string, string[]>;
};
type PreparedStandings = StandingsSnapshot & {
  searchable: { row: PublishedStanding; key: string }[];
};

/**
 * Standings after the last complete round, as the rules compute them from the stored facts.
 * Readers call getStandings / getStandingsPage, which compute this once per change.
 */
export async function computePublishedStandings(
  db: Reader,
  tournamentId: string,
): Promise<ActionResult<StandingsSnapshot>> {
  const facts = await loadSwissFacts(db, tournamentId);
  if (!facts.tournament) return failure("NOT_FOUND", "That tournament does not exist.");
  if (facts.tournament.structure === "PODS")
    return failure("CONFLICT", podStandingsAreElsewhere(tournamentId));
  const throughRound = lastCompleteRound(facts);
  const standings = standingsOf(facts, throughRound);
  const names = new Map(
    facts.registrations.map((registration) => [registration.id, registration.displayName]),
  );
  const joinedIn = new Map(
    facts.registrations
      .filter((registration) => registration.firstRound > 1)
      .map((registration) => [registration.id, registration.firstRound]),
  );
  if (!standings.ok) return inconsistentResults(standings.error, names);
  const [playoff, teamMembers] = await Promise.all([
    loadPlayoffOutcomes(db, tournamentId),
    facts.tournament.teamFormat === "INDIVIDUAL"
      ? Promise.resolve(new Map())
      : loadTeamMembers(db, tournamentId),
  ]);
  const ranked = finalStandings(standings.value, playoff);
  if (!ranked.ok) return inconsistentResults(ranked.error, names);
  const members = Object.fromEntries(
    [...teamMembers].map(([team, seated]) => [
      team,
      seated.map((member: { player: { name: string } }) => member.player.name),
    ]),
  );
  return success({
    members,
    tournamentName: facts.tournament.name,
    throughRound,
    percentageFloor: facts.tournament.percentageFloor,
    hasPlayoff: playoff !== null,
    rows: ranked.value.map(({ opponents: _opponents, ...standing }) => ({
      ...standing,
      name: names.get(standing.playerId) ?? "?",
      joinedInRound: joinedIn.get(standing.playerId) ?? null,
      playoff: standing.playoff && { ...standing.playoff, label: render(standing.playoff.label) },
    })),
  });
}

/** The playoff's matches with their winners (null while unplayed), by bracket round; null without a playoff. */
async function loadPlayoffOutcomes(db: Reader, tournamentId: string): Promise<PlayoffInput | null> {
  const phase = await db.phase.findFirst({
    where: { tournamentId, kind: "SINGLE_ELIMINATION" },
    select: {
      cutSize: true,
      gamesToWin: true,
      rounds: {
        orderBy: { number: "asc" },
        select: {
          matches: {
            where: { voidedAt: null, sideBId: { not: null } },
            select: { ...MATCH_RESULT_FIELDS, seat: true, bracketSlot: true, confirmedAt: true },
          },
        },
      },
    },
  });
  if (!phase?.cutSize) return null;
  // A team match's seats share a bracket slot; the pairing is one outcome (MTR 8.2).
  const matches = phase.rounds.flatMap((round, index) => {
    const slots = new Map<number, (typeof round.matches)[number][]>();
    for (const match of round.matches)
      slots.set(match.bracketSlot ?? 0, [...(slots.get(match.bracketSlot ?? 0) ?? []), match]);
    return [...slots.values()].map((seats): PlayoffMatchOutcome => {
      const first = seats[0]!;
      const winner = playoffPairingWinner(seats, phase.gamesToWin);
      return {
        round: index + 1,
        playerA: first.sideAId,
        playerB: first.sideBId!,
        winner: winner === null ? null : winner === "A" ? first.sideAId : first.sideBId,
      };
    });
  });
  return { cutSize: phase.cutSize, matches };
}

const STANDINGS_SNAPSHOT: SnapshotSpec<StandingsSnapshot, PreparedStandings> = {
  kind: "STANDINGS",
  lockName: "standings",
  compute: computePublishedStandings,
  prepare: (snapshot) => ({
    ...snapshot,
    searchable: snapshot.rows.map((row) => ({
      row,
      key: searchKey([row.name, ...(snapshot.members?.[row.playerId] ?? [])].join(" ")),
    })),
  }),
};

/**
 * The whole standings table, computed once per change of results, entries, drops or settings
 * (a snapshot in PostgreSQL, see read-snapshots.ts), not once per reader.
 */
export async function getStandings(
  access: TournamentAccess,
): Promise<ActionResult<StandingsSnapshot & { etag: string; source: SnapshotSource }>> {
  return readStandings(access.tournamentId);
}

async function readStandings(
  tournamentId: string,
): Promise<ActionResult<StandingsSnapshot & { etag: string; source: SnapshotSource }>> {
  const read = await readSnapshot(STANDINGS_SNAPSHOT, tournamentId);
  if (!read.ok) return read;
  const { searchable: _searchable, ...snapshot } = read.value.value;
  return success({ ...snapshot, etag: read.value.etag, source: read.value.source });
}

export type StandingsPage = Omit<StandingsSnapshot, "rows"> &
  Page<PublishedStanding> & {
    q: string;
    totalPlayers: number;
    etag: string;
    source: SnapshotSource;
  };

/** One page of the standings in rank order, optionally only the players whose name contains `q`. */
export async function getStandingsPage(
  access: TournamentAccess,
  request: PageRequest,
): Promise<ActionResult<StandingsPage>> {
  const read = await readSnapshot(STANDINGS_SNAPSHOT, access.tournamentId);
  if (!read.ok) return read;
  const { tournamentName, throughRound, percentageFloor, hasPlayoff, searchable } =
    read.value.value;
  const page = searchAndPage(searchable, (entry) => entry.key, request);
  return success({
    tournamentName,
    throughRound,
    percentageFloor,
    hasPlayoff: hasPlayoff === true,
    q: request.q,
    totalPlayers: searchable.length,
    ...page,
    rows: page.rows.map((entry) => entry.row),
    etag: read.value.etag,
    source: read.value.source,
  });
}

const MAX_DIGESTS = 64;
const shownDigests = new Map<string, { etag: string; digest: string }>();

/**
 * A fingerprint of what the standings page shows: the table after the last complete round and
 * the tournament around it (name, status, playoff, published). Unlike the snapshot's fingerprint, it does not move with a result
 * of the round in progress, so live standings pages are not re-rendered for nothing
 * (lib/server/live/live.ts). Hashed once per snapshot.
 */
export async function getStandingsShownDigest(tournamentId: string): Promise<string | null> {
  const [read, summary] = await Promise.all([
    readStandings(tournamentId),
    getTournamentSummary(tournamentId),
  ]);
  if (!read.ok || !summary) return null;
  // The layout around the table shows the tournament too (name, status, the Playoff tab,
  // published or not): any change to it is a change of the page.
  const around = JSON.stringify(summary);
  const key = `${read.value.etag}|${around}`;
  const cached = shownDigests.get(tournamentId);
  if (cached?.etag === key) return cached.digest;
  const { etag: _etag, source: _source, ...shown } = read.value;
  const digest = createHash("sha256")
    .update(around)
    .update(JSON.stringify(shown))
    .digest("base64url");
  shownDigests.delete(tournamentId);
  shownDigests.set(tournamentId, { etag: key, digest });
  while (shownDigests.size > MAX_DIGESTS) shownDigests.delete(shownDigests.keys().next().value!);
  return digest;
}

/** The standings' current entity tag (one query): lets the API answer a repeat request with 304. */
export async function getStandingsEtag(access: TournamentAccess): Promise<string | null> {
  return currentEtag(access.tournamentId, "STANDINGS");
}
