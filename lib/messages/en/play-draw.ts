// What lib/rules/play-draw.ts says, in English.
export const playDraw = {
  howGameSChooser: "How game 1's chooser is designated",
  winnerRandomMethodB: 'The winner of the random method must be "A" or "B", not {randomWinner}.',
  phaseSwissPlayoff: 'The phase must be "swiss" or "playoff", not {phase}.',
  swissRanksWholeNumbers: "Swiss ranks must be whole numbers of at least 1, not {a} and {b}.",
  bothPlayersSwissRank:
    "Both players have Swiss rank {a}; one of them must be ranked higher to choose play or draw.",
  designatedPlayerB: 'The designated player must be "A" or "B", not {designated}.',
  gamesPlayedList: "The games played must be a list, not {played}.",
  game: "Game {number}: {detail}",
  sayWhichPlayerRestarted: "Say which player restarted the game.",
  gameRestartedCrPlayer:
    "Game {number} restarted: by CR 104.6 {restartedBy}, who restarted it, plays first",
  sayWhoChosePlay: "Say who chose to play or draw.",
  gameRestartedBeforeRecorded:
    "Game 1 restarted before it was recorded: say who won the die roll, who stays game 1's chooser (MTR 2.2, CR 104.6)",
  gamesWithoutGame1Chooser:
    "{played, plural, one {# game is} other {# games are}} recorded but no game 1 chooser is kept: the next chooser cannot be named (MTR 2.2).",
  sayDieRollWinner: "Say who won the die roll and chose to play or draw for game 1 (MTR 2.2).",
} as const;
