import "server-only";
import { prisma } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { nameKey, type DropPlayerInput, type RegisterPlayerInput } from "@/lib/schemas/player";
import { isUniqueViolation } from "./prisma-errors";
import { lockTournament } from "./tournament-lock";
import { dropTakesEffectAfter, dropUndoFirstRound } from "@/lib/rules/standings";
import { newPlayerCode } from "./player-codes";

/**
 * Registers a player. Entrants who join after round 1 has been paired are late entries:
 * they start at the next round and the rounds they missed count as losses (standings).
 */
export async function registerPlayer(input: RegisterPlayerInput): Promise<ActionResult<{ id: string; firstRound: number }>> {
  const key = nameKey(input.name);
  try {
    return await prisma.$transaction(async (tx) => {
      const tournament = await tx.tournament.findUnique({ where: { id: input.tournamentId }, select: { status: true } });
      if (!tournament) return failure("NOT_FOUND", "That tournament does not exist.");
      // Pairing must see every entrant, and no entrant may slip in while a round is being paired.
      await lockTournament(tx, input.tournamentId);
      const phases = await tx.phase.findMany({ where: { tournamentId: input.tournamentId }, select: { kind: true, _count: { select: { rounds: true } } } });
      if (tournament.status === "COMPLETE" || phases.some((phase) => phase.kind === "SINGLE_ELIMINATION")) {
        return failure("REGISTRATION_CLOSED", "The Swiss rounds are over; registration is closed.");
      }
      const swissRoundsPaired = phases.reduce((sum, phase) => sum + phase._count.rounds, 0);
      const duplicate = await tx.registration.findUnique({
        where: { tournamentId_nameKey: { tournamentId: input.tournamentId, nameKey: key } },
        select: { id: true },
      });
      if (duplicate) return duplicatePlayer(input.name);
      const player = await tx.player.create({ data: { name: input.name }, select: { id: true } });
      const registration = await tx.registration.create({
        data: {
          tournamentId: input.tournamentId,
          playerId: player.id,
          displayName: input.name,
          nameKey: key,
          firstRound: swissRoundsPaired + 1,
          // Issue 10: the player's own code, to report their match from their phone.
          code: newPlayerCode(),
        },
        select: { id: true, firstRound: true },
      });
      return success(registration);
    });
  } catch (error) {
    // Two organizers adding the same name at once: the unique index decides.
    if (isUniqueViolation(error)) return duplicatePlayer(input.name);
    throw error;
  }
}

function duplicatePlayer(name: string): ActionResult<never> {
  return failure("DUPLICATE_PLAYER", `${name} is already registered in this tournament.`, {
    name: [`${name} is already registered in this tournament.`],
  });
}

/** Who dropped a player or undid it: a staff member, or (staffId null) the player with their own code. */
export type DropActor = { staffId: string | null; name: string };

/**
 * A dropped player keeps their results and is not paired again (MTR 3.1, Appendix C). Without an
 * actor the player dropped themselves (their code); the history row names them.
 */
export async function dropPlayer(input: DropPlayerInput, actor?: DropActor): Promise<ActionResult<{ droppedAfterRound: number }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const registration = await tx.registration.findFirst({
      where: { id: input.registrationId, tournamentId: input.tournamentId },
      select: {
        displayName: true,
        droppedAfterRound: true,
        firstRound: true,
        tournament: { select: { status: true, _count: { select: { rounds: { where: { phase: { kind: "SWISS" } } } } } } },
      },
    });
    if (!registration) return failure("NOT_FOUND", "That player is not registered in this tournament.");
    if (registration.droppedAfterRound !== null) return success({ droppedAfterRound: registration.droppedAfterRound });
    const drop = dropTakesEffectAfter({
      roundsPaired: registration.tournament._count.rounds,
      firstRound: registration.firstRound,
      isEventComplete: registration.tournament.status === "COMPLETE",
    });
    if (!drop.ok) return failure(drop.error.code === "EVENT_COMPLETE" ? "EVENT_COMPLETE" : "INTERNAL", drop.error.message);
    await tx.registration.update({ where: { id: input.registrationId }, data: { droppedAfterRound: drop.value } });
    await tx.dropChange.create({
      data: { registrationId: input.registrationId, kind: "DROPPED", afterRound: drop.value, staffId: actor?.staffId ?? null, actorName: actor?.name ?? registration.displayName },
    });
    return success({ droppedAfterRound: drop.value });
  });
}

/**
 * Undoes a drop (MTR 2.10) while no round has been paired without the player: they are paired
 * again from the next round. The drop's history row stays; an UNDONE row says who undid it.
 */
export async function undoDrop(input: DropPlayerInput, actor: DropActor): Promise<ActionResult<{ name: string; firstRound: number }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const registration = await tx.registration.findFirst({
      where: { id: input.registrationId, tournamentId: input.tournamentId },
      select: {
        displayName: true,
        droppedAfterRound: true,
        firstRound: true,
        tournament: {
          select: {
            status: true,
            phases: { where: { kind: "SINGLE_ELIMINATION" }, select: { id: true } },
            _count: { select: { rounds: { where: { phase: { kind: "SWISS" } } } } },
          },
        },
      },
    });
    if (!registration) return failure("NOT_FOUND", "That player is not registered in this tournament.");
    const undo = dropUndoFirstRound({
      droppedAfterRound: registration.droppedAfterRound,
      roundsPaired: registration.tournament._count.rounds,
      firstRound: registration.firstRound,
      isEventComplete: registration.tournament.status === "COMPLETE",
      hasPlayoffStarted: registration.tournament.phases.length > 0,
    });
    if (!undo.ok) return failure(undo.error.code === "EVENT_COMPLETE" ? "EVENT_COMPLETE" : "CONFLICT", `${registration.displayName}: ${undo.error.message}`);
    await tx.registration.update({ where: { id: input.registrationId }, data: { droppedAfterRound: null } });
    await tx.dropChange.create({
      data: { registrationId: input.registrationId, kind: "UNDONE", afterRound: registration.droppedAfterRound!, staffId: actor.staffId, actorName: actor.name },
    });
    return success({ name: registration.displayName, firstRound: undo.value });
  });
}
