import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  checkArchive,
  checkArchiveJson,
  importedName,
  replaceNamedStrings,
  type ArchiveProblem,
} from "@/lib/rules/archive";
import { nameKey } from "@/lib/rules/registration";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  TournamentArchiveSchema,
  type ArchiveJson,
  type ArchiveMatch,
  type ArchivePod,
  type TournamentArchive,
} from "@/lib/schemas/archive";
import { deriveMatchRecord } from "@/lib/rules/match-record";
import { derivePodGame, type PodGameEvent } from "@/lib/rules/pod-game";
import { podEventSettings } from "@/lib/rules/pod-event";
import type { Actor } from "@/lib/server/tournament/staff";
import { newPlayerCode } from "@/lib/server/check-in/player-codes";
import { downloadFileName } from "./exports";
import { MATCH_RECORD_SELECT, matchRecordFacts } from "@/lib/server/match/match-record";
import { RollBack } from "@/lib/server/contest/contest-write";
import { computePublishedStandings } from "@/lib/server/standings/standings";
import { computePodStandingsSnapshot } from "@/lib/server/pod/pods";
import { writeInBatches } from "@/lib/server/infra/batches";
import { checkImportSize } from "./import-limit";
import { setImmediate as nextTurn } from "node:timers/promises";
import { render } from "@/lib/messages/render";
import { TOURNAMENT_NAME_MAX } from "@/lib/schemas/tournament";

const APP_NAME = "mtg-tournament-manager";
const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
const byTimeThenId = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Reads a whole tournament's rows: a statement per table, never one per row. */
async function loadTournamentRows(tournamentId: string) {
  const [
    tournament,
    registrations,
    waitlist,
    rounds,
    matches,
    pods,
    decklists,
    decklistDrops,
    deckChecks,
  ] = await Promise.all([
    prisma.tournament.findUnique({
      where: { id: tournamentId, deletedAt: null },
      include: { phases: { include: { seeds: true } }, staff: true, statusChanges: true },
    }),
    prisma.registration.findMany({
      where: { tournamentId },
      include: {
        player: { select: { externalId: true } },
        teamMembers: { include: { player: { select: { name: true, externalId: true } } } },
        dropChanges: true,
        awardedByes: true,
      },
    }),
    prisma.waitlistEntry.findMany({ where: { tournamentId } }),
    prisma.round.findMany({
      where: { tournamentId },
      include: { phase: { select: { sequence: true } }, pairingChanges: true },
      orderBy: { number: "asc" },
    }),
    prisma.match.findMany({
      where: { round: { tournamentId } },
      include: {
        games: true,
        reports: true,
        changes: true,
        timeExtensions: true,
        endOfMatch: true,
        penalties: true,
        judgeCalls: true,
      },
    }),
    prisma.pod.findMany({
      where: { round: { tournamentId } },
      include: { seats: true, events: true, corrections: true, reports: true, judgeCalls: true },
    }),
    prisma.decklist.findMany({ where: { tournamentId }, include: { changes: true } }),
    prisma.decklistDrop.findMany({ where: { tournamentId } }),
    prisma.deckCheck.findMany({ where: { tournamentId }, include: { round: true } }),
  ]);
  return tournament
    ? {
        tournament,
        registrations,
        waitlist,
        rounds,
        matches,
        pods,
        decklists,
        decklistDrops,
        deckChecks,
      }
    : null;
}

/**
 * The tournament as one archive (docs/archive.md). Rows are listed in an order their contents
 * decide, and named by refs numbered in that order, so exporting an imported archive gives the same
 * document again apart from `exportedAt` and `source`.
 */
export async function exportTournamentArchive(
  tournamentId: string,
  now = new Date(),
): Promise<ActionResult<{ filename: string; archive: TournamentArchive }>> {
  const rows = await loadTournamentRows(tournamentId);
  if (!rows) return failure("NOT_FOUND", "That tournament does not exist.");
  const { tournament, registrations, waitlist, rounds } = rows;
  const refOf = new Map<string, string>();
  const name = (kind: string, ids: readonly string[]) =>
    ids.forEach((id, index) => {
      refOf.set(id, `${kind}:${index + 1}`);
    });
  const ref = (id: string): string => refOf.get(id)!;
  const refOrNull = (id: string | null): string | null =>
    id === null ? null : (refOf.get(id) ?? null);
  const history = (value: Prisma.JsonValue): ArchiveJson =>
    replaceNamedStrings(value, refOf) as ArchiveJson;
  // Decklists' JSON columns as the app writes them: cards by section, findings and names as lists.
  const cards = (value: Prisma.JsonValue) => value as Record<string, ArchiveJson>;
  const listOf = (value: Prisma.JsonValue) => value as ArchiveJson[];

  const staff = [...tournament.staff].sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.role.localeCompare(b.role) ||
      a.name.localeCompare(b.name) ||
      (a.id < b.id ? -1 : 1),
  );
  name(
    "staff",
    staff.map((member) => member.id),
  );
  const entrants = [...registrations].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.nameKey < b.nameKey ? -1 : 1),
  );
  name(
    "entrant",
    entrants.map((entrant) => entrant.id),
  );
  const roundNumberOf = new Map(rounds.map((round) => [round.id, round.number]));
  const matches = [...rows.matches].sort(
    (a, b) =>
      roundNumberOf.get(a.roundId)! - roundNumberOf.get(b.roundId)! ||
      a.tableNumber - b.tableNumber ||
      a.seat - b.seat ||
      a.voidSequence - b.voidSequence,
  );
  name(
    "match",
    matches.map((match) => match.id),
  );
  const pods = [...rows.pods].sort(
    (a, b) =>
      roundNumberOf.get(a.roundId)! - roundNumberOf.get(b.roundId)! ||
      a.tableNumber - b.tableNumber,
  );
  name(
    "pod",
    pods.map((pod) => pod.id),
  );
  const sorted = {
    games: new Map(
      matches.map((match) => [
        match.id,
        [...match.games].sort(
          (a, b) => a.number - b.number || a.removalSequence - b.removalSequence,
        ),
      ]),
    ),
    reports: new Map(matches.map((match) => [match.id, [...match.reports].sort(byTimeThenId)])),
    penalties: new Map(matches.map((match) => [match.id, [...match.penalties].sort(byTimeThenId)])),
    calls: new Map(matches.map((match) => [match.id, [...match.judgeCalls].sort(byTimeThenId)])),
    podReports: new Map(pods.map((pod) => [pod.id, [...pod.reports].sort(byTimeThenId)])),
    podCalls: new Map(pods.map((pod) => [pod.id, [...pod.judgeCalls].sort(byTimeThenId)])),
  };
  name(
    "game",
    matches.flatMap((match) => sorted.games.get(match.id)!.map((game) => game.id)),
  );
  name(
    "report",
    matches.flatMap((match) => sorted.reports.get(match.id)!.map((report) => report.id)),
  );
  name(
    "penalty",
    matches.flatMap((match) => sorted.penalties.get(match.id)!.map((penalty) => penalty.id)),
  );
  name("call", [
    ...matches.flatMap((match) => sorted.calls.get(match.id)!.map((call) => call.id)),
    ...pods.flatMap((pod) => sorted.podCalls.get(pod.id)!.map((call) => call.id)),
  ]);
  name(
    "pod-report",
    pods.flatMap((pod) => sorted.podReports.get(pod.id)!.map((report) => report.id)),
  );
  const deckChecks = correctionsAfter([...rows.deckChecks].sort(byTimeThenId));
  name(
    "deck-check",
    deckChecks.map((check) => check.id),
  );
  const entrantOrder = new Map(entrants.map((entrant, index) => [entrant.id, index]));
  const decklists = [...rows.decklists].sort(
    (a, b) =>
      entrantOrder.get(a.registrationId)! - entrantOrder.get(b.registrationId)! || a.seat - b.seat,
  );

  const exportCall = (
    call: (typeof matches)[number]["judgeCalls"][number],
  ): ArchiveMatch["judgeCalls"][number] => ({
    ref: ref(call.id),
    table: call.tableNumber,
    calledBy: ref(call.calledById),
    note: call.note,
    createdAt: iso(call.createdAt),
    claimedAt: isoOrNull(call.claimedAt),
    claimedBy: refOrNull(call.claimedById),
    claimedByName: call.claimedByName,
    resolvedAt: isoOrNull(call.resolvedAt),
    resolvedBy: refOrNull(call.resolvedById),
    resolvedByName: call.resolvedByName,
    followUp: call.followUp,
    resolution: call.resolution,
  });
  const exportMatch = (match: (typeof matches)[number]): ArchiveMatch => ({
    ref: ref(match.id),
    table: match.tableNumber,
    seat: match.seat,
    sideA: ref(match.sideAId),
    sideB: refOrNull(match.sideBId),
    bracketSlot: match.bracketSlot,
    game1Chooser: match.game1Chooser,
    chooserMethod: match.chooserMethod,
    slip:
      match.winsA === null || match.winsB === null || match.draws === null
        ? null
        : { winsA: match.winsA, winsB: match.winsB, draws: match.draws },
    concededBy: match.concededBy,
    intentionalDraw: match.intentionalDraw,
    resultAsPublished: match.resultAsPublished,
    confirmedAt: isoOrNull(match.confirmedAt),
    version: match.version,
    voidedAt: isoOrNull(match.voidedAt),
    voidSequence: match.voidSequence,
    createdAt: iso(match.createdAt),
    games: sorted.games.get(match.id)!.map((game) => ({
      ref: ref(game.id),
      number: game.number,
      chooser: game.chooser,
      choice: game.choice,
      winner: game.winner,
      reason: game.reason,
      lifeA: game.lifeA,
      lifeB: game.lifeB,
      losingSeat: game.losingSeat as 0 | 1 | null,
      createdAt: iso(game.createdAt),
      removedAt: isoOrNull(game.removedAt),
      removalSequence: game.removalSequence,
    })),
    reports: sorted.reports.get(match.id)!.map((report) => ({
      ref: ref(report.id),
      source: report.source,
      reportedBy: refOrNull(report.reportedById),
      staff: refOrNull(report.staffId),
      slip: { winsA: report.winsA, winsB: report.winsB, draws: report.draws },
      concededBy: report.concededBy,
      intentionalDraw: report.intentionalDraw,
      confirmedBy: refOrNull(report.confirmedById),
      confirmedAt: isoOrNull(report.confirmedAt),
      resultVersion: report.resultVersion,
      createdAt: iso(report.createdAt),
    })),
    changes: [...match.changes]
      .sort((a, b) => a.version - b.version)
      .map((change) => ({
        version: change.version,
        kind: change.kind,
        source: change.source,
        staff: refOrNull(change.staffId),
        actorName: change.actorName,
        before: history(change.before),
        after: history(change.after),
        note: change.note,
        createdAt: iso(change.createdAt),
      })),
    timeExtensions: [...match.timeExtensions].sort(byTimeThenId).map((extension) => ({
      minutes: extension.minutes,
      reason: extension.reason,
      staff: refOrNull(extension.staffId),
      createdAt: iso(extension.createdAt),
    })),
    endOfMatch: [...match.endOfMatch]
      .sort((a, b) => a.sequence - b.sequence)
      .map((step) => ({
        sequence: step.sequence,
        kind: step.kind,
        data: history(step.data),
        staff: refOrNull(step.staffId),
        createdAt: iso(step.createdAt),
      })),
    penalties: sorted.penalties.get(match.id)!.map((penalty) => ({
      ref: ref(penalty.id),
      entrant: ref(penalty.registrationId),
      kind: penalty.kind,
      infraction: penalty.infraction,
      additionalTurns: penalty.additionalTurns,
      gameNumber: penalty.gameNumber,
      note: penalty.note,
      staff: refOrNull(penalty.staffId),
      createdAt: iso(penalty.createdAt),
    })),
    judgeCalls: sorted.calls.get(match.id)!.map(exportCall),
  });
  const exportPod = (pod: (typeof pods)[number]): ArchivePod => ({
    ref: ref(pod.id),
    table: pod.tableNumber,
    isBye: pod.isBye,
    version: pod.version,
    confirmedAt: isoOrNull(pod.confirmedAt),
    bracketSlot: pod.bracketSlot as ArchivePod["bracketSlot"],
    createdAt: iso(pod.createdAt),
    seats: [...pod.seats]
      .sort((a, b) => a.seat - b.seat)
      .map((seat) => ({ seat: seat.seat, entrant: ref(seat.registrationId) })),
    events: [...pod.events]
      .sort((a, b) => a.sequence - b.sequence)
      .map((event) => ({
        sequence: event.sequence,
        data: history(event.data),
        actorName: event.actorName,
        createdAt: iso(event.createdAt),
        voidedAt: isoOrNull(event.voidedAt),
      })),
    corrections: [...pod.corrections].sort(byTimeThenId).map((correction) => ({
      reason: correction.reason,
      actorName: correction.actorName,
      before: history(correction.before),
      after: history(correction.after),
      createdAt: iso(correction.createdAt),
    })),
    reports: sorted.podReports.get(pod.id)!.map((report) => ({
      ref: ref(report.id),
      entrant: ref(report.registrationId),
      outcome: history(report.outcome),
      createdAt: iso(report.createdAt),
    })),
    judgeCalls: sorted.podCalls.get(pod.id)!.map(exportCall),
  });

  const archive: TournamentArchive = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: iso(now),
    source: { app: APP_NAME, tournamentId: tournament.id },
    tournament: {
      name: tournament.name,
      format: tournament.format,
      status: tournament.status,
      teamFormat: tournament.teamFormat,
      teamSize: tournament.teamSize,
      structure: tournament.structure,
      importedFrom: tournament.importedFrom === null ? null : history(tournament.importedFrom),
      pods: {
        size: tournament.podSize,
        pointsWin: tournament.podPointsWin,
        pointsDraw: tournament.podPointsDraw,
        pointsLoss: tournament.podPointsLoss,
        additionalTurns: tournament.podAdditionalTurns,
      },
      percentageFloor: tournament.percentageFloor,
      byeCountsInOwnPercentages: tournament.byeCountsInOwnPercentages,
      publishedAt: isoOrNull(tournament.publishedAt),
      openRegistration: tournament.openRegistration,
      registrationCap: tournament.registrationCap,
      decklists: {
        format: tournament.deckFormat as TournamentArchive["tournament"]["decklists"]["format"],
        deadline: isoOrNull(tournament.decklistDeadline),
        publication: tournament.decklistPublication,
      },
      createdAt: iso(tournament.createdAt),
    },
    phases: [...tournament.phases]
      .sort((a, b) => a.sequence - b.sequence)
      .map((phase) => ({
        sequence: phase.sequence,
        kind: phase.kind,
        gamesToWin: phase.gamesToWin,
        roundMinutes: phase.roundMinutes,
        additionalTurns: phase.additionalTurns,
        plannedRounds: phase.plannedRounds,
        cutSize: phase.cutSize,
        plannedCut: phase.plannedCut,
        createdAt: iso(phase.createdAt),
        seeds: [...phase.seeds]
          .sort((a, b) => a.seed - b.seed)
          .map((seed) => ({ seed: seed.seed, entrant: ref(seed.registrationId) })),
      })),
    staff: staff.map((member) => ({
      ref: ref(member.id),
      name: member.name,
      role: member.role,
      removedAt: isoOrNull(member.removedAt),
      createdAt: iso(member.createdAt),
    })),
    entrants: entrants.map((entrant) => ({
      ref: ref(entrant.id),
      name: entrant.displayName,
      externalId: entrant.player.externalId,
      firstRound: entrant.firstRound,
      missedRoundsAsLosses: entrant.missedRoundsAsLosses,
      droppedAfterRound: entrant.droppedAfterRound,
      checkedInAt: isoOrNull(entrant.checkedInAt),
      createdAt: iso(entrant.createdAt),
      members: [...entrant.teamMembers]
        .sort((a, b) => a.seat - b.seat)
        .map((member) => ({
          seat: member.seat,
          name: member.player.name,
          externalId: member.player.externalId,
        })),
      drops: [...entrant.dropChanges].sort(byTimeThenId).map((drop) => ({
        kind: drop.kind,
        afterRound: drop.afterRound,
        staff: refOrNull(drop.staffId),
        actorName: drop.actorName,
        createdAt: iso(drop.createdAt),
      })),
      awardedByes: [...entrant.awardedByes]
        .sort((a, b) => a.roundNumber - b.roundNumber)
        .map((bye) => ({
          round: bye.roundNumber,
          createdAt: iso(bye.createdAt),
          withdrawnAt: isoOrNull(bye.withdrawnAt),
        })),
    })),
    waitlist: [...waitlist]
      .sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.nameKey < b.nameKey ? -1 : 1),
      )
      .map((entry) => ({
        name: entry.displayName,
        promotedAt: isoOrNull(entry.promotedAt),
        entrant: refOrNull(entry.registrationId),
        createdAt: iso(entry.createdAt),
      })),
    rounds: rounds.map((round) => ({
      number: round.number,
      phase: round.phase.sequence,
      status: round.status,
      pairingSeed: round.pairingSeed,
      pairingAlgorithmVersion: round.pairingAlgorithmVersion,
      startedAt: isoOrNull(round.startedAt),
      createdAt: iso(round.createdAt),
      pairingChanges: [...round.pairingChanges].sort(byTimeThenId).map((change) => ({
        kind: change.kind,
        actorName: change.actorName,
        before: history(change.before),
        after: history(change.after),
        warnings: history(change.warnings),
        createdAt: iso(change.createdAt),
      })),
      matches: matches.filter((match) => match.roundId === round.id).map(exportMatch),
      pods: pods.filter((pod) => pod.roundId === round.id).map(exportPod),
    })),
    statusChanges: [...tournament.statusChanges].sort(byTimeThenId).map((change) => ({
      kind: change.kind,
      before: change.before,
      after: change.after,
      staff: refOrNull(change.staffId),
      actorName: change.actorName,
      createdAt: iso(change.createdAt),
    })),
    decklists: decklists.map((list) => ({
      entrant: ref(list.registrationId),
      seat: list.seat,
      text: list.text,
      entries: cards(list.entries),
      problems: listOf(list.problems),
      notes: listOf(list.notes),
      isLegal: list.isLegal,
      format: list.format,
      checkedAgainst: iso(list.checkedAgainst),
      archetype: list.archetype,
      version: list.version,
      submittedAt: iso(list.submittedAt),
      changes: [...list.changes]
        .sort((a, b) => a.version - b.version)
        .map((change) => ({
          version: change.version,
          source: change.source,
          staff: refOrNull(change.staffId),
          actorName: change.actorName,
          reason: change.reason,
          textBefore: change.textBefore,
          textAfter: change.textAfter,
          entriesBefore: change.entriesBefore === null ? null : cards(change.entriesBefore),
          entriesAfter: cards(change.entriesAfter),
          archetypeAfter: change.archetypeAfter,
          isLegalAfter: change.isLegalAfter,
          problemsAfter: listOf(change.problemsAfter),
          notesAfter: listOf(change.notesAfter),
          formatAfter: change.formatAfter,
          checkedAgainst: iso(change.checkedAgainst),
          idempotencyKey: change.idempotencyKey,
          requestHash: change.requestHash,
          createdAt: iso(change.createdAt),
        })),
    })),
    decklistDrops: [...rows.decklistDrops].sort(byTimeThenId).map((drop) => ({
      staff: refOrNull(drop.staffId),
      actorName: drop.actorName,
      idempotencyKey: drop.idempotencyKey,
      requestHash: drop.requestHash,
      dropped: listOf(history(drop.dropped)),
      skipped: listOf(history(drop.skipped)),
      promoted: listOf(history(drop.promoted)),
      createdAt: iso(drop.createdAt),
    })),
    deckChecks: deckChecks.map((check) => ({
      ref: ref(check.id),
      round: check.round.number,
      entrant: ref(check.registrationId),
      match: refOrNull(check.matchId),
      pod: refOrNull(check.podId),
      table: check.tableNumber,
      outcome: check.outcome,
      note: check.note,
      penalty: refOrNull(check.penaltyId),
      decklistVersion: check.decklistVersion,
      judgeName: check.judgeName,
      staff: refOrNull(check.createdByStaffId),
      replaces: refOrNull(check.replacesId),
      idempotencyKey: check.idempotencyKey,
      createdAt: iso(check.createdAt),
    })),
  };
  return success({
    filename: downloadFileName(
      tournament.name,
      `archive-${now.toISOString().slice(0, 10)}`,
      "json",
    ),
    archive,
  });
}

/** Deck checks in the order given, each record it corrects moved before it, so an import writes the corrected one first. */
function correctionsAfter<T extends { id: string; replacesId: string | null }>(
  checks: readonly T[],
): T[] {
  const byId = new Map(checks.map((check) => [check.id, check]));
  const listed = new Set<string>();
  const ordered: T[] = [];
  for (const check of checks) {
    const chain: T[] = [];
    for (
      let at: T | undefined = check;
      at && !listed.has(at.id);
      at = at.replacesId === null ? undefined : byId.get(at.replacesId)
    ) {
      listed.add(at.id);
      chain.push(at);
    }
    ordered.push(...chain.reverse());
  }
  return ordered;
}

/** Zod's path as the archive's own notation: rounds[2].matches[4].slip. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === "number"
        ? `${text}[${key}]`
        : text === ""
          ? String(key)
          : `${text}.${String(key)}`,
    "",
  );
}

const SHOWN_PROBLEMS = 5;

/** The archive read and checked: every problem, named by its entry, or the archive. */
export function readTournamentArchive(json: unknown): ActionResult<TournamentArchive> {
  // Control characters and deep nesting first: the schema's JSON reader recurses, and the database refuses a NUL.
  const shape = checkArchiveJson(json);
  const parsed = shape.length > 0 ? null : TournamentArchiveSchema.safeParse(json);
  const problems =
    parsed === null
      ? shape.map(problemLine)
      : parsed.success
        ? (checkArchive(parsed.data) as { ok: true; value: ArchiveProblem[] }).value.map(
            problemLine,
          )
        : // One problem per entry: a number both too big for an integer and for its field is one mistake.
          [
            ...new Map(
              parsed.error.issues.map((issue) => [pathOf(issue.path), issue.message]),
            ).entries(),
          ].map(([path, message]) => `${path || "the archive"}: ${message}`);
  if (parsed === null || !parsed.success || problems.length > 0) {
    const shown = problems.slice(0, SHOWN_PROBLEMS);
    const more =
      problems.length > SHOWN_PROBLEMS ? ` (and ${problems.length - SHOWN_PROBLEMS} more)` : "";
    return failure(
      "VALIDATION",
      `The archive was not imported: ${withFullStop(`${shown.join("; ")}${more}`)}`,
      { json: problems },
    );
  }
  return success(parsed.data);
}

const problemLine = (problem: ArchiveProblem): string =>
  `${problem.path}: ${render(problem.message)}${problem.rule ? ` (${problem.rule})` : ""}`;
const withFullStop = (text: string): string => (text.endsWith(".") ? text : `${text}.`);

/** Ids for imported rows that sort in archive order, so ties the export breaks by id come out the same. */
function archiveIds(): () => string {
  const stem = `a${Date.now().toString(36).padStart(9, "0")}${randomBytes(4).toString("hex")}`;
  let counter = 0;
  return () => `${stem}${(counter++).toString(36).padStart(7, "0")}`;
}

const date = (value: string): Date => new Date(value);
const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));
const jsonValue = (value: unknown): Prisma.InputJsonValue => value as Prisma.InputJsonValue;
// A JSON column's null is stored as SQL NULL, as the app writes it.
const jsonOrNull = (value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull =>
  value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue);

/** A copy's name, shortened by whole characters where the archive's fills the name's limit. */
function copyName(name: string): string {
  const full = render(importedName(name));
  if (full.length <= TOURNAMENT_NAME_MAX) return full;
  const room = TOURNAMENT_NAME_MAX - (full.length - name.length) - 1;
  let kept = "";
  for (const character of name) {
    if (kept.length + character.length > room) break;
    kept += character;
  }
  return render(importedName(`${kept.trimEnd()}…`));
}

/**
 * Imports an archive as a new tournament owned by the importer (docs/archive.md), unpublished and
 * named as a copy ("Spring Open (imported)") until its organizer publishes and renames it: checked whole
 * first (nothing is written if any entry breaks a rule), then written in one transaction, a
 * statement per table, and read back as the pages read it before it commits. The importer gets an
 * organizer seat of their own; the archive's seats come back without an account; every entrant
 * and team member is a new player; new player codes are issued (codes are not exported).
 */
export async function importTournamentArchive(
  json: unknown,
  owner: Actor,
): Promise<
  ActionResult<{ id: string; entrants: number; rounds: number; matches: number; pods: number }>
> {
  const raw = json as { entrants?: unknown; rounds?: unknown } | null;
  const refusedAtOnce = checkImportSize(
    {
      entrants: Array.isArray(raw?.entrants) ? raw.entrants.length : 0,
      rounds: Array.isArray(raw?.rounds) ? raw.rounds.length : 0,
    },
    "archive",
  );
  if (refusedAtOnce) return refusedAtOnce;
  const read = readTournamentArchive(json);
  if (!read.ok) return read;
  const archive = read.value;
  const tooMany = checkImportSize(
    { entrants: archive.entrants.length, rounds: archive.rounds.length },
    "archive",
  );
  if (tooMany) return tooMany;
  // Checking an archive is tens of milliseconds at a large event: other requests go first.
  await nextTurn();
  const nextId = archiveIds();
  const id = new Map<string, string>();
  const idOf = (ref: string): string => id.get(ref)!;
  const idOrNull = (ref: string | null): string | null => (ref === null ? null : idOf(ref));
  const refsToIds = <T>(value: T): T => replaceNamedStrings(value, id);
  const allMatches = archive.rounds.flatMap((round) =>
    round.matches.map((match) => ({ round, match })),
  );
  const allPods = archive.rounds.flatMap((round) => round.pods.map((pod) => ({ round, pod })));
  for (const member of archive.staff) id.set(member.ref, nextId());
  for (const entrant of archive.entrants) id.set(entrant.ref, nextId());
  for (const { match } of allMatches) {
    id.set(match.ref, nextId());
    for (const row of [...match.games, ...match.reports, ...match.penalties, ...match.judgeCalls])
      id.set(row.ref, nextId());
  }
  for (const { pod } of allPods) {
    id.set(pod.ref, nextId());
    for (const row of [...pod.reports, ...pod.judgeCalls]) id.set(row.ref, nextId());
  }
  for (const check of archive.deckChecks) id.set(check.ref, nextId());
  const isTeamEvent = archive.tournament.teamFormat !== "INDIVIDUAL";
  const entryPaths = new Map<string, string>();
  archive.rounds.forEach((round, roundIndex) => {
    for (const [matchIndex, match] of round.matches.entries())
      entryPaths.set(idOf(match.ref), `rounds[${roundIndex}].matches[${matchIndex}]`);
    for (const [podIndex, pod] of round.pods.entries())
      entryPaths.set(idOf(pod.ref), `rounds[${roundIndex}].pods[${podIndex}]`);
  });

  let tournamentId: string;
  try {
    tournamentId = await prisma.$transaction(
      async (tx) => {
        const t = archive.tournament;
        const created = await tx.tournament.create({
          data: {
            name: copyName(t.name),
            format: t.format,
            status: t.status,
            teamFormat: t.teamFormat,
            teamSize: t.teamSize,
            structure: t.structure,
            importedFrom: jsonOrNull(refsToIds(t.importedFrom)),
            podSize: t.pods.size,
            podPointsWin: t.pods.pointsWin,
            podPointsDraw: t.pods.pointsDraw,
            podPointsLoss: t.pods.pointsLoss,
            podAdditionalTurns: t.pods.additionalTurns,
            percentageFloor: t.percentageFloor,
            byeCountsInOwnPercentages: t.byeCountsInOwnPercentages,
            ownerId: owner.userId,
            // A copy stays with its staff until its organizer publishes it.
            publishedAt: null,
            openRegistration: t.openRegistration,
            registrationCap: t.registrationCap,
            deckFormat: t.decklists.format,
            decklistDeadline: dateOrNull(t.decklists.deadline),
            decklistPublication: t.decklists.publication,
            createdAt: date(t.createdAt),
          },
          select: { id: true },
        });
        const tournamentId = created.id;
        const phaseIds = new Map(archive.phases.map((phase) => [phase.sequence, nextId()]));
        await tx.phase.createMany({
          data: archive.phases.map((phase) => ({
            id: phaseIds.get(phase.sequence)!,
            tournamentId,
            sequence: phase.sequence,
            kind: phase.kind,
            gamesToWin: phase.gamesToWin,
            roundMinutes: phase.roundMinutes,
            additionalTurns: phase.additionalTurns,
            plannedRounds: phase.plannedRounds,
            cutSize: phase.cutSize,
            plannedCut: phase.plannedCut,
            createdAt: date(phase.createdAt),
          })),
        });
        const seeds = archive.phases.flatMap((phase) =>
          phase.seeds.map((seed) => ({
            phaseId: phaseIds.get(phase.sequence)!,
            seed: seed.seed,
            registrationId: idOf(seed.entrant),
          })),
        );
        await tx.staffMember.createMany({
          data: [
            ...archive.staff.map((member) => ({
              id: idOf(member.ref),
              tournamentId,
              name: member.name,
              role: member.role,
              removedAt: dateOrNull(member.removedAt),
              createdAt: date(member.createdAt),
            })),
            // The importer's own seat, created now and so listed last; the archive's organizer keeps their name in the history without anyone's account.
            {
              id: nextId(),
              tournamentId,
              name: owner.name,
              role: "ORGANIZER" as const,
              userId: owner.userId,
              email: owner.email,
            },
          ],
        });
        const playerIdOf = await importPlayers(tx, archive, nextId);
        const codes = new Map(
          archive.entrants.map((entrant) => [entrant.ref, isTeamEvent ? null : newPlayerCode()]),
        );
        await writeInBatches(archive.entrants, (batch) =>
          tx.registration.createMany({
            data: batch.map((entrant) => ({
              id: idOf(entrant.ref),
              tournamentId,
              playerId: playerIdOf(entrant.ref),
              displayName: entrant.name,
              nameKey: nameKey(entrant.name),
              firstRound: entrant.firstRound,
              missedRoundsAsLosses: entrant.missedRoundsAsLosses,
              droppedAfterRound: entrant.droppedAfterRound,
              code: codes.get(entrant.ref)!,
              checkedInAt: dateOrNull(entrant.checkedInAt),
              createdAt: date(entrant.createdAt),
            })),
          }),
        );
        await writeInBatches(
          archive.entrants.flatMap((entrant) =>
            entrant.members.map((member) => ({
              registrationId: idOf(entrant.ref),
              playerId: playerIdOf(`${entrant.ref}/${member.seat}`),
              seat: member.seat,
              code: newPlayerCode(),
            })),
          ),
          (batch) => tx.teamMember.createMany({ data: batch }),
        );
        await writeInBatches(
          archive.entrants.flatMap((entrant) =>
            entrant.drops.map((drop) => ({
              registrationId: idOf(entrant.ref),
              kind: drop.kind,
              afterRound: drop.afterRound,
              staffId: idOrNull(drop.staff),
              actorName: drop.actorName,
              createdAt: date(drop.createdAt),
            })),
          ),
          (batch) => tx.dropChange.createMany({ data: batch }),
        );
        await writeInBatches(
          archive.entrants.flatMap((entrant) =>
            entrant.awardedByes.map((bye) => ({
              registrationId: idOf(entrant.ref),
              roundNumber: bye.round,
              createdAt: date(bye.createdAt),
              withdrawnAt: dateOrNull(bye.withdrawnAt),
            })),
          ),
          (batch) => tx.awardedBye.createMany({ data: batch }),
        );
        await writeInBatches(
          archive.waitlist.map((entry) => ({
            tournamentId,
            displayName: entry.name,
            nameKey: nameKey(entry.name),
            code: (entry.entrant !== null ? codes.get(entry.entrant) : null) ?? newPlayerCode(),
            requestKey: `archive-${randomUUID()}`,
            promotedAt: dateOrNull(entry.promotedAt),
            registrationId: idOrNull(entry.entrant),
            createdAt: date(entry.createdAt),
          })),
          (batch) => tx.waitlistEntry.createMany({ data: batch }),
        );
        await tx.playoffSeed.createMany({ data: seeds });
        await tx.eventStatusChange.createMany({
          data: archive.statusChanges.map((change) => ({
            tournamentId,
            kind: change.kind,
            before: change.before,
            after: change.after,
            staffId: idOrNull(change.staff),
            actorName: change.actorName,
            createdAt: date(change.createdAt),
          })),
        });

        await importDecklists(tx, archive, { tournamentId, idOf, idOrNull, refsToIds, nextId });

        const roundIds = new Map(archive.rounds.map((round) => [round.number, nextId()]));
        await tx.round.createMany({
          data: archive.rounds.map((round) => ({
            id: roundIds.get(round.number)!,
            tournamentId,
            phaseId: phaseIds.get(round.phase)!,
            number: round.number,
            status: round.status,
            pairingSeed: round.pairingSeed,
            pairingAlgorithmVersion: round.pairingAlgorithmVersion,
            startedAt: dateOrNull(round.startedAt),
            createdAt: date(round.createdAt),
          })),
        });
        await writeInBatches(
          archive.rounds.flatMap((round) =>
            round.pairingChanges.map((change) => ({
              roundId: roundIds.get(round.number)!,
              kind: change.kind,
              actorName: change.actorName,
              before: jsonOrNull(refsToIds(change.before)),
              after: jsonValue(refsToIds(change.after)),
              warnings: jsonValue(refsToIds(change.warnings)),
              createdAt: date(change.createdAt),
            })),
          ),
          (batch) => tx.pairingChange.createMany({ data: batch }),
        );
        await importMatches(
          tx,
          allMatches.map(({ round, match }) => ({ roundId: roundIds.get(round.number)!, match })),
          { tournamentId, idOf, idOrNull, refsToIds },
        );
        await importPods(
          tx,
          allPods.map(({ round, pod }) => ({ roundId: roundIds.get(round.number)!, pod })),
          { tournamentId, idOf, idOrNull, refsToIds },
        );
        await writeInBatches(archive.deckChecks, (batch) =>
          tx.deckCheck.createMany({
            data: batch.map((check) => ({
              id: idOf(check.ref),
              tournamentId,
              roundId: roundIds.get(check.round)!,
              registrationId: idOf(check.entrant),
              matchId: idOrNull(check.match),
              podId: idOrNull(check.pod),
              tableNumber: check.table,
              outcome: check.outcome,
              note: check.note,
              penaltyId: idOrNull(check.penalty),
              decklistVersion: check.decklistVersion,
              judgeName: check.judgeName,
              createdByStaffId: idOrNull(check.staff),
              replacesId: idOrNull(check.replaces),
              idempotencyKey: check.idempotencyKey,
              createdAt: date(check.createdAt),
            })),
          }),
        );
        const unreadable = await readAsThePagesDo(
          tx,
          tournamentId,
          archive.tournament.structure,
          entryPaths,
        );
        if (unreadable)
          throw new RollBack(
            failure("VALIDATION", `The archive was not imported: ${withFullStop(unreadable)}`, {
              json: [unreadable],
            }),
          );
        return tournamentId;
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
  } catch (error) {
    if (error instanceof RollBack) return error.result;
    throw error;
  }
  return success({
    id: tournamentId,
    entrants: archive.entrants.length,
    rounds: archive.rounds.length,
    matches: allMatches.length,
    pods: allPods.length,
  });
}

/**
 * A new Player row for each entrant and team member, with the archive's name and external id: an
 * import never links to a player already here, so an archive cannot reach anyone else's players.
 */
async function importPlayers(
  tx: Transaction,
  archive: TournamentArchive,
  nextId: () => string,
): Promise<(key: string) => string> {
  const people = archive.entrants.flatMap((entrant) => [
    { key: entrant.ref, name: entrant.name, externalId: entrant.externalId },
    ...entrant.members.map((member) => ({
      key: `${entrant.ref}/${member.seat}`,
      name: member.name,
      externalId: member.externalId,
    })),
  ]);
  const rows = people.map((person) => ({
    id: nextId(),
    name: person.name,
    externalId: person.externalId,
  }));
  const idByKey = new Map(people.map((person, index) => [person.key, rows[index]!.id]));
  await writeInBatches(rows, (batch) => tx.player.createMany({ data: batch }));
  return (key) => idByKey.get(key)!;
}

/**
 * The written tournament read as its pages read it, inside the import's transaction: every
 * match's record as the match page derives it, every pod's game, and the standings (pod standings
 * in a pod event). Null when all of it reads; else the entry and the rule that refuses it.
 */
async function readAsThePagesDo(
  tx: Transaction,
  tournamentId: string,
  structure: string,
  entryPaths: ReadonlyMap<string, string>,
): Promise<string | null> {
  const named = (path: string | undefined, message: string, rule?: string | null) =>
    `${path ?? "an entry"}: ${message}${rule ? ` (${rule})` : ""}`;
  if (structure === "PODS") {
    const tournament = await tx.tournament.findUniqueOrThrow({
      where: { id: tournamentId },
      select: {
        podSize: true,
        podPointsWin: true,
        podPointsDraw: true,
        podPointsLoss: true,
        podAdditionalTurns: true,
      },
    });
    const settings = podEventSettings({
      podSize: tournament.podSize,
      pointsWin: tournament.podPointsWin,
      pointsDraw: tournament.podPointsDraw,
      pointsLoss: tournament.podPointsLoss,
      additionalTurns: tournament.podAdditionalTurns,
    });
    if (!settings.ok) return named("tournament.pods", render(settings.error), settings.error.rule);
    const pods = await tx.pod.findMany({
      where: { round: { tournamentId }, isBye: false },
      select: {
        id: true,
        confirmedAt: true,
        seats: { orderBy: { seat: "asc" }, select: { registrationId: true } },
        events: { where: { voidedAt: null }, orderBy: { sequence: "asc" }, select: { data: true } },
      },
    });
    for (const pod of pods) {
      const view = derivePodGame({
        players: pod.seats.map((seat) => seat.registrationId),
        endOfRound: settings.value.endOfRound,
        events: pod.events.map((event) => event.data as PodGameEvent),
        isRecorded: pod.confirmedAt !== null,
      });
      if (!view.ok) return named(entryPaths.get(pod.id), render(view.error), view.error.rule);
    }
    const standings = await readOrRefusal(() => computePodStandingsSnapshot(tx, tournamentId));
    return standings === null ? null : `its standings cannot be computed: ${standings}`;
  }
  const matches = await tx.match.findMany({
    where: { round: { tournamentId } },
    select: MATCH_RECORD_SELECT,
  });
  for (const row of matches) {
    // deriveStoredMatch's own derivation, kept as a result so the answer names the rule.
    let view: ReturnType<typeof deriveMatchRecord>;
    try {
      view = deriveMatchRecord(matchRecordFacts(row));
    } catch (error) {
      return named(entryPaths.get(row.id), error instanceof Error ? error.message : String(error));
    }
    if (!view.ok) return named(entryPaths.get(row.id), render(view.error), view.error.rule);
  }
  const standings = await readOrRefusal(() => computePublishedStandings(tx, tournamentId));
  return standings === null ? null : `its standings cannot be computed: ${standings}`;
}

/** Null when the read answers; else why not, whether it answered a failure or threw on stored facts the rules refuse. */
async function readOrRefusal(read: () => Promise<ActionResult<unknown>>): Promise<string | null> {
  try {
    const answer = await read();
    return answer.ok ? null : answer.error.message;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

type Refs = { idOf: (ref: string) => string; refsToIds: <T>(value: T) => T };
type ImportIds = { tournamentId: string; idOrNull: (ref: string | null) => string | null };

async function importMatches(
  tx: Transaction,
  matches: { roundId: string; match: ArchiveMatch }[],
  { tournamentId, idOf, idOrNull, refsToIds }: Refs & ImportIds,
): Promise<void> {
  await writeInBatches(matches, (batch) =>
    tx.match.createMany({
      data: batch.map(({ roundId, match }) => ({
        id: idOf(match.ref),
        roundId,
        tableNumber: match.table,
        seat: match.seat,
        sideAId: idOf(match.sideA),
        sideBId: idOrNull(match.sideB),
        bracketSlot: match.bracketSlot,
        game1Chooser: match.game1Chooser,
        chooserMethod: match.chooserMethod,
        winsA: match.slip?.winsA ?? null,
        winsB: match.slip?.winsB ?? null,
        draws: match.slip?.draws ?? null,
        concededBy: match.concededBy,
        intentionalDraw: match.intentionalDraw,
        resultAsPublished: match.resultAsPublished,
        confirmedAt: dateOrNull(match.confirmedAt),
        version: match.version,
        voidedAt: dateOrNull(match.voidedAt),
        voidSequence: match.voidSequence,
        createdAt: date(match.createdAt),
      })),
    }),
  );
  const each = <T>(pick: (match: ArchiveMatch) => readonly T[]) =>
    matches.flatMap(({ match }) => pick(match).map((row) => ({ matchId: idOf(match.ref), row })));
  await writeInBatches(
    each((match) => match.games),
    (batch) =>
      tx.game.createMany({
        data: batch.map(({ matchId, row }) => ({
          id: idOf(row.ref),
          matchId,
          number: row.number,
          chooser: row.chooser,
          choice: row.choice,
          winner: row.winner,
          reason: row.reason,
          lifeA: row.lifeA,
          lifeB: row.lifeB,
          losingSeat: row.losingSeat ?? null,
          createdAt: date(row.createdAt),
          removedAt: dateOrNull(row.removedAt),
          removalSequence: row.removalSequence,
        })),
      }),
  );
  await writeInBatches(
    each((match) => match.reports),
    (batch) =>
      tx.matchReport.createMany({
        data: batch.map(({ matchId, row }) => ({
          id: idOf(row.ref),
          matchId,
          idempotencyKey: `archive-${randomUUID()}`,
          source: row.source,
          reportedById: idOrNull(row.reportedBy),
          staffId: idOrNull(row.staff),
          ...row.slip,
          concededBy: row.concededBy,
          intentionalDraw: row.intentionalDraw,
          confirmedById: idOrNull(row.confirmedBy),
          confirmedAt: dateOrNull(row.confirmedAt),
          resultVersion: row.resultVersion,
          createdAt: date(row.createdAt),
        })),
      }),
  );
  await writeInBatches(
    each((match) => match.changes),
    (batch) =>
      tx.resultChange.createMany({
        data: batch.map(({ matchId, row }) => ({
          matchId,
          version: row.version,
          kind: row.kind,
          source: row.source,
          staffId: idOrNull(row.staff),
          actorName: row.actorName,
          before: jsonOrNull(refsToIds(row.before)),
          after: jsonOrNull(refsToIds(row.after)),
          note: row.note,
          createdAt: date(row.createdAt),
        })),
      }),
  );
  await writeInBatches(
    each((match) => match.timeExtensions),
    (batch) =>
      tx.timeExtension.createMany({
        data: batch.map(({ matchId, row }) => ({
          matchId,
          minutes: row.minutes,
          reason: row.reason,
          staffId: idOrNull(row.staff),
          createdAt: date(row.createdAt),
        })),
      }),
  );
  await writeInBatches(
    each((match) => match.endOfMatch),
    (batch) =>
      tx.endOfMatchEvent.createMany({
        data: batch.map(({ matchId, row }) => ({
          matchId,
          sequence: row.sequence,
          kind: row.kind,
          data: jsonValue(refsToIds(row.data)),
          staffId: idOrNull(row.staff),
          createdAt: date(row.createdAt),
        })),
      }),
  );
  await writeInBatches(
    each((match) => match.penalties),
    (batch) =>
      tx.penalty.createMany({
        data: batch.map(({ matchId, row }) => ({
          id: idOf(row.ref),
          matchId,
          registrationId: idOf(row.entrant),
          kind: row.kind,
          infraction: row.infraction,
          additionalTurns: row.additionalTurns,
          gameNumber: row.gameNumber,
          note: row.note,
          staffId: idOrNull(row.staff),
          idempotencyKey: `archive-${randomUUID()}`,
          createdAt: date(row.createdAt),
        })),
      }),
  );
  await writeInBatches(
    each((match) => match.judgeCalls),
    (batch) =>
      tx.judgeCall.createMany({
        data: batch.map(({ matchId, row }) =>
          importedCall(row, { matchId }, { tournamentId, idOf, idOrNull }),
        ),
      }),
  );
}

/** MTR 2.7: every list with its whole history, and each drop of players without one (MTR 2.10). */
async function importDecklists(
  tx: Transaction,
  archive: TournamentArchive,
  { tournamentId, idOf, idOrNull, refsToIds, nextId }: Refs & ImportIds & { nextId: () => string },
): Promise<void> {
  const lists = archive.decklists.map((list) => ({ id: nextId(), list }));
  await writeInBatches(lists, (batch) =>
    tx.decklist.createMany({
      data: batch.map(({ id, list }) => ({
        id,
        tournamentId,
        registrationId: idOf(list.entrant),
        seat: list.seat,
        text: list.text,
        entries: jsonValue(list.entries),
        problems: jsonValue(list.problems),
        notes: jsonValue(list.notes),
        isLegal: list.isLegal,
        format: list.format,
        checkedAgainst: date(list.checkedAgainst),
        archetype: list.archetype,
        version: list.version,
        submittedAt: date(list.submittedAt),
      })),
    }),
  );
  await writeInBatches(
    lists.flatMap(({ id, list }) => list.changes.map((change) => ({ decklistId: id, change }))),
    (batch) =>
      tx.decklistChange.createMany({
        data: batch.map(({ decklistId, change }) => ({
          id: nextId(),
          decklistId,
          tournamentId,
          version: change.version,
          source: change.source,
          staffId: idOrNull(change.staff),
          actorName: change.actorName,
          reason: change.reason,
          textBefore: change.textBefore,
          textAfter: change.textAfter,
          entriesBefore: jsonOrNull(change.entriesBefore),
          entriesAfter: jsonValue(change.entriesAfter),
          archetypeAfter: change.archetypeAfter,
          isLegalAfter: change.isLegalAfter,
          problemsAfter: jsonValue(change.problemsAfter),
          notesAfter: jsonValue(change.notesAfter),
          formatAfter: change.formatAfter,
          checkedAgainst: date(change.checkedAgainst),
          idempotencyKey: change.idempotencyKey,
          requestHash: change.requestHash,
          createdAt: date(change.createdAt),
        })),
      }),
  );
  await writeInBatches(archive.decklistDrops, (batch) =>
    tx.decklistDrop.createMany({
      data: batch.map((drop) => ({
        id: nextId(),
        tournamentId,
        idempotencyKey: drop.idempotencyKey,
        requestHash: drop.requestHash,
        staffId: idOrNull(drop.staff),
        actorName: drop.actorName,
        dropped: jsonValue(refsToIds(drop.dropped)),
        skipped: jsonValue(refsToIds(drop.skipped)),
        promoted: jsonValue(refsToIds(drop.promoted)),
        createdAt: date(drop.createdAt),
      })),
    }),
  );
}

/** A judge call's row from the archive, to its match or (CR 100.6a) its pod. */
function importedCall(
  row: ArchiveMatch["judgeCalls"][number],
  place: { matchId: string } | { podId: string },
  { tournamentId, idOf, idOrNull }: Pick<Refs, "idOf"> & ImportIds,
): Prisma.JudgeCallCreateManyInput {
  const placeId = "matchId" in place ? place.matchId : place.podId;
  return {
    id: idOf(row.ref),
    tournamentId,
    ...place,
    tableNumber: row.table,
    calledById: idOf(row.calledBy),
    note: row.note,
    idempotencyKey: `archive-${randomUUID()}`,
    // One open call per player and match or pod, as the app keeps it.
    openKey: row.resolvedAt === null ? `${placeId}:${idOf(row.calledBy)}` : null,
    createdAt: date(row.createdAt),
    claimedAt: dateOrNull(row.claimedAt),
    claimedById: idOrNull(row.claimedBy),
    claimedByName: row.claimedByName,
    resolvedAt: dateOrNull(row.resolvedAt),
    resolvedById: idOrNull(row.resolvedBy),
    resolvedByName: row.resolvedByName,
    followUp: row.followUp,
    resolution: row.resolution,
  };
}

async function importPods(
  tx: Transaction,
  pods: { roundId: string; pod: ArchivePod }[],
  { tournamentId, idOf, idOrNull, refsToIds }: Refs & ImportIds,
): Promise<void> {
  await writeInBatches(pods, (batch) =>
    tx.pod.createMany({
      data: batch.map(({ roundId, pod }) => ({
        id: idOf(pod.ref),
        roundId,
        tableNumber: pod.table,
        isBye: pod.isBye,
        version: pod.version,
        confirmedAt: dateOrNull(pod.confirmedAt),
        bracketSlot: pod.bracketSlot,
        createdAt: date(pod.createdAt),
      })),
    }),
  );
  const each = <T>(pick: (pod: ArchivePod) => readonly T[]) =>
    pods.flatMap(({ pod }) => pick(pod).map((row) => ({ podId: idOf(pod.ref), row })));
  await writeInBatches(
    each((pod) => pod.seats),
    (batch) =>
      tx.podSeat.createMany({
        data: batch.map(({ podId, row }) => ({
          podId,
          seat: row.seat,
          registrationId: idOf(row.entrant),
        })),
      }),
  );
  await writeInBatches(
    each((pod) => pod.events),
    (batch) =>
      tx.podEvent.createMany({
        data: batch.map(({ podId, row }) => ({
          podId,
          sequence: row.sequence,
          data: jsonValue(refsToIds(row.data)),
          actorName: row.actorName,
          createdAt: date(row.createdAt),
          voidedAt: dateOrNull(row.voidedAt),
        })),
      }),
  );
  await writeInBatches(
    each((pod) => pod.corrections),
    (batch) =>
      tx.podCorrection.createMany({
        data: batch.map(({ podId, row }) => ({
          podId,
          reason: row.reason,
          actorName: row.actorName,
          before: jsonValue(refsToIds(row.before)),
          after: jsonValue(refsToIds(row.after)),
          createdAt: date(row.createdAt),
        })),
      }),
  );
  await writeInBatches(
    each((pod) => pod.reports),
    (batch) =>
      tx.podReport.createMany({
        data: batch.map(({ podId, row }) => ({
          id: idOf(row.ref),
          podId,
          registrationId: idOf(row.entrant),
          outcome: jsonValue(refsToIds(row.outcome)),
          idempotencyKey: `archive-${randomUUID()}`,
          createdAt: date(row.createdAt),
        })),
      }),
  );
  await writeInBatches(
    each((pod) => pod.judgeCalls),
    (batch) =>
      tx.judgeCall.createMany({
        data: batch.map(({ podId, row }) =>
          importedCall(row, { podId }, { tournamentId, idOf, idOrNull }),
        ),
      }),
  );
}
