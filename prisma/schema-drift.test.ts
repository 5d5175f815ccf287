/**
 * Proves prisma/migrations and prisma/schema.prisma describe the same database: a fresh
 * database is migrated with the app's own runner and diffed with the schema by Prisma's own
 * schema engine (prisma/schema-diff.ts). Runs on the PostgreSQL server and on embedded PGlite,
 * the two databases the app supports.
 *
 * When it fails: `npm run db:drift` prints the same differences and a draft migration
 * (docs/database.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../lib/server/infra/embedded-postgres";
import { provisionTestDatabase } from "../test/database";
import {
  diffMigrations,
  MIGRATIONS_DIR,
  SCHEMA_PATH,
  type SchemaDiff,
  schemaSql,
} from "./schema-diff";

const SCHEMA_TEXT = fs.readFileSync(SCHEMA_PATH, "utf8");

type Database = { url: string; drop: () => Promise<void> };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function driftReport(diff: SchemaDiff): string {
  return (
    "prisma/migrations and prisma/schema.prisma are out of step:\n" +
    `${diff.summary}\nRun \`npm run db:drift\` for a draft migration (see docs/database.md).`
  );
}

/** A throwaway migrations folder, empty or a copy of prisma/migrations. */
function migrationsFolder(copy = true): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drift-test-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  if (copy) fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

/** A copy of the real migrations with `edit` applied to the init script, for deliberate drift. */
function editedMigrations(edit: (sql: string) => string): string {
  const dir = migrationsFolder();
  const file = path.join(dir, "20261121000000_init", "migration.sql");
  const before = fs.readFileSync(file, "utf8");
  const after = edit(before);
  if (after === before) throw new Error("the edit did not change the migration: fix the test");
  fs.writeFileSync(file, after);
  return dir;
}

/** `migrationsDir` with `sql` added as the next migration. */
function addMigration(migrationsDir: string, sql: string): string {
  fs.mkdirSync(path.join(migrationsDir, "20991231000000_draft"));
  fs.writeFileSync(path.join(migrationsDir, "20991231000000_draft", "migration.sql"), sql);
  return migrationsDir;
}

/** The schema text with every `from` replaced, failing loudly if the schema moved on. */
function editSchema(edits: [string, string][]): string {
  return edits.reduce((text, [from, to]) => {
    if (!text.includes(from))
      throw new Error(`schema.prisma no longer contains ${JSON.stringify(from)}: update the test`);
    return text.replace(from, to);
  }, SCHEMA_TEXT);
}

const targets: [string, () => Promise<Database>][] = [
  [
    "the test database (PostgreSQL server, or PGlite when none answers)",
    () => provisionTestDatabase("drift"),
  ],
  [
    "embedded PGlite",
    async () => {
      const embedded = await startEmbeddedPostgres();
      return { url: embedded.url, drop: embedded.stop };
    },
  ],
];

describe.each(targets)("migrations vs schema.prisma on %s", (_label, provision) => {
  async function freshDatabase(): Promise<Database> {
    const database = await provision();
    cleanups.push(database.drop);
    return database;
  }

  it("a database built from prisma/migrations is exactly what schema.prisma describes", async () => {
    const database = await freshDatabase();
    const drift = await diffMigrations(database.url, MIGRATIONS_DIR, SCHEMA_TEXT);

    expect(drift.applied.length).toBeGreaterThan(0);
    if (drift.summary !== "" || drift.sql !== "") expect.fail(driftReport(drift));
  });

  it("reports migrations that drifted from the schema, one readable line per difference", async () => {
    const database = await freshDatabase();
    const migrationsDir = editedMigrations((sql) =>
      sql
        .replace(`"winsA" INTEGER,\n    "winsB"`, `"winsA" INTEGER NOT NULL,\n    "winsB"`)
        .replace(`    "bracketSlot" INTEGER,\n`, "")
        .replace(`"format" TEXT NOT NULL DEFAULT ''`, `"format" TEXT NOT NULL`)
        .replace(
          /-- CreateIndex\nCREATE UNIQUE INDEX "MatchReport_idempotencyKey_key"[^\n]*\n\n/,
          "",
        )
        .replace(
          `"Match_sideBId_fkey" FOREIGN KEY ("sideBId") REFERENCES "Registration"("id") ON DELETE RESTRICT`,
          `"Match_sideBId_fkey" FOREIGN KEY ("sideBId") REFERENCES "Registration"("id") ON DELETE CASCADE`,
        )
        .replace(`CREATE INDEX "Round_phaseId_idx"`, `CREATE INDEX "round_phase"`),
    );

    const first = await diffMigrations(database.url, migrationsDir, SCHEMA_TEXT);
    for (const line of [
      "[*] Changed the `Match` table",
      "[+] Added column `bracketSlot`",
      "[*] Altered column `winsA` (changed from Required to Nullable)",
      "[+] Added foreign key on columns (sideBId)",
      "[*] Changed the `MatchReport` table",
      "[+] Added unique index on columns (idempotencyKey)",
      "[*] Renamed index `round_phase` to `Round_phaseId_idx`",
      "[*] Altered column `format` (default changed from `None`",
    ])
      expect(first.summary).toContain(line);
    expect(first.sql).toContain(`ALTER TABLE "Tournament" ALTER COLUMN "format" SET DEFAULT '';`);

    const second = await diffMigrations(
      database.url,
      addMigration(migrationsDir, first.sql),
      SCHEMA_TEXT,
    );
    expect(second.applied).toEqual(["20991231000000_draft"]);
    if (second.summary !== "") expect.fail(driftReport(second));
  });

  it("reports enum values the migrations put in another order than the schema", async () => {
    const database = await freshDatabase();
    const migrationsDir = editedMigrations((sql) =>
      sql.replace(
        `CREATE TYPE "Side" AS ENUM ('A', 'B');`,
        `CREATE TYPE "Side" AS ENUM ('B', 'A');`,
      ),
    );
    const drift = await diffMigrations(database.url, migrationsDir, SCHEMA_TEXT);

    // Prisma's engine compares an enum's values as a set; schema-diff.ts checks their order.
    expect(drift.summary).toBe("[*] Enum `Side`: ('B', 'A'), schema ('A', 'B')");
    expect(drift.sql).toBe("");
  });

  it("the drafted migration brings the database back in step with a changed schema", async () => {
    const database = await freshDatabase();
    const changed = editSchema([
      ["  winsA            Int?\n", "  winsA            Int              @default(0)\n"],
      ["enum Side {\n  A\n  B\n}", "enum Side {\n  A\n  NEITHER\n  B\n}"],
      [
        "  idempotencyKey    String        @unique\n",
        '  idempotencyKey    String\n  nickname          String        @default("")\n',
      ],
      ["  @@index([phaseId])\n", "  @@index([phaseId])\n  @@index([status, number(sort: Desc)])\n"],
      ["onDelete: Restrict)\n  // Null for a bye.", "onDelete: Cascade)\n  // Null for a bye."],
      [
        "model Penalty {",
        "model Note {\n  id     Int    @id @default(autoincrement())\n  text   String\n" +
          "  side   Side?\n}\n\nmodel Penalty {",
      ],
    ]);
    const first = await diffMigrations(database.url, MIGRATIONS_DIR, changed);
    expect(first.sql).toContain(`ALTER TYPE "Side" ADD VALUE 'NEITHER';`);
    expect(first.sql).toContain(`CREATE TABLE "Note" (`);
    expect(first.sql).toContain(`DROP INDEX "MatchReport_idempotencyKey_key";`);

    // The draft, reviewed (the engine appends a new enum value), becomes the next migration.
    const reviewed = first.sql.replace("ADD VALUE 'NEITHER';", "ADD VALUE 'NEITHER' BEFORE 'B';");
    const second = await diffMigrations(
      database.url,
      addMigration(migrationsFolder(), reviewed),
      changed,
    );
    expect(second.applied).toEqual(["20991231000000_draft"]);
    if (second.summary !== "") expect.fail(driftReport(second));
  });

  it("the schema's full DDL builds a database the schema describes exactly", async () => {
    const database = await freshDatabase();
    const ddl = await schemaSql(database.url, SCHEMA_TEXT);
    expect(ddl).toContain(`CREATE TABLE "Match" (`);

    const drift = await diffMigrations(
      database.url,
      addMigration(migrationsFolder(false), ddl),
      SCHEMA_TEXT,
    );
    if (drift.summary !== "") expect.fail(driftReport(drift));
  });
});
