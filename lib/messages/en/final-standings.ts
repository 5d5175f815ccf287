// What lib/rules/final-standings.ts says, in English.
export const finalStandings = {
  playoff: "Playoff",
  finalist: "Finalist",
  semifinalist: "Semifinalist",
  quarterfinalist: "Quarterfinalist",
  top: "Top {players}",
  champion: "Champion",
  thePlayoff: "The playoff",
  swissStandingsListPlayers: "The Swiss standings must be a list of players with a rank.",
  playoffSCutPower: "A playoff's cut must be a power of two of at least 2, not {cutSize}.",
  playoffSMatchesList: "The playoff's matches must be a list.",
  playoffMatchNeedsRound: "Each playoff match needs a round within the bracket.",
  playoffMatchRoundNames:
    "A playoff match in round {round} names a player who is not in the standings.",
  winnerPlayoffMatchRound: "The winner of a playoff match in round {round} did not play in it.",
  inThe: "In the {label}",
} as const;
