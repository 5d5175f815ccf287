// What lib/rules/pasted-pairings.ts says, in English.
export const pastedPairings = {
  quotesCannotReadQuote:
    'its quotes cannot be read: quote a whole name, a quote inside it doubled ("Smith, Ann", "Ann ""Ace"" Lee").',
  writeTablePlayerPlayer:
    'Line {line}: write a table as "Player A, Player B" (or "Player, bye"), optionally after its table number.',
  registeredTournament: 'Line {line}: "{name}" is not registered in this tournament.',
  cannotPlayThemselves: "Line {line}: {name} cannot play themselves.",
  alreadyPairedLine: "Line {line}: {name} is already paired on line {earlier}.",
  numberEveryTableNone:
    "Line {line}: number every table or none (then they are numbered in line order).",
  tablesNumbered: "Line {line}: tables are numbered from 1.",
  tableAlreadyUsedLine: "Line {line}: table {table} is already used on line {earlier}.",
  lineDetail: "Line {line}: {detail}",
  pairings: "pairings",
  pasteLeastOneTable: "Paste at least one table.",
} as const;
