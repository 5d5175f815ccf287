import "server-only";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { setImmediate as nextTurn } from "node:timers/promises";
import { TokenParser, Tokenizer } from "@streamparser/json";
import { z } from "zod";
import { type ActionResult, type ErrorCode, failure, success } from "@/lib/action-result";
import { prisma } from "@/lib/server/infra/db";
import { answerDatabaseFailure, isUniqueViolation } from "@/lib/server/infra/prisma-errors";
import { type CardRow, readScryfallCard } from "@/lib/rules/scryfall-card";

/** Where an import's cards came from. */
export type CardSource = "file" | "download";
/** Where the data's date was read: Scryfall's bulk-data updated_at, --date, the file's name or its mtime. */
export type CardDateSource = "bulk-data" | "option" | "file-name" | "file-mtime";

export type CardImportProgress = {
  /** Cards written so far. */
  cards: number;
  /** Bytes of the file read so far, and its size when known. */
  bytes: number;
  totalBytes: number | null;
};

export type CardImportOptions = {
  onProgress?: (progress: CardImportProgress) => void;
  /** Stops the import: it is marked FAILED and the current card database stays. */
  signal?: AbortSignal;
  /** Rows per INSERT statement. */
  batchSize?: number;
};

export type CardImportSummary = {
  importId: string;
  cardCount: number;
  /** Objects of the file that are not deck cards (tokens, emblems, …) or have no Oracle id. */
  skipped: number;
  source: CardSource;
  fileName: string;
  fileDate: Date;
  dateSource: CardDateSource;
  seconds: number;
};

/** What an import records about its file. */
export type StreamMeta = {
  source: CardSource;
  fileName: string;
  fileDate: Date;
  dateSource: CardDateSource;
  totalBytes: number | null;
};

/** Rows per INSERT: a few hundred cards are a few hundred kilobytes of JSON, a few milliseconds of work. */
export const CARD_BATCH_ROWS = 400;
/** How often a running import says it is alive. */
export const HEARTBEAT_MS = 5_000;
/** A running import silent this long died with its process: the next import marks it FAILED. */
export const STALE_IMPORT_MS = 2 * 60_000;
/** Rows per DELETE when an old import's cards are removed. */
const DELETE_BATCH_ROWS = 5_000;

/** Scryfall's bulk-data object of the oracle cards file (https://scryfall.com/docs/api/bulk-data). */
export const SCRYFALL_ORACLE_CARDS_URL = "https://api.scryfall.com/bulk-data/oracle-cards";
/** Scryfall asks every client to name itself and to send an Accept header. */
export const SCRYFALL_HEADERS = {
  "User-Agent": "mtg-tournament/0.1 (card database import)",
  Accept: "application/json;q=0.9,*/*;q=0.8",
} as const;

/** A failure of the card source (a file, a download) with the code the import answers. */
class CardSourceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Imports a Scryfall card file from this computer. The data's date is `date` (YYYY-MM-DD) when
 * given, else the timestamp in Scryfall's file name (oracle-cards-20261128100452.json), else the
 * file's modification time.
 */
export async function importCardsFromFile(
  filePath: string,
  options: CardImportOptions & { date?: string } = {},
): Promise<ActionResult<CardImportSummary>> {
  let size: number;
  let modified: Date;
  try {
    const stats = await stat(filePath);
    if (!stats.isFile()) return failure("NOT_FOUND", `${filePath} is not a file.`);
    size = stats.size;
    modified = stats.mtime;
  } catch {
    return failure("NOT_FOUND", `There is no file ${filePath}.`);
  }
  const fileName = path.basename(filePath);
  let fileDate: Date;
  let dateSource: CardDateSource;
  if (options.date !== undefined) {
    const given = parseDay(options.date);
    if (!given)
      return failure("VALIDATION", `The date must be YYYY-MM-DD, not "${options.date}".`, {
        date: ["YYYY-MM-DD"],
      });
    fileDate = given;
    dateSource = "option";
  } else {
    const named = dateInFileName(fileName);
    fileDate = named ?? modified;
    dateSource = named ? "file-name" : "file-mtime";
  }
  return importCardStream(
    createReadStream(filePath),
    { source: "file", fileName, fileDate, dateSource, totalBytes: size },
    options,
  );
}

const BulkDataSchema = z.object({
  object: z.literal("bulk_data"),
  type: z.string(),
  updated_at: z.iso.datetime({ offset: true }),
  download_uri: z.url({ protocol: /^https?$/ }),
  size: z.number().int().nonnegative().optional(),
});

/**
 * Downloads Scryfall's oracle cards file and imports it as it arrives (never the whole body in
 * memory): the bulk-data object at `bulkDataUrl` names the file and the data's date (updated_at).
 */
export async function importCardsFromScryfall(
  options: CardImportOptions & { bulkDataUrl?: string } = {},
): Promise<ActionResult<CardImportSummary>> {
  const bulkDataUrl = options.bulkDataUrl ?? SCRYFALL_ORACLE_CARDS_URL;
  let answer: Response;
  try {
    answer = await fetch(bulkDataUrl, { headers: SCRYFALL_HEADERS, signal: options.signal });
  } catch (error) {
    return failure("DOWNLOAD_FAILED", `Could not reach ${bulkDataUrl}: ${reason(error)}.`);
  }
  if (!answer.ok) {
    await answer.body?.cancel();
    return failure("DOWNLOAD_FAILED", `${bulkDataUrl} answered HTTP ${answer.status}.`);
  }
  let bulk: z.infer<typeof BulkDataSchema>;
  try {
    const parsed = BulkDataSchema.safeParse(await answer.json());
    if (!parsed.success)
      return failure(
        "DOWNLOAD_FAILED",
        `${bulkDataUrl} did not answer a bulk-data object with updated_at and download_uri (${parsed.error.issues[0]?.path.join(".") || "body"}: ${parsed.error.issues[0]?.message}).`,
      );
    bulk = parsed.data;
  } catch (error) {
    return failure("DOWNLOAD_FAILED", `${bulkDataUrl} did not answer JSON: ${reason(error)}.`);
  }
  const downloadUri = bulk.download_uri;
  const fileName = path.posix.basename(new URL(downloadUri).pathname) || "oracle-cards.json";
  const meta: StreamMeta = {
    source: "download",
    fileName,
    fileDate: new Date(bulk.updated_at),
    dateSource: "bulk-data",
    totalBytes: bulk.size ?? null,
  };
  // Opened only once the import holds the running slot: a refused import downloads nothing.
  async function* body(): AsyncGenerator<Uint8Array> {
    let file: Response;
    try {
      file = await fetch(downloadUri, { headers: SCRYFALL_HEADERS, signal: options.signal });
    } catch (error) {
      throw new CardSourceError(
        "DOWNLOAD_FAILED",
        `Could not download ${downloadUri}: ${reason(error)}.`,
      );
    }
    if (!file.ok || !file.body) {
      await file.body?.cancel();
      throw new CardSourceError("DOWNLOAD_FAILED", `${downloadUri} answered HTTP ${file.status}.`);
    }
    yield* Readable.fromWeb(file.body as NodeWebStream);
  }
  return importCardStream(body(), meta, options);
}

/**
 * Imports one Scryfall card file (a JSON array of card objects) read from `chunks`, in bounded
 * memory: cards are parsed as they arrive and written a batch at a time under a new import,
 * while the current card database keeps answering; only a complete, valid file becomes current.
 */
export async function importCardStream(
  chunks: AsyncIterable<Uint8Array | string>,
  meta: StreamMeta,
  options: CardImportOptions = {},
): Promise<ActionResult<CardImportSummary>> {
  const started = performance.now();
  let importId: string;
  try {
    const begun = await beginImport(meta);
    if (!begun.ok) return begun;
    importId = begun.value;
  } catch (error) {
    return (
      answerDatabaseFailure(error) ??
      failure("INTERNAL", `The card import could not start: ${reason(error)}.`)
    );
  }
  let outcome: ActionResult<{ cards: number; skipped: number }>;
  try {
    outcome = await readCards(chunks, importId, meta, options);
    if (outcome.ok) {
      const done = await prisma.cardImport.updateMany({
        where: { id: importId, status: "RUNNING" },
        data: {
          status: "DONE",
          running: null,
          finishedAt: new Date(),
          cardCount: outcome.value.cards,
        },
      });
      if (done.count === 0) outcome = abandoned();
    }
  } catch (error) {
    outcome =
      error instanceof CardSourceError
        ? failure(error.code, error.message)
        : options.signal?.aborted
          ? failure("CANCELLED", "The card import was stopped; the card database is unchanged.")
          : (answerDatabaseFailure(error) ??
            failure("INTERNAL", `The card import failed: ${reason(error)}.`));
  }
  if (!outcome.ok) {
    await failImport(importId, outcome.error.code, outcome.error.message).catch(() => undefined);
    return outcome;
  }
  // Card data is not history: the previous database's rows go once the new one is current.
  await removeReplacedCards().catch(() => undefined);
  return success({
    importId,
    cardCount: outcome.value.cards,
    skipped: outcome.value.skipped,
    source: meta.source,
    fileName: meta.fileName,
    fileDate: meta.fileDate,
    dateSource: meta.dateSource,
    seconds: (performance.now() - started) / 1000,
  });
}

/** Takes the one running slot: imports silent for too long are failed first; a live one refuses. */
async function beginImport(meta: StreamMeta): Promise<ActionResult<string>> {
  const stale = await prisma.cardImport.findMany({
    where: { status: "RUNNING", heartbeatAt: { lt: new Date(Date.now() - STALE_IMPORT_MS) } },
    select: { id: true },
  });
  for (const { id } of stale)
    await failImport(id, "ABANDONED", "The import stopped answering (its process ended).");
  try {
    const created = await prisma.cardImport.create({
      data: {
        source: meta.source,
        fileName: meta.fileName,
        fileDate: meta.fileDate,
        dateSource: meta.dateSource,
      },
      select: { id: true },
    });
    return success(created.id);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const running = await prisma.cardImport.findFirst({
      where: { status: "RUNNING" },
      select: { fileName: true, startedAt: true, cardCount: true },
    });
    return failure(
      "IMPORT_RUNNING",
      running
        ? `Another card import is running (${running.fileName}, started ${running.startedAt.toISOString()}, ${running.cardCount} cards so far): wait for it to finish.`
        : "Another card import is running: wait for it to finish.",
    );
  }
}

/** Marks an import FAILED and removes the cards it wrote; an import already finished is left as it is. */
async function failImport(importId: string, code: string, message: string): Promise<void> {
  await prisma.cardImport.updateMany({
    where: { id: importId, status: "RUNNING" },
    data: {
      status: "FAILED",
      running: null,
      finishedAt: new Date(),
      errorCode: code,
      error: message,
    },
  });
  await deleteCardsWhere(importId);
}

/** Removes the cards of every import that is neither current nor running, a batch at a time. */
async function removeReplacedCards(): Promise<void> {
  const current = await prisma.cardImport.findFirst({
    where: { status: "DONE" },
    orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  const old = await prisma.cardImport.findMany({
    where: { status: { not: "RUNNING" }, ...(current ? { id: { not: current.id } } : {}) },
    select: { id: true },
  });
  for (const { id } of old) await deleteCardsWhere(id);
}

async function deleteCardsWhere(importId: string): Promise<void> {
  for (;;) {
    const deleted = await prisma.$executeRaw`
      DELETE FROM "Card" WHERE "importId" = ${importId} AND "oracleId" IN (
        SELECT "oracleId" FROM "Card" WHERE "importId" = ${importId} LIMIT ${DELETE_BATCH_ROWS})`;
    if (deleted < DELETE_BATCH_ROWS) return;
    await nextTurn();
  }
}

function abandoned<T>(): ActionResult<T> {
  return failure(
    "CONFLICT",
    "This card import was taken for abandoned (it was silent too long) and another may have started; the card database is unchanged.",
  );
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Parses the stream and writes its cards under `importId`; a problem of the file is CARD_FILE_INVALID. */
async function readCards(
  chunks: AsyncIterable<Uint8Array | string>,
  importId: string,
  meta: StreamMeta,
  options: CardImportOptions,
): Promise<ActionResult<{ cards: number; skipped: number }>> {
  const batchSize = Math.max(1, options.batchSize ?? CARD_BATCH_ROWS);
  const parser = cardFileParser();
  const pending: CardRow[] = [];
  let problem: string | null = null;
  let bytes = 0;
  let cards = 0;
  let skipped = 0;
  let firstByte: number | null = null;
  let lastBeat = performance.now();
  parser.onCard = (value, key) => {
    if (problem !== null) return;
    if (typeof key !== "number") {
      problem =
        "it is a JSON object, not an array of cards (is it the bulk-data listing rather than the file?)";
      return;
    }
    const read = readScryfallCard(value);
    if (read.kind === "invalid")
      problem = `item ${key + 1} of the array (ending at byte ${parser.offset.toLocaleString("en")}) ${read.problem === "no-name" ? "has no name" : "is not a card object"}`;
    else if (read.kind === "skip") skipped++;
    else pending.push(read.row);
  };
  parser.onError = (error) => {
    problem ??= syntaxProblem(error, parser.offset);
  };
  const progress = () => options.onProgress?.({ cards, bytes, totalBytes: meta.totalBytes });

  for await (const chunk of chunks) {
    options.signal?.throwIfAborted();
    const data = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    if (firstByte === null) {
      let start = 0;
      // A UTF-8 byte order mark, then whitespace, may come before the array.
      if (bytes === 0 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) start = 3;
      while (start < data.length && WHITESPACE.has(data[start] as number)) start++;
      if (start < data.length) {
        firstByte = data[start] as number;
        if (firstByte !== 0x5b && firstByte !== 0x7b) {
          problem = `it is not JSON: it starts with ${JSON.stringify(Buffer.from(data.subarray(start, start + 12)).toString("utf8"))}`;
          break;
        }
      }
    }
    if (!parser.isEnded) {
      try {
        parser.write(data);
      } catch (error) {
        problem ??= syntaxProblem(error, parser.offset);
      }
    }
    bytes += data.length;
    if (problem !== null) break;
    while (pending.length >= batchSize) {
      cards += await writeCards(importId, pending.splice(0, batchSize));
      progress();
    }
    if (performance.now() - lastBeat >= HEARTBEAT_MS) {
      lastBeat = performance.now();
      const alive = await prisma.cardImport.updateMany({
        where: { id: importId, status: "RUNNING" },
        data: { heartbeatAt: new Date(), cardCount: cards },
      });
      if (alive.count === 0) return abandoned();
    }
  }
  if (problem === null && firstByte === null) problem = "it is empty";
  if (problem === null && !parser.isEnded) {
    try {
      parser.end();
    } catch (error) {
      problem ??= syntaxProblem(error, parser.offset);
    }
    if (problem === null || problem.startsWith("it is not valid JSON"))
      problem = `it ends at byte ${bytes.toLocaleString("en")} before its array is closed (the file is cut short)`;
  }
  if (problem !== null) return invalidFile(meta.fileName, problem);
  while (pending.length > 0) {
    cards += await writeCards(importId, pending.splice(0, batchSize));
    progress();
  }
  if (cards === 0) return invalidFile(meta.fileName, "it holds no cards a deck can have");
  return success({ cards, skipped });
}

function invalidFile<T>(fileName: string, problem: string): ActionResult<T> {
  return failure(
    "CARD_FILE_INVALID",
    `${fileName} is not a Scryfall card file: ${problem}. The card database is unchanged.`,
  );
}

/**
 * A streaming parser of a JSON array's items (@streamparser/json's tokenizer and token parser,
 * wired as its JSONParser wires them) that also knows the byte offset of the last token read.
 */
function cardFileParser() {
  const tokenizer = new Tokenizer();
  const tokens = new TokenParser({ paths: ["$.*"], keepStack: false });
  const parser = {
    offset: 0,
    onCard: (_value: unknown, _key: string | number | undefined) => {},
    onError: (_error: Error) => {},
    get isEnded() {
      return tokenizer.isEnded && tokens.isEnded;
    },
    write: (data: Uint8Array) => tokenizer.write(data),
    end: () => tokenizer.end(),
  };
  tokenizer.onToken = (token) => {
    parser.offset = token.offset;
    tokens.write(token);
  };
  tokenizer.onEnd = () => {
    if (!tokens.isEnded) tokens.end();
  };
  tokenizer.onError = (error) => parser.onError(error);
  tokens.onError = tokenizer.error.bind(tokenizer);
  tokens.onEnd = () => {
    if (!tokenizer.isEnded) tokenizer.end();
  };
  tokens.onValue = ({ value, key }) => parser.onCard(value, key);
  return parser;
}

/** The parser's complaint, with the byte where the file stops being JSON. */
function syntaxProblem(error: unknown, lastToken: number): string {
  const message = reason(error);
  const at = Number(/absolute position "(\d+)"/.exec(message)?.[1] ?? lastToken);
  const unexpected =
    /Unexpected "(.)"/.exec(message)?.[1] ?? /Unexpected \w+ \("(.+?)"\)/.exec(message)?.[1];
  return `it is not valid JSON at byte ${at.toLocaleString("en")}${unexpected ? ` (unexpected ${JSON.stringify(unexpected)})` : ""}`;
}

/** Writes a batch of cards in one statement; a card already written (same Oracle id) is kept. */
async function writeCards(importId: string, rows: CardRow[]): Promise<number> {
  const written = await prisma.$executeRaw`
    INSERT INTO "Card" ("importId", "oracleId", "name", "nameKey", "frontKey", "faceNames", "typeLine",
      "oracleText", "colorIdentity", "keywords", "legalities", "layout")
    SELECT ${importId}, r."oracleId", r."name", r."nameKey", r."frontKey", r."faceNames", r."typeLine",
      r."oracleText", r."colorIdentity", r."keywords", r."legalities", r."layout"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("oracleId" TEXT, "name" TEXT,
      "nameKey" TEXT, "frontKey" TEXT, "faceNames" TEXT[], "typeLine" TEXT, "oracleText" TEXT,
      "colorIdentity" TEXT[], "keywords" TEXT[], "legalities" JSONB, "layout" TEXT)
    ON CONFLICT DO NOTHING`;
  await nextTurn();
  return written;
}

/** A YYYY-MM-DD day as midnight UTC, or null. */
function parseDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** Scryfall's bulk files are named with their UTC time: oracle-cards-20261128100452.json. */
export function dateInFileName(fileName: string): Date | null {
  const match = /(?:^|\D)(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\D|$)/.exec(fileName);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  const valid =
    date.getUTCMonth() === month! - 1 && date.getUTCDate() === day! && hour! < 24 && minute! < 60;
  return valid && year! >= 1993 ? date : null;
}

function reason(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
