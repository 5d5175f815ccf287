import "server-only";
import { cache } from "react";
import { prisma } from "../db";
import { ADDITIONAL_TURNS } from "@/lib/rules/end-of-match";
import { success, type ActionResult } from "@/lib/action-result";
import type { CreateTournamentInput } from "@/lib/schemas/tournament";


export async function createTournament(input: CreateTournamentInput): Promise<ActionResult<{ id: string }>> {
  const tournament = await prisma.tournament.create({
    data: {
      name: input.name,
      format: input.format,
      teamSize: input.teamSize,
      phases: {
        create: {
          sequence: 1,
          kind: "SWISS",
          gamesToWin: input.gamesToWin,
          roundMinutes: input.roundMinutes,
          // MTR 2.4: five additional turns, three in team formats.
          additionalTurns: input.teamSize > 1 ? ADDITIONAL_TURNS.team : ADDITIONAL_TURNS.individual,
          plannedRounds: input.plannedRounds ?? null,
        },
      },
    },
    select: { id: true },
  });
  return success(tournament);
}

export async function listTournaments() {
  return prisma.tournament.findMany({
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      format: true,
      status: true,
      createdAt: true,
      _count: { select: { registrations: true, rounds: true } },
    },
  });
}

export async function getTournament(id: string) {
  return prisma.tournament.findUnique({
    where: { id },
    include: {
      phases: { orderBy: { sequence: "asc" } },
      registrations: { orderBy: [{ nameKey: "asc" }], select: { id: true, displayName: true, firstRound: true, droppedAfterRound: true } },
      rounds: {
        orderBy: { number: "asc" },
        select: { id: true, number: true, status: true, _count: { select: { matches: { where: { voidedAt: null } } } } },
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
    select: { id: true, name: true, phases: { where: { kind: "SINGLE_ELIMINATION" }, select: { id: true } } },
  });
  return tournament && { id: tournament.id, name: tournament.name, hasPlayoff: tournament.phases.length > 0 };
});
