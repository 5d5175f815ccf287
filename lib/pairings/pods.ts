import { playerOf, say, showValue } from "@/lib/rules/result";
import { failure, success, type PairingResult } from "./pairing-result";
import { planPodSizes } from "./pod-sizes";
import {
  DEFAULT_POD_SEARCH_OPTIONS,
  searchPods,
  totalCost,
  type PodProblem,
  type PodSearchOptions,
} from "./pod-search";
import type {
  Pod,
  PodErrorCode,
  PodPairingInput,
  PodPairingScore,
  PodPairingWarning,
  PodPlayer,
  PodRoundPairing,
} from "./pod-types";
import { createRandom, shuffle, type Random } from "./random";

/**
 * Identifies the pod pairing algorithm. A stored (input, seed) reproduces stored pods only under
 * the same version: bump it whenever the objective, the search or its tie-breaking changes (the
 * golden test in pods.test.ts fails when they do).
 */
export const POD_PAIRING_ALGORITHM_VERSION = 1;

/**
 * Seat one Swiss round of multiplayer pods (docs/pairings.md, "Pods"): pods of the planned sizes
 * (`planPodSizes`), the bye (a field of 5 only) to the most deserving player, then pods that
 * minimise, lexicographically, repeated pairs and then the points spread inside pods, and a seat
 * order per pod that evens out each player's seats over the rounds. Pure: the same input and seed
 * always give the same pods; fields up to `exactLimit` players are searched exhaustively.
 */
export function pairPodRound(
  input: PodPairingInput,
  options: Partial<PodSearchOptions> = {},
): PairingResult<PodRoundPairing, PodErrorCode> {
  const prepared = preparePodRound(input);
  if (!prepared.ok) return prepared;
  const { players, problem, byePlayer, random } = prepared.value;
  const searchOptions = { ...DEFAULT_POD_SEARCH_OPTIONS, ...options };
  const { pods, exhaustive, repeatsProvenMinimal } = searchPods(problem, searchOptions, random);
  const cost = totalCost(problem, pods);

  let largestPointDifference = 0;
  let podsWithRepeats = 0;
  const warnings: PodPairingWarning[] = [];
  for (const pod of pods) {
    const values = pod.map((player) => problem.points[player]!);
    largestPointDifference = Math.max(
      largestPointDifference,
      Math.max(...values) - Math.min(...values),
    );
    let repeated = false;
    for (let a = 0; a < pod.length; a++) {
      for (let b = a + 1; b < pod.length; b++) {
        if (!problem.met[pod[a]!]!.has(pod[b]!)) continue;
        repeated = true;
        const ids = [players[pod[a]!]!.id, players[pod[b]!]!.id].sort();
        warnings.push({
          code: "REPEATED_OPPONENTS",
          message: say("pods.repeatedOpponents", {
            playerA: playerOf(ids[0]!),
            playerB: playerOf(ids[1]!),
          }),
          playerIds: ids,
        });
      }
    }
    if (repeated) podsWithRepeats++;
  }
  const bye = byePlayer === null ? null : players[byePlayer]!.id;
  if (byePlayer !== null && players[byePlayer]!.hadBye) {
    warnings.push({
      code: "REPEATED_BYE",
      message: say("pods.repeatedBye", { player: playerOf(bye!) }),
      playerIds: [bye!],
    });
  }
  const score: PodPairingScore = {
    repeatedPairs: cost.repeats,
    pointSpread: cost.spread,
    podsWithRepeats,
    largestPointDifference,
  };
  return success({
    pods: numberPods(players, problem, pods, random),
    bye,
    score,
    warnings,
    search: exhaustive ? "exhaustive" : "local-search",
    repeatsProvenMinimal,
  });
}

export type PreparedPodRound = {
  /** Players in canonical order (by id, then seeded shuffle): index i of `problem` is players[i]. */
  players: PodPlayer[];
  problem: PodProblem;
  byePlayer: number | null;
  random: Random;
};

/**
 * Validate the input and build the exact problem `pairPodRound` solves (for audits and tests).
 * Players are put in id order before the seeded shuffle, so the pods depend on the set of players
 * and the seed, not on the order the caller listed them in.
 */
export function preparePodRound(
  input: PodPairingInput,
): PairingResult<PreparedPodRound, PodErrorCode> {
  const validated = validatePodInput(input);
  if (!validated.ok) return validated;
  const plan = planPodSizes(validated.value.length, {
    podSize: input.podSize,
    allowFivePlayerPods: input.allowFivePlayerPods,
  });
  if (!plan.ok) return plan;
  // Exactly "pod-round:<round>:<seed>", the stream stored pairings were drawn from.
  const random = createRandom(["pod-round", input.round, input.seed].join(":"));
  const canonical = validated.value
    .slice()
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const players = shuffle(canonical, random);
  const indexOf = new Map(players.map((player, index) => [player.id, index]));

  // The bye (a field of 5 without 5-player pods): no previous bye first, then fewest points, then lowest standing, then seeded order.
  let byePlayer: number | null = null;
  if (plan.value.byes === 1) {
    const byeOrder = players.map((_, index) => index);
    byeOrder.sort(
      (a, b) =>
        Number(players[a]!.hadBye) - Number(players[b]!.hadBye) ||
        players[a]!.points - players[b]!.points ||
        players[b]!.rank - players[a]!.rank ||
        a - b,
    );
    byePlayer = byeOrder[0]!;
  }

  const met = players.map(() => new Set<number>());
  for (const [index, player] of players.entries()) {
    for (const opponent of player.opponents) {
      const other = indexOf.get(opponent);
      if (other === undefined || other === index) continue;
      met[index]!.add(other);
      met[other]!.add(index);
    }
  }
  // The bye player keeps their index so ids map back; they are simply not in `order`.
  const order = players.map((_, index) => index).filter((index) => index !== byePlayer);
  order.sort((a, b) => players[b]!.points - players[a]!.points || a - b);
  const problem: PodProblem = {
    playerCount: players.length,
    points: players.map((player) => player.points),
    met,
    sizes: plan.value.sizes,
    order,
  };
  return success({ players, problem, byePlayer, random });
}

/** Pods numbered from the top (most points, then more points in total, then best rank), each in seat order. */
function numberPods(
  players: readonly PodPlayer[],
  problem: PodProblem,
  pods: readonly number[][],
  random: Random,
): Pod[] {
  const summary = pods.map((pod) => ({
    pod,
    top: Math.max(...pod.map((p) => problem.points[p]!)),
    total: pod.reduce((sum, p) => sum + problem.points[p]!, 0),
    bestRank: Math.min(...pod.map((p) => players[p]!.rank)),
    first: Math.min(...pod),
  }));
  summary.sort(
    (a, b) => b.top - a.top || b.total - a.total || a.bestRank - b.bestRank || a.first - b.first,
  );
  return summary.map(({ pod }, index) => ({
    pod: index + 1,
    players: seatOrder(
      pod.map((p) => players[p]!),
      random,
    ).map((player) => player.id),
  }));
}

/** Position of a seat in twelfths: 0 = seat 1 (plays first), 12 = the last seat, whatever the pod size (3, 4 or 5). */
function seatPosition(seat: number, podSize: number): number {
  return podSize <= 1 ? 6 : (12 * (seat - 1)) / (podSize - 1);
}

/**
 * The seat order of one pod. Each player's seat balance is Σ (position − 6) over earlier seats (in
 * twelfths: positive = has sat late more than early). Among all orders of the pod, the one chosen
 * minimises, lexicographically: 1. Σ (balance + position − 6)², which gives seat 1 to the player
 * who has sat latest and the last seat to the one who has sat earliest; 2. how many players sit in
 * a seat number they have had before; 3. seeded random order.
 */
export function seatOrder<T extends Pick<PodPlayer, "seats">>(
  pod: readonly T[],
  random: Random,
): T[] {
  const size = pod.length;
  const shuffled = shuffle(pod, random);
  const balance = shuffled.map((player) =>
    player.seats.reduce((sum, s) => sum + seatPosition(s.seat, s.podSize) - 6, 0),
  );
  const seen = shuffled.map((player) => new Set(player.seats.map((s) => s.seat)));
  let best: number[] = [];
  let bestKey: [number, number] = [Infinity, Infinity];
  for (const permutation of permutations(size)) {
    // permutation[seatIndex] = member index
    let squares = 0;
    let repeats = 0;
    for (let seatIndex = 0; seatIndex < size; seatIndex++) {
      const member = permutation[seatIndex]!;
      const after = balance[member]! + seatPosition(seatIndex + 1, size) - 6;
      squares += after * after;
      if (seen[member]!.has(seatIndex + 1)) repeats++;
    }
    // Twelfths of integer seats: round away float noise before comparing.
    const key: [number, number] = [Math.round(squares * 1e6), repeats];
    if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
      best = permutation;
      bestKey = key;
    }
  }
  return best.map((member) => shuffled[member]!);
}

function permutations(size: number): number[][] {
  const result: number[][] = [];
  const current: number[] = [];
  const used = new Array<boolean>(size).fill(false);
  const recurse = (): void => {
    if (current.length === size) {
      result.push(current.slice());
      return;
    }
    for (let i = 0; i < size; i++) {
      if (used[i]) continue;
      used[i] = true;
      current.push(i);
      recurse();
      current.pop();
      used[i] = false;
    }
  };
  recurse();
  return result;
}

/**
 * Validate the pairer's input at runtime (it may come from JSON or a form). Unknown opponent ids
 * are not errors: they are players who dropped.
 */
export function validatePodInput(input: PodPairingInput): PairingResult<PodPlayer[], PodErrorCode> {
  if (typeof input !== "object" || input === null)
    return failure("INVALID_PLAYERS", say("pods.inputNotObject"));
  const { round, seed, players, podSize, allowFivePlayerPods } = input as Partial<PodPairingInput>;
  if (typeof round !== "number" || !Number.isInteger(round) || round < 1) {
    return failure("INVALID_ROUND", say("pods.invalidRound", { round: showValue(round) }));
  }
  if (typeof seed !== "string") return failure("INVALID_SEED", say("pods.seedNotString"));
  if (podSize !== undefined && podSize !== 3 && podSize !== 4)
    return failure("INVALID_OPTIONS", say("pods.invalidPodSize", { size: showValue(podSize) }));
  if (allowFivePlayerPods !== undefined && typeof allowFivePlayerPods !== "boolean") {
    return failure("INVALID_OPTIONS", say("pods.invalidFivePlayerPods"));
  }
  if (!Array.isArray(players)) return failure("INVALID_PLAYERS", say("pods.playersNotList"));
  if (players.length < 3)
    return failure("NOT_ENOUGH_PLAYERS", say("pods.notEnoughPlayers", { count: players.length }));

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
        say("pods.noId", { player: say("pods.player", { number }) }),
      );
    }
    const label = say("pods.playerWithId", { number, player: playerOf(player.id) });
    if (seen.has(player.id))
      return failure("DUPLICATE_PLAYER", say("pods.listedTwice", { player: label }));
    seen.add(player.id);
    if (!Number.isSafeInteger(player.points) || player.points < 0) {
      return failure(
        "INVALID_POINTS",
        say("pods.invalidPoints", { player: label, points: showValue(player.points) }),
      );
    }
    if (typeof player.rank !== "number" || !Number.isFinite(player.rank)) {
      return failure(
        "INVALID_RANK",
        say("pods.invalidRank", { player: label, rank: showValue(player.rank) }),
      );
    }
    if (
      !Array.isArray(player.opponents) ||
      player.opponents.some((opponent) => typeof opponent !== "string")
    ) {
      return failure("INVALID_PLAYER", say("pods.invalidOpponents", { player: label }));
    }
    if (typeof player.hadBye !== "boolean")
      return failure("INVALID_PLAYER", say("pods.invalidHadBye", { player: label }));
    if (!Array.isArray(player.seats))
      return failure("INVALID_SEATS", say("pods.noSeats", { player: label }));
    for (const s of player.seats as unknown[]) {
      const { seat, podSize: size } = (typeof s === "object" && s !== null ? s : {}) as {
        seat?: unknown;
        podSize?: unknown;
      };
      if (
        !Number.isSafeInteger(size) ||
        (size as number) < 2 ||
        !Number.isSafeInteger(seat) ||
        (seat as number) < 1 ||
        (seat as number) > (size as number)
      ) {
        return failure("INVALID_SEATS", say("pods.invalidSeat", { player: label }));
      }
    }
  }
  return success(players);
}
