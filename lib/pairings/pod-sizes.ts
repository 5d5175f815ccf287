import { say, showValue } from "@/lib/rules/result";
import { failure, success, type PairingResult } from "./pairing-result";

export type PodSizePlan = {
  /** Pod sizes from the top pod down: the larger pods first. */
  sizes: number[];
  /** Players sitting out with a bye this round (0 or 1). */
  byes: number;
};

/**
 * How many pods of which size seat `playerCount` players. Every count except 1, 2 and 5 is a sum
 * of 3s and 4s (3 and 4 themselves, and every n ≥ 6), so no bye is ever needed there:
 *
 * - preferring pods of 4: threes = [0, 3, 2, 1][n mod 4], fours = (n − 3·threes) / 4;
 * - preferring pods of 3: fours = [0, 1, 2][n mod 3], threes = (n − 4·fours) / 3.
 *
 * Five players cannot be split into pods of 3–4: they play one 5-player pod when allowed,
 * otherwise a pod of 4 and a bye. Fewer than 3 players cannot play a pod at all.
 */
export function planPodSizes(
  playerCount: number,
  options: { podSize?: 3 | 4; allowFivePlayerPods?: boolean } = {},
): PairingResult<PodSizePlan, "NOT_ENOUGH_PLAYERS" | "INVALID_OPTIONS"> {
  const podSize = options.podSize ?? 4;
  if (podSize !== 3 && podSize !== 4)
    return failure("INVALID_OPTIONS", say("podSizes.invalidPodSize", { size: showValue(podSize) }));
  if (!Number.isSafeInteger(playerCount) || playerCount < 3) {
    return failure(
      "NOT_ENOUGH_PLAYERS",
      say("podSizes.notEnoughPlayers", { count: showValue(playerCount) }),
    );
  }
  if (playerCount === 5)
    return success(
      options.allowFivePlayerPods === true ? { sizes: [5], byes: 0 } : { sizes: [4], byes: 1 },
    );
  const [fours, threes] =
    podSize === 4
      ? (() => {
          const t = [0, 3, 2, 1][playerCount % 4]!;
          return [(playerCount - 3 * t) / 4, t];
        })()
      : (() => {
          const f = [0, 1, 2][playerCount % 3]!;
          return [f, (playerCount - 4 * f) / 3];
        })();
  return success({
    sizes: [...Array<number>(fours).fill(4), ...Array<number>(threes).fill(3)],
    byes: 0,
  });
}
