// What lib/rules/teams.ts says, in English.
export const teams = {
  teamFormatOne: "The team format must be one of {formats}, not {format}.",
  teamSizeWholeNumber: "The team size must be a whole number of at least 1, not {teamSize}.",
  individualEventOnePlayer:
    "An individual event has one player on each side, not teams of {teamSize}: choose a team format for teams.",
  twoHeadedGiantTeam: "A Two-Headed Giant team is two players, not {teamSize}.",
  teamWhoseMembersPlay:
    "A team whose members each play their own match has two or three members, not {teamSize}.",
  seatWholeNumberSeat: "A seat must be a whole number from 0 (seat A), not {seat}.",
  teamsMostThreeSeats:
    "Teams have at most three seats, A, B and C; seat number {seat} does not exist.",
  teamSizeWholeNumber2: "The team size must be a whole number, not {teamSize}.",
  teamMatchesPlayedTeams:
    "Team matches are played by teams of two or three, one match per seat, not {teamSize}.",
  teamMatch: "The team match",
  teamByeOpponentSeat:
    "A team with a bye has no opponent, so it has no seat matches: give the bye with no seats.",
  seatMatchesList: "The seat matches must be a list, not {seats}.",
  teamMatchTeamsSeat:
    "A team match of teams of {teamSize} has {teamSize} seat matches, one per seat; {length} were given.",
  seatMatchList: "Seat match {number} of the list",
  seatMatchListGive:
    "Seat match {number} of the list must give its seat as a whole number from 0 (seat A), not {seat}.",
  teams: "Teams of {teamSize} have no {seatName}.",
  matchListedTwicePlays:
    "The {seatName} match is listed twice: A plays A, B plays B, C plays C, once each.",
  stateMatchOne: "The state of the {seatName} match must be one of {states}, not {state}.",
  matchWinnerYetGiven:
    "The {seatName} match is {state}, so it has no winner yet ({winner} was given).",
  notPlayedYet: "not played yet",
  stillBeingPlayed: "still being played",
  winnerMatchBNull:
    'The winner of the {seatName} match must be "A", "B" or null for a drawn match, not {winner}.',
  pairingNameTeamId: "The pairing must name team A by id, not {teamA}.",
  pairingNameTeamB: "The pairing must name team B by id, or null for a bye, not {teamB}.",
  roundVs: "Round {round}, {teamA} vs {teamB}",
  bye: "(bye)",
  thePairing: "The pairing",
  whereDetail: "{where}: {detail}",
  seat: "seat {letter}",
  twoSeats: "{first} and {second}",
  teamMatchSaysOtherwise: "{where}: {fact}, but the team match says otherwise.",
  noTeamBIsBye: "a pairing with no team B is a bye",
  opponentNoBye: "a team with an opponent did not receive a bye",
  teamMatchCountsStandings:
    "{where}: the team match counts in the standings once every seat match is recorded.",
  teamWinsMoreSeat:
    "{where}: the team that wins more seat matches wins the team match, but {slip} was given with winner {winner}.",
  teamStandingsSettings: "The team standings settings",
  teamMatchesList: "The team matches must be a list, not {teamMatches}.",
  teamMatchList: "Team match {number} of the list",
  teamEntry: "The team entry",
  teamTwoThreeMembers: "A team has two or three members, not {teamSize}.",
  teamNameText: "The team name must be text, not {name}.",
  giveTeamNameHow: "Give the team a name: it is how the team is listed in pairings and standings.",
  keepTeamNameCharacters: "Keep the team name to {most} characters or fewer (it has {length}).",
  teamSMembersList: "The team's members must be a list, not {members}.",
  playersAlreadyOtherTeams:
    "The players already on other teams must be a list of player keys or names.",
  needsExactlyMembersOne:
    "{name} needs exactly {teamSize} members, one in each seat {seats}; {given} {were} given.",
  member: "Member {number} of {name}",
  memberPlayerSName: "Member {number} of {name}: the player's name must be text, not {playerName}.",
  memberPlayerKeyText: "Member {number} of {name}: the player key must be text, not {playerKey}.",
  memberPlayerNamePlayer: "Member {number} of {name} has no player: name the player for each seat.",
  sSeatWholeNumber: "{who}'s seat must be a whole number from 0 (seat A), not {seat}.",
  teamSeats: "{who} is in {seatName}, but a team of {teamSize} has seats {seats} only.",
  seatGivenBothMember:
    "Seat {letter} of {name} is given to both {other} and {who}: each member has their own seat, kept for the whole tournament.",
  listedTwiceSeatDifferent: "{who} is listed twice in {name}: each seat is a different player.",
  alreadyAnotherTeamTournament:
    "{who} is already on another team in this tournament: a player may be on more than one team, but not during the same tournament.",
} as const;
