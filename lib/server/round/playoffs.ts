import "server-only";
import { writtenScore } from "@/lib/rules/match";
import { teamFormatRules } from "@/lib/rules/teams";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  bracketState,
  seedBracket,
  type BracketMatch,
  type BracketResult,
  type BracketSize,
} from "@/lib/pairings/bracket";
import { playoffContenders } from "@/lib/rules/standings";
import type { Side } from "@/lib/rules/result";
import { playoffPairingWinner, playoffTeamMatch } from "@/lib/server/registration/team-names";
import { designatedChooser } from "@/lib/rules/play-draw";
import type { StartPlayoffInput } from "@/lib/schemas/playoff";
import { inconsistentResults } from "@/lib/server/registration/player-names";
import { roundNotFinalMessage } from "@/lib/server/match/report-flow";
import { refuseUnlessNextStep } from "@/lib/server/tournament/event-status";
import { startPodCut } from "@/lib/server/pod/pods";
import {
  lastCompleteRound,
  loadSwissFacts,
  MATCH_RESULT_FIELDS,
  standingsOf,
} from "@/lib/server/standings/standings";
import { render } from "@/lib/messages/render";

/**
 * Cuts to a single-elimination playoff from the final Swiss standings: the top `cutSize`
 * players still in the event, seeded 1v8, 4v5, 2v7, 3v6 (and the like for 4 and 16). The higher
 * seed is side A and chooses play/draw for game 1 (MTR 2.2).
 */
export async function startPlayoff(
  input: StartPlayoffInput,
): Promise<ActionResult<{ roundNumber: number }>> {
  const structure = await prisma.tournament.findUnique({
    where: { id: input.tournamentId },
    select: { structure: true },
  });
  if (structure?.structure === "PODS") return startPodCut(input);
  if (input.cutSize === 10)
    return failure(
      "VALIDATION",
      "A top 10 is a pod event's cut: a bracket of two-player matches is a top 4, 8 or 16.",
    );
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const tournament = await tx.tournament.findUnique({
      where: { id: input.tournamentId },
      select: {
        teamFormat: true,
        teamSize: true,
        phases: {
          orderBy: { sequence: "asc" },
          select: { id: true, kind: true, sequence: true, additionalTurns: true },
        },
      },
    });
    if (!tournament) return failure("NOT_FOUND", "That tournament does not exist.");
    const teamRules = teamFormatRules(tournament.teamFormat, tournament.teamSize);
    if (!teamRules.ok)
      throw new Error(`Tournament ${input.tournamentId}: ${render(teamRules.error)}`);
    if (!teamRules.value.hasPlayoff) {
      return failure(
        "PLAYOFF_NOT_READY",
        "A team match of two seat matches can end 1-1, and single elimination needs a winner of every team match (MTR 2.4), which the MTR gives no way to break: finish the event after its Swiss rounds.",
      );
    }
    if (tournament.phases.some((phase) => phase.kind === "SINGLE_ELIMINATION")) {
      return failure("PLAYOFF_NOT_READY", "The playoff has already started.");
    }
    const facts = await loadSwissFacts(tx, input.tournamentId);
    // MTR 2.5: the cut is made only once every match of the last Swiss round is final.
    const lastSwiss = await tx.round.findFirst({
      where: { tournamentId: input.tournamentId, phase: { kind: "SWISS" } },
      orderBy: { number: "desc" },
      select: { number: true },
    });
    const notFinal = lastSwiss
      ? await roundNotFinalMessage(tx, input.tournamentId, lastSwiss.number)
      : null;
    if (notFinal) return failure("ROUND_NOT_COMPLETE", notFinal);
    const pending = facts.matches.filter((match) => match.winsA === null).length;
    if (pending > 0)
      return failure(
        "ROUND_NOT_COMPLETE",
        `The last Swiss round still has ${pending} match${pending === 1 ? "" : "es"} without a result.`,
      );
    if (lastCompleteRound(facts) === 0)
      return failure("PLAYOFF_NOT_READY", "Play at least one Swiss round before the cut.");
    const standings = standingsOf(facts);
    if (!standings.ok)
      return inconsistentResults(
        standings.error,
        new Map(facts.registrations.map((r) => [r.id, r.displayName])),
      );
    const contenders = playoffContenders(standings.value);
    const firstRound = seedBracket(contenders, input.cutSize as BracketSize);
    if (!firstRound.ok) return failure("NOT_ENOUGH_PLAYERS", render(firstRound.error));
    // The playoff starts only after the last planned Swiss round, and not after the event.
    const refused = await refuseUnlessNextStep(tx, input.tournamentId, "playoff");
    if (refused) return refused;

    const lastRound = await tx.round.findFirst({
      where: { tournamentId: input.tournamentId },
      orderBy: { number: "desc" },
      select: { number: true },
    });
    const swiss = tournament.phases[0];
    const phase = await tx.phase.create({
      data: {
        tournamentId: input.tournamentId,
        sequence: (tournament.phases.at(-1)?.sequence ?? 0) + 1,
        kind: "SINGLE_ELIMINATION",
        gamesToWin: input.gamesToWin,
        roundMinutes: null,
        additionalTurns: swiss?.additionalTurns ?? 5,
        cutSize: input.cutSize,
        seeds: {
          create: contenders
            .slice(0, input.cutSize)
            .map((registrationId, index) => ({ seed: index + 1, registrationId })),
        },
      },
      select: { id: true },
    });
    const roundNumber = (lastRound?.number ?? 0) + 1;
    await createPlayoffMatches(
      tx,
      input.tournamentId,
      phase.id,
      roundNumber,
      firstRound.value,
      teamRules.value.matchesPerPairing,
    );
    return success({ roundNumber });
  });
}

/** A bracket match is a match, or in a team event of seat matches a team match with a row per seat at one table (MTR 8.2). */
async function createPlayoffMatches(
  tx: Transaction,
  tournamentId: string,
  phaseId: string,
  roundNumber: number,
  matches: readonly BracketMatch[],
  matchesPerPairing: number,
) {
  const round = await tx.round.upsert({
    where: { tournamentId_number: { tournamentId, number: roundNumber } },
    create: { tournamentId, phaseId, number: roundNumber, pairingSeed: "bracket" },
    update: {},
    select: { id: true },
  });
  for (const match of matches) {
    // MTR 2.2: in playoffs the player ranked higher at the end of Swiss chooses play/draw.
    const chooser = designatedChooser({
      phase: "playoff",
      swissRankA: match.seedA ?? 0,
      swissRankB: match.seedB ?? 0,
    });
    if (!chooser.ok)
      throw new Error(`Bracket match ${match.id} has no higher seed: ${render(chooser.error)}`);
    await tx.match.createMany({
      data: Array.from({ length: matchesPerPairing }, (_, seat) => ({
        roundId: round.id,
        tableNumber: match.position,
        seat,
        bracketSlot: match.position - 1,
        sideAId: match.playerA!,
        sideBId: match.playerB!,
        game1Chooser: chooser.value,
        chooserMethod: "HIGHER_SEED" as const,
      })),
    });
  }
}

/** Loads a playoff phase: its seeds and every match played or ready so far, keyed by bracket id (a team match's seats together). */
async function loadPlayoff(db: Transaction | typeof prisma, tournamentId: string) {
  const phase = await db.phase.findFirst({
    where: { tournamentId, kind: "SINGLE_ELIMINATION" },
    select: {
      id: true,
      cutSize: true,
      gamesToWin: true,
      tournament: { select: { teamFormat: true, teamSize: true } },
      seeds: {
        orderBy: { seed: "asc" },
        select: { registrationId: true, registration: { select: { displayName: true } } },
      },
      rounds: {
        orderBy: { number: "asc" },
        select: {
          number: true,
          id: true,
          matches: {
            // A voided match keeps its history but is no longer part of the bracket.
            where: { voidedAt: null },
            orderBy: { seat: "asc" },
            select: {
              id: true,
              seat: true,
              tableNumber: true,
              bracketSlot: true,
              version: true,
              confirmedAt: true,
              ...MATCH_RESULT_FIELDS,
              _count: { select: { games: { where: { removedAt: null } } } },
            },
          },
        },
      },
    },
  });
  if (!phase?.cutSize) return null;
  const teamRules = teamFormatRules(phase.tournament.teamFormat, phase.tournament.teamSize);
  const matchesPerPairing = teamRules.ok ? teamRules.value.matchesPerPairing : 1;
  const firstRoundNumber = phase.rounds[0]?.number ?? 0;
  type StoredSeat = {
    roundNumber: number;
    roundId: string;
  } & (typeof phase.rounds)[number]["matches"][number];
  const stored = new Map<string, StoredSeat[]>();
  for (const round of phase.rounds) {
    for (const match of round.matches) {
      const bracketId = `R${round.number - firstRoundNumber + 1}M${(match.bracketSlot ?? 0) + 1}`;
      stored.set(bracketId, [
        ...(stored.get(bracketId) ?? []),
        { ...match, roundNumber: round.number, roundId: round.id },
      ]);
    }
  }
  const results: BracketResult[] = [];
  for (const [bracketId, seats] of stored) {
    const first = seats[0]!;
    if (first.sideBId === null) continue;
    const winner = playoffPairingWinner(seats, phase.gamesToWin);
    if (winner)
      results.push({ matchId: bracketId, winner: winner === "A" ? first.sideAId : first.sideBId });
  }
  return {
    phase,
    firstRoundNumber,
    stored,
    results,
    matchesPerPairing,
    seeds: phase.seeds.map((seed) => seed.registrationId),
  };
}

/**
 * Brings the stored bracket in line with its results after a playoff result was recorded or
 * corrected: creates every match that became ready, and follows a corrected winner into the
 * next match while that match has no result. A correction that would change a match already
 * played is refused, so the whole write rolls back. A match whose players change is voided, not
 * deleted or rewritten: its reports and history (it may have been reported, then cleared) stay
 * with the players they were about, and a new match takes its place in the bracket.
 */
export async function advancePlayoff(
  tx: Transaction,
  tournamentId: string,
): Promise<ActionResult<{ championId: string | null }>> {
  const playoff = await loadPlayoff(tx, tournamentId);
  if (!playoff) return success({ championId: null });
  const state = bracketState(playoff.phase.cutSize as BracketSize, playoff.seeds, playoff.results);
  // The only way results can contradict the bracket is a change upstream of a played match.
  if (!state.ok) return laterMatchPlayed();
  const wanted = new Map(state.value.rounds.flat().map((match) => [match.id, match]));
  const live = new Set(playoff.stored.keys());
  for (const [bracketId, seats] of playoff.stored) {
    const match = wanted.get(bracketId);
    const first = seats[0]!;
    const isSame = match && match.playerA === first.sideAId && match.playerB === first.sideBId;
    if (isSame) continue;
    // Played: a seat has a result, or games recorded towards one (they would be lost with it).
    if (seats.some((seat) => seat.winsA !== null || seat._count.games > 0))
      return laterMatchPlayed();
    for (const seat of seats) {
      await voidPlayoffMatch(
        tx,
        seat,
        match?.playerA && match.playerB
          ? "An earlier playoff match's result was corrected: other players meet in this bracket slot now."
          : "An earlier playoff match's result was cleared: the players of this match are no longer known.",
      );
    }
    live.delete(bracketId);
  }
  for (const round of state.value.rounds) {
    const toCreate = round.filter((match) => match.playerA && match.playerB && !live.has(match.id));
    if (toCreate.length > 0)
      await createPlayoffMatches(
        tx,
        tournamentId,
        playoff.phase.id,
        playoff.firstRoundNumber + toCreate[0]!.round - 1,
        toCreate,
        playoff.matchesPerPairing,
      );
  }
  await tx.tournament.update({
    where: { id: tournamentId },
    data: { status: state.value.champion ? "COMPLETE" : "RUNNING" },
  });
  return success({ championId: state.value.champion });
}

/**
 * Takes an unplayed match out of the bracket while keeping it and its history: it gets a void
 * number of its own (so a new match can take its table) and a VOIDED entry saying why.
 */
async function voidPlayoffMatch(
  tx: Transaction,
  match: { id: string; roundId: string; version: number },
  reason: string,
): Promise<void> {
  const last = await tx.match.aggregate({
    where: { roundId: match.roundId },
    _max: { voidSequence: true },
  });
  const nextVersion = match.version + 1;
  await tx.match.update({
    where: { id: match.id },
    data: {
      voidedAt: new Date(),
      voidSequence: (last._max.voidSequence ?? 0) + 1,
      version: nextVersion,
    },
  });
  await tx.resultChange.create({
    data: {
      matchId: match.id,
      version: nextVersion,
      kind: "VOIDED",
      source: "SYSTEM",
      actorName: "Playoff bracket",
      note: reason,
    },
  });
}

function laterMatchPlayed(): ActionResult<never> {
  return failure(
    "CONFLICT",
    "A later playoff match was already played (or begun) by the previous winner. Clear that match's result (or take back its games) first, then correct this one.",
  );
}

export type PlayoffView = {
  cutSize: number;
  champion: string | null;
  rounds: {
    name: string;
    roundNumber: number;
    /** matchId: the match to open, null for a team match (its seats are on the round page at tableNumber) or a match not made yet. */
    matches: (Omit<BracketMatch, "roundName"> & {
      roundName: string;
      isMade: boolean;
      matchId: string | null;
      tableNumber: number | null;
      nameA: string | null;
      nameB: string | null;
      score: string | null;
    })[];
  }[];
};

export async function getPlayoff(access: TournamentAccess): Promise<PlayoffView | null> {
  const playoff = await loadPlayoff(prisma, access.tournamentId);
  if (!playoff) return null;
  const state = bracketState(playoff.phase.cutSize as BracketSize, playoff.seeds, playoff.results);
  if (!state.ok) throw new Error(render(state.error));
  const names = new Map(
    playoff.phase.seeds.map((seed) => [seed.registrationId, seed.registration.displayName]),
  );
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? "?") : null);
  return {
    cutSize: playoff.phase.cutSize!,
    champion: nameOf(state.value.champion),
    rounds: state.value.rounds.map((round, index) => ({
      name: round[0] ? render(round[0].roundName) : `Round ${index + 1}`,
      roundNumber: playoff.firstRoundNumber + index,
      matches: round.map((match) => {
        const seats = playoff.stored.get(match.id) ?? [];
        return {
          ...match,
          roundName: render(match.roundName),
          isMade: seats.length > 0,
          matchId: seats.length === 1 ? seats[0]!.id : null,
          tableNumber: seats[0]?.tableNumber ?? null,
          nameA: nameOf(match.playerA),
          nameB: nameOf(match.playerB),
          score: pairingScore(seats, playoff.phase.gamesToWin),
        };
      }),
    })),
  };
}

/** A bracket card's score: the match's games, or for a team match the seat matches each team has won so far. */
function pairingScore(
  seats: readonly {
    seat: number;
    winsA: number | null;
    winsB: number | null;
    draws: number | null;
    concededBy: Side | null;
    intentionalDraw: boolean;
    confirmedAt: Date | null;
  }[],
  gamesToWin: number,
): string | null {
  if (seats.length === 1) {
    const only = seats[0]!;
    return writtenScore(only.winsA, only.winsB, only.draws);
  }
  const team = playoffTeamMatch(seats, gamesToWin);
  return team && team.seatsFinished > 0 ? `${team.seatWins.A}-${team.seatWins.B}` : null;
}
