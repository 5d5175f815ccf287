// What lib/rules/permissions.ts says, in English.
export const permissions = {
  changeTournamentSSettings: "Change the tournament's settings and publish it",
  deleteTournament: "Delete the tournament",
  inviteRemoveStaff: "Invite and remove staff",
  registerPlayersDropThem: "Register players and drop them",
  showPlayersCodesReissue: "Show players' codes and reissue them",
  pairRoundsSwapSeats: "Pair rounds, swap seats, start rounds and the playoff",
  enterCorrectResults: "Enter and correct results",
  timeExtensionsPenaltiesEnd: "Time extensions, penalties and the end-of-match procedure",
  settleDisputedResults: "Settle disputed results",
  enterChangeDecklists: "Enter and change players' decklists, and see them all",
  seeTournamentBeforePublished: "See the tournament before it is published, and its staff pages",
  may: "may …",
  anyone: "anyone",
  viewPublished: "See pairings, standings and the bracket of a published tournament",
} as const;
