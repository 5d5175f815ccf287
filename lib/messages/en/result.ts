// What lib/rules/result.ts says, in English.
export const result = {
  valuesCheckList: "The values to check must be a list, not {values}.",
  wholeNumberLeast: "{what} must be a whole number of at least {least}, not {value}.",
  aCount: "A count",
  theInput: "The input",
  aSymbol: "a symbol",
  aFunction: "a function",
  aList: "a list",
  anObject: "an object",
  givenObject: "{what} must be given as an object, not {value}.",
  trueFalse: '{what}: "{key}" must be true or false, not {value}.',
} as const;
