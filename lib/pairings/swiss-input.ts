import { failure, success, type PairingResult } from "./pairing-result";
import type { SwissErrorCode, SwissPairingInput, SwissPlayer } from "./swiss-types";

/**
 * Validate the pairer's input at runtime (it may come from JSON or a form, not only from
 * type-checked code). Unknown opponent ids are not errors: they are players who dropped.
 */
export function validateSwissInput(
  input: SwissPairingInput,
): PairingResult<SwissPlayer[], SwissErrorCode> {
  const { round, seed, players } = input as Partial<SwissPairingInput>;
  if (typeof round !== "number" || !Number.isInteger(round) || round < 1) {
    return failure(
      "INVALID_ROUND",
      `The round number must be a whole number of at least 1 (got ${String(round)}).`,
    );
  }
  if (typeof seed !== "string")
    return failure("INVALID_SEED", "The pairing seed must be a string.");
  if (!Array.isArray(players)) return failure("INVALID_PLAYERS", "The players must be a list.");
  if (players.length < 2) {
    return failure(
      "NOT_ENOUGH_PLAYERS",
      `Pairing a round needs at least 2 players who have not dropped (got ${players.length}).`,
    );
  }

  const seen = new Set<string>();
  for (const [index, player] of players.entries()) {
    const where = `Player ${index + 1}`;
    if (
      typeof player !== "object" ||
      player === null ||
      typeof player.id !== "string" ||
      player.id === ""
    ) {
      return failure("INVALID_PLAYER", `${where} has no id.`);
    }
    const label = `${where} (${player.id})`;
    if (seen.has(player.id))
      return failure("DUPLICATE_PLAYER", `${label} is listed more than once.`);
    seen.add(player.id);
    if (
      typeof player.matchPoints !== "number" ||
      !Number.isInteger(player.matchPoints) ||
      player.matchPoints < 0
    ) {
      return failure(
        "INVALID_MATCH_POINTS",
        `${label} has ${String(player.matchPoints)} match points; expected a whole number of at least 0.`,
      );
    }
    if (typeof player.rank !== "number" || !Number.isFinite(player.rank)) {
      return failure(
        "INVALID_RANK",
        `${label} has no valid standings rank (got ${String(player.rank)}).`,
      );
    }
    if (
      !Array.isArray(player.opponents) ||
      player.opponents.some((opponent) => typeof opponent !== "string")
    ) {
      return failure(
        "INVALID_PLAYER",
        `${label} has an opponents list that is not a list of player ids.`,
      );
    }
    if (typeof player.hadBye !== "boolean") {
      return failure("INVALID_PLAYER", `${label} must say whether they had a bye (true or false).`);
    }
  }
  return success(players);
}
