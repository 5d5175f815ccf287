import "server-only";
import { success, type ActionResult } from "@/lib/action-result";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CardFacts } from "@/lib/rules/card-facts";
import type { ParsedDecklist } from "@/lib/rules/decklist-text";
import type { DeckProblem } from "@/lib/rules/deck-legality";
import {
  checkRegisteredDeck,
  deckOfDecklist,
  type StoredEntries,
  unifiedDeckProblems,
} from "@/lib/rules/decklists";
import { resolveCardNames } from "@/lib/server/cards/lookup";
import { lockTournamentShared } from "@/lib/server/contest/tournament-lock";
import { prisma } from "@/lib/server/infra/db";
import { currentCardDataDate, entriesOf, OWNER_SELECT, ownerName } from "./decklist-record";

/** A stored list as the reader would have read it: each card by its Oracle name. */
function asParsed(entries: StoredEntries): ParsedDecklist {
  const section = (cards: StoredEntries["main"]) =>
    cards.map((card) => ({ count: card.count, name: card.name, lines: [] }));
  return {
    main: section(entries.main),
    sideboard: section(entries.sideboard),
    commanders: section(entries.commanders),
    companions: section(entries.companions),
    ignored: [],
  };
}

/**
 * Checks every list of the event again, against its decklist format and the current card data
 * (after the format changed, or a card database with new bans). The lists and their versions stay
 * as they are (a check is not a change of the list); a list changed meanwhile keeps its newer
 * check, and one naming a card the card data no longer has keeps its old one (`skipped`).
 */
export async function recheckDecklists(
  tournamentId: string,
): Promise<ActionResult<{ checked: number; skipped: number }>> {
  const [tournament, lists, checkedAgainst] = await Promise.all([
    prisma.tournament.findFirst({
      where: { id: tournamentId, deletedAt: null },
      select: { deckFormat: true, teamSize: true },
    }),
    prisma.decklist.findMany({
      where: { tournamentId },
      select: {
        id: true,
        version: true,
        entries: true,
        registrationId: true,
        seat: true,
        registration: { select: OWNER_SELECT },
      },
    }),
    currentCardDataDate(),
  ]);
  const deckFormat = tournament?.deckFormat ?? null;
  if (deckFormat === null || !checkedAgainst || lists.length === 0)
    return success({ checked: 0, skipped: lists.length });
  const read = lists.map((list) => ({ ...list, parsed: asParsed(entriesOf(list.entries)) }));
  const names = [
    ...new Set(
      read.flatMap(({ parsed }) =>
        [...parsed.main, ...parsed.sideboard, ...parsed.commanders, ...parsed.companions].map(
          (card) => card.name,
        ),
      ),
    ),
  ];
  // One lookup for every list of the event.
  const answers = await resolveCardNames(names);
  const cards: Record<string, CardFacts> = {};
  names.forEach((name, index) => {
    const answer = answers[index];
    if (answer && "card" in answer) cards[name.toLowerCase()] = answer.card;
  });
  // MTR 8.4: a team's lists are checked together, each naming the teammate it shares a card with.
  const shared = new Map<string, DeckProblem[]>();
  for (const registrationId of new Set(lists.map((list) => list.registrationId))) {
    const team = lists.filter((list) => list.registrationId === registrationId);
    const found = unifiedDeckProblems({
      deckFormat,
      teamSize: tournament?.teamSize ?? 1,
      lists: team.map((list) => ({
        seat: list.seat,
        member: ownerName(list.registration, list.seat),
        entries: entriesOf(list.entries),
      })),
    });
    for (const list of team)
      shared.set(list.id, found.find((each) => each.seat === list.seat)?.problems ?? []);
  }
  const checks = read.map((list) => {
    const deck = deckOfDecklist(list.parsed, cards);
    const checked = deck.ok ? checkRegisteredDeck({ deckFormat, deck: deck.value }) : null;
    if (!checked?.ok) return { list, checked: null };
    const team = shared.get(list.id) ?? [];
    return {
      list,
      checked: {
        ...checked.value,
        problems: [...checked.value.problems, ...team],
        legal: checked.value.legal && team.length === 0,
      },
    };
  });
  return prisma.$transaction(async (tx) => {
    await lockTournamentShared(tx, tournamentId);
    const now = await tx.tournament.findUnique({
      where: { id: tournamentId },
      select: { deckFormat: true },
    });
    // The format changed again meanwhile: that change's own check is the one that counts.
    if (now?.deckFormat !== deckFormat) return success({ checked: 0, skipped: lists.length });
    let checked = 0;
    for (const { list, checked: result } of checks) {
      if (!result) continue;
      const updated = await tx.decklist.updateMany({
        where: { id: list.id, version: list.version },
        data: {
          isLegal: result.legal,
          problems: result.problems as unknown as Prisma.InputJsonValue,
          notes: result.notes as unknown as Prisma.InputJsonValue,
          format: deckFormat,
          checkedAgainst,
        },
      });
      checked += updated.count;
    }
    return success({ checked, skipped: lists.length - checked });
  });
}
