// What lib/rules/team-list.ts says, in English.
export const teamList = {
  teamAlreadyRegistered: "The team {name} is already registered.",
  teamPlayers: "A team is 2 or 3 players, not {teamSize}.",
  teams: "teams",
  lineEmpty: "Line {line} is empty.",
  lineWriteTeamS:
    "Line {line}: write the team's name, a colon, then its {teamSize} players separated by commas (“Team name: Ana, Ben{third}”).",
  line: "Line {line}: {detail}",
  lineTeamAlreadyLine: "Line {line}: the team {name} is already on line {earlier}.",
  lineAlreadyLineOne:
    "Line {line}: {name} is already on line {earlier} ({mtr}: one team per player).",
  replacementRecord: "The replacement must be a record, not {input}.",
  roundsTeamPairedWhole:
    "The rounds the team was paired in must be a whole number, not {roundsPaired}.",
  teamNameMembers: "The team must have a name and its members.",
  seatChooseOneSeats: "{name} has no seat {seat}: choose one of its {seats} seats.",
  namePlayerWhoTakes: "Name the player who takes the seat.",
  beenPairedAlreadyTeam:
    "{name} has been paired already: a team keeps its members and seats for the whole tournament ({mtr}).",
  alreadySeat: "{newName} already has that seat in {name}.",
  correctionRecord: "The correction must be a record, not {input}.",
} as const;
