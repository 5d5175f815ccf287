import "server-only";
import { randomUUID } from "node:crypto";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { ResultSlip } from "@/lib/rules/match";
import type {
  RecordDecidedResultInput,
  RecordDecidedResultsOfRoundInput,
} from "@/lib/schemas/match-result";
import { writeContest } from "@/lib/server/contest/contest-write";
import {
  deriveStoredMatch,
  isStoredMatchDisputed,
  MATCH_RECORD_SELECT,
  matchOpening,
  type MatchForResult,
} from "./match-record";
import { render } from "@/lib/messages/render";

export type RecordedDecidedResult = {
  matchId: string;
  version: number;
  slip: ResultSlip;
  isDuplicate: boolean;
};

type Staff = { staffId?: string; name: string };

/**
 * MTR 2.5: staff record the result a match's facts decided (its games, a Match Loss, the
 * end-of-match procedure). Until then the players may still concede or agree to a draw; after
 * it, only a correction with a reason changes the result. The rules say whether there is a
 * decided result to record; the write is the match's one guarded write: at the version read,
 * idempotent by the form's key (stored as the staff's report), with a CONFIRMED history row.
 */
export async function recordDecidedResult(
  input: RecordDecidedResultInput,
  staff: Staff,
): Promise<ActionResult<RecordedDecidedResult>> {
  return writeContest({
    ...matchOpening(input),
    replay: (db) => findRecordByKey(db, input),
    run: (tx, match) => recordLockedMatch(tx, match, input.idempotencyKey, staff),
  });
}

async function recordLockedMatch(
  tx: Transaction,
  match: MatchForResult,
  idempotencyKey: string,
  staff: Staff,
): Promise<ActionResult<RecordedDecidedResult>> {
  const record = deriveStoredMatch(
    await tx.match.findUniqueOrThrow({ where: { id: match.id }, select: MATCH_RECORD_SELECT }),
  );
  const refused = record.refusals["record-result"];
  if (refused)
    return failure(
      refused.code === "MATCH_COMPLETE" ? "MATCH_CONFIRMED" : "INVALID_RESULT",
      render(refused),
    );
  const slip = record.decided!.outcome.slip;
  const before =
    match.winsA === null
      ? null
      : JSON.stringify({
          winsA: match.winsA,
          winsB: match.winsB,
          draws: match.draws,
          concededBy: match.concededBy,
          intentionalDraw: match.intentionalDraw,
        });
  const after = JSON.stringify({
    ...slip,
    concededBy: match.concededBy,
    intentionalDraw: match.intentionalDraw,
  });
  const staffId = staff.staffId ?? null;
  const rows = await tx.$queryRaw<{ version: number }[]>`
    WITH updated AS (
      UPDATE "Match"
      SET "winsA" = ${slip.winsA}, "winsB" = ${slip.winsB}, draws = ${slip.draws}, "confirmedAt" = now(), version = version + 1, "updatedAt" = now()
      WHERE id = ${match.id} AND version = ${match.version} AND "confirmedAt" IS NULL
      RETURNING id, version
    ), report AS (
      INSERT INTO "MatchReport" (id, "matchId", "idempotencyKey", source, "staffId", "winsA", "winsB", draws, "concededBy", "intentionalDraw", "confirmedAt", "resultVersion", "createdAt")
      SELECT ${randomUUID()}, updated.id, ${idempotencyKey}, 'STAFF'::"ResultSource", ${staffId}, ${slip.winsA}, ${slip.winsB}, ${slip.draws},
             ${match.concededBy}::"Side", ${match.intentionalDraw}, now(), updated.version, now()
      FROM updated
    ), history AS (
      INSERT INTO "ResultChange" (id, "matchId", version, kind, source, "staffId", "actorName", before, after, note, "createdAt")
      SELECT ${randomUUID()}, updated.id, updated.version, 'CONFIRMED'::"ResultChangeKind", 'STAFF'::"ResultSource", ${staffId},
             ${staff.name}, ${before}::jsonb, ${after}::jsonb, 'Result recorded as decided.', now()
      FROM updated
    )
    SELECT version FROM updated`;
  const written = rows[0];
  if (!written) throw new Error(`Match ${match.id}: its row moved while it was locked.`);
  return success({ matchId: match.id, version: written.version, slip, isDuplicate: false });
}

/** The same tap sent again (a retry, a double tap) is answered as the first time; the key used for anything else is a conflict. */
async function findRecordByKey(
  db: Pick<Transaction, "matchReport">,
  input: RecordDecidedResultInput,
): Promise<ActionResult<RecordedDecidedResult> | null> {
  const report = await db.matchReport.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: {
      matchId: true,
      winsA: true,
      winsB: true,
      draws: true,
      resultVersion: true,
      source: true,
    },
  });
  if (!report) return null;
  if (
    report.matchId !== input.matchId ||
    report.source !== "STAFF" ||
    report.resultVersion !== input.expectedVersion + 1
  ) {
    return failure(
      "CONFLICT",
      "This form was already used, so nothing was recorded now. Reload the match to see its result.",
    );
  }
  return success({
    matchId: report.matchId,
    version: report.resultVersion,
    slip: { winsA: report.winsA, winsB: report.winsB, draws: report.draws },
    isDuplicate: true,
  });
}

/**
 * MTR 2.5: every match of a round its facts decided, recorded at once. Each match is its own
 * guarded write, so a match changed or disputed meanwhile is left as it is and the others still
 * record; matches still being played, or reported by players and awaiting their confirmation,
 * are not decided by the match's facts and are left alone.
 */
export async function recordDecidedResultsOfRound(
  input: RecordDecidedResultsOfRoundInput,
  staff: Staff,
): Promise<ActionResult<{ recorded: number; skipped: number }>> {
  const candidates = await prisma.match.findMany({
    where: {
      round: { tournamentId: input.tournamentId, number: input.roundNumber },
      voidedAt: null,
      sideBId: { not: null },
      confirmedAt: null,
      winsA: { not: null },
    },
    select: MATCH_RECORD_SELECT,
    orderBy: { tableNumber: "asc" },
  });
  let recorded = 0;
  let skipped = 0;
  for (const row of candidates) {
    if (isStoredMatchDisputed(row) || deriveStoredMatch(row).refusals["record-result"] !== null)
      continue;
    const result = await recordDecidedResult(
      { matchId: row.id, expectedVersion: row.version, idempotencyKey: randomUUID() },
      staff,
    );
    if (result.ok) recorded += 1;
    else skipped += 1;
  }
  return success({ recorded, skipped });
}
