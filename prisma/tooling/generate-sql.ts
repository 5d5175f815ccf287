/**
 * Catalog → DDL in the layout Prisma Migrate writes for PostgreSQL (section comments,
 * 4-space column indent, `CONSTRAINT "T_pkey"`, indexes and foreign keys after all
 * tables), so a migration written from it reads like one `prisma migrate dev` made.
 */
import {
  AUTOINCREMENT,
  quoteIdent,
  quoteLiteral,
  type Catalog,
  type Column,
  type EnumType,
  type ForeignKey,
  type Index,
  type Table,
} from "./catalog";

/** The full DDL that creates `catalog` in an empty database. */
export function generateSql(catalog: Catalog): string {
  const statements = [
    ...catalog.enums.map(createEnum),
    ...catalog.tables.map(createTable),
    ...catalog.tables.flatMap((table) => [
      ...table.uniques.map((index) => createIndex(table.name, index, true)),
      ...table.indexes.map((index) => createIndex(table.name, index, false)),
    ]),
    ...catalog.tables.flatMap((table) =>
      table.foreignKeys.map((fk) => addForeignKey(table.name, fk)),
    ),
  ];
  return `${statements.join("\n\n")}\n`;
}

export function createEnum(enumType: EnumType): string {
  return `-- CreateEnum\nCREATE TYPE ${quoteIdent(enumType.name)} AS ENUM (${enumType.values.map(quoteLiteral).join(", ")});`;
}

export function createTable(table: Table): string {
  const lines = table.columns.map((column) => `    ${columnDefinition(column)}`);
  const body = table.primaryKey
    ? `${lines.join(",\n")},\n\n    CONSTRAINT ${quoteIdent(table.primaryKey.name)} PRIMARY KEY (${identList(table.primaryKey.columns)})`
    : lines.join(",\n");
  return `-- CreateTable\nCREATE TABLE ${quoteIdent(table.name)} (\n${body}\n);`;
}

/** `"name" TYPE [NOT NULL] [DEFAULT expr]`; Prisma turns autoincrement() into SERIAL types. */
export function columnDefinition(column: Column): string {
  const serial = column.default === AUTOINCREMENT;
  const type = serial ? serialType(column.type) : column.type;
  const notNull = column.nullable ? "" : " NOT NULL";
  const defaultClause = column.default !== null && !serial ? ` DEFAULT ${column.default}` : "";
  return `${quoteIdent(column.name)} ${type}${notNull}${defaultClause}`;
}

function serialType(type: string): string {
  const serials: Record<string, string> = {
    SMALLINT: "SMALLSERIAL",
    INTEGER: "SERIAL",
    BIGINT: "BIGSERIAL",
  };
  const serial = serials[type];
  if (!serial) throw new Error(`autoincrement() needs an integer column, not ${type}`);
  return serial;
}

export function createIndex(tableName: string, index: Index, unique: boolean): string {
  const columns = index.columns
    .map((c) => quoteIdent(c.name) + (c.descending ? " DESC" : ""))
    .join(", ");
  const kind = unique ? "UNIQUE INDEX" : "INDEX";
  const target = index.method
    ? `${quoteIdent(tableName)} USING ${index.method} (${columns})`
    : `${quoteIdent(tableName)}(${columns})`;
  const where = index.predicate ? ` WHERE ${index.predicate}` : "";
  return `-- CreateIndex\nCREATE ${kind} ${quoteIdent(index.name)} ON ${target}${where};`;
}

export function addForeignKey(tableName: string, fk: ForeignKey): string {
  return (
    `-- AddForeignKey\nALTER TABLE ${quoteIdent(tableName)} ADD CONSTRAINT ${quoteIdent(fk.name)} ` +
    `FOREIGN KEY (${identList(fk.columns)}) REFERENCES ${quoteIdent(fk.referencedTable)}(${identList(fk.referencedColumns)}) ` +
    `ON DELETE ${fk.onDelete} ON UPDATE ${fk.onUpdate};`
  );
}

function identList(names: string[]): string {
  return names.map(quoteIdent).join(", ");
}
