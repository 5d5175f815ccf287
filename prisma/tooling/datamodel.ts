/**
 * schema.prisma → expected catalog, using the DMMF from Prisma's own schema parser
 * (@prisma/prisma-schema-wasm), so names, relations and defaults are read exactly as the
 * Prisma client sees them. Names of constraints and indexes follow Prisma's defaults
 * (psl ConstraintNames) unless the schema maps them.
 */
import fs from "node:fs";
import path from "node:path";
import wasm from "@prisma/prisma-schema-wasm";
import {
  AUTOINCREMENT,
  MAX_IDENTIFIER_BYTES,
  normalizeDefault,
  quoteIdent,
  quoteLiteral,
  type Catalog,
  type Column,
  type EnumType,
  type ForeignKey,
  type Index,
  type PrimaryKey,
  type ReferentialAction,
  type Table,
} from "./catalog";

// The subset of Prisma's DMMF this module reads.
type DmmfDefault = string | number | boolean | { name: string; args: unknown[] } | unknown[];
type DmmfField = {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "object" | "enum" | "unsupported";
  isList: boolean;
  isRequired: boolean;
  type: string;
  nativeType?: [string, string[]] | null;
  hasDefaultValue: boolean;
  default?: DmmfDefault;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
};
type DmmfModel = { name: string; dbName: string | null; fields: DmmfField[] };
type DmmfEnum = {
  name: string;
  dbName?: string | null;
  values: { name: string; dbName: string | null }[];
};
type DmmfIndex = {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string | null;
  algorithm?: string;
  fields: { name: string; sortOrder?: "asc" | "desc"; operatorClass?: string; length?: number }[];
};
type Datamodel = { enums: DmmfEnum[]; models: DmmfModel[]; indexes: DmmfIndex[] };

export const DEFAULT_SCHEMA_PATH = path.join(process.cwd(), "prisma", "schema.prisma");

/** Parses schema text with Prisma's parser; throws Prisma's validation message on errors. */
export function readDatamodel(schemaText: string): Datamodel {
  const dmmf = JSON.parse(
    wasm.get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schemaText]] })),
  );
  return dmmf.datamodel as Datamodel;
}

/** The catalog a database migrated to match `schemaText` must have. */
export function catalogFromSchema(schemaText: string): Catalog {
  const datamodel = readDatamodel(schemaText);
  const enums = datamodel.enums.map(toEnumType);
  const enumDbNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const models = new Map(datamodel.models.map((m) => [m.name, m]));
  const context: Context = { enumDbNames, models };
  const tables = datamodel.models.map((model) =>
    toTable(
      model,
      datamodel.indexes.filter((index) => index.model === model.name),
      context,
    ),
  );
  return { enums, tables };
}

/** Reads and converts schema.prisma (by default the project's). */
export function readSchemaCatalog(schemaPath = DEFAULT_SCHEMA_PATH): Catalog {
  return catalogFromSchema(fs.readFileSync(schemaPath, "utf8"));
}

type Context = { enumDbNames: Map<string, string>; models: Map<string, DmmfModel> };

function toEnumType(dmmfEnum: DmmfEnum): EnumType {
  return {
    name: dmmfEnum.dbName ?? dmmfEnum.name,
    values: dmmfEnum.values.map((v) => v.dbName ?? v.name),
  };
}

function tableName(model: DmmfModel): string {
  return model.dbName ?? model.name;
}

function columnName(model: DmmfModel, fieldName: string): string {
  const field = model.fields.find((f) => f.name === fieldName);
  if (!field) throw new Error(`${model.name}: no field ${fieldName}`);
  return field.dbName ?? field.name;
}

function toTable(model: DmmfModel, indexes: DmmfIndex[], context: Context): Table {
  const name = tableName(model);
  const columns = model.fields
    .filter((f) => f.kind === "scalar" || f.kind === "enum")
    .map((f) => toColumn(model, f, context));
  const keyed =
    (suffix: "_key" | "_idx") =>
    (index: DmmfIndex): Index => {
      const cols = index.fields.map((f) => columnName(model, f.name));
      if (index.fields.some((f) => f.operatorClass)) {
        throw new Error(
          `${model.name}: index operator classes are not supported by prisma/tooling`,
        );
      }
      const method = index.algorithm?.toUpperCase();
      return {
        name: index.dbName ?? constraintName(name, cols, suffix),
        columns: index.fields.map((f, i) => ({
          name: cols[i] ?? f.name,
          descending: f.sortOrder === "desc",
        })),
        ...(method && method !== "BTREE" ? { method } : {}),
      };
    };
  for (const index of indexes) {
    if (index.type === "fulltext")
      throw new Error(`${model.name}: fulltext indexes are not supported on PostgreSQL`);
  }
  return {
    name,
    columns,
    primaryKey: toPrimaryKey(
      model,
      indexes.find((i) => i.type === "id"),
    ),
    uniques: indexes.filter((i) => i.type === "unique").map(keyed("_key")),
    indexes: indexes.filter((i) => i.type === "normal").map(keyed("_idx")),
    foreignKeys: model.fields.flatMap((f) => toForeignKey(model, f, context)),
  };
}

function toPrimaryKey(model: DmmfModel, index: DmmfIndex | undefined): PrimaryKey | null {
  if (!index) return null;
  const name = tableName(model);
  return {
    name: index.dbName ?? `${truncateIdentifier(name, MAX_IDENTIFIER_BYTES - "_pkey".length)}_pkey`,
    columns: index.fields.map((f) => columnName(model, f.name)),
  };
}

function toColumn(model: DmmfModel, field: DmmfField, context: Context): Column {
  const type = columnType(model, field, context);
  return {
    name: field.dbName ?? field.name,
    type,
    // Lists are NOT NULL in Prisma's DDL: an absent list is stored as an empty array.
    nullable: !field.isRequired && !field.isList,
    default: columnDefault(model, field, type),
  };
}

const SCALAR_TYPES: Record<string, string> = {
  String: "TEXT",
  Int: "INTEGER",
  BigInt: "BIGINT",
  Float: "DOUBLE PRECISION",
  Decimal: "DECIMAL(65,30)",
  Boolean: "BOOLEAN",
  DateTime: "TIMESTAMP(3)",
  Json: "JSONB",
  Bytes: "BYTEA",
};

/** Prisma's @db.* native types, as its Postgres connector renders them. */
const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  Text: () => "TEXT",
  VarChar: (a) => (a.length ? `VARCHAR(${a[0]})` : "VARCHAR"),
  Char: (a) => `CHAR(${a[0] ?? 1})`,
  Uuid: () => "UUID",
  SmallInt: () => "SMALLINT",
  Integer: () => "INTEGER",
  BigInt: () => "BIGINT",
  Real: () => "REAL",
  DoublePrecision: () => "DOUBLE PRECISION",
  Decimal: (a) => (a.length ? `DECIMAL(${a.join(",")})` : "DECIMAL"),
  Money: () => "MONEY",
  Boolean: () => "BOOLEAN",
  Date: () => "DATE",
  Timestamp: (a) => `TIMESTAMP(${a[0] ?? 6})`,
  Timestamptz: (a) => `TIMESTAMPTZ(${a[0] ?? 6})`,
  Time: (a) => `TIME(${a[0] ?? 6})`,
  Timetz: (a) => `TIMETZ(${a[0] ?? 6})`,
  Json: () => "JSON",
  JsonB: () => "JSONB",
  ByteA: () => "BYTEA",
  Inet: () => "INET",
  Citext: () => "CITEXT",
  Xml: () => "XML",
};

function columnType(model: DmmfModel, field: DmmfField, context: Context): string {
  const base = baseType(model, field, context);
  return field.isList ? `${base}[]` : base;
}

function baseType(model: DmmfModel, field: DmmfField, context: Context): string {
  if (field.kind === "enum") return quoteIdent(context.enumDbNames.get(field.type) ?? field.type);
  if (field.nativeType) {
    const [nativeName, args] = field.nativeType;
    const render = NATIVE_TYPES[nativeName];
    if (!render)
      throw new Error(
        `${model.name}.${field.name}: @db.${nativeName} is not supported by prisma/tooling`,
      );
    return render(args);
  }
  const scalar = SCALAR_TYPES[field.type];
  if (!scalar)
    throw new Error(
      `${model.name}.${field.name}: type ${field.type} is not supported by prisma/tooling`,
    );
  return scalar;
}

/** The database-side default, or null for client-side ones (cuid(), uuid(), @updatedAt). */
function columnDefault(model: DmmfModel, field: DmmfField, type: string): string | null {
  if (!field.hasDefaultValue || field.default === undefined) return null;
  const value = field.default;
  if (Array.isArray(value))
    throw new Error(
      `${model.name}.${field.name}: list defaults are not supported by prisma/tooling`,
    );
  if (typeof value === "object") return functionDefault(model, field, value);
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") return normalizeDefault(String(value), type);
  return literalDefault(field, value, type);
}

function functionDefault(
  model: DmmfModel,
  field: DmmfField,
  fn: { name: string; args: unknown[] },
): string | null {
  switch (fn.name) {
    case "now":
      return "CURRENT_TIMESTAMP";
    case "autoincrement":
      return AUTOINCREMENT;
    case "dbgenerated": {
      const expression = fn.args[0];
      return typeof expression === "string" && expression !== "" ? expression : null;
    }
    case "cuid":
    case "uuid":
    case "nanoid":
    case "ulid":
      return null; // generated by the Prisma client, never by the database
    default:
      throw new Error(
        `${model.name}.${field.name}: @default(${fn.name}()) is not supported by prisma/tooling`,
      );
  }
}

/** DMMF gives enum, string, BigInt and Decimal defaults as strings. */
function literalDefault(field: DmmfField, value: string, type: string): string {
  if (
    field.kind === "enum" ||
    field.type === "String" ||
    field.type === "Json" ||
    field.type === "Bytes"
  ) {
    return quoteLiteral(value);
  }
  if (field.type === "DateTime") return quoteLiteral(value);
  return normalizeDefault(value, type);
}

const ACTIONS: Record<string, ReferentialAction> = {
  Cascade: "CASCADE",
  Restrict: "RESTRICT",
  NoAction: "NO ACTION",
  SetNull: "SET NULL",
  SetDefault: "SET DEFAULT",
};

function toForeignKey(model: DmmfModel, field: DmmfField, context: Context): ForeignKey[] {
  const from = field.relationFromFields ?? [];
  if (field.kind !== "object" || from.length === 0) return [];
  const target = context.models.get(field.type);
  if (!target) throw new Error(`${model.name}.${field.name}: unknown model ${field.type}`);
  const columns = from.map((f) => columnName(model, f));
  // Prisma's defaults: a required relation restricts deletes, an optional one nulls the
  // reference; updates cascade.
  const onDelete = field.relationOnDelete ?? (field.isRequired ? "Restrict" : "SetNull");
  const onUpdate = field.relationOnUpdate ?? "Cascade";
  return [
    {
      name: constraintName(tableName(model), columns, "_fkey"),
      columns,
      referencedTable: tableName(target),
      referencedColumns: (field.relationToFields ?? []).map((f) => columnName(target, f)),
      onDelete: action(model, field, onDelete),
      onUpdate: action(model, field, onUpdate),
    },
  ];
}

function action(model: DmmfModel, field: DmmfField, name: string): ReferentialAction {
  const sql = ACTIONS[name];
  if (!sql) throw new Error(`${model.name}.${field.name}: unknown referential action ${name}`);
  return sql;
}

/** Prisma's default `{table}_{columns}{suffix}`, truncated to Postgres' identifier limit. */
export function constraintName(
  table: string,
  columns: string[],
  suffix: "_key" | "_idx" | "_fkey",
): string {
  return (
    truncateIdentifier(`${table}_${columns.join("_")}`, MAX_IDENTIFIER_BYTES - suffix.length) +
    suffix
  );
}

/** Cuts to at most `maxBytes` UTF-8 bytes without splitting a character, as Prisma does. */
function truncateIdentifier(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name) < maxBytes) return name;
  let out = "";
  for (const char of name) {
    if (Buffer.byteLength(out + char) > maxBytes) break;
    out += char;
  }
  return out;
}
