import type { PodSearchOptions } from "../pod-search";
import type { PodPairingInput, PodPlayer, PodRoundPairing } from "../pod-types";
import { pairPodRound } from "../pods";
import { createRandom } from "../random";
import { render } from "@/lib/messages/render";

/**
 * A deterministic pod event for tests and the benchmark: `rounds` rounds seated by pairPodRound,
 * each pod won by a random player (about 10% drawn: every player of the pod draws), scored
 * 5 / 1 / 0 with a bye worth a win. Returns the players as they would be passed for the next
 * round, and every round's pairing.
 */
export function simulatePodEvent(options: {
  playerCount: number;
  rounds: number;
  seed: string;
  podSize?: 3 | 4;
  allowFivePlayerPods?: boolean;
  search?: Partial<PodSearchOptions>;
}): { players: PodPlayer[]; rounds: PodRoundPairing[] } {
  const { playerCount, rounds, seed, search = {} } = options;
  const random = createRandom(`simulate-pods:${seed}`);
  const state = new Map<string, PodPlayer>();
  for (let index = 0; index < playerCount; index++) {
    const id = `p${String(index + 1).padStart(5, "0")}`;
    state.set(id, { id, points: 0, opponents: [], hadBye: false, rank: 1, seats: [] });
  }
  const played: PodRoundPairing[] = [];
  for (let round = 1; round <= rounds; round++) {
    const input = nextRoundInput(state, round, seed, options);
    const paired = pairPodRound(input, search);
    if (!paired.ok) throw new Error(`simulatePodEvent: round ${round}: ${render(paired.error)}`);
    played.push(paired.value);
    for (const { players } of paired.value.pods) {
      const isDraw = random.nextInt(10) === 0;
      const winner = players[random.nextInt(players.length)]!;
      for (const [seatIndex, id] of players.entries()) {
        const entry = state.get(id)!;
        entry.opponents.push(...players.filter((other) => other !== id));
        entry.seats.push({ seat: seatIndex + 1, podSize: players.length });
        entry.points += isDraw ? 1 : id === winner ? 5 : 0;
      }
    }
    if (paired.value.bye !== null) {
      const entry = state.get(paired.value.bye)!;
      entry.points += 5;
      entry.hadBye = true;
    }
  }
  return {
    players: [...state.values()].map((player) => ({
      ...player,
      opponents: [...player.opponents],
      seats: [...player.seats],
    })),
    rounds: played,
  };
}

/** The players with ranks by points (then id), as the next round's input. */
function nextRoundInput(
  state: ReadonlyMap<string, PodPlayer>,
  round: number,
  seed: string,
  options: { podSize?: 3 | 4; allowFivePlayerPods?: boolean },
): PodPairingInput {
  const sorted = [...state.values()].sort((a, b) => b.points - a.points || (a.id < b.id ? -1 : 1));
  for (const [index, player] of sorted.entries()) player.rank = index + 1;
  return {
    round,
    seed,
    players: sorted.map((player) => ({
      ...player,
      opponents: [...player.opponents],
      seats: [...player.seats],
    })),
    ...(options.podSize ? { podSize: options.podSize } : {}),
    ...(options.allowFivePlayerPods !== undefined
      ? { allowFivePlayerPods: options.allowFivePlayerPods }
      : {}),
  };
}
