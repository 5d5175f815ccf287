// What lib/rules/pod-event.ts says, in English.
export const podEvent = {
  podsPlayers: "Pods are of 3 or 4 players, not {podSize}.",
  pointsWholeNumber:
    "Points for a {name} must be a whole number from 0 to {MAX_POINTS}, not {value}.",
  winWorthMoreThan:
    "A win must be worth more than a draw, and a draw at least as much as a loss ({win}, {draw}, {loss} were given).",
  additionalTurnsTimeWhole:
    "Additional turns at time must be a whole number from 1 to {MAX_POD_ADDITIONAL_TURNS}, or none (the active player finishes the turn), not {turns}.",
} as const;
