// Helpers for the rules' tests only: a game or a match seen from the other side of the table.
import type { GameEndFacts, GameOutcome } from "../game";
import type { MatchEvent } from "../match";
import { isRecord, otherSide } from "../result";

/** The same facts seen from the other side of the table: A and B exchanged. */
export function swapGameEndFacts(facts: GameEndFacts): GameEndFacts {
  if (!isRecord(facts)) return facts;
  return { ...facts, A: facts.B, B: facts.A };
}

/** The outcome seen from the other side of the table. */
export function mirrorGameOutcome(outcome: GameOutcome): GameOutcome {
  return isRecord(outcome) && outcome.kind === "win"
    ? { ...outcome, winner: otherSide(outcome.winner) }
    : outcome;
}

/** The same match seen from the other side of the table. */
export function swapMatchEvent(event: MatchEvent): MatchEvent {
  if (!isRecord(event)) return event;
  switch (event.type) {
    case "game":
      return isRecord(event.outcome) && event.outcome.kind === "win"
        ? { type: "game", outcome: { ...event.outcome, winner: otherSide(event.outcome.winner) } }
        : event;
    case "concession":
    case "refusal":
    case "match-loss":
      return { ...event, side: otherSide(event.side) };
    default:
      return event;
  }
}
