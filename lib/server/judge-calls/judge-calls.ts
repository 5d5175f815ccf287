import "server-only";
import {
  loadTeamMembers,
  matchesPerPairingOf,
  nameSeatMatches,
  type TeamMembersById,
} from "@/lib/server/registration/team-names";
import type { TeamFormat } from "@/lib/rules/teams";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult, type ErrorCode } from "@/lib/action-result";
import {
  decideClaim,
  decideJudgeCall,
  decideResolve,
  openCallKey,
  type CallState,
  type JudgeCallFollowUp,
  type JudgeCallRefusal,
} from "@/lib/rules/judge-calls";
import type { StaffRole } from "@/lib/rules/permissions";
import { roundTitle } from "@/lib/rules/swiss-rounds";
import type {
  CallJudgeInput,
  ClaimJudgeCallInput,
  ResolveJudgeCallInput,
} from "@/lib/schemas/judge-call";
import { isUniqueViolation } from "@/lib/server/infra/prisma-errors";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import { render } from "@/lib/messages/render";
import { listOfNames } from "@/lib/plural";

/**
 * Judge calls (lib/rules/judge-calls.ts): a player calls, one judge claims, a judge resolves.
 * Rows are history: a resolved call keeps its times and who answered it; nothing is deleted.
 * One open call per player and match (or pod, CR 100.6a) is held by a unique key that is cleared
 * on resolving, so two taps at once (or two phones) make one call.
 */

export type JudgeCallView = {
  id: string;
  /** The match called to, or null for a pod's call (CR 100.6a), which names `podId` instead. */
  matchId: string | null;
  podId: string | null;
  roundNumber: number;
  /** "Round 3", or the playoff round's name ("Semifinals"), as every page titles it. */
  roundName: string;
  tableNumber: number;
  /** As printed: "12", or "12A" for seat A's match of a team table (MTR 8.2). */
  tableLabel: string;
  /** The caller and their opponent (a pod's other players); a team member named with their team ("Ana (Rocket)"). */
  callerName: string;
  opponentName: string | null;
  note: string;
  calledAt: Date;
  claimedAt: Date | null;
  /** The staff seat that has the call, to tell a judge "you have this call"; never shown. */
  claimedByStaffId: string | null;
  claimedByName: string;
  resolvedAt: Date | null;
  resolvedByName: string;
  followUp: JudgeCallFollowUp | null;
  resolution: string;
};

// A playoff round is named by its place in the bracket, so the phase's rounds come along.
const CALL_ROUND_SELECT = {
  select: {
    number: true,
    tournamentId: true,
    tournament: { select: { teamFormat: true, teamSize: true } },
    phase: { select: { kind: true, cutSize: true, rounds: { select: { number: true } } } },
  },
} as const;

const CALL_SELECT = {
  id: true,
  matchId: true,
  podId: true,
  tableNumber: true,
  calledById: true,
  note: true,
  createdAt: true,
  claimedAt: true,
  claimedById: true,
  claimedByName: true,
  resolvedAt: true,
  resolvedById: true,
  resolvedByName: true,
  followUp: true,
  resolution: true,
  calledBy: { select: { displayName: true } },
  match: {
    select: {
      sideAId: true,
      seat: true,
      sideA: { select: { id: true, displayName: true } },
      sideB: { select: { id: true, displayName: true } },
      round: CALL_ROUND_SELECT,
    },
  },
  pod: {
    select: {
      seats: {
        orderBy: { seat: "asc" },
        select: { registrationId: true, registration: { select: { displayName: true } } },
      },
      round: CALL_ROUND_SELECT,
    },
  },
} as const;

type CallRound = {
  number: number;
  tournamentId: string;
  tournament: { teamFormat: TeamFormat; teamSize: number };
  phase: { kind: string; cutSize: number | null; rounds: { number: number }[] };
};

type CallRow = {
  id: string;
  matchId: string | null;
  podId: string | null;
  tableNumber: number;
  calledById: string;
  note: string;
  createdAt: Date;
  claimedAt: Date | null;
  claimedById: string | null;
  claimedByName: string;
  resolvedAt: Date | null;
  resolvedById: string | null;
  resolvedByName: string;
  followUp: JudgeCallFollowUp | null;
  resolution: string;
  calledBy: { displayName: string };
  match: {
    sideAId: string;
    seat: number;
    sideA: { id: string; displayName: string };
    sideB: { id: string; displayName: string } | null;
    round: CallRound;
  } | null;
  pod: {
    seats: { registrationId: string; registration: { displayName: string } }[];
    round: CallRound;
  } | null;
};

function roundNameOf({ number, phase }: CallRound, pods = false): string {
  if (phase.kind === "SWISS") return render(roundTitle({ number }));
  const playoffIndex = phase.rounds.filter((round) => round.number < number).length;
  return render(
    roundTitle({ number, playoff: { cutSize: phase.cutSize ?? 0, playoffIndex, pods } }),
  );
}

/**
 * The calls as pages show them. In an event of seat matches the seat's members name the caller
 * and opponent, read in one statement for all the calls; other events read nothing more.
 */
async function toViews(
  db: Pick<Transaction, "teamMember">,
  rows: readonly CallRow[],
): Promise<JudgeCallView[]> {
  const seated = rows.find(
    (row) => row.match && matchesPerPairingOf(row.match.round.tournament) > 1,
  );
  const members = seated ? await loadTeamMembers(db, seated.match!.round.tournamentId) : new Map();
  return rows.map((row) => toView(row, members));
}

async function toOneView(
  db: Pick<Transaction, "teamMember">,
  row: CallRow,
): Promise<JudgeCallView> {
  return (await toViews(db, [row]))[0]!;
}

function toView(row: CallRow, members: TeamMembersById): JudgeCallView {
  const common = {
    id: row.id,
    matchId: row.matchId,
    podId: row.podId,
    tableNumber: row.tableNumber,
    note: row.note,
    calledAt: row.createdAt,
    claimedAt: row.claimedAt,
    claimedByStaffId: row.claimedById,
    claimedByName: row.claimedByName,
    resolvedAt: row.resolvedAt,
    resolvedByName: row.resolvedByName,
    followUp: row.followUp,
    resolution: row.resolution,
  };
  if (row.pod) {
    const others = row.pod.seats
      .filter((seat) => seat.registrationId !== row.calledById)
      .map((seat) => seat.registration.displayName);
    return {
      ...common,
      roundNumber: row.pod.round.number,
      roundName: roundNameOf(row.pod.round, true),
      tableLabel: String(row.tableNumber),
      callerName: row.calledBy.displayName,
      opponentName: others.length > 0 ? listOfNames(others) : null,
    };
  }
  const match = row.match!;
  const isCallerA = match.sideAId === row.calledById;
  const seats = match.sideB === null ? 1 : matchesPerPairingOf(match.round.tournament);
  const [named] = nameSeatMatches(
    [{ seat: match.seat, tableNumber: row.tableNumber, sideA: match.sideA, sideB: match.sideB }],
    seats,
    members,
  );
  return {
    ...common,
    roundNumber: match.round.number,
    roundName: roundNameOf(match.round),
    tableLabel: named!.tableLabel,
    callerName: isCallerA
      ? named!.sideA.displayName
      : (named!.sideB?.displayName ?? row.calledBy.displayName),
    opponentName: isCallerA ? (named!.sideB?.displayName ?? null) : named!.sideA.displayName,
  };
}

function stateOf(
  row: Pick<CallRow, "resolvedAt" | "claimedAt" | "claimedById" | "claimedByName">,
): CallState {
  // A claim whose staff row has gone still belongs to someone other than whoever asks now.
  const claimedByStaffId = row.claimedAt === null ? null : (row.claimedById ?? "removed-staff");
  return {
    resolvedAt: row.resolvedAt?.getTime() ?? null,
    claimedByStaffId,
    claimedByName: row.claimedByName,
  };
}

const REFUSAL_CODES: Record<JudgeCallRefusal["code"], ErrorCode> = {
  NOT_CALLABLE: "VALIDATION",
  RATE_LIMITED: "RATE_LIMITED",
  NOT_A_JUDGE: "FORBIDDEN",
  ALREADY_RESOLVED: "CONFLICT",
  CLAIMED_BY_ANOTHER: "CONFLICT",
};

function refused<T>(refusal: JudgeCallRefusal): ActionResult<T> {
  return failure(REFUSAL_CODES[refusal.code], render(refusal.message));
}

export type CalledJudge = { call: JudgeCallView; isNew: boolean };
export type CallingPlayer = { registrationId: string; tournamentId: string };

/** Where a call is to: the caller's match, or their pod in a pod event (CR 100.6a). */
type CallPlace = {
  where: { matchId: string } | { podId: string };
  id: string;
  tableNumber: number;
  isBye: boolean;
  isVoided: boolean;
};

/** The match or pod the input names, if the player plays there; a call names exactly one. */
async function findCallPlace(
  tx: Transaction,
  input: Pick<CallJudgeInput, "matchId" | "podId">,
  player: CallingPlayer,
): Promise<CallPlace | null> {
  if (input.podId !== undefined && input.matchId === undefined) {
    const pod = await tx.pod.findUnique({
      where: { id: input.podId },
      select: {
        id: true,
        tableNumber: true,
        isBye: true,
        round: { select: { tournamentId: true } },
        seats: { where: { registrationId: player.registrationId }, select: { seat: true } },
      },
    });
    if (!pod || pod.seats.length === 0 || pod.round.tournamentId !== player.tournamentId)
      return null;
    const { id, tableNumber, isBye } = pod;
    return { where: { podId: id }, id, tableNumber, isBye, isVoided: false };
  }
  if (input.matchId === undefined || input.podId !== undefined) return null;
  const match = await tx.match.findUnique({
    where: { id: input.matchId },
    select: {
      id: true,
      tableNumber: true,
      sideAId: true,
      sideBId: true,
      voidedAt: true,
      round: { select: { tournamentId: true } },
    },
  });
  const isSeated =
    match && (match.sideAId === player.registrationId || match.sideBId === player.registrationId);
  if (!match || !isSeated || match.round.tournamentId !== player.tournamentId) return null;
  return {
    where: { matchId: match.id },
    id: match.id,
    tableNumber: match.tableNumber,
    isBye: match.sideBId === null,
    isVoided: match.voidedAt !== null,
  };
}

/**
 * A player calls a judge to their match or pod (JC1–JC3). A second tap while a call is open
 * answers with that call; the same tap sent again (its key) answers as it first did.
 */
export async function callJudge(
  input: CallJudgeInput,
  player: CallingPlayer,
  now = new Date(),
): Promise<ActionResult<CalledJudge>> {
  const replay = await findByKey(input, player);
  if (replay) return replay;
  try {
    return await prisma.$transaction(async (tx) => {
      const place = await findCallPlace(tx, input, player);
      if (!place)
        return failure(
          "NOT_FOUND",
          input.podId ? "That pod does not exist." : "That match does not exist.",
        );
      const previous = await tx.judgeCall.findMany({
        where: { ...place.where, calledById: player.registrationId },
        select: { id: true, createdAt: true, resolvedAt: true },
      });
      const decision = decideJudgeCall({
        match: { isBye: place.isBye, isVoided: place.isVoided },
        previous: previous.map((call) => ({
          id: call.id,
          calledAt: call.createdAt.getTime(),
          isOpen: call.resolvedAt === null,
        })),
        now: now.getTime(),
      });
      if (!decision.ok) return refused(decision);
      if (decision.kind === "open") {
        const open = await tx.judgeCall.findUniqueOrThrow({
          where: { id: decision.callId },
          select: CALL_SELECT,
        });
        return success({ call: await toOneView(tx, open), isNew: false });
      }
      const created = await tx.judgeCall.create({
        data: {
          tournamentId: player.tournamentId,
          ...place.where,
          tableNumber: place.tableNumber,
          calledById: player.registrationId,
          note: input.note,
          idempotencyKey: input.idempotencyKey,
          openKey: openCallKey(place.id, player.registrationId),
          createdAt: now,
        },
        select: CALL_SELECT,
      });
      return success({ call: await toOneView(tx, created), isNew: true });
    });
  } catch (error) {
    // Two taps at once: the other one made the call (its key, or the open call of this match or pod).
    if (!isUniqueViolation(error)) throw error;
    const replayed = await findByKey(input, player);
    if (replayed) return replayed;
    const open = await prisma.judgeCall.findUnique({
      where: {
        openKey: openCallKey(input.matchId ?? input.podId ?? "", player.registrationId),
      },
      select: CALL_SELECT,
    });
    if (open) return success({ call: await toOneView(prisma, open), isNew: false });
    throw error;
  }
}

async function findByKey(
  input: CallJudgeInput,
  player: CallingPlayer,
): Promise<ActionResult<CalledJudge> | null> {
  const row = await prisma.judgeCall.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: { ...CALL_SELECT, tournamentId: true },
  });
  if (!row) return null;
  if (
    row.calledById !== player.registrationId ||
    row.matchId !== (input.matchId ?? null) ||
    row.podId !== (input.podId ?? null) ||
    row.tournamentId !== player.tournamentId
  ) {
    return failure(
      "CONFLICT",
      "This page was already used to call a judge. Reload the page and call again.",
    );
  }
  return success({ call: await toOneView(prisma, row), isNew: false });
}

export type ActingJudge = { staffId: string; role: StaffRole; name: string };

async function findCall(input: ClaimJudgeCallInput) {
  const row = await prisma.judgeCall.findUnique({
    where: { id: input.callId },
    select: { ...CALL_SELECT, tournamentId: true },
  });
  // A call of another match, pod or tournament is not found, so nothing about it is revealed.
  return row &&
    row.tournamentId === input.tournamentId &&
    row.matchId === (input.matchId ?? null) &&
    row.podId === (input.podId ?? null)
    ? row
    : null;
}

export type ClaimedCall = { call: JudgeCallView; isDuplicate: boolean };

/**
 * JC4: a judge takes a call. Two judges claiming at once: the conditional update lets exactly one
 * through; the other is told who has it.
 */
export async function claimJudgeCall(
  input: ClaimJudgeCallInput,
  judge: ActingJudge,
  now = new Date(),
): Promise<ActionResult<ClaimedCall>> {
  const row = await findCall(input);
  if (!row) return failure("NOT_FOUND", "That judge call does not exist.");
  const decision = decideClaim(stateOf(row), { staffId: judge.staffId, role: judge.role });
  if (!decision.ok) return refused(decision);
  if (decision.kind === "already-yours")
    return success({ call: await toOneView(prisma, row), isDuplicate: true });
  const claimed = await prisma.judgeCall.updateMany({
    where: { id: row.id, claimedAt: null, resolvedAt: null },
    data: { claimedAt: now, claimedById: judge.staffId, claimedByName: judge.name },
  });
  const after = (await findCall(input))!;
  if (claimed.count === 0) {
    const again = decideClaim(stateOf(after), { staffId: judge.staffId, role: judge.role });
    if (!again.ok) return refused(again);
  }
  return success({ call: await toOneView(prisma, after), isDuplicate: claimed.count === 0 });
}

export type ResolvedCall = { call: JudgeCallView; isDuplicate: boolean };

/**
 * JC5: a judge closes a call, with what happened and what they go on to do. The open key is
 * cleared, so the player may call again (within JC3's limit). Resolving twice (a double tap by
 * the judge who resolved it) answers as the first time.
 */
export async function resolveJudgeCall(
  input: ResolveJudgeCallInput,
  judge: ActingJudge,
  now = new Date(),
): Promise<ActionResult<ResolvedCall>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await findCall(input);
    if (!row) return failure("NOT_FOUND", "That judge call does not exist.");
    if (
      row.resolvedAt !== null &&
      row.resolvedById === judge.staffId &&
      row.followUp === input.followUp
    )
      return success({ call: await toOneView(prisma, row), isDuplicate: true });
    const decision = decideResolve(stateOf(row), { staffId: judge.staffId, role: judge.role });
    if (!decision.ok) return refused(decision);
    const claim = decision.claimsToo
      ? { claimedAt: now, claimedById: judge.staffId, claimedByName: judge.name }
      : {};
    const resolved = await prisma.judgeCall.updateMany({
      // Only the state the decision was made on: a claim or resolve that came first makes this a no-op.
      where: {
        id: row.id,
        resolvedAt: null,
        claimedAt: row.claimedAt,
        claimedById: row.claimedById,
      },
      data: {
        ...claim,
        resolvedAt: now,
        resolvedById: judge.staffId,
        resolvedByName: judge.name,
        followUp: input.followUp,
        resolution: input.resolution,
        openKey: null,
      },
    });
    if (resolved.count === 1)
      return success({
        call: await toOneView(prisma, (await findCall(input))!),
        isDuplicate: false,
      });
  }
  const latest = await findCall(input);
  const decision = latest
    ? decideResolve(stateOf(latest), { staffId: judge.staffId, role: judge.role })
    : null;
  return decision && !decision.ok
    ? refused(decision)
    : failure(
        "CONFLICT",
        "Someone else changed this call at the same moment. Look at the queue again.",
      );
}

export type JudgeCallQueue = {
  open: JudgeCallView[];
  recentlyResolved: JudgeCallView[];
  serverNow: number;
};

/** The judges' queue: open calls oldest first, then the last few resolved. Judges only (null otherwise). */
export async function getJudgeCallQueue(
  access: TournamentAccess,
  now = Date.now(),
): Promise<JudgeCallQueue | null> {
  if (!accessAllows(access, "judging.act")) return null;
  const [open, recentlyResolved] = await Promise.all([
    prisma.judgeCall.findMany({
      where: { tournamentId: access.tournamentId, resolvedAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: CALL_SELECT,
    }),
    prisma.judgeCall.findMany({
      where: { tournamentId: access.tournamentId, resolvedAt: { not: null } },
      orderBy: [{ resolvedAt: "desc" }, { id: "desc" }],
      take: 5,
      select: CALL_SELECT,
    }),
  ]);
  const views = await toViews(prisma, [...open, ...recentlyResolved]);
  return {
    open: views.slice(0, open.length),
    recentlyResolved: views.slice(open.length),
    serverNow: now,
  };
}

/** Every call of one match, oldest first, for its staff page. Staff only (null otherwise). */
export async function getMatchJudgeCalls(
  access: TournamentAccess,
  matchId: string,
): Promise<JudgeCallView[] | null> {
  if (!accessAllows(access, "staff.view")) return null;
  const rows = await prisma.judgeCall.findMany({
    where: { tournamentId: access.tournamentId, matchId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: CALL_SELECT,
  });
  return toViews(prisma, rows);
}

/** The player's latest call for their match or pod (open or resolved), for their phone; null when they never called. */
export async function getPlayerJudgeCall(
  player: CallingPlayer,
  place: { matchId: string } | { podId: string },
): Promise<JudgeCallView | null> {
  const row = await prisma.judgeCall.findFirst({
    where: { tournamentId: player.tournamentId, ...place, calledById: player.registrationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: CALL_SELECT,
  });
  return row ? toOneView(prisma, row) : null;
}

/** How many calls wait for a judge (open: not resolved). Judges only (null otherwise). */
export async function countOpenJudgeCalls(access: TournamentAccess): Promise<number | null> {
  if (!accessAllows(access, "judging.act")) return null;
  return prisma.judgeCall.count({ where: { tournamentId: access.tournamentId, resolvedAt: null } });
}

/** One call as its announcements name it (lib/server/push): its view, who called and their seat's match. */
export async function readJudgeCall(
  tournamentId: string,
  callId: string,
): Promise<{ view: JudgeCallView; calledById: string; matchSeat: number | null } | null> {
  const row = await prisma.judgeCall.findFirst({
    where: { id: callId, tournamentId },
    select: CALL_SELECT,
  });
  if (!row) return null;
  return {
    view: await toOneView(prisma, row),
    calledById: row.calledById,
    matchSeat: row.match?.seat ?? null,
  };
}
