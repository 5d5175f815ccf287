// The one place that says which edition of the rules documents this app follows.
//
// Section numbers move between editions: in the Magic Tournament Rules (MTR) of 2019-2021,
// 2.4 was "Conceding or Intentionally Drawing Games or Matches" and 2.5 "End-of-Match
// Procedure"; since the MTR of November 2023 they are swapped, and 2.6 "Time Extensions"
// says that certain slow-play penalties add turns to the end-of-match additional turns
// (IPG 3.3 Slow Play: only a Warning given before the procedure begins, at time, adds them).
// Every rule string the engine returns for an MTR section is built from this table, so
// following a new edition is a change here (and in the tests that pin the numbers).

import { type Message, say } from "./result";

/*
 * Rulings where the rules are silent or sources differ are listed, with their alternatives,
 * in docs/rules.md ("Rulings where the rules are silent or sources differ"): (A) slow-play
 * turns once time is called — none, per IPG 3.3 (see IPG_SLOW_PLAY below), (B) a concession or draw after
 * the match was decided on games (match.ts), (C) a concession overriding other facts of a game
 * (game.ts), (D) 0-0-3 intentional draws and game points (match.ts intentionalDrawSlip),
 * (E) turns under the single-elimination added state-based action (end-of-match.ts).
 */
export const MTR_EDITION = {
  document: say("edition.tournamentRules"),
  /** Effective date of the edition whose section numbers are used below. */
  effective: "2024-04-15",
  /** Since this edition the numbering below has held (2.4 and 2.5 swapped). */
  numberingSince: "2023-11",
  sections: {
    organizer: { number: "1.6", title: say("edition.organizer") },
    matchStructure: { number: "2.1", title: say("edition.matchStructure") },
    playDraw: { number: "2.2", title: say("edition.playDraw") },
    endOfMatch: { number: "2.4", title: say("edition.endOfMatch") },
    concedeOrDraw: { number: "2.5", title: say("edition.concedeOrDraw") },
    timeExtensions: { number: "2.6", title: say("edition.timeExtensions") },
    deckChecks: { number: "2.8", title: say("edition.deckChecks") },
    deckRegistration: { number: "2.7", title: say("edition.deckRegistration") },
    dropping: { number: "2.10", title: say("edition.dropping") },
    tiebreakers: { number: "3.1", title: say("edition.tiebreakers") },
    tiebreakerExplanation: { number: "Appendix C", title: say("edition.tiebreakerExplanation") },
    recommendedRounds: { number: "Appendix E", title: say("edition.recommendedRounds") },
    teamComposition: { number: "8.2", title: say("edition.teamComposition") },
    constructedDecks: { number: "6.1", title: say("edition.deckConstruction") },
    limitedDecks: { number: "7.1", title: say("edition.deckConstruction") },
    limitedCardUse: { number: "7.2", title: say("edition.limitedCardUse") },
  },
} as const;

export type MtrSection = keyof typeof MTR_EDITION.sections;

function sectionOf(section: MtrSection): { number: string; title: Message | null } {
  // Own keys only, so a name such as "toString" is not mistaken for a section.
  return typeof section === "string" && Object.hasOwn(MTR_EDITION.sections, section)
    ? MTR_EDITION.sections[section]
    : { number: "(unknown section)", title: null };
}

/** The short citation stored in results, e.g. mtr("endOfMatch") === "MTR 2.4". */
export function mtr(section: MtrSection): string {
  return `MTR ${sectionOf(section).number}`;
}

/** The citation with its title, for messages, e.g. "MTR 2.4 End-of-Match Procedure". */
export function mtrTitle(section: MtrSection): Message {
  const { number, title } = sectionOf(section);
  return title === null
    ? say("edition.mtr", { number })
    : say("edition.mtrTitled", { number, title });
}

/**
 * The Comprehensive Rules edition for CR 104 ("Ending the Game") and the Two-Headed Giant
 * rules (810). CR rule strings are bare numbers ("104.3f"); MTR ones carry the "MTR" prefix.
 */
export const CR_EDITION = {
  document: say("edition.comprehensiveRules"),
  effective: "2024-03-08",
} as const;

/**
 * IPG 3.3 Slow Play through MTR 2.6 Time Extensions: a Slow Play Warning given before the
 * end-of-match procedure begins adds two turns to the additional turns; one given once time has
 * been called (turn 0 and the turn being passed included) adds none, and the Warning still stands.
 * Ruling (A) in docs/rules.md.
 */
export const IPG_SLOW_PLAY = {
  section: "IPG 3.3",
  title: say("edition.slowPlay"),
  addedTurns: 2,
} as const;

/**
 * IPG 3.4 Decklist Problem: a registered decklist that is illegal or wrong is changed by a judge
 * applying the fix, never by the player once lists are final; the app asks staff for the reason.
 */
export const IPG_DECKLIST_PROBLEM = {
  section: "IPG 3.4",
  title: say("edition.decklistProblem"),
} as const;

/**
 * The Infraction Procedure Guide section on applying Game Loss and Match Loss penalties: a Game
 * Loss applies to the game in progress, or to the player's next game when players are between
 * games (or the match is over); a Match Loss applies to the current match, or to the player's
 * next match when this one has ended. lib/rules/penalty.ts follows it.
 */
export const IPG_APPLYING_PENALTIES = {
  section: "IPG 1.2",
  title: say("edition.applyingPenalties"),
} as const;
