import "server-only";
import { randomUUID } from "node:crypto";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { ruleFailure } from "@/lib/server/infra/errors";
import { evaluateResultSlip, questionResultSlip, slipToString } from "@/lib/rules/match";
import {
  authorizeResultChange,
  checkCorrectionChanges,
  type MatchResultStatus,
} from "@/lib/rules/match-report";
import { checkStaffEntryOverDispute } from "@/lib/rules/report-flow";
import { checkResultChangeOnEvent } from "@/lib/rules/reopen";
import { staffSlipOnRecord } from "@/lib/rules/match-record";
import type { ReportMatchResultInput } from "@/lib/schemas/match-result";
import {
  byeMatch,
  deriveStoredMatch,
  formatOf,
  MATCH_RECORD_SELECT,
  matchOpening,
  matchRecordFacts,
  readMatchForResult,
  staleVersion,
  voidedMatch,
  type MatchForResult,
} from "./match-record";
import { RollBack, writeContest, writeContestAtVersion } from "@/lib/server/contest/contest-write";
import { advancePlayoff } from "@/lib/server/round/playoffs";
import { tournamentLockKey } from "@/lib/server/contest/tournament-lock";
import { render } from "@/lib/messages/render";

export type ResultReporter =
  | {
      source: "STAFF";
      staffId?: string;
      name: string /** Through the settle path, by staff who may resolve disputes. */;
      settlesDispute?: boolean;
    }
  | { source: "PLAYER"; registrationId: string; name: string };

export type RecordedResult = {
  matchId: string;
  version: number;
  winner: "A" | "B" | null;
  isDuplicate: boolean;
  /** On a replay (isDuplicate): the match's version now, and whether this report is still its result. */
  currentVersion?: number;
  isCurrent?: boolean;
  /** A Swiss round after this match's round is already paired: those pairings used the old result. */
  laterRoundsPaired?: boolean;
};

/**
 * Records a match result slip. The rules engine decides whether the slip is possible, who won
 * (MTR 2.1, 2.5) and who may change a result (players until it is confirmed, staff with a
 * reason after). The write
 * - runs alongside reports to other matches of the tournament (a shared tournament lock; a
 *   playoff result takes it exclusively, since it may move the bracket), and never alongside
 *   pairing, swaps, registration or drops (they take it exclusively);
 * - detects concurrent edits: it applies only if the match is still at `expectedVersion`
 *   (checked by the UPDATE itself, so two writers of one match cannot both apply);
 * - is idempotent: a replay of the same request (same key, match, slip and expected version)
 *   returns the first answer; any other use of a spent key is a conflict;
 * - appends the report and the change to the match's history, never overwriting it silently;
 * - advances a playoff bracket, or rolls back whole if the bracket cannot follow.
 *
 * Two ways, one set of checks (`checkReport`):
 * - A Swiss match reported by slip (nearly every report of an event day) is two
 *   statements and no interactive transaction: the match is read (or handed over as the request's
 *   scope check read it), the rules decide, and one statement takes the shared lock and writes,
 *   only if the version read still stands. Every
 *   change to what a match may take moves its version (a result, a clear, a swap, a game, a
 *   penalty, a confirmation, a new best-of in event-status.ts), so whatever changed between the
 *   read and the write refuses the write.
 * - A playoff match (the bracket moves with it) or a match recorded game by game (its games are
 *   read and checked) runs in a transaction: BEGIN, read-and-lock, reads, one write, COMMIT.
 */
export async function reportMatchResult(
  input: ReportMatchResultInput,
  reporter: ResultReporter,
  alreadyRead?: MatchForResult,
): Promise<ActionResult<RecordedResult>> {
  // The match as the request's scope check read it moments ago (lib/server/access/run-action.ts),
  // or read now: either way unlocked, and the write below applies only at the version read.
  const read =
    alreadyRead?.id === input.matchId
      ? alreadyRead
      : await readMatchForResult(prisma, input.matchId);
  if (read && read.phaseKind !== "SINGLE_ELIMINATION" && read.gameCount === 0) {
    return writeContestAtVersion({
      contest: read,
      replay: (db) => findByIdempotencyKey(db, input),
      decide: (db, match) => checkReport(db, match, input, reporter),
      apply: async (db, match, checked) => {
        const written = await writeReportedResult(db, match, input, reporter, {
          ...checked,
          takeSharedLock: true,
        });
        return written
          ? success({
              matchId: match.id,
              version: written.version,
              winner: checked.winner,
              isDuplicate: false,
              laterRoundsPaired: written.laterRoundsPaired,
            })
          : null;
      },
      // Someone else's write to this match committed after our read: theirs stands.
      stale: async (db, match) => staleVersion(await readResultFields(db, match.id)),
    });
  }
  return writeContest({
    // The settle path may write over a dispute (checkReport asks the rules who may).
    ...matchOpening(input, { allowDisputed: true }),
    replay: (db) => findByIdempotencyKey(db, input),
    run: async (tx, locked) => {
      const checked = await checkReport(tx, locked, input, reporter);
      if ("answer" in checked) return checked.answer;
      const written = await writeReportedResult(tx, locked, input, reporter, {
        ...checked.write,
        takeSharedLock: false,
      });
      // Someone else's write to this match committed after our read: theirs stands.
      if (!written)
        return (
          (await findByIdempotencyKey(tx, input)) ??
          staleVersion(await readResultFields(tx, locked.id))
        );
      const elimination = formatOf(locked).elimination;
      if (elimination) {
        // The bracket advances as soon as a playoff result is in; if it cannot, nothing is saved.
        const advanced = await advancePlayoff(tx, locked.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({
        matchId: locked.id,
        version: written.version,
        winner: checked.write.winner,
        isDuplicate: false,
        laterRoundsPaired: !elimination && written.laterRoundsPaired,
      });
    },
  });
}

type CheckedReport = {
  slip: { winsA: number; winsB: number; draws: number };
  winner: "A" | "B" | null;
  kind: "REPORTED" | "CORRECTED";
};

/**
 * Whether this report may be written over the match as read (`write`), or the answer to give
 * instead (`answer`), by the rules: the match exists and
 * is not a bye or voided, the form is not stale (a replay of a saved request is answered as it
 * was), the reporter may change the result (MTR 2.1: players until confirmed, staff with a reason
 * after), the slip is possible (MTR 2.1, 2.5) and agrees with any games recorded, and an
 * improbable slip was confirmed (ruling F).
 */
async function checkReport(
  db: Transaction,
  match: MatchForResult | undefined,
  input: ReportMatchResultInput,
  reporter: ResultReporter,
): Promise<{ answer: ActionResult<RecordedResult> } | { write: CheckedReport }> {
  if (!match) return { answer: failure("NOT_FOUND", "That match does not exist.") };
  if (match.voidedAt) return { answer: voidedMatch() };
  if (match.sideBId === null) return { answer: byeMatch() };

  // A stale form is the first thing to say (unless it is a replay of a saved request, whose
  // own write moved the version on): what it would change is no longer what is stored.
  if (match.version !== input.expectedVersion)
    return { answer: (await findByIdempotencyKey(db, input)) ?? staleVersion(match) };
  const onEvent = checkResultChangeOnEvent({
    status: match.eventStatus,
    hasPlayoff: match.eventHasPlayoff,
    isImported: match.eventIsImported,
  });
  if (!onEvent.ok) return { answer: ruleFailure(onEvent.error, "CONFLICT") };
  if (reporter.source === "STAFF") {
    const overDispute = checkStaffEntryOverDispute({
      isDisputed: match.isDisputed,
      isSettling: reporter.settlesDispute === true,
    });
    if (!overDispute.ok) return { answer: failure("DISPUTED", render(overDispute.error)) };
  }
  const status: MatchResultStatus = match.confirmedAt
    ? "confirmed"
    : match.winsA !== null
      ? "decided"
      : "in-progress";
  const authorized = authorizeResultChange({
    status,
    actor: reporter.source === "STAFF" ? "staff" : "player",
    reason: input.note,
  });
  if (!authorized.ok) {
    if (authorized.error.code === "CORRECTION_REASON_REQUIRED") {
      return {
        answer: failure("VALIDATION", render(authorized.error), {
          note: [render(authorized.error)],
        }),
      };
    }
    return { answer: ruleFailure(authorized.error, "INVALID_RESULT") };
  }

  const format = formatOf(match);
  let slip = { winsA: input.winsA, winsB: input.winsB, draws: input.draws };
  if (match.gameCount > 0) {
    // MTR 2.5: a match recorded game by game takes a slip that holds its games (time's game included) and may complete them.
    const row = await db.match.findUniqueOrThrow({
      where: { id: match.id },
      select: MATCH_RECORD_SELECT,
    });
    const onRecord = staffSlipOnRecord(matchRecordFacts(row), deriveStoredMatch(row), slip, {
      concededBy: input.concededBy,
      intentionalDraw: input.intentionalDraw,
    });
    if (!onRecord.ok)
      return {
        answer: failure(
          "INVALID_RESULT",
          `This match is recorded game by game. ${render(onRecord.error)}`,
        ),
      };
    slip = onRecord.value;
  }
  const outcome = evaluateResultSlip(format, slip, {
    concededBy: input.concededBy,
    intentionalDraw: input.intentionalDraw,
  });
  if (!outcome.ok) return { answer: failure("INVALID_RESULT", render(outcome.error)) };
  const unchanged = checkCorrectionChanges(
    match.winsA === null
      ? null
      : {
          slip: { winsA: match.winsA, winsB: match.winsB!, draws: match.draws ?? 0 },
          concededBy: match.concededBy,
          intentionalDraw: match.intentionalDraw,
        },
    {
      slip: outcome.value.slip,
      concededBy: input.concededBy ?? null,
      intentionalDraw: input.intentionalDraw,
    },
  );
  if (unchanged) return { answer: failure("VALIDATION", render(unchanged.error)) };
  if (match.gameCount === 0 && !input.confirmUnusual) {
    // Ruling F (MTR 2.1): possible but improbable slips are saved only once confirmed.
    const question = questionResultSlip(format, slip);
    if (question)
      return {
        answer: failure("INVALID_RESULT", render(question.error), {
          confirmUnusual: [render(question.error)],
        }),
      };
  }
  return {
    write: {
      slip: outcome.value.slip,
      winner: outcome.value.winner,
      kind: authorized.value.isCorrection || match.winsA !== null ? "CORRECTED" : "REPORTED",
    },
  };
}

/**
 * The write of an accepted report, as one statement: the match (only if still at the version
 * read), its report and its history entry, and whether a later Swiss round is already paired.
 * Undefined when the version moved, so nothing was written.
 *
 * With `takeSharedLock` (the fast path, outside any transaction) the statement takes the
 * tournament's shared lock itself before it changes the row, and holds it until it ends: a
 * pairing or swap in progress finishes first. `later_round_exists` is VOLATILE, so it reads with
 * a snapshot taken after the lock was granted: a round paired while this write waited is seen.
 */
async function writeReportedResult(
  db: Transaction,
  match: MatchForResult,
  input: ReportMatchResultInput,
  reporter: ResultReporter,
  change: CheckedReport & { takeSharedLock: boolean },
): Promise<{ version: number; laterRoundsPaired: boolean } | undefined> {
  const rows = await db.$queryRaw<{ version: number; laterRoundsPaired: boolean }[]>(
    reportWriteStatement(match, input, reporter, change),
  );
  return rows[0];
}

/**
 * The second of a result report's two statements (see writeReportedResult). Exported for
 * bench/floor-server.ts, which issues the same statements from a bare server.
 */
export function reportWriteStatement(
  match: Pick<
    MatchForResult,
    | "id"
    | "version"
    | "tournamentId"
    | "roundNumber"
    | "winsA"
    | "winsB"
    | "draws"
    | "concededBy"
    | "intentionalDraw"
  >,
  input: Pick<ReportMatchResultInput, "idempotencyKey" | "intentionalDraw" | "concededBy" | "note">,
  reporter: ResultReporter,
  change: Pick<CheckedReport, "slip" | "kind"> & { takeSharedLock: boolean },
): Prisma.Sql {
  const { slip } = change;
  const isStaff = reporter.source === "STAFF";
  const staffId = isStaff ? (reporter.staffId ?? null) : null;
  const reportedById = reporter.source === "PLAYER" ? reporter.registrationId : null;
  const concededBy = input.concededBy ?? null;
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
  const after = JSON.stringify({ ...slip, concededBy, intentionalDraw: input.intentionalDraw });
  return Prisma.sql`
    WITH updated AS (
      UPDATE "Match"
      SET "winsA" = ${slip.winsA}, "winsB" = ${slip.winsB}, draws = ${slip.draws},
          "concededBy" = ${concededBy}::"Side", "intentionalDraw" = ${input.intentionalDraw},
          version = version + 1, "updatedAt" = now(),
          "confirmedAt" = CASE WHEN ${isStaff} THEN now() ELSE "confirmedAt" END
      WHERE id = ${match.id} AND version = ${match.version}
        AND (NOT ${change.takeSharedLock} OR (SELECT pg_advisory_xact_lock_shared(hashtext(${tournamentLockKey(match.tournamentId)})))::text IS NOT NULL)
      RETURNING id, version
    ), report AS (
      INSERT INTO "MatchReport" (id, "matchId", "idempotencyKey", source, "reportedById", "staffId", "winsA", "winsB", draws,
                                 "concededBy", "intentionalDraw", "confirmedAt", "resultVersion", "createdAt")
      SELECT ${randomUUID()}, updated.id, ${input.idempotencyKey}, ${reporter.source}::"ResultSource", ${reportedById}, ${staffId},
             ${slip.winsA}, ${slip.winsB}, ${slip.draws}, ${concededBy}::"Side", ${input.intentionalDraw},
             CASE WHEN ${isStaff} THEN now() END, updated.version, now()
      FROM updated
    ), history AS (
      INSERT INTO "ResultChange" (id, "matchId", version, kind, source, "staffId", "actorName", before, after, note, "createdAt")
      SELECT ${randomUUID()}, updated.id, updated.version, ${change.kind}::"ResultChangeKind", ${reporter.source}::"ResultSource", ${staffId},
             ${reporter.name}, ${before}::jsonb, ${after}::jsonb, ${input.note}, now()
      FROM updated
    )
    SELECT updated.version, later_round_exists(${match.tournamentId}, ${match.roundNumber}) AS "laterRoundsPaired"
    FROM updated`;
}

async function readResultFields(db: Transaction, matchId: string) {
  return db.match.findUniqueOrThrow({
    where: { id: matchId },
    select: { winsA: true, winsB: true, draws: true },
  });
}

/**
 * Answers a request whose idempotency key was already used. Keys are unique per rendered form,
 * so a used key is either a replay of the very request that was stored (a retry, a double
 * click: same match, same slip, same expected version), answered as it was first answered, or a
 * form that was already used for something else, which is a conflict: answering "saved" there
 * would claim a write that did not happen.
 */
async function findByIdempotencyKey(
  db: Pick<Transaction, "matchReport">,
  input: ReportMatchResultInput,
): Promise<ActionResult<RecordedResult> | null> {
  const report = await db.matchReport.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: {
      matchId: true,
      winsA: true,
      winsB: true,
      draws: true,
      concededBy: true,
      intentionalDraw: true,
      resultVersion: true,
      match: {
        select: {
          version: true,
          round: { select: { phase: { select: { gamesToWin: true, kind: true } } } },
        },
      },
    },
  });
  if (!report) return null;
  const format = formatOf({
    gamesToWin: report.match.round.phase.gamesToWin,
    phaseKind: report.match.round.phase.kind,
  });
  const stored = evaluateResultSlip(
    format,
    { winsA: report.winsA, winsB: report.winsB, draws: report.draws },
    { concededBy: report.concededBy ?? undefined, intentionalDraw: report.intentionalDraw },
  );
  const submitted = evaluateResultSlip(
    format,
    { winsA: input.winsA, winsB: input.winsB, draws: input.draws },
    { concededBy: input.concededBy, intentionalDraw: input.intentionalDraw },
  );
  const isSameRequest =
    report.matchId === input.matchId &&
    // The stored report produced version expectedVersion + 1 from the version its form saw.
    report.resultVersion === input.expectedVersion + 1 &&
    (input.concededBy ?? null) === report.concededBy &&
    input.intentionalDraw === report.intentionalDraw &&
    stored.ok &&
    submitted.ok &&
    slipToString(stored.value.slip) === slipToString(submitted.value.slip);
  if (!isSameRequest || !stored.ok) {
    return failure(
      "CONFLICT",
      "This form was already used to save a result, so nothing was saved now. Reload the page to see the current result and save again.",
    );
  }
  // The version this report produced, not the match's current one: a client that continues
  // from it must still detect any correction made since. `isCurrent` says whether it still is
  // the stored result, so a replay never reads as if its slip were the result now.
  return success({
    matchId: report.matchId,
    version: report.resultVersion,
    winner: stored.value.winner,
    isDuplicate: true,
    currentVersion: report.match.version,
    isCurrent: report.match.version === report.resultVersion,
  });
}
