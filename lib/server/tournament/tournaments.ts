import "server-only";
import type { PodEventSettings } from "@/lib/rules/pod-event";
import { cache } from "react";
import { prisma } from "@/lib/server/infra/db";
import { forgetSharedPages } from "@/lib/server/live/page-cache";
import { additionalTurnsFor } from "@/lib/rules/match-record";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { Actor } from "./staff";
import type { CreateTournamentInput } from "@/lib/schemas/tournament";
import type { Page, PageRequest } from "@/lib/paging";
import { eventSummary } from "@/lib/rules/swiss-rounds";
import type { Message } from "@/lib/rules/result";

/**
 * Creates a tournament owned by `owner` (who gets its ORGANIZER staff seat). Without an owner
 * (data-layer tests, scripts) the tournament is ownerless until the first account adopts it.
 */
/** What a tournament is created from: the form's parsed input, or the same fields from tests and seeds (pods: a pod event's settings). */
export type NewTournament = Pick<
  CreateTournamentInput,
  "name" | "format" | "gamesToWin" | "roundMinutes" | "teamSize"
> & {
  teamFormat?: CreateTournamentInput["teamFormat"];
  plannedRounds?: number | null;
  /** MTR 3.1: the planned top cut of the Swiss standings; null or absent: none. */
  plannedCut?: number | null;
  pods?: PodEventSettings | null;
};

export async function createTournament(
  input: NewTournament,
  owner?: Actor,
): Promise<ActionResult<{ id: string }>> {
  const tournament = await prisma.tournament.create({
    data: {
      name: input.name,
      ...(owner
        ? {
            ownerId: owner.userId,
            staff: {
              create: {
                userId: owner.userId,
                name: owner.name,
                email: owner.email,
                role: "ORGANIZER",
              },
            },
          }
        : {}),
      format: input.format,
      teamFormat: input.teamFormat ?? (input.teamSize > 1 ? "TEAM_MATCHES" : "INDIVIDUAL"),
      teamSize: input.teamSize,
      ...(input.pods
        ? {
            structure: "PODS" as const,
            podSize: input.pods.podSize,
            podPointsWin: input.pods.points.win,
            podPointsDraw: input.pods.points.draw,
            podPointsLoss: input.pods.points.loss,
            podAdditionalTurns:
              input.pods.endOfRound.procedure === "additional-turns"
                ? input.pods.endOfRound.turns
                : null,
          }
        : {}),
      phases: {
        create: {
          sequence: 1,
          kind: "SWISS",
          gamesToWin: input.gamesToWin,
          roundMinutes: input.roundMinutes,
          // MTR 2.4: five additional turns; three only where teammates share turns (Two-Headed Giant).
          additionalTurns: additionalTurnsFor({
            teammatesShareTurns: input.teamFormat === "TWO_HEADED_GIANT",
          }),
          plannedRounds: input.plannedRounds ?? null,
          plannedCut: input.plannedCut ?? null,
        },
      },
    },
    select: { id: true },
  });
  return success(tournament);
}

const LIST_SELECT = {
  id: true,
  name: true,
  format: true,
  status: true,
  createdAt: true,
  teamFormat: true,
  _count: { select: { registrations: true, rounds: true } },
  phases: { select: { kind: true, cutSize: true, _count: { select: { rounds: true } } } },
} as const;

/**
 * One page of a tournament list, searched by name in the database (case-insensitive, anywhere in
 * the name), newest first: the tournaments an account is on the staff of, or without an account
 * the published ones. Past the last page people see the last page.
 */
export async function listTournamentsPage(
  who: { userId: string } | "published",
  request: PageRequest,
): Promise<Page<TournamentListRow>> {
  const q = request.q.trim().replace(/\s+/g, " ");
  const where = {
    deletedAt: null,
    ...(who === "published"
      ? { publishedAt: { not: null } }
      : { staff: { some: { userId: who.userId, removedAt: null } } }),
    ...(q ? { name: { contains: q, mode: "insensitive" as const } } : {}),
  };
  const total = await prisma.tournament.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / request.pageSize));
  const page = request.clampToLastPage ? Math.min(request.page, pageCount) : request.page;
  const rows = await prisma.tournament.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    skip: (page - 1) * request.pageSize,
    take: request.pageSize,
    select: LIST_SELECT,
  });
  return {
    rows: rows.map(({ teamFormat, phases, ...row }) => ({
      ...row,
      summary: eventSummary({
        entrants: row._count.registrations,
        teams: teamFormat !== "INDIVIDUAL",
        swissRounds: phases
          .filter((phase) => phase.kind === "SWISS")
          .reduce((sum, phase) => sum + phase._count.rounds, 0),
        cutSize: phases.find((phase) => phase.kind === "SINGLE_ELIMINATION")?.cutSize ?? null,
      }),
    })),
    total,
    page,
    pageSize: request.pageSize,
    pageCount,
    hasPreviousPage: page > 1,
    hasNextPage: page < pageCount,
  };
}
export type TournamentListRow = {
  id: string;
  name: string;
  format: string;
  status: string;
  createdAt: Date;
  _count: { registrations: number; rounds: number };
  /** Its entrants, Swiss rounds and playoff cut, to render in a line ("20 players · 4 Swiss rounds · top 8"). */
  summary: Message[];
};

export async function getTournament(id: string) {
  return prisma.tournament.findUnique({
    where: { id },
    include: {
      phases: { orderBy: { sequence: "asc" } },
      registrations: {
        select: {
          id: true,
          displayName: true,
          firstRound: true,
          droppedAfterRound: true,
          dropChanges: {
            orderBy: { createdAt: "asc" },
            select: { kind: true, afterRound: true, actorName: true, createdAt: true },
          },
          _count: { select: { penalties: { where: { kind: "DISQUALIFICATION" } } } },
          teamMembers: {
            orderBy: { seat: "asc" },
            select: { seat: true, player: { select: { name: true } } },
          },
        },
      },
      rounds: {
        orderBy: { number: "asc" },
        select: {
          id: true,
          number: true,
          status: true,
          phaseId: true,
          // A table's first seat match stands for the table: a team table is one table (MTR 8.2).
          _count: {
            select: {
              matches: { where: { voidedAt: null, seat: 0 } },
              pods: { where: { isBye: false } },
            },
          },
        },
      },
    },
  });
}
export type TournamentDetail = NonNullable<Awaited<ReturnType<typeof getTournament>>>;

/**
 * The few facts every tournament page's header needs (name, whether it has a playoff), read once
 * per request however many components ask.
 */
export const getTournamentSummary = cache(async (tournamentId: string) => {
  const tournament = await prisma.tournament.findUnique({
    where: { id: tournamentId },
    select: {
      id: true,
      name: true,
      format: true,
      teamFormat: true,
      teamSize: true,
      structure: true,
      podSize: true,
      podPointsWin: true,
      podPointsDraw: true,
      podPointsLoss: true,
      status: true,
      publishedAt: true,
      deletedAt: true,
      deckFormat: true,
      decklistPublication: true,
      phases: {
        orderBy: { sequence: "asc" },
        select: { kind: true, gamesToWin: true, roundMinutes: true },
      },
    },
  });
  return (
    tournament && {
      id: tournament.id,
      name: tournament.name,
      format: tournament.format,
      teamFormat: tournament.teamFormat,
      teamSize: tournament.teamSize,
      /** A pod event's size and points (CR 100.6a); null for two-player matches. */
      pods:
        tournament.structure === "PODS"
          ? {
              podSize: tournament.podSize,
              points: {
                win: tournament.podPointsWin,
                draw: tournament.podPointsDraw,
                loss: tournament.podPointsLoss,
              },
            }
          : null,
      status: tournament.status,
      swiss: tournament.phases.find((phase) => phase.kind === "SWISS") ?? null,
      hasPlayoff: tournament.phases.some((phase) => phase.kind === "SINGLE_ELIMINATION"),
      isPublished: tournament.publishedAt !== null,
      isDeleted: tournament.deletedAt !== null,
      /** MTR 2.7: the event takes decklists (a format to check them as is set). */
      takesDecklists: tournament.deckFormat !== null,
      /** Some lists are public (all, or the top cut's): the public sees a Decklists tab. */
      hasPublicDecklists:
        tournament.deckFormat !== null && tournament.decklistPublication !== "NONE",
    }
  );
});

/** Publishing makes pairings, standings and the bracket public; unpublishing hides them again. */
export async function setTournamentPublished(
  tournamentId: string,
  publish: boolean,
): Promise<ActionResult<{ isPublished: boolean }>> {
  await prisma.tournament.update({
    where: { id: tournamentId },
    data: { publishedAt: publish ? new Date() : null },
  });
  if (!publish) forgetSharedPages(tournamentId);
  return success({ isPublished: publish });
}

/**
 * Deletes a tournament for everyone: hidden from every list and page from now on. Its rows stay
 * (history is never erased), so a mistaken deletion can be undone by support.
 */
export async function deleteTournament(
  tournamentId: string,
  confirmName: string,
): Promise<ActionResult<{ id: string }>> {
  const tournament = await prisma.tournament.findUniqueOrThrow({
    where: { id: tournamentId },
    select: { name: true },
  });
  if (tournament.name.trim().toLocaleLowerCase() !== confirmName.trim().toLocaleLowerCase()) {
    return failure("VALIDATION", `Type the tournament's name, “${tournament.name}”, to confirm.`, {
      confirmName: ["The name does not match."],
    });
  }
  await prisma.tournament.update({ where: { id: tournamentId }, data: { deletedAt: new Date() } });
  forgetSharedPages(tournamentId);
  return success({ id: tournamentId });
}
