import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordedGameOutcome, type GameEndReason } from "@/lib/rules/game";
import { deriveMatchRecord, type MatchRecordEvent, type MatchRecordFacts, type MatchRecordView } from "@/lib/rules/match-record";
import { ADDITIONAL_TURNS } from "@/lib/rules/end-of-match";
import type { Side } from "@/lib/rules/result";

/**
 * Every stored fact of one match, as the one derivation (lib/rules/match-record.ts) takes them:
 * select this with the match, map it with matchRecordFacts, derive with deriveMatchRecord.
 */
export const MATCH_RECORD_SELECT = {
  id: true,
  sideAId: true,
  sideBId: true,
  winsA: true,
  concededBy: true,
  intentionalDraw: true,
  confirmedAt: true,
  game1Chooser: true,
  round: { select: { phase: { select: { kind: true, gamesToWin: true, additionalTurns: true } } } },
  games: { where: { removedAt: null }, orderBy: { number: "asc" }, select: { number: true, winner: true, reason: true, createdAt: true } },
  endOfMatch: { orderBy: { sequence: "asc" }, select: { sequence: true, kind: true, data: true, createdAt: true } },
  penalties: { where: { kind: { in: ["MATCH_LOSS", "DISQUALIFICATION"] } }, orderBy: { createdAt: "asc" }, take: 1, select: { registrationId: true } },
  changes: { where: { kind: "GAME_RESTARTED" }, orderBy: { version: "asc" }, select: { after: true, createdAt: true } },
} as const satisfies Prisma.MatchSelect;

export type MatchRecordRow = Prisma.MatchGetPayload<{ select: typeof MATCH_RECORD_SELECT }>;

type StepData = { type?: string; gameInProgress?: boolean; activePlayerPassingTurn?: boolean; activeSide?: Side; extraTurn?: boolean; A?: number; B?: number; gamesRecorded?: number };

function stepEvent(kind: string, data: StepData): MatchRecordEvent | null {
  switch (kind) {
    case "TIME_CALLED":
      return { type: "time-called", gameInProgress: data.gameInProgress !== false, activePlayerPassingTurn: data.activePlayerPassingTurn === true, activeSide: data.activeSide ?? null };
    case "TURN_ENDED":
      return { type: "turn-ended" };
    case "EXTRA_TURN":
      return { type: "turn-ended", extraTurn: true };
    case "LIFE_TOTALS":
      return { type: "life-totals", A: data.A ?? 0, B: data.B ?? 0 };
    case "PENALTY_TURNS":
      return { type: "slow-play-warning" };
    default:
      return null;
  }
}

/**
 * The stored facts in the order they happened: each step of the end-of-match procedure keeps how
 * many games were recorded when it was written (both take the match's row lock), so game k comes
 * just before the first step that counted k games; steps older than that count go by their time.
 * A Match Loss, then a concession or agreed draw stored with the result, come last.
 */
export function matchRecordFacts(row: MatchRecordRow): MatchRecordFacts {
  const games = row.games.map((game) => {
    const outcome = recordedGameOutcome(game.reason as GameEndReason, game.winner as Side | null);
    if (!outcome.ok) throw new Error(`Game ${game.number} of match ${row.id} is stored in a state the rules refuse: ${outcome.error.message}`);
    return { number: game.number, createdAt: game.createdAt, event: { type: "game", outcome: outcome.value } as MatchRecordEvent };
  });
  const steps = row.endOfMatch.map((step) => {
    const data = (step.data ?? {}) as StepData;
    return { createdAt: step.createdAt, gamesRecorded: typeof data.gamesRecorded === "number" ? data.gamesRecorded : null, event: stepEvent(step.kind, data) };
  });
  // CR 104.6: a restart comes after the games before it, among the steps by when it was written.
  for (const change of row.changes) {
    const restart = restartOf(change.after);
    if (restart) steps.push({ createdAt: change.createdAt, gamesRecorded: restart.number - 1, event: { type: "restart", by: restart.by } });
  }
  steps.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
  const events: MatchRecordEvent[] = [];
  let next = 0;
  for (const step of steps) {
    const before = (game: (typeof games)[number]) => (step.gamesRecorded !== null ? game.number <= step.gamesRecorded : game.createdAt <= step.createdAt);
    while (next < games.length && before(games[next]!)) events.push(games[next++]!.event);
    if (step.event) events.push(step.event);
  }
  while (next < games.length) events.push(games[next++]!.event);
  const matchLoss = row.penalties[0];
  if (matchLoss) events.push({ type: "match-loss", side: matchLoss.registrationId === row.sideAId ? "A" : "B" });
  if (row.winsA !== null && row.concededBy) events.push({ type: "concession", side: row.concededBy as Side });
  if (row.winsA !== null && row.intentionalDraw) events.push({ type: "intentional-draw" });
  const { phase } = row.round;
  return {
    format: { gamesToWin: phase.gamesToWin, elimination: phase.kind === "SINGLE_ELIMINATION" },
    // The phase keeps the turns its format plays: three only where teammates share turns (MTR 2.4).
    teammatesShareTurns: phase.additionalTurns === ADDITIONAL_TURNS.team,
    isBye: row.sideBId === null,
    firstChooser: (row.game1Chooser as Side | null) ?? null,
    events,
    isRecorded: row.confirmedAt !== null,
  };
}

/** The one derived state of a stored match; a match whose stored facts the rules refuse is a defect, not a user error. */
export function deriveStoredMatch(row: MatchRecordRow): MatchRecordView {
  const view = deriveMatchRecord(matchRecordFacts(row));
  if (!view.ok) throw new Error(`Match ${row.id}: its stored facts are refused by the rules: ${view.error.message}`);
  return view.value;
}

/** A GAME_RESTARTED change's `after`: the game that restarted and who restarted it (CR 104.6). */
export function restartOf(after: unknown): { number: number; by: Side } | null {
  const value = after as { game?: unknown; restartedBy?: unknown } | null;
  return value && typeof value.game === "number" && (value.restartedBy === "A" || value.restartedBy === "B") ? { number: value.game, by: value.restartedBy } : null;
}
