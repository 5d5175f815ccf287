import "server-only";
import type { Transaction } from "../db";
import type { GameEndReason, GameOutcome } from "@/lib/rules/game";
import { storedMatchEvents, withMatchLoss, type LastGameRemoval, type MatchFormat, type TimeCalledAt } from "@/lib/rules/match";
import type { Side } from "@/lib/rules/result";
import { gamesRecordedAt } from "./end-of-match";
import { formatOf, storedGameOutcome, type MatchForResult } from "./match-record";

// The stored facts of one match as the rules read them, shared by the commands that record and take back games and by penalties.

export type StoredGame = { number: number; chooser: Side; choice: "PLAY" | "DRAW"; winner: Side | null; reason: GameEndReason };

export const toOutcome = storedGameOutcome;

export async function readGames(db: Pick<Transaction, "game">, matchId: string): Promise<StoredGame[]> {
  return db.game.findMany({ where: { matchId, removedAt: null }, orderBy: { number: "asc" }, select: { number: true, chooser: true, choice: true, winner: true, reason: true } });
}

/**
 * IPG 1.2: a Match Loss (or a Disqualification) a judge gave during this match, as the side it
 * went to, or null. Only the first counts; one given after the match had ended changed nothing.
 */
export async function readMatchLoss(db: Pick<Transaction, "penalty">, match: { id: string; sideAId: string }): Promise<Side | null> {
  const penalty = await db.penalty.findFirst({
    where: { matchId: match.id, kind: { in: ["MATCH_LOSS", "DISQUALIFICATION"] } },
    orderBy: { createdAt: "asc" },
    select: { registrationId: true },
  });
  return penalty ? (penalty.registrationId === match.sideAId ? "A" : "B") : null;
}

/**
 * Everything the rules derive a match from, read in the caller's transaction (penalties.ts):
 * its games, time called on the end-of-match screen, a concession or agreed draw, a Match Loss.
 */
export async function readMatchFacts(tx: Transaction, match: MatchForResult) {
  const games = await readGames(tx, match.id);
  const outcomes = games.map(toOutcome);
  const { timeCalled, gamesCountedByProcedure } = await readProcedureCounts(tx, match.id);
  const matchLoss = await readMatchLoss(tx, match);
  const format = formatOf(match);
  return { games, outcomes, format, matchLoss, timeCalled, gamesCountedByProcedure, events: withMatchLoss(format, storedMatchEvents(outcomes, match, timeCalled), matchLoss) };
}

/**
 * What the judge's end-of-match screen stored about the games, in one read of its steps: when it
 * called time (the first TIME_CALLED step) and the most games any step counted (time called,
 * turns added by a penalty); nulls without steps. Each step's count was taken under the match's
 * row lock; steps stored before that count was kept are counted by timestamp.
 */
export async function readProcedureCounts(
  db: Pick<Transaction, "endOfMatchEvent" | "game">,
  matchId: string,
): Promise<{ timeCalled: TimeCalledAt | null; gamesCountedByProcedure: number | null }> {
  const steps = await db.endOfMatchEvent.findMany({ where: { matchId }, orderBy: { sequence: "asc" }, select: { kind: true, data: true, createdAt: true } });
  if (steps.length === 0) return { timeCalled: null, gamesCountedByProcedure: null };
  const counts: number[] = [];
  for (const step of steps) counts.push(gamesRecordedAt(step.data) ?? (await db.game.count({ where: { matchId, removedAt: null, createdAt: { lte: step.createdAt } } })));
  const first = steps.findIndex((step) => step.kind === "TIME_CALLED");
  const data = first === -1 ? null : (steps[first]!.data as { gameInProgress?: boolean } | null);
  return {
    timeCalled: first === -1 ? null : { gamesBefore: counts[first]!, gameInProgress: data?.gameInProgress !== false },
    gamesCountedByProcedure: Math.max(...counts),
  };
}

/**
 * The facts checkLastGameRemoval decides from, as stored: the games, a concession or agreed
 * draw stored on top of them, what the end-of-match procedure counted, a Match Loss or DQ.
 */
export function lastGameRemovalFacts(
  match: { winsA: number | null; concededBy: Side | null; intentionalDraw: boolean },
  facts: { format: MatchFormat; outcomes: GameOutcome[]; timeCalled: TimeCalledAt | null; gamesCountedByProcedure: number | null; matchLoss: Side | null },
): LastGameRemoval {
  return {
    format: facts.format,
    games: facts.outcomes,
    agreement: match.winsA === null ? null : match.concededBy ? "concession" : match.intentionalDraw ? "intentional-draw" : null,
    timeCalled: facts.timeCalled,
    gamesCountedByProcedure: facts.gamesCountedByProcedure,
    matchLoss: facts.matchLoss !== null,
  };
}
