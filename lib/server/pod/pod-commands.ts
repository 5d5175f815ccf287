import "server-only";
// The writes to a pod's record, each on the one contest envelope (contest-write.ts): read the facts, ask lib/rules, describe the write.
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  correctPodGame,
  derivePodGame,
  isPodOutcome,
  podOutcomeFacts,
  type PodGameEvent,
  type PodGameView,
  type PodOutcome,
} from "@/lib/rules/pod-game";
import type { PodEventSettings } from "@/lib/rules/pod-event";
import type { PodQuickEntry } from "@/lib/rules/quick-entry";
import type { RuleResult } from "@/lib/rules/result";
import { decidePodReport } from "@/lib/rules/pod-report";
import { lockContest } from "@/lib/server/contest/tournament-lock";
import {
  opened,
  refused,
  RollBack,
  writeContest,
  type ContestOpening,
  type ContestReader,
} from "@/lib/server/contest/contest-write";
import { ruleFailure } from "@/lib/server/infra/errors";
import { listOfNames } from "@/lib/plural";
import {
  NOT_A_POD_EVENT,
  POD_SELECT,
  type PodRow,
  derivePod,
  latestReports,
  loadPodSettings,
  toPodView,
} from "./pod-record";
import { advancePodCut } from "./pods";
import { render } from "@/lib/messages/render";
import { withoutFactNumber } from "@/lib/rules/pod-game";

export type RecordPodFactInput = {
  tournamentId: string;
  podId: string;
  expectedVersion: number;
  idempotencyKey: string;
  fact: PodGameEvent;
  /** Record the result in the same write once the fact decides the game (staff entering a finished pod). */
  record?: boolean;
};

type RecordedFacts = ActionResult<{ version: number; game: PodGameView; isDuplicate: boolean }>;

/**
 * Adds one fact to a pod's game (someone left, a win, a draw, time, a turn), checked by the rules
 * against every fact before it; with `record`, a fact that decides the game also records the
 * result. Idempotent by key; a stale version is a conflict, so two judges never overwrite each other.
 */
export async function recordPodFact(
  input: RecordPodFactInput,
  actor: PodActor,
): Promise<RecordedFacts> {
  return appendPodFacts(
    input,
    () => ({ ok: true, value: [input.fact] }),
    input.record === true,
    actor,
  );
}

/**
 * Records a finished pod's result as staff enter it (podOutcomeFacts in lib/rules: a win, a draw
 * every player still in agreed to, or a draw at time); the facts go through the same rules and
 * the result is recorded in the same write.
 */
export async function recordPodOutcome(
  input: Omit<RecordPodFactInput, "fact" | "record"> & { outcome: PodOutcome },
  actor: PodActor,
): Promise<RecordedFacts> {
  return appendPodFacts(
    input,
    (game, settings) => podOutcomeFacts(game, settings.endOfRound, input.outcome),
    true,
    actor,
    (game) => isPodOutcome(game.result, input.outcome),
  );
}

async function appendPodFacts(
  input: Omit<RecordPodFactInput, "fact" | "record">,
  factsFor: (game: PodGameView, settings: PodEventSettings) => RuleResult<PodGameEvent[]>,
  record: boolean,
  actor: PodActor,
  isRecordedAlready?: (game: PodGameView) => boolean,
): Promise<RecordedFacts> {
  return writeContest({
    ...podOpening(input, "A bye has no game to record: it counts as a win."),
    replay: async (db) => {
      const stored = await podOfKey(db, input.idempotencyKey);
      return stored ? answerReplay(db, input, stored.id) : null;
    },
    run: async (tx, { row, settings }) => {
      const recorded = row.confirmedAt !== null ? derivePod(row, settings) : null;
      // The recorded outcome entered again (a second slip, a retyped line) is already recorded, not an error.
      if (recorded && isRecordedAlready?.(recorded))
        return success({ version: row.version, game: recorded, isDuplicate: true });
      if (row.confirmedAt !== null)
        return failure(
          "MATCH_CONFIRMED",
          "The pod's result is recorded: only a staff correction with a reason changes it.",
        );
      return writePodFacts(
        tx,
        input.tournamentId,
        row,
        settings,
        factsFor(derivePod(row, settings)!, settings),
        record,
        actor.name,
        input.idempotencyKey,
      );
    },
  });
}

/** The pod a request's key was stored with: on a fact it added, or on the pod for a result its facts had decided. */
async function podOfKey(db: ContestReader, idempotencyKey: string) {
  return db.pod.findFirst({
    where: { OR: [{ recordedKey: idempotencyKey }, { events: { some: { idempotencyKey } } }] },
    select: { id: true, version: true },
  });
}

/** Who writes to a pod: the staff seat (kept in the history) and the name shown with each fact. */
export type PodActor = { staffId?: string; name: string };

type LockedPod = { row: PodRow; settings: PodEventSettings };

const POD_CHANGED =
  "This pod changed since you opened it: look at it again, then record what happened.";

/**
 * A pod opened for a write in the contest envelope (contest-write.ts): locked by the one lock
 * rule with its event's settings, or the answer instead (not one of the tournament's, a bye).
 */
function podOpening(
  input: { tournamentId: string; podId: string; expectedVersion?: number },
  byeMessage: string,
): ContestOpening<LockedPod> {
  return {
    open: async (tx) => {
      const row = await lockPod(tx, input.tournamentId, input.podId);
      if (!row) return refused(failure("NOT_FOUND", "That pod is not one of this tournament's."));
      if (row.isBye) return refused(failure("VALIDATION", byeMessage));
      const settings = await loadPodSettings(tx, input.tournamentId);
      if (!settings) return refused(failure("VALIDATION", NOT_A_POD_EVENT));
      return opened({ row, settings }, row.version);
    },
    expectedVersion: input.expectedVersion,
    stale: () => failure("CONFLICT", POD_CHANGED),
  };
}

/** A write's facts as PodEvent rows from sequence `first`: the first keeps the form's key, the others derive theirs from it. */
function podEventRows(
  podId: string,
  first: number,
  facts: readonly PodGameEvent[],
  actorName: string,
  idempotencyKey: string,
) {
  return facts.map((fact, index) => ({
    podId,
    sequence: first + index,
    data: fact,
    actorName,
    idempotencyKey: index === 0 ? idempotencyKey : `${idempotencyKey}#${index}`,
  }));
}

/** Moves a locked pod to its next version, only from the version read: the version check, in SQL. */
async function movePodVersion(
  tx: Transaction,
  row: PodRow,
  data: { confirmedAt?: Date; recordedKey?: string } = {},
): Promise<number> {
  const moved = await tx.pod.updateMany({
    where: { id: row.id, version: row.version },
    data: { version: row.version + 1, ...data },
  });
  if (moved.count === 0) throw new RollBack(failure("CONFLICT", POD_CHANGED));
  return row.version + 1;
}

/** Reads a pod of the tournament under the contest lock rule (lockContest): two cut pods recorded at once each see the other. */
async function lockPod(
  tx: Transaction,
  tournamentId: string,
  podId: string,
): Promise<PodRow | null> {
  if (!(await lockContest(tx, tournamentId, { podId }))) return null;
  return tx.pod.findFirst({ where: { id: podId, round: { tournamentId } }, select: POD_SELECT });
}

/**
 * Appends facts to a locked, open pod after the rules check them against every fact before;
 * with `record`, facts that decide the game also record the result, and a cut pod's result
 * advances the cut.
 */
async function writePodFacts(
  tx: Transaction,
  tournamentId: string,
  row: PodRow,
  settings: PodEventSettings,
  added: RuleResult<PodGameEvent[]>,
  record: boolean,
  actorName: string,
  idempotencyKey: string,
): Promise<RecordedFacts> {
  const names = new Map(
    row.seats.map((seat) => [seat.registrationId, seat.registration.displayName]),
  );
  if (!added.ok) return failure("INVALID_RESULT", render(added.error, { players: names }));
  const facts = [...row.events.map((event) => event.data as PodGameEvent), ...added.value];
  const players = row.seats.map((seat) => seat.registrationId);
  const next = derivePodGame({
    players,
    endOfRound: settings.endOfRound,
    events: facts,
    isRecorded: false,
  });
  if (!next.ok)
    return failure("INVALID_RESULT", render(withoutFactNumber(next.error), { players: names }));
  const isRecorded = record && next.value.phase === "decided";
  const first = (row.events.at(-1)?.sequence ?? 0) + 1;
  await tx.podEvent.createMany({
    data: podEventRows(row.id, first, added.value, actorName, idempotencyKey),
  });
  // A result the facts already decided stores no fact: the pod keeps the form's key for its replay.
  const recordedKey = added.value.length === 0 ? { recordedKey: idempotencyKey } : {};
  const version = await movePodVersion(
    tx,
    row,
    isRecorded ? { confirmedAt: new Date(), ...recordedKey } : {},
  );
  if (isRecorded && row.bracketSlot !== null) await advancePodCut(tx, tournamentId, settings);
  const shown = derivePodGame({
    players,
    endOfRound: settings.endOfRound,
    events: facts,
    isRecorded,
  });
  return success({ version, game: shown.ok ? shown.value : next.value, isDuplicate: false });
}

async function answerReplay(
  db: ContestReader,
  input: Omit<RecordPodFactInput, "fact" | "record">,
  podId: string,
): Promise<RecordedFacts> {
  if (podId !== input.podId)
    return failure("CONFLICT", "That form was already used for another pod: reload the page.");
  const row = await db.pod.findFirst({
    where: { id: podId, round: { tournamentId: input.tournamentId } },
    select: POD_SELECT,
  });
  const settings = await loadPodSettings(db, input.tournamentId);
  if (!row || !settings) return failure("NOT_FOUND", "That pod is not one of this tournament's.");
  const pod = toPodView(row, settings);
  return success({ version: pod.version, game: pod.game!, isDuplicate: true });
}

/** Records a decided pod's result (MTR 2.5: a result counts once recorded). */
export async function recordPodResult(input: {
  tournamentId: string;
  podId: string;
  expectedVersion: number;
  idempotencyKey: string;
}): Promise<ActionResult<{ version: number; isDuplicate: boolean }>> {
  return writeContest({
    ...podOpening(input, "A bye has no result to record."),
    // Recording adds no fact: the pod keeps the form's key, so a form sent again is answered as it was.
    replay: async (db) => {
      const stored = await podOfKey(db, input.idempotencyKey);
      if (!stored) return null;
      return stored.id === input.podId
        ? success({ version: stored.version, isDuplicate: true })
        : failure("CONFLICT", "That form was already used for another pod: reload the page.");
    },
    run: async (tx, { row, settings }) => {
      const refusal = derivePod(row, settings)!.refusals["record-result"];
      if (refusal) return ruleFailure(refusal, "VALIDATION");
      const version = await movePodVersion(tx, row, {
        confirmedAt: new Date(),
        recordedKey: input.idempotencyKey,
      });
      if (row.bracketSlot !== null) await advancePodCut(tx, input.tournamentId, settings);
      return success({ version, isDuplicate: false });
    },
  });
}

/**
 * A pod's result typed on the round page ("7 win 3", "7 draw", "7 time"): the pod of that number in
 * the round, the winner by seat, then the same write as the pod's result form.
 */
export async function enterPodQuickResult(
  input: {
    tournamentId: string;
    roundNumber: number;
    entry: PodQuickEntry;
    idempotencyKey: string;
  },
  actor: PodActor,
): Promise<ActionResult<{ pod: number; summary: string; isDuplicate: boolean }>> {
  const { entry } = input;
  const row = await prisma.pod.findFirst({
    where: {
      round: { tournamentId: input.tournamentId, number: input.roundNumber },
      tableNumber: entry.pod,
    },
    select: POD_SELECT,
  });
  if (!row) {
    const count = await prisma.pod.count({
      where: { round: { tournamentId: input.tournamentId, number: input.roundNumber } },
    });
    return failure(
      "NOT_FOUND",
      `Round ${input.roundNumber} has no pod ${entry.pod} (its pods are 1 to ${count}).`,
    );
  }
  if (row.isBye)
    return failure(
      "VALIDATION",
      `Pod ${entry.pod} is a bye: it counts as a win, with no result to enter.`,
    );
  let outcome: PodOutcome;
  if (entry.outcome.kind === "win") {
    const seat = entry.outcome.seat;
    const winner = row.seats.find((candidate) => candidate.seat === seat);
    if (!winner)
      return failure(
        "VALIDATION",
        `Pod ${entry.pod} has seats 1 to ${row.seats.length}; there is no seat ${seat}.`,
      );
    outcome = { kind: "win", winnerId: winner.registrationId };
  } else {
    outcome = entry.outcome;
  }
  const recorded = await recordPodOutcome(
    {
      tournamentId: input.tournamentId,
      podId: row.id,
      expectedVersion: row.version,
      idempotencyKey: input.idempotencyKey,
      outcome,
    },
    actor,
  );
  if (!recorded.ok)
    return failure(
      recorded.error.code,
      `Pod ${entry.pod}: ${recorded.error.message}`,
      recorded.error.fieldErrors,
    );
  const names = new Map(
    row.seats.map((seat) => [seat.registrationId, seat.registration.displayName]),
  );
  const result = recorded.value.game.result;
  const summary = result?.winner
    ? `${names.get(result.winner) ?? "?"} won`
    : result?.reason === "DRAW_UNFINISHED_AT_TIME"
      ? "draw at time"
      : "agreed draw";
  return success({ pod: entry.pod, summary, isDuplicate: recorded.value.isDuplicate });
}

export type PodReportAnswer = {
  step: "await" | "unchanged" | "record" | "dispute";
  message: string;
  isDuplicate: boolean;
};

/**
 * A player reports their pod's result from their phone (lib/rules/pod-report.ts): it waits for
 * the pod's other players, the last one confirming records it through the same facts as staff
 * entry, and a report that differs marks the pod disputed for staff. Idempotent by key.
 */
export async function reportPodResult(
  input: { tournamentId: string; podId: string; outcome: PodOutcome; idempotencyKey: string },
  player: { registrationId: string },
): Promise<ActionResult<PodReportAnswer>> {
  return writeContest({
    // A report names no version: it is always looked up by its key first, then decided against the pod as it is now.
    ...podOpening(input, "A bye has no result to report: it counts as a win."),
    replay: async (db) => {
      const stored = await db.podReport.findUnique({
        where: { idempotencyKey: input.idempotencyKey },
        select: { podId: true, registrationId: true },
      });
      if (!stored) return null;
      return stored.podId === input.podId && stored.registrationId === player.registrationId
        ? success({ step: "unchanged", message: "Already sent.", isDuplicate: true })
        : failure("CONFLICT", "That form was already used: reload the page.");
    },
    run: async (tx, { row, settings }) => {
      const names = new Map(
        row.seats.map((seat) => [seat.registrationId, seat.registration.displayName]),
      );
      const listed = (ids: readonly string[]) => listOfNames(ids.map((id) => names.get(id) ?? "?"));
      // A report the game's facts refuse (a win after time ran out, a winner who left) is refused before it is stored.
      const game = derivePod(row, settings)!;
      const facts =
        row.confirmedAt === null ? podOutcomeFacts(game, settings.endOfRound, input.outcome) : null;
      if (facts && !facts.ok) return ruleFailure(facts.error, "VALIDATION", { players: names });
      const decided = decidePodReport({
        players: row.seats.map((seat) => seat.registrationId),
        departed: game.departures,
        latest: latestReports(row),
        isRecorded: row.confirmedAt !== null,
        reporter: player.registrationId,
        outcome: input.outcome,
        reportsSent: row.reports.filter((report) => report.registrationId === player.registrationId)
          .length,
      });
      if (!decided.ok) return ruleFailure(decided.error, "VALIDATION", { players: names });
      const step = decided.value;
      if (step.step === "unchanged")
        return success({
          step: "unchanged",
          message: `Already sent: waiting for ${listed(step.waitingFor)} to confirm.`,
          isDuplicate: false,
        });
      const report = {
        podId: row.id,
        registrationId: player.registrationId,
        outcome: input.outcome,
        idempotencyKey: input.idempotencyKey,
      };
      if (step.step !== "record") {
        await tx.podReport.create({ data: report });
        await movePodVersion(tx, row);
        return success({
          step: step.step,
          message:
            step.step === "await"
              ? `Sent: waiting for ${listed(step.waitingFor)} to confirm.`
              : render(step.message, { players: names }),
          isDuplicate: false,
        });
      }
      const written = await writePodFacts(
        tx,
        input.tournamentId,
        row,
        settings,
        facts!,
        true,
        `Players of pod ${row.tableNumber}`,
        `${input.idempotencyKey}#facts`,
      );
      if (!written.ok) return written;
      await tx.podReport.create({ data: report });
      const winner = written.value.game.result?.winner;
      return success({
        step: "record",
        message: `Every player confirmed: result recorded${winner ? `, ${names.get(winner)} won` : ""}.`,
        isDuplicate: false,
      });
    },
  });
}

export type CorrectPodInput = {
  tournamentId: string;
  podId: string;
  expectedVersion: number;
  idempotencyKey: string;
  outcome: PodOutcome;
  reason: string;
};

/**
 * Corrects a recorded pod's result (a wrong seat typed, a misclick): the game's facts are kept
 * but voided, a Game Loss or Match Loss given in it stands, and the corrected outcome's facts are
 * recorded through the same rules, with the reason and who corrected it. Refused once the pod's
 * result has moved on: a Swiss pod after the top cut is seeded, a cut pod after the next pod is seated.
 */
export async function correctPodResult(
  input: CorrectPodInput,
  actor: PodActor,
): Promise<ActionResult<{ version: number; laterRoundsPaired: boolean; isDuplicate: boolean }>> {
  return writeContest({
    ...podOpening(input, "A bye has no result to correct."),
    replay: async (db) => {
      const stored = await db.podEvent.findUnique({
        where: { idempotencyKey: input.idempotencyKey },
        select: { podId: true, pod: { select: { version: true } } },
      });
      if (!stored) return null;
      return stored.podId === input.podId
        ? success({ version: stored.pod.version, laterRoundsPaired: false, isDuplicate: true })
        : failure("CONFLICT", "That form was already used for another pod: reload the page.");
    },
    run: async (tx, { row, settings }) => {
      const cut = await tx.phase.findFirst({
        where: { tournamentId: input.tournamentId, kind: "SINGLE_ELIMINATION" },
        select: { id: true },
      });
      const later = await tx.round.count({
        where: { tournamentId: input.tournamentId, number: { gt: row.round.number } },
      });
      const names = new Map(
        row.seats.map((seat) => [seat.registrationId, seat.registration.displayName]),
      );
      const corrected = correctPodGame(
        {
          players: row.seats.map((seat) => seat.registrationId),
          endOfRound: settings.endOfRound,
          events: row.events.map((event) => event.data as PodGameEvent),
          isRecorded: row.confirmedAt !== null,
          stage: {
            isCutPod: row.bracketSlot !== null,
            isCutSeeded: cut !== null,
            isNextPodSeated: later > 0,
          },
        },
        input.outcome,
      );
      if (!corrected.ok) return ruleFailure(corrected.error, "INVALID_RESULT", { players: names });
      const { facts, before, after } = corrected.value;
      const last = await tx.podEvent.aggregate({
        where: { podId: row.id },
        _max: { sequence: true },
      });
      const first = (last._max.sequence ?? 0) + 1;
      await tx.podEvent.updateMany({
        where: { podId: row.id, voidedAt: null },
        data: { voidedAt: new Date() },
      });
      await tx.podEvent.createMany({
        data: podEventRows(row.id, first, facts, actor.name, input.idempotencyKey),
      });
      const version = await movePodVersion(tx, row);
      // The history row has a match change's shape: the version it made, who by staff seat and name, from, to and why.
      await tx.podCorrection.create({
        data: {
          podId: row.id,
          version,
          staffId: actor.staffId ?? null,
          reason: input.reason,
          actorName: actor.name,
          before: before ?? {},
          after,
        },
      });
      if (row.bracketSlot !== null) await advancePodCut(tx, input.tournamentId, settings);
      return success({ version, laterRoundsPaired: later > 0, isDuplicate: false });
    },
  });
}
