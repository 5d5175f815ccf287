// What lib/pairings/swiss.ts says, in English.
export const swiss = {
  fieldTooLarge:
    "{count} players with match points up to {points} exceed what the pairer can weigh exactly.",
} as const;
