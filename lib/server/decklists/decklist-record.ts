import "server-only";
import type { ActionError } from "@/lib/action-result";
import { render } from "@/lib/messages/render";
import type { DeckNote, DeckProblem } from "@/lib/rules/deck-legality";
import type { StoredCard, StoredEntries } from "@/lib/rules/decklists";
import { isRecord, type Message, type Result } from "@/lib/rules/result";
import { seatPlayerName } from "@/lib/rules/teams";
import { prisma } from "@/lib/server/infra/db";

// The shapes a decklist is stored and answered in, shared by its write and its reads.

/** A problem or note of the deck rules as pages show it: its code, the rule and the sentence. */
export type DeckFinding = { code: string; rule: string; message: string };

export type DeckCounts = {
  main: number;
  sideboard: number;
  commanders: number;
  companions: number;
};

/** Who changes a list: the player with their code, or a staff member (a paper list, a correction). */
export type DecklistActor =
  | { source: "PLAYER"; name: string }
  | { source: "STAFF"; staffId: string | null; name: string };

/** A refusal of a decklist write: the error (with its unknown cards or unreadable lines), and what the form keeps. */
export type DecklistRefusal = ActionError & {
  /** The text as it was sent, so the form keeps it. */
  text?: string;
  /** A stale version (CONFLICT): who changed the list last, and when. */
  changedBy?: { name: string; at: Date; version: number };
};

export type DecklistResult<T> = Result<T, DecklistRefusal>;

export function refuse<T = never>(
  code: DecklistRefusal["code"],
  message: string,
  more: Omit<DecklistRefusal, "code" | "message"> = {},
): DecklistResult<T> {
  return { ok: false, error: { code, message, ...more } };
}

const SECTIONS = ["main", "sideboard", "commanders", "companions"] as const;

/** A stored entries value read back: sections that are lists of cards, anything else empty. */
export function entriesOf(value: unknown): StoredEntries {
  const record = isRecord(value) ? value : {};
  const read = (list: unknown): StoredCard[] =>
    Array.isArray(list)
      ? list.filter(
          (card): card is StoredCard =>
            isRecord(card) &&
            typeof card.name === "string" &&
            typeof card.count === "number" &&
            typeof card.oracleId === "string",
        )
      : [];
  return {
    main: read(record.main),
    sideboard: read(record.sideboard),
    commanders: read(record.commanders),
    companions: read(record.companions),
  };
}

export function countsOf(entries: StoredEntries): DeckCounts {
  const sum = (cards: readonly StoredCard[]) =>
    cards.reduce((total, card) => total + card.count, 0);
  return Object.fromEntries(
    SECTIONS.map((section) => [section, sum(entries[section])]),
  ) as DeckCounts;
}

/** Stored problems or notes (Messages with code and rule), rendered; anything unreadable left out. */
export function findingsOf(value: unknown): DeckFinding[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is DeckProblem | DeckNote =>
        isRecord(item) && typeof item.key === "string" && typeof item.code === "string",
    )
    .map((item) => ({
      code: item.code,
      rule: typeof item.rule === "string" ? item.rule : "",
      message: render(item as Message),
    }));
}

/** The date of the card data lists are checked against: the current import's file; null before any. */
export async function currentCardDataDate(): Promise<Date | null> {
  const current = await prisma.cardImport.findFirst({
    where: { status: "DONE" },
    orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    select: { fileDate: true },
  });
  return current?.fileDate ?? null;
}

/** The names a list's owner is shown by: the entry's, and in a team event its members'. */
export const OWNER_SELECT = {
  displayName: true,
  teamMembers: { select: { seat: true, player: { select: { name: true } } } },
} as const;

export type OwnerRow = {
  displayName: string;
  teamMembers: { seat: number; player: { name: string } }[];
};

/** DL6: who plays the deck at this seat: the member with their team, or the player alone. */
export function ownerName(registration: OwnerRow, seat: number): string {
  const member = registration.teamMembers.find((candidate) => candidate.seat === seat);
  return member
    ? seatPlayerName(member.player.name, registration.displayName)
    : registration.displayName;
}

/** The seats whose members register a list: each member of a team, or seat 0 for a player alone. */
export function seatsOf(registration: OwnerRow): number[] {
  return registration.teamMembers.length > 0
    ? registration.teamMembers.map((member) => member.seat).sort((a, b) => a - b)
    : [0];
}
