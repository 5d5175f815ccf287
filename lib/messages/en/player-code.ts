// What lib/rules/player-code.ts says, in English.
export const playerCode = {
  typeCodeYourPlayer: "Type the code from your player slip.",
  codesO: "Codes have no 0 or O",
  codesIL: "Codes have no 1, I or L",
  codesUMayV: "Codes have no U (it may be a V)",
  codesDigitsLetters: 'Codes have only the digits 2–9 and letters, not "{unused}"',
  checkCodeYourSlip: "{hint}: check the code on your slip and type it again.",
  codeCharactersLikeK: "A code has {length} characters (like K7QX-M4PD-9TRW); you typed {typed}.",
} as const;
