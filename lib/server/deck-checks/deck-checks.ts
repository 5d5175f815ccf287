import "server-only";
import { randomInt } from "node:crypto";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { render } from "@/lib/messages/render";
import {
  checkDeckCheckEntry,
  deckCheckInfraction,
  type DeckCheckOutcome,
  pickTablesForDeckCheck,
} from "@/lib/rules/deck-checks";
import { infractionLabel, type PenaltyKind } from "@/lib/rules/penalty";
import { tableLabel } from "@/lib/rules/teams";
import { OWNER_SELECT, ownerName } from "@/lib/server/decklists/decklist-record";
import type { RuleError } from "@/lib/rules/result";
import type {
  ChooseDeckCheckTablesInput,
  PenaltyFromDeckCheckInput,
  RecordDeckCheckInput,
} from "@/lib/schemas/deck-check";
import type { RecordPenaltyInput } from "@/lib/schemas/penalty";
import { RollBack } from "@/lib/server/contest/contest-write";
import { ruleFailure } from "@/lib/server/infra/errors";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { isUniqueViolation } from "@/lib/server/infra/prisma-errors";
import { recordPenalty, type RecordedPenalty } from "@/lib/server/match/penalties";

/**
 * Deck checks (MTR 2.8; lib/rules/deck-checks.ts): judges choose tables at random, record what each
 * player's deck check found, and go on from a problem to a penalty (IPG 3.4, 3.5) through the one
 * penalty write. Rows are history: a correction is a new row naming the row it replaces.
 * The reads are for staff pages: their callers check the viewer may see them ("staff.view").
 */

export type Judge = { staffId?: string; name: string };

/** A number in [0, 1) from the operating system's random source: no one can predict the tables. */
export function serverRandom(): number {
  return randomInt(2 ** 32) / 2 ** 32;
}

export type DeckCheckPenalty = {
  id: string;
  kind: PenaltyKind;
  infraction: string;
  createdAt: Date;
};

export type DeckCheckView = {
  id: string;
  roundNumber: number;
  tableNumber: number;
  /** The table as players read it: "12", or a team's seat match "12B". */
  tableLabel: string;
  /** The table checked: a match, or in a pod event a pod. */
  matchId: string | null;
  podId: string | null;
  registrationId: string;
  /** In a team event of seat matches, the member whose deck it was (0 = A); null otherwise. */
  seat: number | null;
  /** The player, or the member with their team: "Ben (Rocket)". */
  playerName: string;
  /** The others at the table: the opponent, or a pod's other players. */
  opponentNames: string[];
  outcome: DeckCheckOutcome;
  note: string;
  decklistVersion: number | null;
  judgeName: string;
  createdAt: Date;
  penalty: DeckCheckPenalty | null;
  /** The earlier record this one corrects, and the later one that corrects it (null: it stands). */
  replacesId: string | null;
  replacedById: string | null;
};

const CHECK_SELECT = {
  id: true,
  tournamentId: true,
  registrationId: true,
  matchId: true,
  podId: true,
  tableNumber: true,
  outcome: true,
  note: true,
  decklistVersion: true,
  judgeName: true,
  createdAt: true,
  replacesId: true,
  idempotencyKey: true,
  replacedBy: { select: { id: true } },
  round: { select: { number: true } },
  tournament: { select: { teamFormat: true, teamSize: true } },
  registration: { select: OWNER_SELECT },
  match: {
    select: {
      seat: true,
      sideA: { select: { id: true, displayName: true } },
      sideB: { select: { id: true, displayName: true } },
    },
  },
  pod: {
    select: {
      seats: {
        orderBy: { seat: "asc" },
        select: { registrationId: true, registration: { select: { displayName: true } } },
      },
    },
  },
  penalty: {
    select: { id: true, kind: true, infraction: true, createdAt: true, idempotencyKey: true },
  },
} as const;

type CheckRow = {
  id: string;
  registrationId: string;
  matchId: string | null;
  podId: string | null;
  tableNumber: number;
  outcome: DeckCheckOutcome;
  note: string;
  decklistVersion: number | null;
  judgeName: string;
  createdAt: Date;
  replacesId: string | null;
  replacedBy: { id: string } | null;
  round: { number: number };
  tournament: { teamFormat: string; teamSize: number };
  registration: { displayName: string; teamMembers: { seat: number; player: { name: string } }[] };
  match: {
    seat: number;
    sideA: { id: string; displayName: string };
    sideB: { id: string; displayName: string } | null;
  } | null;
  pod: { seats: { registrationId: string; registration: { displayName: string } }[] } | null;
  penalty: DeckCheckPenalty | null;
};

/** DL6: in a team event of seat matches, the member at the match's seat played the deck checked. */
function memberOf(row: Pick<CheckRow, "tournament" | "registration" | "match">) {
  if (row.tournament.teamFormat !== "TEAM_MATCHES" || !row.match) return null;
  return { seat: row.match.seat, name: ownerName(row.registration, row.match.seat) };
}

function toView(row: CheckRow): DeckCheckView {
  const member = memberOf(row);
  const atTable = row.match
    ? [row.match.sideA, ...(row.match.sideB ? [row.match.sideB] : [])]
    : (row.pod?.seats ?? []).map((seat) => ({
        id: seat.registrationId,
        displayName: seat.registration.displayName,
      }));
  return {
    id: row.id,
    roundNumber: row.round.number,
    tableNumber: row.tableNumber,
    tableLabel: member
      ? tableLabel(row.tableNumber, member.seat, row.tournament.teamSize)
      : String(row.tableNumber),
    matchId: row.matchId,
    podId: row.podId,
    registrationId: row.registrationId,
    seat: member?.seat ?? null,
    playerName: member?.name ?? row.registration.displayName,
    opponentNames: atTable
      .filter((player) => player.id !== row.registrationId)
      .map((player) => player.displayName),
    outcome: row.outcome,
    note: row.note,
    decklistVersion: row.decklistVersion,
    judgeName: row.judgeName,
    createdAt: row.createdAt,
    penalty: row.penalty
      ? {
          id: row.penalty.id,
          kind: row.penalty.kind,
          infraction: row.penalty.infraction,
          createdAt: row.penalty.createdAt,
        }
      : null,
    replacesId: row.replacesId,
    replacedById: row.replacedBy?.id ?? null,
  };
}

const CHECK_ORDER = [
  { round: { number: "asc" } },
  { tableNumber: "asc" },
  { createdAt: "asc" },
  { id: "asc" },
] as const;

// ---------------------------------------------------------------------------------------
// Choosing tables

export type DeckCheckTableChoice = {
  tableNumber: number;
  matchId: string | null;
  podId: string | null;
  players: { registrationId: string; displayName: string; isCheckedBefore: boolean }[];
  /** Every player at it was checked before: chosen only because fewer-checked tables ran out. */
  isRecheck: boolean;
};

export type DeckCheckChoice = {
  roundNumber: number;
  /** How many tables could be checked now (not byes, not started). */
  available: number;
  tables: DeckCheckTableChoice[];
};

/**
 * MTR 2.8: tables of a round to check, chosen at random by the rules among those not yet
 * playing, players not checked before first. Nothing is saved: the judge confirms by recording.
 */
export async function chooseDeckCheckTables(
  input: ChooseDeckCheckTablesInput,
  random: () => number = serverRandom,
): Promise<ActionResult<DeckCheckChoice>> {
  const round = await prisma.round.findUnique({
    where: {
      tournamentId_number: { tournamentId: input.tournamentId, number: input.roundNumber },
    },
    select: {
      number: true,
      matches: {
        where: { voidedAt: null },
        select: {
          id: true,
          tableNumber: true,
          winsA: true,
          sideA: { select: { id: true, displayName: true } },
          sideB: { select: { id: true, displayName: true } },
          _count: { select: { games: { where: { removedAt: null } } } },
        },
      },
      pods: {
        select: {
          id: true,
          tableNumber: true,
          isBye: true,
          confirmedAt: true,
          seats: {
            orderBy: { seat: "asc" },
            select: { registrationId: true, registration: { select: { displayName: true } } },
          },
          _count: { select: { events: { where: { voidedAt: null } } } },
        },
      },
    },
  });
  if (!round) return failure("NOT_FOUND", "That round does not exist.");
  const checked = await prisma.deckCheck.findMany({
    where: { tournamentId: input.tournamentId },
    distinct: ["registrationId"],
    select: { registrationId: true },
  });
  const names = new Map<string, string>();
  const places = new Map<string, { matchId: string | null; podId: string | null }>();
  const tables = [
    ...round.matches.map((match) => {
      const players = [match.sideA, ...(match.sideB ? [match.sideB] : [])];
      for (const player of players) names.set(player.id, player.displayName);
      places.set(match.id, { matchId: match.id, podId: null });
      return {
        tableNumber: match.tableNumber,
        matchOrPodId: match.id,
        players: players.map((player) => player.id),
        hasResult: match.winsA !== null || match._count.games > 0,
        isBye: match.sideB === null,
      };
    }),
    ...round.pods.map((pod) => {
      for (const seat of pod.seats) names.set(seat.registrationId, seat.registration.displayName);
      places.set(pod.id, { matchId: null, podId: pod.id });
      return {
        tableNumber: pod.tableNumber,
        matchOrPodId: pod.id,
        players: pod.seats.map((seat) => seat.registrationId),
        hasResult: pod.confirmedAt !== null || pod._count.events > 0,
        isBye: pod.isBye,
      };
    }),
  ];
  const picked = pickTablesForDeckCheck({
    tables,
    checkedPlayers: checked.map((row) => row.registrationId),
    count: input.count,
    random,
  });
  if (!picked.ok) return ruleFailure(picked.error, "VALIDATION", {}, "count");
  return success({
    roundNumber: round.number,
    available: picked.value.available,
    tables: picked.value.tables.map((table) => ({
      tableNumber: table.tableNumber,
      ...(places.get(table.matchOrPodId) ?? { matchId: null, podId: null }),
      players: table.players.map((registrationId) => ({
        registrationId,
        displayName: names.get(registrationId) ?? "",
        isCheckedBefore: table.checkedBefore.includes(registrationId),
      })),
      isRecheck: table.isRecheck,
    })),
  });
}

// ---------------------------------------------------------------------------------------
// Recording a check

export type RecordedDeckCheck = { check: DeckCheckView; isDuplicate: boolean };

/** The form field a refusal of the rules is about. */
const FIELD_OF_RULE: Partial<Record<RuleError["code"], string>> = {
  NOT_IN_MATCH: "registrationId",
  BYE: "registrationId",
  DECK_CHECK_NOTE_REQUIRED: "note",
  INVALID_INPUT: "note",
};

function entryRefused<T>(error: RuleError): ActionResult<T> {
  const message = render(error);
  const field = FIELD_OF_RULE[error.code];
  return failure("VALIDATION", message, field ? { [field]: [message] } : undefined);
}

type Place = {
  where: { matchId: string } | { podId: string };
  /** DL6: the seat whose member's list was checked (a team event's seat match), else 0. */
  seat: number;
  roundId: string;
  tableNumber: number;
  players: string[];
  isBye: boolean;
};

/** The match or pod the input names in its tournament, and who plays there; a check names exactly one. */
async function findPlace(
  tx: Transaction,
  input: Pick<RecordDeckCheckInput, "tournamentId" | "matchId" | "podId">,
): Promise<ActionResult<Place>> {
  if (input.podId !== undefined) {
    const pod = await tx.pod.findUnique({
      where: { id: input.podId },
      select: {
        roundId: true,
        tableNumber: true,
        isBye: true,
        round: { select: { tournamentId: true } },
        seats: { select: { registrationId: true } },
      },
    });
    if (!pod || pod.round.tournamentId !== input.tournamentId)
      return failure("NOT_FOUND", "That pod does not exist.");
    return success({
      where: { podId: input.podId },
      seat: 0,
      roundId: pod.roundId,
      tableNumber: pod.tableNumber,
      players: pod.seats.map((seat) => seat.registrationId),
      isBye: pod.isBye,
    });
  }
  const match = await tx.match.findUnique({
    where: { id: input.matchId ?? "" },
    select: {
      roundId: true,
      tableNumber: true,
      seat: true,
      sideAId: true,
      sideBId: true,
      voidedAt: true,
      round: { select: { tournamentId: true, tournament: { select: { teamFormat: true } } } },
    },
  });
  if (!match || match.round.tournamentId !== input.tournamentId)
    return failure("NOT_FOUND", "That match does not exist.");
  if (match.voidedAt)
    return failure(
      "VALIDATION",
      "This match is no longer played; check the deck at its new table.",
    );
  return success({
    where: { matchId: input.matchId ?? "" },
    seat: match.round.tournament.teamFormat === "TEAM_MATCHES" ? match.seat : 0,
    roundId: match.roundId,
    tableNumber: match.tableNumber,
    players: [match.sideAId, ...(match.sideBId ? [match.sideBId] : [])],
    isBye: match.sideBId === null,
  });
}

/**
 * MTR 2.8: a judge records one player's deck check at their match or pod, or corrects an earlier
 * record of it (a new row naming the one it replaces; a record is corrected once, the newest stands).
 * The same form sent again (its key) is answered as it first was; the key used for another check
 * is a conflict.
 */
export async function recordDeckCheck(
  input: RecordDeckCheckInput,
  judge: Judge,
): Promise<ActionResult<RecordedDeckCheck>> {
  if ((input.matchId === undefined) === (input.podId === undefined))
    return failure("VALIDATION", "Name the match or the pod where the deck was checked.");
  const replayed = await findByKey(input);
  if (replayed) return replayed;
  try {
    return await prisma.$transaction(async (tx) => {
      const place = await findPlace(tx, input);
      if (!place.ok) return place;
      const entry = checkDeckCheckEntry({
        outcome: input.outcome,
        note: input.note,
        players: place.value.players,
        registrationId: input.registrationId,
        isBye: place.value.isBye,
      });
      if (!entry.ok) return entryRefused(entry.error);
      if (input.replacesId !== undefined) {
        const earlier = await tx.deckCheck.findUnique({
          where: { id: input.replacesId },
          select: {
            tournamentId: true,
            registrationId: true,
            matchId: true,
            podId: true,
            replacedBy: { select: { id: true } },
          },
        });
        if (!earlier || earlier.tournamentId !== input.tournamentId)
          return failure("NOT_FOUND", "That deck check does not exist.");
        if (
          earlier.registrationId !== input.registrationId ||
          earlier.matchId !== (input.matchId ?? null) ||
          earlier.podId !== (input.podId ?? null)
        )
          return failure(
            "VALIDATION",
            "A correction is of the same player's check at the same table.",
            { replacesId: ["Choose a check of this player at this table."] },
          );
        if (earlier.replacedBy) return alreadyCorrected();
      }
      // MTR 2.8: the deck is counted against the list registered now; a version named must exist.
      const list = await tx.decklist.findUnique({
        where: {
          registrationId_seat: { registrationId: input.registrationId, seat: place.value.seat },
        },
        select: { version: true },
      });
      if (
        input.decklistVersion !== undefined &&
        input.decklistVersion !== null &&
        (!list || input.decklistVersion > list.version)
      )
        return failure("VALIDATION", "That version of the player's decklist does not exist.", {
          decklistVersion: ["Choose a version the list has had."],
        });
      const created = await tx.deckCheck.create({
        data: {
          tournamentId: input.tournamentId,
          roundId: place.value.roundId,
          registrationId: input.registrationId,
          ...place.value.where,
          tableNumber: place.value.tableNumber,
          outcome: entry.value.outcome,
          note: entry.value.note,
          decklistVersion: input.decklistVersion ?? list?.version ?? null,
          judgeName: judge.name,
          createdByStaffId: judge.staffId ?? null,
          replacesId: input.replacesId ?? null,
          idempotencyKey: input.idempotencyKey,
        },
        select: CHECK_SELECT,
      });
      return success({ check: toView(created), isDuplicate: false });
    });
  } catch (error) {
    // The same form twice at once (its key), or two corrections of one record at once.
    if (!isUniqueViolation(error)) throw error;
    const replay = await findByKey(input);
    if (replay) return replay;
    if (input.replacesId !== undefined) return alreadyCorrected();
    throw error;
  }
}

function alreadyCorrected<T>(): ActionResult<T> {
  return failure(
    "CONFLICT",
    "That deck check was already corrected. Reload the page and correct the newest record.",
  );
}

async function findByKey(
  input: RecordDeckCheckInput,
): Promise<ActionResult<RecordedDeckCheck> | null> {
  const row = await prisma.deckCheck.findUnique({
    where: {
      tournamentId_idempotencyKey: {
        tournamentId: input.tournamentId,
        idempotencyKey: input.idempotencyKey,
      },
    },
    select: CHECK_SELECT,
  });
  if (!row) return null;
  const isSame =
    row.registrationId === input.registrationId &&
    row.matchId === (input.matchId ?? null) &&
    row.podId === (input.podId ?? null) &&
    row.outcome === input.outcome &&
    row.note === input.note.trim() &&
    row.replacesId === (input.replacesId ?? null);
  if (!isSame)
    return failure(
      "CONFLICT",
      "This form was already used to record a deck check. Reload the page and record it again.",
    );
  return success({ check: toView(row), isDuplicate: true });
}

// ---------------------------------------------------------------------------------------
// Going on to a penalty

export type DeckCheckPenaltyGiven = RecordedPenalty & { deckCheckId: string };

/**
 * IPG 3.4 / 3.5: a problem a check found goes on to a penalty through the one penalty write
 * (recordPenalty), the check's infraction preselected and its usual penalty unless the judge chose
 * another; in the same transaction the penalty is linked to the check, once. A pod's penalties are
 * recorded as the player leaving the pod's game (the pod's own write), not here.
 */
export async function penaltyFromDeckCheck(
  input: PenaltyFromDeckCheckInput,
  judge: Judge,
): Promise<ActionResult<DeckCheckPenaltyGiven>> {
  const check = await prisma.deckCheck.findFirst({
    where: { id: input.deckCheckId, tournamentId: input.tournamentId },
    select: CHECK_SELECT,
  });
  if (!check) return failure("NOT_FOUND", "That deck check does not exist.");
  if (check.matchId === null)
    return failure(
      "VALIDATION",
      "In a pod, a Game Loss or Match Loss is recorded as the player leaving the pod's game, at the pod on the round page.",
    );
  if (check.replacedBy)
    return failure(
      "CONFLICT",
      "This deck check was corrected since. Give the penalty from the newest record.",
    );
  const infraction = deckCheckInfraction(check.outcome);
  if (!infraction.ok) return ruleFailure(infraction.error, "VALIDATION");
  if (check.penalty && check.penalty.idempotencyKey !== input.idempotencyKey)
    return failure("CONFLICT", "A penalty was already given from this deck check.");
  const penalty: RecordPenaltyInput = {
    tournamentId: input.tournamentId,
    matchId: check.matchId,
    registrationId: check.registrationId,
    kind: input.kind ?? infraction.value.penalty,
    infraction: infractionLabel({
      name: render(infraction.value.name),
      section: infraction.value.section,
    }),
    gameNumber: input.gameNumber,
    expectedVersion: input.expectedVersion,
    idempotencyKey: input.idempotencyKey,
    note: input.note || check.note,
  };
  const recorded = await recordPenalty(penalty, judge, {
    onRecorded: async (tx, penaltyId) => {
      const linked = await tx.deckCheck.updateMany({
        where: { id: check.id, penaltyId: null, replacedBy: { is: null } },
        data: { penaltyId },
      });
      // Another judge gave a penalty from it, or corrected it, meanwhile: this penalty is undone.
      if (linked.count !== 1)
        throw new RollBack(
          failure(
            "CONFLICT",
            "This deck check changed meanwhile (a penalty given or a correction). Reload it and look again.",
          ),
        );
    },
  });
  if (!recorded.ok) return recorded;
  return success({ ...recorded.value, deckCheckId: check.id });
}

// ---------------------------------------------------------------------------------------
// Reads

export type DeckCheckRound = { roundNumber: number; checks: DeckCheckView[] };

/** Every check of the tournament (or of one round), by round, then table and time; corrected records included. */
export async function getDeckChecks(
  tournamentId: string,
  options: { roundNumber?: number } = {},
): Promise<DeckCheckRound[]> {
  const rows = await prisma.deckCheck.findMany({
    where: {
      tournamentId,
      ...(options.roundNumber === undefined ? {} : { round: { number: options.roundNumber } }),
    },
    orderBy: [...CHECK_ORDER],
    select: CHECK_SELECT,
  });
  const rounds: DeckCheckRound[] = [];
  for (const row of rows) {
    const view = toView(row);
    const last = rounds.at(-1);
    if (last?.roundNumber === view.roundNumber) last.checks.push(view);
    else rounds.push({ roundNumber: view.roundNumber, checks: [view] });
  }
  return rounds;
}

/** One player's checks over the event, oldest first (a page or a judge asking "was this deck checked?"). */
export async function getPlayerDeckChecks(
  tournamentId: string,
  registrationId: string,
): Promise<DeckCheckView[]> {
  const rows = await prisma.deckCheck.findMany({
    where: { tournamentId, registrationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: CHECK_SELECT,
  });
  return rows.map(toView);
}

/** The checks at one match, oldest first, for its staff page. */
export async function getMatchDeckChecks(matchId: string): Promise<DeckCheckView[]> {
  const rows = await prisma.deckCheck.findMany({
    where: { matchId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: CHECK_SELECT,
  });
  return rows.map(toView);
}

export type DeckCheckTable = {
  tableNumber: number;
  /** The table as players read it: "12", or a team's seat match "12B". */
  label: string;
  matchId: string | null;
  podId: string | null;
  /** The match's version, for a penalty given from a check at it (a pod's penalties are its own). */
  matchVersion: number | null;
  /** `seat`: in a team event of seat matches, the member's seat whose deck is checked (else null). */
  players: { registrationId: string; seat: number | null; displayName: string }[];
};

/** The tables of a round a judge is checking, by number, with their players; byes and unknown numbers left out. */
export async function getDeckCheckTables(
  tournamentId: string,
  roundNumber: number,
  tableNumbers: readonly number[],
): Promise<DeckCheckTable[]> {
  if (tableNumbers.length === 0) return [];
  const side = { select: { id: true, ...OWNER_SELECT } } as const;
  const round = await prisma.round.findUnique({
    where: { tournamentId_number: { tournamentId, number: roundNumber } },
    select: {
      tournament: { select: { teamFormat: true, teamSize: true } },
      matches: {
        where: { voidedAt: null, tableNumber: { in: [...tableNumbers] }, sideBId: { not: null } },
        orderBy: [{ tableNumber: "asc" }, { seat: "asc" }],
        select: {
          id: true,
          version: true,
          tableNumber: true,
          seat: true,
          sideA: side,
          sideB: side,
        },
      },
      pods: {
        where: { tableNumber: { in: [...tableNumbers] }, isBye: false },
        select: {
          id: true,
          tableNumber: true,
          seats: {
            orderBy: { seat: "asc" },
            select: { registrationId: true, registration: { select: { displayName: true } } },
          },
        },
      },
    },
  });
  if (!round) return [];
  // DL6: at a team's seat match the member in that seat plays, with their own list.
  const bySeat = round.tournament.teamFormat === "TEAM_MATCHES";
  const tables: DeckCheckTable[] = [
    ...round.matches.map((match) => ({
      tableNumber: match.tableNumber,
      label: bySeat
        ? tableLabel(match.tableNumber, match.seat, round.tournament.teamSize)
        : String(match.tableNumber),
      matchId: match.id,
      podId: null,
      matchVersion: match.version,
      players: [match.sideA, ...(match.sideB ? [match.sideB] : [])].map((player) => ({
        registrationId: player.id,
        seat: bySeat ? match.seat : null,
        displayName: bySeat ? ownerName(player, match.seat) : player.displayName,
      })),
    })),
    ...round.pods.map((pod) => ({
      tableNumber: pod.tableNumber,
      label: String(pod.tableNumber),
      matchId: null,
      podId: pod.id,
      matchVersion: null,
      players: pod.seats.map((seat) => ({
        registrationId: seat.registrationId,
        seat: null,
        displayName: seat.registration.displayName,
      })),
    })),
  ];
  const order = new Map(tableNumbers.map((number, index) => [number, index]));
  return tables.sort((a, b) => (order.get(a.tableNumber) ?? 0) - (order.get(b.tableNumber) ?? 0));
}
