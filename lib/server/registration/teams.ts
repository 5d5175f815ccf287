import "server-only";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { ruleFailure } from "@/lib/server/infra/errors";
import type {
  RegisterTeamInput,
  RegisterTeamsInput,
  ReplaceTeamMemberInput,
} from "@/lib/schemas/team";
import { nameKey } from "@/lib/rules/registration";
import {
  checkMemberNameCorrection,
  checkMemberReplacement,
  checkTeam,
  readTeamList,
  type RegisteredTeams,
  type TeamEntry,
} from "@/lib/rules/team-list";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { isUniqueViolation } from "@/lib/server/infra/prisma-errors";
import { newPlayerCode } from "@/lib/server/check-in/player-codes";
import { openRegistrationWindow } from "./registrations";
import { render } from "@/lib/messages/render";

/** What a team registration is checked against: the event's team names and every member already on a team (MTR 8.2). */
async function registeredTeams(tx: Transaction, tournamentId: string): Promise<RegisteredTeams> {
  const rows = await tx.registration.findMany({
    where: { tournamentId },
    select: { displayName: true, teamMembers: { select: { player: { select: { name: true } } } } },
  });
  return {
    teamNames: rows.map((row) => row.displayName),
    memberNames: rows.flatMap((row) => row.teamMembers.map((member) => member.player.name)),
  };
}

/** One entrant for the team; seat A's player stands for it where a registration names one player, and each member gets a code. */
async function createTeam(
  tx: Transaction,
  tournamentId: string,
  team: TeamEntry,
  firstRound: number,
): Promise<string> {
  const players = [];
  for (const name of team.members)
    players.push(await tx.player.create({ data: { name }, select: { id: true } }));
  const registration = await tx.registration.create({
    data: {
      tournamentId,
      playerId: players[0]!.id,
      displayName: team.name,
      nameKey: nameKey(team.name),
      firstRound,
      teamMembers: {
        create: players.map((player, seat) => ({
          playerId: player.id,
          seat,
          code: newPlayerCode(),
        })),
      },
    },
    select: { id: true },
  });
  return registration.id;
}

/** Registers one team with its players in seats A, B (and C), each seat fixed for the event (MTR 8.2). */
export async function registerTeam(
  input: RegisterTeamInput,
): Promise<ActionResult<{ id: string; name: string; firstRound: number }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const window = await openRegistrationWindow(tx, input.tournamentId, "team");
      if (!window.ok) return window;
      const checked = checkTeam(
        { name: input.name, members: input.members },
        window.value.teamSize,
        await registeredTeams(tx, input.tournamentId),
      );
      if (!checked.ok) {
        const field =
          checked.error.code === "TEAM_NAME_TAKEN" || checked.error.code === "INVALID_TEAM"
            ? "name"
            : "members";
        return ruleFailure(checked.error, "VALIDATION", undefined, field);
      }
      const id = await createTeam(tx, input.tournamentId, checked.value, window.value.firstRound);
      return success({ id, name: checked.value.name, firstRound: window.value.firstRound });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return failure(
        "DUPLICATE_PLAYER",
        `The team ${input.name} was registered by someone else just now.`,
      );
    throw error;
  }
}

/** Registers every valid line of a pasted team list in one transaction; the other lines are answered with why they were skipped. */
export async function registerTeams(
  input: RegisterTeamsInput,
): Promise<ActionResult<{ registered: string[]; skipped: string[]; firstRound: number }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const window = await openRegistrationWindow(tx, input.tournamentId, "team");
      if (!window.ok) return window;
      const read = readTeamList(
        input.teams,
        window.value.teamSize,
        await registeredTeams(tx, input.tournamentId),
      );
      if (!read.ok)
        return failure("VALIDATION", render(read.error), { teams: [render(read.error)] });
      const valid = read.value.flatMap((line) =>
        line.status === "valid" ? [{ name: line.name, members: line.members }] : [],
      );
      const skipped = read.value.flatMap((line) =>
        line.status === "valid" ? [] : [render(line.message)],
      );
      if (valid.length === 0)
        return failure("VALIDATION", "No team on the list can be registered.", { teams: skipped });
      for (const team of valid)
        await createTeam(tx, input.tournamentId, team, window.value.firstRound);
      return success({
        registered: valid.map((team) => team.name),
        skipped,
        firstRound: window.value.firstRound,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return failure(
        "DUPLICATE_PLAYER",
        "One of these teams was registered by someone else just now; nothing was saved. Check the list and paste it again.",
      );
    throw error;
  }
}

export type TeamRoster = {
  registrationId: string;
  name: string;
  members: { seat: number; name: string }[];
};

/** Every team of the tournament with its members in seat order. */
export async function getTeamRosters(tournamentId: string): Promise<TeamRoster[]> {
  const rows = await prisma.registration.findMany({
    where: { tournamentId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      displayName: true,
      teamMembers: {
        orderBy: { seat: "asc" },
        select: { seat: true, player: { select: { name: true } } },
      },
    },
  });
  return rows.map((row) => ({
    registrationId: row.id,
    name: row.displayName,
    members: row.teamMembers.map((member) => ({ seat: member.seat, name: member.player.name })),
  }));
}

/**
 * MTR 8.2: a new player takes one seat of a team that has not played yet. The seat's old code stops
 * working (its phones are signed out) and the new player gets their own; seat A's player also
 * stands for the team's registration.
 */
export async function replaceTeamMember(
  input: Omit<ReplaceTeamMemberInput, "change"> & { change?: ReplaceTeamMemberInput["change"] },
): Promise<ActionResult<{ team: string; name: string; seat: number }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const [tournament, teams, roundsPaired] = await Promise.all([
      tx.tournament.findUnique({ where: { id: input.tournamentId }, select: { teamSize: true } }),
      tx.registration.findMany({
        where: { tournamentId: input.tournamentId },
        select: {
          id: true,
          displayName: true,
          firstRound: true,
          teamMembers: {
            orderBy: { seat: "asc" },
            select: { seat: true, player: { select: { name: true } } },
          },
        },
      }),
      tx.round.count({ where: { tournamentId: input.tournamentId } }),
    ]);
    const team = teams.find((row) => row.id === input.registrationId);
    if (!tournament || !team || team.teamMembers.length === 0)
      return failure("NOT_FOUND", "That team is not registered in this tournament.");
    const others = teams.filter((row) => row.id !== team.id);
    const facts = {
      team: {
        name: team.displayName,
        members: team.teamMembers.map((member) => member.player.name),
      },
      teamSize: tournament.teamSize,
      seat: input.seat,
      newName: input.name,
      others: {
        teamNames: others.map((row) => row.displayName),
        memberNames: others.flatMap((row) => row.teamMembers.map((member) => member.player.name)),
      },
    };
    const checked =
      input.change === "correct"
        ? checkMemberNameCorrection(facts)
        : checkMemberReplacement({
            ...facts,
            roundsPaired: Math.max(0, roundsPaired - team.firstRound + 1),
          });
    if (!checked.ok) return ruleFailure(checked.error, "VALIDATION", undefined, "name");
    const name = checked.value.members[input.seat]!;
    if (input.change === "correct") {
      const member = await tx.teamMember.findUniqueOrThrow({
        where: { registrationId_seat: { registrationId: team.id, seat: input.seat } },
        select: { playerId: true },
      });
      await tx.player.update({ where: { id: member.playerId }, data: { name } });
      // Standings and pairings by name show members' names: a change of the tournament refreshes them.
      await tx.tournament.update({
        where: { id: input.tournamentId },
        data: { updatedAt: new Date() },
      });
      return success({ team: team.displayName, name, seat: input.seat });
    }
    const player = await tx.player.create({ data: { name }, select: { id: true } });
    await tx.teamMember.update({
      where: { registrationId_seat: { registrationId: team.id, seat: input.seat } },
      data: { playerId: player.id, code: newPlayerCode() },
    });
    await tx.playerSession.deleteMany({ where: { registrationId: team.id, seat: input.seat } });
    if (input.seat === 0)
      await tx.registration.update({ where: { id: team.id }, data: { playerId: player.id } });
    await tx.tournament.update({
      where: { id: input.tournamentId },
      data: { updatedAt: new Date() },
    });
    return success({ team: team.displayName, name, seat: input.seat });
  });
}
