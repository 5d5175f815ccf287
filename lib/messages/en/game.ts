// What lib/rules/game.ts says, in English.
export const game = {
  gameVariantAppKnows: "{variant} is not a game variant this app knows.",
  gameSFacts: "The game's facts",
  sideSFacts: "Side {side}'s facts",
  sideSTeamMembers: "Side {side}'s team members must be a list, not {members}.",
  sideSPlayer: "Side {side}'s player {value}",
  sideSLifeTotal: "Side {side}'s life total must be a whole number, not {life}.",
  poisonCounters: "poison counters",
  commanderDamage: "commander damage",
  sideSWholeNumber: "Side {side}'s {what} must be a whole number of at least 0, not {value}.",
  twoHeadedGiantTeam:
    "In Two-Headed Giant a team wins and loses as one player (CR 810.8a): record side {side}'s facts on the team, not on its players.",
  sideListsTeamMembers: "Side {side} lists team members, but this is a two-player game.",
  sideTeamListsPlayers: "Side {side} is a team but lists no players.",
  sideTeamPlayersRecord:
    "Side {side} is a team of players: record life, poison and commander damage on each player.",
  mandatoryLoop: "a mandatory loop",
  drawCardEffect: "a draw by a card effect",
  intentionalDraw: "an intentional draw",
  singleEliminationLifeTotal: "the single-elimination life-total rule",
  unfinishedGameEndAdditional: "an unfinished game at the end of the additional turns",
  bothSidesLifeTotals:
    "Both sides' life totals are needed to apply the single-elimination life-total rule.",
  lifeTotalsEqualGame:
    "Life totals are equal ({a} each), so the game is not over: play continues with the added state-based action that a player without the highest life total loses.",
  factsHowGameEnded: "The facts of how the game ended",
  bothSidesRecordedConceding:
    "Both sides are recorded as conceding. One side conceded first: record only that side.",
  aRestart: "a restart",
  both: "{first} and {second}",
  gameEndsOneWay: "A game ends only one way, but {endings} were recorded together.",
  recordAlsoSideHad:
    "The record has {label}, but also a side that had already won or lost; keep only what ended the game.",
  bothSidesRecordedWinning:
    "Both sides are recorded as winning by a card effect at once; only one effect can have resolved first.",
  nothingRecordedEndsGame:
    "Nothing recorded ends the game: no side lost, won, conceded or drew, and the game was not restarted.",
  gameOutcomeNameRule: "A game outcome must name its rule, not {rule}.",
  winnerGameB: 'The winner of a game must be "A" or "B", not {winner}.',
  reasonGameWon: "{reason} is not a reason a game is won.",
  reasonGameDrawn: "{reason} is not a reason a game is drawn.",
  gameEndsWinDraw: "A game ends in a win, a draw or a restart, not {value}.",
  wayGameEnds: "{reason} is not a way a game ends.",
  gameEndsWayDraw: "A game that ends this way ({rule}) is a draw: it has no winner.",
  gameEndsWayWinner: "A game that ends this way ({rule}) has a winner: say which player won it.",
  playerWhoLostNamed: "The player who lost is named by seat 0 or 1 of the team, not {losingSeat}.",
  twoHeadedGiantDoes:
    "Only in Two-Headed Giant does one player's loss end the game for a team: name no player here.",
  drawnGamePlayerWho: "A drawn game has no player who lost.",
  teamLosesWayTeam:
    "A team loses this way as a team ({rule}): its life and poison are shared, so name no single player.",
} as const;
