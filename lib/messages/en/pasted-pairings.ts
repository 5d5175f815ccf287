// What lib/rules/pasted-pairings.ts says, in English.
export const pastedPairings = {
  quotesCannotReadQuote:
    'its quotes cannot be read: quote a whole name, a quote inside it doubled ("Smith, Ann", "Ann ""Ace"" Lee").',
  writeTablePlayerPlayer:
    '{where}: write a table as "Player A, Player B" (or "Player, bye"), optionally after its table number.',
  registeredTournament: '{where}: "{nameA}" is not registered in this tournament.',
  registeredTournament2: '{where}: "{nameB}" is not registered in this tournament.',
  cannotPlayThemselves: "{where}: {nameA} cannot play themselves.",
  alreadyPairedLine: "{where}: {name} is already paired on line {earlier}.",
  numberEveryTableNone:
    "{where}: number every table or none (then they are numbered in line order).",
  tablesNumbered: "{where}: tables are numbered from 1.",
  tableAlreadyUsedLine: "{where}: table {number} is already used on line {earlierTable}.",
  pasteLeastOneTable: "Paste at least one table.",
} as const;
