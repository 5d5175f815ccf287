import "server-only";
import { type ActionResult, failure, success } from "@/lib/action-result";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import { type DeckCheckView, getDeckChecks } from "@/lib/server/deck-checks/deck-checks";
import type { DecklistRefusal } from "@/lib/server/decklists/decklist-record";
import {
  type DecklistChangeView,
  type DecklistEventView,
  type DecklistView,
  getDecklistEvent,
  getDecklistForStaff,
  getDecklistsForStaff,
  type ListedDecklist,
  listDecklists,
} from "@/lib/server/decklists/decklist-reads";
import type { SubmittedDecklist } from "@/lib/server/decklists/submit-decklist";
import { prisma } from "@/lib/server/infra/db";

// What /api/v1 answers of decklists (MTR 2.7) and deck checks (MTR 2.8), in the shapes
// lib/schemas/api-v1.ts documents, over the decklist and deck-check data layers.

type Check = Pick<
  DecklistView,
  "isLegal" | "problems" | "notes" | "format" | "checkedAgainst" | "isStale"
>;

function checkOf(list: Check) {
  const { isLegal, problems, notes, format, checkedAgainst, isStale } = list;
  return { isLegal, problems, notes, format, checkedAgainst, isStale };
}

type Shown = Pick<
  ListedDecklist,
  | "registrationId"
  | "seat"
  | "playerName"
  | "archetype"
  | "version"
  | "counts"
  | "entries"
  | "isInTopCut"
  | "updatedAt"
>;

/** A list as the API gives it; whether it is legal only to staff (DL4: to its player and the staff). */
function decklistOf(list: Shown, check: Check | null) {
  return {
    playerId: list.registrationId,
    seat: list.seat,
    name: list.playerName,
    archetype: list.archetype,
    version: list.version,
    counts: list.counts,
    entries: list.entries,
    isInTopCut: list.isInTopCut,
    updatedAt: list.updatedAt,
    check: check ? checkOf(check) : null,
  };
}

function settingsOf(event: DecklistEventView) {
  return {
    format: event.deckFormat,
    formatName: event.formatName,
    deadline: event.deadline,
    publication: event.publication,
  };
}

/** The lists the caller may read (DL4): staff every list and who has none, anyone else the published ones. */
export async function listDecklistsForApi(access: TournamentAccess) {
  const staff = await getDecklistsForStaff(access);
  if (staff)
    return success({
      ...settingsOf(staff.event),
      decklists: staff.lists.map((list) => decklistOf(list, list)),
      playersWithoutList: staff.withoutList.map((player) => ({
        playerId: player.registrationId,
        seat: player.seat,
        name: player.name,
        isDropped: player.isDropped,
      })),
    });
  const [event, lists] = await Promise.all([
    getDecklistEvent(access),
    listDecklists(access, "public"),
  ]);
  if (!event) return failure("NOT_FOUND", "That tournament does not exist.");
  return success({
    ...settingsOf(event),
    decklists: lists.map((list) => decklistOf(list, null)),
    playersWithoutList: null,
  });
}

function changeOf(change: DecklistChangeView) {
  return {
    version: change.version,
    at: change.createdAt,
    source: change.source,
    who: change.actorName,
    reason: change.reason,
    archetype: change.archetype,
    isLegal: change.isLegal,
    textBefore: change.textBefore,
    textAfter: change.textAfter,
  };
}

const notRegistered = () =>
  failure("NOT_FOUND", "registrationId: that player is not registered in this tournament.", {
    registrationId: ["No such player in this tournament."],
  });

/** One player's list: staff read its text and history; anyone else only a published list. */
export async function getDecklistForApi(
  access: TournamentAccess,
  registrationId: string,
  seat = 0,
) {
  const staff = await getDecklistForStaff(access, registrationId, seat);
  if (staff) {
    if (!staff.list)
      return failure(
        "NOT_FOUND",
        `${staff.playerName} has no decklist yet: send one to this address with expectedVersion null.`,
        { registrationId: ["No decklist yet."] },
      );
    return success({
      ...decklistOf({ ...staff.list, isInTopCut: staff.isInTopCut }, staff.list),
      text: staff.list.text,
      history: staff.history.map(changeOf),
    });
  }
  if (accessAllows(access, "decklists.manage")) return notRegistered();
  const lists = await listDecklists(access, "public");
  const list = lists.find((each) => each.registrationId === registrationId && each.seat === seat);
  if (!list)
    return failure(
      "NOT_FOUND",
      "No decklist of that player is public: lists are private until the organizer publishes them (MTR 2.7).",
      { registrationId: ["No public decklist."] },
    );
  return success({ ...decklistOf(list, null), text: null, history: null });
}

/** What a submission saved, as the API answers it. */
export function savedDecklistForApi(saved: SubmittedDecklist) {
  return {
    playerId: saved.registrationId,
    seat: saved.seat,
    version: saved.version,
    archetype: saved.archetype,
    counts: saved.counts,
    entries: saved.entries,
    // Just checked against the event's format: not stale.
    check: checkOf({ ...saved, isStale: false }),
    isUnchanged: saved.isUnchanged,
  };
}

/**
 * A refused submission in the API's error shape: the text sent is not echoed back, and a stale
 * version names the version to send, as expectedVersion.
 */
export function decklistRefusalForApi(refusal: DecklistRefusal): ActionResult<never> {
  const { text: _text, changedBy, ...error } = refusal;
  if (!changedBy) return { ok: false, error };
  const at = changedBy.at.toISOString().slice(0, 16).replace("T", " ");
  return failure(
    "CONFLICT",
    `expectedVersion: ${changedBy.name} changed this list at ${at} UTC (version ${changedBy.version}) since you read it. Read it again, then send your change with expectedVersion ${changedBy.version}.`,
    { expectedVersion: [`The list is at version ${changedBy.version}.`] },
  );
}

function deckCheckOf(check: DeckCheckView) {
  return {
    id: check.id,
    roundNumber: check.roundNumber,
    table: check.tableNumber,
    matchId: check.matchId,
    podId: check.podId,
    playerId: check.registrationId,
    name: check.playerName,
    opponents: check.opponentNames,
    outcome: check.outcome,
    note: check.note,
    decklistVersion: check.decklistVersion,
    judge: check.judgeName,
    at: check.createdAt,
    penalty: check.penalty
      ? {
          id: check.penalty.id,
          kind: check.penalty.kind,
          infraction: check.penalty.infraction,
          at: check.penalty.createdAt,
        }
      : null,
    replacesId: check.replacesId,
    replacedById: check.replacedById,
    isCurrent: check.replacedById === null,
  };
}

/** The deck checks, by round, table and time, corrected records included: staff only, as the judges' page. */
export async function listDeckChecksForApi(access: TournamentAccess, roundNumber?: number) {
  if (!accessAllows(access, "staff.view"))
    return failure("FORBIDDEN", "Only this tournament's staff can read its deck checks.");
  if (roundNumber !== undefined) {
    const round = await prisma.round.findUnique({
      where: { tournamentId_number: { tournamentId: access.tournamentId, number: roundNumber } },
      select: { id: true },
    });
    if (!round)
      return failure("NOT_FOUND", `round: this tournament has no round ${roundNumber}.`, {
        round: [`There is no round ${roundNumber}.`],
      });
  }
  const rounds = await getDeckChecks(access.tournamentId, { roundNumber });
  return success(rounds.flatMap((round) => round.checks).map(deckCheckOf));
}
