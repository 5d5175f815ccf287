/**
 * The "catalog": a normalized description of the database objects the app relies on.
 * Both sides of the drift check produce this shape — prisma/tooling/datamodel.ts from
 * schema.prisma, prisma/tooling/introspect.ts from a live database — so they can be
 * compared field by field (prisma/tooling/compare.ts) and the schema side can be rendered
 * as DDL (prisma/tooling/generate-sql.ts).
 *
 * Types and defaults are spelled the way Prisma Migrate writes them in migration.sql
 * (`TIMESTAMP(3)`, `DEFAULT CURRENT_TIMESTAMP`, enum types double-quoted), so the same
 * strings serve both for rendering and for readable difference messages.
 */

export type Catalog = {
  enums: EnumType[];
  tables: Table[];
};

export type EnumType = {
  name: string;
  /** In declaration order: Postgres sorts enum values by it. */
  values: string[];
};

export type Table = {
  name: string;
  columns: Column[];
  primaryKey: PrimaryKey | null;
  /** Unique constraints and unique indexes alike (Prisma creates unique indexes). */
  uniques: Index[];
  /** Non-unique indexes. */
  indexes: Index[];
  foreignKeys: ForeignKey[];
};

export type Column = {
  name: string;
  /** SQL type as Prisma writes it: `TEXT`, `INTEGER`, `"Side"`, `TEXT[]`, `VARCHAR(20)`. */
  type: string;
  nullable: boolean;
  /**
   * Normalized default expression (see normalizeDefault), `autoincrement()` for a serial
   * column, or null when the database has none (client-side defaults such as cuid()).
   */
  default: string | null;
};

export type PrimaryKey = {
  name: string;
  columns: string[];
};

export type IndexColumn = {
  name: string;
  descending: boolean;
};

export type Index = {
  name: string;
  columns: IndexColumn[];
  /** Access method when not the default B-tree: `HASH`, `GIN`, `GIST`, `BRIN`, `SPGIST`. */
  method?: string;
  /** WHERE clause of a partial index. schema.prisma cannot express one, so only introspection sets it. */
  predicate?: string;
};

export type ReferentialAction = "CASCADE" | "RESTRICT" | "NO ACTION" | "SET NULL" | "SET DEFAULT";

export type ForeignKey = {
  name: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
};

/** Marker default for serial columns (Prisma's `@default(autoincrement())`). */
export const AUTOINCREMENT = "autoincrement()";

/** Postgres' NAMEDATALEN - 1: longer identifiers are silently truncated by the server. */
export const MAX_IDENTIFIER_BYTES = 63;

/** Double-quotes an identifier the way Prisma's DDL does. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A single-quoted SQL string literal. */
export function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const NUMERIC_TYPE =
  /^(SMALLINT|INTEGER|BIGINT|REAL|DOUBLE PRECISION|DECIMAL(\(\d+,\s*\d+\))?|MONEY)$/;

/** Trailing `::type` casts the server adds when it prints a default, e.g. `''::text`. */
const TRAILING_CAST =
  /::(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_ ]*?(?:\(\d+(?:,\s*\d+)?\))?(?: with(?:out)? time zone)?)(?:\[\])*$/i;

/**
 * Brings a default expression to one spelling so that what Prisma would write
 * (`DEFAULT ''`, `DEFAULT CURRENT_TIMESTAMP`, `DEFAULT -5`) and what the server reports
 * (`''::text`, `now()` on some versions, `'-5'::integer`) compare equal.
 */
export function normalizeDefault(expression: string, type: string): string {
  let text = expression.trim();
  if (/^nextval\(/i.test(text)) return AUTOINCREMENT;
  while (TRAILING_CAST.test(text)) text = text.replace(TRAILING_CAST, "").trim();
  text = stripOuterParens(text);
  if (/^(now\(\)|current_timestamp)$/i.test(text)) return "CURRENT_TIMESTAMP";
  if (/^(true|false)$/i.test(text)) return text.toLowerCase();
  if (NUMERIC_TYPE.test(type)) return normalizeNumber(text);
  return text;
}

function stripOuterParens(text: string): string {
  let current = text;
  while (current.startsWith("(") && current.endsWith(")") && balanced(current.slice(1, -1))) {
    current = current.slice(1, -1).trim();
  }
  return current;
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** `'-5'` → `-5`, `1.0` → `1`: numbers compare by value, not by spelling. */
function normalizeNumber(text: string): string {
  const unquoted = /^'(.*)'$/.exec(text)?.[1] ?? text;
  const value = Number(unquoted);
  return unquoted.trim() !== "" && Number.isFinite(value) ? String(value) : text;
}

/** Sorts tables and enums by name so two catalogs list objects in the same order. */
export function sortCatalog(catalog: Catalog): Catalog {
  const byName = <T extends { name: string }>(a: T, b: T) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  return {
    enums: [...catalog.enums].sort(byName),
    tables: [...catalog.tables].sort(byName),
  };
}
