/**
 * Prisma's own schema engine, compiled to WebAssembly (@prisma/schema-engine-wasm, pinned to the
 * engine hash of the prisma package), diffing schemas offline: what a database lacks compared
 * with schema.prisma, and the full DDL of the schema. It reaches PostgreSQL or embedded PGlite
 * through @prisma/adapter-pg, as `prisma migrate diff` does with a driver adapter.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  type ColumnType,
  ColumnTypeEnum,
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
} from "@prisma/driver-adapter-utils";
import * as runtime from "@prisma/schema-engine-wasm/schema_engine_bg";
import pg from "pg";
import { applyMigrations } from "../lib/server/infra/migrate";

export const SCHEMA_PATH = path.join(import.meta.dirname, "schema.prisma");
export const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");

export type SchemaDiff = {
  /** The engine's readable list of changes (and misordered enums), "" when the database matches. */
  summary: string;
  /** The engine's SQL that brings the database to the schema (enum order excepted). */
  sql: string;
};

const files = (schema: string) => [{ path: "schema.prisma", content: schema }];
let loaded = false;

/** The package is built for bundlers (it imports its .wasm file), so Node instantiates it here. */
function loadEngine(): typeof runtime.SchemaEngine {
  if (!loaded) {
    // The engine reports a Rust panic's message here before throwing.
    const host = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown };
    host.PRISMA_WASM_PANIC_REGISTRY ??= { set_message: console.error };
    const js = createRequire(import.meta.url).resolve(
      "@prisma/schema-engine-wasm/schema_engine_bg",
    );
    const module = new WebAssembly.Module(fs.readFileSync(js.replace(/\.js$/, ".wasm")));
    const instance = new WebAssembly.Instance(module, {
      "./schema_engine_bg.js": runtime as unknown as WebAssembly.ModuleImports,
    });
    runtime.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    loaded = true;
  }
  return runtime.SchemaEngine;
}

/** Column types of the OIDs the engine's catalog queries return (all of them), as adapter-pg's. */
const COLUMN_TYPES: Record<number, ColumnType> = {
  16: ColumnTypeEnum.Boolean, // bool
  18: ColumnTypeEnum.Character, // "char": adapter-pg 7.10 rejects it (UnsupportedNativeDataType)
  19: ColumnTypeEnum.Text, // name
  20: ColumnTypeEnum.Int64, // int8
  21: ColumnTypeEnum.Int32, // int2
  23: ColumnTypeEnum.Int32, // int4
  25: ColumnTypeEnum.Text, // text
  26: ColumnTypeEnum.Int64, // oid
  1043: ColumnTypeEnum.Text, // varchar
  1009: ColumnTypeEnum.TextArray, // text[]
};

/**
 * adapter-pg over `pool`, but with its own queryRaw: adapter-pg 7.10 rejects pg_catalog's one-byte
 * "char" columns, which the engine's catalog queries return and read as the Character type.
 */
function catalogAdapter(pool: pg.Pool): SqlMigrationAwareDriverAdapterFactory {
  const inner = new PrismaPg(pool);
  // The engine passes only strings and string arrays, which pg sends as they are.
  const queryRaw = async ({ sql, args }: SqlQuery): Promise<SqlResultSet> => {
    const query = { text: sql, values: args, rowMode: "array" as const };
    const { fields, rows } = await pool.query(query).catch((e: pg.DatabaseError) => {
      // As adapter-pg does: the engine prints a DriverAdapterError, but only an id for others.
      const { code = "", severity = "ERROR", message, detail, column, hint } = e;
      const cause = { kind: "postgres" as const, code, severity, message, detail, column, hint };
      throw new DriverAdapterError(cause);
    });
    const columnTypes = fields.map(({ name, dataTypeID }) => {
      const type = COLUMN_TYPES[dataTypeID];
      // A new catalog query's type must be added here, not guessed; the engine prints this kind.
      if (type === undefined) {
        const unmapped = `OID ${dataTypeID} (column ${name}, not mapped in schema-diff.ts)`;
        throw new DriverAdapterError({ kind: "UnsupportedNativeDataType", type: unmapped });
      }
      return type;
    });
    return { columnNames: fields.map((f) => f.name), columnTypes, rows };
  };
  return {
    provider: "postgres",
    adapterName: inner.adapterName,
    connect: async (): Promise<SqlDriverAdapter> => {
      const adapter = await inner.connect();
      // Delegates by name: adapter-pg's methods live on its prototype, which a spread would drop.
      return {
        provider: adapter.provider,
        adapterName: adapter.adapterName,
        queryRaw,
        executeRaw: (query) => adapter.executeRaw(query),
        executeScript: (script) => adapter.executeScript(script),
        startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
        getConnectionInfo: () => adapter.getConnectionInfo(),
        dispose: () => adapter.dispose(),
      };
    },
    // Only the migrations target needs one, and migrations are applied by the app's runner here.
    connectToShadowDb: () => Promise.reject(new Error("no shadow database")),
  };
}

/** Runs `use` with an engine connected to the database at `databaseUrl`, and a pool to it. */
async function withEngine<T>(
  databaseUrl: string,
  schema: string,
  use: (engine: runtime.SchemaEngine, pool: pg.Pool) => Promise<T>,
): Promise<T> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const engine = await loadEngine().new(
    { datamodels: [["schema.prisma", schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(catalogAdapter(pool)),
  );
  try {
    return await use(engine, pool);
  } finally {
    engine.free();
    await pool.end();
  }
}

const NO_FILTERS = { externalTables: [], externalEnums: [] };

async function fullDdl(engine: runtime.SchemaEngine, schema: string): Promise<string> {
  const to = { tag: "schemaDatamodel" as const, files: files(schema) };
  const params = { from: { tag: "empty" as const }, to, script: true, exitCode: null };
  return (await engine.diff({ ...params, filters: NO_FILTERS })).stdout ?? "";
}

/**
 * Enums whose values the database orders otherwise than `ddl`: the engine compares an enum's
 * values as a set, but their order decides ORDER BY and comparisons.
 */
async function misorderedEnums(pool: pg.Pool, ddl: string): Promise<string[]> {
  const expected = new Map(
    [...ddl.matchAll(/CREATE TYPE "([^"]+)" AS ENUM \(([^)]*)\);/g)].map((m) => [m[1], m[2]]),
  );
  const { rows } = await pool.query<{ name: string; labels: string }>(
    `SELECT t.typname AS name,
            string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder) AS labels
       FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
      WHERE t.typnamespace = current_schema()::regnamespace
      GROUP BY t.typname ORDER BY t.typname`,
  );
  const sorted = (labels: string) => labels.split(", ").sort().join();
  return rows.flatMap(({ name, labels }) => {
    const want = expected.get(name);
    const misordered = want !== undefined && want !== labels && sorted(want) === sorted(labels);
    return misordered ? [`[*] Enum \`${name}\`: (${labels}), schema (${want})`] : [];
  });
}

/** What the database at `databaseUrl` lacks compared with `schema`, a schema.prisma's text. */
export async function diffDatabase(databaseUrl: string, schema: string): Promise<SchemaDiff> {
  return withEngine(databaseUrl, schema, async (engine, pool) => {
    const diff = (script: boolean) =>
      engine.diff({
        from: { tag: "schemaDatasource", files: files(schema), configDir: process.cwd() },
        to: { tag: "schemaDatamodel", files: files(schema) },
        script,
        exitCode: true,
        filters: NO_FILTERS,
      });
    const changes = await diff(false);
    const misordered = await misorderedEnums(pool, await fullDdl(engine, schema));
    // exitCode 2 is the engine's "the diff is not empty".
    const changed = changes.exitCode === 2;
    return {
      summary: [changed ? (changes.stdout ?? "").trim() : "", ...misordered].join("\n").trim(),
      sql: changed ? ((await diff(true)).stdout ?? "") : "",
    };
  });
}

/**
 * The DDL that creates all of `schema` in an empty database. The engine connects to
 * `databaseUrl` as it starts (it asks the server's version) but reads and writes nothing there.
 */
export async function schemaSql(databaseUrl: string, schema: string): Promise<string> {
  return withEngine(databaseUrl, schema, (engine) => fullDdl(engine, schema));
}

/**
 * Applies `migrationsDir` to the database at `databaseUrl` with the app's own runner, then diffs
 * the result with `schema`: the drift check of the test and of `npm run db:drift`.
 */
export async function diffMigrations(
  databaseUrl: string,
  migrationsDir: string,
  schema: string,
): Promise<SchemaDiff & { applied: string[] }> {
  const { applied } = await applyMigrations(databaseUrl, { migrationsDir });
  return { applied, ...(await diffDatabase(databaseUrl, schema)) };
}
