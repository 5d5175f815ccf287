/**
 * Live database → catalog, from pg_catalog (the information_schema views do not expose
 * index columns, sort order or enum labels). Only the connection's current schema is read,
 * and Prisma's own `_prisma_migrations` table is left out.
 *
 * Every query here runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).
 */
import pg from "pg";
import {
  normalizeDefault,
  quoteIdent,
  type Catalog,
  type Column,
  type EnumType,
  type ForeignKey,
  type Index,
  type ReferentialAction,
  type Table,
} from "./catalog";

const EXCLUDED_TABLES = ["_prisma_migrations"];

/** Introspects the database at `connectionString` with one short-lived connection. */
export async function introspectDatabase(connectionString: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await introspectCatalog(client);
  } finally {
    await client.end();
  }
}

/** Reads enums, tables, columns, keys, indexes and foreign keys of the current schema. */
export async function introspectCatalog(client: pg.Client): Promise<Catalog> {
  // Sequential on purpose: one client runs one query at a time anyway.
  const enums = await readEnums(client);
  const columns = await readColumns(client);
  const indexes = await readIndexes(client);
  const foreignKeys = await readForeignKeys(client);
  const tables = [...columns.keys()].sort().map(
    (name): Table => ({
      name,
      columns: columns.get(name) ?? [],
      primaryKey: indexes.primaryKeys.get(name) ?? null,
      uniques: indexes.uniques.get(name) ?? [],
      indexes: indexes.indexes.get(name) ?? [],
      foreignKeys: foreignKeys.get(name) ?? [],
    }),
  );
  return { enums, tables };
}

async function readEnums(client: pg.Client): Promise<EnumType[]> {
  const { rows } = await client.query<{ name: string; values: string[] }>(`
    SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
      FROM pg_type t
      JOIN pg_enum e ON e.enumtypid = t.oid
      JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = current_schema()
     GROUP BY t.typname
     ORDER BY t.typname`);
  return rows;
}

type ColumnRow = {
  table: string;
  column: string;
  formatted: string;
  typtype: string;
  typname: string;
  elemTyptype: string | null;
  elemTypname: string | null;
  notNull: boolean;
  default: string | null;
  identity: string;
  generated: string;
};

async function readColumns(client: pg.Client): Promise<Map<string, Column[]>> {
  const { rows } = await client.query<ColumnRow>(
    `SELECT c.relname::text AS "table", a.attname::text AS "column",
            format_type(a.atttypid, a.atttypmod) AS formatted,
            t.typtype::text AS typtype, t.typname::text AS typname,
            et.typtype::text AS "elemTyptype", et.typname::text AS "elemTypname",
            a.attnotnull AS "notNull", pg_get_expr(d.adbin, d.adrelid) AS "default",
            a.attidentity::text AS identity, a.attgenerated::text AS generated
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
        AND a.attnum > 0 AND NOT a.attisdropped AND NOT (c.relname = ANY($1))
      ORDER BY c.relname, a.attnum`,
    [EXCLUDED_TABLES],
  );
  const tables = new Map<string, Column[]>();
  for (const row of rows) {
    const list = tables.get(row.table) ?? [];
    list.push(toColumn(row));
    tables.set(row.table, list);
  }
  return tables;
}

function toColumn(row: ColumnRow): Column {
  const type = columnType(row);
  return { name: row.column, type, nullable: !row.notNull, default: columnDefault(row, type) };
}

function columnDefault(row: ColumnRow, type: string): string | null {
  // Neither is something Prisma creates; spell them out so the comparison reports them.
  if (row.identity)
    return `GENERATED ${row.identity === "a" ? "ALWAYS" : "BY DEFAULT"} AS IDENTITY`;
  if (row.generated) return `GENERATED ALWAYS AS (${row.default ?? ""}) STORED`;
  return row.default === null ? null : normalizeDefault(row.default, type);
}

/** format_type() spelling → the spelling Prisma writes in migration.sql. */
function columnType(row: ColumnRow): string {
  if (row.typtype === "e") return quoteIdent(row.typname);
  if (row.elemTyptype === "e" && row.elemTypname) return `${quoteIdent(row.elemTypname)}[]`;
  return prismaSpelling(row.formatted);
}

const SIMPLE_TYPES: Record<string, string> = {
  text: "TEXT",
  integer: "INTEGER",
  bigint: "BIGINT",
  smallint: "SMALLINT",
  "double precision": "DOUBLE PRECISION",
  real: "REAL",
  boolean: "BOOLEAN",
  jsonb: "JSONB",
  json: "JSON",
  bytea: "BYTEA",
  uuid: "UUID",
  date: "DATE",
  money: "MONEY",
  inet: "INET",
  xml: "XML",
  citext: "CITEXT",
  numeric: "DECIMAL",
  "character varying": "VARCHAR",
  "timestamp without time zone": "TIMESTAMP",
  "timestamp with time zone": "TIMESTAMPTZ",
  "time without time zone": "TIME",
  "time with time zone": "TIMETZ",
};

const PARAMETERIZED_TYPES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^numeric\((\d+),(\d+)\)$/, (m) => `DECIMAL(${m[1]},${m[2]})`],
  [/^character varying\((\d+)\)$/, (m) => `VARCHAR(${m[1]})`],
  [/^character\((\d+)\)$/, (m) => `CHAR(${m[1]})`],
  [/^timestamp\((\d)\) without time zone$/, (m) => `TIMESTAMP(${m[1]})`],
  [/^timestamp\((\d)\) with time zone$/, (m) => `TIMESTAMPTZ(${m[1]})`],
  [/^time\((\d)\) without time zone$/, (m) => `TIME(${m[1]})`],
  [/^time\((\d)\) with time zone$/, (m) => `TIMETZ(${m[1]})`],
];

function prismaSpelling(formatted: string): string {
  if (formatted.endsWith("[]")) return `${prismaSpelling(formatted.slice(0, -2))}[]`;
  const simple = SIMPLE_TYPES[formatted];
  if (simple) return simple;
  for (const [pattern, render] of PARAMETERIZED_TYPES) {
    const match = pattern.exec(formatted);
    if (match) return render(match);
  }
  return formatted.toUpperCase();
}

type IndexRow = {
  table: string;
  name: string;
  isUnique: boolean;
  isPrimary: boolean;
  columns: (string | null)[];
  options: number[];
  method: string;
  predicate: string | null;
};

type IndexMaps = {
  primaryKeys: Map<string, { name: string; columns: string[] }>;
  uniques: Map<string, Index[]>;
  indexes: Map<string, Index[]>;
};

/**
 * Unique constraints and unique indexes both show up here: a UNIQUE constraint is backed
 * by a unique index of the same name, and Prisma treats the two alike.
 */
async function readIndexes(client: pg.Client): Promise<IndexMaps> {
  const { rows } = await client.query<IndexRow>(
    `SELECT c.relname::text AS "table", i.relname::text AS name,
            x.indisunique AS "isUnique", x.indisprimary AS "isPrimary",
            array(SELECT a.attname::text
                    FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                    LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
                   WHERE k.ord <= x.indnkeyatts
                   ORDER BY k.ord) AS columns,
            x.indoption::int2[] AS options,
            am.amname::text AS method,
            pg_get_expr(x.indpred, x.indrelid) AS predicate
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class c ON c.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_am am ON am.oid = i.relam
      WHERE n.nspname = current_schema() AND NOT (c.relname = ANY($1))
      ORDER BY c.relname, i.relname`,
    [EXCLUDED_TABLES],
  );
  const maps: IndexMaps = { primaryKeys: new Map(), uniques: new Map(), indexes: new Map() };
  for (const row of rows) {
    // Expression columns have no attribute name; they cannot come from schema.prisma.
    const names = row.columns.map((name) => name ?? "(expression)");
    if (row.isPrimary) {
      maps.primaryKeys.set(row.table, { name: row.name, columns: names });
      continue;
    }
    const target = row.isUnique ? maps.uniques : maps.indexes;
    const list = target.get(row.table) ?? [];
    list.push(toIndex(row, names));
    target.set(row.table, list);
  }
  return maps;
}

function toIndex(row: IndexRow, names: string[]): Index {
  const method = row.method.toUpperCase();
  return {
    name: row.name,
    // indoption bit 0 is INDOPTION_DESC.
    columns: names.map((name, i) => ({ name, descending: ((row.options[i] ?? 0) & 1) === 1 })),
    ...(method !== "BTREE" ? { method } : {}),
    ...(row.predicate ? { predicate: row.predicate } : {}),
  };
}

type ForeignKeyRow = {
  table: string;
  name: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: string;
  onUpdate: string;
};

const ACTION_CODES: Record<string, ReferentialAction> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};

async function readForeignKeys(client: pg.Client): Promise<Map<string, ForeignKey[]>> {
  const { rows } = await client.query<ForeignKeyRow>(
    `SELECT c.relname::text AS "table", con.conname::text AS name, rc.relname::text AS "referencedTable",
            array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS "referencedColumns",
            con.confdeltype::text AS "onDelete", con.confupdtype::text AS "onUpdate"
       FROM pg_constraint con
       JOIN pg_class c ON c.oid = con.conrelid
       JOIN pg_class rc ON rc.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE con.contype = 'f' AND n.nspname = current_schema() AND NOT (c.relname = ANY($1))
      ORDER BY c.relname, con.conname`,
    [EXCLUDED_TABLES],
  );
  const tables = new Map<string, ForeignKey[]>();
  for (const row of rows) {
    const list = tables.get(row.table) ?? [];
    list.push({
      name: row.name,
      columns: row.columns,
      referencedTable: row.referencedTable,
      referencedColumns: row.referencedColumns,
      onDelete: ACTION_CODES[row.onDelete] ?? "NO ACTION",
      onUpdate: ACTION_CODES[row.onUpdate] ?? "NO ACTION",
    });
    tables.set(row.table, list);
  }
  return tables;
}
