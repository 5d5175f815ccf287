import "server-only";
import { prisma } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { evaluateResultSlip } from "@/lib/rules/match";
import type { ReportMatchResultInput } from "@/lib/schemas/match-result";
import { isUniqueViolation } from "./prisma-errors";
import { advancePlayoff } from "./playoffs";

export type ResultReporter =
  | { source: "STAFF"; staffId?: string; name: string }
  | { source: "PLAYER"; registrationId: string; name: string };

export type RecordedResult = { matchId: string; version: number; winner: "A" | "B" | null; isDuplicate: boolean };

/**
 * Records a match result slip. The rules engine decides whether the slip is possible and
 * who won (MTR 2.1, 2.5); the write is one transaction that
 * - is idempotent: a retried submission with the same key returns the first answer;
 * - detects concurrent edits: it applies only if the match is still at `expectedVersion`;
 * - appends the change to the match's history, never overwriting it silently.
 * Players cannot change a confirmed result; staff corrections are recorded as CORRECTED.
 */
export async function reportMatchResult(input: ReportMatchResultInput, reporter: ResultReporter): Promise<ActionResult<RecordedResult>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const previous = await findByIdempotencyKey(tx, input);
      if (previous) return previous;

      const match = await tx.match.findUnique({
        where: { id: input.matchId },
        select: {
          id: true,
          sideBId: true,
          winsA: true,
          winsB: true,
          draws: true,
          version: true,
          confirmedAt: true,
          round: { select: { tournamentId: true, phase: { select: { gamesToWin: true, kind: true } } } },
        },
      });
      if (!match) return failure("NOT_FOUND", "That match does not exist. It may have been removed when the round was re-paired.");
      if (match.sideBId === null) return failure("INVALID_RESULT", "This is a bye: its result is fixed at 2-0.");
      if (match.confirmedAt && reporter.source === "PLAYER") {
        return failure("MATCH_CONFIRMED", "This result is already confirmed. Ask a judge or the organizer to correct it.");
      }
      if (match.version !== input.expectedVersion) return (await findByIdempotencyKey(tx, input)) ?? (await staleVersion(tx, match.id));

      const outcome = evaluateResultSlip(
        { gamesToWin: match.round.phase.gamesToWin, elimination: match.round.phase.kind === "SINGLE_ELIMINATION" },
        { winsA: input.winsA, winsB: input.winsB, draws: input.draws },
        { concededBy: input.concededBy, intentionalDraw: input.intentionalDraw },
      );
      if (!outcome.ok) return failure("INVALID_RESULT", outcome.error.message);

      const slip = outcome.value.slip;
      const now = new Date();
      const nextVersion = match.version + 1;
      const updated = await tx.match.updateMany({
        where: { id: match.id, version: input.expectedVersion },
        data: {
          winsA: slip.winsA,
          winsB: slip.winsB,
          draws: slip.draws,
          concededBy: input.concededBy ?? null,
          intentionalDraw: input.intentionalDraw,
          version: nextVersion,
          confirmedAt: reporter.source === "STAFF" ? now : match.confirmedAt,
        },
      });
      // Another write got there first; under READ COMMITTED this re-read sees it. If it was this
      // very submission (a retry racing itself), answer as it did.
      if (updated.count === 0) return (await findByIdempotencyKey(tx, input)) ?? (await staleVersion(tx, match.id));

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
        },
      });
      const hadResult = match.winsA !== null;
      await tx.resultChange.create({
        data: {
          matchId: match.id,
          version: nextVersion,
          kind: hadResult ? "CORRECTED" : "REPORTED",
          source: reporter.source,
          staffId: reporter.source === "STAFF" ? (reporter.staffId ?? null) : null,
          actorName: reporter.name,
          before: hadResult ? { winsA: match.winsA, winsB: match.winsB, draws: match.draws } : undefined,
          after: { ...slip, concededBy: input.concededBy ?? null, intentionalDraw: input.intentionalDraw },
          note: input.note,
        },
      });
      if (match.round.phase.kind === "SINGLE_ELIMINATION") {
        // The bracket advances as soon as a playoff result is in; if it cannot, nothing is saved.
        const advanced = await advancePlayoff(tx, match.round.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({ matchId: match.id, version: nextVersion, winner: outcome.value.winner, isDuplicate: false });
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result;
    // The same submission raced itself: the first one won, so answer as it did.
    if (isUniqueViolation(error)) {
      const previous = await findByIdempotencyKey(prisma, input);
      if (previous) return previous;
      return failure("CONFLICT", "Someone else changed this result at the same time. Reload to see the current result.");
    }
    throw error;
  }
}

async function findByIdempotencyKey(
  db: Pick<typeof prisma, "matchReport">,
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
      match: { select: { version: true, round: { select: { phase: { select: { gamesToWin: true, kind: true } } } } } },
    },
  });
  if (!report) return null;
  const context = { concededBy: report.concededBy ?? undefined, intentionalDraw: report.intentionalDraw };
  const outcome = evaluateResultSlip(
    { gamesToWin: report.match.round.phase.gamesToWin, elimination: report.match.round.phase.kind === "SINGLE_ELIMINATION" },
    { winsA: report.winsA, winsB: report.winsB, draws: report.draws },
    context,
  );
  const isSameReport =
    report.matchId === input.matchId &&
    (input.concededBy ?? null) === report.concededBy &&
    input.intentionalDraw === report.intentionalDraw &&
    outcome.ok &&
    sameSlip(outcome.value.slip, evaluatedInputSlip(report.match.round.phase, input));
  if (!isSameReport || !outcome.ok) return failure("CONFLICT", "This submission key was already used for a different result.");
  return success({ matchId: report.matchId, version: report.match.version, winner: outcome.value.winner, isDuplicate: true });
}

/** The slip the rules make of a submission (a concession may turn 1-0 into 2-1), for comparing retries. */
function evaluatedInputSlip(phase: { gamesToWin: number; kind: string }, input: ReportMatchResultInput) {
  const outcome = evaluateResultSlip(
    { gamesToWin: phase.gamesToWin, elimination: phase.kind === "SINGLE_ELIMINATION" },
    { winsA: input.winsA, winsB: input.winsB, draws: input.draws },
    { concededBy: input.concededBy, intentionalDraw: input.intentionalDraw },
  );
  return outcome.ok ? outcome.value.slip : null;
}

function sameSlip(a: { winsA: number; winsB: number; draws: number }, b: { winsA: number; winsB: number; draws: number } | null): boolean {
  return b !== null && a.winsA === b.winsA && a.winsB === b.winsB && a.draws === b.draws;
}

async function staleVersion(db: Pick<typeof prisma, "match">, matchId: string): Promise<ActionResult<never>> {
  const match = await db.match.findUnique({ where: { id: matchId }, select: { winsA: true, winsB: true, draws: true } });
  const current = !match || match.winsA === null ? "no result" : `${match.winsA}-${match.winsB}-${match.draws ?? 0}`;
  return failure("CONFLICT", `This result was changed by someone else in the meantime (it is now ${current}). Review it and submit again.`);
}

export async function getMatchHistory(matchId: string) {
  return prisma.resultChange.findMany({ where: { matchId }, orderBy: { version: "asc" } });
}

/** Thrown inside a transaction to undo it and answer with an expected failure. */
class RollBack extends Error {
  constructor(readonly result: ActionResult<never>) {
    super(result.ok ? "rollback" : result.error.message);
  }
}
