import "server-only";
import type { Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { RestartGameInput } from "@/lib/schemas/game";
import type { Side } from "@/lib/rules/result";
import { writeContest } from "@/lib/server/contest/contest-write";
import { deriveStoredMatch, MATCH_RECORD_SELECT, matchOpening, staleVersion } from "./match-record";
import { render } from "@/lib/messages/render";

export type RestartedGame = {
  matchId: string;
  number: number;
  restartedBy: Side;
  version: number;
  isDuplicate: boolean;
};

/**
 * CR 104.6: the game under way restarted (Karn Liberated). No game result is recorded: the same
 * game number is played again, started by the player who restarted it. The match's version moves
 * on (forms opened before are stale) and a GAME_RESTARTED history row keeps who, when and why,
 * written under the match's lock at `expectedVersion`, once per form (its key).
 */
export async function restartGame(
  input: RestartGameInput,
  staff: { staffId?: string; name: string },
): Promise<ActionResult<RestartedGame>> {
  return writeContest({
    ...matchOpening(input),
    replay: (db) => findRestartByKey(db, input),
    run: async (tx, match) => {
      const row = await tx.match.findUniqueOrThrow({
        where: { id: match.id },
        select: MATCH_RECORD_SELECT,
      });
      const record = deriveStoredMatch(row);
      const refused = record.refusals["restart-game"];
      if (refused) return failure("INVALID_RESULT", render(refused));
      const number = row.games.length + 1;
      const version = match.version + 1;
      const moved = await tx.match.updateMany({
        where: { id: match.id, version: match.version },
        data: { version },
      });
      if (moved.count === 0) return staleVersion(match);
      await tx.resultChange.create({
        data: {
          matchId: match.id,
          version,
          kind: "GAME_RESTARTED",
          source: "STAFF",
          staffId: staff.staffId ?? null,
          actorName: staff.name,
          after: {
            game: number,
            restartedBy: input.restartedBy,
            idempotencyKey: input.idempotencyKey,
          },
          note: input.note,
        },
      });
      return success({
        matchId: match.id,
        number,
        restartedBy: input.restartedBy,
        version,
        isDuplicate: false,
      });
    },
  });
}

/** A restart form sent again is answered as the first time; its key used for another match or version is a conflict. */
async function findRestartByKey(
  db: Pick<Transaction, "resultChange">,
  input: RestartGameInput,
): Promise<ActionResult<RestartedGame> | null> {
  const change = await db.resultChange.findFirst({
    where: {
      kind: "GAME_RESTARTED",
      after: { path: ["idempotencyKey"], equals: input.idempotencyKey },
    },
    select: { matchId: true, version: true, after: true },
  });
  if (!change) return null;
  if (change.matchId !== input.matchId || change.version !== input.expectedVersion + 1) {
    return failure(
      "CONFLICT",
      "This form was already used to record a restart, so nothing was changed now. Reload the match.",
    );
  }
  const after = change.after as { game: number; restartedBy: Side };
  return success({
    matchId: change.matchId,
    number: after.game,
    restartedBy: after.restartedBy,
    version: change.version,
    isDuplicate: true,
  });
}
