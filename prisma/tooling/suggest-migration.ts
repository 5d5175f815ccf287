/**
 * Turns the fixes attached to drift differences into one migration.sql draft in Prisma
 * Migrate's layout: a warnings header, then the steps in dependency order, with all
 * actions on one table merged into a single `ALTER TABLE`.
 */
import { quoteIdent } from "./catalog";
import type { Difference, Fix } from "./compare";

/** The draft migration, or an empty string when there is nothing to change. */
export function suggestMigration(differences: Difference[]): string {
  const fixes = differences.flatMap((d) => d.fixes).map((fix, order) => ({ fix, order }));
  // Stable: within a phase keep the schema order the differences were found in.
  fixes.sort((a, b) => a.fix.phase - b.fix.phase || a.order - b.order);
  const warnings = fixes.flatMap(({ fix }) => (fix.warning ? [fix.warning] : []));
  const statements = renderStatements(fixes.map(({ fix }) => fix));
  if (warnings.length === 0 && statements.length === 0) return "";
  const header = warnings.length
    ? `/*\n  Warnings:\n\n${warnings.map((w) => `  - ${w}`).join("\n")}\n\n*/\n`
    : "";
  return `${header}${statements.join("\n\n")}\n`;
}

type Entry = { statement: string } | { table: string; actions: string[] };

function renderStatements(fixes: Fix[]): string[] {
  const entries: Entry[] = [];
  // All actions on one table join the ALTER TABLE placed where its first action fell.
  const alters = new Map<string, string[]>();
  for (const fix of fixes) {
    if (fix.statement) entries.push({ statement: fix.statement });
    if (!fix.alter) continue;
    const actions = alters.get(fix.alter.table);
    if (actions) {
      actions.push(fix.alter.action);
    } else {
      const created = [fix.alter.action];
      alters.set(fix.alter.table, created);
      entries.push({ table: fix.alter.table, actions: created });
    }
  }
  return entries.map((entry) =>
    "statement" in entry
      ? entry.statement
      : `-- AlterTable\nALTER TABLE ${quoteIdent(entry.table)} ${entry.actions.join(",\n")};`,
  );
}
