import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  decidePenalty,
  isSlowPlay,
  PENALTY_LABELS,
  type PenaltyConsequence,
} from "@/lib/rules/penalty";
import { chooserForNextGame } from "@/lib/rules/play-draw";
import { otherSide, type Side } from "@/lib/rules/result";
import { dropTakesEffectAfter } from "@/lib/rules/standings";
import type { RecordPenaltyInput } from "@/lib/schemas/penalty";
import { checkGameAgainstEndOfMatch } from "@/lib/rules/end-of-match";
import { slipToString } from "@/lib/rules/match";
import { readMatchFacts, type MatchFacts } from "./match-facts";
import { writeGame } from "./record-game";
import { RollBack, writeContest } from "@/lib/server/contest/contest-write";
import { advancePlayoff } from "@/lib/server/round/playoffs";
import { disputedMatch, matchOpening, type MatchForResult } from "./match-record";
import { isReportedAsSlip } from "@/lib/rules/match-record";
import { render } from "@/lib/messages/render";

export type RecordedPenalty = {
  penaltyId: string;
  matchId: string;
  /** The match version after the penalty (unchanged when the result did not change). */
  version: number;
  /** Turns added to the end-of-match procedure (IPG 3.3, MTR 2.6). */
  addedTurns: number;
  /** What the penalty did, in one sentence (kept in the history). */
  summary: string;
  isDuplicate: boolean;
};

const CONFLICT_MESSAGE =
  "This match was changed by someone else in the meantime, so the penalty was not saved. Review the match and give it again.";

/**
 * A judge's penalty. The rules (lib/rules/penalty.ts) decide what it does from the
 * stored facts; this writes it, in one transaction under the tournament lock (shared, as result
 * writes take it; exclusive for a Disqualification, which drops the player, and in a playoff):
 * - only at `expectedVersion` (the match version the judge's form saw): CONFLICT otherwise;
 * - idempotent: a retried form (same key) is answered as it was first answered;
 * - the Penalty row, always; a Game Loss as the game it makes (record-game.ts writeGame: a Game row
 *   with JUDGE_GAME_LOSS and a GAME_RECORDED history row whose note names the penalty); a Match
 *   Loss as the slip the rules derive, with a ResultChange naming the penalty; turns a Slow Play
 *   Warning adds as an end-of-match step (so the judge's screen counts them); a Disqualification
 *   also drops the player (MTR 2.10). A playoff bracket advances; if it cannot, nothing is saved.
 */
export async function recordPenalty(
  input: RecordPenaltyInput,
  staff: { staffId?: string; name: string },
  options: {
    /** Runs in the penalty's transaction once its row exists (a deck check links it); a RollBack undoes the penalty. */
    onRecorded?: (tx: Transaction, penaltyId: string) => Promise<void>;
  } = {},
): Promise<ActionResult<RecordedPenalty>> {
  return writeContest({
    // A penalty may go to a bye's player, and may be given while the reports disagree (one that changes the result may not: below).
    ...matchOpening(input, {
      allowBye: true,
      allowDisputed: true,
      changesWhoPlays: input.kind === "DISQUALIFICATION",
    }),
    stale: () => failure("CONFLICT", CONFLICT_MESSAGE),
    replay: (db) => findByKey(db, input),
    // Another step of the procedure took the sequence first.
    collision: failure("CONFLICT", CONFLICT_MESSAGE),
    run: async (tx, match) => {
      const side: Side | null =
        input.registrationId === match.sideAId
          ? "A"
          : input.registrationId === match.sideBId
            ? "B"
            : null;
      const registrations = await tx.registration.findMany({
        where: { id: { in: [match.sideAId, match.sideBId ?? match.sideAId] } },
        select: { id: true, displayName: true },
      });
      const nameOf = (id: string | null) =>
        registrations.find((registration) => registration.id === id)?.displayName ?? "the bye";
      const names = { A: nameOf(match.sideAId), B: nameOf(match.sideBId) };
      const read = await readMatchFacts(tx, match);
      const facts = match.sideBId === null ? null : read;
      const isSlipOnly = isReportedAsSlip({
        gamesRecorded: match.gameCount,
        hasResult: match.winsA !== null,
        hasMatchLoss: Boolean(facts?.matchLoss),
      });
      const endOfMatch =
        input.kind === "WARNING" && isSlowPlay(input.infraction) ? read.procedure() : null;
      const decided = decidePenalty({
        format: {
          gamesToWin: match.gamesToWin,
          elimination: match.phaseKind === "SINGLE_ELIMINATION",
        },
        isBye: match.sideBId === null,
        side,
        kind: input.kind,
        infraction: input.infraction,
        gameNumber: input.gameNumber,
        events: facts?.events ?? [],
        isSlipOnly,
        endOfMatch: endOfMatch?.state ?? null,
        names,
      });
      if (!decided.ok) {
        const field =
          decided.error.code === "GAME_NUMBER"
            ? "gameNumber"
            : decided.error.code === "NOT_IN_MATCH"
              ? "registrationId"
              : null;
        return failure(
          field ? "VALIDATION" : "INVALID_RESULT",
          render(decided.error),
          field ? { [field]: [render(decided.error)] } : undefined,
        );
      }
      const consequence = decided.value;
      // A penalty that changes the result would close the dispute without its settle path (MTR 2.5).
      if (match.isDisputed && consequence.changesResult) return disputedMatch();
      if (consequence.game && facts?.events.some((event) => event.type === "time-called")) {
        // MTR 2.4: the Game Loss is the game under way; once time is called the judge's stored
        // procedure says whether one may still end (IPG 1.2: after the match, the next match).
        const procedure = facts.procedure();
        const contradiction = checkGameAgainstEndOfMatch(
          procedure.state,
          facts.outcomes,
          consequence.game.outcome,
        );
        if (contradiction) {
          const isOver =
            contradiction.error.code === "GAME_CONTRADICTS_END_OF_MATCH" ||
            contradiction.error.code === "GAME_AFTER_MATCH_DECIDED";
          return failure(
            "INVALID_RESULT",
            isOver
              ? `By the end-of-match procedure this match is over at ${slipToString(procedure.state.slip)} (MTR 2.4): a Game Loss now goes to the player's next match (IPG 1.2).`
              : render(contradiction.error),
          );
        }
      }
      const note = `${render(consequence.summary)}${input.note ? ` Judge's note: ${input.note}` : ""}`;

      // The transaction's own time, as the game and history rows it writes get: the history shows
      // the penalty first, then what it made.
      const now = (await tx.$queryRaw<{ now: Date }[]>`SELECT now() AS now`)[0]!.now;
      const version = await writeConsequence(tx, match, input, staff, consequence, {
        side: side!,
        facts: facts!,
        note,
      });
      if (version === undefined)
        return (await findByKey(tx, input)) ?? failure("CONFLICT", CONFLICT_MESSAGE);
      const penalty = await tx.penalty.create({
        data: {
          matchId: match.id,
          registrationId: input.registrationId,
          kind: input.kind,
          infraction: input.infraction,
          additionalTurns: consequence.addedTurns,
          gameNumber: consequence.game?.number ?? input.gameNumber,
          note: input.note,
          staffId: staff.staffId ?? null,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
        },
        select: { id: true },
      });
      await options.onRecorded?.(tx, penalty.id);
      if (consequence.turnsEvent && endOfMatch) {
        // MTR 2.6 / IPG 3.3: the turns feed the end-of-match count the judge's screen replays.
        await tx.endOfMatchEvent.create({
          data: {
            matchId: match.id,
            sequence: endOfMatch.sequence + 1,
            kind: "PENALTY_TURNS",
            data: {
              ...consequence.turnsEvent,
              penaltyId: penalty.id,
              gamesRecorded: facts?.games.length ?? 0,
            } as Prisma.InputJsonValue,
            staffId: staff.staffId ?? null,
            idempotencyKey: `${input.idempotencyKey}:turns`,
          },
        });
      }
      if (consequence.dropsPlayer) await dropForDisqualification(tx, input, staff);
      if (
        consequence.changesResult &&
        match.phaseKind === "SINGLE_ELIMINATION" &&
        consequence.match?.status === "decided"
      ) {
        const advanced = await advancePlayoff(tx, match.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({
        penaltyId: penalty.id,
        matchId: match.id,
        version,
        addedTurns: consequence.addedTurns,
        summary: render(consequence.summary),
        isDuplicate: false,
      });
    },
  });
}

/**
 * The penalty's effect on the match: a game (Game Loss), a slip (Match Loss, Disqualification),
 * or nothing. Returns the match version after it; undefined when the match moved on meanwhile.
 */
async function writeConsequence(
  tx: Transaction,
  match: MatchForResult,
  input: RecordPenaltyInput,
  staff: { staffId?: string; name: string },
  consequence: PenaltyConsequence,
  context: { side: Side; facts: MatchFacts; note: string },
): Promise<number | undefined> {
  if (!consequence.changesResult || !consequence.match) return match.version;
  const state = consequence.match;
  if (consequence.game) {
    // MTR 2.2: the game is recorded with the chooser the rules name for it (the random winner of
    // a Swiss game 1 is not known: the penalised player's opponent is written, choosing to play).
    const rulesChooser = chooserForNextGame(
      match.game1Chooser ?? otherSide(context.side),
      context.facts.outcomes,
    );
    const chooser = rulesChooser.ok ? rulesChooser.value : otherSide(context.side);
    const { outcome, number } = consequence.game;
    const written = await writeGame(
      tx,
      match,
      {
        chooser,
        choice: "PLAY",
        winner: outcome.kind === "win" ? outcome.winner : null,
        reason: "JUDGE_GAME_LOSS",
        idempotencyKey: `${input.idempotencyKey}:game`,
        note: context.note,
      },
      staff,
      { number, outcome, state },
    );
    return written?.version;
  }
  // A Match Loss: the slip the rules derived, stored as decided (MTR 2.5: recorded in a separate step), with history.
  const slip = state.slip;
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
    concededBy: null,
    intentionalDraw: false,
    penalty: PENALTY_LABELS[input.kind],
    penalisedSide: context.side,
  });
  const kind = match.winsA === null ? "REPORTED" : "CORRECTED";
  const rows = await tx.$queryRaw<{ version: number }[]>`
    WITH updated AS (
      UPDATE "Match"
      SET "winsA" = ${slip.winsA}, "winsB" = ${slip.winsB}, draws = ${slip.draws}, "concededBy" = NULL, "intentionalDraw" = false,
          version = version + 1, "updatedAt" = now()
      WHERE id = ${match.id} AND version = ${match.version}
      RETURNING id, version
    ), history AS (
      INSERT INTO "ResultChange" (id, "matchId", version, kind, source, "staffId", "actorName", before, after, note, "createdAt")
      SELECT ${randomUUID()}, updated.id, updated.version, ${kind}::"ResultChangeKind", 'STAFF'::"ResultSource", ${staff.staffId ?? null},
             ${staff.name}, ${before}::jsonb, ${after}::jsonb, ${context.note}, now()
      FROM updated
    )
    SELECT version FROM updated`;
  return rows[0]?.version;
}

/** MTR 2.10: a disqualified player is dropped (as dropPlayer does; the tournament lock is held). */
async function dropForDisqualification(
  tx: Transaction,
  input: RecordPenaltyInput,
  staff: { staffId?: string; name: string },
): Promise<void> {
  const registration = await tx.registration.findFirstOrThrow({
    where: { id: input.registrationId, tournamentId: input.tournamentId },
    select: {
      droppedAfterRound: true,
      firstRound: true,
      tournament: {
        select: {
          status: true,
          _count: { select: { rounds: { where: { phase: { kind: "SWISS" } } } } },
        },
      },
    },
  });
  if (registration.droppedAfterRound !== null) return;
  const drop = dropTakesEffectAfter({
    roundsPaired: registration.tournament._count.rounds,
    firstRound: registration.firstRound,
    isEventComplete: registration.tournament.status === "COMPLETE",
  });
  if (!drop.ok) return;
  await tx.registration.update({
    where: { id: input.registrationId },
    data: { droppedAfterRound: drop.value },
  });
  await tx.dropChange.create({
    data: {
      registrationId: input.registrationId,
      kind: "DROPPED",
      afterRound: drop.value,
      staffId: staff.staffId ?? null,
      actorName: staff.name,
    },
  });
}

/**
 * A form whose key was already used: the same penalty sent again (a retry, a double click) is
 * answered as it was first answered; any other use of the key is a conflict.
 */
async function findByKey(
  db: Pick<Transaction, "penalty" | "match">,
  input: RecordPenaltyInput,
): Promise<ActionResult<RecordedPenalty> | null> {
  const penalty = await db.penalty.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: {
      id: true,
      matchId: true,
      registrationId: true,
      kind: true,
      infraction: true,
      additionalTurns: true,
      match: { select: { version: true } },
    },
  });
  if (!penalty) return null;
  const isSame =
    penalty.matchId === input.matchId &&
    penalty.registrationId === input.registrationId &&
    penalty.kind === input.kind &&
    penalty.infraction === input.infraction;
  if (!isSame)
    return failure(
      "CONFLICT",
      "This form was already used to give a penalty, so nothing was saved now. Reload the match and give it again.",
    );
  return success({
    penaltyId: penalty.id,
    matchId: penalty.matchId,
    version: penalty.match.version,
    addedTurns: penalty.additionalTurns,
    summary: `${render(PENALTY_LABELS[penalty.kind])} already recorded.`,
    isDuplicate: true,
  });
}
