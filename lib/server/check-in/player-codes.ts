import "server-only";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import { createHash, randomBytes } from "node:crypto";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { formatPlayerCode, generatePlayerCode, normalizePlayerCode } from "@/lib/rules/player-code";
import { isUniqueViolation } from "@/lib/server/infra/prisma-errors";
import { countThrottleFailure } from "@/lib/server/access/sign-in-throttle";
import { networkOfAddress } from "@/lib/address-network";
import { seatPlayerName, tableLabel } from "@/lib/rules/teams";
import { render } from "@/lib/messages/render";

/**
 * Players' codes and the phone sessions they open. A code is the player's credential:
 * it is stored as typed-normalized text (staff must be able to show it again), and a session is a
 * random token in an httpOnly cookie whose SHA-256 hash alone is stored.
 */

export function newPlayerCode(): string {
  return generatePlayerCode((count) => randomBytes(count));
}

/** Gives every registration of the tournament that has none a code (rows made before codes existed, bulk seeds). */
export async function ensurePlayerCodes(tournamentId: string): Promise<void> {
  // A team's entry gets none: its members sign in with their own codes (MTR 8.2).
  const missing = await prisma.registration.findMany({
    where: { tournamentId, code: null, teamMembers: { none: {} } },
    select: { id: true },
  });
  for (const { id } of missing) await assignCode(prisma, id, { onlyIfMissing: true });
}

async function assignCode(
  db: Pick<Transaction, "registration">,
  registrationId: string,
  options: { onlyIfMissing: boolean },
): Promise<string> {
  // 59 bits: a collision is vanishingly rare, but the unique index decides, and a retry draws again.
  for (let attempt = 0; ; attempt++) {
    const code = newPlayerCode();
    try {
      const updated = await db.registration.updateMany({
        where: { id: registrationId, ...(options.onlyIfMissing ? { code: null } : {}) },
        data: { code },
      });
      if (updated.count === 0 && options.onlyIfMissing)
        return (
          await db.registration.findUniqueOrThrow({
            where: { id: registrationId },
            select: { code: true },
          })
        ).code!;
      return code;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** `seat`: a team member's own code (their seat, 0 = A); null for an entry's code. */
export type PlayerCodeRow = {
  registrationId: string;
  name: string;
  code: string;
  isDropped: boolean;
  seat: number | null;
};

/** Every player's code, for the staff's codes page (formatted for reading aloud). */
export async function listPlayerCodes(access: TournamentAccess): Promise<PlayerCodeRow[] | null> {
  if (!accessAllows(access, "players.codes")) return null;
  const { tournamentId } = access;
  await ensurePlayerCodes(tournamentId);
  const rows = await prisma.registration.findMany({
    where: { tournamentId },
    orderBy: { nameKey: "asc" },
    select: {
      id: true,
      displayName: true,
      code: true,
      droppedAfterRound: true,
      teamMembers: {
        orderBy: { seat: "asc" },
        select: { seat: true, code: true, player: { select: { name: true } } },
      },
    },
  });
  // MTR 8.2: each team member has their own code, listed under their team; a team's entry has none to hand out (it signs nobody in).
  return rows.flatMap((row) => [
    ...(row.teamMembers.length > 0
      ? []
      : [
          {
            registrationId: row.id,
            name: row.displayName,
            code: formatPlayerCode(row.code!),
            isDropped: row.droppedAfterRound !== null,
            seat: null,
          },
        ]),
    ...row.teamMembers.flatMap((member) =>
      member.code
        ? [
            {
              registrationId: row.id,
              name: seatPlayerName(member.player.name, row.displayName),
              code: formatPlayerCode(member.code),
              isDropped: row.droppedAfterRound !== null,
              seat: member.seat,
            },
          ]
        : [],
    ),
  ]);
}

/**
 * The codes of everyone seated in a round, by table, for the per-player slips (print/player-slips:
 * each player's slip shows only their own code, never on the shared result slip). Byes are listed
 * with their one player.
 */
export async function playerCodesForRound(access: TournamentAccess, roundNumber: number) {
  if (!accessAllows(access, "players.codes")) return null;
  const { tournamentId } = access;
  await ensurePlayerCodes(tournamentId);
  const members = {
    orderBy: { seat: "asc" },
    select: { seat: true, code: true, player: { select: { name: true } } },
  } as const;
  const round = await prisma.round.findUnique({
    where: { tournamentId_number: { tournamentId, number: roundNumber } },
    select: {
      tournament: { select: { teamFormat: true } },
      matches: {
        where: { voidedAt: null },
        orderBy: [{ tableNumber: "asc" }, { seat: "asc" }],
        select: {
          tableNumber: true,
          seat: true,
          sideA: { select: { id: true, displayName: true, code: true, teamMembers: members } },
          sideB: { select: { id: true, displayName: true, code: true, teamMembers: members } },
        },
      },
      // CR 100.6a: a pod event's round is its pods, a slip per seat.
      pods: {
        orderBy: { tableNumber: "asc" },
        select: {
          tableNumber: true,
          seats: {
            orderBy: { seat: "asc" },
            select: { registration: { select: { id: true, displayName: true, code: true } } },
          },
        },
      },
    },
  });
  if (!round) return null;
  if (round.pods.length > 0) {
    return round.pods.map((pod) => ({
      tableNumber: pod.tableNumber,
      tableLabel: String(pod.tableNumber),
      isPod: true,
      players: pod.seats.map(({ registration }) => ({
        registrationId: registration.id,
        name: registration.displayName,
        code: formatPlayerCode(registration.code!),
      })),
    }));
  }
  type Side = {
    id: string;
    displayName: string;
    code: string | null;
    teamMembers: { seat: number; code: string | null; player: { name: string } }[];
  };
  // MTR 8.2: every slip of a team is a member's, with their own code: at a team table the seat's member,
  // for a team's bye or a Two-Headed Giant match every member; a team's entry code signs nobody in.
  const isSeatMatches = round.tournament.teamFormat === "TEAM_MATCHES";
  const slipsOf = (side: Side, seat: number | null) => {
    if (side.teamMembers.length === 0)
      return [
        { registrationId: side.id, name: side.displayName, code: formatPlayerCode(side.code!) },
      ];
    const members = side.teamMembers.filter(
      (member) => member.code !== null && (seat === null || member.seat === seat),
    );
    return members.map((member) => ({
      registrationId: side.id,
      key: `${side.id}-${member.seat}`,
      name: seatPlayerName(member.player.name, side.displayName),
      code: formatPlayerCode(member.code!),
    }));
  };
  return round.matches.map((match) => {
    const seat = isSeatMatches && match.sideB ? match.seat : null;
    return {
      tableNumber: match.tableNumber,
      tableLabel: tableLabel(match.tableNumber, match.seat, seat === null ? 1 : 2),
      players: [...slipsOf(match.sideA, seat), ...(match.sideB ? slipsOf(match.sideB, seat) : [])],
    };
  });
}

/** Staff reissue a code (lost slip, code seen by someone else): the old code stops working and its phones are signed out. */
export async function reissuePlayerCode(input: {
  tournamentId: string;
  registrationId: string;
  seat?: number;
}): Promise<ActionResult<{ code: string }>> {
  return prisma.$transaction(async (tx) => {
    const registration = await tx.registration.findFirst({
      where: { id: input.registrationId, tournamentId: input.tournamentId },
      select: { id: true },
    });
    if (!registration)
      return failure("NOT_FOUND", "That player is not registered in this tournament.");
    if (input.seat !== undefined) return reissueMemberCode(tx, registration.id, input.seat);
    const code = await assignCode(tx, registration.id, { onlyIfMissing: false });
    await tx.playerSession.deleteMany({ where: { registrationId: registration.id } });
    return success({ code: formatPlayerCode(code) });
  });
}

/** A team member's new code: their old one stops working and the phones signed in with it are signed out (MTR 8.2: their own code). */
async function reissueMemberCode(
  tx: Transaction,
  registrationId: string,
  seat: number,
): Promise<ActionResult<{ code: string }>> {
  const member = await tx.teamMember.findUnique({
    where: { registrationId_seat: { registrationId, seat } },
    select: { seat: true },
  });
  if (!member) return failure("NOT_FOUND", "That team has no player in this seat.");
  for (let attempt = 0; ; attempt++) {
    const code = newPlayerCode();
    try {
      await tx.teamMember.update({
        where: { registrationId_seat: { registrationId, seat } },
        data: { code },
      });
      await tx.playerSession.deleteMany({ where: { registrationId, seat } });
      return success({ code: formatPlayerCode(code) });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

// ---- Signing in with a code, rate-limited in the sign-in throttle table -----------------------

export const PLAYER_CODE_WINDOW_MINUTES = 15;
/**
 * Wrong codes allowed per window, per address and in total across all addresses. Past either, a
 * wrong code is answered "too many" (and still counted) so that guessing tells nothing more; a
 * right code is looked up first and always signs in, so neither limit can lock a venue's players
 * out. Guessing stays hopeless all the same: a code has 59 random bits, so even a billion guesses
 * find one of 4,096 players' codes with a probability under one in a hundred thousand.
 */
export const PLAYER_CODE_LIMITS = { address: 10, everyone: 200 } as const;
export const PLAYER_SESSION_DAYS = 4;

function throttleKeys(address: string | undefined) {
  return [
    ...(address
      ? [
          {
            key: `player-code:address:${networkOfAddress(address)}`,
            limit: PLAYER_CODE_LIMITS.address,
            who: "this network address",
          },
        ]
      : []),
    { key: "player-code:everyone", limit: PLAYER_CODE_LIMITS.everyone, who: "this app right now" },
  ];
}

/** Whether this address, or everyone together, is past its limit of wrong codes. */
async function checkCodeThrottle(
  address: string | undefined,
  now: Date,
): Promise<ActionResult<null>> {
  const keys = throttleKeys(address);
  const windowStart = new Date(now.getTime() - PLAYER_CODE_WINDOW_MINUTES * 60_000);
  const rows = await prisma.signInThrottle.findMany({
    where: { key: { in: keys.map(({ key }) => key) }, windowStart: { gt: windowStart } },
  });
  for (const { key, limit, who } of keys) {
    const row = rows.find((candidate) => candidate.key === key);
    if (row && row.failures >= limit) {
      const minutes = Math.max(
        1,
        Math.ceil(
          (row.windowStart.getTime() + PLAYER_CODE_WINDOW_MINUTES * 60_000 - now.getTime()) /
            60_000,
        ),
      );
      return failure(
        "RATE_LIMITED",
        `Too many wrong codes from ${who}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or ask a judge for your code.`,
      );
    }
  }
  return success(null);
}

async function recordCodeFailure(address: string | undefined, now: Date): Promise<void> {
  for (const { key } of throttleKeys(address))
    await countThrottleFailure(key, PLAYER_CODE_WINDOW_MINUTES, now);
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Signs a phone in with a player's code: a new session whose token goes in the cookie. A code
 * that is not well formed says what is wrong with it (and is not counted: it cannot be a guess
 * at a real code); a well-formed wrong code is counted against the address and in total.
 */
export async function signInWithPlayerCode(
  typed: string,
  address: string | undefined,
  now = new Date(),
): Promise<
  ActionResult<{ token: string; expiresAt: Date; registrationId: string; tournamentId: string }>
> {
  const normalized = normalizePlayerCode(typed);
  if (!normalized.ok)
    return failure("VALIDATION", render(normalized.message), {
      code: [render(normalized.message)],
    });
  // A right code is a 59-bit secret: it is looked up first and always signs in, so a room of
  // players mistyping on one shared network (or one person on purpose) locks nobody out.
  const entrant = await prisma.registration.findUnique({
    where: { code: normalized.code },
    select: {
      id: true,
      tournamentId: true,
      tournament: { select: { deletedAt: true } },
      _count: { select: { teamMembers: true } },
    },
  });
  // MTR 8.2: a team plays through its members, each with their own code; the team's entry code opens nothing.
  if (entrant && entrant._count.teamMembers > 0 && !entrant.tournament.deletedAt) {
    const message =
      "That is a team's code, not a player's: each member signs in with their own code from their player slip. Ask a judge for yours.";
    return failure("NOT_FOUND", message, { code: [message] });
  }
  const registration: {
    id: string;
    tournamentId: string;
    tournament: { deletedAt: Date | null };
    seat: number | null;
  } | null = entrant
    ? {
        id: entrant.id,
        tournamentId: entrant.tournamentId,
        tournament: entrant.tournament,
        seat: null,
      }
    : await teamMemberByCode(normalized.code);
  if (!registration || registration.tournament.deletedAt) {
    const throttle = await checkCodeThrottle(address, now);
    // Counted against the address either way: filling the overall limit frees no address from its own.
    await recordCodeFailure(address, now);
    if (!throttle.ok) return throttle;
    const message =
      "That code does not match any player. Check it on your player slip, or ask a judge.";
    return failure("NOT_FOUND", message, { code: [message] });
  }
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PLAYER_SESSION_DAYS * 24 * 3600_000);
  await prisma.playerSession.create({
    data: {
      tokenHash: hashToken(token),
      registrationId: registration.id,
      seat: registration.seat,
      expiresAt,
    },
  });
  return success({
    token,
    expiresAt,
    registrationId: registration.id,
    tournamentId: registration.tournamentId,
  });
}

/**
 * A team member's own code signs them in to their team's entry; in an event of seat matches the
 * session keeps their seat, so that their phone opens their seat's match (MTR 8.2: A plays A).
 */
async function teamMemberByCode(code: string) {
  const member = await prisma.teamMember.findUnique({
    where: { code },
    select: {
      seat: true,
      registration: {
        select: {
          id: true,
          tournamentId: true,
          tournament: { select: { deletedAt: true, teamFormat: true } },
        },
      },
    },
  });
  if (!member) return null;
  const { registration } = member;
  return {
    id: registration.id,
    tournamentId: registration.tournamentId,
    tournament: registration.tournament,
    seat: registration.tournament.teamFormat === "TEAM_MATCHES" ? member.seat : null,
  };
}

/** `seat`: the team member signed in, in an event of seat matches (their seat's match is theirs); null otherwise. */
export type PlayerActor = {
  sessionId: string;
  registrationId: string;
  tournamentId: string;
  name: string;
  seat?: number | null;
};

/** The player a session token belongs to, or null when it is unknown, expired, or its code was reissued. */
export async function resolvePlayerSession(
  token: string | undefined,
  now = new Date(),
): Promise<PlayerActor | null> {
  if (!token || token.length > 200) return null;
  const session = await prisma.playerSession.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      expiresAt: true,
      seat: true,
      registration: {
        select: {
          id: true,
          tournamentId: true,
          displayName: true,
          tournament: { select: { deletedAt: true, teamFormat: true } },
        },
      },
    },
  });
  if (!session || session.expiresAt <= now || session.registration.tournament.deletedAt)
    return null;
  // In an event of seat matches a session is a member's, with their seat (MTR 8.2); one without a seat acts for nobody.
  if (session.seat === null && session.registration.tournament.teamFormat === "TEAM_MATCHES")
    return null;
  // Only a team member's session reads their seat's name: every other player's request costs nothing more.
  const member =
    session.seat === null
      ? null
      : await prisma.teamMember.findUnique({
          where: {
            registrationId_seat: { registrationId: session.registration.id, seat: session.seat },
          },
          select: { player: { select: { name: true } } },
        });
  const name = member
    ? seatPlayerName(member.player.name, session.registration.displayName)
    : session.registration.displayName;
  return {
    sessionId: session.id,
    registrationId: session.registration.id,
    tournamentId: session.registration.tournamentId,
    name,
    seat: session.seat,
  };
}

export async function endPlayerSession(token: string): Promise<void> {
  await prisma.playerSession.deleteMany({ where: { tokenHash: hashToken(token) } });
}
