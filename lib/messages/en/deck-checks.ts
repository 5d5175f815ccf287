// What lib/rules/deck-checks.ts says, in English.
export const deckChecks = {
  passed: "Passed",
  decklistProblem: "Decklist Problem (IPG 3.4)",
  deckProblem: "Deck Problem (IPG 3.5)",
  unknownOutcome: "{outcome} is not what a deck check finds; it finds one of: {outcomes}.",
  passedHasNoPenalty: "This deck check passed, so there is no infraction to give a penalty for.",
  theCheck: "The deck check",
  noteTooLong: "Keep the note to {max} characters or fewer.",
  byeHasNoTable:
    "A player with a bye has no table this round, so there is no deck check to record.",
  playerNotAtTable: "That player does not play at this table in this round.",
  sayWhatWasFound: "Say what the check found: a {outcome} is recorded with what was wrong.",
  theChoice: "The choice of tables",
  randomSourceMissing: "Choosing tables at random needs a source of random numbers.",
  countAtLeastOne: "Ask for a whole number of tables, at least 1 (not {count}).",
  tablesList: "The round's tables must be a list, not {value}.",
  checkedPlayersList: "The players already checked must be a list of registrations, not {value}.",
  tableShape:
    "Table entry {number} must name its table number, its match or pod, its players and whether it has a result.",
  tableTwice: "Table entry {number} names a match or pod already listed.",
  notEnoughTables:
    "{count, plural, one {# table was asked for} other {# tables were asked for}}, but {available, plural, one {only # table} other {only # tables}} can be checked now: byes and tables that have started playing are left out.",
} as const;
