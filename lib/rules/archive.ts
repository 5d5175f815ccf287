// A tournament archive read back in (docs/archive.md): the rules a whole tournament's facts must
// keep before any of it is imported. Each problem names the entry ("rounds[2].matches[4]") and the
// rule it breaks, so an organizer can find it in the file.

import { mtr } from "./edition";
import { recordedGameOutcome, type GameEndReason } from "./game";
import { BYE_SLIP, checkSlip, evaluateResultSlip, type ResultSlip } from "./match";
import { cleanName, MAX_NAME_LENGTH, nameKey } from "./registration";
import { asRecord, isRecord, ok, showValue, type RuleResult, type Side } from "./result";

/** An archive ref: the kind of row and its number in the archive ("entrant:3"). */
export const ARCHIVE_REF_PATTERN = /^(entrant|staff|match|game|report|penalty|call|pod|pod-report):[1-9]\d{0,6}$/;

export type ArchiveProblem = { path: string; message: string; rule?: string };

/** The facts of an archive the rules look at; the archive schema (lib/schemas/archive.ts) gives more. */
export type ArchiveFacts = {
  tournament: { teamFormat: string; teamSize: number; structure: string };
  phases: readonly { sequence: number; kind: string; gamesToWin: number; seeds: readonly { seed: number; entrant: string }[] }[];
  staff: readonly { ref: string }[];
  entrants: readonly {
    ref: string;
    name: string;
    externalId: string | null;
    firstRound: number;
    members: readonly { seat: number; name: string; externalId: string | null }[];
    drops: readonly { staff: string | null }[];
    awardedByes: readonly { round: number }[];
  }[];
  waitlist: readonly { entrant: string | null }[];
  rounds: readonly {
    number: number;
    phase: number;
    pairingChanges: readonly { before: unknown; after: unknown; warnings: unknown }[];
    matches: readonly ArchiveMatchFacts[];
    pods: readonly ArchivePodFacts[];
  }[];
};

type ArchiveMatchFacts = {
  ref: string;
  seat: number;
  sideA: string;
  sideB: string | null;
  slip: ResultSlip | null;
  concededBy: Side | null;
  intentionalDraw: boolean;
  resultAsPublished: boolean;
  version: number;
  voidedAt: string | null;
  games: readonly { ref: string; number: number; winner: Side | null; reason: string; removedAt: string | null }[];
  reports: readonly { ref: string; reportedBy: string | null; confirmedBy: string | null; staff: string | null }[];
  changes: readonly { version: number; staff: string | null; before: unknown; after: unknown }[];
  timeExtensions: readonly { staff: string | null }[];
  endOfMatch: readonly { sequence: number; data: unknown; staff: string | null }[];
  penalties: readonly { ref: string; entrant: string; staff: string | null }[];
  judgeCalls: readonly { ref: string; calledBy: string; claimedBy: string | null; resolvedBy: string | null }[];
};

type ArchivePodFacts = {
  ref: string;
  isBye: boolean;
  seats: readonly { seat: number; entrant: string }[];
  events: readonly { sequence: number; data: unknown }[];
  corrections: readonly { before: unknown; after: unknown }[];
  reports: readonly { ref: string; entrant: string; outcome: unknown }[];
};

const MAX_PROBLEMS = 20;
/** A value for a message: a ref or number as it is, anything else described, so no value can make the message throw. */
const shown = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : showValue(value));
/** A list's entries as records, so input that is not an archive is reported, never thrown on. */
const rows = <T>(value: readonly T[] | undefined): readonly T[] => (Array.isArray(value) ? value.map((item) => asRecord(item) as T) : []);

/**
 * Every rule the archive breaks (at most 20, in file order); an empty list means it may be
 * imported. It checks what one tournament's rows must agree on: refs that resolve, distinct
 * names, one match per player per round, slips the match length allows, games that end as CR 104
 * says, byes as Appendix C scores them, a history whose versions fit the match.
 */
export function checkArchive(archive: ArchiveFacts): RuleResult<ArchiveProblem[]> {
  const problems: ArchiveProblem[] = [];
  const report = (path: string, message: string, rule?: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(rule === undefined ? { path, message } : { path, message, rule });
  };
  const a = asRecord(archive) as Partial<ArchiveFacts>;
  const tournament = asRecord(a.tournament) as Partial<ArchiveFacts["tournament"]>;
  const refs = new Set<string>();
  const declare = (path: string, ref: unknown) => {
    if (typeof ref !== "string") return;
    if (refs.has(ref)) report(path, `The ref ${ref} is used by two entries: each entry has its own.`);
    refs.add(ref);
  };
  const entrants = new Set<string>();
  const staff = new Set<string>();
  const mustBeEntrant = (path: string, ref: unknown) => {
    if (typeof ref === "string" && !entrants.has(ref)) report(path, `${ref} is not an entrant of this archive.`);
  };
  const mustBeStaff = (path: string, ref: unknown) => {
    if (typeof ref === "string" && !staff.has(ref)) report(path, `${ref} is not a staff member of this archive.`);
  };

  for (const [index, member] of rows(a.staff).entries()) {
    declare(`staff[${index}]`, member.ref);
    staff.add(member.ref);
  }
  const names = new Map<string, number>();
  const people = new Map<string, string>();
  const onePerson = (path: string, externalId: unknown) => {
    if (typeof externalId !== "string") return;
    const earlier = people.get(externalId);
    if (earlier !== undefined) report(path, `The external id ${externalId} is also ${earlier}'s: one person enters a tournament once.`);
    people.set(externalId, path);
  };
  const isTeamEvent = tournament.teamFormat !== undefined && tournament.teamFormat !== "INDIVIDUAL";
  for (const [index, entrant] of rows(a.entrants).entries()) {
    const path = `entrants[${index}]`;
    declare(path, entrant.ref);
    entrants.add(entrant.ref);
    const name = cleanName(entrant.name);
    if (name === "" || name.length > MAX_NAME_LENGTH) report(`${path}.name`, `A name has 1 to ${MAX_NAME_LENGTH} characters.`);
    const earlier = names.get(nameKey(entrant.name));
    if (earlier !== undefined) report(`${path}.name`, `"${name}" is also entrants[${earlier}]: two entrants may not share a name.`);
    names.set(nameKey(entrant.name), index);
    const members = rows(entrant.members);
    onePerson(`${path}.externalId`, entrant.externalId);
    for (const [memberIndex, member] of members.entries()) onePerson(`${path}.members[${memberIndex}].externalId`, member.externalId);
    if (isTeamEvent) {
      const size = tournament.teamSize;
      // Each seat 0 … size-1 once, read from the members so a huge or odd team size cannot build a huge list.
      const seats = new Set(members.map((member) => member.seat));
      const everySeat = typeof size === "number" && seats.size === size && [...seats].every((seat) => Number.isInteger(seat) && seat >= 0 && seat < size);
      if (members.length !== size || !everySeat) {
        report(`${path}.members`, `A team has one member in each of its ${showValue(size)} seats, and this one has ${members.length}.`, mtr("teamComposition"));
      }
    } else if (members.length > 0) report(`${path}.members`, "Only a team event's entrants have members.", mtr("teamComposition"));
    for (const [dropIndex, drop] of rows(entrant.drops).entries()) if (drop.staff !== null) mustBeStaff(`${path}.drops[${dropIndex}].staff`, drop.staff);
    const byeRounds = rows(entrant.awardedByes).map((bye) => bye.round);
    if (new Set(byeRounds).size !== byeRounds.length) report(`${path}.awardedByes`, "A bye is awarded once for a round.", mtr("tiebreakerExplanation"));
  }
  for (const [index, entry] of rows(a.waitlist).entries()) if (entry.entrant !== null) mustBeEntrant(`waitlist[${index}].entrant`, entry.entrant);

  const phases = new Map<number, ArchiveFacts["phases"][number]>();
  for (const [index, phase] of rows(a.phases).entries()) {
    const path = `phases[${index}]`;
    if (phase.sequence !== index + 1) report(`${path}.sequence`, `Phases are numbered 1, 2, … in order: this one should be ${index + 1}.`);
    phases.set(phase.sequence, phase);
    const seeds = rows(phase.seeds);
    if (seeds.length > 0 && phase.kind !== "SINGLE_ELIMINATION") report(`${path}.seeds`, "Only a playoff has seeds.");
    const seen = new Set<string>();
    for (const [seedIndex, seed] of seeds.entries()) {
      mustBeEntrant(`${path}.seeds[${seedIndex}].entrant`, seed.entrant);
      if (seen.has(seed.entrant)) report(`${path}.seeds[${seedIndex}]`, `${shown(seed.entrant)} has two seeds.`);
      seen.add(seed.entrant);
    }
    if (new Set(seeds.map((seed) => seed.seed)).size !== seeds.length) report(`${path}.seeds`, "Each seed is given to one entrant.");
  }

  const refsInHistory: { path: string; value: unknown }[] = [];
  for (const [roundIndex, round] of rows(a.rounds).entries()) {
    const roundPath = `rounds[${roundIndex}]`;
    if (round.number !== roundIndex + 1) report(`${roundPath}.number`, `Rounds are numbered 1, 2, … in order: this one should be ${roundIndex + 1}.`);
    const phase = phases.get(round.phase);
    if (!phase) report(`${roundPath}.phase`, `There is no phase ${shown(round.phase)}.`);
    for (const [changeIndex, change] of rows(round.pairingChanges).entries()) refsInHistory.push({ path: `${roundPath}.pairingChanges[${changeIndex}]`, value: [change.before, change.after, change.warnings] });
    const seated = new Map<string, string>();
    // A team member plays once a round in their own seat (MTR 8.2), so the key is the entrant and the seat.
    const seat = (path: string, entrant: unknown, teamSeat: unknown) => {
      if (typeof entrant !== "string") return;
      const key = `${entrant}/${showValue(teamSeat)}`;
      const earlier = seated.get(key);
      if (earlier !== undefined) report(path, `${entrant} plays twice in round ${shown(round.number)} (also ${earlier}).`, mtr("matchStructure"));
      seated.set(key, path);
    };
    for (const [matchIndex, match] of rows(round.matches).entries()) {
      const path = `${roundPath}.matches[${matchIndex}]`;
      checkMatch(match, path, phase, { declare, report, mustBeEntrant, mustBeStaff });
      if (match.voidedAt === null) for (const entrant of [match.sideA, match.sideB]) seat(path, entrant, match.seat);
      for (const [changeIndex, change] of rows(match.changes).entries()) refsInHistory.push({ path: `${path}.changes[${changeIndex}]`, value: [change.before, change.after] });
      for (const [stepIndex, step] of rows(match.endOfMatch).entries()) refsInHistory.push({ path: `${path}.endOfMatch[${stepIndex}]`, value: step.data });
    }
    for (const [podIndex, pod] of rows(round.pods).entries()) {
      const path = `${roundPath}.pods[${podIndex}]`;
      declare(path, pod.ref);
      const seats = rows(pod.seats);
      if (pod.isBye ? seats.length !== 1 : seats.length < 2) report(`${path}.seats`, pod.isBye ? "A bye has one seat." : "A pod seats at least two players.", "100.6a");
      if (new Set(seats.map((s) => s.seat)).size !== seats.length) report(`${path}.seats`, "Each seat of a pod is taken once.");
      for (const [seatIndex, podSeat] of seats.entries()) {
        mustBeEntrant(`${path}.seats[${seatIndex}].entrant`, podSeat.entrant);
        seat(`${path}.seats[${seatIndex}]`, podSeat.entrant, 0);
      }
      if (new Set(rows(pod.events).map((event) => event.sequence)).size !== rows(pod.events).length) report(`${path}.events`, "Each fact of a pod's game has its own sequence number.");
      for (const [eventIndex, event] of rows(pod.events).entries()) refsInHistory.push({ path: `${path}.events[${eventIndex}]`, value: event.data });
      for (const [correctionIndex, correction] of rows(pod.corrections).entries()) refsInHistory.push({ path: `${path}.corrections[${correctionIndex}]`, value: [correction.before, correction.after] });
      for (const [reportIndex, podReport] of rows(pod.reports).entries()) {
        declare(`${path}.reports[${reportIndex}]`, podReport.ref);
        mustBeEntrant(`${path}.reports[${reportIndex}].entrant`, podReport.entrant);
        refsInHistory.push({ path: `${path}.reports[${reportIndex}].outcome`, value: podReport.outcome });
      }
    }
  }
  for (const { path, value } of refsInHistory) {
    for (const ref of refsIn(value)) if (!refs.has(ref)) report(path, `The history names ${ref}, which is not in this archive.`);
  }
  return ok(problems);
}

type Checks = {
  declare: (path: string, ref: unknown) => void;
  report: (path: string, message: string, rule?: string) => void;
  mustBeEntrant: (path: string, ref: unknown) => void;
  mustBeStaff: (path: string, ref: unknown) => void;
};

function checkMatch(match: ArchiveMatchFacts, path: string, phase: ArchiveFacts["phases"][number] | undefined, { declare, report, mustBeEntrant, mustBeStaff }: Checks): void {
  declare(path, match.ref);
  mustBeEntrant(`${path}.sideA`, match.sideA);
  if (match.sideB !== null) mustBeEntrant(`${path}.sideB`, match.sideB);
  if (match.sideA === match.sideB) report(path, "A player (or team) cannot play against themselves.");
  const sides = new Set([match.sideA, match.sideB]);
  if (isRecord(match.slip)) {
    const format = { gamesToWin: phase?.gamesToWin ?? 2, elimination: phase?.kind === "SINGLE_ELIMINATION" };
    if (match.sideB === null) {
      if (match.slip.winsA !== BYE_SLIP.winsA || match.slip.winsB !== BYE_SLIP.winsB || match.slip.draws !== BYE_SLIP.draws) report(`${path}.slip`, "A bye is a match won 2-0.", mtr("tiebreakerExplanation"));
    } else if (match.resultAsPublished) {
      const invalid = checkSlip(match.slip);
      if (invalid) report(`${path}.slip`, invalid.error.message, invalid.error.rule);
    } else {
      const outcome = evaluateResultSlip(format, match.slip, { concededBy: match.concededBy ?? undefined, intentionalDraw: match.intentionalDraw });
      if (!outcome.ok) report(`${path}.slip`, outcome.error.message, outcome.error.rule);
    }
  }
  const liveNumbers: number[] = [];
  for (const [gameIndex, game] of rows(match.games).entries()) {
    declare(`${path}.games[${gameIndex}]`, game.ref);
    const outcome = recordedGameOutcome(game.reason as GameEndReason, game.winner);
    if (!outcome.ok) report(`${path}.games[${gameIndex}]`, outcome.error.message, outcome.error.rule);
    if (game.removedAt === null) liveNumbers.push(game.number);
  }
  if (liveNumbers.some((number, index) => number !== index + 1)) report(`${path}.games`, "A match's games are numbered 1, 2, … in the order they were played.", mtr("matchStructure"));
  for (const [reportIndex, slipReport] of rows(match.reports).entries()) {
    declare(`${path}.reports[${reportIndex}]`, slipReport.ref);
    for (const key of ["reportedBy", "confirmedBy"] as const) {
      const who = slipReport[key];
      if (who !== null && !sides.has(who)) report(`${path}.reports[${reportIndex}].${key}`, `${shown(who)} does not play this match.`);
    }
    if (slipReport.staff !== null) mustBeStaff(`${path}.reports[${reportIndex}].staff`, slipReport.staff);
  }
  const versions = rows(match.changes).map((change) => change.version);
  if (new Set(versions).size !== versions.length) report(`${path}.changes`, "Each change of a match's result has its own version.");
  if (versions.some((version) => typeof version === "number" && typeof match.version === "number" && version > match.version)) report(`${path}.changes`, `The history has a version after the match's own (${shown(match.version)}).`);
  for (const [changeIndex, change] of rows(match.changes).entries()) if (change.staff !== null) mustBeStaff(`${path}.changes[${changeIndex}].staff`, change.staff);
  for (const [extensionIndex, extension] of rows(match.timeExtensions).entries()) if (extension.staff !== null) mustBeStaff(`${path}.timeExtensions[${extensionIndex}].staff`, extension.staff);
  const sequences = rows(match.endOfMatch).map((step) => step.sequence);
  if (new Set(sequences).size !== sequences.length) report(`${path}.endOfMatch`, "Each step of the end-of-match procedure has its own sequence number.", mtr("endOfMatch"));
  for (const [stepIndex, step] of rows(match.endOfMatch).entries()) if (step.staff !== null) mustBeStaff(`${path}.endOfMatch[${stepIndex}].staff`, step.staff);
  for (const [penaltyIndex, penalty] of rows(match.penalties).entries()) {
    declare(`${path}.penalties[${penaltyIndex}]`, penalty.ref);
    if (!sides.has(penalty.entrant)) report(`${path}.penalties[${penaltyIndex}].entrant`, `${shown(penalty.entrant)} does not play this match: a penalty is given to a player of the match.`, "IPG 1.2");
    if (penalty.staff !== null) mustBeStaff(`${path}.penalties[${penaltyIndex}].staff`, penalty.staff);
  }
  for (const [callIndex, call] of rows(match.judgeCalls).entries()) {
    declare(`${path}.judgeCalls[${callIndex}]`, call.ref);
    if (!sides.has(call.calledBy)) report(`${path}.judgeCalls[${callIndex}].calledBy`, `${shown(call.calledBy)} does not play this match.`);
    if (call.claimedBy !== null) mustBeStaff(`${path}.judgeCalls[${callIndex}].claimedBy`, call.claimedBy);
    if (call.resolvedBy !== null) mustBeStaff(`${path}.judgeCalls[${callIndex}].resolvedBy`, call.resolvedBy);
  }
}

/** Every archive ref a history value names, however deep. */
export function refsIn(value: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 50) return;
    if (typeof node === "string") {
      if (ARCHIVE_REF_PATTERN.test(node)) found.push(node);
    } else if (Array.isArray(node)) for (const item of node) walk(item, depth + 1);
    else if (node !== null && typeof node === "object") for (const item of Object.values(node)) walk(item, depth + 1);
  };
  walk(value, 0);
  return found;
}

/** A history value with each string the map names replaced (ids by refs on export, refs by ids on import). */
export function replaceNamedStrings<T>(value: T, names: ReadonlyMap<string, string>): T {
  const lookup = names instanceof Map ? names : new Map<string, string>();
  const walk = (node: unknown, depth: number): unknown => {
    if (depth > 50) return node;
    if (typeof node === "string") return lookup.get(node) ?? node;
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    if (node !== null && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, depth + 1)]));
    return node;
  };
  return walk(value, 0) as T;
}
