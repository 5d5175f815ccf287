import "server-only";
import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { render } from "@/lib/messages/render";
import { formatRulesFor } from "@/lib/rules/deck-legality";
import {
  checkDecklistChange,
  checkPlayerListVersions,
  checkRegisteredDeck,
  decklistSeat,
  decklistNames,
  deckOfDecklist,
  type StoredEntries,
  storedEntries,
  unifiedDeckProblems,
  unknownCards,
} from "@/lib/rules/decklists";
import type { DeckProblem } from "@/lib/rules/deck-legality";
import { isRecord } from "@/lib/rules/result";
import { parseDecklist } from "@/lib/rules/decklist-text";
import { type RuleError, say } from "@/lib/rules/result";
import type { CardFacts } from "@/lib/rules/card-facts";
import { resolveCardNames } from "@/lib/server/cards/lookup";
import { lockTournamentShared } from "@/lib/server/contest/tournament-lock";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { errorCodeOfRule } from "@/lib/server/infra/errors";
import {
  countsOf,
  currentCardDataDate,
  type DeckCounts,
  type DeckFinding,
  type DecklistActor,
  type DecklistResult,
  entriesOf,
  findingsOf,
  OWNER_SELECT,
  ownerName,
  refuse,
} from "./decklist-record";

export type SubmitDecklistInput = {
  tournamentId: string;
  registrationId: string;
  /** DL6: the team member whose deck it is (0 = seat A); 0, or left out, for a player alone. */
  seat?: number;
  text: string;
  archetype: string;
  /** The list's version the form showed; null when it showed no list yet. */
  expectedVersion: number | null;
  idempotencyKey: string;
  /** Staff only: why the list changes once players' lists are final (IPG 3.4). */
  reason?: string;
};

/** What a saved list is, as the form and the overview show it after a submission. */
export type SubmittedDecklist = {
  decklistId: string;
  registrationId: string;
  seat: number;
  version: number;
  isLegal: boolean;
  problems: DeckFinding[];
  notes: DeckFinding[];
  counts: DeckCounts;
  entries: StoredEntries;
  archetype: string;
  format: string;
  /** The card data's date the list was checked against ("legal as of"). */
  checkedAgainst: Date;
  /** The same request sent again: this is the first one's answer, nothing was written. */
  isReplay: boolean;
  /** The list and name were already exactly this: nothing was written. */
  isUnchanged: boolean;
};

/** What a request asks, for telling a replay (same key, same request) from a reused key. */
function requestHash(input: SubmitDecklistInput, actor: DecklistActor): string {
  const asked = [
    actor.source,
    input.registrationId,
    input.seat ?? 0,
    input.text,
    input.archetype,
    input.reason ?? "",
    input.expectedVersion,
  ];
  return createHash("sha256").update(JSON.stringify(asked)).digest("base64url");
}

/**
 * Submits or changes a player's decklist (MTR 2.7): the text is read, every name is looked up in
 * the card database at once, and the deck is checked against the event's format; then, in one
 * transaction holding the player's registration row, a request sent again is answered as the
 * first was, the change is checked against who may make it now (lib/rules/decklists.ts) and the
 * version the form showed, and the list and a history row are written.
 *
 * Refused, with nothing saved: an event taking no decklists (DECKLISTS_OFF), a text the reader
 * refuses (DECKLIST_TOO_LONG, UNREADABLE_DECKLIST with every line), names no card has
 * (UNKNOWN_CARDS, each with its lines and suggestions), a player after the deadline
 * (DEADLINE_PASSED), staff after it without a reason, a stale version (CONFLICT, naming who changed
 * the list and when). Every refusal carries the text as sent. A list that breaks a deck rule is
 * saved, isLegal false, with its problems.
 */
export async function submitDecklist(
  input: SubmitDecklistInput,
  actor: DecklistActor,
): Promise<DecklistResult<SubmittedDecklist>> {
  const { text } = input;
  const [tournament, roundsBefore, sentBefore] = await Promise.all([
    prisma.tournament.findFirst({
      where: { id: input.tournamentId, deletedAt: null },
      select: { deckFormat: true, decklistDeadline: true },
    }),
    prisma.round.count({ where: { tournamentId: input.tournamentId } }),
    prisma.decklistChange.findFirst({
      where: {
        tournamentId: input.tournamentId,
        idempotencyKey: input.idempotencyKey,
        decklist: { registrationId: input.registrationId, seat: input.seat ?? 0 },
      },
      select: { id: true },
    }),
  ]);
  if (!tournament) return refuse("NOT_FOUND", "That tournament does not exist.", { text });
  const deckFormat = tournament.deckFormat;
  const format = formatRulesFor(deckFormat);
  if (deckFormat === null || !format.ok)
    return refuse("DECKLISTS_OFF", render(say("decklists.off")), { text });
  // A change no longer allowed is refused before the card lookup (the transaction checks again);
  // a request sent before goes on, to be answered as it was.
  if (!sentBefore) {
    const allowed = checkDecklistChange({
      by: actor.source === "PLAYER" ? "player" : "staff",
      deckFormat,
      deadline: tournament.decklistDeadline?.getTime() ?? null,
      isRoundOnePaired: roundsBefore > 0,
      now: Date.now(),
      reason: input.reason ?? "",
    });
    if (!allowed.ok) return changeRefused(allowed.error, text);
  }

  // Commander lists have no sideboard, so a blank line there is only a blank line.
  const parsed = parseDecklist(text, {
    blankLineStartsSideboard: format.value.kind !== "commander",
  });
  if (!parsed.ok) {
    const lineProblems = parsed.error.problems.map((problem) => ({
      line: problem.line,
      text: problem.text,
      message: render(problem),
    }));
    return refuse(errorCodeOfRule(parsed.error.code, "VALIDATION"), render(parsed.error), {
      text,
      lineProblems,
      fieldErrors: {
        text: lineProblems.length ? lineProblems.map((p) => p.message) : [render(parsed.error)],
      },
    });
  }
  const names = decklistNames(parsed.value);
  if (names.length === 0) {
    const message = "The list names no cards: paste it as lines like “4 Lightning Bolt”.";
    return refuse("VALIDATION", message, { text, fieldErrors: { text: [message] } });
  }
  const checkedAgainst = await currentCardDataDate();
  if (!checkedAgainst)
    return refuse(
      "NO_CARD_DATABASE",
      "There is no card database to check decklists against yet: the organizer imports one in the settings.",
      { text },
    );

  // One lookup for the whole list.
  const answers = await resolveCardNames(names);
  const byName: Record<string, { card: CardFacts } | { suggestions: readonly string[] }> = {};
  const cards: Record<string, CardFacts> = {};
  names.forEach((name, index) => {
    const answer = answers[index];
    const key = name.toLowerCase();
    if (answer && "card" in answer) {
      byName[key] = answer;
      cards[key] = answer.card;
    } else byName[key] = { suggestions: answer?.suggestions ?? [] };
  });
  const unknown = unknownCards(parsed.value, byName);
  if (unknown.length > 0) {
    const listed = unknown.map((card) => ({
      name: card.name,
      lines: card.lines,
      suggestions: card.suggestions,
      message: render(card.message),
    }));
    return refuse(
      "UNKNOWN_CARDS",
      unknown.length === 1
        ? `${listed[0]!.message} Nothing was saved: fix the name and send the list again.`
        : `${unknown.length} names are not cards. Nothing was saved: fix them and send the list again.`,
      { text, unknownCards: listed, fieldErrors: { text: listed.map((card) => card.message) } },
    );
  }
  const deck = deckOfDecklist(parsed.value, cards);
  if (!deck.ok) return refuse("INTERNAL", render(deck.error), { text });
  const checked = checkRegisteredDeck({ deckFormat, deck: deck.value });
  if (!checked.ok) return refuse("INTERNAL", render(checked.error), { text });
  const entries = storedEntries(deck.value);
  const hash = requestHash(input, actor);

  return prisma.$transaction(async (tx) => {
    // The event may not change under the write (round 1 paired, the format changed), nor the list.
    await lockTournamentShared(tx, input.tournamentId);
    const held = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Registration"
      WHERE id = ${input.registrationId} AND "tournamentId" = ${input.tournamentId}
      FOR UPDATE`;
    if (held.length === 0)
      return refuse("NOT_FOUND", "That player is not registered in this tournament.", { text });
    const seat = input.seat ?? 0;
    const [event, roundsPaired, current] = await Promise.all([
      tx.tournament.findUniqueOrThrow({
        where: { id: input.tournamentId },
        select: { deckFormat: true, decklistDeadline: true, teamSize: true },
      }),
      tx.round.count({ where: { tournamentId: input.tournamentId } }),
      tx.decklist.findUnique({
        where: { registrationId_seat: { registrationId: input.registrationId, seat } },
      }),
    ]);
    const seated = decklistSeat({ teamSize: event.teamSize, seat });
    if (!seated.ok)
      return refuse(errorCodeOfRule(seated.error.code, "VALIDATION"), render(seated.error), {
        text,
      });

    if (current) {
      const earlier = await tx.decklistChange.findUnique({
        where: {
          decklistId_idempotencyKey: {
            decklistId: current.id,
            idempotencyKey: input.idempotencyKey,
          },
        },
      });
      if (earlier) {
        if (earlier.requestHash !== hash)
          return refuse(
            "IDEMPOTENCY_KEY_REUSED",
            "This form was already sent with another list. Reload the page to see the list as it is, then send yours again.",
            { text },
          );
        return { ok: true, value: answerOf(earlier, current, true) };
      }
    }

    if (event.deckFormat !== deckFormat)
      return refuse(
        "CONFLICT",
        "The event's decklist format changed while the list was sent: send it again to have it checked against the new one.",
        { text },
      );
    const allowed = checkDecklistChange({
      by: actor.source === "PLAYER" ? "player" : "staff",
      deckFormat,
      deadline: event.decklistDeadline?.getTime() ?? null,
      isRoundOnePaired: roundsPaired > 0,
      now: Date.now(),
      reason: input.reason ?? "",
    });
    if (!allowed.ok) return changeRefused(allowed.error, text);
    if (actor.source === "PLAYER") {
      // Only the player's own versions count: staff's paper entry and corrections do not.
      const sent = current
        ? await tx.decklistChange.count({ where: { decklistId: current.id, source: "PLAYER" } })
        : 0;
      const more = checkPlayerListVersions(sent);
      if (!more.ok) return changeRefused(more.error, text);
    }

    if ((current?.version ?? null) !== input.expectedVersion) {
      if (!current)
        return refuse(
          "CONFLICT",
          "The list you changed is no longer there: reload the page and send it again.",
          { text },
        );
      const last = await tx.decklistChange.findFirst({
        where: { decklistId: current.id },
        orderBy: { version: "desc" },
        select: { actorName: true, createdAt: true, version: true },
      });
      const who = last?.actorName || "someone";
      const at = last?.createdAt ?? current.updatedAt;
      return refuse(
        "CONFLICT",
        `${who} changed this list at ${at.toISOString().slice(0, 16).replace("T", " ")} UTC (version ${current.version}), after you opened it. Reload the page to see it, then make your change again.`,
        { text, changedBy: { name: who, at, version: current.version } },
      );
    }

    if (current && current.text === text && current.archetype === input.archetype)
      return {
        ok: true,
        value: { ...viewOf(current), isReplay: false, isUnchanged: true },
      };

    // MTR 8.4: a team's decks are checked together; its other lists' shared cards are updated too.
    const team = await teamChecks(tx, input.registrationId, seat, entries, {
      deckFormat,
      teamSize: event.teamSize,
    });
    const result = {
      ...checked.value,
      problems: [...checked.value.problems, ...team.mine],
      legal: checked.value.legal && team.mine.length === 0,
    };
    const facts = {
      text,
      entries: entries as unknown as Prisma.InputJsonValue,
      problems: result.problems as unknown as Prisma.InputJsonValue,
      notes: result.notes as unknown as Prisma.InputJsonValue,
      isLegal: result.legal,
      format: deckFormat,
      checkedAgainst,
      archetype: input.archetype,
    };
    const saved = current
      ? await tx.decklist.update({
          where: { id: current.id },
          data: { ...facts, version: current.version + 1 },
        })
      : await tx.decklist.create({
          data: {
            ...facts,
            tournamentId: input.tournamentId,
            registrationId: input.registrationId,
            seat,
          },
        });
    const change = await tx.decklistChange.create({
      data: {
        decklistId: saved.id,
        tournamentId: input.tournamentId,
        version: saved.version,
        source: actor.source,
        staffId: actor.source === "STAFF" ? actor.staffId : null,
        actorName: actor.name,
        reason: input.reason ?? "",
        textBefore: current?.text ?? null,
        textAfter: text,
        entriesBefore: (current?.entries ?? undefined) as Prisma.InputJsonValue | undefined,
        entriesAfter: facts.entries,
        archetypeAfter: input.archetype,
        isLegalAfter: result.legal,
        problemsAfter: facts.problems,
        notesAfter: facts.notes,
        formatAfter: deckFormat,
        checkedAgainst,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
      },
    });
    return { ok: true, value: answerOf(change, saved, false) };
  });
}

/**
 * MTR 8.4: the problems a team member's list has with their teammates' lists, and those lists
 * checked again against it (their shared cards, in place: a check is not a change of a list).
 */
async function teamChecks(
  tx: Transaction,
  registrationId: string,
  seat: number,
  entries: StoredEntries,
  event: { deckFormat: string; teamSize: number },
): Promise<{ mine: DeckProblem[] }> {
  if (event.teamSize < 2) return { mine: [] };
  const team = await tx.registration.findUniqueOrThrow({
    where: { id: registrationId },
    select: {
      ...OWNER_SELECT,
      decklists: {
        where: { seat: { not: seat } },
        select: { id: true, seat: true, entries: true, problems: true, version: true },
      },
    },
  });
  const found = unifiedDeckProblems({
    deckFormat: event.deckFormat,
    teamSize: event.teamSize,
    lists: [
      { seat, member: ownerName(team, seat), entries },
      ...team.decklists.map((list) => ({
        seat: list.seat,
        member: ownerName(team, list.seat),
        entries: entriesOf(list.entries),
      })),
    ],
  });
  const of = (each: number) => found.find((list) => list.seat === each)?.problems ?? [];
  for (const list of team.decklists) {
    const own = (Array.isArray(list.problems) ? list.problems : []).filter(
      (problem) => !isRecord(problem) || problem.code !== "SHARED_WITH_TEAMMATE",
    );
    const problems = [...own, ...of(list.seat)];
    await tx.decklist.updateMany({
      where: { id: list.id, version: list.version },
      data: {
        problems: problems as unknown as Prisma.InputJsonValue,
        isLegal: problems.length === 0,
      },
    });
  }
  return { mine: of(seat) };
}

/** A change the rules do not allow now (DL1–DL3), with the text kept; a missing reason is the reason field's. */
function changeRefused(error: RuleError, text: string): DecklistResult<never> {
  const message = render(error);
  return refuse(
    errorCodeOfRule(error.code, "VALIDATION"),
    message,
    error.code === "CORRECTION_REASON_REQUIRED"
      ? { text, fieldErrors: { reason: [message] } }
      : { text },
  );
}

type ChangeRow = Awaited<ReturnType<Transaction["decklistChange"]["create"]>>;
type DecklistRow = NonNullable<Awaited<ReturnType<Transaction["decklist"]["findUnique"]>>>;

/** The answer a change made, from its history row: the same for the first request and a replay. */
function answerOf(
  change: ChangeRow,
  list: Pick<DecklistRow, "id" | "registrationId" | "seat">,
  isReplay: boolean,
): SubmittedDecklist {
  const entries = entriesOf(change.entriesAfter);
  return {
    decklistId: list.id,
    registrationId: list.registrationId,
    seat: list.seat,
    version: change.version,
    isLegal: change.isLegalAfter,
    problems: findingsOf(change.problemsAfter),
    notes: findingsOf(change.notesAfter),
    counts: countsOf(entries),
    entries,
    archetype: change.archetypeAfter,
    format: change.formatAfter,
    checkedAgainst: change.checkedAgainst,
    isReplay,
    isUnchanged: false,
  };
}

function viewOf(list: DecklistRow): Omit<SubmittedDecklist, "isReplay" | "isUnchanged"> {
  const entries = entriesOf(list.entries);
  return {
    decklistId: list.id,
    registrationId: list.registrationId,
    seat: list.seat,
    version: list.version,
    isLegal: list.isLegal,
    problems: findingsOf(list.problems),
    notes: findingsOf(list.notes),
    counts: countsOf(entries),
    entries,
    archetype: list.archetype,
    format: list.format,
    checkedAgainst: list.checkedAgainst,
  };
}
