/**
 * `npm run cards:import -- <file.json> [--date YYYY-MM-DD]` or `npm run cards:import -- --download`:
 * fills the app's card database from Scryfall's oracle-cards file, into DATABASE_URL or the
 * embedded database (through the running app's database when it runs on it). The current card
 * database keeps answering until the new one is complete.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openEmbeddedDatabase } from "../lib/server/infra/embedded-postgres";
import { applyMigrations } from "../lib/server/infra/migrate";
import { ensureAuthSecret } from "./auth-secret";

const USAGE = `Usage:
  npm run cards:import -- <oracle-cards.json> [--date YYYY-MM-DD]
  npm run cards:import -- --download`;

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: { date: { type: "string" }, download: { type: "boolean" }, help: { type: "boolean" } },
  });
}
try {
  args = parse();
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const file = args.positionals[0];
if (
  args.values.help ||
  args.positionals.length > 1 ||
  (file === undefined) === !args.values.download
) {
  console.error(USAGE);
  process.exit(args.values.help ? 0 : 2);
}

const root = path.resolve(import.meta.dirname, "..");
const embedded = process.env.DATABASE_URL
  ? undefined
  : await openEmbeddedDatabase(process.env.EMBEDDED_DATA_DIR ?? path.join(root, ".data", "pglite"));
if (embedded) {
  process.env.DATABASE_URL = embedded.url;
  process.env.DATABASE_POOL_MAX = "1";
}
ensureAuthSecret(root);
await applyMigrations(process.env.DATABASE_URL!, {
  migrationsDir: path.join(root, "prisma", "migrations"),
});
const { importCardsFromFile, importCardsFromScryfall } = await import("../lib/server/cards/import");
const { prisma } = await import("../lib/server/infra/db");

const count = new Intl.NumberFormat("en");
const day = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
let shownAt = 0;
const controller = new AbortController();
// Ctrl+C: the import is marked failed and the current card database stays as it was.
process.once("SIGINT", () => controller.abort());
const options = {
  signal: controller.signal,
  onProgress: ({
    cards,
    bytes,
    totalBytes,
  }: {
    cards: number;
    bytes: number;
    totalBytes: number | null;
  }) => {
    if (Date.now() - shownAt < 1_000) return;
    shownAt = Date.now();
    const share = totalBytes
      ? ` (${Math.min(100, Math.round((bytes / totalBytes) * 100))}% read)`
      : "";
    console.log(`… ${count.format(cards)} cards${share}`);
  },
};
console.log(args.values.download ? "Downloading Scryfall's oracle cards…" : `Reading ${file}…`);
const imported = args.values.download
  ? await importCardsFromScryfall(options)
  : await importCardsFromFile(
      // npm runs scripts in the project folder: a relative path is the caller's.
      path.resolve(process.env.INIT_CWD ?? process.cwd(), file!),
      { ...options, date: args.values.date },
    );
await prisma.$disconnect();
await embedded?.stop();
if (!imported.ok) {
  console.error(`${imported.error.code}: ${imported.error.message}`);
  process.exit(1);
}
const { cardCount, fileDate, dateSource, seconds, skipped } = imported.value;
const dated = dateSource === "file-mtime" ? "file modified" : "data of";
console.log(
  `Imported ${count.format(cardCount)} cards (${dated} ${day.format(fileDate)}) in ${Math.round(seconds)} s` +
    (skipped > 0
      ? `; skipped ${count.format(skipped)} tokens, emblems and other non-deck objects.`
      : "."),
);
