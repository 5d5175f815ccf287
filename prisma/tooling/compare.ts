/**
 * Compares the catalog schema.prisma describes with the one a database has, listing every
 * difference in words a developer can act on, each with the DDL that would remove it
 * (rendered as a suggested migration by generate-sql.ts `renderFixes`).
 *
 * Objects are matched the way Prisma matches them: tables, columns and enums by name;
 * indexes and foreign keys by their columns, so a mere name difference reads as a rename.
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
  type PrimaryKey,
  type Table,
} from "./catalog";
import {
  addForeignKey,
  columnDefinition,
  createEnum,
  createIndex,
  createTable,
} from "./generate-sql";

/**
 * Order in which fixes must run, following Prisma's own step order: drop what depends on
 * an object before changing it, create what others depend on first.
 */
export enum Phase {
  DropForeignKey,
  DropIndex,
  CreateEnum,
  AlterEnum,
  AlterTable,
  DropTable,
  CreateTable,
  DropEnum,
  RenameOrCreateIndex,
  AddForeignKey,
}

export type Fix = {
  phase: Phase;
  /** A complete statement, with Prisma's `-- Step` comment. */
  statement?: string;
  /** One action of `ALTER TABLE "table" ...`; actions on one table are merged, as Prisma does. */
  alter?: { table: string; action: string };
  /** Printed in the migration's warning header (data that cannot be migrated blindly). */
  warning?: string;
};

export type Difference = {
  message: string;
  fixes: Fix[];
};

/** Every way `actual` differs from `expected`; empty when they are in step. */
export function diffCatalogs(expected: Catalog, actual: Catalog): Difference[] {
  return [
    ...diffEnums(expected.enums, actual.enums),
    ...diffTables(expected.tables, actual.tables),
  ];
}

/** One difference per line. */
export function formatDifferences(differences: Difference[]): string {
  return differences.map((d) => `  - ${d.message}`).join("\n");
}

// ---------------------------------------------------------------------------- enums

function diffEnums(expected: EnumType[], actual: EnumType[]): Difference[] {
  const actualByName = new Map(actual.map((e) => [e.name, e]));
  const expectedNames = new Set(expected.map((e) => e.name));
  const differences: Difference[] = [];
  for (const enumType of expected) {
    const found = actualByName.get(enumType.name);
    if (!found) {
      differences.push({
        message: `enum ${quoteIdent(enumType.name)}: missing from the database`,
        fixes: [{ phase: Phase.CreateEnum, statement: createEnum(enumType) }],
      });
    } else if (found.values.join("\0") !== enumType.values.join("\0")) {
      differences.push({
        message: `enum ${quoteIdent(enumType.name)}: expected values (${enumType.values.join(", ")}), database has (${found.values.join(", ")})`,
        fixes: enumValueFixes(enumType, found),
      });
    }
  }
  for (const enumType of actual.filter((e) => !expectedNames.has(e.name))) {
    differences.push({
      message: `enum ${quoteIdent(enumType.name)}: in the database but not in the schema`,
      fixes: [
        {
          phase: Phase.DropEnum,
          statement: `-- DropEnum\nDROP TYPE ${quoteIdent(enumType.name)};`,
        },
      ],
    });
  }
  return differences;
}

/**
 * New values can be added in place (`ADD VALUE ... BEFORE`); removing or reordering values
 * needs the type recreated and every column converted, which is left to the developer.
 */
function enumValueFixes(expected: EnumType, actual: EnumType): Fix[] {
  const kept = expected.values.filter((v) => actual.values.includes(v));
  if (kept.length !== actual.values.length || kept.join("\0") !== actual.values.join("\0")) {
    return [
      {
        phase: Phase.AlterEnum,
        warning: `Values of enum ${quoteIdent(expected.name)} were removed or reordered: recreate the type (CREATE TYPE new, ALTER COLUMN ... TYPE new USING col::text::new, DROP TYPE old, RENAME) by hand.`,
      },
    ];
  }
  return expected.values.flatMap((value, i): Fix[] => {
    if (actual.values.includes(value)) return [];
    const next = expected.values.slice(i + 1).find((v) => actual.values.includes(v));
    const position = next === undefined ? "" : ` BEFORE ${quoteLiteral(next)}`;
    return [
      {
        phase: Phase.AlterEnum,
        statement: `-- AlterEnum\nALTER TYPE ${quoteIdent(expected.name)} ADD VALUE ${quoteLiteral(value)}${position};`,
      },
    ];
  });
}

// ---------------------------------------------------------------------------- tables

function diffTables(expected: Table[], actual: Table[]): Difference[] {
  const actualByName = new Map(actual.map((t) => [t.name, t]));
  const expectedNames = new Set(expected.map((t) => t.name));
  const differences: Difference[] = [];
  for (const table of expected) {
    const found = actualByName.get(table.name);
    differences.push(...(found ? diffTable(table, found) : [missingTable(table)]));
  }
  for (const table of actual.filter((t) => !expectedNames.has(t.name))) {
    differences.push({
      message: `${table.name}: table in the database but not in the schema`,
      fixes: [
        {
          phase: Phase.DropTable,
          statement: `-- DropTable\nDROP TABLE ${quoteIdent(table.name)};`,
        },
      ],
    });
  }
  return differences;
}

function missingTable(table: Table): Difference {
  return {
    message: `${table.name}: table missing from the database`,
    fixes: [
      { phase: Phase.CreateTable, statement: createTable(table) },
      ...table.uniques.map((index) => ({
        phase: Phase.RenameOrCreateIndex,
        statement: createIndex(table.name, index, true),
      })),
      ...table.indexes.map((index) => ({
        phase: Phase.RenameOrCreateIndex,
        statement: createIndex(table.name, index, false),
      })),
      ...table.foreignKeys.map((fk) => ({
        phase: Phase.AddForeignKey,
        statement: addForeignKey(table.name, fk),
      })),
    ],
  };
}

function diffTable(expected: Table, actual: Table): Difference[] {
  return [
    ...diffColumns(expected, actual),
    ...diffPrimaryKey(expected.name, expected.primaryKey, actual.primaryKey),
    ...diffIndexes(expected.name, expected.uniques, actual.uniques, true),
    ...diffIndexes(expected.name, expected.indexes, actual.indexes, false),
    ...diffForeignKeys(expected.name, expected.foreignKeys, actual.foreignKeys),
  ];
}

// ---------------------------------------------------------------------------- columns

function describeColumn(column: Column): string {
  return `${column.nullable ? "nullable" : "NOT NULL"} ${column.type}`;
}

function describeDefault(value: string | null): string {
  if (value === null) return "no default";
  return value === AUTOINCREMENT ? "autoincrement() (a sequence)" : `DEFAULT ${value}`;
}

function diffColumns(expected: Table, actual: Table): Difference[] {
  const actualByName = new Map(actual.columns.map((c) => [c.name, c]));
  const expectedNames = new Set(expected.columns.map((c) => c.name));
  const differences: Difference[] = [];
  for (const column of expected.columns) {
    const found = actualByName.get(column.name);
    if (found) differences.push(...diffColumn(expected.name, column, found));
    else differences.push(missingColumn(expected.name, column));
  }
  for (const column of actual.columns.filter((c) => !expectedNames.has(c.name))) {
    differences.push({
      message: `${expected.name}.${column.name}: in the database (${describeColumn(column)}) but not in the schema`,
      fixes: [
        {
          phase: Phase.AlterTable,
          alter: { table: expected.name, action: `DROP COLUMN ${quoteIdent(column.name)}` },
        },
        {
          phase: Phase.AlterTable,
          warning: `You are about to drop the column \`${column.name}\` on the \`${expected.name}\` table, which still exists in the database. All the data in the column will be lost.`,
        },
      ],
    });
  }
  return differences;
}

function missingColumn(table: string, column: Column): Difference {
  const fixes: Fix[] = [
    {
      phase: Phase.AlterTable,
      alter: { table, action: `ADD COLUMN     ${columnDefinition(column)}` },
    },
  ];
  if (!column.nullable && column.default === null) {
    fixes.push({
      phase: Phase.AlterTable,
      warning: `Added the required column \`${column.name}\` to the \`${table}\` table without a default value. This is not possible if the table is not empty.`,
    });
  }
  return {
    message: `${table}.${column.name}: missing from the database (expected ${describeColumn(column)})`,
    fixes,
  };
}

function diffColumn(table: string, expected: Column, actual: Column): Difference[] {
  const differences: Difference[] = [];
  const label = `${table}.${expected.name}`;
  const alter = (action: string): Fix => ({
    phase: Phase.AlterTable,
    alter: { table, action: `ALTER COLUMN ${quoteIdent(expected.name)} ${action}` },
  });
  if (expected.type !== actual.type || expected.nullable !== actual.nullable) {
    const fixes: Fix[] = [];
    if (expected.type !== actual.type)
      fixes.push(alter(`SET DATA TYPE ${expected.type}${castFor(expected)}`));
    if (expected.nullable !== actual.nullable)
      fixes.push(alter(expected.nullable ? "DROP NOT NULL" : "SET NOT NULL"));
    differences.push({
      message: `${label}: expected ${describeColumn(expected)}, database has ${describeColumn(actual)}`,
      fixes,
    });
  }
  if (expected.default !== actual.default) {
    const fix =
      expected.default === AUTOINCREMENT || actual.default === AUTOINCREMENT
        ? [
            {
              phase: Phase.AlterTable,
              warning: `${label}: switching to or from autoincrement() needs a sequence created or dropped by hand.`,
            },
          ]
        : [alter(expected.default === null ? "DROP DEFAULT" : `SET DEFAULT ${expected.default}`)];
    differences.push({
      message: `${label}: expected ${describeDefault(expected.default)}, database has ${describeDefault(actual.default)}`,
      fixes: fix,
    });
  }
  return differences;
}

/** Postgres has no implicit cast from text to an enum type. */
function castFor(column: Column): string {
  return column.type.startsWith('"')
    ? ` USING (${quoteIdent(column.name)}::text::${column.type})`
    : "";
}

// ---------------------------------------------------------------------------- keys and indexes

function describeColumns(columns: string[]): string {
  return `(${columns.map(quoteIdent).join(", ")})`;
}

function diffPrimaryKey(
  table: string,
  expected: PrimaryKey | null,
  actual: PrimaryKey | null,
): Difference[] {
  const add = (pk: PrimaryKey): Fix => ({
    phase: Phase.AlterTable,
    alter: {
      table,
      action: `ADD CONSTRAINT ${quoteIdent(pk.name)} PRIMARY KEY ${describeColumns(pk.columns)}`,
    },
  });
  const drop = (pk: PrimaryKey): Fix => ({
    phase: Phase.AlterTable,
    alter: { table, action: `DROP CONSTRAINT ${quoteIdent(pk.name)}` },
  });
  if (expected && !actual) {
    return [
      {
        message: `${table}: primary key ${quoteIdent(expected.name)} ${describeColumns(expected.columns)} missing from the database`,
        fixes: [add(expected)],
      },
    ];
  }
  if (!expected && actual) {
    return [
      {
        message: `${table}: primary key ${quoteIdent(actual.name)} ${describeColumns(actual.columns)} in the database but not in the schema`,
        fixes: [drop(actual)],
      },
    ];
  }
  if (!expected || !actual) return [];
  if (expected.columns.join("\0") !== actual.columns.join("\0")) {
    return [
      {
        message: `${table}: expected primary key ${describeColumns(expected.columns)}, database has ${describeColumns(actual.columns)}`,
        fixes: [drop(actual), add(expected)],
      },
    ];
  }
  if (expected.name !== actual.name) {
    return [
      {
        message: `${table}: primary key is named ${quoteIdent(actual.name)} in the database, expected ${quoteIdent(expected.name)}`,
        fixes: [
          {
            phase: Phase.RenameOrCreateIndex,
            statement: `-- RenamePrimaryKey\nALTER TABLE ${quoteIdent(table)} RENAME CONSTRAINT ${quoteIdent(actual.name)} TO ${quoteIdent(expected.name)};`,
          },
        ],
      },
    ];
  }
  return [];
}

/** What makes two indexes the same index, whatever their names. */
function indexShape(index: Index): string {
  const columns = index.columns
    .map((c) => quoteIdent(c.name) + (c.descending ? " DESC" : ""))
    .join(", ");
  const method = index.method ? ` USING ${index.method}` : "";
  const where = index.predicate ? ` WHERE ${index.predicate}` : "";
  return `${method} (${columns})${where}`.trim();
}

function diffIndexes(
  table: string,
  expected: Index[],
  actual: Index[],
  unique: boolean,
): Difference[] {
  const kind = unique ? "unique index" : "index";
  const unmatched = [...actual];
  const differences: Difference[] = [];
  for (const index of expected) {
    const at = unmatched.findIndex((a) => indexShape(a) === indexShape(index));
    const found = at >= 0 ? unmatched.splice(at, 1)[0] : undefined;
    if (!found) {
      differences.push({
        message: `${table}: ${kind} ${quoteIdent(index.name)} ${indexShape(index)} missing from the database`,
        fixes: [{ phase: Phase.RenameOrCreateIndex, statement: createIndex(table, index, unique) }],
      });
    } else if (found.name !== index.name) {
      differences.push({
        message: `${table}: ${kind} ${indexShape(index)} is named ${quoteIdent(found.name)} in the database, expected ${quoteIdent(index.name)}`,
        fixes: [
          {
            phase: Phase.RenameOrCreateIndex,
            statement: `-- RenameIndex\nALTER INDEX ${quoteIdent(found.name)} RENAME TO ${quoteIdent(index.name)};`,
          },
        ],
      });
    }
  }
  for (const index of unmatched) {
    differences.push({
      message: `${table}: ${kind} ${quoteIdent(index.name)} ${indexShape(index)} in the database but not in the schema`,
      fixes: [
        {
          phase: Phase.DropIndex,
          statement: `-- DropIndex\nDROP INDEX ${quoteIdent(index.name)};`,
        },
      ],
    });
  }
  return differences;
}

function describeReference(fk: ForeignKey): string {
  return `REFERENCES ${quoteIdent(fk.referencedTable)}${describeColumns(fk.referencedColumns)} ON DELETE ${fk.onDelete} ON UPDATE ${fk.onUpdate}`;
}

function foreignKeyLabel(table: string, fk: ForeignKey): string {
  return fk.columns.length === 1
    ? `${table}.${fk.columns[0]}`
    : `${table}${describeColumns(fk.columns)}`;
}

function diffForeignKeys(
  table: string,
  expected: ForeignKey[],
  actual: ForeignKey[],
): Difference[] {
  const unmatched = [...actual];
  const differences: Difference[] = [];
  const drop = (fk: ForeignKey): Fix => ({
    phase: Phase.DropForeignKey,
    statement: `-- DropForeignKey\nALTER TABLE ${quoteIdent(table)} DROP CONSTRAINT ${quoteIdent(fk.name)};`,
  });
  const add = (fk: ForeignKey): Fix => ({
    phase: Phase.AddForeignKey,
    statement: addForeignKey(table, fk),
  });
  for (const fk of expected) {
    const at = unmatched.findIndex((a) => a.columns.join("\0") === fk.columns.join("\0"));
    const found = at >= 0 ? unmatched.splice(at, 1)[0] : undefined;
    const label = foreignKeyLabel(table, fk);
    if (!found) {
      differences.push({
        message: `${label}: foreign key ${quoteIdent(fk.name)} missing from the database (expected ${describeReference(fk)})`,
        fixes: [add(fk)],
      });
    } else if (describeReference(found) !== describeReference(fk)) {
      differences.push({
        message: `${label}: expected foreign key ${describeReference(fk)}, database has ${describeReference(found)}`,
        fixes: [drop(found), add(fk)],
      });
    } else if (found.name !== fk.name) {
      differences.push({
        message: `${label}: foreign key is named ${quoteIdent(found.name)} in the database, expected ${quoteIdent(fk.name)}`,
        fixes: [
          {
            phase: Phase.RenameOrCreateIndex,
            statement: `-- RenameForeignKey\nALTER TABLE ${quoteIdent(table)} RENAME CONSTRAINT ${quoteIdent(found.name)} TO ${quoteIdent(fk.name)};`,
          },
        ],
      });
    }
  }
  for (const fk of unmatched) {
    differences.push({
      message: `${foreignKeyLabel(table, fk)}: foreign key ${quoteIdent(fk.name)} (${describeReference(fk)}) in the database but not in the schema`,
      fixes: [drop(fk)],
    });
  }
  return differences;
}
