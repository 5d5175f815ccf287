import "server-only";
import { success, type ActionResult } from "@/lib/action-result";
import { isArchiveDocument } from "@/lib/schemas/archive";
import type { ImportEventInput } from "@/lib/schemas/published-import";
import { startImport } from "./import-limit";
import { importTournamentArchive } from "./archive";
import { importPublishedEvent } from "./published-import";
import type { Actor } from "@/lib/server/tournament/staff";

/**
 * A tournament from a file: this app's archive opens at its overview; a finished event run
 * elsewhere, imported from its published results, opens at its standings with the comparison.
 */
export async function importEventFile(
  input: ImportEventInput,
  actor: Actor,
): Promise<ActionResult<{ path: string }>> {
  const isArchive = isArchiveDocument(input.event);
  // An import holds the database for a while: a few per account, one at a time (docs/archive.md).
  const started = startImport(actor.userId);
  if (!started.ok) return started;
  try {
    if (isArchive) {
      const imported = await importTournamentArchive(input.event, actor);
      return imported.ok ? success({ path: `/tournaments/${imported.value.id}` }) : imported;
    }
    const imported = await importPublishedEvent(input.event, actor);
    return imported.ok
      ? success({ path: `/tournaments/${imported.value.id}/standings` })
      : imported;
  } finally {
    started.value.finish();
  }
}
