// What lib/rules/match.ts says, in English.
export const match = {
  matchFormatGiven:
    "A match format must be given as '{' gamesToWin, elimination '}', not {format}.",
  gamesNeededWinMatch:
    "Games needed to win a match must be a whole number of at least 1, not {gamesToWin}.",
  whetherMatchSingleElimination:
    "Whether the match is single elimination must be true or false, not {elimination}.",
  resultSlip: "The result slip",
  gameWins: "{side}'s game wins",
  drawnGames: "Drawn games",
  matchSConcessionDraw: "The match's concession and draw facts",
  sideConcededB: 'The side that conceded must be "A" or "B", not {concededBy}.',
  matchEndsWhenPlayer:
    "A {formatName} match ends when a player wins {g} game{s}; {wins} game wins were reported for {side}.",
  bothPlayersReportedGame:
    "Both players are reported with {g} game wins, but the match ended as soon as the first of them reached {g}.",
  singleEliminationMatchCannot:
    "A single-elimination match cannot end in a draw: with equal game wins when time runs out, the highest life total wins the current game.",
  matchCannotBothConceded:
    "A match cannot be both conceded and drawn by agreement; record one of the two.",
  drawnGamesGamesUnusual:
    "{draws} drawn games ({games} games in all) is unusual for a {formatName} match: drawn games do not count toward the {gamesToWin} wins (MTR 2.1), but only the game under way when time runs out is drawn by time (MTR 2.4). Check the slip; if it is right, confirm it.",
  aDraw: "a draw",
  wonPlayer: "won by {winner}",
  timeHadBeenCalled:
    "Time had been called and no game was in progress, so no new game could begin; the match ended {slip}, {result}.",
  matchAlreadyDecidedFurther:
    "The match was already decided ({slip}, {result}); no further game can be recorded.",
  gameCanLeftUnfinished: "A game can only be left unfinished at time after time has been called.",
  lifeTotalRuleDecides:
    "The life-total rule only decides a game in single elimination, after time is called, with equal game wins.",
  matchAlreadyStaffCorrection:
    "The match was already {how}; only a staff correction can change that.",
  conceded: "conceded",
  drawnByAgreement: "drawn by agreement",
  refusedToPlay: "refused to play",
  sideB: 'The side that {did} must be "A" or "B", not {side}.',
  sideGivenMatchLoss: 'The side given a Match Loss must be "A" or "B", not {side}.',
  whetherGameProgressWhen:
    "Whether a game was in progress when time was called must be true or false, not {gameInProgress}.",
  matchEventEventsGame:
    '{value} is not a match event; the events are "game", "concession", "refusal", "intentional-draw", "time-called" and "match-loss".',
  timeAlreadyCalledMatch: "Time was already called for this match.",
  matchAlreadyEndedMatch:
    "This match has already ended, so a Match Loss applies to the player's next match (IPG 1.2); give it there.",
  matchEvent: "This is not a match event.",
  matchFacts: "The match facts",
  matchSEventsList: "The match's events must be a list, not {events}.",
  event: "Event {number}: {detail}",
  recordedGamesList: "The recorded games must be a list, not {games}.",
  game: "Game {number}: {detail}",
  draw: "was a draw",
  wonPlayer2: "was won by {winner}",
  drawnGame: "{draws} drawn game{s}",
  playerGameWin: "{side} {wins} game win{s}",
  gameSlip: "Game {number} {what}, but the slip {slipToString} has only {slipSays}.",
  slipGamesRecordedRecorded:
    "The slip {slipToString} has games that were not recorded: {number, plural, one {the recorded game makes} other {the # recorded games make}} {slipToString2}. Record the next game instead, or report {slipToString2}.",
  matchSFactsObject: "The match's facts must be an object, not {facts}.",
  agreementConcessionIntentionalDraw:
    'The agreement must be "concession", "intentional-draw" or null, not {agreement}.',
  timeCalledNull:
    "Time called must be '{' gamesBefore, gameInProgress '}' or null, not {timeCalled}.",
  gamesEndMatchProcedure:
    "The games the end-of-match procedure counted must be a whole number or null, not {gamesCountedByProcedure}.",
  whetherMatchLossDecided:
    "Whether a Match Loss decided the match must be true or false, not {matchLoss}.",
  gameRecordedMatchThere: "No game is recorded for this match, so there is none to take back.",
  gameGameLossJudge:
    "Game {number} is a Game Loss a judge gave: it stays with its penalty and cannot be taken back here.",
  judgeGaveMatchLoss:
    "A judge gave a Match Loss or a Disqualification in this match, so its games stay as they are.",
  endMatchProcedureStored:
    "The end-of-match procedure stored a step after game {number} was recorded (time called, or turns added) that counts it, so it cannot be taken back.",
  aConcession: "a concession",
  intentionalDraw: "an intentional draw",
  matchEndedAfterGames:
    "The match ended by {what} after its games: clear that result first, then take back game {number}.",
  summaryIntentionalDraw: "Intentional draw, {slip}",
  summaryDrawn: "Drawn match, {slip}",
  summaryWins: "{winner} wins {score}",
  summaryConceded: "{loser} conceded: {wins}",
} as const;
