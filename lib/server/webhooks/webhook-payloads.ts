import "server-only";
import { prisma } from "@/lib/server/infra/db";
import { render } from "@/lib/messages/render";
import { titlesOf } from "@/lib/server/round/round-titles";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { getMatchForApi, getStandingsForApi, listPairingsForApi } from "@/lib/server/api/api-reads";
import { listPodsForApi } from "@/lib/server/api/api-pod-reads";
import type { Announcement } from "@/lib/server/announcements/announcement";
import { configuredPublicBase } from "@/lib/server/check-in/player-link";
import { joinAddress } from "@/lib/public-address";

/** How many standings rows a standings.changed or event.finished carries; the rest is in the API. */
export const STANDINGS_ROWS_SENT = 16;

/** The body every webhook of `announcement` carries (docs/webhooks.md, the OpenAPI `webhooks`). */
export async function webhookBody(announcement: Announcement) {
  return {
    type: announcement.kind,
    timestamp: announcement.createdAt.toISOString(),
    data: await dataOf(announcement),
  };
}

async function tournamentOf(id: string) {
  const tournament = await prisma.tournament.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      name: true,
      structure: true,
      rounds: { select: { id: true, number: true, phaseId: true, phase: true } },
    },
  });
  const titles = titlesOf(tournament.rounds, tournament.structure);
  const roundOf = (where: { id?: string; number?: number }) => {
    const round = tournament.rounds.find(
      (each) => each.id === where.id || each.number === where.number,
    );
    if (!round) return null;
    const title = titles.get(round.number);
    return { number: round.number, title: title ? render(title) : `Round ${round.number}` };
  };
  return {
    tournament: { id: tournament.id, name: tournament.name },
    isPods: tournament.structure === "PODS",
    roundOf,
  };
}

/** An absolute address in the API: a receiver has no page to resolve a path against. */
const api = (tournamentId: string, tail: string) =>
  joinAddress(configuredPublicBase(), `/api/v1/tournaments/${tournamentId}/${tail}`);

async function dataOf(announcement: Announcement): Promise<Record<string, unknown>> {
  const { tournamentId, subjectId } = announcement;
  const access = trustedTournamentAccess(tournamentId);
  const context = await tournamentOf(tournamentId);
  const base = { tournament: context.tournament };
  switch (announcement.kind) {
    case "round.paired": {
      const round = context.roundOf({ id: subjectId });
      if (!round) return { ...base, roundId: subjectId };
      if (context.isPods) {
        const pods = await listPodsForApi(access, round.number);
        return { ...base, round, pods: pods.ok ? pods.value : [] };
      }
      const pairings = await listPairingsForApi(access, round.number);
      return { ...base, round, pairings: pairings.ok ? pairings.value : [] };
    }
    case "result.recorded":
    case "time.called":
      return { ...base, ...(await contestOf(announcement, context)) };
    case "standings.changed":
    case "event.finished": {
      const round = context.roundOf({ id: subjectId });
      const standings = await getStandingsForApi(access, {
        q: "",
        page: 1,
        pageSize: STANDINGS_ROWS_SENT,
      });
      return {
        ...base,
        ...(round ? { round } : {}),
        standings: standings.ok ? standings.value.rows : [],
        standingsUrl: api(tournamentId, "standings"),
      };
    }
    case "judge_call.opened":
    case "judge_call.claimed": {
      const call = await prisma.judgeCall.findUniqueOrThrow({
        where: { id: subjectId },
        select: {
          id: true,
          tableNumber: true,
          podId: true,
          claimedByName: true,
          createdAt: true,
          claimedAt: true,
          calledBy: { select: { displayName: true } },
        },
      });
      return {
        ...base,
        judgeCall: {
          id: call.id,
          table: call.tableNumber,
          isPod: call.podId !== null,
          calledBy: call.calledBy.displayName,
          calledAt: call.createdAt.toISOString(),
          claimedBy: call.claimedAt ? call.claimedByName : null,
          claimedAt: call.claimedAt?.toISOString() ?? null,
        },
      };
    }
  }
}

type Pairing = Extract<Awaited<ReturnType<typeof listPairingsForApi>>, { ok: true }>["value"][0];

/** The match or pod an announcement names, with its result and a one-line summary. */
async function contestOf(
  announcement: Announcement,
  context: Awaited<ReturnType<typeof tournamentOf>>,
) {
  const access = trustedTournamentAccess(announcement.tournamentId);
  if (context.isPods) {
    const pod = await prisma.pod.findUniqueOrThrow({
      where: { id: announcement.subjectId },
      select: { round: { select: { number: true } } },
    });
    const pods = await listPodsForApi(access, pod.round.number);
    const found = pods.ok ? pods.value.find((each) => each.podId === announcement.subjectId) : null;
    return { round: context.roundOf({ number: pod.round.number }), pod: found ?? null };
  }
  const match = await getMatchForApi(access, announcement.subjectId);
  if (!match.ok) return { matchId: announcement.subjectId };
  const { games: _games, history: _history, ...pairing } = match.value;
  return {
    round: context.roundOf({ number: pairing.roundNumber }),
    match: pairing,
    summary: summaryOf(pairing),
  };
}

/** "Ana 2-1 Ben": who played whom and the games, as a scoreboard line (no sentence to translate). */
function summaryOf(pairing: Pairing): string | null {
  const { playerA, playerB, result } = pairing;
  if (!playerB || !result) return null;
  const name = (side: typeof playerA) => side.member ?? side.name;
  const draws = result.draws > 0 ? `-${result.draws}` : "";
  return `${name(playerA)} ${result.winsA}-${result.winsB}${draws} ${name(playerB)}`;
}
