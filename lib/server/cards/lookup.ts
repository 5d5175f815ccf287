import "server-only";
import type { CardFacts, Legality } from "@/lib/rules/card-facts";
import { type CardNameIndex, cardNameKey, suggestCardNames } from "@/lib/rules/card-names";
import { prisma } from "@/lib/server/infra/db";
import { STALE_IMPORT_MS } from "./import";

/** A name of a decklist: the card it names, or suggestions when the card database has no such card. */
export type ResolvedCardName = { card: CardFacts } | { unknown: true; suggestions: string[] };

type CardLine = {
  currentId: string;
  oracleId: string | null;
  name: string;
  nameKey: string;
  frontKey: string;
  faceNames: string[];
  typeLine: string;
  oracleText: string;
  colorIdentity: string[];
  keywords: string[];
  legalities: Record<string, Legality>;
};

/** The current import's names, for suggestions: loaded once per import, in this process. */
let suggestionIndex: { importId: string; index: CardNameIndex } | null = null;

/**
 * Each name as the card of the current card database it names, in the order given: by its full
 * Oracle name ("Fire // Ice", "Fire/Ice") or by its front face ("Delver of Secrets",
 * "Bonecrusher Giant"), spelled with or without accents and curly apostrophes. A name it does not
 * know comes with the closest names. One query, and one more the first time a name is unknown.
 */
export async function resolveCardNames(names: readonly string[]): Promise<ResolvedCardName[]> {
  if (names.length === 0) return [];
  const keys = names.map(cardNameKey);
  const wanted = [...new Set(keys.filter((key) => key !== ""))];
  // One statement: the current import and its cards are read from the same snapshot.
  const lines = await prisma.$queryRaw<CardLine[]>`
    WITH current AS (
      SELECT "id" FROM "CardImport" WHERE "status" = 'DONE'
      ORDER BY "finishedAt" DESC, "id" DESC LIMIT 1
    )
    SELECT current."id" AS "currentId", c."oracleId", c."name", c."nameKey", c."frontKey",
      c."faceNames", c."typeLine", c."oracleText", c."colorIdentity", c."keywords", c."legalities"
    FROM current LEFT JOIN "Card" c ON c."importId" = current."id"
      AND (c."nameKey" = ANY(${wanted}::text[]) OR c."frontKey" = ANY(${wanted}::text[]))
    ORDER BY c."oracleId"`;
  const byName = new Map<string, CardFacts>();
  const byFront = new Map<string, CardFacts>();
  for (const line of lines) {
    if (line.oracleId === null) continue;
    const card = factsOf(line);
    if (!byName.has(line.nameKey)) byName.set(line.nameKey, card);
    if (!byFront.has(line.frontKey)) byFront.set(line.frontKey, card);
  }
  const currentId = lines[0]?.currentId ?? null;
  let index: CardNameIndex | null = null;
  const answers: ResolvedCardName[] = [];
  for (const [position, key] of keys.entries()) {
    // A full name wins over another card's front face.
    const card = byName.get(key) ?? byFront.get(key);
    if (card) {
      answers.push({ card });
      continue;
    }
    index ??= currentId === null ? null : await namesOf(currentId);
    answers.push({
      unknown: true,
      suggestions: index ? suggestCardNames(names[position], index) : [],
    });
  }
  return answers;
}

function factsOf(line: CardLine): CardFacts {
  return {
    oracleId: line.oracleId as string,
    name: line.name,
    faceNames: line.faceNames,
    typeLine: line.typeLine,
    oracleText: line.oracleText,
    colorIdentity: line.colorIdentity,
    keywords: line.keywords,
    legalities: line.legalities,
  };
}

async function namesOf(importId: string): Promise<CardNameIndex> {
  if (suggestionIndex?.importId === importId) return suggestionIndex.index;
  // One text value rather than 35,000 rows: building row objects would hold the event loop for long.
  const [row] = await prisma.$queryRaw<{ lines: string | null }[]>`
    SELECT string_agg("name" || E'\t' || "nameKey" || E'\t' || "frontKey", E'\n' ORDER BY "name") AS "lines"
    FROM "Card" WHERE "importId" = ${importId}`;
  const names: string[] = [];
  const keys: string[] = [];
  const fronts: string[] = [];
  for (const line of row?.lines ? row.lines.split("\n") : []) {
    const [name = "", key = "", front = ""] = line.split("\t");
    names.push(name);
    keys.push(key);
    fronts.push(front);
  }
  const index: CardNameIndex = { names, keys, fronts };
  // An import replaced meanwhile has no rows left: not worth keeping.
  if (names.length > 0) suggestionIndex = { importId, index };
  return index;
}

export type CardDatabaseStatus = {
  /** The card database lookups read; null before the first import. */
  current: {
    importId: string;
    source: string;
    fileName: string;
    fileDate: Date;
    dateSource: string;
    importedAt: Date;
    cardCount: number;
  } | null;
  /** An import under way (one silent for minutes is not: it died with its process). */
  running: {
    importId: string;
    source: string;
    fileName: string;
    startedAt: Date;
    cardCount: number;
  } | null;
  /** The last import, when it failed after the current one was made. */
  lastFailure: {
    fileName: string;
    finishedAt: Date;
    errorCode: string;
    error: string;
  } | null;
};

/** What a settings page shows of the card database. */
export async function getCardDatabaseStatus(): Promise<CardDatabaseStatus> {
  const [current, running, failed] = await Promise.all([
    prisma.cardImport.findFirst({
      where: { status: "DONE" },
      orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    }),
    prisma.cardImport.findFirst({
      where: { status: "RUNNING", heartbeatAt: { gte: new Date(Date.now() - STALE_IMPORT_MS) } },
    }),
    prisma.cardImport.findFirst({
      where: { status: "FAILED" },
      orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    }),
  ]);
  const failedLast =
    failed?.finishedAt && (!current?.finishedAt || failed.finishedAt > current.finishedAt);
  return {
    current: current
      ? {
          importId: current.id,
          source: current.source,
          fileName: current.fileName,
          fileDate: current.fileDate,
          dateSource: current.dateSource,
          importedAt: current.finishedAt ?? current.startedAt,
          cardCount: current.cardCount,
        }
      : null,
    running: running
      ? {
          importId: running.id,
          source: running.source,
          fileName: running.fileName,
          startedAt: running.startedAt,
          cardCount: running.cardCount,
        }
      : null,
    lastFailure:
      failed && failedLast
        ? {
            fileName: failed.fileName,
            finishedAt: failed.finishedAt as Date,
            errorCode: failed.errorCode ?? "INTERNAL",
            error: failed.error ?? "",
          }
        : null,
  };
}
