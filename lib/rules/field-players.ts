// The players of a Swiss field as the outlook and the pairing reasons read them: one check of
// ids, match points (MTR 3.1), earlier opponents and byes, with meetings made symmetric.

import {
  type RuleResult,
  asRecord,
  checkRecord,
  fail,
  isCount,
  ok,
  say,
  showValue,
} from "./result";

export type FieldPlayer = {
  id: string;
  matchPoints: number;
  /** Earlier opponents, as listed on either side; ids not in the field are kept. */
  opponents: Set<string>;
  hadBye: boolean;
  dropped: boolean;
};

/** Reads a list of players; refuses a missing id, a repeated id, or match points that are not a count. */
export function readFieldPlayers(value: unknown): RuleResult<FieldPlayer[]> {
  if (!Array.isArray(value))
    return fail("INVALID_INPUT", say("fieldPlayers.list", { value: showValue(value) }));
  const players = new Map<string, FieldPlayer>();
  for (const [index, entry] of (value as unknown[]).entries()) {
    const bad = checkRecord(say("fieldPlayers.player", { number: index + 1 }), entry);
    if (bad) return bad;
    const player = asRecord(entry);
    const id = player.id;
    if (typeof id !== "string")
      return fail(
        "INVALID_INPUT",
        say("fieldPlayers.id", { number: index + 1, id: showValue(id) }),
      );
    if (players.has(id))
      return fail("DUPLICATE_PLAYER", say("fieldPlayers.duplicate", { player: id }));
    if (!isCount(player.matchPoints))
      return fail(
        "INVALID_NUMBER",
        say("fieldPlayers.matchPoints", { player: id, value: showValue(player.matchPoints) }),
      );
    if (player.opponents !== undefined && !Array.isArray(player.opponents))
      return fail("INVALID_INPUT", say("fieldPlayers.opponents", { player: id }));
    const opponents = ((player.opponents as unknown[] | undefined) ?? []).filter(
      (other): other is string => typeof other === "string" && other !== id,
    );
    players.set(id, {
      id,
      matchPoints: player.matchPoints as number,
      opponents: new Set(opponents),
      hadBye: player.hadBye === true,
      dropped: player.dropped === true,
    });
  }
  // A meeting listed on one side only still counts for both.
  for (const player of players.values())
    for (const other of player.opponents) players.get(other)?.opponents.add(player.id);
  return ok([...players.values()]);
}
