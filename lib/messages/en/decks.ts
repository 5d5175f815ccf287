// What lib/rules/decklist-text.ts, deck-legality.ts and deck-sheet.ts say, in English.
export const decks = {
  // reading a pasted list
  listText: "The decklist must be text, not {text}.",
  listTooLong:
    "This is too long for a decklist: {characters} characters on {lines} lines. Paste at most {maxCharacters} characters and {maxLines} lines.",
  linesNotRead:
    "{count, plural, one {# line of the list could not be read} other {# lines of the list could not be read}}. {first}",
  lineNoCount:
    "Line {line} “{text}” does not start with a number of copies, as in “4 Lightning Bolt”.",
  lineNoName: "Line {line} “{text}” has a number of copies but no card name.",
  lineCountZero: "Line {line} “{text}” has 0 copies: write how many, or leave the line out.",
  lineCountTooLarge: "Line {line} “{text}”: a line can have at most {most} copies.",
  lineNameTooLong:
    "Line {line}: a card name has at most {most} characters, and this one has {length}.",
  // the deck and its format
  inputNotDeck: "A deck must be given as its main deck, sideboard, commanders and companions.",
  formatRulesInvalid:
    "The format's deck rules must say their kind (constructed, limited or commander) and their numbers.",
  unknownFormat: "Decks can be checked for {formats}, not {format}.",
  poolMissing:
    "In {format}, a deck is checked against the player's card pool, and the pool is missing.",
  sectionNotList: "The {section} must be a list of cards, not {value}.",
  entryNoCard: "Entry {entry} of the {section} does not name a card.",
  entryBadCount:
    "{name} in the {section} has {value} copies: it must be a whole number from 1 to {most}.",
  sectionMain: "main deck",
  sectionSideboard: "sideboard",
  sectionCommanders: "commanders",
  sectionCompanions: "companions",
  sectionPool: "card pool",
  formatStandard: "Standard",
  formatPioneer: "Pioneer",
  formatModern: "Modern",
  formatLegacy: "Legacy",
  formatVintage: "Vintage",
  formatPauper: "Pauper",
  formatSealed: "Sealed Deck",
  formatDraft: "Booster Draft",
  formatCommander: "Commander",
  formatOther: "the format {format}",
  // problems
  mainTooSmall:
    "The main deck has {count, plural, one {# card} other {# cards}}: it needs at least {least} ({rule}).",
  sideboardTooLarge:
    "The sideboard has {count, plural, one {# card} other {# cards}}, companion included: at most {most} ({rule}).",
  sharedWithTeammate:
    "{name} is also in {teammate}'s deck: no two decks of a team hold the same card, basic lands aside ({rule}).",
  tooManyCopies:
    "{side, select, 0 {{main} {name}} other {{main} {name} and {side} in the sideboard}}: at most {limit} of a card ({rule}).",
  restricted:
    "{side, select, 0 {{main} {name}} other {{main} {name} and {side} in the sideboard}}: {name} is restricted in {format}, so at most 1 ({rule}).",
  banned: "{name} is banned in {format} ({rule}).",
  notLegal: "{name} is not legal in {format} ({rule}).",
  notInPool: "{count} {name}: {name} is not in your card pool ({rule}).",
  moreThanPool:
    "{count} {name}: your card pool has only {opened, plural, one {# copy} other {# copies}} ({rule}).",
  commanderNotInFormat:
    "{count, plural, one {# card is} other {# cards are}} listed as commander, but {format} decks have no commander ({rule}).",
  noCommander: "The deck names no commander ({rule}).",
  tooManyCommanders: "The deck names {count} commanders: at most 2 ({rule}).",
  notACommander:
    "{name} cannot be your commander: a commander is a legendary creature or Vehicle, or a card that says it can be your commander ({rule}).",
  notAPair: "{first} and {second} cannot be commanders together ({rule}).",
  deckSize:
    "The deck has {count, plural, one {# card} other {# cards}}, {commanders, plural, one {# commander} other {# commanders}} included: a Commander deck has exactly {size} ({rule}).",
  sideboardNotUsed:
    "A Commander deck has no sideboard: move or remove the {count, plural, one {# sideboard card} other {# sideboard cards}} ({rule}).",
  outsideIdentity:
    "{name} is outside your commander's color identity: its colors are {colors}, the commander's {identity} ({rule}).",
  companionInDeck:
    "{name} is your companion and also in your deck: a companion must have a name no card in the deck has ({rule}).",
  tooManyCompanions: "The deck names {count} companions: at most 1 ({rule}).",
  notACompanion: "{name} has no companion ability, so it cannot be your companion ({rule}).",
  // notes for the judge
  companionCondition:
    "Companion {name}: a judge checks that the deck meets its condition ({rule}).",
  spacecraftCommander:
    "{name} is a Spacecraft: a judge checks it has a power/toughness box, which a commander needs ({rule}).",
  // the deck-check sheet's groups (deck-sheet.ts SHEET_GROUPS)
  groupCreatures: "Creatures",
  groupPlaneswalkers: "Planeswalkers",
  groupInstants: "Instants",
  groupSorceries: "Sorceries",
  groupArtifacts: "Artifacts",
  groupEnchantments: "Enchantments",
  groupBattles: "Battles",
  groupLands: "Lands",
  groupOther: "Other cards",
  // the paper sheets (components/print/decklist-sheet.tsx, deck-check-sheet.tsx)
  sheetRegistration: "Decklist registration",
  sheetDeckCheck: "Deck check",
  sheetEvent: "Event",
  sheetDate: "Date",
  sheetFormat: "Format",
  sheetPlayer: "Player",
  sheetTable: "Table",
  sheetRound: "Round",
  sheetDeckName: "Deck name",
  sheetCount: "Count",
  sheetCard: "Card name",
  sheetMain: "Main deck",
  sheetMainContinued: "Main deck, continued",
  sheetSideboard: "Sideboard",
  sheetCommander: "Commander",
  sheetCommanders: "Commanders",
  sheetCompanion: "Companion",
  sheetTotalMain: "Total main deck",
  sheetTotalSideboard: "Total sideboard",
  sheetTotal: "Total",
  sheetCounted: "Counted",
  sheetPlayerSignature: "Player’s signature",
  sheetRegisteredBy: "Deck registered by (judge)",
  sheetJudge: "Judge",
  sheetFromList:
    "Filled in from version {version} of {player}’s list, checked against card data of {date}{isLegal, select, true {} other {: not legal}}.",
  sheetBlankList: "No list submitted yet: write one card name and its count on each line.",
  sheetBlankLines: "{count, plural, one {# line} other {# lines}} to fill in on paper.",
  sheetNoList: "{player} has no registered list: there is no deck to check against.",
  sheetCardsUnknown: "Not in the current card data, so under Other cards: {names}.",
  white: "white",
  blue: "blue",
  black: "black",
  red: "red",
  green: "green",
  colorless: "colorless",
} as const;
