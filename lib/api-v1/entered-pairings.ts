import type { z } from "zod";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { readPastedPairings, type PastedPairing } from "@/lib/rules/pasted-pairings";
import { nameKey } from "@/lib/rules/registration";
import type { PairingRowSchema } from "@/lib/schemas/api-v1";
import { render } from "@/lib/messages/render";

// Row N is written as line N of the text the app's "enter pairings" form sends, table included, so the rules' "Line N" refusals name the row the client sent.

type PairingRow = z.infer<typeof PairingRowSchema>;
type Player = { id: string; name: string };
type Side = "playerA" | "playerB";

/** "Row 3 (pairings[2].playerB): …", keyed `pairings.2.playerB` as parseInput keys a field. */
export function rowRefusal(index: number, message: string, side?: Side): ActionResult<never> {
  const field = `pairings.${index}${side ? `.${side}` : ""}`;
  const sentence = `Row ${index + 1} (pairings[${index}]${side ? `.${side}` : ""}): ${message}`;
  return failure("VALIDATION", sentence, { [field]: [sentence] });
}

/** A refusal from the pasted-pairings rules, its "Line N" read as the row it is. */
export function asRowRefusal<T>(result: ActionResult<T>): ActionResult<T> {
  if (result.ok) return result;
  const line = /^Line (\d+): (.*)$/s.exec(result.error.message);
  if (!line) return result;
  return rowRefusal(Number(line[1]) - 1, line[2]!.replace(/\bon line (\d+)\b/g, "in row $1"));
}

/** A zod refusal of the body, its first message naming the row its field is in. */
export function namingTheRow<T>(result: ActionResult<T>): ActionResult<T> {
  if (result.ok || !result.error.fieldErrors) return result;
  const [field] = Object.keys(result.error.fieldErrors);
  const row = /^pairings\.(\d+)(?:\.(\w+))?/.exec(field ?? "");
  if (!row) return result;
  const where = `pairings[${row[1]}]${row[2] ? `.${row[2]}` : ""}`;
  const message = `Row ${Number(row[1]) + 1} (${where}): ${result.error.message.replace(/^(table|playerA|playerB) /, "")}`;
  return { ok: false, error: { ...result.error, message } };
}

/**
 * The rows as pasted pairings, each player named as registered: a player named by an id or a name
 * that is not this tournament's is refused here, naming the row; the rules then read the text as
 * the form's would be, and anything they refuse is refused with its row.
 */
export function pastedPairingsOf(
  rows: readonly PairingRow[],
  players: readonly Player[],
): ActionResult<{ text: string; pairings: PastedPairing[] }> {
  const byId = new Map(players.map((player) => [player.id, player]));
  const byName = new Map(players.map((player) => [nameKey(player.name), player]));
  const lines: string[] = [];
  for (const [index, row] of rows.entries()) {
    const names: string[] = [];
    for (const side of ["playerA", "playerB"] as const) {
      const ref = row[side];
      if (ref === null) continue;
      const player = "id" in ref ? byId.get(ref.id) : byName.get(nameKey(ref.name));
      if (!player)
        return rowRefusal(
          index,
          "id" in ref
            ? `no player of this tournament has the id ${JSON.stringify(ref.id)}.`
            : `${JSON.stringify(ref.name)} is not registered in this tournament.`,
          side,
        );
      names.push(player.name);
    }
    lines.push([row.table ?? index + 1, names[0], names[1] ?? "bye"].join("\t"));
  }
  const text = lines.join("\n");
  const read = readPastedPairings(text, players);
  if (!read.ok) return asRowRefusal(failure("VALIDATION", render(read.error)));
  // A player whose name is a bye word ("Bye", "-") would be read as a bye in the opponent's place.
  const misread = rows.findIndex(
    (row, index) => row.playerB !== null && read.value[index]?.playerB === null,
  );
  if (misread !== -1)
    return rowRefusal(
      misread,
      `${JSON.stringify(text.split("\n")[misread]!.split("\t")[2])} reads as a bye in the opponent's place: name this player as playerA.`,
      "playerB",
    );
  return success({ text, pairings: read.value });
}
