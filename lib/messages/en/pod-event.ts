// What lib/rules/pod-event.ts says, in English.
export const podEvent = {
  podsPlayers: "Pods are of 3 or 4 players, not {podSize}.",
  pointsWholeNumber: "Points for a {outcome} must be a whole number from 0 to {most}, not {value}.",
  win: "win",
  draw: "draw",
  loss: "loss",
  winWorthMoreThan:
    "A win must be worth more than a draw, and a draw at least as much as a loss ({win}, {draw}, {loss} were given).",
  additionalTurnsTimeWhole:
    "Additional turns at time must be a whole number from 1 to {most}, or none (the active player finishes the turn), not {turns}.",
} as const;
