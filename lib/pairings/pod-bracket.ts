import { type Message, playerOf, say, showValue } from "@/lib/rules/result";
import type { PodCutFinish } from "@/lib/rules/pod-standings";
import { failure, success, type PairingResult } from "./pairing-result";

/**
 * Top cuts of a pod event, seeded by final Swiss standings, as the community tournament addenda
 * describe them: top 4 is one final pod; top 10 gives seeds 1–2 a bye into the final and plays two
 * semi-final pods; top 16 plays four quarter-final pods whose winners meet in the final pod. The
 * first-stage pods are snake-seeded (1→A, 2→B, …, then back): top 16 gives A = 1, 8, 9, 16;
 * B = 2, 7, 10, 15; C = 3, 6, 11, 14; D = 4, 5, 12, 13; top 10 gives A = 3, 6, 7, 10; B = 4, 5, 8, 9.
 */
export type PodCutSize = 4 | 10 | 16;

export type PodBracketPod = {
  /** "Q1".."Q4", "S1", "S2" or "F". */
  id: string;
  name: Message;
  /** Players known so far, best seed first (players choose their seats in that order at the table). */
  players: string[];
  seeds: number[];
  /** Players still to come from earlier pods. */
  waitingFor: Message[];
  /** The earlier pods (their ids) whose winners are still to come. */
  waitingForPods: string[];
  winner: string | null;
  /** Every player known and no result yet. */
  isReady: boolean;
};

/** A pod's result: its winner, or the players who drew (the best-seeded of them advances). */
export type PodBracketResult =
  | { podId: string; winner: string }
  | { podId: string; drawnBy: string[] };

export type PodBracketState = {
  pods: PodBracketPod[];
  readyPodIds: string[];
  champion: string | null;
};

export type PodBracketErrorCode =
  | "INVALID_SIZE"
  | "INVALID_PLAYER"
  | "DUPLICATE_PLAYER"
  | "NOT_ENOUGH_PLAYERS"
  | "UNKNOWN_POD"
  | "DUPLICATE_RESULT"
  | "POD_NOT_READY"
  | "NOT_IN_POD";

const FIRST_STAGE: Record<PodCutSize, { id: string; name: Message; seeds: number[] }[]> = {
  4: [],
  10: [
    { id: "S1", name: say("podBracket.semifinal", { number: 1 }), seeds: [3, 6, 7, 10] },
    { id: "S2", name: say("podBracket.semifinal", { number: 2 }), seeds: [4, 5, 8, 9] },
  ],
  16: [
    { id: "Q1", name: say("podBracket.quarterfinal", { number: 1 }), seeds: [1, 8, 9, 16] },
    { id: "Q2", name: say("podBracket.quarterfinal", { number: 2 }), seeds: [2, 7, 10, 15] },
    { id: "Q3", name: say("podBracket.quarterfinal", { number: 3 }), seeds: [3, 6, 11, 14] },
    { id: "Q4", name: say("podBracket.quarterfinal", { number: 4 }), seeds: [4, 5, 12, 13] },
  ],
};
/** Seeds that go straight to the final. */
const FINAL_SEEDS: Record<PodCutSize, number[]> = { 4: [1, 2, 3, 4], 10: [1, 2], 16: [] };

/**
 * The pods of a top cut with every result so far applied (results in any order). The draw rule
 * (the best-seeded player who drew advances) is this app's default, documented in docs/pairings.md.
 */
export function podBracketState(
  size: PodCutSize,
  seededPlayerIds: readonly string[],
  results: readonly PodBracketResult[],
): PairingResult<PodBracketState, PodBracketErrorCode> {
  if (size !== 4 && size !== 10 && size !== 16)
    return failure("INVALID_SIZE", say("podBracket.invalidSize", { size: showValue(size) }));
  if (
    !Array.isArray(seededPlayerIds) ||
    seededPlayerIds.some((id) => typeof id !== "string" || id === "")
  )
    return failure("INVALID_PLAYER", say("podBracket.standingsNotIds"));
  if (seededPlayerIds.length < size)
    return failure(
      "NOT_ENOUGH_PLAYERS",
      say("podBracket.notEnoughPlayers", { size, count: seededPlayerIds.length }),
    );
  const cut = seededPlayerIds.slice(0, size);
  if (new Set(cut).size !== cut.length)
    return failure("DUPLICATE_PLAYER", say("podBracket.duplicatePlayer"));
  const seedOf = new Map(cut.map((id, index) => [id, index + 1]));

  const byPod = new Map<string, PodBracketResult>();
  const podIds = [...FIRST_STAGE[size].map((pod) => pod.id), "F"];
  for (const result of Array.isArray(results) ? results : []) {
    if (!podIds.includes(result?.podId))
      return failure(
        "UNKNOWN_POD",
        say("podBracket.unknownPod", { pod: showValue(result?.podId), size }),
      );
    if (byPod.has(result.podId))
      return failure("DUPLICATE_RESULT", say("podBracket.duplicateResult", { pod: result.podId }));
    byPod.set(result.podId, result);
  }

  const decide = (
    id: string,
    players: string[],
  ): PairingResult<string | null, PodBracketErrorCode> => {
    const result = byPod.get(id);
    if (!result) return success(null);
    if (players.length < 4)
      return failure("POD_NOT_READY", say("podBracket.podNotReady", { pod: id }));
    if ("winner" in result)
      return players.includes(result.winner)
        ? success(result.winner)
        : failure(
            "NOT_IN_POD",
            say("podBracket.winnerNotInPod", { player: playerOf(result.winner), pod: id }),
          );
    const drawn = Array.isArray(result.drawnBy) ? result.drawnBy : [];
    if (drawn.length < 2 || drawn.some((player) => !players.includes(player)))
      return failure("NOT_IN_POD", say("podBracket.drawNotInPod", { pod: id }));
    return success(drawn.slice().sort((a, b) => seedOf.get(a)! - seedOf.get(b)!)[0]!);
  };

  const pods: PodBracketPod[] = [];
  const finalists = FINAL_SEEDS[size].map((seed) => cut[seed - 1]!);
  const waitingForPods: string[] = [];
  for (const { id, name, seeds } of FIRST_STAGE[size]) {
    const players = seeds.map((seed) => cut[seed - 1]!);
    const winner = decide(id, players);
    if (!winner.ok) return winner;
    pods.push({
      id,
      name,
      players,
      seeds,
      waitingFor: [],
      waitingForPods: [],
      winner: winner.value,
      isReady: winner.value === null,
    });
    if (winner.value === null) waitingForPods.push(id);
    else finalists.push(winner.value);
  }
  const waitingFor = waitingForPods.map((id) => say("podBracket.winnerOf", { pod: id }));
  finalists.sort((a, b) => seedOf.get(a)! - seedOf.get(b)!);
  const champion = decide("F", finalists);
  if (!champion.ok) return champion;
  pods.push({
    id: "F",
    name: say("podBracket.final"),
    players: finalists,
    seeds: finalists.map((id) => seedOf.get(id)!),
    waitingFor,
    waitingForPods,
    winner: champion.value,
    isReady: waitingFor.length === 0 && champion.value === null,
  });
  return success({
    pods,
    readyPodIds: pods.filter((pod) => pod.isReady).map((pod) => pod.id),
    champion: champion.value,
  });
}

/** The top cuts a pod event offers, smallest first. */
export const POD_CUT_SIZES: readonly PodCutSize[] = [4, 10, 16];

/**
 * How far each player of a top cut has gone: out in a quarter- or semifinal pod, in the final pod,
 * champion, or still playing (a pod without a result, or the final pod still to play).
 */
export function podCutFinishes(state: PodBracketState): Record<string, PodCutFinish> {
  const finishes: Record<string, PodCutFinish> = {};
  for (const pod of Array.isArray(state?.pods) ? state.pods : []) {
    const stage: PodCutFinish =
      pod.id === "F" ? "final" : pod.id.startsWith("S") ? "semifinal" : "quarterfinal";
    for (const player of pod.players) {
      if (pod.winner === null) finishes[player] ??= "playing";
      else if (pod.id === "F") finishes[player] = player === pod.winner ? "champion" : "final";
      else if (player !== pod.winner) finishes[player] = stage;
    }
  }
  return finishes;
}
