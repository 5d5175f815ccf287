import "server-only";
import { randomBytes } from "node:crypto";
import { prisma, type Transaction } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { pairPodRound, POD_PAIRING_ALGORITHM_VERSION } from "@/lib/pairings/pods";
import type { PodPlayer } from "@/lib/pairings/pod-types";
import { correctPodGame, derivePodGame, podOutcomeFacts, type PodGameEvent, type PodGameView, type PodOutcome } from "@/lib/rules/pod-game";
import { podEventSettings, type PodEventSettings } from "@/lib/rules/pod-event";
import type { PodQuickEntry } from "@/lib/rules/quick-entry";
import { computePodStandings, podFinalStandings, podStandingsSettingsWithDefaults, type PodCutFinish, type PodStanding, type PodStandingsEntry, type PodStandingsSettings } from "@/lib/rules/pod-standings";
import { lastCompleteRound, playoffContenders, playsInRound } from "@/lib/rules/standings";
import { podBracketState, podCutFinishes, type PodBracketResult, type PodBracketState, type PodCutSize } from "@/lib/pairings/pod-bracket";
import type { RuleResult } from "@/lib/rules/result";
import { decidePodReport, podReportState, type PodReportView } from "@/lib/rules/pod-report";
import { lockContest, lockTournament } from "./tournament-lock";
import { opened, refused, RollBack, writeContest, type ContestOpening, type ContestReader } from "./contest-write";
import { ruleFailure } from "../rule-failure";
import { listOfNames } from "@/lib/plural";
import { readSnapshot, type SnapshotSource, type SnapshotSpec } from "./read-snapshots";
import { searchAndPage, searchKey, type Page, type PageRequest } from "@/lib/paging";
import { refuseUnlessNextStep } from "./event-status";
import { inconsistentResults, withNames } from "./player-names";

type Reader = Transaction | typeof prisma;

const NOT_A_POD_EVENT = "This tournament plays two-player matches, not pods.";

const POD_SELECT = {
  id: true,
  tableNumber: true,
  isBye: true,
  version: true,
  confirmedAt: true,
  bracketSlot: true,
  round: { select: { number: true } },
  seats: { orderBy: { seat: "asc" }, select: { seat: true, registrationId: true, registration: { select: { displayName: true } } } },
  events: { where: { voidedAt: null }, orderBy: { sequence: "asc" }, select: { sequence: true, data: true, actorName: true, createdAt: true } },
  reports: { orderBy: { createdAt: "asc" }, select: { registrationId: true, outcome: true } },
} as const;

type PodRow = {
  id: string;
  tableNumber: number;
  isBye: boolean;
  version: number;
  confirmedAt: Date | null;
  bracketSlot: string | null;
  round: { number: number };
  seats: { seat: number; registrationId: string; registration: { displayName: string } }[];
  events: { sequence: number; data: unknown; actorName: string; createdAt: Date }[];
  reports: { registrationId: string; outcome: unknown }[];
};

/** A pod event's settings as stored; null for a tournament of two-player matches. */
async function loadPodSettings(db: Reader, tournamentId: string): Promise<PodEventSettings | null> {
  const tournament = await db.tournament.findUnique({
    where: { id: tournamentId },
    select: { structure: true, podSize: true, podPointsWin: true, podPointsDraw: true, podPointsLoss: true, podAdditionalTurns: true },
  });
  if (!tournament || tournament.structure !== "PODS") return null;
  const settings = podEventSettings({ podSize: tournament.podSize, pointsWin: tournament.podPointsWin, pointsDraw: tournament.podPointsDraw, pointsLoss: tournament.podPointsLoss, additionalTurns: tournament.podAdditionalTurns });
  if (!settings.ok) throw new Error(`Tournament ${tournamentId}: its stored pod settings are refused by the rules: ${settings.error.message}`);
  return settings.value;
}

/** The one derived state of a stored pod's game (lib/rules/pod-game.ts); a bye has none. */
function derivePod(row: PodRow, settings: PodEventSettings): PodGameView | null {
  if (row.isBye) return null;
  const view = derivePodGame({ players: row.seats.map((seat) => seat.registrationId), endOfRound: settings.endOfRound, events: row.events.map((event) => event.data as PodGameEvent), isRecorded: row.confirmedAt !== null });
  if (!view.ok) throw new Error(`Pod ${row.id}: its stored facts are refused by the rules: ${view.error.message}`);
  return view.value;
}

/** Every pod of the tournament with its seats and facts, in round and table order. */
async function loadPods(db: Reader, tournamentId: string): Promise<PodRow[]> {
  return db.pod.findMany({ where: { round: { tournamentId } }, orderBy: [{ round: { number: "asc" } }, { tableNumber: "asc" }], select: POD_SELECT });
}

/** Standings entries from recorded pods (and byes) of rounds before `beforeRound`. */
function standingsEntries(pods: readonly PodRow[], settings: PodEventSettings, beforeRound = Infinity): PodStandingsEntry[] {
  const entries: PodStandingsEntry[] = [];
  for (const pod of pods) {
    // The top cut's pods decide the champion, not the Swiss standings.
    if (pod.round.number >= beforeRound || pod.bracketSlot !== null) continue;
    if (pod.isBye) {
      entries.push({ round: pod.round.number, bye: pod.seats[0]!.registrationId });
      continue;
    }
    if (pod.confirmedAt === null) continue;
    const view = derivePod(pod, settings)!;
    entries.push({ round: pod.round.number, pod: view.result!.players.map((player) => ({ player: player.player, result: player.result })) });
  }
  return entries;
}

/** The settings a pod event's standings are computed with: its points (a bye as a win), the default tiebreakers and floor. */
function standingsSettingsOf(settings: PodEventSettings): PodStandingsSettings {
  return podStandingsSettingsWithDefaults({ points: { ...settings.points, bye: null } });
}

async function computeStandingsFrom(db: Reader, tournamentId: string, settings: PodEventSettings, pods: readonly PodRow[], beforeRound?: number) {
  const registrations = await db.registration.findMany({ where: { tournamentId }, select: { id: true, displayName: true, firstRound: true, missedRoundsAsLosses: true, droppedAfterRound: true } });
  const standings = computePodStandings(
    { players: registrations.map((r) => ({ id: r.id, name: r.displayName, firstRound: r.firstRound, missedRoundsAsLosses: r.missedRoundsAsLosses, droppedAfterRound: r.droppedAfterRound })), entries: standingsEntries(pods, settings, beforeRound) },
    standingsSettingsOf(settings),
  );
  return { registrations, standings };
}

/** The settings that rank a pod event's standings (points, tiebreakers, floor); null for a two-player event. */
export async function getPodStandingsSettings(tournamentId: string): Promise<PodStandingsSettings | null> {
  const settings = await loadPodSettings(prisma, tournamentId);
  return settings ? standingsSettingsOf(settings) : null;
}

/**
 * Pairs the next round of a pod event: players grouped by points into pods of the event's size
 * (3-player pods where the count needs them), repeated opponents minimised, seats evened out
 * over rounds; the seed stored with the round reproduces it (lib/pairings/pods.ts).
 */
export async function pairNextPodRound(tournamentId: string, seed = randomBytes(16).toString("hex")): Promise<ActionResult<{ roundNumber: number; pods: number; bye: string | null }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    const settings = await loadPodSettings(tx, tournamentId);
    if (!settings) return failure("VALIDATION", NOT_A_POD_EVENT);
    const phases = await tx.phase.findMany({ where: { tournamentId }, select: { id: true, kind: true } });
    const phase = phases.find((candidate) => candidate.kind === "SWISS");
    if (!phase) return failure("NOT_FOUND", "That tournament does not exist.");
    if (phases.length > 1) return (await refuseUnlessNextStep(tx, tournamentId, "pair")) ?? failure("CONFLICT", "The top cut has started: no more Swiss rounds are paired.");
    const pods = await loadPods(tx, tournamentId);
    const lastRound = pods.at(-1)?.round.number ?? (await tx.round.findFirst({ where: { tournamentId }, orderBy: { number: "desc" }, select: { number: true } }))?.number ?? 0;
    const open = pods.filter((pod) => pod.round.number === lastRound && !pod.isBye && pod.confirmedAt === null);
    if (open.length > 0) {
      return failure("ROUND_NOT_COMPLETE", `Round ${lastRound} still has ${open.length} pod${open.length === 1 ? "" : "s"} without a recorded result (table${open.length === 1 ? "" : "s"} ${open.map((pod) => pod.tableNumber).join(", ")}).`);
    }
    // No round past the planned number, nor once the event is complete: the overview's next step decides.
    if (lastRound > 0) {
      const refused = await refuseUnlessNextStep(tx, tournamentId, "pair");
      if (refused) return refused;
    }
    const roundNumber = lastRound + 1;
    const { registrations, standings } = await computeStandingsFrom(tx, tournamentId, settings, pods, roundNumber);
    const names = new Map(registrations.map((r) => [r.id, r.displayName]));
    if (!standings.ok) return inconsistentResults(standings.error.message, names);
    const active = new Set(registrations.filter((r) => playsInRound(r, roundNumber)).map((r) => r.id));
    const seats = new Map<string, { seat: number; podSize: number }[]>();
    const hadBye = new Set<string>();
    for (const pod of pods) {
      if (pod.isBye) hadBye.add(pod.seats[0]!.registrationId);
      else for (const seat of pod.seats) seats.set(seat.registrationId, [...(seats.get(seat.registrationId) ?? []), { seat: seat.seat, podSize: pod.seats.length }]);
    }
    const players: PodPlayer[] = standings.value
      .filter((standing) => active.has(standing.playerId))
      .map((standing) => ({ id: standing.playerId, points: standing.points, opponents: standing.opponents, hadBye: hadBye.has(standing.playerId), rank: standing.rank, seats: seats.get(standing.playerId) ?? [] }));
    if (players.length < 3) return failure("NOT_ENOUGH_PLAYERS", `A pod needs at least 3 players; ${players.length === 1 ? "1 is" : `${players.length} are`} in the event.`);
    const pairing = pairPodRound({ round: roundNumber, seed, players, podSize: settings.podSize });
    if (!pairing.ok) return failure("VALIDATION", withNames(pairing.error.message, names));
    const round = await tx.round.create({
      data: { tournamentId, phaseId: phase.id, number: roundNumber, pairingSeed: seed, pairingAlgorithmVersion: POD_PAIRING_ALGORITHM_VERSION },
      select: { id: true },
    });
    // Seat 1 plays first; a bye is a pod of its one player, scored as a win.
    for (const pod of pairing.value.pods) {
      await tx.pod.create({ data: { roundId: round.id, tableNumber: pod.pod, seats: { create: pod.players.map((registrationId, index) => ({ seat: index + 1, registrationId })) } } });
    }
    if (pairing.value.bye) {
      await tx.pod.create({ data: { roundId: round.id, tableNumber: pairing.value.pods.length + 1, isBye: true, confirmedAt: new Date(), seats: { create: [{ seat: 1, registrationId: pairing.value.bye }] } } });
    }
    if (roundNumber === 1) await tx.tournament.update({ where: { id: tournamentId }, data: { status: "RUNNING" } });
    return success({ roundNumber, pods: pairing.value.pods.length, bye: pairing.value.bye ? (names.get(pairing.value.bye) ?? null) : null });
  });
}

export type PodView = {
  id: string;
  tableNumber: number;
  isBye: boolean;
  version: number;
  seats: { seat: number; registrationId: string; name: string }[];
  game: PodGameView | null;
  isRecorded: boolean;
  /** Players' reports from their phones: where they stand, and each player's latest report. */
  reports: PodReportView & { latest: { registrationId: string; outcome: PodOutcome }[] };
};

/** Each player's latest report of the pod's result (earlier ones are kept as history). */
function latestReports(row: PodRow): Record<string, PodOutcome> {
  const latest: Record<string, PodOutcome> = {};
  for (const report of row.reports) latest[report.registrationId] = report.outcome as PodOutcome;
  return latest;
}

function reportsOf(row: PodRow, game: PodGameView | null): PodView["reports"] {
  const departed = game?.departures ?? [];
  const latest = Object.fromEntries(Object.entries(latestReports(row)).filter(([player]) => !departed.some((d) => d.player === player)));
  const state = podReportState({ players: row.seats.map((seat) => seat.registrationId), latest, isRecorded: row.confirmedAt !== null, departed });
  if (!state.ok) throw new Error(`Pod ${row.id}: its stored reports are refused by the rules: ${state.error.message}`);
  return { ...state.value, latest: Object.entries(latest).map(([registrationId, outcome]) => ({ registrationId, outcome })) };
}

/** A stored pod as pages show it: seats by name and the game's derived state. */
function toPodView(row: PodRow, settings: PodEventSettings): PodView {
  const game = derivePod(row, settings);
  return {
    id: row.id,
    tableNumber: row.tableNumber,
    isBye: row.isBye,
    version: row.version,
    seats: row.seats.map((seat) => ({ seat: seat.seat, registrationId: seat.registrationId, name: seat.registration.displayName })),
    game,
    isRecorded: row.confirmedAt !== null,
    reports: reportsOf(row, game),
  };
}

/** A round's pods with their seats and each game's derived state; null when the round does not exist. */
export async function getPodRound(tournamentId: string, roundNumber: number): Promise<{ roundNumber: number; settings: PodEventSettings; pods: PodView[]; isCut: boolean } | null> {
  const settings = await loadPodSettings(prisma, tournamentId);
  if (!settings) return null;
  const rows = await prisma.pod.findMany({ where: { round: { tournamentId, number: roundNumber } }, orderBy: { tableNumber: "asc" }, select: POD_SELECT });
  if (rows.length === 0) return null;
  return { roundNumber, settings, pods: rows.map((row) => toPodView(row, settings)), isCut: rows.some((row) => row.bracketSlot !== null) };
}

/** One pod of the tournament with its seats and its game's derived state; null when it is not one of the tournament's pods. */
export async function getPod(tournamentId: string, podId: string): Promise<(PodView & { roundNumber: number; settings: PodEventSettings }) | null> {
  const settings = await loadPodSettings(prisma, tournamentId);
  if (!settings) return null;
  const row = await prisma.pod.findFirst({ where: { id: podId, round: { tournamentId } }, select: POD_SELECT });
  return row ? { ...toPodView(row, settings), roundNumber: row.round.number, settings } : null;
}

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
export async function recordPodFact(input: RecordPodFactInput, actor: PodActor): Promise<RecordedFacts> {
  return appendPodFacts(input, () => ({ ok: true, value: [input.fact] }), input.record === true, actor);
}

/**
 * Records a finished pod's result as staff enter it (podOutcomeFacts in lib/rules: a win, a draw
 * every player still in agreed to, or a draw at time); the facts go through the same rules and
 * the result is recorded in the same write.
 */
export async function recordPodOutcome(input: Omit<RecordPodFactInput, "fact" | "record"> & { outcome: PodOutcome }, actor: PodActor): Promise<RecordedFacts> {
  return appendPodFacts(input, (game, settings) => podOutcomeFacts(game, settings.endOfRound, input.outcome), true, actor);
}

async function appendPodFacts(
  input: Omit<RecordPodFactInput, "fact" | "record">,
  factsFor: (game: PodGameView, settings: PodEventSettings) => RuleResult<PodGameEvent[]>,
  record: boolean,
  actor: PodActor,
): Promise<RecordedFacts> {
  return writeContest({
    ...podOpening(input, "A bye has no game to record: it counts as a win."),
    replay: async (db) => {
      const stored =
        (await db.podEvent.findUnique({ where: { idempotencyKey: input.idempotencyKey }, select: { podId: true } })) ??
        (await db.pod.findUnique({ where: { recordedKey: input.idempotencyKey }, select: { id: true } }).then((pod) => (pod ? { podId: pod.id } : null)));
      return stored ? answerReplay(db, input, stored.podId) : null;
    },
    run: async (tx, { row, settings }) => {
      if (row.confirmedAt !== null) return failure("MATCH_CONFIRMED", "The pod's result is recorded: only a staff correction with a reason changes it.");
      return writePodFacts(tx, input.tournamentId, row, settings, factsFor(derivePod(row, settings)!, settings), record, actor.name, input.idempotencyKey);
    },
  });
}

/** Who writes to a pod: the staff seat (kept in the history) and the name shown with each fact. */
export type PodActor = { staffId?: string; name: string };

type LockedPod = { row: PodRow; settings: PodEventSettings };

const POD_CHANGED = "This pod changed since you opened it: look at it again, then record what happened.";

/**
 * A pod opened for a write in the contest envelope (contest-write.ts): locked by the one lock
 * rule with its event's settings, or the answer instead (not one of the tournament's, a bye).
 */
function podOpening(input: { tournamentId: string; podId: string; expectedVersion?: number }, byeMessage: string): ContestOpening<LockedPod> {
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
function podEventRows(podId: string, first: number, facts: readonly PodGameEvent[], actorName: string, idempotencyKey: string) {
  return facts.map((fact, index) => ({ podId, sequence: first + index, data: fact, actorName, idempotencyKey: index === 0 ? idempotencyKey : `${idempotencyKey}#${index}` }));
}

/** Moves a locked pod to its next version, only from the version read: the version check, in SQL. */
async function movePodVersion(tx: Transaction, row: PodRow, data: { confirmedAt?: Date; recordedKey?: string } = {}): Promise<number> {
  const moved = await tx.pod.updateMany({ where: { id: row.id, version: row.version }, data: { version: row.version + 1, ...data } });
  if (moved.count === 0) throw new RollBack(failure("CONFLICT", POD_CHANGED));
  return row.version + 1;
}

/** Reads a pod of the tournament under the contest lock rule (lockContest): two cut pods recorded at once each see the other. */
async function lockPod(tx: Transaction, tournamentId: string, podId: string): Promise<PodRow | null> {
  if (!(await lockContest(tx, tournamentId, { podId }))) return null;
  return tx.pod.findFirst({ where: { id: podId, round: { tournamentId } }, select: POD_SELECT });
}

/**
 * Appends facts to a locked, open pod after the rules check them against every fact before;
 * with `record`, facts that decide the game also record the result, and a cut pod's result
 * advances the cut.
 */
async function writePodFacts(tx: Transaction, tournamentId: string, row: PodRow, settings: PodEventSettings, added: RuleResult<PodGameEvent[]>, record: boolean, actorName: string, idempotencyKey: string): Promise<RecordedFacts> {
  const names = new Map(row.seats.map((seat) => [seat.registrationId, seat.registration.displayName]));
  if (!added.ok) return failure("INVALID_RESULT", withNames(added.error.message, names));
  const facts = [...row.events.map((event) => event.data as PodGameEvent), ...added.value];
  const players = row.seats.map((seat) => seat.registrationId);
  const next = derivePodGame({ players, endOfRound: settings.endOfRound, events: facts, isRecorded: false });
  if (!next.ok) return failure("INVALID_RESULT", withNames(next.error.message.replace(/^Fact \d+ \([^)]*\): /, ""), names));
  const isRecorded = record && next.value.phase === "decided";
  const first = (row.events.at(-1)?.sequence ?? 0) + 1;
  await tx.podEvent.createMany({ data: podEventRows(row.id, first, added.value, actorName, idempotencyKey) });
  // A result the facts already decided stores no fact: the pod keeps the form's key for its replay.
  const recordedKey = added.value.length === 0 ? { recordedKey: idempotencyKey } : {};
  const version = await movePodVersion(tx, row, isRecorded ? { confirmedAt: new Date(), ...recordedKey } : {});
  if (isRecorded && row.bracketSlot !== null) await advancePodCut(tx, tournamentId, settings);
  const shown = derivePodGame({ players, endOfRound: settings.endOfRound, events: facts, isRecorded });
  return success({ version, game: shown.ok ? shown.value : next.value, isDuplicate: false });
}

async function answerReplay(db: ContestReader, input: Omit<RecordPodFactInput, "fact" | "record">, podId: string): Promise<RecordedFacts> {
  if (podId !== input.podId) return failure("CONFLICT", "That form was already used for another pod: reload the page.");
  const row = await db.pod.findFirst({ where: { id: podId, round: { tournamentId: input.tournamentId } }, select: POD_SELECT });
  const settings = await loadPodSettings(db, input.tournamentId);
  if (!row || !settings) return failure("NOT_FOUND", "That pod is not one of this tournament's.");
  const pod = toPodView(row, settings);
  return success({ version: pod.version, game: pod.game!, isDuplicate: true });
}

/** Records a decided pod's result (MTR 2.5: a result counts once recorded). */
export async function recordPodResult(input: { tournamentId: string; podId: string; expectedVersion: number }): Promise<ActionResult<{ version: number }>> {
  return writeContest({
    ...podOpening(input, "A bye has no result to record."),
    // Recording names no key of its own: a form sent again finds the version moved and is told so.
    replay: async () => null,
    run: async (tx, { row, settings }) => {
      const refusal = derivePod(row, settings)!.refusals["record-result"];
      if (refusal) return ruleFailure(refusal, "VALIDATION");
      const version = await movePodVersion(tx, row, { confirmedAt: new Date() });
      if (row.bracketSlot !== null) await advancePodCut(tx, input.tournamentId, settings);
      return success({ version });
    },
  });
}

export type PodStandingRow = Omit<PodStanding, "opponents"> & { name: string; swissRank: number; cutFinish: PodCutFinish | null };

type PodStandingsSnapshot = { throughRound: number; rows: PodStandingRow[] };

/** The pod event's standings after its last complete Swiss round (lib/rules/pod-standings.ts), by name. */
export async function computePodStandingsSnapshot(db: Reader, tournamentId: string): Promise<ActionResult<PodStandingsSnapshot>> {
  const settings = await loadPodSettings(db, tournamentId);
  if (!settings) return failure("VALIDATION", NOT_A_POD_EVENT);
  const pods = (await loadPods(db, tournamentId)).filter((pod) => pod.bracketSlot === null);
  const throughRound = lastCompleteRound(pods.map((pod) => ({ round: pod.round.number, hasResult: pod.confirmedAt !== null })));
  const { registrations, standings } = await computeStandingsFrom(db, tournamentId, settings, pods, throughRound + 1);
  const names = new Map(registrations.map((r) => [r.id, r.displayName]));
  if (!standings.ok) return inconsistentResults(standings.error.message, names);
  const cut = await loadCut(db, tournamentId, settings);
  const ranked = podFinalStandings(standings.value, cut ? podCutFinishes(cut.state) : {});
  return success({ throughRound, rows: ranked.map(({ opponents: _opponents, ...standing }) => ({ ...standing, name: names.get(standing.playerId) ?? "?" })) });
}

const POD_STANDINGS_SNAPSHOT: SnapshotSpec<PodStandingsSnapshot, PodStandingsSnapshot & { searchable: { row: PodStandingRow; key: string }[] }> = {
  kind: "POD_STANDINGS",
  lockName: "pod-standings",
  compute: computePodStandingsSnapshot,
  prepare: (snapshot) => ({ ...snapshot, searchable: snapshot.rows.map((row) => ({ row, key: searchKey(row.name) })) }),
};

/** The pod standings in rank order, computed once per change (a read snapshot, as for two-player standings). */
export async function getPodStandings(tournamentId: string): Promise<ActionResult<PodStandingRow[]>> {
  const read = await readSnapshot(POD_STANDINGS_SNAPSHOT, tournamentId);
  return read.ok ? success(read.data.value.rows) : read;
}

/** One page of the pod standings, optionally only the players whose name contains `q`. */
export async function getPodStandingsPage(tournamentId: string, request: PageRequest): Promise<ActionResult<Page<PodStandingRow> & { q: string; throughRound: number; totalPlayers: number; source: SnapshotSource }>> {
  const read = await readSnapshot(POD_STANDINGS_SNAPSHOT, tournamentId);
  if (!read.ok) return read;
  const page = searchAndPage(read.data.value.searchable, (entry) => entry.key, request);
  return success({ ...page, rows: page.rows.map((entry) => entry.row), q: request.q, throughRound: read.data.value.throughRound, totalPlayers: read.data.value.rows.length, source: read.data.source });
}

const RESULT_WORDS = { win: "won", draw: "draw", loss: "lost" } as const;

/** A pod round's players (every round's, without a number) for the pairings by name: pod, seat, pod-mates, and their result once recorded; null outside pod events. */
export async function podPairingRows(db: Reader, tournamentId: string, roundNumber?: number) {
  const settings = await loadPodSettings(db, tournamentId);
  if (!settings) return null;
  const rows = await db.pod.findMany({ where: { round: { tournamentId, ...(roundNumber === undefined ? {} : { number: roundNumber }) } }, orderBy: [{ round: { number: "asc" } }, { tableNumber: "asc" }], select: POD_SELECT });
  return rows.flatMap((row) => {
    const game = row.confirmedAt !== null ? derivePod(row, settings) : null;
    return row.seats.map((seat) => {
      const others = row.seats.filter((other) => other.seat !== seat.seat).map((other) => other.registration.displayName);
      const result = game?.result?.players.find((player) => player.player === seat.registrationId)?.result;
      return {
        playerId: seat.registrationId,
        name: seat.registration.displayName,
        round: row.round.number,
        table: row.tableNumber,
        tableLabel: String(row.tableNumber),
        opponent: row.isBye ? null : listOfNames(others) || null,
        result: result ? RESULT_WORDS[result] : null,
        podSeat: seat.seat,
      };
    });
  });
}

/** A player's pod in the latest round of a pod event, for their phone: seat, pod-mates and the game as it stands; null when they have none. */
export async function getPlayerPod(player: { registrationId: string; tournamentId: string }): Promise<(PodView & { roundNumber: number; mySeat: number }) | null> {
  const settings = await loadPodSettings(prisma, player.tournamentId);
  if (!settings) return null;
  const latest = await prisma.round.findFirst({ where: { tournamentId: player.tournamentId }, orderBy: { number: "desc" }, select: { number: true } });
  if (!latest) return null;
  const row = await prisma.pod.findFirst({ where: { round: { tournamentId: player.tournamentId, number: latest.number }, seats: { some: { registrationId: player.registrationId } } }, select: POD_SELECT });
  if (!row) return null;
  return {
    ...toPodView(row, settings),
    roundNumber: latest.number,
    mySeat: row.seats.find((seat) => seat.registrationId === player.registrationId)!.seat,
  };
}

/**
 * A pod's result typed on the round page ("7 win 3", "7 draw", "7 time"): the pod of that number in
 * the round, the winner by seat, then the same write as the pod's result form.
 */
export async function enterPodQuickResult(input: { tournamentId: string; roundNumber: number; entry: PodQuickEntry; idempotencyKey: string }, actor: PodActor): Promise<ActionResult<{ pod: number; summary: string; isDuplicate: boolean }>> {
  const { entry } = input;
  const row = await prisma.pod.findFirst({ where: { round: { tournamentId: input.tournamentId, number: input.roundNumber }, tableNumber: entry.pod }, select: POD_SELECT });
  if (!row) {
    const count = await prisma.pod.count({ where: { round: { tournamentId: input.tournamentId, number: input.roundNumber } } });
    return failure("NOT_FOUND", `Round ${input.roundNumber} has no pod ${entry.pod} (its pods are 1 to ${count}).`);
  }
  if (row.isBye) return failure("VALIDATION", `Pod ${entry.pod} is a bye: it counts as a win, with no result to enter.`);
  let outcome: PodOutcome;
  if (entry.outcome.kind === "win") {
    const seat = entry.outcome.seat;
    const winner = row.seats.find((candidate) => candidate.seat === seat);
    if (!winner) return failure("VALIDATION", `Pod ${entry.pod} has seats 1 to ${row.seats.length}; there is no seat ${seat}.`);
    outcome = { kind: "win", winnerId: winner.registrationId };
  } else {
    outcome = entry.outcome;
  }
  const recorded = await recordPodOutcome({ tournamentId: input.tournamentId, podId: row.id, expectedVersion: row.version, idempotencyKey: input.idempotencyKey, outcome }, actor);
  if (!recorded.ok) return failure(recorded.error.code, `Pod ${entry.pod}: ${recorded.error.message}`, recorded.error.fieldErrors);
  const names = new Map(row.seats.map((seat) => [seat.registrationId, seat.registration.displayName]));
  const result = recorded.data.game.result;
  const summary = result?.winner ? `${names.get(result.winner) ?? "?"} won` : result?.reason === "DRAW_UNFINISHED_AT_TIME" ? "draw at time" : "draw, all agreed";
  return success({ pod: entry.pod, summary, isDuplicate: recorded.data.isDuplicate });
}

/**
 * Starts a pod event's top cut (4, 10 or 16; lib/pairings/pod-bracket.ts) from the final Swiss
 * standings of the players still in the event, and seats its first pods: the best seed in seat 1.
 */
export async function startPodCut(input: { tournamentId: string; cutSize: number }): Promise<ActionResult<{ roundNumber: number }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const settings = await loadPodSettings(tx, input.tournamentId);
    if (!settings) return failure("VALIDATION", NOT_A_POD_EVENT);
    const phases = await tx.phase.findMany({ where: { tournamentId: input.tournamentId }, orderBy: { sequence: "asc" }, select: { kind: true, sequence: true, roundMinutes: true } });
    if (phases.some((phase) => phase.kind === "SINGLE_ELIMINATION")) return failure("PLAYOFF_NOT_READY", "The top cut has already started.");
    const refused = await refuseUnlessNextStep(tx, input.tournamentId, "playoff");
    if (refused) return refused;
    const pods = await loadPods(tx, input.tournamentId);
    const { registrations, standings } = await computeStandingsFrom(tx, input.tournamentId, settings, pods);
    const names = new Map(registrations.map((r) => [r.id, r.displayName]));
    if (!standings.ok) return inconsistentResults(standings.error.message, names);
    const seeded = playoffContenders(standings.value);
    const bracket = podBracketState(input.cutSize as PodCutSize, seeded, []);
    if (!bracket.ok) return failure(bracket.error.code === "NOT_ENOUGH_PLAYERS" ? "NOT_ENOUGH_PLAYERS" : "VALIDATION", bracket.error.message);
    const phase = await tx.phase.create({
      data: {
        tournamentId: input.tournamentId,
        sequence: (phases.at(-1)?.sequence ?? 0) + 1,
        kind: "SINGLE_ELIMINATION",
        // CR 100.6a: a pod plays one game.
        gamesToWin: 1,
        roundMinutes: phases[0]?.roundMinutes ?? null,
        cutSize: input.cutSize,
        seeds: { create: seeded.slice(0, input.cutSize).map((registrationId, index) => ({ seed: index + 1, registrationId })) },
      },
      select: { id: true },
    });
    const roundNumber = await seatReadyCutPods(tx, input.tournamentId, phase.id, bracket.value, new Set());
    return success({ roundNumber: roundNumber! });
  });
}

/** Seats the cut's pods whose players are all known and that have no pod yet, in a new round; its number, or null when none is ready. */
async function seatReadyCutPods(tx: Transaction, tournamentId: string, phaseId: string, state: PodBracketState, seated: ReadonlySet<string>): Promise<number | null> {
  const ready = state.pods.filter((pod) => pod.isReady && !seated.has(pod.id));
  if (ready.length === 0) return null;
  const last = await tx.round.findFirst({ where: { tournamentId }, orderBy: { number: "desc" }, select: { number: true } });
  const number = (last?.number ?? 0) + 1;
  await tx.round.create({
    data: {
      tournamentId,
      phaseId,
      number,
      pairingSeed: "seeded",
      pairingAlgorithmVersion: POD_PAIRING_ALGORITHM_VERSION,
      pods: { create: ready.map((pod, index) => ({ tableNumber: index + 1, bracketSlot: pod.id, seats: { create: pod.players.map((registrationId, seat) => ({ seat: seat + 1, registrationId })) } })) },
    },
  });
  return number;
}

/** The cut's results so far: each recorded pod's winner, or the players who drew it (the best seed of them advances). */
function cutResults(pods: readonly PodRow[], settings: PodEventSettings): PodBracketResult[] {
  return pods.flatMap((pod): PodBracketResult[] => {
    if (pod.bracketSlot === null || pod.confirmedAt === null) return [];
    const result = derivePod(pod, settings)!.result!;
    if (result.winner) return [{ podId: pod.bracketSlot, winner: result.winner }];
    const drawn = result.players.filter((player) => player.result === "draw").map((player) => player.player);
    return [{ podId: pod.bracketSlot, drawnBy: drawn.length >= 2 ? drawn : pod.seats.map((seat) => seat.registrationId) }];
  });
}

async function loadCut(db: Reader, tournamentId: string, settings: PodEventSettings) {
  const phase = await db.phase.findFirst({ where: { tournamentId, kind: "SINGLE_ELIMINATION" }, select: { id: true, cutSize: true, seeds: { orderBy: { seed: "asc" }, select: { registrationId: true, registration: { select: { displayName: true } } } } } });
  if (!phase) return null;
  const pods = await db.pod.findMany({ where: { round: { phaseId: phase.id } }, orderBy: [{ round: { number: "asc" } }, { tableNumber: "asc" }], select: POD_SELECT });
  const state = podBracketState(phase.cutSize as PodCutSize, phase.seeds.map((seed) => seed.registrationId), cutResults(pods, settings));
  if (!state.ok) throw new Error(`Tournament ${tournamentId}: its top cut is refused by the rules: ${state.error.message}`);
  return { phase, pods, state: state.value };
}

/** After a cut pod's result is recorded: seats the pods it completes, or finishes the event when the final pod has a winner. */
async function advancePodCut(tx: Transaction, tournamentId: string, settings: PodEventSettings): Promise<void> {
  const cut = await loadCut(tx, tournamentId, settings);
  if (!cut) return;
  if (cut.state.champion) {
    await tx.tournament.update({ where: { id: tournamentId }, data: { status: "COMPLETE" } });
    return;
  }
  await seatReadyCutPods(tx, tournamentId, cut.phase.id, cut.state, new Set(cut.pods.map((pod) => pod.bracketSlot!)));
}

export type PodCutView = {
  cutSize: number;
  champion: string | null;
  championId: string | null;
  pods: {
    id: string;
    name: string;
    seats: { seed: number; name: string; playerId: string }[];
    waitingFor: string[];
    waitingForPods: string[];
    winner: string | null;
    winnerId: string | null;
    isDraw: boolean;
    /** The seated pod's id; null until it is seated. */
    podId: string | null;
    roundNumber: number | null;
    tableNumber: number | null;
  }[];
};

/** A pod event's top cut for its playoff page, by name; null before it starts or in a two-player event. */
export async function getPodCut(tournamentId: string): Promise<PodCutView | null> {
  const settings = await loadPodSettings(prisma, tournamentId);
  if (!settings) return null;
  const cut = await loadCut(prisma, tournamentId, settings);
  if (!cut) return null;
  const names = new Map(cut.phase.seeds.map((seed) => [seed.registrationId, seed.registration.displayName]));
  return {
    cutSize: cut.phase.cutSize ?? 0,
    champion: cut.state.champion ? (names.get(cut.state.champion) ?? "?") : null,
    championId: cut.state.champion,
    pods: cut.state.pods.map((pod) => {
      const stored = cut.pods.find((row) => row.bracketSlot === pod.id);
      return {
        id: pod.id,
        name: pod.name,
        seats: pod.players.map((player, index) => ({ seed: pod.seeds[index]!, name: names.get(player) ?? "?", playerId: player })),
        waitingFor: pod.waitingFor,
        waitingForPods: pod.waitingForPods,
        winner: pod.winner ? (names.get(pod.winner) ?? "?") : null,
        winnerId: pod.winner,
        // A drawn cut pod sends on its best seed among those who drew: it advanced, it did not win.
        isDraw: stored !== undefined && stored.confirmedAt !== null && derivePod(stored, settings)?.result?.winner === null,
        podId: stored?.id ?? null,
        roundNumber: stored?.round.number ?? null,
        tableNumber: stored?.tableNumber ?? null,
      };
    }),
  };
}

/** The pod a player sits in in the tournament's latest round; null when they have none. */
export async function findCurrentPodId(db: Reader, player: { registrationId: string; tournamentId: string }): Promise<string | null> {
  const round = await db.round.findFirst({
    where: { tournamentId: player.tournamentId },
    orderBy: { number: "desc" },
    select: { pods: { where: { seats: { some: { registrationId: player.registrationId } } }, select: { id: true }, take: 1 } },
  });
  return round?.pods[0]?.id ?? null;
}

export type PodReportAnswer = { step: "await" | "unchanged" | "record" | "dispute"; message: string; isDuplicate: boolean };

/**
 * A player reports their pod's result from their phone (lib/rules/pod-report.ts): it waits for
 * the pod's other players, the last one confirming records it through the same facts as staff
 * entry, and a report that differs marks the pod disputed for staff. Idempotent by key.
 */
export async function reportPodResult(input: { tournamentId: string; podId: string; outcome: PodOutcome; idempotencyKey: string }, player: { registrationId: string }): Promise<ActionResult<PodReportAnswer>> {
  return writeContest({
    // A report names no version: it is always looked up by its key first, then decided against the pod as it is now.
    ...podOpening(input, "A bye has no result to report: it counts as a win."),
    replay: async (db) => {
      const stored = await db.podReport.findUnique({ where: { idempotencyKey: input.idempotencyKey }, select: { podId: true, registrationId: true } });
      if (!stored) return null;
      return stored.podId === input.podId && stored.registrationId === player.registrationId
        ? success({ step: "unchanged", message: "Already sent.", isDuplicate: true })
        : failure("CONFLICT", "That form was already used: reload the page.");
    },
    run: async (tx, { row, settings }) => {
      const names = new Map(row.seats.map((seat) => [seat.registrationId, seat.registration.displayName]));
      const listed = (ids: readonly string[]) => listOfNames(ids.map((id) => names.get(id) ?? "?"));
      // A report the game's facts refuse (a win after time ran out, a winner who left) is refused before it is stored.
      const game = derivePod(row, settings)!;
      const facts = row.confirmedAt === null ? podOutcomeFacts(game, settings.endOfRound, input.outcome) : null;
      if (facts && !facts.ok) return ruleFailure(facts.error, "VALIDATION", (message) => withNames(message, names));
      const decided = decidePodReport({
        players: row.seats.map((seat) => seat.registrationId),
        departed: game.departures,
        latest: latestReports(row),
        isRecorded: row.confirmedAt !== null,
        reporter: player.registrationId,
        outcome: input.outcome,
        reportsSent: row.reports.filter((report) => report.registrationId === player.registrationId).length,
      });
      if (!decided.ok) return ruleFailure(decided.error, "VALIDATION", (message) => withNames(message, names));
      const step = decided.value;
      if (step.step === "unchanged") return success({ step: "unchanged", message: `Already sent: waiting for ${listed(step.waitingFor)} to confirm.`, isDuplicate: false });
      const report = { podId: row.id, registrationId: player.registrationId, outcome: input.outcome, idempotencyKey: input.idempotencyKey };
      if (step.step !== "record") {
        await tx.podReport.create({ data: report });
        await movePodVersion(tx, row);
        return success({ step: step.step, message: step.step === "await" ? `Sent: waiting for ${listed(step.waitingFor)} to confirm.` : step.message, isDuplicate: false });
      }
      const written = await writePodFacts(tx, input.tournamentId, row, settings, facts!, true, `Players of pod ${row.tableNumber}`, `${input.idempotencyKey}#facts`);
      if (!written.ok) return written;
      await tx.podReport.create({ data: report });
      const winner = written.data.game.result?.winner;
      return success({ step: "record", message: `Every player confirmed: result recorded${winner ? `, ${names.get(winner)} won` : ""}.`, isDuplicate: false });
    },
  });
}

/** A pod round's players with pod, seat and pod-mates, for the printed pairings by name; null outside pod events. */
export async function getPodPairingsByName(tournamentId: string, roundNumber: number) {
  return podPairingRows(prisma, tournamentId, roundNumber);
}

export type CorrectPodInput = { tournamentId: string; podId: string; expectedVersion: number; idempotencyKey: string; outcome: PodOutcome; reason: string };

/**
 * Corrects a recorded pod's result (a wrong seat typed, a misclick): the game's facts are kept
 * but voided, a Game Loss or Match Loss given in it stands, and the corrected outcome's facts are
 * recorded through the same rules, with the reason and who corrected it. Refused once the pod's
 * result has moved on: a Swiss pod after the top cut is seeded, a cut pod after the next pod is seated.
 */
export async function correctPodResult(input: CorrectPodInput, actor: PodActor): Promise<ActionResult<{ version: number; laterRoundsPaired: boolean; isDuplicate: boolean }>> {
  return writeContest({
    ...podOpening(input, "A bye has no result to correct."),
    replay: async (db) => {
      const stored = await db.podEvent.findUnique({ where: { idempotencyKey: input.idempotencyKey }, select: { podId: true, pod: { select: { version: true } } } });
      if (!stored) return null;
      return stored.podId === input.podId ? success({ version: stored.pod.version, laterRoundsPaired: false, isDuplicate: true }) : failure("CONFLICT", "That form was already used for another pod: reload the page.");
    },
    run: async (tx, { row, settings }) => {
      const cut = await tx.phase.findFirst({ where: { tournamentId: input.tournamentId, kind: "SINGLE_ELIMINATION" }, select: { id: true } });
      const later = await tx.round.count({ where: { tournamentId: input.tournamentId, number: { gt: row.round.number } } });
      const names = new Map(row.seats.map((seat) => [seat.registrationId, seat.registration.displayName]));
      const corrected = correctPodGame(
        {
          players: row.seats.map((seat) => seat.registrationId),
          endOfRound: settings.endOfRound,
          events: row.events.map((event) => event.data as PodGameEvent),
          isRecorded: row.confirmedAt !== null,
          stage: { isCutPod: row.bracketSlot !== null, isCutSeeded: cut !== null, isNextPodSeated: later > 0 },
        },
        input.outcome,
      );
      if (!corrected.ok) return ruleFailure(corrected.error, "INVALID_RESULT", (message) => withNames(message, names));
      const { facts, before, after } = corrected.value;
      const last = await tx.podEvent.aggregate({ where: { podId: row.id }, _max: { sequence: true } });
      const first = (last._max.sequence ?? 0) + 1;
      await tx.podEvent.updateMany({ where: { podId: row.id, voidedAt: null }, data: { voidedAt: new Date() } });
      await tx.podEvent.createMany({ data: podEventRows(row.id, first, facts, actor.name, input.idempotencyKey) });
      const version = await movePodVersion(tx, row);
      // The history row has a match change's shape: the version it made, who by staff seat and name, from, to and why.
      await tx.podCorrection.create({ data: { podId: row.id, version, staffId: actor.staffId ?? null, reason: input.reason, actorName: actor.name, before: before ?? {}, after } });
      if (row.bracketSlot !== null) await advancePodCut(tx, input.tournamentId, settings);
      return success({ version, laterRoundsPaired: later > 0, isDuplicate: false });
    },
  });
}
