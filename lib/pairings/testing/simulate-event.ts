import { createRandom } from "../random";
import { pairSwissRound } from "../swiss";
import type { SwissPlayer } from "../swiss-types";
import type { SwissSolverOptions } from "../swiss-solver";
import { render } from "@/lib/messages/render";

/**
 * A deterministic Swiss event for tests and the benchmark: `rounds` rounds paired by
 * pairSwissRound with random results (about 6% draws), a few drops after every round and a
 * couple of late entries in round 2. Returns the players as they would be passed to the pairer
 * for the next round.
 */
export type SimulatedEvent = { players: SwissPlayer[]; roundsPlayed: number };

export function simulateEvent(options: {
  playerCount: number;
  rounds: number;
  seed: string;
  dropRate?: number;
  solver?: Partial<SwissSolverOptions>;
}): SimulatedEvent {
  const { playerCount, rounds, seed, dropRate = 0.015, solver = {} } = options;
  const random = createRandom(`simulate:${seed}`);
  const chance = (probability: number): boolean => random.nextUint32() / 2 ** 32 < probability;
  const state = new Map<
    string,
    { points: number; opponents: string[]; hadBye: boolean; dropped: boolean }
  >();
  // Late entries join like everyone else: their missed rounds are losses, worth 0 points.
  const register = (id: string): void => {
    state.set(id, { points: 0, opponents: [], hadBye: false, dropped: false });
  };
  for (let index = 0; index < playerCount; index++)
    register(`p${String(index + 1).padStart(5, "0")}`);

  for (let round = 1; round <= rounds; round++) {
    if (round === 2) {
      for (let late = 0; late < Math.max(1, Math.round(playerCount / 500)); late++)
        register(`late${late + 1}`);
    }
    const players = activePlayers(state);
    const paired = pairSwissRound({ round, seed, players }, solver);
    if (!paired.ok) throw new Error(`simulateEvent: round ${round}: ${render(paired.error)}`);
    for (const { playerA, playerB } of paired.value.pairings) {
      const a = state.get(playerA)!;
      if (playerB === null) {
        a.points += 3;
        a.hadBye = true;
        continue;
      }
      const b = state.get(playerB)!;
      a.opponents.push(playerB);
      b.opponents.push(playerA);
      if (chance(0.06)) {
        a.points += 1;
        b.points += 1;
      } else if (chance(0.5)) {
        a.points += 3;
      } else {
        b.points += 3;
      }
    }
    for (const entry of state.values()) {
      if (!entry.dropped && chance(dropRate)) entry.dropped = true;
    }
  }
  return { players: activePlayers(state), roundsPlayed: rounds };
}

/** Active players with a simple standings rank: points, then opponents' points, then id. */
function activePlayers(
  state: ReadonlyMap<
    string,
    { points: number; opponents: string[]; hadBye: boolean; dropped: boolean }
  >,
): SwissPlayer[] {
  const strength = (id: string): number =>
    state.get(id)!.opponents.reduce((sum, opponent) => sum + state.get(opponent)!.points, 0);
  const active = [...state.entries()].filter(([, entry]) => !entry.dropped);
  active.sort(
    ([idA, a], [idB, b]) =>
      b.points - a.points || strength(idB) - strength(idA) || (idA < idB ? -1 : 1),
  );
  return active.map(([id, entry], index) => ({
    id,
    matchPoints: entry.points,
    opponents: [...entry.opponents],
    hadBye: entry.hadBye,
    rank: index + 1,
  }));
}
