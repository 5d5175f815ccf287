import "server-only";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import type { TeamFormat } from "@/lib/generated/prisma/enums";
import { teamFormatRules } from "@/lib/rules/teams";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { errorCodeOfRule, ruleFailure } from "@/lib/server/infra/errors";
import type {
  DropPlayerInput,
  RegisterPlayerInput,
  RegisterPlayersInput,
  RenamePlayerInput,
} from "@/lib/schemas/player";
import { checkEntryRemoval, nameKey, readRegistrationList } from "@/lib/rules/registration";
import { isUniqueViolation } from "@/lib/server/infra/prisma-errors";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { dropTakesEffectAfter, dropUndoFirstRound } from "@/lib/rules/standings";
import { newPlayerCode } from "@/lib/server/check-in/player-codes";
import { promoteFromWaitlist } from "./waitlist";
import { render } from "@/lib/messages/render";

/**
 * Locks the tournament for a registration and says whether it is open and for whom: players in an
 * individual event, teams in a team event. Entrants who come after round 1 was paired are late
 * entries starting at the next round (their missed rounds count as losses in the standings).
 */
export async function openRegistrationWindow(
  tx: Transaction,
  tournamentId: string,
  entrant: "player" | "team",
): Promise<ActionResult<{ firstRound: number; teamSize: number; teamFormat: TeamFormat }>> {
  const tournament = await tx.tournament.findUnique({
    where: { id: tournamentId },
    select: { status: true, teamFormat: true, teamSize: true },
  });
  if (!tournament) return failure("NOT_FOUND", "That tournament does not exist.");
  // Pairing must see every entrant, and no entrant may slip in while a round is being paired.
  await lockTournament(tx, tournamentId);
  const phases = await tx.phase.findMany({
    where: { tournamentId },
    select: { kind: true, _count: { select: { rounds: true } } },
  });
  if (
    tournament.status === "COMPLETE" ||
    phases.some((phase) => phase.kind === "SINGLE_ELIMINATION")
  ) {
    return failure("REGISTRATION_CLOSED", "The Swiss rounds are over; registration is closed.");
  }
  const teamRules = teamFormatRules(tournament.teamFormat, tournament.teamSize);
  const isTeamEvent = teamRules.ok
    ? teamRules.value.entrant === "team"
    : tournament.teamFormat !== "INDIVIDUAL";
  if (entrant === "player" && isTeamEvent)
    return failure(
      "VALIDATION",
      "This is a team event: register each team with its players in their seats.",
    );
  if (entrant === "team" && !isTeamEvent)
    return failure("VALIDATION", "This is an individual event: register players, not teams.");
  const firstRound = phases.reduce((sum, phase) => sum + phase._count.rounds, 0) + 1;
  return success({ firstRound, teamSize: tournament.teamSize, teamFormat: tournament.teamFormat });
}

/**
 * Registers a player. Entrants who join after round 1 has been paired are late entries:
 * they start at the next round and the rounds they missed count as losses (standings).
 */
export async function registerPlayer(
  input: Omit<RegisterPlayerInput, "missedRounds"> & { missedRounds?: boolean },
): Promise<ActionResult<{ id: string; firstRound: number }>> {
  const key = nameKey(input.name);
  try {
    return await prisma.$transaction(async (tx) => {
      const window = await openRegistrationWindow(tx, input.tournamentId, "player");
      if (!window.ok) return window;
      const swissRoundsPaired = window.value.firstRound - 1;
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
          missedRoundsAsLosses: input.missedRounds ?? true,
          // The player's own code, to report their match from their phone.
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

/**
 * Registers every valid name of a pasted list in one transaction (lib/rules/registration.ts reads
 * the lines against the names already registered); the other lines are answered with why they
 * were skipped. Late entries start at the next round, like one registered alone.
 */
export async function registerPlayers(
  input: Omit<RegisterPlayersInput, "missedRounds"> & { missedRounds?: boolean },
): Promise<ActionResult<{ registered: string[]; skipped: string[]; firstRound: number }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const window = await openRegistrationWindow(tx, input.tournamentId, "player");
      if (!window.ok) return window;
      const existing = await tx.registration.findMany({
        where: { tournamentId: input.tournamentId },
        select: { displayName: true },
      });
      const read = readRegistrationList(
        input.names,
        existing.map((registration) => registration.displayName),
      );
      if (!read.ok)
        return failure("VALIDATION", render(read.error), { names: [render(read.error)] });
      const valid = read.value.flatMap((line) => (line.status === "valid" ? [line.name] : []));
      const skipped = read.value.flatMap((line) =>
        line.status === "valid" ? [] : [render(line.message)],
      );
      if (valid.length === 0)
        return failure("VALIDATION", "No name on the list can be registered.", { names: skipped });
      const { firstRound } = window.value;
      for (const name of valid) {
        const player = await tx.player.create({ data: { name }, select: { id: true } });
        await tx.registration.create({
          data: {
            tournamentId: input.tournamentId,
            playerId: player.id,
            displayName: name,
            nameKey: nameKey(name),
            firstRound,
            missedRoundsAsLosses: input.missedRounds ?? true,
            code: newPlayerCode(),
          },
          select: { id: true },
        });
      }
      return success({ registered: valid, skipped, firstRound });
    });
  } catch (error) {
    // Someone registered one of the names at the same moment: nothing of the list was saved.
    if (isUniqueViolation(error))
      return failure(
        "DUPLICATE_PLAYER",
        "One of these names was registered by someone else just now; nothing was saved. Check the list and paste it again.",
      );
    throw error;
  }
}

/**
 * Corrects an entrant's name (a typo). Standings and pairings are read from snapshots keyed on
 * the tournament's fingerprint, which a name does not move, so the tournament is touched too.
 */
export async function renamePlayer(
  input: RenamePlayerInput,
): Promise<ActionResult<{ from: string; to: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      await lockTournament(tx, input.tournamentId);
      const registration = await tx.registration.findFirst({
        where: { id: input.registrationId, tournamentId: input.tournamentId },
        select: { displayName: true, playerId: true },
      });
      if (!registration)
        return failure("NOT_FOUND", "That player is not registered in this tournament.");
      const key = nameKey(input.name);
      const clash = await tx.registration.findFirst({
        where: {
          tournamentId: input.tournamentId,
          nameKey: key,
          id: { not: input.registrationId },
        },
        select: { id: true },
      });
      if (clash) return duplicatePlayer(input.name);
      await tx.registration.update({
        where: { id: input.registrationId },
        data: { displayName: input.name, nameKey: key },
      });
      await tx.player.update({ where: { id: registration.playerId }, data: { name: input.name } });
      await tx.tournament.update({
        where: { id: input.tournamentId },
        data: { updatedAt: new Date() },
      });
      return success({ from: registration.displayName, to: input.name });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return duplicatePlayer(input.name);
    throw error;
  }
}

/**
 * Takes back an entry made in error, only before round 1 is paired (checkEntryRemoval): nothing
 * was played, so nothing of it is history. Afterwards the player drops (MTR 2.10).
 */
export async function removeRegistration(
  input: DropPlayerInput,
): Promise<ActionResult<{ name: string }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const registration = await tx.registration.findFirst({
      where: { id: input.registrationId, tournamentId: input.tournamentId },
      select: {
        displayName: true,
        playerId: true,
        _count: { select: { dropChanges: true, decklists: true } },
      },
    });
    if (!registration)
      return failure("NOT_FOUND", "That player is not registered in this tournament.");
    const roundsPaired = await tx.round.count({ where: { tournamentId: input.tournamentId } });
    const refused = checkEntryRemoval({ roundsPaired, name: registration.displayName });
    if (refused) return failure("CONFLICT", render(refused.error));
    // A drop already recorded is history: that entry stays, dropped.
    if (registration._count.dropChanges > 0)
      return failure(
        "CONFLICT",
        `${registration.displayName} has a drop in the history; the entry stays, dropped.`,
      );
    // A registered decklist has its history (MTR 2.7): that entry stays, and drops instead.
    if (registration._count.decklists > 0)
      return failure(
        "CONFLICT",
        `${registration.displayName} has a decklist with its history; drop the player instead.`,
      );
    await takeBackEntry(tx, { id: input.registrationId, playerId: registration.playerId });
    // The spot it frees goes to the first person on the waitlist.
    await promoteFromWaitlist(tx, input.tournamentId);
    return success({ name: registration.displayName });
  });
}

/**
 * Deletes an entry taken back before round 1 (the caller holds the tournament lock and checked
 * that nothing of it is history), and its player when they are in no other event.
 */
export async function takeBackEntry(
  tx: Transaction,
  entry: { id: string; playerId: string },
): Promise<void> {
  await tx.registration.delete({ where: { id: entry.id } });
  const elsewhere = await tx.registration.count({ where: { playerId: entry.playerId } });
  if (elsewhere === 0) await tx.player.delete({ where: { id: entry.playerId } });
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
export async function dropPlayer(
  input: DropPlayerInput,
  actor?: DropActor,
): Promise<ActionResult<{ droppedAfterRound: number }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const dropped = await dropInTransaction(tx, input, actor);
    return dropped.ok ? success({ droppedAfterRound: dropped.value.droppedAfterRound }) : dropped;
  });
}

/**
 * The one drop path (MTR 2.10), inside a transaction that holds the tournament's lock: the drop
 * takes effect after the rounds paired, a DROPPED history row names who did it, and a spot freed
 * before round 1 goes to the waitlist (the names promoted are answered). A player already dropped
 * stays as they were.
 */
export async function dropInTransaction(
  tx: Transaction,
  input: DropPlayerInput,
  actor?: DropActor,
): Promise<ActionResult<{ droppedAfterRound: number; promoted: string[] }>> {
  const registration = await tx.registration.findFirst({
    where: { id: input.registrationId, tournamentId: input.tournamentId },
    select: {
      displayName: true,
      droppedAfterRound: true,
      firstRound: true,
      tournament: {
        select: {
          status: true,
          _count: { select: { rounds: { where: { phase: { kind: "SWISS" } } } } },
        },
      },
    },
  });
  if (!registration)
    return failure("NOT_FOUND", "That player is not registered in this tournament.");
  if (registration.droppedAfterRound !== null)
    return success({ droppedAfterRound: registration.droppedAfterRound, promoted: [] });
  const drop = dropTakesEffectAfter({
    roundsPaired: registration.tournament._count.rounds,
    firstRound: registration.firstRound,
    isEventComplete: registration.tournament.status === "COMPLETE",
  });
  if (!drop.ok) return ruleFailure(drop.error, "INTERNAL");
  await tx.registration.update({
    where: { id: input.registrationId },
    data: { droppedAfterRound: drop.value },
  });
  await tx.dropChange.create({
    data: {
      registrationId: input.registrationId,
      kind: "DROPPED",
      afterRound: drop.value,
      staffId: actor?.staffId ?? null,
      actorName: actor?.name ?? registration.displayName,
    },
  });
  const promoted =
    registration.tournament._count.rounds === 0
      ? await promoteFromWaitlist(tx, input.tournamentId)
      : [];
  return success({ droppedAfterRound: drop.value, promoted });
}

/**
 * Undoes a drop (MTR 2.10) while no round has been paired without the player: they are paired
 * again from the next round. The drop's history row stays; an UNDONE row says who undid it.
 */
export async function undoDrop(
  input: DropPlayerInput,
  actor: DropActor,
): Promise<ActionResult<{ name: string; firstRound: number }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const registration = await tx.registration.findFirst({
      where: { id: input.registrationId, tournamentId: input.tournamentId },
      select: {
        displayName: true,
        droppedAfterRound: true,
        firstRound: true,
        _count: { select: { penalties: { where: { kind: "DISQUALIFICATION" } } } },
        tournament: {
          select: {
            status: true,
            phases: { where: { kind: "SINGLE_ELIMINATION" }, select: { id: true } },
            _count: { select: { rounds: { where: { phase: { kind: "SWISS" } } } } },
          },
        },
      },
    });
    if (!registration)
      return failure("NOT_FOUND", "That player is not registered in this tournament.");
    const undo = dropUndoFirstRound({
      droppedAfterRound: registration.droppedAfterRound,
      roundsPaired: registration.tournament._count.rounds,
      firstRound: registration.firstRound,
      isEventComplete: registration.tournament.status === "COMPLETE",
      hasPlayoffStarted: registration.tournament.phases.length > 0,
      isDisqualified: registration._count.penalties > 0,
    });
    if (!undo.ok)
      return failure(
        errorCodeOfRule(undo.error.code, "CONFLICT"),
        `${registration.displayName}: ${render(undo.error)}`,
      );
    await tx.registration.update({
      where: { id: input.registrationId },
      data: { droppedAfterRound: null },
    });
    await tx.dropChange.create({
      data: {
        registrationId: input.registrationId,
        kind: "UNDONE",
        afterRound: registration.droppedAfterRound!,
        staffId: actor.staffId,
        actorName: actor.name,
      },
    });
    return success({ name: registration.displayName, firstRound: undo.value });
  });
}
