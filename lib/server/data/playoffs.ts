import "server-only";
import { teamFormatRules } from "@/lib/rules/teams";
import type { TournamentAccess } from "./tournament-access";
import { lockTournament } from "./tournament-lock";
import { prisma, type Transaction } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { bracketState, seedBracket, type BracketMatch, type BracketResult, type BracketSize } from "@/lib/pairings/bracket";
import { computeStandings, playoffContenders } from "@/lib/rules/standings";
import { evaluateResultSlip } from "@/lib/rules/match";
import { designatedChooser } from "@/lib/rules/play-draw";
import type { StartPlayoffInput } from "@/lib/schemas/playoff";
import { inconsistentResults } from "./player-names";
import { roundNotFinalMessage } from "./report-flow";
import { refuseUnlessNextStep } from "./event-status";
import { lastCompleteRound, loadSwissFacts, MATCH_RESULT_FIELDS, toStandingsInput } from "./standings";

/**
 * Cuts to a single-elimination playoff from the final Swiss standings: the top `cutSize`
 * players still in the event, seeded 1v8, 4v5, 2v7, 3v6 (and the like for 4 and 16). The higher
 * seed is side A and chooses play/draw for game 1 (MTR 2.2).
 */
export async function startPlayoff(input: StartPlayoffInput): Promise<ActionResult<{ roundNumber: number }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const tournament = await tx.tournament.findUnique({
      where: { id: input.tournamentId },
      select: { teamFormat: true, teamSize: true, phases: { orderBy: { sequence: "asc" }, select: { id: true, kind: true, sequence: true, additionalTurns: true } } },
    });
    if (!tournament) return failure("NOT_FOUND", "That tournament does not exist.");
    // A bracket advances one match per pairing; a team match of seat matches would need the team's result to advance.
    const teamRules = teamFormatRules(tournament.teamFormat, tournament.teamSize);
    if (teamRules.ok && !teamRules.value.hasPlayoff) {
      return failure("PLAYOFF_NOT_READY", "A playoff of team matches (a match per seat) is not available yet: finish the event after its Swiss rounds, or run the top cut as a Swiss round.");
    }
    if (tournament.phases.some((phase) => phase.kind === "SINGLE_ELIMINATION")) {
      return failure("PLAYOFF_NOT_READY", "The playoff has already started.");
    }
    const facts = await loadSwissFacts(tx, input.tournamentId);
    // MTR 2.5 (issue 10): the cut is made only once every match of the last Swiss round is final.
    const lastSwiss = await tx.round.findFirst({ where: { tournamentId: input.tournamentId, phase: { kind: "SWISS" } }, orderBy: { number: "desc" }, select: { number: true } });
    const notFinal = lastSwiss ? await roundNotFinalMessage(tx, input.tournamentId, lastSwiss.number) : null;
    if (notFinal) return failure("ROUND_NOT_COMPLETE", notFinal);
    const pending = facts.matches.filter((match) => match.winsA === null).length;
    if (pending > 0) return failure("ROUND_NOT_COMPLETE", `The last Swiss round still has ${pending} match${pending === 1 ? "" : "es"} without a result.`);
    if (lastCompleteRound(facts) === 0) return failure("PLAYOFF_NOT_READY", "Play at least one Swiss round before the cut.");
    const standings = computeStandings(toStandingsInput(facts), {
      percentageFloor: facts.tournament?.percentageFloor,
      countByeInOwnPercentages: facts.tournament?.byeCountsInOwnPercentages,
    });
    if (!standings.ok) return inconsistentResults(standings.error.message, new Map(facts.registrations.map((r) => [r.id, r.displayName])));
    const contenders = playoffContenders(standings.value);
    const firstRound = seedBracket(contenders, input.cutSize as BracketSize);
    if (!firstRound.ok) return failure("NOT_ENOUGH_PLAYERS", firstRound.error.message);
    // Issue 11: the playoff starts only after the last planned Swiss round, and not after the event.
    const refused = await refuseUnlessNextStep(tx, input.tournamentId, "playoff");
    if (refused) return refused;

    const lastRound = await tx.round.findFirst({ where: { tournamentId: input.tournamentId }, orderBy: { number: "desc" }, select: { number: true } });
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
        seeds: { create: contenders.slice(0, input.cutSize).map((registrationId, index) => ({ seed: index + 1, registrationId })) },
      },
      select: { id: true },
    });
    const roundNumber = (lastRound?.number ?? 0) + 1;
    await createPlayoffMatches(tx, input.tournamentId, phase.id, roundNumber, firstRound.value);
    return success({ roundNumber });
  });
}

async function createPlayoffMatches(tx: Transaction, tournamentId: string, phaseId: string, roundNumber: number, matches: readonly BracketMatch[]) {
  const round = await tx.round.upsert({
    where: { tournamentId_number: { tournamentId, number: roundNumber } },
    create: { tournamentId, phaseId, number: roundNumber, pairingSeed: "bracket" },
    update: {},
    select: { id: true },
  });
  for (const match of matches) {
    // MTR 2.2: in playoffs the player ranked higher at the end of Swiss chooses play/draw.
    const chooser = designatedChooser({ phase: "playoff", swissRankA: match.seedA ?? 0, swissRankB: match.seedB ?? 0 });
    if (!chooser.ok) throw new Error(`Bracket match ${match.id} has no higher seed: ${chooser.error.message}`);
    await tx.match.create({
      data: {
        roundId: round.id,
        tableNumber: match.position,
        bracketSlot: match.position - 1,
        sideAId: match.playerA!,
        sideBId: match.playerB!,
        game1Chooser: chooser.value,
        chooserMethod: "HIGHER_SEED",
      },
    });
  }
}

/** Loads a playoff phase: its seeds and every match played or ready so far, keyed by bracket id. */
async function loadPlayoff(db: Transaction | typeof prisma, tournamentId: string) {
  const phase = await db.phase.findFirst({
    where: { tournamentId, kind: "SINGLE_ELIMINATION" },
    select: {
      id: true,
      cutSize: true,
      gamesToWin: true,
      seeds: { orderBy: { seed: "asc" }, select: { registrationId: true, registration: { select: { displayName: true } } } },
      rounds: {
        orderBy: { number: "asc" },
        select: {
          number: true,
          id: true,
          matches: {
            // A voided match keeps its history but is no longer part of the bracket.
            where: { voidedAt: null },
            select: { id: true, bracketSlot: true, version: true, ...MATCH_RESULT_FIELDS, _count: { select: { games: { where: { removedAt: null } } } } },
          },
        },
      },
    },
  });
  if (!phase || !phase.cutSize) return null;
  const firstRoundNumber = phase.rounds[0]?.number ?? 0;
  const stored = new Map<string, { roundNumber: number; roundId: string } & (typeof phase.rounds)[number]["matches"][number]>();
  for (const round of phase.rounds) {
    for (const match of round.matches) {
      stored.set(`R${round.number - firstRoundNumber + 1}M${(match.bracketSlot ?? 0) + 1}`, { ...match, roundNumber: round.number, roundId: round.id });
    }
  }
  const results: BracketResult[] = [];
  for (const [bracketId, match] of stored) {
    if (match.winsA === null || match.winsB === null || match.sideBId === null) continue;
    const outcome = evaluateResultSlip(
      { gamesToWin: phase.gamesToWin, elimination: true },
      { winsA: match.winsA, winsB: match.winsB, draws: match.draws ?? 0 },
      { concededBy: match.concededBy ?? undefined, intentionalDraw: match.intentionalDraw },
    );
    if (outcome.ok && outcome.value.winner) results.push({ matchId: bracketId, winner: outcome.value.winner === "A" ? match.sideAId : match.sideBId });
  }
  return { phase, firstRoundNumber, stored, results, seeds: phase.seeds.map((seed) => seed.registrationId) };
}

/**
 * Brings the stored bracket in line with its results after a playoff result was recorded or
 * corrected: creates every match that became ready, and follows a corrected winner into the
 * next match while that match has no result. A correction that would change a match already
 * played is refused, so the whole write rolls back. A match whose players change is voided, not
 * deleted or rewritten: its reports and history (it may have been reported, then cleared) stay
 * with the players they were about, and a new match takes its place in the bracket.
 */
export async function advancePlayoff(tx: Transaction, tournamentId: string): Promise<ActionResult<{ championId: string | null }>> {
  const playoff = await loadPlayoff(tx, tournamentId);
  if (!playoff) return success({ championId: null });
  const state = bracketState(playoff.phase.cutSize as BracketSize, playoff.seeds, playoff.results);
  // The only way results can contradict the bracket is a change upstream of a played match.
  if (!state.ok) return laterMatchPlayed();
  const wanted = new Map(state.value.rounds.flat().map((match) => [match.id, match]));
  const live = new Set(playoff.stored.keys());
  for (const [bracketId, stored] of playoff.stored) {
    const match = wanted.get(bracketId);
    const isSame = match && match.playerA === stored.sideAId && match.playerB === stored.sideBId;
    if (isSame) continue;
    // Played: it has a result, or games recorded towards one (they would be lost with it).
    if (stored.winsA !== null || stored._count.games > 0) return laterMatchPlayed();
    await voidPlayoffMatch(
      tx,
      stored,
      match?.playerA && match.playerB
        ? "An earlier playoff match's result was corrected: other players meet in this bracket slot now."
        : "An earlier playoff match's result was cleared: the players of this match are no longer known.",
    );
    live.delete(bracketId);
  }
  for (const round of state.value.rounds) {
    const toCreate = round.filter((match) => match.playerA && match.playerB && !live.has(match.id));
    if (toCreate.length > 0) await createPlayoffMatches(tx, tournamentId, playoff.phase.id, playoff.firstRoundNumber + toCreate[0]!.round - 1, toCreate);
  }
  await tx.tournament.update({ where: { id: tournamentId }, data: { status: state.value.champion ? "COMPLETE" : "RUNNING" } });
  return success({ championId: state.value.champion });
}

/**
 * Takes an unplayed match out of the bracket while keeping it and its history: it gets a void
 * number of its own (so a new match can take its table) and a VOIDED entry saying why.
 */
async function voidPlayoffMatch(tx: Transaction, match: { id: string; roundId: string; version: number }, reason: string): Promise<void> {
  const last = await tx.match.aggregate({ where: { roundId: match.roundId }, _max: { voidSequence: true } });
  const nextVersion = match.version + 1;
  await tx.match.update({
    where: { id: match.id },
    data: { voidedAt: new Date(), voidSequence: (last._max.voidSequence ?? 0) + 1, version: nextVersion },
  });
  await tx.resultChange.create({
    data: { matchId: match.id, version: nextVersion, kind: "VOIDED", source: "SYSTEM", actorName: "Playoff bracket", note: reason },
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
    matches: (BracketMatch & { matchId: string | null; nameA: string | null; nameB: string | null; score: string | null })[];
  }[];
};

export async function getPlayoff(access: TournamentAccess): Promise<PlayoffView | null> {
  const playoff = await loadPlayoff(prisma, access.tournamentId);
  if (!playoff) return null;
  const state = bracketState(playoff.phase.cutSize as BracketSize, playoff.seeds, playoff.results);
  if (!state.ok) throw new Error(state.error.message);
  const names = new Map(playoff.phase.seeds.map((seed) => [seed.registrationId, seed.registration.displayName]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? "?") : null);
  return {
    cutSize: playoff.phase.cutSize!,
    champion: nameOf(state.value.champion),
    rounds: state.value.rounds.map((round, index) => ({
      name: round[0]?.roundName ?? `Round ${index + 1}`,
      roundNumber: playoff.firstRoundNumber + index,
      matches: round.map((match) => {
        const stored = playoff.stored.get(match.id);
        const score = stored && stored.winsA !== null ? `${stored.winsA}-${stored.winsB}${stored.draws ? `-${stored.draws}` : ""}` : null;
        return { ...match, matchId: stored?.id ?? null, nameA: nameOf(match.playerA), nameB: nameOf(match.playerB), score };
      }),
    })),
  };
}
