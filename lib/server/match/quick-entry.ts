import "server-only";
import { loadTeamMembers, nameSeatMatches } from "@/lib/server/registration/team-names";
import { SEAT_LETTERS, tableLabel } from "@/lib/rules/teams";
import { withSideNames } from "@/lib/server/registration/player-names";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  evaluateResultSlip,
  questionResultSlip,
  resultSummary,
  slipToString,
  type ResultSlip,
} from "@/lib/rules/match";
import {
  decideQuickEntryLine,
  questionQuickEntrySlip,
  refuseQuickEntryDrops,
  type QuickEntryResult,
} from "@/lib/rules/quick-entry";
import { mtrTitle, type MtrSection } from "@/lib/rules/edition";
import type { Side } from "@/lib/rules/result";
import type { QuickEntryInput } from "@/lib/schemas/quick-entry";
import { reportMatchResult, type ResultReporter } from "./results";
import { dropPlayer } from "@/lib/server/registration/registrations";
import { recordDecidedResult } from "./record-result";
import { render } from "@/lib/messages/render";

export type QuickEntrySaved = {
  table: number;
  /** The table as staff typed it: "12", or "12A" for a team table's seat (MTR 8.2). */
  tableLabel: string;
  nameA: string;
  nameB: string;
  /** The slip as stored, e.g. "2-1-0" (a concession or an agreed draw rewritten by the rules). */
  slip: string;
  /** "Ann Archer wins 2-1", "Ben conceded: Ann wins 2-0", "Intentional draw, 0-0-3". */
  summary: string;
  isDuplicate: boolean;
  /** Players dropped after the result (MTR 2.10). */
  dropped: string[];
  /** A requested drop that could not be made; the result itself was saved. */
  dropProblem?: string;
};

const SECTIONS: Record<string, MtrSection> = {
  "MTR 2.1": "matchStructure",
  "MTR 2.4": "endOfMatch",
  "MTR 2.5": "concedeOrDraw",
};

/** "…(MTR 2.1 Match Structure)" after a rule's message, unless the message already names it. */
function withRule(message: string, rule: string | undefined): string {
  const section = rule ? SECTIONS[rule] : undefined;
  if (!section || message.includes(`(${rule})`)) return message;
  return `${message} (${render(mtrTitle(section))})`;
}

/**
 * Saves one quick-entry line: finds the match at that table of the round, and reports its slip
 * through reportMatchResult, the same path, rules, version check and idempotency as the result
 * form. Quick entry only fills in a table without a result: a correction needs a reason and is
 * made on the match's row. Enter pressed again on the same line (same key) answers as the first
 * save did. Drops (MTR 2.10) are made after the result is saved, by whoever may drop players.
 */
export async function enterQuickResult(
  input: QuickEntryInput,
  reporter: ResultReporter,
  options: { mayDrop: boolean },
): Promise<ActionResult<QuickEntrySaved>> {
  const { entry } = input;
  const seatLetter = entry.seat === undefined ? "" : (SEAT_LETTERS[entry.seat] ?? "");
  const at = `Table ${entry.table}${seatLetter}`;
  const atTable = await prisma.match.findMany({
    where: {
      round: { tournamentId: input.tournamentId, number: input.roundNumber },
      tableNumber: entry.table,
      voidedAt: null,
    },
    orderBy: { seat: "asc" },
    select: {
      id: true,
      seat: true,
      tableNumber: true,
      version: true,
      winsA: true,
      winsB: true,
      draws: true,
      concededBy: true,
      intentionalDraw: true,
      confirmedAt: true,
      // MTR 2.5: a player's report waiting for the opponent (it produced the match's current version).
      reports: {
        where: { source: "PLAYER", confirmedAt: null },
        orderBy: { createdAt: "desc" },
        take: 1,
        select: {
          reportedById: true,
          resultVersion: true,
          winsA: true,
          winsB: true,
          draws: true,
          concededBy: true,
          intentionalDraw: true,
        },
      },
      changes: { orderBy: { version: "desc" }, take: 1, select: { kind: true, version: true } },
      sideA: { select: { id: true, displayName: true } },
      sideB: { select: { id: true, displayName: true } },
      round: { select: { phase: { select: { gamesToWin: true, kind: true } } } },
    },
  });
  // MTR 8.2: a team table holds one match per seat, named by its letter ("12A").
  if (atTable.length > 1 && entry.seat === undefined) {
    return failure(
      "VALIDATION",
      `${at} is a team table: type the seat too, e.g. "${entry.table}A ${slipToString(entry.slip).replace(/-0$/, "")}" for seat A (${atTable.map((row) => tableLabel(entry.table, row.seat, atTable.length)).join(", ")}).`,
    );
  }
  const [match] = nameSeatMatches(
    atTable.filter((row) => row.seat === (entry.seat ?? 0)),
    atTable.length,
    atTable.length > 1 ? await loadTeamMembers(prisma, input.tournamentId) : undefined,
  );
  if (atTable.length > 0 && !match)
    return failure(
      "NOT_FOUND",
      `${at}: table ${entry.table} has no seat ${seatLetter} (its seats are ${atTable.map((row) => SEAT_LETTERS[row.seat]).join(", ")}).`,
    );
  if (atTable.length === 1 && entry.seat !== undefined) {
    return failure(
      "VALIDATION",
      `Table ${entry.table} has one match, not a match per seat: type it without the seat letter, e.g. "${entry.table} ${slipToString(entry.slip).replace(/-0$/, "")}".`,
    );
  }
  if (!match) {
    const last = await prisma.match.aggregate({
      where: {
        round: { tournamentId: input.tournamentId, number: input.roundNumber },
        voidedAt: null,
      },
      _max: { tableNumber: true },
    });
    return failure(
      "NOT_FOUND",
      `${at}: round ${input.roundNumber} has no table ${entry.table} (its tables are 1 to ${last._max.tableNumber ?? 0}).`,
    );
  }
  if (!match.sideB)
    return failure(
      "INVALID_RESULT",
      `${at}: ${match.sideA.displayName} has the bye, fixed at 2-0; there is no slip to enter.`,
    );
  const [nameA, nameB] = [match.sideA.displayName, match.sideB.displayName];
  const who = `${at} (${nameA} vs ${nameB})`;
  const sideIds: Record<Side, string> = { A: match.sideA.id, B: match.sideB.id };
  const format = {
    gamesToWin: match.round.phase.gamesToWin,
    elimination: match.round.phase.kind === "SINGLE_ELIMINATION",
  };
  const dropRefused = refuseQuickEntryDrops(format, entry);
  if (dropRefused) return failure("INVALID_RESULT", `${who}: ${render(dropRefused.error)}`);
  if (entry.drops.length > 0 && !options.mayDrop) {
    return failure(
      "FORBIDDEN",
      `${at}: your role cannot drop players (MTR 2.10); enter the result without "drop" and ask the organizer or scorekeeper.`,
    );
  }

  // The same line sent again (Enter twice, a retry): answer as the first save did.
  const previous = await prisma.matchReport.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: { matchId: true, resultVersion: true },
  });
  if (previous && previous.matchId !== match.id) {
    return failure(
      "CONFLICT",
      `${who}: this entry's key was already used for another table, so nothing was saved now. Type the line again.`,
    );
  }
  const context = { concededBy: entry.concededBy, intentionalDraw: entry.intentionalDraw };
  const outcome = evaluateResultSlip(format, entry.slip, context);
  if (!outcome.ok) {
    const text = render(outcome.error, { sides: { A: nameA, B: nameB } });
    return failure("INVALID_RESULT", `${who}: ${withRule(text, outcome.error.rule)}`);
  }
  // The recording's own refusals come back rendered without the table's names.
  const named = (message: string) => withSideNames(message, { A: nameA, B: nameB });

  const stored =
    match.winsA === null
      ? null
      : {
          slip: { winsA: match.winsA, winsB: match.winsB!, draws: match.draws ?? 0 },
          concededBy: match.concededBy,
          intentionalDraw: match.intentionalDraw,
        };
  const entered = {
    slip: outcome.value.slip,
    concededBy: entry.concededBy ?? null,
    intentionalDraw: entry.intentionalDraw,
  };
  const waiting = match.reports[0];
  const waitingReport =
    waiting && waiting.resultVersion === match.version
      ? {
          by: (waiting.reportedById === match.sideA.id ? "A" : "B") as Side,
          result: reportedResultOf(format, waiting),
        }
      : null;
  const step = decideQuickEntryLine({
    entered,
    stored,
    isConfirmed: match.confirmedAt !== null,
    waitingReport,
    isDisputed: match.changes[0]?.kind === "DISPUTED" && match.changes[0].version === match.version,
    isReplay: previous !== null,
    confirmUnusual: entry.confirmUnusual,
  });
  if (!step.ok) return failure("INVALID_RESULT", `${who}: ${render(step.error)}`);
  if (step.value.step === "record-decided") {
    const recorded = await recordDecidedResult(
      { matchId: match.id, expectedVersion: match.version, idempotencyKey: input.idempotencyKey },
      { staffId: "staffId" in reporter ? reporter.staffId : undefined, name: reporter.name },
    );
    if (!recorded.ok)
      return failure(recorded.error.code, `${who}: ${named(recorded.error.message)}`);
    return success({
      table: entry.table,
      tableLabel: `${entry.table}${seatLetter}`,
      nameA,
      nameB,
      slip: slipToString(recorded.value.slip),
      summary: summaryOf(outcome.value, entered, nameA, nameB),
      isDuplicate: false,
      dropped: [],
    });
  }
  if (step.value.step === "already-recorded") {
    return success({
      table: entry.table,
      tableLabel: `${entry.table}${seatLetter}`,
      nameA,
      nameB,
      slip: slipToString(outcome.value.slip),
      summary: summaryOf(outcome.value, entered, nameA, nameB),
      isDuplicate: true,
      dropped: [],
    });
  }
  if (step.value.step === "has-result") {
    const { stored: kept } = step.value;
    return failure(
      "CONFLICT",
      `${who} already has a result, ${kept.winsA}-${kept.winsB}-${kept.draws}. To change it, use "Correct or clear" on its row (a correction needs a reason).`,
    );
  }
  if (step.value.step === "differs-from-report") {
    const [reporterName, other] = step.value.reportedBy === "A" ? [nameA, nameB] : [nameB, nameA];
    return failure(
      "INVALID_RESULT",
      `${who}: ${reporterName} reported ${slipToString(step.value.reported)} from their phone, waiting for ${other} to confirm. To save ${slipToString(entered.slip)} instead, end the line with "!".`,
    );
  }
  if (!entry.confirmUnusual && !previous) {
    const question =
      questionResultSlip(format, entry.slip) ?? questionQuickEntrySlip(format, entry);
    if (question)
      return failure(
        "INVALID_RESULT",
        `${who}: ${render(question.error)} To save it as it is, end the line with "!".`,
      );
  }

  const saved = await reportMatchResult(
    {
      matchId: match.id,
      ...entry.slip,
      expectedVersion: previous ? previous.resultVersion - 1 : match.version,
      idempotencyKey: input.idempotencyKey,
      concededBy: entry.concededBy,
      intentionalDraw: entry.intentionalDraw,
      confirmUnusual: entry.confirmUnusual,
      note: "",
    },
    reporter,
  );
  if (!saved.ok)
    return failure(
      saved.error.code,
      `${who}: ${named(saved.error.message)}`,
      saved.error.fieldErrors,
    );

  const { slip } = outcome.value;
  const summary = summaryOf(outcome.value, entered, nameA, nameB);
  const dropped: string[] = [];
  let dropProblem: string | undefined;
  for (const side of entry.drops) {
    const drop = await dropPlayer(
      { tournamentId: input.tournamentId, registrationId: sideIds[side] },
      { staffId: "staffId" in reporter ? (reporter.staffId ?? null) : null, name: reporter.name },
    );
    // MTR 8.2: a member's drop is the whole team's, and the message names the team.
    const team = side === "A" ? match.sideA.teamName : match.sideB.teamName;
    const member = side === "A" ? nameA : nameB;
    if (drop.ok)
      dropped.push(
        atTable.length > 1 && team !== member ? `${team} (the whole team, with ${member})` : member,
      );
    else dropProblem = `${side === "A" ? nameA : nameB} was not dropped: ${drop.error.message}`;
  }
  return success({
    table: entry.table,
    tableLabel: `${entry.table}${seatLetter}`,
    nameA,
    nameB,
    slip: slipToString(slip),
    summary,
    isDuplicate: saved.value.isDuplicate,
    dropped,
    ...(dropProblem ? { dropProblem } : {}),
  });
}

/** How the line ended the match, in the table's names (MTR 2.5). */
function summaryOf(
  outcome: { winner: Side | null; slip: ResultSlip },
  how: { concededBy: Side | null; intentionalDraw: boolean },
  nameA: string,
  nameB: string,
): string {
  return render(resultSummary(outcome, how), { sides: { A: nameA, B: nameB } });
}

/** A player's waiting report as the rules judge it (MTR 2.5 rewrites a concession or agreed draw), to compare with the line. */
function reportedResultOf(
  format: { gamesToWin: number; elimination: boolean },
  report: {
    winsA: number;
    winsB: number;
    draws: number;
    concededBy: Side | null;
    intentionalDraw: boolean;
  },
): QuickEntryResult {
  const slip = { winsA: report.winsA, winsB: report.winsB, draws: report.draws };
  const judged = evaluateResultSlip(format, slip, {
    concededBy: report.concededBy ?? undefined,
    intentionalDraw: report.intentionalDraw,
  });
  return {
    slip: judged.ok ? judged.value.slip : slip,
    concededBy: report.concededBy,
    intentionalDraw: report.intentionalDraw,
  };
}
