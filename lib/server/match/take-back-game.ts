import "server-only";
import type { Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { checkLastGameRemoval, deriveMatchResult, type MatchState } from "@/lib/rules/match";
import type { TakeBackGameInput } from "@/lib/schemas/game";
import { RollBack, writeContest } from "@/lib/server/contest/contest-write";
import { matchOpening, staleVersion } from "./match-record";
import { lastGameRemovalFacts, readMatchFacts } from "./match-facts";
import { advancePlayoff } from "@/lib/server/round/playoffs";
import { render } from "@/lib/messages/render";

export type TakenBackGame = {
  matchId: string;
  number: number;
  version: number;
  status: MatchState["status"];
  isDuplicate: boolean;
};

/**
 * Staff take back the last recorded game of a match (recorded in error: the wrong winner, the
 * wrong table). The rules say whether it may go and what the match is without it
 * (`checkLastGameRemoval`, MTR 2.1); the game is kept, marked removed, and the same game number
 * can be recorded again. A result the games had made is cleared with it (a playoff bracket
 * follows, or the whole change rolls back if a later playoff match was already played). Same
 * guarantees as recording a game: the match's lock and row lock, applied only at
 * `expectedVersion`, idempotent by the form's key, and a GAME_REMOVED history row with the reason.
 */
export async function takeBackLastGame(
  input: TakeBackGameInput,
  staff: { staffId?: string; name: string },
): Promise<ActionResult<TakenBackGame>> {
  return writeContest({
    ...matchOpening(input),
    replay: (db) => findTakeBackByKey(db, input),
    run: async (tx, match) => {
      const facts = await readMatchFacts(tx, match);
      const checked = checkLastGameRemoval(lastGameRemovalFacts(match, facts));
      if (!checked.ok) return failure("INVALID_RESULT", render(checked.error));
      const { number, state } = checked.value;
      const game = facts.games[facts.games.length - 1]!;

      const removed = await tx.game.aggregate({
        where: { matchId: match.id, removedAt: { not: null } },
        _max: { removalSequence: true },
      });
      const removalSequence = (removed._max.removalSequence ?? 0) + 1;
      await tx.game.update({
        where: {
          matchId_number_removalSequence: {
            matchId: match.id,
            number: game.number,
            removalSequence: 0,
          },
        },
        data: { removedAt: new Date(), removalSequence, removalKey: input.idempotencyKey },
      });
      const nextVersion = match.version + 1;
      const hadResult = match.winsA !== null;
      const moved = await tx.match.updateMany({
        where: { id: match.id, version: match.version },
        data: {
          version: nextVersion,
          // The games made the result; without the last one they make the one the rules say (MTR 2.1),
          // which is none yet unless the facts left (time called) still decide the match.
          ...(state.status === "decided"
            ? {
                winsA: state.slip.winsA,
                winsB: state.slip.winsB,
                draws: state.slip.draws,
                confirmedAt: null,
              }
            : hadResult
              ? { winsA: null, winsB: null, draws: null, confirmedAt: null }
              : {}),
          // MTR 2.2: a Swiss match's game-1 chooser was recorded with game 1 (a playoff's is the higher seed's).
          ...(number === 1 && !facts.format.elimination ? { game1Chooser: null } : {}),
        },
      });
      if (moved.count === 0) throw new RollBack(staleVersion(match));
      const gamesBefore = deriveMatchResult({
        format: facts.format,
        events: facts.outcomes.map((outcome) => ({ type: "game" as const, outcome })),
      });
      await tx.resultChange.create({
        data: {
          matchId: match.id,
          version: nextVersion,
          kind: "GAME_REMOVED",
          source: "STAFF",
          staffId: staff.staffId ?? null,
          actorName: staff.name,
          before: {
            game: {
              number,
              chooser: game.chooser,
              choice: game.choice,
              winner: game.winner,
              reason: game.reason,
            },
            ...(hadResult
              ? { winsA: match.winsA, winsB: match.winsB, draws: match.draws }
              : gamesBefore.ok
                ? { slip: gamesBefore.value.slip }
                : {}),
          },
          after: { status: state.status, slip: state.slip, removalSequence },
          note: input.note,
        },
      });
      if (facts.format.elimination && (hadResult || state.status === "decided")) {
        const advanced = await advancePlayoff(tx, match.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({
        matchId: match.id,
        number,
        version: nextVersion,
        status: state.status,
        isDuplicate: false,
      });
    },
  });
}

/** A take-back form sent again (a retry, a double click) is answered as the first time; its key used for anything else is a conflict. */
async function findTakeBackByKey(
  db: Pick<Transaction, "game" | "resultChange">,
  input: TakeBackGameInput,
): Promise<ActionResult<TakenBackGame> | null> {
  const game = await db.game.findUnique({
    where: { removalKey: input.idempotencyKey },
    select: { matchId: true, number: true, removalSequence: true },
  });
  if (!game) return null;
  const change =
    game.matchId === input.matchId
      ? await db.resultChange.findFirst({
          where: {
            matchId: game.matchId,
            kind: "GAME_REMOVED",
            after: { path: ["removalSequence"], equals: game.removalSequence },
          },
          select: { version: true, after: true },
        })
      : null;
  if (!change || change.version !== input.expectedVersion + 1) {
    return failure(
      "CONFLICT",
      "This form was already used to take back a game, so nothing was changed now. Reload the match to see its games.",
    );
  }
  const after = change.after as { status: MatchState["status"] };
  return success({
    matchId: game.matchId,
    number: game.number,
    version: change.version,
    status: after.status,
    isDuplicate: true,
  });
}
