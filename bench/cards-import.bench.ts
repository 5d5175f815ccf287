/**
 * Benchmark (figures, not pass/fail): importing Scryfall's oracle cards while the app answers.
 *
 *   npm run bench:cards [-- --cards 35000] [--keep]
 *
 * Writes a card file shaped like Scryfall's real oracle-cards file to /tmp (each card a copy of
 * one of the sample file's with its bulky fields: image addresses, prices, purchase and related
 * addresses, set names, flavor text; ~35,000 cards are ~160 MB), imports it into a fresh
 * database on the local PostgreSQL (TEST_DATABASE_ADMIN_URL, default postgres@127.0.0.1:5432;
 * dropped at the end), and prints: the import's time and cards per second, the process's peak
 * RSS and heap (sampled every 20 ms), the longest event-loop stall, and the latency of a loop of
 * name lookups run in the same process before and during the import. The file is deleted after.
 */
import { createWriteStream, readFileSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import path from "node:path";
import { parseArgs } from "node:util";
import { provisionTestDatabase } from "../test/database";
import { latencySummary, restartUnderReactServer } from "./bench-kit";

const { values } = parseArgs({
  options: {
    cards: { type: "string", default: "35000" },
    keep: { type: "boolean", default: false },
  },
});
restartUnderReactServer(["--expose-gc"]);

const CARDS = Number(values.cards);
const FIXTURE = path.join(
  import.meta.dirname,
  "../lib/server/cards/fixtures/oracle-cards.sample.json",
);
const file = `/tmp/oracle-cards-bench-${process.pid}.json`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

type Card = Record<string, unknown> & { name: string; card_faces?: Record<string, unknown>[] };
const templates = JSON.parse(readFileSync(FIXTURE, "utf8")) as Card[];
const FLAVOR =
  "The wind carried the sound of distant hooves across the plain, and the scouts knew the war had come to them at last.";

/** Card `index` of the generated file: a template card with its own name, ids and flavor. */
function syntheticCard(index: number): Card {
  const template = templates[index % templates.length] as Card;
  const id = (n: number) =>
    `${(n >>> 0).toString(16).padStart(8, "0")}-0000-4000-8000-${index.toString(16).padStart(12, "0")}`;
  // The sample's own cards keep their names: the lookups below find them before and after.
  const suffix = index < templates.length ? "" : ` ${index}`;
  const card: Card = {
    ...template,
    id: id(1),
    oracle_id: id(2),
    name: template.card_faces
      ? template.card_faces.map((face) => `${face.name}${suffix}`).join(" // ")
      : `${template.name}${suffix}`,
    flavor_text: `${FLAVOR} ${FLAVOR.slice(0, index % FLAVOR.length)}`,
    promo_types: index % 7 === 0 ? ["boosterfun", "serialized"] : undefined,
    frame_effects: index % 5 === 0 ? ["legendary", "inverted"] : undefined,
    security_stamp: "oval",
    preview: {
      source: "Wizards of the Coast",
      source_uri: "https://magic.wizards.com/en/news/card-image-gallery/",
      previewed_at: "2026-10-01",
    },
  };
  if (template.card_faces)
    card.card_faces = template.card_faces.map((face) => ({
      ...face,
      name: `${face.name}${suffix}`,
    }));
  return card;
}

async function writeCardFile(): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write("[\n");
  for (let index = 0; index < CARDS; index++)
    await write(`${JSON.stringify(syntheticCard(index))}${index + 1 < CARDS ? ",\n" : "\n"}`);
  await write("]\n");
  out.end();
  await once(out, "finish");
  return statSync(file).size;
}

const database = await provisionTestDatabase("cards-bench");
process.env.DATABASE_URL = database.url;
process.env.BETTER_AUTH_SECRET ??= "cards-bench-secret-0123456789abcdef0123456789";
const { applyMigrations } = await import("../lib/server/infra/migrate");
await applyMigrations(database.url, {});
const { prisma } = await import("../lib/server/infra/db");
const { importCardsFromFile } = await import("../lib/server/cards/import");
const { resolveCardNames } = await import("../lib/server/cards/lookup");

try {
  const writtenAt = performance.now();
  const size = await writeCardFile();
  console.log(
    `Card file: ${CARDS.toLocaleString("en")} objects, ${mb(size)} (written in ${((performance.now() - writtenAt) / 1000).toFixed(1)} s)`,
  );
  // A current database to read from, and prepared queries, as a running app has.
  const sample = await importCardsFromFile(FIXTURE, { date: "2026-11-01" });
  if (!sample.ok) throw new Error(sample.error.message);
  const lookup = () => resolveCardNames(["Lightning Bolt", "Fire/Ice", "Delver of Secrets"]);
  for (let i = 0; i < 20; i++) await lookup();

  const before: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    await lookup();
    before.push(performance.now() - started);
  }

  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  let importing = true;
  const during: number[] = [];
  const readers = (async () => {
    while (importing) {
      const started = performance.now();
      await lookup();
      during.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const imported = await importCardsFromFile(file);
  const seconds = (performance.now() - started) / 1000;
  importing = false;
  await readers;
  stalls.disable();
  clearInterval(sampler);
  if (!imported.ok) throw new Error(`${imported.error.code}: ${imported.error.message}`);

  const cards = imported.value.cardCount;
  console.log(
    `Import: ${cards.toLocaleString("en")} cards (${imported.value.skipped} skipped) in ${seconds.toFixed(1)} s = ${Math.round(cards / seconds).toLocaleString("en")} cards/s, ${(size / 1024 / 1024 / seconds).toFixed(1)} MB/s`,
  );
  console.log(
    `Memory: peak RSS ${mb(peakRss)} (${mb(base.rss)} before), peak heap ${mb(peakHeap)} (${mb(base.heapUsed)} before)`,
  );
  console.log(`Event loop: longest stall ${(stalls.max / 1e6).toFixed(0)} ms during the import`);
  console.log(
    `Lookups before the import (${before.length}): ${latencySummary(before, "p95")}  max ${Math.max(...before).toFixed(1)} ms`,
  );
  console.log(
    `Lookups during the import (${during.length}): ${latencySummary(during, "p95")}  max ${Math.max(...during).toFixed(1)} ms`,
  );
  const probe = syntheticCard(CARDS - 1).name;
  const [found] = await resolveCardNames([probe]);
  stalls.reset();
  stalls.enable();
  const unknownAt = performance.now();
  const [unknown] = await resolveCardNames(["Lightnig Bolt 1234"]);
  const unknownMs = performance.now() - unknownAt;
  stalls.disable();
  console.log(
    `After: "${probe}" ${found && "card" in found ? "found" : "not found"}; ${await prisma.card.count()} card rows in the database`,
  );
  console.log(
    `First unknown name after the import (loads ${cards.toLocaleString("en")} names for suggestions): ${unknownMs.toFixed(0)} ms, longest stall ${(stalls.max / 1e6).toFixed(0)} ms; suggested ${JSON.stringify(unknown && "suggestions" in unknown ? unknown.suggestions : [])}`,
  );
} finally {
  if (!values.keep) rmSync(file, { force: true });
  await prisma.$disconnect();
  await database.drop();
}
process.exit(0);
