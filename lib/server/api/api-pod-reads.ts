import "server-only";
import { prisma } from "@/lib/server/infra/db";
import { failure, success } from "@/lib/action-result";
import type { PageRequest } from "@/lib/paging";
import type { PodEventSettings } from "@/lib/rules/pod-event";
import {
  getPodCut,
  getPodRound,
  getPodStandingsPage,
  getPodStandingsSettings,
} from "@/lib/server/pod/pods";
import type { PodView } from "@/lib/server/pod/pod-record";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";

// What the public HTTP API (/api/v1) reads of a pod event (CR 100.6a), in the shapes
// lib/schemas/api-v1.ts documents; the pod data layer (pods.ts, pod-record.ts) derives every value.

/** A pod as the API gives it: seats in seat order, the game's result with each player's points once decided. */
export function toApiPod(pod: PodView, roundNumber: number, settings: PodEventSettings) {
  const result = pod.game?.result ?? null;
  return {
    podId: pod.id,
    roundNumber,
    table: pod.tableNumber,
    isBye: pod.isBye,
    seats: pod.seats.map((seat) => ({
      seat: seat.seat,
      playerId: seat.registrationId,
      name: seat.name,
    })),
    result: result && {
      winnerId: result.winner,
      reason: result.reason,
      rule: result.rule,
      players: result.players.map((player) => ({
        playerId: player.player,
        result: player.result,
        place: player.place,
        points: settings.points[player.result],
      })),
    },
    isConfirmed: pod.isRecorded,
    version: pod.version,
  };
}

/** The addresses of a round's pairings and pods, for the refusals that point from one to the other. */
export const roundAddress = (
  tournamentId: string,
  roundNumber: number,
  what: "pairings" | "pods",
) => `/api/v1/tournaments/${tournamentId}/rounds/${roundNumber}/${what}`;

/** A round's pods by table; a two-player event's rounds are matches (their pairings). */
export async function listPodsForApi(access: TournamentAccess, roundNumber: number) {
  const round = await getPodRound(access.tournamentId, roundNumber);
  if (round) return success(round.pods.map((pod) => toApiPod(pod, roundNumber, round.settings)));
  const tournament = await prisma.tournament.findUnique({
    where: { id: access.tournamentId },
    select: { structure: true },
  });
  if (tournament?.structure !== "PODS") {
    return failure(
      "CONFLICT",
      `This tournament plays two-player matches, not pods: a round's matches are at ${roundAddress(access.tournamentId, roundNumber, "pairings")}.`,
    );
  }
  return failure("NOT_FOUND", `roundNumber: this tournament has no round ${roundNumber}.`, {
    roundNumber: [`There is no round ${roundNumber}.`],
  });
}

/** One page of a pod event's standings, with the points and tiebreakers that rank them. */
export async function getPodStandingsForApi(access: TournamentAccess, request: PageRequest) {
  const [page, settings, cuts] = await Promise.all([
    getPodStandingsPage(access.tournamentId, request),
    getPodStandingsSettings(access.tournamentId),
    prisma.phase.count({
      where: { tournamentId: access.tournamentId, kind: "SINGLE_ELIMINATION" },
    }),
  ]);
  if (!page.ok) return page;
  if (!settings) return failure("NOT_FOUND", "That tournament does not exist.");
  const {
    rows,
    total,
    page: number,
    pageSize,
    pageCount,
    hasNextPage,
    hasPreviousPage,
    throughRound,
  } = page.value;
  return {
    ok: true as const,
    value: {
      structure: "PODS" as const,
      throughRound,
      hasPlayoff: cuts > 0,
      points: { win: settings.points.win, draw: settings.points.draw, loss: settings.points.loss },
      tiebreakers: {
        order: ["points", ...settings.tiebreakers],
        percentageFloor: settings.percentageFloor,
      },
      rows: rows.map((row) => ({
        rank: row.rank,
        playerId: row.playerId,
        name: row.name,
        points: row.points,
        record: row.record,
        roundsCounted: row.roundsCounted,
        matchWinPct: row.matchWinPct,
        opponentMatchWinPct: row.opponentMatchWinPct,
        opponentOpponentMatchWinPct: row.opponentOpponentMatchWinPct,
        dropped: row.dropped,
        tiedWithPrevious: row.tiedWithPrevious,
        swissRank: row.swissRank,
        cutFinish: row.cutFinish,
      })),
    },
    page: { page: number, pageSize, total, pageCount, hasNextPage, hasPreviousPage },
  };
}

/** A pod event's top cut: each bracket pod with its seeds, where it is seated and who goes on. */
export async function getPodBracketForApi(access: TournamentAccess) {
  const cut = await getPodCut(access.tournamentId);
  if (!cut) return failure("NOT_FOUND", "This tournament has no top cut (yet).");
  return success({
    structure: "PODS" as const,
    cutSize: cut.cutSize,
    champion: cut.champion,
    championId: cut.championId,
    pods: cut.pods.map((pod) => ({
      slot: pod.id,
      name: pod.name,
      podId: pod.podId,
      roundNumber: pod.roundNumber,
      table: pod.tableNumber,
      seats: pod.seats.map((seat) => ({
        seed: seat.seed,
        playerId: seat.playerId,
        name: seat.name,
      })),
      waitingFor: pod.waitingForPods,
      winnerId: pod.winnerId,
      isDraw: pod.isDraw,
    })),
  });
}
