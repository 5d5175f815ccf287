import "server-only";
import type { Transaction } from "@/lib/server/infra/db";
import type { GameEndReason, GameOutcome, GameVariant } from "@/lib/rules/game";
import { teamFormatRules } from "@/lib/rules/teams";
import {
  storedMatchEvents,
  withMatchLoss,
  type LastGameRemoval,
  type MatchEvent,
  type MatchFormat,
  type TimeCalledAt,
} from "@/lib/rules/match";
import type { Side } from "@/lib/rules/result";
import {
  gamesRecordedAt,
  procedureView,
  readMatchTableRow,
  type EndOfMatchView,
  type MatchTableRow,
} from "./end-of-match";
import { formatOf, storedGameOutcome, type MatchForResult } from "./match-record";

// The stored facts of one match as the rules read them, shared by the commands that record and take back games and by penalties.

/** `losingSeat`: CR 810.8a, the Two-Headed Giant player (by seat) whose loss was the team's, when one was named. */
export type StoredGame = {
  number: number;
  chooser: Side;
  choice: "PLAY" | "DRAW";
  winner: Side | null;
  reason: GameEndReason;
  losingSeat?: number | null;
};

export const toOutcome = storedGameOutcome;

/** Everything one match's commands decide from, projected from the one statement that reads its facts (readMatchTableRow). */
export type MatchFacts = {
  games: StoredGame[];
  outcomes: GameOutcome[];
  format: MatchFormat;
  /** IPG 1.2: the side the first Match Loss (or Disqualification) of this match went to; only the first counts. */
  matchLoss: Side | null;
  timeCalled: TimeCalledAt | null;
  /** The most games any end-of-match step counted (time called, turns added by a penalty); null without steps. */
  gamesCountedByProcedure: number | null;
  events: MatchEvent[];
  /** MTR 2.4: the judge's end-of-match procedure, replayed from the same rows. */
  procedure: () => EndOfMatchView;
  /** How a game ends for a side in this event's team format (CR 810.8a: a Two-Headed Giant team as one player). */
  variant: GameVariant;
};

/** The stored facts of a match the caller has opened (and locked) in this transaction: one statement. */
export async function readMatchFacts(tx: Transaction, match: MatchForResult): Promise<MatchFacts> {
  const row = await readMatchTableRow(tx, match.tournamentId, match.id);
  if (!row) throw new Error(`Match ${match.id} was opened in this transaction but cannot be read.`);
  return matchFactsOf(row);
}

/** The same facts from a row already read (the match page reads it once for everything it shows). */
export function matchFactsOf(row: MatchTableRow): MatchFacts {
  const games = row.games.map((game) => ({
    number: game.number,
    chooser: game.chooser as Side,
    choice: game.choice as "PLAY" | "DRAW",
    winner: game.winner as Side | null,
    reason: game.reason as GameEndReason,
    losingSeat: game.losingSeat,
  }));
  const outcomes = games.map(toOutcome);
  const { timeCalled, gamesCountedByProcedure } = procedureCounts(row);
  const first = row.penalties[0];
  const matchLoss: Side | null = first ? (first.registrationId === row.sideAId ? "A" : "B") : null;
  const format = formatOf({
    gamesToWin: row.round.phase.gamesToWin,
    phaseKind: row.round.phase.kind,
  });
  const { teamFormat, teamSize } = row.round.tournament;
  const rules = teamFormatRules(teamFormat, teamSize);
  let procedure: EndOfMatchView | undefined;
  return {
    games,
    outcomes,
    format,
    matchLoss,
    timeCalled,
    gamesCountedByProcedure,
    events: withMatchLoss(
      format,
      storedMatchEvents(
        outcomes,
        {
          winsA: row.winsA,
          concededBy: row.concededBy as Side | null,
          intentionalDraw: row.intentionalDraw,
        },
        timeCalled,
      ),
      matchLoss,
    ),
    procedure: () => (procedure ??= procedureView(row)),
    variant: rules.ok ? rules.value.gameVariant : "two-player",
  };
}

/**
 * When the judge's end-of-match screen called time (the first TIME_CALLED step) and the most games
 * any step counted: each step's count was taken under the match's row lock; steps stored before
 * that count was kept are counted by timestamp.
 */
function procedureCounts(row: Pick<MatchTableRow, "endOfMatch" | "games">): {
  timeCalled: TimeCalledAt | null;
  gamesCountedByProcedure: number | null;
} {
  const steps = row.endOfMatch;
  if (steps.length === 0) return { timeCalled: null, gamesCountedByProcedure: null };
  const counts = steps.map(
    (step) =>
      gamesRecordedAt(step.data) ??
      row.games.filter((game) => game.createdAt <= step.createdAt).length,
  );
  const first = steps.findIndex((step) => step.kind === "TIME_CALLED");
  const data = first === -1 ? null : (steps[first]!.data as { gameInProgress?: boolean } | null);
  return {
    timeCalled:
      first === -1
        ? null
        : { gamesBefore: counts[first]!, gameInProgress: data?.gameInProgress !== false },
    gamesCountedByProcedure: Math.max(...counts),
  };
}

/**
 * The facts checkLastGameRemoval decides from, as stored: the games, a concession or agreed
 * draw stored on top of them, what the end-of-match procedure counted, a Match Loss or DQ.
 */
export function lastGameRemovalFacts(
  match: { winsA: number | null; concededBy: Side | null; intentionalDraw: boolean },
  facts: {
    format: MatchFormat;
    outcomes: GameOutcome[];
    timeCalled: TimeCalledAt | null;
    gamesCountedByProcedure: number | null;
    matchLoss: Side | null;
  },
): LastGameRemoval {
  return {
    format: facts.format,
    games: facts.outcomes,
    agreement:
      match.winsA === null
        ? null
        : match.concededBy
          ? "concession"
          : match.intentionalDraw
            ? "intentional-draw"
            : null,
    timeCalled: facts.timeCalled,
    gamesCountedByProcedure: facts.gamesCountedByProcedure,
    matchLoss: facts.matchLoss !== null,
  };
}
