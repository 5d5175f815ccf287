// What lib/rules/quick-entry.ts says, in English.
export const quickEntry = {
  typeTableSlipE:
    'Type a table and its slip, e.g. "12 2-1", "7 0-2-1", "3 ID", "5 2-0 drop B" or "9 conc A".',
  lineTooLongOne: "That line is too long for one result ({most} characters at most). {help}",
  startTableNumberOne: 'Start with the table number: "{word}" is not one. {help}',
  table: "Table {table}{seat}",
  twoScoresSecondType: '{at}: two scores ("{word}" is the second); type one slip per line.',
  slipGameCountsSingle:
    '{at}: "{word}" is not a slip; game counts are single digits, written wins-wins or wins-wins-draws (MTR 2.1).',
  sayWhoConcededConc: '{at}: say who conceded, "conc A" or "conc B" (MTR 2.5).',
  onePlayerCanConcede: "{at}: only one player can concede the match (MTR 2.5).",
  sayWhoDropsDrop: '{at}: say who drops, "drop A", "drop B" or "drop AB" (MTR 2.10).',
  understood: '{at}: "{word}" is not understood. {help}',
  matchCannotBothConceded:
    "{at}: a match cannot be both conceded and drawn by agreement; type one of the two (MTR 2.5).",
  whichResultTypeGames:
    '{at}: which result? Type the games won, e.g. "{table} 2-1" (MTR 2.1), or "{table} ID" for an intentional draw.',
  recordsMatchWhichGame:
    '0-0 records a {formatName} match in which no game was played ({mtr}); an intentional draw is typed "ID" ({mtr2}).',
  endsMatchBeforeEither:
    "{winsA}-{winsB} ends a {formatName} match before either player won {target} games, with no game drawn at time ({mtr}, {mtr2}): did you mean {meant}?",
  singleEliminationPlayoffMatch:
    'A single-elimination playoff match takes no drop: its loser is out and its winner plays on ({mtr}). Type the result without "drop"; a player who leaves the playoff concedes their next match.',
  quickEntryLineNeeds: "A quick-entry line needs the result it enters.",
  typePodResultE:
    'Type a pod and its result, e.g. "7 win 3" (seat 3 won pod 7), "7 draw" (an agreed draw) or "7 time" (a draw at time).',
  startPodSNumber: "Start with the pod's number. {help}",
  notUnderstood: '"{word}" is not understood. {help}',
  understoodAfterDraw: '"{word}" is not understood after "draw". {help}',
  understoodAfterTime: '"{word}" is not understood after "time". {help}',
  nameWinnerSSeat: 'Name the winner\'s seat, 1 to 5: "{pod} win 3". {help}',
  sayHowPodEnded: "Say how pod {pod} ended. {help}",
} as const;
