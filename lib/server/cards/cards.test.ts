import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { STALE_IMPORT_MS, type StreamMeta, importCardStream, importCardsFromFile } from "./import";
import { getCardDatabaseStatus, resolveCardNames } from "./lookup";

const FIXTURE = path.join(import.meta.dirname, "fixtures", "oracle-cards.sample.json");
const FIXTURE_TEXT = readFileSync(FIXTURE, "utf8");
/** The fixture's objects that are cards a deck can hold (not its token and emblem). */
const DECK_CARDS = 67;
const folder = mkdtempSync(path.join(os.tmpdir(), "cards-test-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeEach(async () => {
  await prisma.cardImport.deleteMany();
});

/** A card file written to the test folder. */
function cardFile(name: string, text: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}

/** The fixture with one card's Oracle text changed: a second, different card database. */
function fixtureWithBoltText(text: string): string {
  const cards = JSON.parse(FIXTURE_TEXT) as Record<string, unknown>[];
  const bolt = cards.find((card) => card.name === "Lightning Bolt");
  if (!bolt) throw new Error("the fixture lost Lightning Bolt");
  bolt.oracle_text = text;
  return `[\n${cards.map((card) => JSON.stringify(card)).join(",\n")}\n]\n`;
}

const META: StreamMeta = {
  source: "file",
  fileName: "test.json",
  fileDate: new Date("2026-11-28T00:00:00Z"),
  dateSource: "option",
  totalBytes: null,
};

/** Text in small chunks that stops after `pauseAt` characters until released. */
function pausedStream(text: string, pauseAt: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let paused = () => {};
  const isPaused = new Promise<void>((resolve) => {
    paused = resolve;
  });
  async function* chunks(): AsyncGenerator<string> {
    for (let at = 0; at < text.length; at += 2_048) {
      if (at >= pauseAt && at - 2_048 < pauseAt) {
        paused();
        await released;
      }
      yield text.slice(at, at + 2_048);
    }
  }
  return { chunks: chunks(), isPaused, release };
}

async function importFixture(date = "2026-11-28") {
  const imported = await importCardsFromFile(FIXTURE, { date });
  if (!imported.ok) throw new Error(imported.error.message);
  return imported.value;
}

async function resolveOne(name: string) {
  const [answer] = await resolveCardNames([name]);
  return answer;
}

describe("importing Scryfall's oracle cards", () => {
  it("CR 100.2a: imports the deck cards of the fixture and skips its token and emblem", async () => {
    const progress: number[] = [];
    const imported = await importCardsFromFile(FIXTURE, {
      date: "2026-11-28",
      batchSize: 10,
      onProgress: ({ cards }) => progress.push(cards),
    });
    expect(imported).toMatchObject({
      ok: true,
      value: {
        cardCount: DECK_CARDS,
        skipped: 2,
        source: "file",
        fileName: "oracle-cards.sample.json",
        fileDate: new Date("2026-11-28T00:00:00Z"),
        dateSource: "option",
      },
    });
    expect(progress.at(-1)).toBe(DECK_CARDS);
    expect(progress.length).toBeGreaterThan(5);
    const importId = imported.ok ? imported.value.importId : "";
    expect(await prisma.card.count({ where: { importId } })).toBe(DECK_CARDS);
    expect(
      await prisma.card.count({
        where: { name: { in: ["Goblin", "Elspeth, Knight-Errant Emblem"] } },
      }),
    ).toBe(0);
  });

  it("CR 712, 715, 709: keeps each face's name, the type line and the faces' Oracle text", async () => {
    await importFixture();
    const delver = await prisma.card.findFirstOrThrow({ where: { frontKey: "delver of secrets" } });
    expect(delver).toMatchObject({
      name: "Delver of Secrets // Insectile Aberration",
      faceNames: ["Delver of Secrets", "Insectile Aberration"],
      typeLine: "Creature — Human Wizard // Creature — Human Insect",
      colorIdentity: ["U"],
      layout: "transform",
    });
    expect(delver.oracleText).toMatch(/^At the beginning of your upkeep.*\n\/\/\nFlying$/s);
    const fire = await prisma.card.findFirstOrThrow({ where: { nameKey: "fire // ice" } });
    expect(fire).toMatchObject({
      faceNames: ["Fire", "Ice"],
      typeLine: "Instant // Instant",
      colorIdentity: ["U", "R"],
    });
    const vault = await prisma.card.findFirstOrThrow({ where: { nameKey: "lim-dul's vault" } });
    expect(vault.name).toBe("Lim-Dûl's Vault");
  });

  it("keeps legalities as Scryfall gives them: restricted, banned, legal", async () => {
    await importFixture();
    const [lotus, solRing, golos] = await resolveCardNames([
      "Black Lotus",
      "Sol Ring",
      "Golos, Tireless Pilgrim",
    ]);
    expect(lotus).toMatchObject({
      card: {
        legalities: {
          vintage: "restricted",
          legacy: "banned",
          commander: "banned",
          modern: "not_legal",
        },
      },
    });
    expect(solRing).toMatchObject({
      card: { legalities: { commander: "legal", vintage: "restricted", legacy: "banned" } },
    });
    expect(golos).toMatchObject({
      card: {
        colorIdentity: ["W", "U", "B", "R", "G"],
        legalities: { commander: "banned", modern: "legal" },
      },
    });
  });

  it("dates the data from Scryfall's file name, else the file's modification time, else refuses a bad --date", async () => {
    const named = path.join(folder, "oracle-cards-20261128100452.json");
    copyFileSync(FIXTURE, named);
    expect(await importCardsFromFile(named)).toMatchObject({
      ok: true,
      value: {
        fileDate: new Date("2026-11-28T10:04:52Z"),
        dateSource: "file-name",
        fileName: "oracle-cards-20261128100452.json",
      },
    });
    const plain = path.join(folder, "cards.json");
    copyFileSync(FIXTURE, plain);
    utimesSync(plain, new Date("2026-10-01T12:00:00Z"), new Date("2026-10-01T12:00:00Z"));
    expect(await importCardsFromFile(plain)).toMatchObject({
      ok: true,
      value: { fileDate: new Date("2026-10-01T12:00:00Z"), dateSource: "file-mtime" },
    });
    expect(await importCardsFromFile(plain, { date: "2026-02-30" })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION" },
    });
    expect(await importCardsFromFile(path.join(folder, "missing.json"))).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
  });
});

describe("looking up decklist names", () => {
  it("CR 201: finds a card by its full Oracle name and by its front face, as Arena and MTGO lists write them", async () => {
    await importFixture();
    const answers = await resolveCardNames([
      "Lightning Bolt",
      "Delver of Secrets",
      "Delver of Secrets // Insectile Aberration",
      "Bonecrusher Giant",
      "Valki, God of Lies",
      "Fire // Ice",
      "Fire/Ice",
      "Fire / Ice",
    ]);
    expect(answers.map((answer) => ("card" in answer ? answer.card.name : null))).toEqual([
      "Lightning Bolt",
      "Delver of Secrets // Insectile Aberration",
      "Delver of Secrets // Insectile Aberration",
      "Bonecrusher Giant // Stomp",
      "Valki, God of Lies // Tibalt, Cosmic Impostor",
      "Fire // Ice",
      "Fire // Ice",
      "Fire // Ice",
    ]);
    expect(answers[1]).toEqual({
      card: {
        oracleId: expect.any(String),
        name: "Delver of Secrets // Insectile Aberration",
        faceNames: ["Delver of Secrets", "Insectile Aberration"],
        typeLine: "Creature — Human Wizard // Creature — Human Insect",
        oracleText: expect.stringContaining("transform Delver of Secrets"),
        colorIdentity: ["U"],
        keywords: ["Flying", "Transform"],
        legalities: expect.objectContaining({ modern: "legal", pauper: "legal" }),
      },
    });
  });

  it("CR 201: accepts names without accents, with Æ, curly apostrophes or without quotes", async () => {
    await importFixture();
    const written = [
      "Lim-Dul's Vault",
      "Jotun Grunt",
      "SEANCE",
      "Æther Vial",
      "Atraxa, Praetors’ Voice",
      "Ach! Hans, Run!",
      "Nazgul",
      "Borrowing 100,000 Arrows",
    ];
    const names = (await resolveCardNames(written)).map((answer) =>
      "card" in answer ? answer.card.name : null,
    );
    expect(names).toEqual([
      "Lim-Dûl's Vault",
      "Jötun Grunt",
      "Séance",
      "Aether Vial",
      "Atraxa, Praetors' Voice",
      '"Ach! Hans, Run!"',
      "Nazgûl",
      "Borrowing 100,000 Arrows",
    ]);
  });

  it("suggests the closest names for one it does not know; a token is not a card", async () => {
    await importFixture();
    const [typo, token, nothing] = await resolveCardNames(["Lightnig Bolt", "Goblin", ""]);
    expect(typo).toEqual({
      unknown: true,
      suggestions: expect.arrayContaining(["Lightning Bolt"]),
    });
    expect(typo && "suggestions" in typo ? typo.suggestions[0] : null).toBe("Lightning Bolt");
    expect(token).toMatchObject({ unknown: true });
    expect(nothing).toEqual({ unknown: true, suggestions: [] });
    expect(await resolveOne("Thoughtsieze")).toEqual({
      unknown: true,
      suggestions: ["Thoughtseize"],
    });
  });

  it("reads a hundred names in at most two queries", async () => {
    await importFixture();
    const names = JSON.parse(FIXTURE_TEXT).map(
      (card: { name: string }) => card.name.split(" // ")[0],
    );
    const hundred = Array.from({ length: 100 }, (_, i) =>
      i % 10 === 9 ? `Unknown card ${i}` : names[i % names.length],
    );
    const raw = vi.spyOn(prisma, "$queryRaw");
    const answers = await resolveCardNames(hundred);
    expect(raw).toHaveBeenCalledTimes(2);
    raw.mockClear();
    await resolveCardNames(hundred);
    // The names for suggestions are kept for the current import.
    expect(raw).toHaveBeenCalledTimes(1);
    raw.mockRestore();
    const known = hundred.filter(
      (name) => !name.startsWith("Unknown") && name !== "Goblin" && !name.endsWith("Emblem"),
    );
    expect(answers.filter((answer) => "card" in answer)).toHaveLength(known.length);
  });

  it("knows nothing before the first import", async () => {
    expect(await resolveCardNames(["Lightning Bolt"])).toEqual([
      { unknown: true, suggestions: [] },
    ]);
    expect(await getCardDatabaseStatus()).toEqual({
      current: null,
      running: null,
      lastFailure: null,
    });
  });
});

describe("one current card database", () => {
  it("a second import replaces the first at once: a reader during the import sees the old data", async () => {
    const first = await importFixture();
    const stream = pausedStream(fixtureWithBoltText("New Bolt text."), FIXTURE_TEXT.length / 2);
    const second = importCardStream(stream.chunks, META, { batchSize: 5 });
    await stream.isPaused;
    const running = await prisma.cardImport.findFirstOrThrow({ where: { status: "RUNNING" } });
    expect(await prisma.card.count({ where: { importId: running.id } })).toBeGreaterThan(0);
    expect(await resolveOne("Lightning Bolt")).toMatchObject({
      card: { oracleText: "Lightning Bolt deals 3 damage to any target." },
    });
    expect(await getCardDatabaseStatus()).toMatchObject({
      current: { importId: first.importId, cardCount: DECK_CARDS },
      running: { importId: running.id, source: "file", fileName: "test.json" },
    });
    stream.release();
    expect(await second).toMatchObject({ ok: true, value: { cardCount: DECK_CARDS } });
    expect(await resolveOne("Lightning Bolt")).toMatchObject({
      card: { oracleText: "New Bolt text." },
    });
    // Card data is not history: the replaced import's rows are gone.
    expect(await prisma.card.count({ where: { importId: first.importId } })).toBe(0);
    expect(await prisma.card.count()).toBe(DECK_CARDS);
    expect(await getCardDatabaseStatus()).toMatchObject({
      current: { importId: running.id },
      running: null,
    });
  });

  it("two imports at once: the second is refused with IMPORT_RUNNING and the first finishes", async () => {
    const stream = pausedStream(FIXTURE_TEXT, 20_000);
    const first = importCardStream(stream.chunks, META, { batchSize: 5 });
    await stream.isPaused;
    const second = await importCardsFromFile(FIXTURE, { date: "2026-11-28" });
    expect(second).toMatchObject({
      ok: false,
      error: { code: "IMPORT_RUNNING", message: expect.stringContaining("test.json") },
    });
    stream.release();
    expect(await first).toMatchObject({ ok: true, value: { cardCount: DECK_CARDS } });
    expect(await prisma.cardImport.count()).toBe(1);
  });

  it("an import left RUNNING by a process that died does not block the next one", async () => {
    const dead = await prisma.cardImport.create({
      data: {
        source: "file",
        fileName: "dead.json",
        fileDate: new Date(),
        dateSource: "option",
        heartbeatAt: new Date(Date.now() - STALE_IMPORT_MS - 1_000),
      },
    });
    expect((await getCardDatabaseStatus()).running).toBeNull();
    await importFixture();
    expect(await prisma.cardImport.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({
      status: "FAILED",
      running: null,
      errorCode: "ABANDONED",
    });
  });

  it("a broken file fails with CARD_FILE_INVALID naming the problem and where, and the current data stays", async () => {
    const first = await importFixture();
    const cases: [string, string, RegExp][] = [
      ["truncated.json", FIXTURE_TEXT.slice(0, 100_000), /cut short/],
      [
        "syntax.json",
        `[{"object":"card","name":"A"} {"name":"B"}]`,
        /not valid JSON at byte 30 \(unexpected "{"\)/,
      ],
      ["object.json", `{"object":"list","data":[]}`, /JSON object, not an array/],
      ["text.json", "<html>Service Unavailable</html>", /not JSON: it starts with "<html>/],
      ["empty.json", "  \n", /it is empty/],
      [
        "nameless.json",
        FIXTURE_TEXT.replace('"name":"Counterspell",', ""),
        /item 12 of the array \(ending at byte 50,415\) has no name/,
      ],
      [
        "tokens.json",
        `[{"object":"card","name":"Goblin","layout":"token","oracle_id":"x"}]`,
        /no cards a deck can have/,
      ],
    ];
    for (const [name, text, problem] of cases) {
      const imported = await importCardsFromFile(cardFile(name, text), { batchSize: 5 });
      expect(imported, name).toMatchObject({ ok: false, error: { code: "CARD_FILE_INVALID" } });
      expect(imported.ok ? "" : imported.error.message, name).toMatch(problem);
      expect(imported.ok ? "" : imported.error.message, name).toContain(name);
    }
    expect(await resolveOne("Lightning Bolt")).toMatchObject({ card: { name: "Lightning Bolt" } });
    const status = await getCardDatabaseStatus();
    expect(status).toMatchObject({
      current: { importId: first.importId, cardCount: DECK_CARDS },
      running: null,
      lastFailure: { fileName: "tokens.json", errorCode: "CARD_FILE_INVALID" },
    });
    // The failed imports wrote nothing that stays.
    expect(await prisma.card.count()).toBe(DECK_CARDS);
    expect(await prisma.cardImport.count({ where: { status: "FAILED" } })).toBe(cases.length);
  });

  it("an import stopped part way is CANCELLED and leaves the current data", async () => {
    const first = await importFixture();
    const controller = new AbortController();
    const stream = pausedStream(FIXTURE_TEXT, 50_000);
    const stopped = importCardStream(stream.chunks, META, {
      batchSize: 5,
      signal: controller.signal,
    });
    await stream.isPaused;
    controller.abort();
    stream.release();
    expect(await stopped).toMatchObject({ ok: false, error: { code: "CANCELLED" } });
    expect(await prisma.card.count()).toBe(DECK_CARDS);
    expect((await getCardDatabaseStatus()).current?.importId).toBe(first.importId);
  });

  it("reports the current database: its file, the data's date, when it was imported and its cards", async () => {
    const started = new Date();
    const imported = await importFixture("2026-11-20");
    const status = await getCardDatabaseStatus();
    expect(status).toEqual({
      current: {
        importId: imported.importId,
        source: "file",
        fileName: "oracle-cards.sample.json",
        fileDate: new Date("2026-11-20T00:00:00Z"),
        dateSource: "option",
        importedAt: expect.any(Date),
        cardCount: DECK_CARDS,
      },
      running: null,
      lastFailure: null,
    });
    expect(status.current?.importedAt.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1_000);
  });
});
