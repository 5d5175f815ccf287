// Small CardFacts builders for the deck-rule tests: the facts of a few real cards as Scryfall's
// oracle cards have them, written inline so the tests depend on no card file.
import type { CardFacts, Legality } from "../card-facts";
import type { DeckEntry } from "../deck-legality";

const FORMATS = ["standard", "pioneer", "modern", "legacy", "vintage", "pauper", "commander"];

export function card(
  name: string,
  typeLine: string,
  facts: Partial<Omit<CardFacts, "legalities">> & {
    legalities?: Record<string, Legality>;
  } = {},
): CardFacts {
  return {
    oracleId: `oracle-${name}`,
    name,
    faceNames: name.split(" // "),
    typeLine,
    oracleText: "",
    colorIdentity: [],
    keywords: [],
    ...facts,
    legalities: {
      ...Object.fromEntries(FORMATS.map((format) => [format, "legal" as Legality])),
      ...facts.legalities,
    },
  };
}

/** `count` copies of a card, as a deck entry. */
export function copies(count: number, of: CardFacts): DeckEntry {
  return { count, card: of };
}

/** `count` different one-of cards ("Filler 1", "Filler 2", …) of a colour identity. */
export function fillers(
  count: number,
  colorIdentity: string[] = [],
  prefix = "Filler",
): DeckEntry[] {
  return Array.from({ length: count }, (_, i) =>
    copies(1, card(`${prefix} ${i + 1}`, "Sorcery", { colorIdentity })),
  );
}

export const basic = (name: string, type: string, color: string[]) =>
  card(name, `Basic Land — ${type}`, { colorIdentity: color });

export const ISLAND = basic("Island", "Island", ["U"]);
export const MOUNTAIN = basic("Mountain", "Mountain", ["R"]);
export const PLAINS = basic("Plains", "Plains", ["W"]);
export const SWAMP = basic("Swamp", "Swamp", ["B"]);
export const FOREST = basic("Forest", "Forest", ["G"]);
export const WASTES = card("Wastes", "Basic Land", { oracleText: "{T}: Add {C}." });
export const SNOW_ISLAND = card("Snow-Covered Island", "Basic Snow Land — Island", {
  colorIdentity: ["U"],
});

export const LIGHTNING_BOLT = card("Lightning Bolt", "Instant", {
  oracleText: "Lightning Bolt deals 3 damage to any target.",
  colorIdentity: ["R"],
  legalities: { standard: "not_legal" },
});
export const SHOCK = card("Shock", "Instant", { colorIdentity: ["R"] });
export const DURESS = card("Duress", "Sorcery", { colorIdentity: ["B"] });
export const GRIZZLY_BEARS = card("Grizzly Bears", "Creature — Bear", { colorIdentity: ["G"] });
export const SOL_RING = card("Sol Ring", "Artifact", {
  legalities: { vintage: "restricted", legacy: "banned", modern: "not_legal" },
});
export const BLACK_LOTUS = card("Black Lotus", "Artifact", {
  legalities: { vintage: "restricted", legacy: "banned", commander: "banned" },
});
export const RELENTLESS_RATS = card("Relentless Rats", "Creature — Rat", {
  colorIdentity: ["B"],
  oracleText:
    "Relentless Rats gets +1/+1 for each other creature on the battlefield named Relentless Rats.\nA deck can have any number of cards named Relentless Rats.",
});
export const SEVEN_DWARVES = card("Seven Dwarves", "Creature — Dwarf", {
  colorIdentity: ["R"],
  oracleText:
    "Seven Dwarves gets +1/+1 for each other creature named Seven Dwarves you control.\nA deck can have up to seven cards named Seven Dwarves.",
});
export const LURRUS = card("Lurrus of the Dream-Den", "Legendary Creature — Cat Nightmare", {
  colorIdentity: ["W", "B"],
  keywords: ["Companion", "Lifelink"],
  oracleText:
    "Companion — Each permanent card in your starting deck has mana value 2 or less. (If this card is your chosen companion, you may put it into your hand from outside the game for {3} as a sorcery.)\nLifelink",
});

// Commanders.
export const ATRAXA = card(
  "Atraxa, Praetors' Voice",
  "Legendary Creature — Phyrexian Angel Horror",
  {
    colorIdentity: ["W", "U", "B", "G"],
    keywords: ["Flying", "Vigilance", "Deathtouch", "Lifelink", "Proliferate"],
  },
);
export const TYMNA = card("Tymna the Weaver", "Legendary Creature — Human Cleric", {
  colorIdentity: ["W", "B"],
  keywords: ["Lifelink", "Partner"],
  oracleText:
    "Lifelink\nAt the beginning of your postcombat main phase, you may pay X life, where X is the number of opponents that were dealt combat damage this turn. If you do, draw X cards.\nPartner (You can have two commanders if both have partner.)",
});
export const THRASIOS = card("Thrasios, Triton Hero", "Legendary Creature — Merfolk Wizard", {
  colorIdentity: ["G", "U"],
  keywords: ["Partner"],
  oracleText:
    "{4}: Scry 1, then reveal the top card of your library. If it's a land card, put it onto the battlefield tapped. Otherwise, draw a card.\nPartner (You can have two commanders if both have partner.)",
});
export const PIR = card("Pir, Imaginative Rascal", "Legendary Creature — Human", {
  colorIdentity: ["G"],
  keywords: ["Partner with"],
  oracleText:
    "Partner with Toothy, Imaginary Friend (When this creature enters, target player may put Toothy into their hand from their library, then shuffle.)\nIf one or more counters would be put on a permanent your team controls, that many plus one of each of those kinds of counters are put on that permanent instead.",
});
export const TOOTHY = card("Toothy, Imaginary Friend", "Legendary Creature — Illusion", {
  colorIdentity: ["U"],
  keywords: ["Partner with"],
  oracleText:
    "Partner with Pir, Imaginative Rascal (When this creature enters, target player may put Pir into their hand from their library, then shuffle.)\nWhenever you draw a card, put a +1/+1 counter on Toothy, Imaginary Friend.",
});
export const WILSON = card("Wilson, Refined Grizzly", "Legendary Creature — Bear Warrior", {
  colorIdentity: ["G"],
  keywords: ["Choose a Background", "Reach", "Trample", "Ward"],
  oracleText:
    "Choose a Background (You can have a Background as a second commander.)\nReach, trample, ward {2}",
});
export const RAISED_BY_GIANTS = card("Raised by Giants", "Legendary Enchantment — Background", {
  colorIdentity: ["G"],
  oracleText:
    "Commander creatures you own have base power and toughness 10/10 and are Giants in addition to their other types.",
});
export const TENTH_DOCTOR = card("The Tenth Doctor", "Legendary Creature — Time Lord Doctor", {
  colorIdentity: ["U", "R"],
  keywords: ["Allons-y!"],
});
export const ROSE_TYLER = card("Rose Tyler", "Legendary Creature — Human", {
  colorIdentity: ["W"],
  keywords: ["Doctor's companion"],
  oracleText:
    "Whenever you attack, ...\nDoctor's companion (You can have two commanders if the other is the Doctor.)",
});
export const SUSAN = card("Susan Foreman", "Legendary Creature — Time Lord Human", {
  colorIdentity: ["U"],
});
export const ELEVEN = card("Eleven, the Mage", "Legendary Creature — Human Wizard", {
  colorIdentity: ["U"],
  keywords: ["Friends forever"],
  oracleText: "Friends forever (You can have two commanders if both have friends forever.)",
});
export const MIKE = card("Mike, the Dungeon Master", "Legendary Creature — Human", {
  colorIdentity: ["W"],
  keywords: ["Friends forever"],
  oracleText: "Partner—Friends forever (You can have two commanders if both have this ability.)",
});
export const TEFERI = card("Teferi, Temporal Archmage", "Legendary Planeswalker — Teferi", {
  colorIdentity: ["U"],
  oracleText:
    "+1: Look at the top two cards of your library. Put one of them into your hand and the other on the bottom of your library.\nTeferi, Temporal Archmage can be your commander.",
});
export const SMOTHERING_TITHE = card("Smothering Tithe", "Enchantment", { colorIdentity: ["W"] });
