// What lib/rules/top-cut-outlook.ts says, in English.
export const topCutOutlook = {
  theInput: "The outlook's input",
  roundsLeft: "The rounds left are a whole number, not {value}.",
  cutSize: "The cut is a whole number of players, at least 1, not {value}.",
  pointsPerWin: "Points per win are a whole number, at least 1, not {value}.",
  pointsPerDraw: "Points per draw are a whole number, at most a win's, not {value}.",
  nextRound: "The next round's pairings are a list, not {value}.",
  nextRoundPlayers: "The next round's pairings must place every player still in exactly once.",
  win: "Win ({record})",
  winOut: "Win out ({record})",
  draw: "Draw ({record})",
  drawOut: "Draw every round ({record})",
  lose: "Lose ({record})",
  loseOut: "Lose every round ({record})",
  record: "{record}",
  isIn: "{record}: in the top {cut}, whatever else happens",
  isOut: "{record}: out of the top {cut}, whatever else happens",
  onTiebreakers: "{record}: {points, plural, one {# point} other {# points}}; tiebreakers decide",
  onResults: "{record}: {points, plural, one {# point} other {# points}}; depends on other results",
  runIn: "{from} to {to}: in the top {cut}, whatever else happens",
  runOut: "{from} to {to}: out of the top {cut}, whatever else happens",
  runOnTiebreakers: "{from} to {to}: {high} to {low} points; tiebreakers decide",
  runOnResults: "{from} to {to}: {high} to {low} points; depends on other results",
  estimate:
    "Estimate: it weighs each other player on their own and assumes nobody else drops; exact figures need every other result.",
  estimateIn:
    "Estimate: with {record} you are in. It weighs each other player on their own and assumes nobody else drops; exact figures need every other result.",
  estimateNone:
    "Estimate: no record is sure yet. It weighs each other player on their own and assumes nobody else drops; exact figures need every other result.",
  exact: "Exact on points, counting every pairing the rounds left can bring, if nobody else drops.",
} as const;
