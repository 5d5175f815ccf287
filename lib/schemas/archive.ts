import { z } from "zod";
import { scopedId } from "./ids";
import type { ArchiveRefKind } from "@/lib/rules/archive";
import { GAME_END_REASONS } from "@/lib/rules/game";
import { STAFF_ROLES } from "@/lib/rules/permissions";
import { UpdateTournamentSettingsSchema } from "./tournament";
import { DECK_FORMATS } from "@/lib/rules/deck-legality";
import { ARCHETYPE_MAX, DECKLIST_PUBLICATIONS, DECKLIST_REASON_MAX } from "@/lib/rules/decklists";
import { DECK_CHECK_NOTE_MAX, DECK_CHECK_OUTCOMES } from "@/lib/rules/deck-checks";

/**
 * A whole tournament as one JSON document (docs/archive.md): settings, entrants, rounds, every
 * match with its games, reports, history, end-of-match steps, extensions, penalties and judge
 * calls, every pod with its facts. Rows name each other by archive refs ("entrant:3", "match:12"),
 * never by database ids, and the same refs replace ids inside history JSON.
 */
export const ARCHIVE_FORMAT = "mtg-tournament-archive";
export const ARCHIVE_VERSION = 1;

const refOf = (kind: ArchiveRefKind) =>
  z
    .string()
    .regex(
      new RegExp(`^${kind}:[1-9]\\d{0,6}$`),
      `${kind === "entrant" ? "An" : "A"} ${kind} is named by its ref, "${kind}:N".`,
    );
/** Years the database and every page read the same way (a year 0 or 10000 is not a time any event had). */
const isYearKept = (value: string) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1970 && year <= 9999;
};
const time = z.iso
  .datetime({
    offset: true,
    error: "A time is an ISO 8601 date and time, e.g. 2026-11-27T10:00:00.000Z.",
  })
  .refine(isYearKept, "A time is in the years 1970 to 9999.");
/** The create form's name rule, so an imported tournament is named as one created here. */
const tournamentName = UpdateTournamentSettingsSchema.shape.name.unwrap();
const text = (max: number) => z.string().max(max);
const count = (max: number) => z.number().int().min(0).max(max);
const side = z.enum(["A", "B"]);
const json = z.json();
const slip = z.strictObject({ winsA: count(9), winsB: count(9), draws: count(9) });

const seedSchema = z.strictObject({
  seed: z.number().int().min(1).max(64),
  entrant: refOf("entrant"),
});

const phaseSchema = z.strictObject({
  sequence: z.number().int().min(1).max(9),
  kind: z.enum(["SWISS", "SINGLE_ELIMINATION"]),
  gamesToWin: z.number().int().min(1).max(5),
  roundMinutes: z.number().int().min(1).max(600).nullable(),
  additionalTurns: count(10),
  plannedRounds: z.number().int().min(1).max(30).nullable(),
  cutSize: z.number().int().min(2).max(64).nullable(),
  // Archives written before the planned top cut existed have none.
  plannedCut: z.number().int().min(2).max(64).nullable().default(null),
  createdAt: time,
  seeds: z.array(seedSchema).max(64),
});

const staffSchema = z.strictObject({
  ref: refOf("staff"),
  name: text(120),
  role: z.enum(STAFF_ROLES),
  removedAt: time.nullable(),
  createdAt: time,
});

const entrantSchema = z.strictObject({
  ref: refOf("entrant"),
  name: text(120).min(1),
  externalId: scopedId("foreign", text(120)).nullable(),
  firstRound: z.number().int().min(1).max(100),
  missedRoundsAsLosses: z.boolean(),
  droppedAfterRound: count(100).nullable(),
  checkedInAt: time.nullable(),
  createdAt: time,
  members: z
    .array(
      z.strictObject({
        seat: count(2),
        name: text(120).min(1),
        externalId: scopedId("foreign", text(120)).nullable(),
      }),
    )
    .max(3),
  drops: z
    .array(
      z.strictObject({
        kind: z.enum(["DROPPED", "UNDONE"]),
        afterRound: count(100),
        staff: refOf("staff").nullable(),
        actorName: text(200),
        createdAt: time,
      }),
    )
    .max(200),
  awardedByes: z
    .array(
      z.strictObject({
        round: z.number().int().min(1).max(100),
        createdAt: time,
        withdrawnAt: time.nullable(),
      }),
    )
    .max(100),
});

const waitlistSchema = z.strictObject({
  name: text(120).min(1),
  promotedAt: time.nullable(),
  entrant: refOf("entrant").nullable(),
  createdAt: time,
});

const gameSchema = z.strictObject({
  ref: refOf("game"),
  number: z.number().int().min(1).max(20),
  chooser: side,
  choice: z.enum(["PLAY", "DRAW"]),
  winner: side.nullable(),
  reason: z.enum(GAME_END_REASONS),
  lifeA: z.number().int().min(-1000).max(1000).nullable(),
  lifeB: z.number().int().min(-1000).max(1000).nullable(),
  /** CR 810.8a: absent from archives made before it was kept. */
  losingSeat: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .optional(),
  createdAt: time,
  removedAt: time.nullable(),
  removalSequence: count(1000),
});

const source = z.enum(["PLAYER", "STAFF", "SYSTEM"]);

const reportSchema = z.strictObject({
  ref: refOf("report"),
  source,
  reportedBy: refOf("entrant").nullable(),
  staff: refOf("staff").nullable(),
  slip,
  concededBy: side.nullable(),
  intentionalDraw: z.boolean(),
  confirmedBy: refOf("entrant").nullable(),
  confirmedAt: time.nullable(),
  resultVersion: count(100_000),
  createdAt: time,
});

const changeSchema = z.strictObject({
  version: z.number().int().min(1).max(100_000),
  kind: z.enum([
    "REPORTED",
    "CONFIRMED",
    "DISPUTED",
    "CORRECTED",
    "CLEARED",
    "VOIDED",
    "GAME_RECORDED",
    "GAME_REMOVED",
    "GAME_RESTARTED",
  ]),
  source,
  staff: refOf("staff").nullable(),
  actorName: text(200),
  before: json.nullable(),
  after: json.nullable(),
  note: text(2000),
  createdAt: time,
});

const penaltySchema = z.strictObject({
  ref: refOf("penalty"),
  entrant: refOf("entrant"),
  kind: z.enum(["WARNING", "GAME_LOSS", "MATCH_LOSS", "DISQUALIFICATION"]),
  infraction: text(200),
  additionalTurns: count(10),
  gameNumber: z.number().int().min(1).max(20).nullable(),
  note: text(2000),
  staff: refOf("staff").nullable(),
  createdAt: time,
});

const judgeCallSchema = z.strictObject({
  ref: refOf("call"),
  table: z.number().int().min(1).max(100_000),
  calledBy: refOf("entrant"),
  note: text(2000),
  createdAt: time,
  claimedAt: time.nullable(),
  claimedBy: refOf("staff").nullable(),
  claimedByName: text(200),
  resolvedAt: time.nullable(),
  resolvedBy: refOf("staff").nullable(),
  resolvedByName: text(200),
  followUp: z.enum(["NONE", "PENALTY", "TIME_EXTENSION", "TIME_SCREEN"]).nullable(),
  resolution: text(2000),
});

const matchSchema = z.strictObject({
  ref: refOf("match"),
  table: z.number().int().min(1).max(100_000),
  seat: count(2),
  sideA: refOf("entrant"),
  sideB: refOf("entrant").nullable(),
  bracketSlot: count(63).nullable(),
  game1Chooser: side.nullable(),
  chooserMethod: z.enum(["RANDOM", "HIGHER_SEED"]).nullable(),
  slip: slip.nullable(),
  concededBy: side.nullable(),
  intentionalDraw: z.boolean(),
  resultAsPublished: z.boolean(),
  confirmedAt: time.nullable(),
  version: count(100_000),
  voidedAt: time.nullable(),
  voidSequence: count(1000),
  createdAt: time,
  games: z.array(gameSchema).max(100),
  reports: z.array(reportSchema).max(100),
  changes: z.array(changeSchema).max(1000),
  timeExtensions: z
    .array(
      z.strictObject({
        minutes: z.number().int().min(1).max(600),
        reason: text(500),
        staff: refOf("staff").nullable(),
        createdAt: time,
      }),
    )
    .max(100),
  endOfMatch: z
    .array(
      z.strictObject({
        sequence: z.number().int().min(1).max(1000),
        kind: z.enum([
          "TIME_CALLED",
          "TURN_ENDED",
          "EXTRA_TURN",
          "PENALTY_TURNS",
          "LIFE_TOTALS",
          "GAME_ENDED",
        ]),
        data: json,
        staff: refOf("staff").nullable(),
        createdAt: time,
      }),
    )
    .max(1000),
  penalties: z.array(penaltySchema).max(100),
  judgeCalls: z.array(judgeCallSchema).max(100),
});

const podSchema = z.strictObject({
  ref: refOf("pod"),
  table: z.number().int().min(1).max(100_000),
  isBye: z.boolean(),
  version: count(100_000),
  confirmedAt: time.nullable(),
  bracketSlot: z.enum(["Q1", "Q2", "Q3", "Q4", "S1", "S2", "F"]).nullable(),
  createdAt: time,
  seats: z
    .array(z.strictObject({ seat: z.number().int().min(1).max(8), entrant: refOf("entrant") }))
    .min(1)
    .max(8),
  events: z
    .array(
      z.strictObject({
        sequence: z.number().int().min(1).max(1000),
        data: json,
        actorName: text(200),
        createdAt: time,
        voidedAt: time.nullable(),
      }),
    )
    .max(1000),
  corrections: z
    .array(
      z.strictObject({
        reason: text(500),
        actorName: text(200),
        before: json,
        after: json,
        createdAt: time,
      }),
    )
    .max(100),
  reports: z
    .array(
      z.strictObject({
        ref: refOf("pod-report"),
        entrant: refOf("entrant"),
        outcome: json,
        createdAt: time,
      }),
    )
    .max(100),
  /** CR 100.6a: calls to the pod; absent from archives made before a pod took calls. */
  judgeCalls: z.array(judgeCallSchema).max(100).optional().default([]),
});

/** A decklist's text, as far as the decklist form takes one. */
const decklistText = text(200_000);
const requestKey = text(200);
/** A list's cards by section, and the deck rules' findings: never a bare JSON null, which the columns do not take. */
const entries = z.record(z.string(), json);
const findings = z.array(json);

/** MTR 2.7: a player's registered list as it stands, and every change of it by version. */
const decklistSchema = z.strictObject({
  entrant: refOf("entrant"),
  // Absent from archives made before a team's members each had a list: the entrant's own.
  seat: z.number().int().min(0).max(2).optional().default(0),
  text: decklistText,
  entries,
  problems: findings,
  notes: findings,
  isLegal: z.boolean(),
  format: text(40),
  checkedAgainst: time,
  archetype: text(ARCHETYPE_MAX),
  version: z.number().int().min(1).max(100_000),
  submittedAt: time,
  changes: z
    .array(
      z.strictObject({
        version: z.number().int().min(1).max(100_000),
        source: z.enum(["PLAYER", "STAFF"]),
        staff: refOf("staff").nullable(),
        actorName: text(200),
        reason: text(DECKLIST_REASON_MAX),
        textBefore: decklistText.nullable(),
        textAfter: decklistText,
        entriesBefore: entries.nullable(),
        entriesAfter: entries,
        archetypeAfter: text(ARCHETYPE_MAX),
        isLegalAfter: z.boolean(),
        problemsAfter: findings,
        notesAfter: findings,
        formatAfter: text(40),
        checkedAgainst: time,
        idempotencyKey: requestKey,
        requestHash: requestKey,
        createdAt: time,
      }),
    )
    .max(1000),
});

/** MTR 2.10: a confirmed drop of the players without a legal list, as it answered. */
const decklistDropSchema = z.strictObject({
  staff: refOf("staff").nullable(),
  actorName: text(200),
  idempotencyKey: requestKey,
  requestHash: requestKey,
  dropped: z.array(json),
  skipped: z.array(json),
  promoted: z.array(json),
  createdAt: time,
});

/** MTR 2.8: one player's deck check at a match or a pod, and the record it corrects. */
const deckCheckSchema = z.strictObject({
  ref: refOf("deck-check"),
  round: z.number().int().min(1).max(100),
  entrant: refOf("entrant"),
  match: refOf("match").nullable(),
  pod: refOf("pod").nullable(),
  table: z.number().int().min(1).max(100_000),
  outcome: z.enum(DECK_CHECK_OUTCOMES),
  note: text(DECK_CHECK_NOTE_MAX),
  penalty: refOf("penalty").nullable(),
  decklistVersion: z.number().int().min(1).max(1_000_000).nullable(),
  judgeName: text(200),
  staff: refOf("staff").nullable(),
  replaces: refOf("deck-check").nullable(),
  idempotencyKey: requestKey,
  createdAt: time,
});

const roundSchema = z.strictObject({
  number: z.number().int().min(1).max(100),
  phase: z.number().int().min(1).max(9),
  status: z.enum(["PAIRED", "IN_PROGRESS", "COMPLETE"]),
  pairingSeed: text(200),
  pairingAlgorithmVersion: z.number().int().min(1).max(1000),
  startedAt: time.nullable(),
  createdAt: time,
  pairingChanges: z
    .array(
      z.strictObject({
        kind: z.enum(["GENERATED", "SWAPPED", "ENTERED"]),
        actorName: text(200),
        before: json.nullable(),
        after: json,
        warnings: json,
        createdAt: time,
      }),
    )
    .max(1000),
  matches: z.array(matchSchema).max(20_000),
  pods: z.array(podSchema).max(5_000),
});

export const TournamentArchiveSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION, {
    error: `This app reads archive version ${ARCHIVE_VERSION}.`,
  }),
  exportedAt: time,
  source: z.strictObject({ app: text(100), tournamentId: scopedId("foreign", text(100)) }),
  tournament: z.strictObject({
    name: tournamentName,
    format: text(120),
    status: z.enum(["REGISTRATION", "RUNNING", "COMPLETE"]),
    teamFormat: z.enum(["INDIVIDUAL", "TWO_HEADED_GIANT", "TEAM_MATCHES"]),
    teamSize: z.number().int().min(1).max(3),
    structure: z.enum(["TWO_PLAYER", "PODS"]),
    importedFrom: json.nullable(),
    pods: z.strictObject({
      size: z.number().int().min(3).max(5),
      pointsWin: count(100),
      pointsDraw: count(100),
      pointsLoss: count(100),
      additionalTurns: count(10).nullable(),
    }),
    percentageFloor: z.number().min(0).max(1),
    byeCountsInOwnPercentages: z.boolean(),
    publishedAt: time.nullable(),
    openRegistration: z.boolean(),
    registrationCap: z.number().int().min(2).max(100_000).nullable(),
    /** MTR 2.7: absent from archives made before decklists were exported, read as none taken. */
    decklists: z
      .strictObject({
        format: z.enum(DECK_FORMATS).nullable(),
        deadline: time.nullable(),
        publication: z.enum(DECKLIST_PUBLICATIONS),
      })
      .optional()
      .default({ format: null, deadline: null, publication: "NONE" }),
    createdAt: time,
  }),
  phases: z.array(phaseSchema).min(1).max(9),
  staff: z.array(staffSchema).max(500),
  entrants: z.array(entrantSchema).max(20_000),
  waitlist: z.array(waitlistSchema).max(20_000),
  rounds: z.array(roundSchema).max(100),
  /** Every finish and reopening, oldest first; absent from archives made before they were exported. */
  statusChanges: z
    .array(
      z.strictObject({
        kind: z.enum(["FINISHED", "REOPENED"]),
        before: z.enum(["REGISTRATION", "RUNNING", "COMPLETE"]),
        after: z.enum(["REGISTRATION", "RUNNING", "COMPLETE"]),
        staff: refOf("staff").nullable(),
        actorName: text(200),
        createdAt: time,
      }),
    )
    .max(1000)
    .optional()
    .default([]),
  /** Decklists, drops for want of one and deck checks; absent from older archives, read as none. */
  decklists: z.array(decklistSchema).max(20_000).optional().default([]),
  decklistDrops: z.array(decklistDropSchema).max(1000).optional().default([]),
  deckChecks: z.array(deckCheckSchema).max(100_000).optional().default([]),
});

export type TournamentArchive = z.infer<typeof TournamentArchiveSchema>;
export type ArchiveJson = z.infer<typeof json>;
export type ArchiveMatch = TournamentArchive["rounds"][number]["matches"][number];
export type ArchivePod = TournamentArchive["rounds"][number]["pods"][number];
export type ArchiveDecklist = TournamentArchive["decklists"][number];
export type ArchiveDeckCheck = TournamentArchive["deckChecks"][number];

/** True when a parsed JSON document says it is an archive (then it is read as one, and refused as one). */
export function isArchiveDocument(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { format?: unknown }).format === ARCHIVE_FORMAT
  );
}
