import "server-only";
import { nameSeatMatches, TEAM_MEMBERS_SELECT } from "@/lib/server/registration/team-names";
import type { EndOfMatchEventKind } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  applyEndOfMatchEvent,
  type EndOfMatchEvent,
  type EndOfMatchState,
  type EndOfMatchSummary,
} from "@/lib/rules/end-of-match";
import type { Side } from "@/lib/rules/result";
import { checkTimeMayBeCalled, totalExtensionMinutes } from "@/lib/rules/round-clock";
import type { RecordEndOfMatchStepInput } from "@/lib/schemas/end-of-match";
import {
  opened,
  refused,
  RollBack,
  writeContest,
  type ContestReader,
} from "@/lib/server/contest/contest-write";
import {
  deriveStoredMatch,
  disputedMatch,
  isStoredMatchDisputed,
  MATCH_RECORD_SELECT,
} from "./match-record";
import { advancePlayoff } from "@/lib/server/round/playoffs";
import { lockContest } from "@/lib/server/contest/tournament-lock";
import type { MatchCommand, MatchRecordView } from "@/lib/rules/match-record";
import { render } from "@/lib/messages/render";

/**
 * MTR 2.4 End-of-Match Procedure, stored as an append-only log of EndOfMatchEvent rows (the
 * rules' own event in `data`, numbered by `sequence` per match). The state is never stored: the
 * match's one derivation (lib/rules/match-record.ts) walks the steps among the games in the order
 * they took the match's row lock, so a reload, a second judge's phone or a server restart resumes
 * exactly where the procedure was.
 */

export type EndOfMatchView = {
  /** How many steps are stored: the version a form must carry. */
  sequence: number;
  state: EndOfMatchState;
  /** The summary with its message in words, the players by name. */
  summary: Omit<EndOfMatchSummary, "message"> & { message: string };
  /**
   * The side playing the turn under way (while turns are counted), from the active player the
   * judge named when calling time; null when not known or when no turn is being counted.
   */
  turnSide: Side | null;
  steps: { sequence: number; event: EndOfMatchEvent; staffName: string | null; createdAt: Date }[];
  /** The one derived state of the match (lib/rules/match-record.ts): what the match page and this screen both show. */
  record: MatchRecordView;
};

const KIND_OF: Record<
  "time-called" | "turn-ended" | "life-totals",
  (event: EndOfMatchEvent) => EndOfMatchEventKind
> = {
  "time-called": () => "TIME_CALLED",
  "turn-ended": (event) =>
    event.type === "turn-ended" && event.extraTurn ? "EXTRA_TURN" : "TURN_ENDED",
  "life-totals": () => "LIFE_TOTALS",
};

/**
 * A stored time-called step also keeps whether a game was under way (the rules' starting point)
 * and whose turn it was (so the screen can name the player of each turn). A penalty that adds
 * turns (MTR 2.6, IPG 3.3) is stored as the rules' "turns-added" event by lib/server/match/penalties.ts.
 */
type StoredData = EndOfMatchEvent & {
  gameInProgress?: boolean;
  activeSide?: Side;
  penaltyId?: string;
  gamesRecorded?: number;
};

function toRulesEvent(data: StoredData): EndOfMatchEvent {
  if (data.type === "time-called")
    return data.activePlayerPassingTurn
      ? { type: "time-called", activePlayerPassingTurn: true }
      : { type: "time-called" };
  if (data.type === "turns-added") return { type: "turns-added", turns: data.turns };
  if (data.type === "turn-ended")
    return data.extraTurn ? { type: "turn-ended", extraTurn: true } : { type: "turn-ended" };
  if (data.type === "life-totals") return { type: "life-totals", A: data.A, B: data.B };
  return data;
}

/**
 * How many games the match had when a step was stored. Every step is written holding the
 * match's row lock, as every game is (lockContest, readMatchAndLock), so this count places
 * each game before or after each step exactly. Steps stored before the count was kept have none.
 */
export function gamesRecordedAt(data: Prisma.JsonValue): number | null {
  const count = (data as StoredData | null)?.gamesRecorded;
  return typeof count === "number" && Number.isSafeInteger(count) && count >= 0 ? count : null;
}

/** What the procedure and the match page are derived from: the match record's facts plus the clock's, the steps' and the players' details. */
const MATCH_TABLE_SELECT = {
  ...MATCH_RECORD_SELECT,
  tableNumber: true,
  version: true,
  winsB: true,
  draws: true,
  chooserMethod: true,
  seat: true,
  sideA: { select: { id: true, displayName: true, teamMembers: TEAM_MEMBERS_SELECT } },
  sideB: { select: { id: true, displayName: true, teamMembers: TEAM_MEMBERS_SELECT } },
  round: {
    select: {
      number: true,
      startedAt: true,
      tournament: { select: { name: true, teamFormat: true, teamSize: true } },
      phase: {
        select: { kind: true, gamesToWin: true, additionalTurns: true, roundMinutes: true },
      },
    },
  },
  games: {
    where: { removedAt: null },
    orderBy: { number: "asc" },
    select: {
      number: true,
      chooser: true,
      choice: true,
      winner: true,
      reason: true,
      losingSeat: true,
      createdAt: true,
    },
  },
  timeExtensions: { select: { minutes: true } },
  endOfMatch: {
    orderBy: { sequence: "asc" },
    select: {
      sequence: true,
      kind: true,
      data: true,
      createdAt: true,
      staff: { select: { name: true } },
    },
  },
} as const satisfies Prisma.MatchSelect;

type MatchTableFacts = Prisma.MatchGetPayload<{ select: typeof MATCH_TABLE_SELECT }>;
/** A seat match's sides are named by the members who play it (nameSeatMatches), and the table by its label ("12A"). */
export type MatchTableRow = MatchTableFacts & {
  tableLabel: string;
  sideA: MatchTableFacts["sideA"] & { teamName: string };
  sideB: (NonNullable<MatchTableFacts["sideB"]> & { teamName: string }) | null;
};

async function readProcedure(
  db: Pick<Transaction, "$queryRaw">,
  tournamentId: string,
  matchId: string,
) {
  const match = await readMatchTableRow(db, tournamentId, matchId);
  if (!match) return null;
  return { match, view: procedureView(match) };
}

/** PostgreSQL renders a timestamp without time zone in JSON without its zone; the database keeps UTC. */
function utc(value: string): Date;
function utc(value: string | null): Date | null;
function utc(value: string | null): Date | null {
  return value === null ? null : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

/**
 * Every fact of one match (not voided, of this tournament) that the match page and the time
 * screen show, in one statement: the match, its players, round and phase, its games, the judge's
 * steps, its first Match Loss, its restarts and disputes, and its time extensions.
 */
export async function readMatchTableRow(
  db: Pick<Transaction, "$queryRaw">,
  tournamentId: string,
  matchId: string,
): Promise<MatchTableRow | null> {
  const rows = await db.$queryRaw<{ row: Record<string, unknown> }[]>`
    SELECT json_build_object(
      'id', m.id, 'sideAId', m."sideAId", 'sideBId', m."sideBId", 'winsA', m."winsA", 'winsB', m."winsB", 'draws', m.draws,
      'concededBy', m."concededBy", 'intentionalDraw', m."intentionalDraw", 'confirmedAt', m."confirmedAt", 'game1Chooser', m."game1Chooser",
      'version', m.version, 'tableNumber', m."tableNumber", 'seat', m.seat, 'chooserMethod', m."chooserMethod",
      'sideA', json_build_object('id', a.id, 'displayName', a."displayName", 'teamMembers', COALESCE((SELECT json_agg(json_build_object('seat', tm.seat, 'player', json_build_object('name', pl.name)) ORDER BY tm.seat)
                 FROM "TeamMember" tm JOIN "Player" pl ON pl.id = tm."playerId" WHERE tm."registrationId" = a.id), '[]'::json)),
      'sideB', CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('id', b.id, 'displayName', b."displayName", 'teamMembers', COALESCE((SELECT json_agg(json_build_object('seat', tm.seat, 'player', json_build_object('name', pl.name)) ORDER BY tm.seat)
                 FROM "TeamMember" tm JOIN "Player" pl ON pl.id = tm."playerId" WHERE tm."registrationId" = b.id), '[]'::json)) END,
      'round', json_build_object('number', r.number, 'startedAt', r."startedAt", 'tournament', json_build_object('name', t.name, 'teamFormat', t."teamFormat", 'teamSize', t."teamSize"),
        'phase', json_build_object('kind', p.kind, 'gamesToWin', p."gamesToWin", 'additionalTurns', p."additionalTurns", 'roundMinutes', p."roundMinutes")),
      'games', COALESCE((SELECT json_agg(json_build_object('number', g.number, 'chooser', g.chooser, 'choice', g.choice, 'winner', g.winner, 'reason', g.reason, 'losingSeat', g."losingSeat", 'createdAt', g."createdAt") ORDER BY g.number)
                         FROM "Game" g WHERE g."matchId" = m.id AND g."removedAt" IS NULL), '[]'::json),
      'endOfMatch', COALESCE((SELECT json_agg(json_build_object('sequence', e.sequence, 'kind', e.kind, 'data', e.data, 'createdAt', e."createdAt",
                                'staff', CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('name', s.name) END) ORDER BY e.sequence)
                              FROM "EndOfMatchEvent" e LEFT JOIN "StaffMember" s ON s.id = e."staffId" WHERE e."matchId" = m.id), '[]'::json),
      'penalties', COALESCE((SELECT json_agg(json_build_object('registrationId', x."registrationId"))
                             FROM (SELECT pe."registrationId" FROM "Penalty" pe WHERE pe."matchId" = m.id AND pe.kind IN ('MATCH_LOSS', 'DISQUALIFICATION') ORDER BY pe."createdAt" LIMIT 1) x), '[]'::json),
      'changes', COALESCE((SELECT json_agg(json_build_object('kind', c.kind, 'version', c.version, 'after', c.after, 'createdAt', c."createdAt") ORDER BY c.version)
                           FROM "ResultChange" c WHERE c."matchId" = m.id AND c.kind IN ('GAME_RESTARTED', 'DISPUTED')), '[]'::json),
      'timeExtensions', COALESCE((SELECT json_agg(json_build_object('minutes', x.minutes)) FROM "TimeExtension" x WHERE x."matchId" = m.id), '[]'::json)
    ) AS row
    FROM "Match" m
    JOIN "Round" r ON r.id = m."roundId"
    JOIN "Phase" p ON p.id = r."phaseId"
    JOIN "Tournament" t ON t.id = r."tournamentId"
    JOIN "Registration" a ON a.id = m."sideAId"
    LEFT JOIN "Registration" b ON b.id = m."sideBId"
    WHERE m.id = ${matchId} AND m."voidedAt" IS NULL AND r."tournamentId" = ${tournamentId}`;
  const raw = rows[0]?.row as unknown as MatchTableRowJson | undefined;
  if (!raw) return null;
  const { teamFormat, teamSize } = raw.round.tournament;
  const [named] = nameSeatMatches([raw], teamFormat === "TEAM_MATCHES" ? teamSize : 1);
  return {
    ...named!,
    confirmedAt: utc(raw.confirmedAt),
    round: { ...raw.round, startedAt: utc(raw.round.startedAt) },
    games: raw.games.map((game) => ({ ...game, createdAt: utc(game.createdAt) })),
    endOfMatch: raw.endOfMatch.map((step) => ({ ...step, createdAt: utc(step.createdAt) })),
    changes: raw.changes.map((change) => ({ ...change, createdAt: utc(change.createdAt) })),
  } as MatchTableRow;
}

type Jsonified<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonified<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonified<T[K]> }
      : T;
type MatchTableRowJson = Jsonified<MatchTableFacts>;

type ProcedureRow = MatchTableRow;

/** The procedure as the match's one derivation sees it (lib/rules/match-record.ts), from the rows read (or read and then extended by a step just written). */
export function procedureView(match: ProcedureRow): EndOfMatchView {
  const record = deriveStoredMatch(match);
  const { state, summary, turnSide } = record.procedure;
  const sides = { A: match.sideA.displayName, B: match.sideB?.displayName ?? "—" };
  return {
    record,
    sequence: match.endOfMatch.at(-1)?.sequence ?? 0,
    state,
    summary: { ...summary, message: render(summary.message, { sides }) },
    turnSide,
    steps: match.endOfMatch.map((step) => ({
      sequence: step.sequence,
      event: toRulesEvent(step.data as StoredData),
      staffName: step.staff?.name ?? null,
      createdAt: step.createdAt,
    })),
  };
}

const COMMAND_OF_STEP: Record<RecordEndOfMatchStepInput["step"], MatchCommand> = {
  "time-called": "call-time",
  "turn-ended": "end-turn",
  "life-totals": "life-totals",
};

/** The end-of-match procedure of one match as the rules derive it now. Null when not this tournament's. */
export async function getEndOfMatch(
  tournamentId: string,
  matchId: string,
): Promise<EndOfMatchView | null> {
  return (await readProcedure(prisma, tournamentId, matchId))?.view ?? null;
}

export type RecordedEndOfMatchStep = { view: EndOfMatchView; isDuplicate: boolean };

type ProcedureRead = NonNullable<Awaited<ReturnType<typeof readProcedure>>>;

function eventOf(input: RecordEndOfMatchStepInput): StoredData {
  switch (input.step) {
    case "time-called":
      return {
        type: "time-called",
        ...(input.activePlayerPassingTurn ? { activePlayerPassingTurn: true } : {}),
        gameInProgress: input.gameInProgress,
        ...(input.activeSide ? { activeSide: input.activeSide } : {}),
      };
    case "turn-ended":
      return input.extraTurn ? { type: "turn-ended", extraTurn: true } : { type: "turn-ended" };
    case "life-totals":
      return { type: "life-totals", A: input.lifeA, B: input.lifeB };
  }
}

const CONFLICT_MESSAGE =
  "Another judge recorded a step for this match first, so yours was not saved (no turn was counted twice). The screen now shows where the procedure is: check it and tap again if needed.";

/**
 * One judge's tap (MTR 2.4): checked by the rules against the replayed state, then appended
 * as the next `sequence`. The form carries the sequence it saw; when another step was stored
 * since, or two taps race for the same number (@@unique([matchId, sequence])), only one is
 * stored and the other gets CONFLICT. A retried form (same idempotency key) is answered as it
 * was first answered.
 */
export async function recordEndOfMatchStep(
  input: RecordEndOfMatchStepInput,
  actor: { staffId: string | null; name?: string },
  now: number = Date.now(),
): Promise<ActionResult<RecordedEndOfMatchStep>> {
  return writeContest<ProcedureRead, RecordedEndOfMatchStep>({
    // The contest lock rule: games and steps serialize on the match row (the games counted below are
    // exactly those recorded before this step), and a playoff match decided by time advances the
    // bracket seeing every other result. The procedure's own sequence is its version.
    open: async (tx) => {
      if (!(await lockContest(tx, input.tournamentId, { matchId: input.matchId })))
        return refused(failure("NOT_FOUND", "That match does not exist."));
      const read = await readProcedure(tx, input.tournamentId, input.matchId);
      if (!read) return refused(failure("NOT_FOUND", "That match does not exist."));
      if (read.match.sideBId === null)
        return refused(
          failure(
            "VALIDATION",
            `Table ${read.match.tableNumber} is a bye: it has no end-of-match procedure.`,
          ),
        );
      return opened(read, read.view.sequence);
    },
    expectedVersion: input.expectedSequence,
    stale: () => failure("CONFLICT", CONFLICT_MESSAGE),
    // MTR 2.5: a disputed match is settled first (time called between games would decide it).
    check: (read) => (isStoredMatchDisputed(read.match) ? disputedMatch() : null),
    replay: (db) => findByKey(db, input),
    collision: failure("CONFLICT", CONFLICT_MESSAGE),
    run: async (tx, read) => {
      const refused = read.view.record.refusals[COMMAND_OF_STEP[input.step]];
      if (refused && refused.code !== "TIME_NOT_CALLED")
        return failure("VALIDATION", render(refused));
      if (input.step !== "time-called" && !read.view.state.timeCalled)
        return failure("VALIDATION", "Call time first.");
      if (input.step === "time-called") {
        // MTR 2.4, 2.6: time is called when this table's own clock runs out (the server's clock).
        const extension = totalExtensionMinutes(read.match.timeExtensions);
        const early = checkTimeMayBeCalled({
          tableNumber: read.match.tableNumber,
          startedAt: read.match.round.startedAt?.getTime() ?? null,
          roundMinutes: read.match.round.phase.roundMinutes,
          extensionMinutes: extension.ok ? extension.value : 0,
          now,
          overrideReason: input.overrideReason,
        });
        if (early)
          return failure("VALIDATION", render(early.error), {
            overrideReason: [render(early.error)],
          });
      }
      const overrideReason =
        input.step === "time-called" && input.overrideReason
          ? { overrideReason: input.overrideReason }
          : {};
      const data = { ...eventOf(input), gamesRecorded: read.match.games.length, ...overrideReason };
      const event = toRulesEvent(data);
      // Time called between games: the starting point differs, so check from a fresh start.
      const base =
        input.step === "time-called" && !input.gameInProgress
          ? { ...read.view.state, gameInProgress: false }
          : read.view.state;
      const next = applyEndOfMatchEvent(base, event);
      if (!next.ok) return failure("VALIDATION", render(next.error));
      const stored = await tx.endOfMatchEvent.create({
        data: {
          matchId: input.matchId,
          sequence: input.expectedSequence + 1,
          kind: KIND_OF[input.step](event),
          data: data as Prisma.InputJsonValue,
          staffId: actor.staffId,
          idempotencyKey: input.idempotencyKey,
        },
        select: {
          sequence: true,
          kind: true,
          data: true,
          createdAt: true,
          staff: { select: { name: true } },
        },
      });
      // The match row is locked: what was read plus the step just stored is the match now.
      const extended = { ...read.match, endOfMatch: [...read.match.endOfMatch, stored] };
      const after = { match: extended, view: procedureView(extended) };
      const { record } = after.view;
      if (
        record.phase === "decided" &&
        record.decided &&
        !record.gameDecidedByTime &&
        after.match.winsA === null
      ) {
        // MTR 2.4: time called between games decides the match on the games played; its slip is stored as decided.
        const slip = record.decided.outcome.slip;
        const version = after.match.version + 1;
        const moved = await tx.match.updateMany({
          where: { id: input.matchId, version: after.match.version },
          data: { winsA: slip.winsA, winsB: slip.winsB, draws: slip.draws, version },
        });
        if (moved.count === 0) throw new RollBack(failure("CONFLICT", CONFLICT_MESSAGE));
        await tx.resultChange.create({
          data: {
            matchId: input.matchId,
            version,
            kind: "REPORTED",
            source: "STAFF",
            staffId: actor.staffId,
            actorName: actor.name ?? "",
            after: { ...slip, decidedBy: "time" },
            note: "Decided by the end-of-match procedure (MTR 2.4).",
          },
        });
        if (after.match.round.phase.kind === "SINGLE_ELIMINATION") {
          const advanced = await advancePlayoff(tx, input.tournamentId);
          if (!advanced.ok) throw new RollBack(advanced);
        }
        return success({
          view: (await readProcedure(tx, input.tournamentId, input.matchId))!.view,
          isDuplicate: false,
        });
      }
      return success({ view: after.view, isDuplicate: false });
    },
  });
}

async function findByKey(
  db: ContestReader,
  input: RecordEndOfMatchStepInput,
): Promise<ActionResult<RecordedEndOfMatchStep> | null> {
  const row = await db.endOfMatchEvent.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: { matchId: true, sequence: true },
  });
  if (!row) return null;
  if (row.matchId !== input.matchId || row.sequence !== input.expectedSequence + 1) {
    return failure(
      "CONFLICT",
      "This form was already used for another step, so nothing was saved now. Reload the page.",
    );
  }
  const read = await readProcedure(db, input.tournamentId, input.matchId);
  return read
    ? success({ view: read.view, isDuplicate: true })
    : failure("NOT_FOUND", "That match does not exist.");
}
