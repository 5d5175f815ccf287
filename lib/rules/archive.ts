// A tournament archive read back in (docs/archive.md): the rules a whole tournament's facts must
// keep before any of it is imported. Each problem names the entry ("rounds[2].matches[4]") and the
// rule it breaks, so an organizer can find it in the file.

import { mtr } from "./edition";
import { teamFormatRules, type TeamFormat } from "./teams";
import {
  recordedGameOutcome,
  teamMemberLoss,
  type GameEndReason,
  type GameOutcome,
  type GameVariant,
} from "./game";
import {
  BYE_SLIP,
  checkSlip,
  checkSlipAgainstGames,
  evaluateResultSlip,
  type MatchFormat,
  type ResultSlip,
} from "./match";
import { podEventSettings } from "./pod-event";
import { cleanName, hasHiddenCharacters, MAX_NAME_LENGTH, nameKey } from "./registration";
import {
  asRecord,
  isRecord,
  type Message,
  ok,
  type RuleError,
  type RuleResult,
  type Side,
  say,
  showPlain,
  showValue,
} from "./result";

/** An archive ref: the kind of row and its number in the archive ("entrant:3"). */
export const ARCHIVE_REF_KINDS = [
  "entrant",
  "staff",
  "match",
  "game",
  "report",
  "penalty",
  "call",
  "pod",
  "pod-report",
  "deck-check",
] as const;
export type ArchiveRefKind = (typeof ARCHIVE_REF_KINDS)[number];
export const ARCHIVE_REF_PATTERN = new RegExp(`^(${ARCHIVE_REF_KINDS.join("|")}):[1-9]\\d{0,6}$`);

export type ArchiveProblem = { path: string; message: Message; rule?: string };

/** The name an imported copy takes until its organizer renames it: the archive's, marked as a copy. */
export function importedName(name: string): Message {
  return say("archive.importedName", { name });
}

/** An entry of a list in an archive path: at("rounds", 2) is "rounds[2]". */
function at(path: string, index: number): string {
  return `${path}[${index}]`;
}

/**
 * Imports (an archive or an event's published results) one account may start, and the largest
 * archive the embedded database takes: a big import holds its one session for seconds, and every
 * other request waits behind it.
 */
export const IMPORT_LIMITS = {
  perAccount: 10,
  windowMinutes: 10,
  /** The file, checked before it is read as JSON. */
  fileBytes: 8_000_000,
  /** The file on the embedded database (one session: an import holds every other write meanwhile). */
  embeddedFileBytes: 2_000_000,
  /** Entrants of a published event: the largest published Swiss events have about 2,000. */
  publishedEntrants: 2_500,
  /** Entrants of an archive: the largest event this app runs. */
  archiveEntrants: 8_192,
  /** Rounds of either: a two-day championship's Swiss rounds and its top cut fit several times over. */
  rounds: 40,
} as const;

/** The facts of an archive the rules look at; the archive schema (lib/schemas/archive.ts) gives more. */
export type ArchiveFacts = {
  tournament: {
    name: string;
    status: string;
    teamFormat: string;
    teamSize: number;
    structure: string;
    pods: {
      size: number;
      pointsWin: number;
      pointsDraw: number;
      pointsLoss: number;
      additionalTurns: number | null;
    };
  };
  phases: readonly {
    sequence: number;
    kind: string;
    gamesToWin: number;
    seeds: readonly { seed: number; entrant: string }[];
  }[];
  staff: readonly { ref: string }[];
  entrants: readonly {
    ref: string;
    name: string;
    externalId: string | null;
    firstRound: number;
    droppedAfterRound: number | null;
    members: readonly { seat: number; name: string; externalId: string | null }[];
    drops: readonly { staff: string | null }[];
    awardedByes: readonly { round: number; withdrawnAt: string | null }[];
  }[];
  waitlist: readonly { name: string; entrant: string | null }[];
  /** Finishes and reopenings, each naming the staff seat that made it, if it is still known. */
  statusChanges?: readonly { staff: string | null }[];
  /** Absent from archives made before decklists and deck checks were exported. */
  decklists?: readonly ArchiveDecklistFacts[];
  decklistDrops?: readonly {
    staff: string | null;
    idempotencyKey: string;
    dropped: unknown;
    skipped: unknown;
  }[];
  deckChecks?: readonly ArchiveDeckCheckFacts[];
  rounds: readonly {
    number: number;
    phase: number;
    status: string;
    pairingChanges: readonly { before: unknown; after: unknown; warnings: unknown }[];
    matches: readonly ArchiveMatchFacts[];
    pods: readonly ArchivePodFacts[];
  }[];
};

type ArchiveMatchFacts = {
  ref: string;
  table: number;
  seat: number;
  sideA: string;
  sideB: string | null;
  slip: ResultSlip | null;
  concededBy: Side | null;
  intentionalDraw: boolean;
  resultAsPublished: boolean;
  version: number;
  voidedAt: string | null;
  voidSequence: number;
  games: readonly {
    ref: string;
    number: number;
    winner: Side | null;
    reason: string;
    losingSeat?: number | null;
    removedAt: string | null;
    removalSequence: number;
  }[];
  reports: readonly {
    ref: string;
    reportedBy: string | null;
    confirmedBy: string | null;
    staff: string | null;
    slip: ResultSlip;
    concededBy: Side | null;
    intentionalDraw: boolean;
  }[];
  changes: readonly { version: number; staff: string | null; before: unknown; after: unknown }[];
  timeExtensions: readonly { staff: string | null }[];
  endOfMatch: readonly { sequence: number; data: unknown; staff: string | null }[];
  penalties: readonly { ref: string; entrant: string; kind: string; staff: string | null }[];
  judgeCalls: readonly ArchiveJudgeCallFacts[];
};

type ArchiveJudgeCallFacts = {
  ref: string;
  calledBy: string;
  claimedBy: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
};

type ArchiveDecklistFacts = {
  entrant: string;
  seat?: number;
  version: number;
  changes: readonly { version: number; staff: string | null; idempotencyKey: string }[];
};

type ArchiveDeckCheckFacts = {
  ref: string;
  round: number;
  entrant: string;
  match: string | null;
  pod: string | null;
  outcome: string;
  penalty: string | null;
  staff: string | null;
  replaces: string | null;
  idempotencyKey: string;
};

type ArchivePodFacts = {
  ref: string;
  table: number;
  isBye: boolean;
  seats: readonly { seat: number; entrant: string }[];
  events: readonly { sequence: number; data: unknown }[];
  corrections: readonly { before: unknown; after: unknown }[];
  reports: readonly { ref: string; entrant: string; outcome: unknown }[];
  /** Absent from archives made before a pod took calls. */
  judgeCalls?: readonly ArchiveJudgeCallFacts[];
};

const MAX_PROBLEMS = 20;
/** A value for a message: a ref or number as it is, anything else described, so no value can make the message throw. */
const shown = (value: unknown): string =>
  typeof value === "string" || typeof value === "number" ? String(value) : showPlain(value);
/** A list's entries as records, so input that is not an archive is reported, never thrown on. */
const rows = <T>(value: readonly T[] | undefined): readonly T[] =>
  Array.isArray(value) ? value.map((item) => asRecord(item) as T) : [];

/** Where an entrant plays in a round: the entry that seats them, and whether it is a bye. */
type Played = { entrant: string; round: number; path: string; isBye: boolean };

/**
 * Every rule the archive breaks (at most 20, in file order); an empty list means it may be
 * imported. It checks what one tournament's rows must agree on: refs that resolve, distinct
 * names, one match per player per round at its own table, entries and drops that fit the rounds
 * played, slips the match length allows and the games make, games that end as CR 104 says, byes
 * as Appendix C scores them, a history whose versions fit the match.
 */
export function checkArchive(archive: ArchiveFacts): RuleResult<ArchiveProblem[]> {
  const problems: ArchiveProblem[] = [];
  const report = (path: string, message: Message, rule?: string) => {
    if (problems.length < MAX_PROBLEMS)
      problems.push(rule === undefined ? { path, message } : { path, message, rule });
  };
  const a = asRecord(archive) as Partial<ArchiveFacts>;
  const tournament = asRecord(a.tournament) as Partial<ArchiveFacts["tournament"]>;
  const refs = new Set<string>();
  const declare = (path: string, ref: unknown) => {
    if (typeof ref !== "string") return;
    if (refs.has(ref)) report(path, say("archive.refUsedTwoEntries", { ref }));
    refs.add(ref);
  };
  const entrants = new Set<string>();
  const staff = new Set<string>();
  const mustBeEntrant = (path: string, ref: unknown) => {
    if (typeof ref === "string" && !entrants.has(ref))
      report(path, say("archive.entrantArchive", { ref }));
  };
  const mustBeStaff = (path: string, ref: unknown) => {
    if (typeof ref === "string" && !staff.has(ref))
      report(path, say("archive.staffMemberArchive", { ref }));
  };

  // Names as the app's forms take them: plain text, nothing invisible that could pass for another name.
  const plainName = (path: string, value: unknown) => {
    if (hasHiddenCharacters(value as string))
      report(path, say("archive.nameInvisibleControlCharacters"));
  };
  if (typeof tournament.name === "string" && cleanName(tournament.name) === "")
    report("tournament.name", say("archive.tournamentSNameVisible"));
  else plainName("tournament.name", tournament.name);
  const isPodEvent = tournament.structure === "PODS";
  if (isPodEvent) {
    const pods = asRecord(tournament.pods);
    const settings = podEventSettings({
      podSize: pods.size,
      pointsWin: pods.pointsWin,
      pointsDraw: pods.pointsDraw,
      pointsLoss: pods.pointsLoss,
      additionalTurns: pods.additionalTurns,
    } as never);
    if (!settings.ok) report("tournament.pods", settings.error, settings.error.rule);
  }
  const roundCount = Array.isArray(a.rounds) ? a.rounds.length : 0;
  if (tournament.status === "REGISTRATION" && roundCount > 0)
    report("tournament.status", say("archive.tournamentStillTakingRegistrations", { roundCount }));

  for (const [index, member] of rows(a.staff).entries()) {
    declare(`staff[${index}]`, member.ref);
    plainName(`${at("staff", index)}.name`, (member as { name?: unknown }).name);
    staff.add(member.ref);
  }
  const names = new Map<string, number>();
  const people = new Map<string, string>();
  const onePerson = (path: string, externalId: unknown) => {
    if (typeof externalId !== "string") return;
    const earlier = people.get(externalId);
    if (earlier !== undefined)
      report(path, say("archive.externalIdAlsoS", { externalId, earlier }));
    people.set(externalId, path);
  };
  const isTeamEvent = tournament.teamFormat !== undefined && tournament.teamFormat !== "INDIVIDUAL";
  const isSeatMatches = tournament.teamFormat === "TEAM_MATCHES";
  const formatRules = teamFormatRules(
    tournament.teamFormat as TeamFormat,
    tournament.teamSize as number,
  );
  const variant: GameVariant = formatRules.ok ? formatRules.value.gameVariant : "two-player";
  const entrantIndex = new Map<string, number>();
  const entrantRows = rows(a.entrants);
  for (const [index, entrant] of entrantRows.entries()) {
    const path = `entrants[${index}]`;
    declare(path, entrant.ref);
    entrants.add(entrant.ref);
    if (typeof entrant.ref === "string" && !entrantIndex.has(entrant.ref))
      entrantIndex.set(entrant.ref, index);
    const name = cleanName(entrant.name);
    if (name === "" || name.length > MAX_NAME_LENGTH)
      report(`${path}.name`, say("archive.nameCharacters", { most: MAX_NAME_LENGTH }));
    plainName(`${path}.name`, entrant.name);
    const earlier = names.get(nameKey(entrant.name));
    if (earlier !== undefined)
      report(`${path}.name`, say("archive.alsoEntrantsTwoEntrants", { name, earlier }));
    names.set(nameKey(entrant.name), index);
    const members = rows(entrant.members);
    onePerson(`${path}.externalId`, entrant.externalId);
    for (const [memberIndex, member] of members.entries()) {
      onePerson(`${at(`${path}.members`, memberIndex)}.externalId`, member.externalId);
      plainName(`${at(`${path}.members`, memberIndex)}.name`, member.name);
    }
    if (isTeamEvent) {
      const size = tournament.teamSize;
      // Each seat 0 … size-1 once, read from the members so a huge or odd team size cannot build a huge list.
      const seats = new Set(members.map((member) => member.seat));
      const everySeat =
        typeof size === "number" &&
        seats.size === size &&
        [...seats].every((seat) => Number.isInteger(seat) && seat >= 0 && seat < size);
      if (members.length !== size || !everySeat) {
        report(
          `${path}.members`,
          say("archive.teamOneMemberSeats", { size: showValue(size), members: members.length }),
          mtr("teamComposition"),
        );
      }
    } else if (members.length > 0)
      report(`${path}.members`, say("archive.teamEventSEntrants"), mtr("teamComposition"));
    // MTR 2.10: entering in round r and dropping after a round before r - 1 is leaving before entering.
    const first = typeof entrant.firstRound === "number" ? entrant.firstRound : 1;
    const dropped = entrant.droppedAfterRound;
    if (typeof dropped === "number" && dropped >= 1 && dropped < first - 1) {
      report(
        `${path}.droppedAfterRound`,
        say("archive.enteredRoundCannotDropped", { name, first, dropped }),
        mtr("dropping"),
      );
    }
    for (const [dropIndex, drop] of rows(entrant.drops).entries())
      if (drop.staff !== null) mustBeStaff(`${at(`${path}.drops`, dropIndex)}.staff`, drop.staff);
    const byeRounds = rows(entrant.awardedByes).map((bye) => bye.round);
    if (new Set(byeRounds).size !== byeRounds.length)
      report(
        `${path}.awardedByes`,
        say("archive.byeAwardedOnceRound"),
        mtr("tiebreakerExplanation"),
      );
  }
  const waitlistNames = new Map<string, number>();
  const promoted = new Map<string, number>();
  for (const [index, entry] of rows(a.waitlist).entries()) {
    plainName(`${at("waitlist", index)}.name`, entry.name);
    const key = nameKey(entry.name);
    const earlier = waitlistNames.get(key);
    if (earlier !== undefined)
      report(
        `${at("waitlist", index)}.name`,
        say("archive.alsoWaitlistTwoWaitlist", { name: cleanName(entry.name), earlier }),
      );
    if (key !== "" && earlier === undefined) waitlistNames.set(key, index);
    if (entry.entrant === null || entry.entrant === undefined) continue;
    mustBeEntrant(`${at("waitlist", index)}.entrant`, entry.entrant);
    const before = typeof entry.entrant === "string" ? promoted.get(entry.entrant) : undefined;
    if (before !== undefined)
      report(
        `${at("waitlist", index)}.entrant`,
        say("archive.alsoWaitlistSEntrant", { shown: shown(entry.entrant), before }),
      );
    else if (typeof entry.entrant === "string") promoted.set(entry.entrant, index);
  }

  const phases = new Map<number, ArchiveFacts["phases"][number]>();
  for (const [index, phase] of rows(a.phases).entries()) {
    const path = `phases[${index}]`;
    if (phase.sequence !== index + 1)
      report(`${path}.sequence`, say("archive.phasesNumberedOrderOne", { value: index + 1 }));
    phases.set(phase.sequence, phase);
    const seeds = rows(phase.seeds);
    if (seeds.length > 0 && phase.kind !== "SINGLE_ELIMINATION")
      report(`${path}.seeds`, say("archive.playoffSeeds"));
    const seen = new Set<string>();
    for (const [seedIndex, seed] of seeds.entries()) {
      mustBeEntrant(`${at(`${path}.seeds`, seedIndex)}.entrant`, seed.entrant);
      if (seen.has(seed.entrant))
        report(
          at(`${path}.seeds`, seedIndex),
          say("archive.twoSeeds", { shown: shown(seed.entrant) }),
        );
      seen.add(seed.entrant);
    }
    if (new Set(seeds.map((seed) => seed.seed)).size !== seeds.length)
      report(`${path}.seeds`, say("archive.seedGivenOneEntrant"));
  }

  for (const [index, change] of rows(a.statusChanges ?? []).entries())
    if (change.staff !== null) mustBeStaff(`${at("statusChanges", index)}.staff`, change.staff);

  const refsInHistory: { path: string; value: unknown }[] = [];
  const played: Played[] = [];
  const places = new Map<unknown, Place>();
  for (const [roundIndex, round] of rows(a.rounds).entries()) {
    const roundPath = `rounds[${roundIndex}]`;
    if (round.number !== roundIndex + 1)
      report(
        `${roundPath}.number`,
        say("archive.roundsNumberedOrderOne", { value: roundIndex + 1 }),
      );
    const phase = phases.get(round.phase);
    if (!phase)
      report(`${roundPath}.phase`, say("archive.therePhase", { shown: shown(round.phase) }));
    const matches = rows(round.matches);
    const pods = rows(round.pods);
    if (isPodEvent && matches.length > 0)
      report(`${roundPath}.matches`, say("archive.podEventSRounds"), "100.6a");
    if (!isPodEvent && pods.length > 0)
      report(`${roundPath}.pods`, say("archive.twoPlayerEventS"), "100.6a");
    for (const [changeIndex, change] of rows(round.pairingChanges).entries())
      refsInHistory.push({
        path: at(`${roundPath}.pairingChanges`, changeIndex),
        value: [change.before, change.after, change.warnings],
      });
    const seated = new Map<string, string>();
    const inRound = new Set<string>();
    // MTR 2.1: one match a round; in team matches each member plays once in their own seat (MTR 8.2), so the key there is the entrant and the seat.
    const seat = (path: string, entrant: unknown, teamSeat: unknown, isBye: boolean) => {
      if (typeof entrant !== "string") return;
      const key = isSeatMatches ? `${entrant}/${showPlain(teamSeat)}` : entrant;
      const earlier = seated.get(key);
      if (earlier !== undefined)
        report(
          path,
          say("archive.playsTwiceRoundAlso", { entrant, shown: shown(round.number), earlier }),
          mtr("matchStructure"),
        );
      else if (!inRound.has(entrant)) played.push({ entrant, round: round.number, path, isBye });
      inRound.add(entrant);
      seated.set(key, path);
    };
    const tables = new Map<string, string>();
    for (const [matchIndex, match] of matches.entries()) {
      const path = at(`${roundPath}.matches`, matchIndex);
      checkMatch(match, path, phase, { declare, report, mustBeEntrant, mustBeStaff }, variant);
      const size = tournament.teamSize;
      const seatNumber = typeof match.seat === "number" ? match.seat : Number.NaN;
      if (isSeatMatches ? !(typeof size === "number" && seatNumber < size) : seatNumber !== 0) {
        report(
          `${path}.seat`,
          isSeatMatches
            ? say("archive.teamPlaysSeatsMatch", {
                size: showValue(size),
                value: typeof size === "number" ? size - 1 : "?",
                shown: shown(match.seat),
              })
            : say("archive.teamEventSeatMatches", { shown: shown(match.seat) }),
          mtr("teamComposition"),
        );
      }
      const place = [match.table, match.seat, match.voidSequence].map(showValue).join("/");
      const atTable = tables.get(place);
      if (atTable !== undefined)
        report(
          `${path}.table`,
          say("archive.tableSeatAlreadyHolds", {
            table: shown(match.table),
            seat: shown(match.seat),
            atTable,
            round: shown(round.number),
          }),
        );
      else tables.set(place, path);
      if (match.voidedAt === null) {
        for (const entrant of [match.sideA, match.sideB])
          seat(path, entrant, match.seat, match.sideB === null);
        if (round.status === "COMPLETE" && match.slip === null)
          report(
            `${path}.slip`,
            say("archive.roundCompleteMatchesResult", { shown: shown(round.number) }),
          );
      }
      places.set(match.ref, {
        kind: "match",
        round: round.number,
        players: new Set([match.sideA, match.sideB]),
        penalties: new Map(
          rows(match.penalties).map((penalty) => [penalty.ref, penalty.entrant] as const),
        ),
      });
      for (const [changeIndex, change] of rows(match.changes).entries())
        refsInHistory.push({
          path: at(`${path}.changes`, changeIndex),
          value: [change.before, change.after],
        });
      for (const [stepIndex, step] of rows(match.endOfMatch).entries())
        refsInHistory.push({ path: at(`${path}.endOfMatch`, stepIndex), value: step.data });
    }
    const podTables = new Map<unknown, string>();
    for (const [podIndex, pod] of pods.entries()) {
      const path = at(`${roundPath}.pods`, podIndex);
      declare(path, pod.ref);
      const atTable = podTables.get(pod.table);
      if (atTable !== undefined)
        report(
          `${path}.table`,
          say("archive.tableAlreadyHoldsRound", {
            table: shown(pod.table),
            atTable,
            round: shown(round.number),
          }),
        );
      else podTables.set(pod.table, path);
      const seats = rows(pod.seats);
      if (pod.isBye ? seats.length !== 1 : seats.length < 2)
        report(
          `${path}.seats`,
          pod.isBye ? say("archive.byeOneSeat") : say("archive.podSeatsLeastTwo"),
          "100.6a",
        );
      if (new Set(seats.map((s) => s.seat)).size !== seats.length)
        report(`${path}.seats`, say("archive.seatPodTakenOnce"));
      for (const [seatIndex, podSeat] of seats.entries()) {
        mustBeEntrant(`${at(`${path}.seats`, seatIndex)}.entrant`, podSeat.entrant);
        seat(at(`${path}.seats`, seatIndex), podSeat.entrant, 0, pod.isBye === true);
      }
      if (new Set(rows(pod.events).map((event) => event.sequence)).size !== rows(pod.events).length)
        report(`${path}.events`, say("archive.factPodSGame"));
      for (const [eventIndex, event] of rows(pod.events).entries())
        refsInHistory.push({ path: at(`${path}.events`, eventIndex), value: event.data });
      for (const [correctionIndex, correction] of rows(pod.corrections).entries())
        refsInHistory.push({
          path: at(`${path}.corrections`, correctionIndex),
          value: [correction.before, correction.after],
        });
      for (const [reportIndex, podReport] of rows(pod.reports).entries()) {
        declare(at(`${path}.reports`, reportIndex), podReport.ref);
        mustBeEntrant(`${at(`${path}.reports`, reportIndex)}.entrant`, podReport.entrant);
        refsInHistory.push({
          path: `${at(`${path}.reports`, reportIndex)}.outcome`,
          value: podReport.outcome,
        });
      }
      const players = new Set(seats.map((podSeat) => podSeat.entrant));
      places.set(pod.ref, { kind: "pod", round: round.number, players, penalties: new Map() });
      checkJudgeCalls(pod.judgeCalls, path, players, "pod", { declare, report, mustBeStaff });
    }
  }
  checkRoundsPlayed(played, entrantRows, entrantIndex, report);
  const checks = { declare, report, mustBeEntrant, mustBeStaff };
  checkDecklists(a, checks);
  for (const [index, drop] of rows(a.decklistDrops ?? []).entries())
    refsInHistory.push({ path: at("decklistDrops", index), value: [drop.dropped, drop.skipped] });
  checkDeckChecks(a.deckChecks, places, checks);
  for (const { path, value } of refsInHistory) {
    for (const ref of refsIn(value))
      if (!refs.has(ref)) report(path, say("archive.historyNamesWhichArchive", { ref }));
  }
  return ok(problems);
}

/** A match or pod of the archive, as a deck check names it. */
type Place = {
  kind: "match" | "pod";
  round: unknown;
  players: ReadonlySet<unknown>;
  /** A match's penalties, each with the entrant it was given to. */
  penalties: ReadonlyMap<unknown, unknown>;
};

/** Reports an entry whose request key an earlier entry of the list already has (the database keeps one). */
function oneKeyEach(report: Checks["report"]) {
  const seen = new Map<unknown, string>();
  return (path: string, key: unknown) => {
    const earlier = seen.get(key);
    if (earlier !== undefined)
      report(`${path}.idempotencyKey`, say("archive.requestKeyTwice", { earlier }));
    else seen.set(key, path);
  };
}

/**
 * MTR 2.7: one list per entrant, and its whole history: a change for each version from 1 to the
 * list's own, each once; every change's and drop's staff seat is in the archive.
 */
function checkDecklists(archive: Partial<ArchiveFacts>, checks: Checks): void {
  const { report, mustBeEntrant, mustBeStaff } = checks;
  const listOf = new Map<unknown, number>();
  for (const [index, list] of rows(archive.decklists ?? []).entries()) {
    const path = at("decklists", index);
    mustBeEntrant(`${path}.entrant`, list.entrant);
    // DL6: one list per entrant and team seat.
    const owner = `${shown(list.entrant)} ${shown(list.seat ?? 0)}`;
    const earlier = listOf.get(owner);
    if (earlier !== undefined)
      report(
        `${path}.entrant`,
        say("archive.decklistTwice", { entrant: shown(list.entrant), earlier }),
        mtr("deckRegistration"),
      );
    else listOf.set(owner, index);
    const changes = rows(list.changes);
    const oneKey = oneKeyEach(report);
    const versions = new Set<unknown>();
    for (const [changeIndex, change] of changes.entries()) {
      const changePath = at(`${path}.changes`, changeIndex);
      if (change.staff !== null) mustBeStaff(`${changePath}.staff`, change.staff);
      oneKey(changePath, change.idempotencyKey);
      if (versions.has(change.version))
        report(`${changePath}.version`, say("archive.decklistVersionTwice"));
      else if (typeof list.version === "number" && change.version > list.version)
        report(
          `${changePath}.version`,
          say("archive.decklistVersionAfter", {
            version: shown(change.version),
            listVersion: list.version,
          }),
        );
      versions.add(change.version);
    }
    if (typeof list.version !== "number") continue;
    // Versions run 1, 2, …: the first gap is the change missing (at most one past the changes listed).
    const last = Math.min(list.version, changes.length + 1);
    for (let version = 1; version <= last; version++)
      if (!versions.has(version)) {
        report(
          `${path}.changes`,
          say("archive.decklistVersionMissing", { version, listVersion: list.version }),
          mtr("deckRegistration"),
        );
        break;
      }
  }
  const oneKey = oneKeyEach(report);
  for (const [index, drop] of rows(archive.decklistDrops ?? []).entries()) {
    if (drop.staff !== null) mustBeStaff(`${at("decklistDrops", index)}.staff`, drop.staff);
    oneKey(at("decklistDrops", index), drop.idempotencyKey);
  }
}

/**
 * MTR 2.8: each deck check is of a player at one match or pod of its round; a penalty it went on
 * to (IPG 3.4, 3.5) is that player's at that match, from a problem, and follows one check; a
 * correction names an earlier check of the same player at the same table, and is the only one.
 */
function checkDeckChecks(
  list: readonly ArchiveDeckCheckFacts[] | undefined,
  places: ReadonlyMap<unknown, Place>,
  { declare, report, mustBeEntrant, mustBeStaff }: Checks,
): void {
  const earlierChecks = new Map<unknown, ArchiveDeckCheckFacts>();
  const penaltyOf = new Map<unknown, number>();
  const correctedBy = new Map<unknown, number>();
  const oneKey = oneKeyEach(report);
  for (const [index, check] of rows(list ?? []).entries()) {
    const path = at("deckChecks", index);
    declare(path, check.ref);
    mustBeEntrant(`${path}.entrant`, check.entrant);
    if (check.staff !== null) mustBeStaff(`${path}.staff`, check.staff);
    oneKey(path, check.idempotencyKey);
    const isAtMatch = check.match !== null && check.match !== undefined;
    const isAtPod = check.pod !== null && check.pod !== undefined;
    const tableRef = isAtMatch ? check.match : check.pod;
    const place = places.get(tableRef);
    if (isAtMatch === isAtPod) report(path, say("archive.deckCheckOneTable"), mtr("deckChecks"));
    else if (!place || place.kind !== (isAtMatch ? "match" : "pod") || place.round !== check.round)
      report(
        `${path}.${isAtMatch ? "match" : "pod"}`,
        say(isAtMatch ? "archive.deckCheckMatchNotInRound" : "archive.deckCheckPodNotInRound", {
          ref: shown(tableRef),
          round: shown(check.round),
        }),
      );
    else if (!place.players.has(check.entrant))
      report(
        `${path}.entrant`,
        say("archive.deckCheckPlayerNotAtTable", { entrant: shown(check.entrant) }),
        mtr("deckChecks"),
      );
    if (check.penalty !== null && check.penalty !== undefined) {
      const earlier = penaltyOf.get(check.penalty);
      if (check.outcome === "PASSED")
        report(`${path}.penalty`, say("archive.deckCheckPassedPenalty"), "IPG 3.4");
      else if (!isAtMatch || place?.penalties.get(check.penalty) !== check.entrant)
        report(
          `${path}.penalty`,
          say("archive.deckCheckPenaltyNotOfPlayer", {
            penalty: shown(check.penalty),
            entrant: shown(check.entrant),
          }),
        );
      else if (earlier !== undefined)
        report(`${path}.penalty`, say("archive.deckCheckPenaltyTwice", { earlier }));
      else penaltyOf.set(check.penalty, index);
    }
    if (check.replaces !== null && check.replaces !== undefined) {
      const replaced = earlierChecks.get(check.replaces);
      const earlier = correctedBy.get(check.replaces);
      if (!replaced)
        report(
          `${path}.replaces`,
          say("archive.deckCheckReplacesLater", { ref: shown(check.replaces) }),
        );
      else if (
        replaced.entrant !== check.entrant ||
        replaced.match !== check.match ||
        replaced.pod !== check.pod
      )
        report(
          `${path}.replaces`,
          say("archive.deckCheckReplacesOther", { ref: shown(check.replaces) }),
        );
      else if (earlier !== undefined)
        report(
          `${path}.replaces`,
          say("archive.deckCheckCorrectedTwice", { ref: shown(check.replaces), earlier }),
        );
      else correctedBy.set(check.replaces, index);
    }
    if (!earlierChecks.has(check.ref)) earlierChecks.set(check.ref, check);
  }
}

/** Each entrant plays only the rounds they are in: from their first round (a late entry), to the round they dropped after (MTR 2.10), a bye where one was awarded. */
function checkRoundsPlayed(
  played: readonly Played[],
  entrants: ArchiveFacts["entrants"],
  indexOf: ReadonlyMap<string, number>,
  report: Checks["report"],
): void {
  for (const { entrant: ref, round, path, isBye } of played) {
    const index = indexOf.get(ref);
    if (index === undefined || typeof round !== "number") continue;
    const entrant = entrants[index]!;
    if (typeof entrant.firstRound === "number" && round < entrant.firstRound) {
      report(
        path,
        say("archive.playsRoundEnteredRound", {
          ref,
          round,
          firstRound: entrant.firstRound,
          index,
        }),
      );
    }
    if (typeof entrant.droppedAfterRound === "number" && round > entrant.droppedAfterRound) {
      report(
        path,
        say("archive.playsRoundDroppedAfter", {
          ref,
          round,
          droppedAfterRound: entrant.droppedAfterRound,
          index,
        }),
        mtr("dropping"),
      );
    }
    const hasAwardedBye = rows(entrant.awardedByes).some(
      (bye) => bye.round === round && (bye.withdrawnAt === null || bye.withdrawnAt === undefined),
    );
    if (hasAwardedBye && !isBye)
      report(
        path,
        say("archive.byeAwardedRoundEntrants", { ref, round, index }),
        mtr("tiebreakerExplanation"),
      );
  }
}

type Checks = {
  declare: (path: string, ref: unknown) => void;
  report: (path: string, message: Message, rule?: string) => void;
  mustBeEntrant: (path: string, ref: unknown) => void;
  mustBeStaff: (path: string, ref: unknown) => void;
};

/** A slip as the match length allows it: a result kept as published only needs to be a slip. */
function slipProblem(
  slip: unknown,
  format: MatchFormat,
  context: { resultAsPublished: boolean; concededBy: unknown; intentionalDraw: unknown },
): RuleError | null {
  if (context.resultAsPublished) {
    const invalid = checkSlip(slip as ResultSlip);
    return invalid ? invalid.error : null;
  }
  const concededBy = context.concededBy === null ? undefined : context.concededBy;
  const outcome = evaluateResultSlip(
    format,
    slip as ResultSlip,
    { concededBy, intentionalDraw: context.intentionalDraw } as never,
  );
  return outcome.ok ? null : outcome.error;
}

function checkMatch(
  match: ArchiveMatchFacts,
  path: string,
  phase: ArchiveFacts["phases"][number] | undefined,
  { declare, report, mustBeEntrant, mustBeStaff }: Checks,
  variant: GameVariant,
): void {
  declare(path, match.ref);
  mustBeEntrant(`${path}.sideA`, match.sideA);
  if (match.sideB !== null) mustBeEntrant(`${path}.sideB`, match.sideB);
  if (match.sideA === match.sideB) report(path, say("archive.playerTeamCannotPlay"));
  const sides = new Set([match.sideA, match.sideB]);
  const format = {
    gamesToWin: phase?.gamesToWin ?? 2,
    elimination: phase?.kind === "SINGLE_ELIMINATION",
  };
  const decidedByPenalty = rows(match.penalties).some(
    (penalty) => penalty.kind === "MATCH_LOSS" || penalty.kind === "DISQUALIFICATION",
  );
  const isPublished = match.resultAsPublished === true;
  const liveGames: GameOutcome[] = [];
  let gamesReadable = true;
  const liveNumbers: number[] = [];
  const removals = new Map<string, number>();
  for (const [gameIndex, game] of rows(match.games).entries()) {
    declare(at(`${path}.games`, gameIndex), game.ref);
    const outcome = recordedGameOutcome(game.reason as GameEndReason, game.winner);
    if (!outcome.ok) report(at(`${path}.games`, gameIndex), outcome.error, outcome.error.rule);
    const memberLoss = outcome.ok
      ? teamMemberLoss(outcome.value, game.losingSeat ?? null, variant)
      : null;
    if (memberLoss && !memberLoss.ok)
      report(at(`${path}.games`, gameIndex), memberLoss.error, memberLoss.error.rule);
    if (game.removedAt === null) {
      liveNumbers.push(game.number);
      if (outcome.ok) liveGames.push(outcome.value);
      else gamesReadable = false;
    } else {
      const key = `${showPlain(game.number)}/${showPlain(game.removalSequence)}`;
      if (removals.has(key))
        report(
          at(`${path}.games`, gameIndex),
          say("archive.gameTakenBackTwice", {
            game: shown(game.number),
            removal: shown(game.removalSequence),
          }),
        );
      removals.set(key, gameIndex);
    }
  }
  if (liveNumbers.some((number, index) => number !== index + 1)) {
    report(`${path}.games`, say("archive.matchSGamesNumbered"), mtr("matchStructure"));
    gamesReadable = false;
  }
  if (isRecord(match.slip)) {
    if (match.sideB === null) {
      if (
        match.slip.winsA !== BYE_SLIP.winsA ||
        match.slip.winsB !== BYE_SLIP.winsB ||
        match.slip.draws !== BYE_SLIP.draws
      )
        report(`${path}.slip`, say("archive.byeMatchWon"), mtr("tiebreakerExplanation"));
    } else {
      const invalid = slipProblem(match.slip, format, {
        resultAsPublished: isPublished,
        concededBy: match.concededBy,
        intentionalDraw: match.intentionalDraw,
      });
      if (invalid) report(`${path}.slip`, invalid, invalid.rule);
      // One source of truth per match: once games are recorded, the slip is the one they make (a concession or agreed draw, MTR 2.5, or a Match Loss says otherwise).
      else if (
        !isPublished &&
        match.concededBy === null &&
        match.intentionalDraw !== true &&
        liveGames.length > 0 &&
        gamesReadable &&
        !decidedByPenalty
      ) {
        const contradicts = checkSlipAgainstGames(match.slip as ResultSlip, liveGames);
        if (contradicts) report(`${path}.slip`, contradicts.error, contradicts.error.rule);
      }
    }
  }
  for (const [reportIndex, slipReport] of rows(match.reports).entries()) {
    declare(at(`${path}.reports`, reportIndex), slipReport.ref);
    for (const key of ["reportedBy", "confirmedBy"] as const) {
      const who = slipReport[key];
      if (who !== null && !sides.has(who))
        report(
          `${at(`${path}.reports`, reportIndex)}.${key}`,
          say("archive.doesPlayMatch", { shown: shown(who) }),
        );
    }
    if (slipReport.staff !== null)
      mustBeStaff(`${at(`${path}.reports`, reportIndex)}.staff`, slipReport.staff);
    if (slipReport.slip !== undefined && match.sideB !== null) {
      const invalid = slipProblem(slipReport.slip, format, {
        resultAsPublished: isPublished,
        concededBy: slipReport.concededBy,
        intentionalDraw: slipReport.intentionalDraw,
      });
      if (invalid) report(`${at(`${path}.reports`, reportIndex)}.slip`, invalid, invalid.rule);
    }
  }
  const versions = rows(match.changes).map((change) => change.version);
  if (new Set(versions).size !== versions.length)
    report(`${path}.changes`, say("archive.changeMatchSResult"));
  if (
    versions.some(
      (version) =>
        typeof version === "number" && typeof match.version === "number" && version > match.version,
    )
  )
    report(
      `${path}.changes`,
      say("archive.historyVersionAfterMatch", { shown: shown(match.version) }),
    );
  for (const [changeIndex, change] of rows(match.changes).entries())
    if (change.staff !== null)
      mustBeStaff(`${at(`${path}.changes`, changeIndex)}.staff`, change.staff);
  for (const [extensionIndex, extension] of rows(match.timeExtensions).entries())
    if (extension.staff !== null)
      mustBeStaff(`${at(`${path}.timeExtensions`, extensionIndex)}.staff`, extension.staff);
  const sequences = rows(match.endOfMatch).map((step) => step.sequence);
  if (new Set(sequences).size !== sequences.length)
    report(`${path}.endOfMatch`, say("archive.stepEndMatchProcedure"), mtr("endOfMatch"));
  for (const [stepIndex, step] of rows(match.endOfMatch).entries())
    if (step.staff !== null)
      mustBeStaff(`${at(`${path}.endOfMatch`, stepIndex)}.staff`, step.staff);
  for (const [penaltyIndex, penalty] of rows(match.penalties).entries()) {
    declare(at(`${path}.penalties`, penaltyIndex), penalty.ref);
    if (!sides.has(penalty.entrant))
      report(
        `${at(`${path}.penalties`, penaltyIndex)}.entrant`,
        say("archive.doesPlayMatchPenalty", { shown: shown(penalty.entrant) }),
        "IPG 1.2",
      );
    if (penalty.staff !== null)
      mustBeStaff(`${at(`${path}.penalties`, penaltyIndex)}.staff`, penalty.staff);
  }
  checkJudgeCalls(match.judgeCalls, path, sides, "match", { declare, report, mustBeStaff });
}

/** JC1, JC2: a match's or pod's calls are made by its players, answered by staff, one open at a time per player. */
function checkJudgeCalls(
  calls: readonly ArchiveJudgeCallFacts[] | undefined,
  path: string,
  players: ReadonlySet<unknown>,
  place: "match" | "pod",
  { declare, report, mustBeStaff }: Pick<Checks, "declare" | "report" | "mustBeStaff">,
): void {
  const openCalls = new Map<string, number>();
  for (const [callIndex, call] of rows(calls).entries()) {
    const callPath = at(`${path}.judgeCalls`, callIndex);
    declare(callPath, call.ref);
    if (!players.has(call.calledBy))
      report(
        `${callPath}.calledBy`,
        say(place === "match" ? "archive.doesPlayMatch" : "archive.doesPlayPod", {
          shown: shown(call.calledBy),
        }),
      );
    if (call.claimedBy !== null) mustBeStaff(`${callPath}.claimedBy`, call.claimedBy);
    if (call.resolvedBy !== null) mustBeStaff(`${callPath}.resolvedBy`, call.resolvedBy);
    if (call.resolvedAt !== null || typeof call.calledBy !== "string") continue;
    const open = openCalls.get(call.calledBy);
    const message =
      place === "match" ? "archive.alreadyOpenJudgeCall" : "archive.alreadyOpenPodJudgeCall";
    if (open !== undefined) report(callPath, say(message, { calledBy: call.calledBy, open }));
    else openCalls.set(call.calledBy, callIndex);
  }
}

/** How deep an archive's JSON may nest, history included: far deeper than any the app writes, and shallow enough that nothing reading it can run out of stack. */
export const MAX_ARCHIVE_DEPTH = 64;
/** Half of a UTF-16 surrogate pair: no character, and the database refuses it in JSON. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 and C1 control characters and DEL, except tab, line feed and carriage return (a text
// area's line breaks).
// biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * What every archive's JSON (or another imported file's, named by `what`) keeps before it is read: no string (key or value, history
 * included) holds a control character the database or a page cannot take, and nothing nests deeper
 * than MAX_ARCHIVE_DEPTH. Walked with a list, not recursion, so a file nested 100,000 levels
 * deep is answered, not a stack overflow. At most one problem of each kind.
 */
export function checkArchiveJson(json: unknown, what = "archive"): ArchiveProblem[] {
  type Node = { value: unknown; parent: Node | null; key: string | number | null; depth: number };
  // A path of its first dozen steps: past that, a deeply nested value's path says nothing more.
  const pathOf = (node: Node): string => {
    const keys: (string | number)[] = [];
    for (let at: Node | null = node; at !== null && at.key !== null; at = at.parent)
      keys.push(at.key);
    const shown = keys
      .reverse()
      .slice(0, 12)
      .reduce<string>(
        (text, key) =>
          typeof key === "number" ? `${text}[${key}]` : text === "" ? key : `${text}.${key}`,
        "",
      );
    return keys.length > 12 ? `${shown}…` : shown || `the ${what}`;
  };
  const control = (text: string) =>
    `U+${text.codePointAt(text.search(CONTROL_CHARACTER))!.toString(16).toUpperCase().padStart(4, "0")}`;
  const problems: ArchiveProblem[] = [];
  let hasControl = false;
  let hasBroken = false;
  const stack: Node[] = [{ value: json, parent: null, key: null, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === "string") {
      if (!hasBroken && LONE_SURROGATE.test(value)) {
        hasBroken = true;
        problems.push({
          path: pathOf(node),
          message: say("archive.textHoldsBrokenCharacter"),
        });
      }
      if (!hasControl && CONTROL_CHARACTER.test(value)) {
        hasControl = true;
        problems.push({
          path: pathOf(node),
          message: say("archive.textHoldsControlCharacter", { control: control(value) }),
        });
      }
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (node.depth >= MAX_ARCHIVE_DEPTH) {
      problems.push({
        path: pathOf(node),
        message: say("archive.nestedDeeperThanLevels", { what, levels: MAX_ARCHIVE_DEPTH }),
      });
      break;
    }
    const children: Node[] = [];
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries())
        children.push({ value: item, parent: node, key: index, depth: node.depth + 1 });
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (!hasControl && CONTROL_CHARACTER.test(key)) {
          hasControl = true;
          problems.push({
            path: pathOf(node),
            message: say("archive.keyHoldsControlCharacter", { control: control(key) }),
          });
        }
        children.push({ value: item, parent: node, key, depth: node.depth + 1 });
      }
    }
    // Pushed last first, so entries are visited in file order and the first problem is the first in the file.
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return problems;
}

/** Every archive ref a history value names, however deep. */
export function refsIn(value: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_ARCHIVE_DEPTH) return;
    if (typeof node === "string") {
      if (ARCHIVE_REF_PATTERN.test(node)) found.push(node);
    } else if (Array.isArray(node)) for (const item of node) walk(item, depth + 1);
    else if (node !== null && typeof node === "object")
      for (const item of Object.values(node)) walk(item, depth + 1);
  };
  walk(value, 0);
  return found;
}

/** A history value with each string the map names replaced (ids by refs on export, refs by ids on import). */
export function replaceNamedStrings<T>(value: T, names: ReadonlyMap<string, string>): T {
  const lookup = names instanceof Map ? names : new Map<string, string>();
  const walk = (node: unknown, depth: number): unknown => {
    if (depth > MAX_ARCHIVE_DEPTH) return node;
    if (typeof node === "string") return lookup.get(node) ?? node;
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    if (node !== null && typeof node === "object")
      return Object.fromEntries(
        Object.entries(node).map(([key, item]) => [key, walk(item, depth + 1)]),
      );
    return node;
  };
  return walk(value, 0) as T;
}
