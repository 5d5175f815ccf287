import "server-only";
import { render } from "@/lib/messages/render";
import { formatName } from "@/lib/rules/deck-legality";
import {
  checkDecklistChange,
  type DecklistPublication,
  type DecklistStanding,
  type DecklistViewer,
  decklistStanding,
  type MetagameShare,
  mayViewDecklist,
  metagameOf,
  type StoredEntries,
} from "@/lib/rules/decklists";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import { prisma } from "@/lib/server/infra/db";
import {
  countsOf,
  type DeckCounts,
  type DeckFinding,
  entriesOf,
  findingsOf,
  OWNER_SELECT,
  type OwnerRow,
  ownerName,
  seatsOf,
} from "./decklist-record";

/** A registered list as its player and the staff see it. */
export type DecklistView = {
  id: string;
  registrationId: string;
  /** DL6: the team member whose deck it is (0 = seat A; 0 for a player alone). */
  seat: number;
  /** The player, or in a team event the member with their team: "Ana (Team Rocket)". */
  playerName: string;
  text: string;
  entries: StoredEntries;
  counts: DeckCounts;
  isLegal: boolean;
  problems: DeckFinding[];
  notes: DeckFinding[];
  archetype: string;
  /** The format and card data's date it was checked against ("legal as of"). */
  format: string;
  checkedAgainst: Date;
  /** Checked against another format than the event's now: its check is out of date. */
  isStale: boolean;
  version: number;
  submittedAt: Date;
  updatedAt: Date;
};

/** One change of a list, from its history: who, when, why, before and after. */
export type DecklistChangeView = {
  version: number;
  source: "PLAYER" | "STAFF";
  actorName: string;
  reason: string;
  textBefore: string | null;
  textAfter: string;
  entriesBefore: StoredEntries | null;
  entriesAfter: StoredEntries;
  archetype: string;
  isLegal: boolean;
  createdAt: Date;
};

/** The event's decklist settings and whether players may still change their own lists. */
export type DecklistEventView = {
  deckFormat: string | null;
  formatName: string | null;
  deadline: Date | null;
  publication: DecklistPublication;
  isPlayerWindowOpen: boolean;
  /** MTR 2.10: from then on players without a legal list drop one by one, not in one step. */
  isRoundOnePaired: boolean;
  /** Why players may no longer change their own lists; null while they may. */
  finalBecause: string | null;
};

const LIST_SELECT = {
  id: true,
  registrationId: true,
  seat: true,
  text: true,
  entries: true,
  problems: true,
  notes: true,
  isLegal: true,
  format: true,
  checkedAgainst: true,
  archetype: true,
  version: true,
  submittedAt: true,
  updatedAt: true,
  registration: { select: OWNER_SELECT },
} as const;

type ListRow = {
  id: string;
  registrationId: string;
  seat: number;
  text: string;
  entries: unknown;
  problems: unknown;
  notes: unknown;
  isLegal: boolean;
  format: string;
  checkedAgainst: Date;
  archetype: string;
  version: number;
  submittedAt: Date;
  updatedAt: Date;
  registration: OwnerRow;
};

function viewOf(row: ListRow, deckFormat: string | null): DecklistView {
  const entries = entriesOf(row.entries);
  return {
    id: row.id,
    registrationId: row.registrationId,
    seat: row.seat,
    playerName: ownerName(row.registration, row.seat),
    text: row.text,
    entries,
    counts: countsOf(entries),
    isLegal: row.isLegal,
    problems: findingsOf(row.problems),
    notes: findingsOf(row.notes),
    archetype: row.archetype,
    format: row.format,
    checkedAgainst: row.checkedAgainst,
    isStale: deckFormat !== null && row.format !== deckFormat,
    version: row.version,
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
  };
}

async function historyOf(decklistId: string): Promise<DecklistChangeView[]> {
  const changes = await prisma.decklistChange.findMany({
    where: { decklistId },
    orderBy: { version: "asc" },
  });
  return changes.map((change) => ({
    version: change.version,
    source: change.source,
    actorName: change.actorName,
    reason: change.reason,
    textBefore: change.textBefore,
    textAfter: change.textAfter,
    entriesBefore: change.entriesBefore === null ? null : entriesOf(change.entriesBefore),
    entriesAfter: entriesOf(change.entriesAfter),
    archetype: change.archetypeAfter,
    isLegal: change.isLegalAfter,
    createdAt: change.createdAt,
  }));
}

/** The event's decklist settings, and whether players may still change their lists (DL1). */
async function eventOf(tournamentId: string): Promise<DecklistEventView | null> {
  const [tournament, roundsPaired] = await Promise.all([
    prisma.tournament.findFirst({
      where: { id: tournamentId, deletedAt: null },
      select: { deckFormat: true, decklistDeadline: true, decklistPublication: true },
    }),
    prisma.round.count({ where: { tournamentId } }),
  ]);
  if (!tournament) return null;
  const open = checkDecklistChange({
    by: "player",
    deckFormat: tournament.deckFormat,
    deadline: tournament.decklistDeadline?.getTime() ?? null,
    isRoundOnePaired: roundsPaired > 0,
    now: Date.now(),
  });
  return {
    deckFormat: tournament.deckFormat,
    formatName: tournament.deckFormat ? render(formatName(tournament.deckFormat)) : null,
    deadline: tournament.decklistDeadline,
    publication: tournament.decklistPublication,
    isPlayerWindowOpen: open.ok,
    isRoundOnePaired: roundsPaired > 0,
    finalBecause: open.ok ? null : render(open.error),
  };
}

/** The event's decklist settings, which anyone who may see the tournament may read. */
export function getDecklistEvent(access: TournamentAccess): Promise<DecklistEventView | null> {
  return eventOf(access.tournamentId);
}

export type MyDecklist = {
  /** With whether the player may still change their list themselves, and why not. */
  event: DecklistEventView;
  /** DL6: whose deck this is, and every seat of the entry with its member's name. */
  seat: number;
  seats: { seat: number; name: string }[];
  list: DecklistView | null;
  history: DecklistChangeView[];
};

/**
 * A player's own list (their code proves who they are): its problems and history, the event's
 * format and deadline, and whether they may still change it (MTR 2.7). A team member's code is
 * their own seat's list; a team's entry code may open any member's (`seat`, else seat A).
 */
export async function getMyDecklist(
  player: { registrationId: string; tournamentId: string; seat?: number | null },
  askedSeat?: number,
): Promise<MyDecklist | null> {
  const [event, registration] = await Promise.all([
    eventOf(player.tournamentId),
    prisma.registration.findFirst({
      where: { id: player.registrationId, tournamentId: player.tournamentId },
      select: OWNER_SELECT,
    }),
  ]);
  if (!event || !registration) return null;
  const seats = seatsOf(registration);
  const seat = player.seat ?? askedSeat ?? 0;
  if (!seats.includes(seat)) return null;
  const row = await prisma.decklist.findUnique({
    where: { registrationId_seat: { registrationId: player.registrationId, seat } },
    select: LIST_SELECT,
  });
  return {
    event,
    seat,
    seats: seats.map((each) => ({ seat: each, name: ownerName(registration, each) })),
    list: row ? viewOf(row, event.deckFormat) : null,
    history: row ? await historyOf(row.id) : [],
  };
}

function isStaff(access: TournamentAccess): boolean {
  return accessAllows(access, "decklists.manage");
}

/**
 * A player's list (in a team event, the member's at `seat`) with its whole history and the event's
 * settings, for staff only (null for anyone else, or no such player or seat).
 */
export async function getDecklistForStaff(
  access: TournamentAccess,
  registrationId: string,
  seat = 0,
): Promise<{
  event: DecklistEventView;
  playerName: string;
  seat: number;
  list: DecklistView | null;
  history: DecklistChangeView[];
  isInTopCut: boolean;
} | null> {
  if (!isStaff(access)) return null;
  const [registration, event, topCut] = await Promise.all([
    prisma.registration.findFirst({
      where: { id: registrationId, tournamentId: access.tournamentId },
      select: { ...OWNER_SELECT, decklists: { where: { seat }, select: LIST_SELECT } },
    }),
    eventOf(access.tournamentId),
    topCutOf(access.tournamentId),
  ]);
  if (!registration || !event || !seatsOf(registration).includes(seat)) return null;
  const row = registration.decklists[0];
  return {
    event,
    playerName: ownerName(registration, seat),
    seat,
    list: row ? viewOf(row, event.deckFormat) : null,
    history: row ? await historyOf(row.id) : [],
    isInTopCut: topCut.has(registrationId),
  };
}

/** Who is seeded into the playoff (DL4: the top cut's lists may be published). */
async function topCutOf(tournamentId: string): Promise<Set<string>> {
  const seeded = await prisma.playoffSeed.findMany({
    where: { phase: { tournamentId } },
    select: { registrationId: true },
  });
  return new Set(seeded.map((seed) => seed.registrationId));
}

export type StaffDecklists = {
  event: DecklistEventView;
  /** Every list with its check, by player name (a team's by seat). */
  lists: (DecklistView & { isInTopCut: boolean })[];
  /** Players (in a team event, members) without a list, dropped ones included. */
  withoutList: { registrationId: string; seat: number; name: string; isDropped: boolean }[];
};

/** Every player's list with its check, and who has none: for staff only (null for anyone else). */
export async function getDecklistsForStaff(
  access: TournamentAccess,
): Promise<StaffDecklists | null> {
  if (!isStaff(access)) return null;
  const [event, registrations, topCut] = await Promise.all([
    eventOf(access.tournamentId),
    prisma.registration.findMany({
      where: { tournamentId: access.tournamentId },
      orderBy: [{ nameKey: "asc" }, { id: "asc" }],
      select: {
        ...OWNER_SELECT,
        id: true,
        droppedAfterRound: true,
        decklists: { select: LIST_SELECT, orderBy: { seat: "asc" } },
      },
    }),
    topCutOf(access.tournamentId),
  ]);
  if (!event) return null;
  const lists = registrations.flatMap(({ decklists }) =>
    decklists.map((decklist) => ({
      ...viewOf(decklist, event.deckFormat),
      isInTopCut: topCut.has(decklist.registrationId),
    })),
  );
  const withoutList = registrations.flatMap((registration) =>
    seatsOf(registration)
      .filter((seat) => !registration.decklists.some((list) => list.seat === seat))
      .map((seat) => ({
        registrationId: registration.id,
        seat,
        name: ownerName(registration, seat),
        isDropped: registration.droppedAfterRound !== null,
      })),
  );
  return { event, lists, withoutList };
}

export type DecklistStatusRow = {
  registrationId: string;
  /** DL6: the team member's seat (0 for a player alone). */
  seat: number;
  name: string;
  /** The entry's name: the team's in a team event, else the player's. */
  entryName: string;
  isDropped: boolean;
  standing: DecklistStanding;
  version: number | null;
  updatedAt: Date | null;
};

export type DecklistStatus = {
  event: DecklistEventView;
  /** Decks still in the event (a team's members each have one), by their list: none, illegal, legal. */
  counts: { players: number; none: number; illegal: number; legal: number };
  players: DecklistStatusRow[];
};

/** The overview's "who has no legal list": every player's (or member's) list standing, for staff only. */
export async function getDecklistStatus(access: TournamentAccess): Promise<DecklistStatus | null> {
  if (!isStaff(access)) return null;
  const [event, registrations] = await Promise.all([
    eventOf(access.tournamentId),
    prisma.registration.findMany({
      where: { tournamentId: access.tournamentId },
      orderBy: [{ nameKey: "asc" }, { id: "asc" }],
      select: {
        ...OWNER_SELECT,
        id: true,
        droppedAfterRound: true,
        decklists: {
          select: { seat: true, isLegal: true, format: true, version: true, updatedAt: true },
        },
      },
    }),
  ]);
  if (!event) return null;
  const players = registrations.flatMap((registration) =>
    seatsOf(registration).map((seat) => {
      const list = registration.decklists.find((candidate) => candidate.seat === seat);
      return {
        registrationId: registration.id,
        seat,
        name: ownerName(registration, seat),
        entryName: registration.displayName,
        isDropped: registration.droppedAfterRound !== null,
        standing: decklistStanding(list, event.deckFormat),
        version: list?.version ?? null,
        updatedAt: list?.updatedAt ?? null,
      };
    }),
  );
  const active = players.filter((player) => !player.isDropped);
  const count = (standing: DecklistStanding) =>
    active.filter((player) => player.standing === standing).length;
  return {
    event,
    counts: {
      players: active.length,
      none: count("none"),
      illegal: count("illegal"),
      legal: count("legal"),
    },
    players,
  };
}

/** A list as a page of lists shows it: whether it is legal only to its player and the staff. */
export type ListedDecklist = {
  registrationId: string;
  seat: number;
  playerName: string;
  archetype: string;
  entries: StoredEntries;
  counts: DeckCounts;
  isLegal: boolean | null;
  isInTopCut: boolean;
  version: number;
  updatedAt: Date;
};

/**
 * The lists this viewer may see (DL4): staff every list, a player their own and the published
 * ones, anyone the published ones. "staff" counts only for staff of the tournament (else public).
 */
export async function listDecklists(
  access: TournamentAccess,
  viewer: DecklistViewer,
): Promise<ListedDecklist[]> {
  const who: DecklistViewer = viewer === "staff" && !isStaff(access) ? "public" : viewer;
  const [event, lists, inTopCut] = await Promise.all([
    eventOf(access.tournamentId),
    prisma.decklist.findMany({
      where: { tournamentId: access.tournamentId },
      select: {
        registrationId: true,
        seat: true,
        archetype: true,
        entries: true,
        isLegal: true,
        version: true,
        updatedAt: true,
        registration: { select: OWNER_SELECT },
      },
      orderBy: [{ registration: { nameKey: "asc" } }, { registrationId: "asc" }, { seat: "asc" }],
    }),
    topCutOf(access.tournamentId),
  ]);
  if (!event) return [];
  return lists
    .filter((list) =>
      mayViewDecklist({
        viewer: who,
        owner: list.registrationId,
        publication: event.publication,
        areListsFinal: !event.isPlayerWindowOpen,
        ownerInTopCut: inTopCut.has(list.registrationId),
      }),
    )
    .map((list) => {
      const entries = entriesOf(list.entries);
      const isOwn = typeof who === "object" && who.player === list.registrationId;
      return {
        registrationId: list.registrationId,
        seat: list.seat,
        playerName: ownerName(list.registration, list.seat),
        archetype: list.archetype,
        entries,
        counts: countsOf(entries),
        isLegal: who === "staff" || isOwn ? list.isLegal : null,
        isInTopCut: inTopCut.has(list.registrationId),
        version: list.version,
        updatedAt: list.updatedAt,
      };
    });
}

/** The metagame of the lists this viewer may see: lists per archetype ("unnamed" for none). */
export async function metagame(
  access: TournamentAccess,
  viewer: DecklistViewer,
): Promise<{ total: number; shares: MetagameShare[] }> {
  const lists = await listDecklists(access, viewer);
  return { total: lists.length, shares: metagameOf(lists.map((list) => list.archetype)) };
}
