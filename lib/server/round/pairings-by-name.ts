import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import type { prisma, Transaction } from "@/lib/server/infra/db";
import { success, type ActionResult } from "@/lib/action-result";
import { searchAndPage, searchKey, type Page, type PageRequest } from "@/lib/paging";
import {
  readSnapshot,
  type SnapshotSource,
  type SnapshotSpec,
} from "@/lib/server/standings/read-snapshots";
import {
  loadTeamMembers,
  matchesPerPairingOf,
  nameSeatMatches,
} from "@/lib/server/registration/team-names";
import { seatPlayerName, tableLabel } from "@/lib/rules/teams";
import { writtenScore } from "@/lib/rules/match";
import { podPairingRows } from "@/lib/server/pod/pods";
import type { EventStructure, TeamFormat } from "@/lib/generated/prisma/enums";

type Reader = Transaction | typeof prisma;

type LatestRoundMatchRow = {
  roundNumber: number;
  teamFormat: string;
  teamSize: number;
  structure: string;
  tableNumber: number | null;
  seat: number | null;
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
  sideAId: string | null;
  sideAName: string | null;
  sideBId: string | null;
  sideBName: string | null;
};

/** podSeat: in a pod event, the player's seat (1 plays first), and `opponent` names everyone else in the pod. */
export type PairingByName = {
  playerId: string;
  name: string;
  table: number;
  tableLabel: string;
  opponent: string | null;
  result: string | null;
  podSeat?: number;
};

type PairingsByName = { roundNumber: number; rows: PairingByName[] } | null;
type PreparedPairings = {
  roundNumber: number;
  searchable: { row: PairingByName; key: string }[];
} | null;

const byName = new Intl.Collator("en", { sensitivity: "base" });

/** The last order by name worked out per tournament, under a digest of the names in table order. */
const nameOrders = new LRUCache<string, { digest: string; order: number[] }>({ max: 16 });

/**
 * The rows sorted by name (ties in table order). A round's results change many times while its
 * names and tables do not, and collating 4,096 names is most of a recompute: the order is reused
 * while the same players sit at the same tables under the same names.
 */
function inNameOrder(tournamentId: string, rows: PairingByName[]): PairingByName[] {
  const digest = createHash("sha256")
    .update(rows.map((row) => `${row.playerId}\u0000${row.name}`).join("\u0001"))
    .digest("base64url");
  let known = nameOrders.get(tournamentId);
  if (known?.digest !== digest) {
    const order = rows
      .map((_, index) => index)
      .sort((a, b) => byName.compare(rows[a]!.name, rows[b]!.name) || a - b);
    known = { digest, order };
    nameOrders.set(tournamentId, known);
  }
  return known.order.map((index) => rows[index]!);
}

/**
 * The latest round's pairings listed once per player, alphabetically: what players look for on
 * their phones ("where do I sit, whom do I play"). Results are shown from each player's side.
 * Readers call getPairingsByName / getPairingsByNamePage, which compute this once per change.
 */
export async function computePairingsByName(
  db: Reader,
  tournamentId: string,
): Promise<ActionResult<PairingsByName>> {
  // One statement, flat rows: the latest round's live matches with both sides' names (4,096 players:
  // a few ms, where a nested select took 40 ms of the server's one thread to assemble).
  const matchRows = await db.$queryRaw<LatestRoundMatchRow[]>`
    SELECT r.number AS "roundNumber", t."teamFormat"::text AS "teamFormat", t."teamSize", t.structure::text AS structure,
           m."tableNumber", m.seat, m."winsA", m."winsB", m.draws,
           a.id AS "sideAId", a."displayName" AS "sideAName", b.id AS "sideBId", b."displayName" AS "sideBName"
      FROM (SELECT id, number, "tournamentId" FROM "Round" WHERE "tournamentId" = ${tournamentId} ORDER BY number DESC LIMIT 1) r
      JOIN "Tournament" t ON t.id = r."tournamentId"
      LEFT JOIN "Match" m ON m."roundId" = r.id AND m."voidedAt" IS NULL
      LEFT JOIN "Registration" a ON a.id = m."sideAId"
      LEFT JOIN "Registration" b ON b.id = m."sideBId"
     ORDER BY m."tableNumber", m.seat`;
  const first = matchRows[0];
  const round = first && {
    number: first.roundNumber,
    tournament: {
      teamFormat: first.teamFormat as TeamFormat,
      teamSize: first.teamSize,
      structure: first.structure as EventStructure,
    },
    // Voided playoff matches keep their history but are no longer pairings.
    matches: matchRows.flatMap((row) =>
      row.sideAId === null ||
      row.sideAName === null ||
      row.tableNumber === null ||
      row.seat === null
        ? []
        : [
            {
              tableNumber: row.tableNumber,
              seat: row.seat,
              winsA: row.winsA,
              winsB: row.winsB,
              draws: row.draws,
              sideA: { id: row.sideAId, displayName: row.sideAName },
              sideB:
                row.sideBId === null || row.sideBName === null
                  ? null
                  : { id: row.sideBId, displayName: row.sideBName },
            },
          ],
    ),
  };
  if (!round) return success(null);
  // CR 100.6a: a pod event's round is its pods, each player listed with their seat and pod-mates.
  const podRows =
    round.tournament.structure === "PODS"
      ? await podPairingRows(db, tournamentId, round.number)
      : null;
  if (podRows)
    return success({ roundNumber: round.number, rows: inNameOrder(tournamentId, podRows) });
  // MTR 8.2: in a team event each member is listed with their seat's match, found by their name or their team's.
  const matchesPerPairing = matchesPerPairingOf(round.tournament);
  if (round.tournament.teamFormat === "INDIVIDUAL" && matchesPerPairing === 1) {
    // One player a side: two rows a match, built directly (a large event's every result recomputes them).
    const rows: PairingByName[] = [];
    for (const match of round.matches) {
      const table = match.tableNumber;
      const label = tableLabel(table, match.seat, 1);
      rows.push({
        playerId: match.sideA.id,
        name: match.sideA.displayName,
        table,
        tableLabel: label,
        opponent: match.sideB?.displayName ?? null,
        result: writtenScore(match.winsA, match.winsB, match.draws),
      });
      if (match.sideB)
        rows.push({
          playerId: match.sideB.id,
          name: match.sideB.displayName,
          table,
          tableLabel: label,
          opponent: match.sideA.displayName,
          result: writtenScore(match.winsB, match.winsA, match.draws),
        });
    }
    return success({ roundNumber: round.number, rows: inNameOrder(tournamentId, rows) });
  }
  const members =
    round.tournament.teamFormat === "INDIVIDUAL"
      ? undefined
      : await loadTeamMembers(db, tournamentId);
  const matches = nameSeatMatches(round.matches, matchesPerPairing, members);
  const rows = matches.flatMap((match): PairingByName[] => {
    const at = { table: match.tableNumber, tableLabel: match.tableLabel };
    const isSeatMatch = matchesPerPairing > 1 && match.sideB !== null;
    // A team's own match (Two-Headed Giant, a team's bye) is listed under each member's name, so every player finds it.
    const rowsOf = (
      side: { id: string; displayName: string },
      row: Omit<PairingByName, "playerId" | "name">,
    ): PairingByName[] => {
      const team = isSeatMatch ? [] : (members?.get(side.id) ?? []);
      return team.length === 0
        ? [{ playerId: side.id, name: side.displayName, ...row }]
        : team.map((member) => ({
            playerId: side.id,
            name: seatPlayerName(member.player.name, side.displayName),
            ...row,
          }));
    };
    const seatA = rowsOf(match.sideA, {
      ...at,
      opponent: match.sideB?.displayName ?? null,
      result: writtenScore(match.winsA, match.winsB, match.draws),
    });
    if (!match.sideB) return seatA;
    return [
      ...seatA,
      ...rowsOf(match.sideB, {
        ...at,
        opponent: match.sideA.displayName,
        result: writtenScore(match.winsB, match.winsA, match.draws),
      }),
    ];
  });
  return success({ roundNumber: round.number, rows: inNameOrder(tournamentId, rows) });
}

const PAIRINGS_BY_NAME_SNAPSHOT: SnapshotSpec<PairingsByName, PreparedPairings> = {
  kind: "PAIRINGS_BY_NAME",
  lockName: "pairings-by-name",
  compute: computePairingsByName,
  prepare: (pairings) =>
    pairings && {
      roundNumber: pairings.roundNumber,
      searchable: pairings.rows.map((row) => ({ row, key: searchKey(row.name) })),
    },
};

/** The latest round's pairings by name, every player (null before round 1 or for an unknown tournament). */
export async function getPairingsByName(
  tournamentId: string,
): Promise<{ roundNumber: number; rows: PairingByName[] } | null> {
  const read = await readSnapshot(PAIRINGS_BY_NAME_SNAPSHOT, tournamentId);
  if (!read.ok || !read.value.value) return null;
  return {
    roundNumber: read.value.value.roundNumber,
    rows: read.value.value.searchable.map((entry) => entry.row),
  };
}

export type PairingsByNamePage = Page<PairingByName> & {
  roundNumber: number | null;
  q: string;
  totalPlayers: number;
  etag: string;
  source: SnapshotSource;
};

/** One page of the latest round's pairings by name, optionally only the players whose name contains `q`. */
export async function getPairingsByNamePage(
  access: TournamentAccess,
  request: PageRequest,
): Promise<ActionResult<PairingsByNamePage>> {
  const read = await readSnapshot(PAIRINGS_BY_NAME_SNAPSHOT, access.tournamentId);
  if (!read.ok) return read;
  const searchable = read.value.value?.searchable ?? [];
  const page = searchAndPage(searchable, (entry) => entry.key, request);
  return success({
    roundNumber: read.value.value?.roundNumber ?? null,
    q: request.q,
    totalPlayers: searchable.length,
    ...page,
    rows: page.rows.map((entry) => entry.row),
    etag: read.value.etag,
    source: read.value.source,
  });
}
