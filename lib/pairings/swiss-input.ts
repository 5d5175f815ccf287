import { playerOf, say } from "@/lib/rules/result";
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
    return failure("INVALID_ROUND", say("swissInput.invalidRound", { round: String(round) }));
  }
  if (typeof seed !== "string") return failure("INVALID_SEED", say("swissInput.seedNotString"));
  if (!Array.isArray(players)) return failure("INVALID_PLAYERS", say("swissInput.playersNotList"));
  if (players.length < 2) {
    return failure(
      "NOT_ENOUGH_PLAYERS",
      say("swissInput.notEnoughPlayers", { count: players.length }),
    );
  }

  const seen = new Set<string>();
  for (const [index, player] of players.entries()) {
    const number = index + 1;
    if (
      typeof player !== "object" ||
      player === null ||
      typeof player.id !== "string" ||
      player.id === ""
    ) {
      return failure(
        "INVALID_PLAYER",
        say("swissInput.noId", { player: say("swissInput.player", { number }) }),
      );
    }
    const label = say("swissInput.playerWithId", { number, player: playerOf(player.id) });
    if (seen.has(player.id))
      return failure("DUPLICATE_PLAYER", say("swissInput.listedTwice", { player: label }));
    seen.add(player.id);
    if (
      typeof player.matchPoints !== "number" ||
      !Number.isInteger(player.matchPoints) ||
      player.matchPoints < 0
    ) {
      return failure(
        "INVALID_MATCH_POINTS",
        say("swissInput.invalidMatchPoints", {
          player: label,
          points: String(player.matchPoints),
        }),
      );
    }
    if (typeof player.rank !== "number" || !Number.isFinite(player.rank)) {
      return failure(
        "INVALID_RANK",
        say("swissInput.invalidRank", { player: label, rank: String(player.rank) }),
      );
    }
    if (
      !Array.isArray(player.opponents) ||
      player.opponents.some((opponent) => typeof opponent !== "string")
    ) {
      return failure("INVALID_PLAYER", say("swissInput.invalidOpponents", { player: label }));
    }
    if (typeof player.hadBye !== "boolean") {
      return failure("INVALID_PLAYER", say("swissInput.invalidHadBye", { player: label }));
    }
  }
  return success(players);
}
