// What lib/rules/edition.ts says, in English.
export const edition = {
  magicGatheringTournamentRules: "Magic: The Gathering Tournament Rules",
  concedingIntentionallyDrawingGames: "Conceding or Intentionally Drawing Games or Matches",
  droppingTournament: "Dropping from a Tournament",
  recommendedNumberRoundsSwiss: "Recommended Number of Rounds in Swiss Tournaments",
  teamCompositionIdentification: "Team Composition and Identification",
  mtr: "MTR {number} {title}",
  magicGatheringComprehensiveRules: "Magic: The Gathering Comprehensive Rules",
} as const;
