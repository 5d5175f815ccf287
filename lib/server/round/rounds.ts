import "server-only";
import { pairNextPodRound } from "@/lib/server/pod/pods";
import { randomBytes } from "node:crypto";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { awardedByesFor } from "./awarded-byes";
import { splitAwardedByes } from "@/lib/rules/awarded-byes";
import { readPastedPairings } from "@/lib/rules/pasted-pairings";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { playsInRound } from "@/lib/rules/standings";
import { BYE_SLIP } from "@/lib/rules/match";
import { teamFormatRules } from "@/lib/rules/teams";
import { PAIRING_ALGORITHM_VERSION, pairSwissRound } from "@/lib/pairings/swiss";
import { checkManualPairings, type ManualPairing } from "@/lib/pairings/check-manual-pairings";
import type { PairingWarning, SwissPairing, SwissPlayer } from "@/lib/pairings/swiss-types";
import type { SwapPlayersInput } from "@/lib/schemas/round";
import type { Transaction } from "@/lib/server/infra/db";
import { loadSwissFacts, standingsOf } from "@/lib/server/standings/standings";
import { loadTeamMembers, nameSeatMatches, teamTables } from "@/lib/server/registration/team-names";
import { inconsistentResults } from "@/lib/server/registration/player-names";
import { FLOW_SELECT, matchFlow, roundNotFinalMessage } from "@/lib/server/match/report-flow";
import { refuseUnlessNextStep } from "@/lib/server/tournament/event-status";
import { render } from "@/lib/messages/render";

/**
 * Pairs the next Swiss round from the current standings. Every random choice comes from a
 * seed stored with the round, so the pairing can be reproduced and audited.
 */
export async function pairNextSwissRound(
  tournamentId: string,
  seed = randomBytes(16).toString("hex"),
): Promise<ActionResult<{ roundNumber: number }>> {
  // CR 100.6a: a pod event seats its players in pods, by the pod pairer.
  const tournament = await prisma.tournament.findUnique({
    where: { id: tournamentId },
    select: { structure: true },
  });
  if (tournament?.structure === "PODS") return pairNextPodRound(tournamentId, seed);
  return prisma.$transaction(async (tx) => {
    const next = await prepareNextSwissRound(tx, tournamentId);
    if (!next.ok) return next;
    const { phaseId, roundNumber, field } = next.value;
    // Players with a bye awarded in advance for this round are not paired; each gets that bye.
    const { toPair, byes } = splitAwardedByes(
      field.players,
      await awardedByesFor(tx, tournamentId, roundNumber),
    );
    const paired =
      toPair.length === 0
        ? ({ ok: true, value: { pairings: [], warnings: [] } } as const)
        : pairSwissRound({ round: roundNumber, seed, players: toPair });
    if (!paired.ok) return inconsistentResults(paired.error, field.names);
    const pairings = [
      ...paired.value.pairings,
      ...byes.map((player, index) => ({
        table: paired.value.pairings.length + index + 1,
        playerA: player.id,
        playerB: null,
      })),
    ];
    await writeRound(tx, {
      tournamentId,
      phaseId,
      roundNumber,
      seed,
      pairings,
      matchesPerPairing: field.matchesPerPairing,
      change: {
        kind: "GENERATED",
        actorName: "Swiss pairer",
        warnings: nameWarnings(paired.value.warnings, field.names),
      },
    });
    return success({ roundNumber });
  });
}

/**
 * Enters the next Swiss round's exact pairings, typed or pasted from another tool
 * (lib/rules/pasted-pairings.ts): refused if a line cannot be a round; otherwise written with
 * the same warnings a swap raises (rematch, a bye not to the lowest player), in one history entry.
 */
export async function enterRoundPairings(
  input: { tournamentId: string; pairings: string },
  actor: { name: string; userId?: string | null },
): Promise<ActionResult<{ roundNumber: number; tables: number; warnings: NamedWarning[] }>> {
  const tournament = await prisma.tournament.findUnique({
    where: { id: input.tournamentId },
    select: { structure: true },
  });
  if (tournament?.structure === "PODS")
    return failure(
      "VALIDATION",
      "A pod event's rounds are seated by the pod pairer; pasted pairings are for two-player events.",
    );
  return prisma.$transaction(async (tx) => {
    const next = await prepareNextSwissRound(tx, input.tournamentId);
    if (!next.ok) return next;
    const { phaseId, roundNumber, field } = next.value;
    const registrations = await tx.registration.findMany({
      where: { tournamentId: input.tournamentId },
      select: { id: true, displayName: true },
    });
    const read = readPastedPairings(
      input.pairings,
      registrations.map((registration) => ({
        id: registration.id,
        name: registration.displayName,
      })),
    );
    if (!read.ok)
      return failure("VALIDATION", render(read.error), { pairings: [render(read.error)] });
    // A bye awarded in advance for this round stands: its player is not paired in it.
    const awarded = await awardedByesFor(tx, input.tournamentId, roundNumber);
    const pairedDespiteBye = read.value
      .filter((pairing) => pairing.playerB !== null)
      .flatMap((pairing) => [pairing.playerA, pairing.playerB!])
      .filter((id) => awarded.has(id));
    if (pairedDespiteBye.length > 0) {
      const names = pairedDespiteBye.map((id) => field.names.get(id) ?? id).join(", ");
      const message = `${names} ${pairedDespiteBye.length === 1 ? "has a bye" : "have byes"} awarded in advance for round ${roundNumber}: give ${pairedDespiteBye.length === 1 ? "it" : "them"} as a bye ("${field.names.get(pairedDespiteBye[0]!) ?? ""}, bye"), or withdraw the award on the overview first.`;
      return failure("VALIDATION", message, { pairings: [message] });
    }
    const warnings = nameWarnings(
      checkManualPairings(field.players, read.value).warnings,
      field.names,
    );
    const pairings = [...read.value].sort(
      (a, b) => (a.playerB === null ? 1 : 0) - (b.playerB === null ? 1 : 0) || a.table - b.table,
    );
    await writeRound(tx, {
      tournamentId: input.tournamentId,
      phaseId,
      roundNumber,
      seed: "entered",
      pairings,
      matchesPerPairing: field.matchesPerPairing,
      change: { kind: "ENTERED", actorName: actor.name, actorId: actor.userId ?? null, warnings },
    });
    return success({ roundNumber, tables: pairings.length, warnings });
  });
}

/** Under the tournament's lock: the Swiss phase, the next round's number and its field, once the last round is final and the overview offers pairing. */
async function prepareNextSwissRound(
  tx: Transaction,
  tournamentId: string,
): Promise<ActionResult<{ phaseId: string; roundNumber: number; field: PairingField }>> {
  // Serialize pairing per tournament: two clicks must not create two rounds.
  await lockTournament(tx, tournamentId);
  const phases = await tx.phase.findMany({
    where: { tournamentId },
    orderBy: { sequence: "asc" },
    select: { id: true, kind: true },
  });
  const phase = phases.find((candidate) => candidate.kind === "SWISS");
  if (!phase) return failure("NOT_FOUND", "That tournament does not exist.");
  if (phases.some((candidate) => candidate.kind === "SINGLE_ELIMINATION")) {
    return failure(
      "PLAYOFF_NOT_READY",
      "The playoff has started: no more Swiss rounds can be paired.",
    );
  }
  const lastRound = await tx.round.findFirst({
    where: { tournamentId },
    orderBy: { number: "desc" },
    select: { number: true },
  });
  // MTR 2.5: every match of the last round must be final (confirmed or entered by staff).
  const notFinal = lastRound
    ? await roundNotFinalMessage(tx, tournamentId, lastRound.number)
    : null;
  if (notFinal) return failure("ROUND_NOT_COMPLETE", notFinal);
  // No Swiss round past the planned number, nor once the event is complete.
  if (lastRound) {
    const refused = await refuseUnlessNextStep(tx, tournamentId, "pair");
    if (refused) return refused;
  }
  const roundNumber = (lastRound?.number ?? 0) + 1;
  const field = await loadPairingField(tx, tournamentId, roundNumber);
  if (!field.ok) return field;
  if (field.value.players.length < 2)
    return failure("NOT_ENOUGH_PLAYERS", "Register at least two players before pairing a round.");
  return success({ phaseId: phase.id, roundNumber, field: field.value });
}

/** Creates the round, its matches and its one history entry; round 1 starts the event. */
async function writeRound(
  tx: Transaction,
  round: {
    tournamentId: string;
    phaseId: string;
    roundNumber: number;
    seed: string;
    pairings: readonly SwissPairing[];
    matchesPerPairing: number;
    change: {
      kind: "GENERATED" | "ENTERED";
      actorName: string;
      actorId?: string | null;
      warnings: NamedWarning[];
    };
  },
): Promise<void> {
  const created = await tx.round.create({
    data: {
      tournamentId: round.tournamentId,
      phaseId: round.phaseId,
      number: round.roundNumber,
      pairingSeed: round.seed,
      pairingAlgorithmVersion: PAIRING_ALGORITHM_VERSION,
    },
    select: { id: true },
  });
  await insertPairedMatches(tx, created.id, round.pairings, round.matchesPerPairing, new Date());
  await tx.pairingChange.create({
    data: {
      roundId: created.id,
      kind: round.change.kind,
      actorName: round.change.actorName,
      actorId: round.change.actorId ?? null,
      after: round.pairings,
      warnings: round.change.warnings,
    },
  });
  if (round.roundNumber === 1)
    await tx.tournament.update({ where: { id: round.tournamentId }, data: { status: "RUNNING" } });
}

/**
 * Writes a round's matches in one statement: at 4,096 players a nested Prisma create spends most
 * of a second building and binding ~20,000 parameters. The bye is stored with its fixed result,
 * confirmed at once.
 */
async function insertPairedMatches(
  tx: Transaction,
  roundId: string,
  pairings: readonly SwissPairing[],
  matchesPerPairing: number,
  now: Date,
): Promise<void> {
  // MTR 8.2: in a team event of individual matches, seat A plays seat A and so on at the team's table; a bye is one row.
  const rows = pairings.flatMap((pair) =>
    pair.playerB === null
      ? [{ ...pair, seat: 0 }]
      : Array.from({ length: matchesPerPairing }, (_, seat) => ({ ...pair, seat })),
  );
  await tx.$executeRaw`
    INSERT INTO "Match" (id, "roundId", "tableNumber", seat, "sideAId", "sideBId", "chooserMethod", "winsA", "winsB", draws, "confirmedAt", "createdAt", "updatedAt")
    SELECT gen_random_uuid()::text, ${roundId}, seat."table", seat.seat, seat."sideA", seat."sideB", 'RANDOM'::"ChooserMethod",
           CASE WHEN seat."sideB" IS NULL THEN ${BYE_SLIP.winsA}::int END,
           CASE WHEN seat."sideB" IS NULL THEN ${BYE_SLIP.winsB}::int END,
           CASE WHEN seat."sideB" IS NULL THEN ${BYE_SLIP.draws}::int END,
           CASE WHEN seat."sideB" IS NULL THEN ${now}::timestamp(3) END,
           ${now}::timestamp(3), ${now}::timestamp(3)
    FROM unnest(
      ${rows.map((row) => row.table)}::int[],
      ${rows.map((row) => row.seat)}::int[],
      ${rows.map((row) => row.playerA)}::text[],
      ${rows.map((row) => row.playerB)}::text[]
    ) AS seat("table", seat, "sideA", "sideB")`;
}

/** A round's pairings as staff enter results on them, each match with where it stands in the report flow (MTR 2.5). */
export async function getRound(tournamentId: string, roundNumber: number) {
  const round = await prisma.round.findUnique({
    where: { tournamentId_number: { tournamentId, number: roundNumber } },
    select: {
      id: true,
      number: true,
      status: true,
      pairingSeed: true,
      startedAt: true,
      tournament: { select: { id: true, name: true, teamFormat: true, teamSize: true } },
      pairingChanges: {
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          kind: true,
          actorName: true,
          actor: { select: { email: true } },
          warnings: true,
          createdAt: true,
        },
      },
      phase: { select: { kind: true, gamesToWin: true, roundMinutes: true } },
      matches: {
        // Voided playoff matches keep their history but are no longer pairings.
        where: { voidedAt: null },
        orderBy: [{ tableNumber: "asc" }, { seat: "asc" }],
        select: {
          ...FLOW_SELECT,
          seat: true,
          concededBy: true,
          intentionalDraw: true,
          sideA: { select: { id: true, displayName: true } },
          sideB: { select: { id: true, displayName: true } },
        },
      },
    },
  });
  if (!round) return null;
  const { teamFormat, teamSize } = round.tournament;
  const rules = teamFormatRules(teamFormat, teamSize);
  if (!rules.ok) throw new Error(`Tournament ${tournamentId}: ${render(rules.error)}`);
  const { matchesPerPairing, entrant } = rules.value;
  const named = nameSeatMatches(
    round.matches,
    matchesPerPairing,
    matchesPerPairing > 1 ? await loadTeamMembers(prisma, tournamentId) : undefined,
  );
  return {
    ...round,
    /** Who a swap moves and a pairing names: a player, or a team (MTR 8.2). */
    entrant,
    /** Matches at one table: one per seat in a team event of seat matches (MTR 8.2), otherwise 1. */
    matchesPerPairing,
    matches: named.map((match) => ({ ...match, flow: matchFlow(match, round.startedAt) })),
    // MTR 8.2: each team table's result as its seat matches finish; none outside team matches.
    teamTables:
      matchesPerPairing > 1 ? teamTables(round.matches, teamSize, round.phase.gamesToWin) : [],
  };
}
export type RoundDetail = NonNullable<Awaited<ReturnType<typeof getRound>>>;

/**
 * The players the next Swiss round pairs: everyone not dropped, with match points and rank from
 * the standings after the last complete round, their past opponents and whether they had a bye.
 * Late entries are included; their missed rounds count as losses in the standings.
 */
type PairingField = {
  players: SwissPlayer[];
  names: Map<string, string>;
  matchesPerPairing: number;
};

/** The field as it stood when round `roundNumber` was paired: points, earlier opponents, byes, ranks. */
export async function loadPairingField(
  tx: Transaction | typeof prisma,
  tournamentId: string,
  roundNumber: number,
): Promise<ActionResult<PairingField>> {
  const facts = await loadSwissFacts(tx, tournamentId);
  const teamRules = teamFormatRules(
    facts.tournament?.teamFormat ?? "INDIVIDUAL",
    facts.tournament?.teamSize ?? 1,
  );
  if (!teamRules.ok) return failure("VALIDATION", render(teamRules.error));
  const names = new Map(
    facts.registrations.map((registration) => [registration.id, registration.displayName]),
  );
  // Everything is seen as it stood before this round: its own matches are not history yet.
  const standings = standingsOf(facts, roundNumber - 1);
  if (!standings.ok) return inconsistentResults(standings.error, names);
  const active = new Set(
    facts.registrations.filter((r) => playsInRound(r, roundNumber)).map((r) => r.id),
  );
  const opponents = new Map<string, string[]>(
    facts.registrations.map((registration) => [registration.id, []]),
  );
  const hadBye = new Set<string>();
  for (const match of facts.matches) {
    if (match.roundNumber >= roundNumber) continue;
    if (match.sideBId === null) {
      hadBye.add(match.sideAId);
      continue;
    }
    opponents.get(match.sideAId)?.push(match.sideBId);
    opponents.get(match.sideBId)?.push(match.sideAId);
  }
  const players = standings.value
    .filter((standing) => active.has(standing.playerId))
    .map((standing) => ({
      id: standing.playerId,
      matchPoints: standing.matchPoints,
      opponents: opponents.get(standing.playerId) ?? [],
      hadBye: hadBye.has(standing.playerId),
      rank: standing.rank,
    }));
  return success({ players, names, matchesPerPairing: teamRules.value.matchesPerPairing });
}

/** A pairing warning as it is stored and shown: its message in words, players by name. */
export type NamedWarning = Omit<PairingWarning, "message"> & { message: string };

function nameWarnings(
  warnings: readonly PairingWarning[],
  names: ReadonlyMap<string, string>,
): NamedWarning[] {
  return warnings.map((warning) => ({
    ...warning,
    message: render(warning.message, { players: names }),
  }));
}

/**
 * Swaps two players' seats in a round that has not started (no results yet): across two
 * matches, or a player with the bye. The change is kept in the round's pairing history with the
 * warnings it raised (rematch, repeated bye...), which the organizer sees but may accept.
 */
export async function swapPlayers(
  input: SwapPlayersInput,
  actor: { userId?: string; name: string },
): Promise<ActionResult<{ warnings: NamedWarning[] }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const round = await tx.round.findUnique({
      where: {
        tournamentId_number: { tournamentId: input.tournamentId, number: input.roundNumber },
      },
      select: {
        id: true,
        status: true,
        phase: { select: { kind: true } },
        matches: {
          where: { voidedAt: null },
          orderBy: [{ tableNumber: "asc" }, { seat: "asc" }],
          select: {
            id: true,
            tableNumber: true,
            seat: true,
            sideAId: true,
            sideBId: true,
            winsA: true,
          },
        },
      },
    });
    if (!round) return failure("NOT_FOUND", `Round ${input.roundNumber} does not exist.`);
    if (round.phase.kind !== "SWISS")
      return failure("ROUND_STARTED", "Playoff pairings follow the seeding and cannot be swapped.");
    if (
      round.status !== "PAIRED" ||
      round.matches.some((match) => match.sideBId !== null && match.winsA !== null)
    ) {
      return failure(
        "ROUND_STARTED",
        "This round has started: pairings can only be changed before any result is in.",
      );
    }
    const later = await tx.round.count({
      where: { tournamentId: input.tournamentId, number: { gt: input.roundNumber } },
    });
    if (later > 0)
      return failure(
        "ROUND_STARTED",
        "A later round is already paired: this round's pairings can no longer change.",
      );

    // A table's pairing is its first seat's match: the other seats of a team match follow it.
    const tables = round.matches.filter((match) => match.seat === 0);
    const before: ManualPairing[] = tables.map((match) => ({
      table: match.tableNumber,
      playerA: match.sideAId,
      playerB: match.sideBId,
    }));
    const after = swapSeats(before, input.playerId, input.otherPlayerId);
    if (!after.ok) return after;

    const field = await loadPairingField(tx, input.tournamentId, input.roundNumber);
    if (!field.ok) return field;
    // Checked against the field as it stood when this round was paired.
    const warnings = nameWarnings(
      checkManualPairings(field.value.players, after.value).warnings,
      field.value.names,
    );

    const now = new Date();
    for (const [index, pairing] of after.value.entries()) {
      const match = tables[index]!;
      if (match.sideAId === pairing.playerA && match.sideBId === pairing.playerB) continue;
      const isBye = pairing.playerB === null;
      await tx.match.updateMany({
        where: { roundId: round.id, tableNumber: match.tableNumber, voidedAt: null },
        data: {
          sideAId: pairing.playerA,
          sideBId: pairing.playerB,
          winsA: isBye ? BYE_SLIP.winsA : null,
          winsB: isBye ? BYE_SLIP.winsB : null,
          draws: isBye ? BYE_SLIP.draws : null,
          confirmedAt: isBye ? now : null,
          version: { increment: 1 },
        },
      });
    }
    await tx.pairingChange.create({
      data: {
        roundId: round.id,
        kind: "SWAPPED",
        actorName: actor.name,
        actorId: actor.userId ?? null,
        before,
        after: after.value,
        warnings,
      },
    });
    return success({ warnings });
  });
}

function swapSeats(
  pairings: readonly ManualPairing[],
  playerId: string,
  otherPlayerId: string,
): ActionResult<ManualPairing[]> {
  if (playerId === otherPlayerId)
    return failure("VALIDATION", "Choose two different players (or teams) to swap.");
  const seatOf = (id: string) =>
    pairings.findIndex((pairing) => pairing.playerA === id || pairing.playerB === id);
  const first = seatOf(playerId);
  const second = seatOf(otherPlayerId);
  if (first < 0 || second < 0)
    return failure("NOT_FOUND", "Both players must be paired in this round.");
  if (first === second)
    return failure("VALIDATION", "Those two players are already playing each other.");
  const replace = (pairing: ManualPairing, from: string, to: string): ManualPairing => ({
    ...pairing,
    playerA: pairing.playerA === from ? to : pairing.playerA,
    playerB: pairing.playerB === from ? to : pairing.playerB,
  });
  return success(
    pairings.map((pairing, index) =>
      index === first
        ? replace(pairing, playerId, otherPlayerId)
        : index === second
          ? replace(pairing, otherPlayerId, playerId)
          : pairing,
    ),
  );
}

/**
 * Starts the round's clock; from then on pairings are fixed. Under the tournament lock, like
 * seat swaps: a swap and a start sent together happen in one order (the swap first, or the
 * swap refused), never a swap recorded after the start.
 */
export async function startRound(
  tournamentId: string,
  roundNumber: number,
): Promise<ActionResult<{ startedAt: Date }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    // Read only now: whatever was committed before the lock (a swap, another start) is seen.
    const round = await tx.round.findUnique({
      where: { tournamentId_number: { tournamentId, number: roundNumber } },
      select: { id: true, startedAt: true },
    });
    if (!round) return failure("NOT_FOUND", `Round ${roundNumber} does not exist.`);
    if (round.startedAt) return success({ startedAt: round.startedAt });
    const updated = await tx.round.update({
      where: { id: round.id },
      data: { status: "IN_PROGRESS", startedAt: new Date() },
      select: { startedAt: true },
    });
    return success({ startedAt: updated.startedAt! });
  });
}

export async function getPairingHistory(tournamentId: string, roundNumber: number) {
  return prisma.pairingChange.findMany({
    where: { round: { tournamentId, number: roundNumber } },
    orderBy: { createdAt: "asc" },
  });
}
