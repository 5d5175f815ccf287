// Helpers for the rules' tests only: a published event's Swiss rounds as the standings take them.
import type { PublishedEvent } from "../published-event";
import type { StandingsInput } from "../standings";

/** The standings input of the event's Swiss rounds, players by name; results as published, unchecked against the match length. */
export function publishedStandingsInput(event: PublishedEvent): StandingsInput {
  const swiss = event.rounds.filter((round) => round.kind === "swiss");
  return {
    players: event.players.map((name) => ({ id: name, name })),
    matches: swiss.flatMap((round, index) =>
      round.matches.map((match) => ({
        round: index + 1,
        playerA: match.playerA,
        playerB: match.playerB,
        slip: match.slip,
        ...(match.intentionalDraw ? { intentionalDraw: true } : {}),
      })),
    ),
  };
}
