import "server-only";
import { prisma, type Transaction } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { evaluateResultSlip, slipToString, BYE_SLIP, type MatchFormat } from "@/lib/rules/match";
import { authorizeResultChange, type MatchResultStatus } from "@/lib/rules/match-report";
import type { ClearMatchResultInput, ReportMatchResultInput } from "@/lib/schemas/match-result";
import { isUniqueViolation } from "./prisma-errors";
import { advancePlayoff } from "./playoffs";
import { lockTournament } from "./tournament-lock";
import { MATCH_RESULT_FIELDS } from "./standings";

export type ResultReporter =
  | { source: "STAFF"; staffId?: string; name: string }
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
 * reason after). The write is one transaction that
 * - is idempotent: a replay of the same request (same key, match, slip and expected version)
 *   returns the first answer; any other use of a spent key is a conflict;
 * - detects concurrent edits: it applies only if the match is still at `expectedVersion`;
 * - appends the change to the match's history, never overwriting it silently;
 * - advances a playoff bracket, or rolls back whole if the bracket cannot follow.
 */
export async function reportMatchResult(input: ReportMatchResultInput, reporter: ResultReporter): Promise<ActionResult<RecordedResult>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const located = await tx.match.findUnique({ where: { id: input.matchId }, select: { round: { select: { tournamentId: true } } } });
      if (!located) return failure("NOT_FOUND", "That match does not exist.");
      const tournamentId = located.round.tournamentId;
      await lockTournament(tx, tournamentId);

      const previous = await findByIdempotencyKey(tx, input);
      if (previous) return previous;

      const match = await tx.match.findUniqueOrThrow({
        where: { id: input.matchId },
        select: {
          id: true,
          ...MATCH_RESULT_FIELDS,
          version: true,
          confirmedAt: true,
          voidedAt: true,
          round: { select: { number: true, phase: { select: { gamesToWin: true, kind: true } } } },
        },
      });
      if (match.voidedAt) return voidedMatch();
      if (match.sideBId === null) return failure("INVALID_RESULT", `This is a bye: its result is fixed at ${slipToString(BYE_SLIP)}.`);

      // A stale form is the first thing to say: what it would change is no longer what is stored.
      if (match.version !== input.expectedVersion) return staleVersion(match);
      const status: MatchResultStatus = match.confirmedAt ? "confirmed" : match.winsA !== null ? "decided" : "in-progress";
      const authorized = authorizeResultChange({ status, actor: reporter.source === "STAFF" ? "staff" : "player", reason: input.note });
      if (!authorized.ok) {
        if (authorized.error.code === "CORRECTION_REASON_REQUIRED") {
          return failure("VALIDATION", authorized.error.message, { note: [authorized.error.message] });
        }
        if (authorized.error.code === "MATCH_COMPLETE") return failure("MATCH_CONFIRMED", authorized.error.message);
        return failure("INVALID_RESULT", authorized.error.message);
      }

      const outcome = evaluateResultSlip(
        formatOf(match.round.phase),
        { winsA: input.winsA, winsB: input.winsB, draws: input.draws },
        { concededBy: input.concededBy, intentionalDraw: input.intentionalDraw },
      );
      if (!outcome.ok) return failure("INVALID_RESULT", outcome.error.message);

      const slip = outcome.value.slip;
      const now = new Date();
      const nextVersion = match.version + 1;
      await tx.match.update({
        where: { id: match.id },
        data: {
          ...slip,
          concededBy: input.concededBy ?? null,
          intentionalDraw: input.intentionalDraw,
          version: nextVersion,
          confirmedAt: reporter.source === "STAFF" ? now : match.confirmedAt,
        },
      });
      await tx.matchReport.create({
        data: {
          matchId: match.id,
          idempotencyKey: input.idempotencyKey,
          source: reporter.source,
          reportedById: reporter.source === "PLAYER" ? reporter.registrationId : null,
          staffId: reporter.source === "STAFF" ? (reporter.staffId ?? null) : null,
          ...slip,
          concededBy: input.concededBy ?? null,
          intentionalDraw: input.intentionalDraw,
          confirmedAt: reporter.source === "STAFF" ? now : null,
          resultVersion: nextVersion,
        },
      });
      await tx.resultChange.create({
        data: {
          matchId: match.id,
          version: nextVersion,
          kind: authorized.value.isCorrection || match.winsA !== null ? "CORRECTED" : "REPORTED",
          source: reporter.source,
          staffId: reporter.source === "STAFF" ? (reporter.staffId ?? null) : null,
          actorName: reporter.name,
          before:
            match.winsA === null
              ? undefined
              : { winsA: match.winsA, winsB: match.winsB, draws: match.draws, concededBy: match.concededBy, intentionalDraw: match.intentionalDraw },
          after: { ...slip, concededBy: input.concededBy ?? null, intentionalDraw: input.intentionalDraw },
          note: input.note,
        },
      });
      let laterRoundsPaired = false;
      if (match.round.phase.kind === "SINGLE_ELIMINATION") {
        // The bracket advances as soon as a playoff result is in; if it cannot, nothing is saved.
        const advanced = await advancePlayoff(tx, tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      } else {
        laterRoundsPaired = (await tx.round.count({ where: { tournamentId, number: { gt: match.round.number } } })) > 0;
      }
      return success({ matchId: match.id, version: nextVersion, winner: outcome.value.winner, isDuplicate: false, laterRoundsPaired });
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result;
    // The same key raced itself past the lock-free pre-check (it cannot under the tournament
    // lock, but the unique index is the last word): answer as the first submission did.
    if (isUniqueViolation(error)) {
      const previous = await findByIdempotencyKey(prisma, input);
      if (previous) return previous;
    }
    throw error;
  }
}

function formatOf(phase: { gamesToWin: number; kind: string }): MatchFormat {
  return { gamesToWin: phase.gamesToWin, elimination: phase.kind === "SINGLE_ELIMINATION" };
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
      match: { select: { version: true, round: { select: { phase: { select: { gamesToWin: true, kind: true } } } } } },
    },
  });
  if (!report) return null;
  const format = formatOf(report.match.round.phase);
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
    return failure("CONFLICT", "This form was already used to save a result, so nothing was saved now. Reload the page to see the current result and save again.");
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

function staleVersion(match: { winsA: number | null; winsB: number | null; draws: number | null }): ActionResult<never> {
  const current = match.winsA === null ? "no result" : `${match.winsA}-${match.winsB}-${match.draws ?? 0}`;
  return failure("CONFLICT", `This result was changed by someone else in the meantime (it is now ${current}). Review it and save again.`);
}

/** A playoff match an upstream correction took out of the bracket: kept for its history only. */
function voidedMatch(): ActionResult<never> {
  return failure("NOT_FOUND", "This playoff match was voided by a correction to an earlier match. Reload the bracket to see the current match.");
}

/** Thrown inside a transaction to undo it and answer with an expected failure. */
class RollBack extends Error {
  constructor(readonly result: ActionResult<never>) {
    super(result.ok ? "rollback" : result.error.message);
  }
}

/**
 * Staff remove a result entirely (entered on the wrong match, or to correct a playoff match
 * upstream of one already played). Recorded as CLEARED with the reason; a playoff bracket
 * forgets the matches that depended on it while they are unplayed.
 */
export async function clearMatchResult(input: ClearMatchResultInput, staff: { staffId?: string; name: string }): Promise<ActionResult<{ version: number }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const located = await tx.match.findUnique({ where: { id: input.matchId }, select: { round: { select: { tournamentId: true } } } });
      if (!located) return failure("NOT_FOUND", "That match does not exist.");
      await lockTournament(tx, located.round.tournamentId);
      const match = await tx.match.findUniqueOrThrow({
        where: { id: input.matchId },
        select: { id: true, ...MATCH_RESULT_FIELDS, version: true, voidedAt: true, round: { select: { phase: { select: { kind: true } } } } },
      });
      if (match.voidedAt) return voidedMatch();
      if (match.sideBId === null) return failure("INVALID_RESULT", `This is a bye: its result is fixed at ${slipToString(BYE_SLIP)}.`);
      if (match.version !== input.expectedVersion) return staleVersion(match);
      if (match.winsA === null) return success({ version: match.version });
      const nextVersion = match.version + 1;
      await tx.match.update({
        where: { id: match.id },
        data: { winsA: null, winsB: null, draws: null, concededBy: null, intentionalDraw: false, confirmedAt: null, version: nextVersion },
      });
      await tx.resultChange.create({
        data: {
          matchId: match.id,
          version: nextVersion,
          kind: "CLEARED",
          source: "STAFF",
          staffId: staff.staffId ?? null,
          actorName: staff.name,
          before: { winsA: match.winsA, winsB: match.winsB, draws: match.draws, concededBy: match.concededBy, intentionalDraw: match.intentionalDraw },
          note: input.note,
        },
      });
      if (match.round.phase.kind === "SINGLE_ELIMINATION") {
        const advanced = await advancePlayoff(tx, located.round.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({ version: nextVersion });
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result;
    throw error;
  }
}

export async function getMatchHistory(matchId: string) {
  return prisma.resultChange.findMany({ where: { matchId }, orderBy: { version: "asc" } });
}
