// What lib/rules/decklists.ts says, in English.
export const decklists = {
  windowInput:
    "The decklist rules need the event's format, its deadline and whether round 1 is paired.",
  formatNotText: "The event's decklist format must be a format's name, not {format}.",
  timesNotNumbers:
    "The time now and the decklist deadline must be times in milliseconds, not {now} and {deadline}.",
  whoChanges: "A decklist is changed by the player or by staff, not {by}.",
  off: "This event takes no decklists: the organizer sets a decklist format first.",
  deadlinePassed:
    "The decklist deadline has passed, so your list is final. Only staff can change it now: ask a judge.",
  finalSinceRoundOne:
    "Round 1 is paired, so your list is final. Only staff can change it now: ask a judge.",
  reasonRequired:
    "Players' lists are final now: say why you change this one, as for a decklist fix ({rule}). The reason is kept in its history.",
  dropInput: "The drop step needs the rounds paired and the players with their decklists.",
  dropAfterRoundOne:
    "Round 1 is paired: players without a legal decklist are no longer dropped in one step. Drop them one by one, or fix their lists.",
  unknownCard:
    "{several, select, true {Lines {lines}} other {Line {lines}}}: no card is named “{name}”. {hasSuggestions, select, true {Did you mean {suggestions}?} other {Check the spelling.}}",
  versionInput: "A list's version must be a whole number, not {version}.",
  tooManyVersions:
    "You have sent {most} versions of your list: any further change is made by staff. Ask a judge.",
  teamSizeInput: "A team's size must be a whole number of members, not {size}.",
  noSuchSeat:
    "{isTeam, select, true {A team here has {size} members, seats A to {last}} other {In an individual event a list is the player's own}}: there is no seat {seat}.",
  nameNotResolved: "“{name}” is not matched to a card yet.",
} as const;
