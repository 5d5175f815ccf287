import "server-only";
import { prisma, type Transaction } from "../db";
import { computeStandings, type StandingsInput, type Standing } from "@/lib/rules/standings";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { inconsistentResults } from "./player-names";

type Reader = Transaction | typeof prisma;

/** The stored facts a match result is derived from (sides, slip, concession, agreed draw). */
export const MATCH_RESULT_FIELDS = {
  sideAId: true,
  sideBId: true,
  winsA: true,
  winsB: true,
  draws: true,
  concededBy: true,
  intentionalDraw: true,
} as const;

/** Loads the facts standings are derived from: Swiss entrants and every reported Swiss match. */
export async function loadSwissFacts(db: Reader, tournamentId: string) {
  const [tournament, registrations, matches] = await Promise.all([
    db.tournament.findUnique({
      where: { id: tournamentId },
      select: { id: true, name: true, percentageFloor: true, byeCountsInOwnPercentages: true },
    }),
    db.registration.findMany({
      where: { tournamentId },
      select: { id: true, displayName: true, firstRound: true, droppedAfterRound: true },
    }),
    db.match.findMany({
      where: { round: { tournamentId, phase: { kind: "SWISS" } }, voidedAt: null },
      select: { ...MATCH_RESULT_FIELDS, round: { select: { number: true, phase: { select: { gamesToWin: true } } } } },
    }),
  ]);
  return { tournament, registrations, matches };
}

/** The last round whose every match has a result: standings are published after whole rounds. */
export function lastCompleteRound(facts: Awaited<ReturnType<typeof loadSwissFacts>>): number {
  const rounds = new Map<number, boolean>();
  for (const match of facts.matches) {
    const isReported = match.winsA !== null && match.winsB !== null;
    rounds.set(match.round.number, (rounds.get(match.round.number) ?? true) && isReported);
  }
  let complete = 0;
  for (const number of [...rounds.keys()].sort((a, b) => a - b)) {
    if (!rounds.get(number)) break;
    complete = number;
  }
  return complete;
}

export function toStandingsInput(facts: Awaited<ReturnType<typeof loadSwissFacts>>, throughRound = lastCompleteRound(facts)): StandingsInput {
  return {
    players: facts.registrations.map((registration) => ({
      id: registration.id,
      name: registration.displayName,
      firstRound: registration.firstRound,
      droppedAfterRound: registration.droppedAfterRound,
    })),
    matches: facts.matches.flatMap((match) =>
      match.round.number > throughRound || match.winsA === null || match.winsB === null
        ? []
        : [
            {
              round: match.round.number,
              playerA: match.sideAId,
              playerB: match.sideBId,
              slip: { winsA: match.winsA, winsB: match.winsB, draws: match.draws ?? 0 },
              // MTR 2.5: a concession or agreed draw decides the match whatever the game wins.
              concededBy: match.concededBy ?? undefined,
              intentionalDraw: match.intentionalDraw,
              gamesToWin: match.round.phase.gamesToWin,
            },
          ],
    ),
  };
}

export type StandingRow = Standing & { name: string };

export async function getStandings(tournamentId: string): Promise<ActionResult<{ tournamentName: string; throughRound: number; percentageFloor: number; rows: StandingRow[] }>> {
  const facts = await loadSwissFacts(prisma, tournamentId);
  if (!facts.tournament) return failure("NOT_FOUND", "That tournament does not exist.");
  const throughRound = lastCompleteRound(facts);
  const standings = computeStandings(toStandingsInput(facts, throughRound), {
    percentageFloor: facts.tournament.percentageFloor,
    countByeInOwnPercentages: facts.tournament.byeCountsInOwnPercentages,
  });
  const names = new Map(facts.registrations.map((registration) => [registration.id, registration.displayName]));
  if (!standings.ok) return inconsistentResults(standings.error.message, names);
  return success({
    tournamentName: facts.tournament.name,
    throughRound,
    percentageFloor: facts.tournament.percentageFloor,
    rows: standings.value.map((standing) => ({ ...standing, name: names.get(standing.playerId) ?? "?" })),
  });
}
