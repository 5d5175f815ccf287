import "server-only";
import { render } from "@/lib/messages/render";
import type { CardFacts } from "@/lib/rules/card-facts";
import { type FormatKind, formatName, formatRulesFor } from "@/lib/rules/deck-legality";
import { type DeckSheet, deckCheckSheet } from "@/lib/rules/deck-sheet";
import type { StoredCard, StoredEntries } from "@/lib/rules/decklists";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import { tableLabel } from "@/lib/rules/teams";
import { resolveCardNames } from "@/lib/server/cards/lookup";
import { prisma } from "@/lib/server/infra/db";
import { countsOf, type DeckCounts, entriesOf, ownerName, seatsOf } from "./decklist-record";

// The paper sheets (MTR 2.7 registration, MTR 2.8 deck checks): what they print of the event, the
// player and their list. Staff only, like the lists themselves (DL4).

/** The event as a sheet's header names it; only events that take decklists have sheets. */
export type SheetEvent = {
  tournamentName: string;
  deckFormat: string;
  formatName: string;
  kind: FormatKind;
};

type SheetPlayer = {
  registrationId: string;
  /** DL6: the team member's seat whose deck it is (0 for a player alone). */
  seat: number;
  /** The player, or in a team event the member with their team: "Ana (Rocket)". */
  playerName: string;
};

export type SheetList = {
  version: number;
  checkedAgainst: Date;
  isLegal: boolean;
  archetype: string;
};

export type RegistrationSheet = SheetPlayer & {
  list: (SheetList & { entries: StoredEntries; counts: DeckCounts }) | null;
};

export type DeckCheckSheetView = SheetPlayer & {
  event: SheetEvent;
  list: (SheetList & { sheet: DeckSheet; unknownNames: string[] }) | null;
  /** The player's table in the round asked for; null when none was asked or they have none. */
  table: { roundNumber: number; tableNumber: number; label: string } | null;
  /** Every member's seat and name in a team event (a sheet each); one entry for a player alone. */
  seats: { seat: number; name: string }[];
};

/** What the sheets need of a registration, and whether its list is still in the event. */
const PLAYER_SELECT = {
  id: true,
  displayName: true,
  droppedAfterRound: true,
  teamMembers: {
    orderBy: { seat: "asc" },
    select: { seat: true, player: { select: { name: true } } },
  },
  decklists: {
    select: {
      seat: true,
      version: true,
      checkedAgainst: true,
      isLegal: true,
      archetype: true,
      entries: true,
    },
  },
} as const;

type ListRow = {
  seat: number;
  version: number;
  checkedAgainst: Date;
  isLegal: boolean;
  archetype: string;
  entries: unknown;
};

type PlayerRow = {
  id: string;
  displayName: string;
  teamMembers: { seat: number; player: { name: string } }[];
  decklists: ListRow[];
};

/** DL6: a sheet per deck: each team member's, or the player's own (seat 0). */
function decksOf(row: PlayerRow): (SheetPlayer & { list: ListRow | null })[] {
  return seatsOf(row).map((seat) => ({
    registrationId: row.id,
    seat,
    playerName: ownerName(row, seat),
    list: row.decklists.find((list) => list.seat === seat) ?? null,
  }));
}

/** The event's name and decklist format; null when it is gone or takes no lists (DL3). */
async function sheetEventOf(tournamentId: string): Promise<SheetEvent | null> {
  const tournament = await prisma.tournament.findFirst({
    where: { id: tournamentId, deletedAt: null },
    select: { name: true, deckFormat: true },
  });
  if (!tournament?.deckFormat) return null;
  const rules = formatRulesFor(tournament.deckFormat);
  return {
    tournamentName: tournament.name,
    deckFormat: tournament.deckFormat,
    formatName: render(formatName(tournament.deckFormat)),
    kind: rules.ok ? rules.value.kind : "constructed",
  };
}

function isStaff(access: TournamentAccess): boolean {
  return accessAllows(access, "decklists.manage");
}

/**
 * MTR 2.7: registration sheets, pre-filled from each submitted list and blank for a player without
 * one: one registration's, or every one still in the event alphabetically (`onlyMissing`: those
 * without a list). Null for anyone but staff, or an event that takes no lists.
 */
export async function getRegistrationSheets(
  access: TournamentAccess,
  options: { registrationId?: string; seat?: number; onlyMissing?: boolean } = {},
): Promise<{ event: SheetEvent; sheets: RegistrationSheet[] } | null> {
  if (!isStaff(access)) return null;
  const [event, rows] = await Promise.all([
    sheetEventOf(access.tournamentId),
    prisma.registration.findMany({
      where: {
        tournamentId: access.tournamentId,
        ...(options.registrationId === undefined
          ? { droppedAfterRound: null }
          : { id: options.registrationId }),
      },
      orderBy: [{ nameKey: "asc" }, { id: "asc" }],
      select: PLAYER_SELECT,
    }),
  ]);
  if (!event) return null;
  const decks = rows
    .flatMap(decksOf)
    .filter((deck) => options.seat === undefined || deck.seat === options.seat)
    .filter((deck) => !options.onlyMissing || deck.list === null);
  if (options.registrationId !== undefined && decks.length === 0) return null;
  return {
    event,
    sheets: decks.map(({ list, ...player }) => {
      if (!list) return { ...player, list: null };
      const entries = entriesOf(list.entries);
      return {
        ...player,
        list: {
          version: list.version,
          checkedAgainst: list.checkedAgainst,
          isLegal: list.isLegal,
          archetype: list.archetype,
          entries,
          counts: countsOf(entries),
        },
      };
    }),
  };
}

/** A card the current card data no longer has: counted, under "other". */
function unknownCard(card: StoredCard): CardFacts {
  return {
    oracleId: card.oracleId,
    name: card.name,
    faceNames: [card.name],
    typeLine: "",
    oracleText: "",
    colorIdentity: [],
    keywords: [],
    legalities: {},
  };
}

/** The stored list grouped by card type as a judge counts it, with the names the card data lacks. */
async function sheetOfEntries(
  entries: StoredEntries,
): Promise<{ sheet: DeckSheet; unknownNames: string[] }> {
  const sections = ["main", "sideboard", "commanders", "companions"] as const;
  const names = [...new Set(sections.flatMap((section) => entries[section].map((c) => c.name)))];
  const answers = await resolveCardNames(names);
  const cards = new Map<string, CardFacts>();
  names.forEach((name, index) => {
    const answer = answers[index];
    if (answer && "card" in answer) cards.set(name, answer.card);
  });
  const deck = Object.fromEntries(
    sections.map((section) => [
      section,
      entries[section].map((card) => ({
        count: card.count,
        card: cards.get(card.name) ?? unknownCard(card),
      })),
    ]),
  );
  const sheet = deckCheckSheet(deck);
  const empty = { commanders: [], main: [], mainCount: 0, sideboard: [], sideboardCount: 0 };
  return {
    sheet: sheet.ok ? sheet.value : { ...empty, companions: [] },
    unknownNames: names.filter((name) => !cards.has(name)),
  };
}

/**
 * The table a registration plays at in a round: its match's, or its pod's; a team member's at a
 * team event of seat matches is their seat's ("12B").
 */
async function tableIn(
  tournamentId: string,
  registrationId: string,
  roundNumber: number,
  seat: number,
): Promise<{ tableNumber: number; label: string } | null> {
  const round = { tournamentId, number: roundNumber };
  const [match, pod] = await Promise.all([
    prisma.match.findFirst({
      where: {
        round,
        voidedAt: null,
        OR: [{ sideAId: registrationId }, { sideBId: registrationId }],
      },
      orderBy: [{ seat: "asc" }, { tableNumber: "asc" }],
      select: {
        tableNumber: true,
        round: { select: { tournament: { select: { teamFormat: true, teamSize: true } } } },
      },
    }),
    prisma.pod.findFirst({
      where: { round, seats: { some: { registrationId } } },
      select: { tableNumber: true },
    }),
  ]);
  if (match) {
    const { teamFormat, teamSize } = match.round.tournament;
    return {
      tableNumber: match.tableNumber,
      label:
        teamFormat === "TEAM_MATCHES"
          ? tableLabel(match.tableNumber, seat, teamSize)
          : String(match.tableNumber),
    };
  }
  return pod ? { tableNumber: pod.tableNumber, label: String(pod.tableNumber) } : null;
}

/**
 * MTR 2.8: one player's deck-check sheet: their list grouped by card type (deckCheckSheet) and,
 * for the round asked, their table. Null for anyone but staff, an event that takes no lists, or no
 * such player.
 */
export async function getDeckCheckSheet(
  access: TournamentAccess,
  registrationId: string,
  roundNumber?: number,
  seat = 0,
): Promise<DeckCheckSheetView | null> {
  if (!isStaff(access)) return null;
  const [event, row, tableNumber] = await Promise.all([
    sheetEventOf(access.tournamentId),
    prisma.registration.findFirst({
      where: { id: registrationId, tournamentId: access.tournamentId },
      select: PLAYER_SELECT,
    }),
    roundNumber === undefined
      ? null
      : tableIn(access.tournamentId, registrationId, roundNumber, seat),
  ]);
  if (!event || !row) return null;
  const decks = decksOf(row);
  const deck = decks.find((candidate) => candidate.seat === seat);
  if (!deck) return null;
  const { list, ...player } = deck;
  const table =
    roundNumber !== undefined && tableNumber !== null ? { roundNumber, ...tableNumber } : null;
  const seats = decks.map((each) => ({ seat: each.seat, name: each.playerName }));
  if (!list) return { ...player, event, list: null, table, seats };
  return {
    ...player,
    event,
    table,
    seats,
    list: {
      version: list.version,
      checkedAgainst: list.checkedAgainst,
      isLegal: list.isLegal,
      archetype: list.archetype,
      ...(await sheetOfEntries(entriesOf(list.entries))),
    },
  };
}
