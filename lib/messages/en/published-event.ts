// What lib/rules/published-event.ts says, in English.
export const publishedEvent = {
  publishedEventJsonObject:
    'A published event is a JSON object with "Tournament", "Rounds" and "Standings", not {value}.',
  eventTournamentName: 'The event has no "Tournament.Name".',
  eventRounds: 'The event has no "Rounds".',
  atPath: "{path}: {problem}",
  standingNamesPlayer: "Standing {number} names no player.",
  standingLacksRankPoints: "Standing {number} ({player}) lacks a rank, points or a percentage.",
  readSwissRoundName:
    '"{name}" is read as a Swiss round: its name is neither "Round N" nor a playoff round\'s.',
  matches: '{name} has no "Matches".',
  match: "{name}, match {number}",
  namesFirstPlayer: "{where} names no first player.",
  resultLike: '{where} ({playerA}): {result} is not a result like "2-1-0".',
  resultLikeVs: '{where} ({playerA} vs {playerB}): {result} is not a result like "2-1-0".',
  playsTwice: "{where}: {player} plays twice in {name}.",
  listedAgainstThemselves: "{where}: {playerA} is listed against themselves.",
  vsPossibleWhenGame:
    "{where}, {playerA} vs {playerB}: {winsA}-{winsB}-{draws} is not possible when {gamesToWin} game wins end a match ({mtr}); kept as published.",
  eventSLinkLeft: "The event's link {link} is left out: only https:// links are kept.",
  intentionalDrawsThreeGames: "intentional draws as three games without game points",
  closingBracketCountedPlayers: "the closing bracket counted only in its players' rows",
  thisEventsSettings: "this event's settings",
  ourSettings: "our settings",
  floor033: "a 0.33 floor",
  floorThird: "a 1/3 floor",
  conventions: "{conventions}",
  byesLeftOutPlayer: "byes left out of a player's own percentages",
  byesCountedPlayerS: "byes counted in a player's own percentages",
  filesComeFrom:
    "Published results are the JSON files the MTGODecklistCache project keeps of finished melee.gg events (github.com/Badaro/MTGODecklistCache, folder Tournaments/melee.gg): one file an event, with its Tournament, Rounds and Standings; its Decks may be left out.",
  importBecomes:
    "Its Swiss rounds become a complete tournament here, every result as published; playoff rounds are named, not imported.",
  comparisonCompares:
    "Our standings, computed from the same results, are compared with each published row: rank, match points, OMW%, GW% and OGW%. A row that differs is named with the publisher's convention under which it is equal ({conventions}), or as one no setting explains.",
  allRowsEqual: "All {rows} published rows are equal to ours.",
  rowsCompared:
    "{equal} of {rows} published rows are equal to ours; {explained, plural, one {# differs} other {# differ}} only by a setting; {unexplained, plural, one {# differs} other {# differ}} otherwise.",
} as const;
