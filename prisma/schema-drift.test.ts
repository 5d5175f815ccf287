/**
 * Proves prisma/migrations and prisma/schema.prisma describe the same database: a fresh
 * database is migrated with the app's own runner, read back from pg_catalog, and compared
 * with the catalog Prisma's parser derives from the schema. Runs on the PostgreSQL server
 * and on embedded PGlite, the two databases the app supports.
 *
 * When it fails: `npx tsx prisma/tooling/drift.ts` prints the same differences and a draft
 * migration (docs/database.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../lib/server/infra/embedded-postgres";
import { provisionTestDatabase } from "../test/database";
import type { Catalog, Table } from "./tooling/catalog";
import { diffCatalogs, formatDifferences, type Difference } from "./tooling/compare";
import { catalogFromSchema, readSchemaCatalog } from "./tooling/datamodel";
import { checkMigrationsDrift } from "./tooling/drift-check";
import { suggestMigration } from "./tooling/suggest-migration";

const ROOT = path.resolve(import.meta.dirname, "..");
const MIGRATIONS_DIR = path.join(ROOT, "prisma", "migrations");
const SCHEMA_TEXT = fs.readFileSync(path.join(ROOT, "prisma", "schema.prisma"), "utf8");

type Database = { url: string; isEmbedded: boolean; drop: () => Promise<void> };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function messages(differences: Difference[]): string[] {
  return differences.map((d) => d.message);
}

function driftReport(differences: Difference[]): string {
  return (
    `prisma/migrations and prisma/schema.prisma are out of step (${differences.length} difference(s)):\n` +
    `${formatDifferences(differences)}\n` +
    "Run `npx tsx prisma/tooling/drift.ts` for a draft migration (see docs/database.md)."
  );
}

/** A throwaway copy of prisma/migrations. */
function copyMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drift-test-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

/** A copy of the real migrations with `edit` applied to the init script, for deliberate drift. */
function editedMigrations(edit: (sql: string) => string): string {
  const dir = copyMigrations();
  const file = path.join(dir, "20261121000000_init", "migration.sql");
  const before = fs.readFileSync(file, "utf8");
  const after = edit(before);
  if (after === before) throw new Error("the edit did not change the migration: fix the test");
  fs.writeFileSync(file, after);
  return dir;
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
      return { url: embedded.url, isEmbedded: true, drop: embedded.stop };
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
    const { applied, actual, differences } = await checkMigrationsDrift({
      databaseUrl: database.url,
      migrationsDir: MIGRATIONS_DIR,
      expected: readSchemaCatalog(path.join(ROOT, "prisma", "schema.prisma")),
    });

    expect(applied.length).toBeGreaterThan(0);
    // The comparison must have had something to compare.
    expect(actual.tables.map((t) => t.name)).toContain("Match");
    expect(actual.tables.map((t) => t.name)).not.toContain("_prisma_migrations");
    if (differences.length > 0) expect.fail(driftReport(differences));
  });

  it("reports migrations that drifted from the schema, one readable line per difference", async () => {
    const database = await freshDatabase();
    const migrationsDir = editedMigrations((sql) =>
      sql
        .replace(`"winsA" INTEGER,\n    "winsB"`, `"winsA" INTEGER NOT NULL,\n    "winsB"`)
        .replace(`    "bracketSlot" INTEGER,\n`, "")
        .replace(`"format" TEXT NOT NULL DEFAULT ''`, `"format" TEXT NOT NULL`)
        .replace(`CREATE TYPE "Side" AS ENUM ('A', 'B');`, `CREATE TYPE "Side" AS ENUM ('B', 'A');`)
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

    const { differences } = await checkMigrationsDrift({
      databaseUrl: database.url,
      migrationsDir,
      expected: catalogFromSchema(SCHEMA_TEXT),
    });

    expect(messages(differences)).toEqual([
      `enum "Side": expected values (A, B), database has (B, A)`,
      `Tournament.format: expected DEFAULT '', database has no default`,
      `Round: index ("phaseId") is named "round_phase" in the database, expected "Round_phaseId_idx"`,
      `Match.bracketSlot: missing from the database (expected nullable INTEGER)`,
      `Match.winsA: expected nullable INTEGER, database has NOT NULL INTEGER`,
      `Match.sideBId: expected foreign key REFERENCES "Registration"("id") ON DELETE RESTRICT ON UPDATE CASCADE, database has REFERENCES "Registration"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
      `MatchReport: unique index "MatchReport_idempotencyKey_key" ("idempotencyKey") missing from the database`,
    ]);
  });

  it("the drafted migration brings the database back in step with a changed schema", async () => {
    const database = await freshDatabase();
    const changed = catalogFromSchema(
      editSchema([
        ["  winsA            Int?\n", "  winsA            Int              @default(0)\n"],
        ["enum Side {\n  A\n  B\n}", "enum Side {\n  A\n  NEITHER\n  B\n}"],
        [
          "  idempotencyKey    String        @unique\n",
          '  idempotencyKey    String\n  nickname          String        @default("")\n',
        ],
        [
          "  @@index([phaseId])\n",
          "  @@index([phaseId])\n  @@index([status, number(sort: Desc)])\n",
        ],
        ["onDelete: Restrict)\n  // Null for a bye.", "onDelete: Cascade)\n  // Null for a bye."],
        [
          "model Penalty {",
          "model Note {\n  id     Int    @id @default(autoincrement())\n  text   String\n  side   Side?\n}\n\nmodel Penalty {",
        ],
      ]),
    );
    const first = await checkMigrationsDrift({
      databaseUrl: database.url,
      migrationsDir: MIGRATIONS_DIR,
      expected: changed,
    });
    expect(first.differences.length).toBeGreaterThanOrEqual(6);

    // The draft becomes the next migration after the ones already applied.
    const migrationsDir = copyMigrations();
    fs.mkdirSync(path.join(migrationsDir, "20991231000000_draft"));
    fs.writeFileSync(
      path.join(migrationsDir, "20991231000000_draft", "migration.sql"),
      suggestMigration(first.differences),
    );

    const second = await checkMigrationsDrift({
      databaseUrl: database.url,
      migrationsDir,
      expected: changed,
    });
    expect(second.applied).toEqual(["20991231000000_draft"]);
    if (second.differences.length > 0) expect.fail(driftReport(second.differences));
  });
});

describe("the comparator", () => {
  const expected = readSchemaCatalog(path.join(ROOT, "prisma", "schema.prisma"));

  /** A deep copy of the expected catalog with `change` applied to one table. */
  function altered(tableName: string, change: (table: Table) => void): Catalog {
    const copy: Catalog = structuredClone(expected);
    const table = copy.tables.find((t) => t.name === tableName);
    if (!table) throw new Error(`no table ${tableName}`);
    change(table);
    return copy;
  }

  function column(table: Table, name: string) {
    const found = table.columns.find((c) => c.name === name);
    if (!found) throw new Error(`no column ${table.name}.${name}`);
    return found;
  }

  it("finds nothing when the catalogs are equal", () => {
    expect(diffCatalogs(expected, structuredClone(expected))).toEqual([]);
  });

  it("reports nullability, type and default changes of a column", () => {
    const actual = altered("Match", (t) => {
      column(t, "winsA").nullable = false;
      column(t, "tableNumber").type = "BIGINT";
      column(t, "version").default = "1";
    });
    expect(messages(diffCatalogs(expected, actual))).toEqual([
      "Match.tableNumber: expected NOT NULL INTEGER, database has NOT NULL BIGINT",
      "Match.winsA: expected nullable INTEGER, database has NOT NULL INTEGER",
      "Match.version: expected DEFAULT 0, database has DEFAULT 1",
    ]);
  });

  it("reports missing and extra tables, columns, enums, indexes and foreign keys", () => {
    const actual = altered("Game", (t) => {
      t.columns = t.columns.filter((c) => c.name !== "lifeB");
      t.columns.push({ name: "legacy", type: "TEXT", nullable: true, default: null });
      t.uniques = t.uniques.filter(
        (index) => index.name !== "Game_matchId_number_removalSequence_key",
      );
      t.indexes.push({ name: "Game_winner_idx", columns: [{ name: "winner", descending: false }] });
      t.foreignKeys = [];
    });
    actual.tables = actual.tables.filter((t) => t.name !== "Penalty");
    actual.enums = actual.enums.filter((e) => e.name !== "PenaltyKind");
    actual.enums.push({ name: "Legacy", values: ["X"] });

    expect(messages(diffCatalogs(expected, actual))).toEqual([
      `enum "PenaltyKind": missing from the database`,
      `enum "Legacy": in the database but not in the schema`,
      `Game.lifeB: missing from the database (expected nullable INTEGER)`,
      `Game.legacy: in the database (nullable TEXT) but not in the schema`,
      `Game: unique index "Game_matchId_number_removalSequence_key" ("matchId", "number", "removalSequence") missing from the database`,
      `Game: index "Game_winner_idx" ("winner") in the database but not in the schema`,
      `Game.matchId: foreign key "Game_matchId_fkey" missing from the database (expected REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE)`,
      `Penalty: table missing from the database`,
    ]);
  });

  it("reports a primary key, enum order and referential action that differ", () => {
    const actual = altered("TeamMember", (t) => {
      t.primaryKey = { name: "TeamMember_pkey", columns: ["registrationId", "playerId"] };
      const fk = t.foreignKeys.find((f) => f.columns[0] === "playerId");
      if (!fk) throw new Error("no TeamMember.playerId foreign key");
      fk.onDelete = "CASCADE";
    });
    const side = actual.enums.find((e) => e.name === "Side");
    if (!side) throw new Error("no enum Side");
    side.values = ["B", "A"];

    expect(messages(diffCatalogs(expected, actual))).toEqual([
      `enum "Side": expected values (A, B), database has (B, A)`,
      `TeamMember: expected primary key ("registrationId", "seat"), database has ("registrationId", "playerId")`,
      `TeamMember.playerId: expected foreign key REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE, database has REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    ]);
  });

  it("describes the schema's own relations with Prisma's defaults", () => {
    const match = expected.tables.find((t) => t.name === "Match");
    const report = expected.tables.find((t) => t.name === "MatchReport");
    // Explicit onDelete: Restrict on an optional relation stays RESTRICT, not Prisma's SET NULL default.
    expect(match?.foreignKeys.find((f) => f.columns[0] === "sideBId")?.onDelete).toBe("RESTRICT");
    expect(report?.foreignKeys.find((f) => f.columns[0] === "reportedById")).toMatchObject({
      onDelete: "SET NULL",
      onUpdate: "CASCADE",
    });
    // Client-side defaults leave no database default.
    expect(match?.columns.find((c) => c.name === "id")?.default).toBeNull();
    expect(match?.columns.find((c) => c.name === "updatedAt")?.default).toBeNull();
    expect(match?.columns.find((c) => c.name === "createdAt")?.default).toBe("CURRENT_TIMESTAMP");
  });
});
