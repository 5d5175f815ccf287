// How many Swiss rounds a field needs, and what playoff rounds are called.
//
// Source: Magic: The Gathering Tournament Rules, Appendix E "Recommended Number of Rounds in
// Swiss Tournaments" (required for Premier events, at the organizer's discretion otherwise):
//
//   players (teams)  Swiss rounds                         playoff
//   4 (team/2HG)     2 single-elimination rounds, no Swiss none
//   5–8              3 single-elimination rounds, no Swiss none
//   9–16             5 (4 if Limited with a draft playoff) top 4 (top 8 with a draft playoff)
//   17–32            5                                     top 8
//   33–64            6                                     top 8
//   65–128           7                                     top 8
//   129–226          8                                     top 8
//   227–409          9                                     top 8
//   410+             10                                    top 8
//
// Teams count as one player each. Where the appendix recommends single elimination instead of
// Swiss (8 or fewer), this app recommends the same number of Swiss rounds as the bracket would
// have rounds (log2 of the field, rounded up: 3 for 5–8, 2 for 3–4, 1 for 2), because it runs
// those small events as Swiss; docs/rules.md says so.

import { mtr } from "./edition";
import { isCount, type Message, say } from "./result";

/** "MTR Appendix E", from the edition table. */
export const APPENDIX_E = mtr("recommendedRounds");

export type RecommendedRounds = {
  /** Swiss rounds recommended for the field. */
  rounds: number;
  /** The recommended playoff cut (0 means no playoff; 10 and 16 are pod cuts), or the planned one. */
  playoff: number;
  /** The cut is the one the organizer planned, not the table's. */
  isPlannedCut?: true;
  /** The row of the table the field falls in, e.g. "17–32 players". */
  bracket: Message;
  rule: string;
  /** Who recommends it, as a sentence names them ("MTR Appendix E"). */
  source: Message | string;
};

/** The Appendix E table, smallest fields first: up to `maxPlayers`, this many rounds and this cut. */
export const RECOMMENDED_ROUNDS_TABLE: readonly {
  maxPlayers: number;
  rounds: number;
  playoff: 0 | 4 | 8;
  bracket: Message;
}[] = [
  { maxPlayers: 2, rounds: 1, playoff: 0, bracket: players(2) },
  { maxPlayers: 4, rounds: 2, playoff: 0, bracket: players(3, 4) },
  { maxPlayers: 8, rounds: 3, playoff: 0, bracket: players(5, 8) },
  { maxPlayers: 16, rounds: 5, playoff: 4, bracket: players(9, 16) },
  { maxPlayers: 32, rounds: 5, playoff: 8, bracket: players(17, 32) },
  { maxPlayers: 64, rounds: 6, playoff: 8, bracket: players(33, 64) },
  { maxPlayers: 128, rounds: 7, playoff: 8, bracket: players(65, 128) },
  { maxPlayers: 226, rounds: 8, playoff: 8, bracket: players(129, 226) },
  { maxPlayers: 409, rounds: 9, playoff: 8, bracket: players(227, 409) },
  {
    maxPlayers: Number.POSITIVE_INFINITY,
    rounds: 10,
    playoff: 8,
    bracket: say("swissRounds.morePlayers", { least: 410 }),
  },
];

/** A row's field: "2 players", or a range such as "17–32 players". */
function players(least: number, most?: number): Message {
  return most === undefined
    ? say("swissRounds.players", { count: least })
    : say("swissRounds.playersBetween", { least, most });
}

/** The recommended Swiss rounds for a field of `players` (teams count as one); null below two. */
export function recommendedSwissRounds(players: number): RecommendedRounds | null {
  return isCount(players, 2)
    ? adviceFrom(RECOMMENDED_ROUNDS_TABLE, players, APPENDIX_E, APPENDIX_E)
    : null;
}

/** The row of an advice table a field falls in, cited by its rule and source. */
function adviceFrom(
  table: readonly (Pick<RecommendedRounds, "rounds" | "playoff" | "bracket"> & {
    maxPlayers: number;
  })[],
  players: number,
  rule: string,
  source: RecommendedRounds["source"],
): RecommendedRounds {
  const row = table.find((candidate) => players <= candidate.maxPlayers)!;
  return { rounds: row.rounds, playoff: row.playoff, bracket: row.bracket, rule, source };
}

/** The Commander addendum that pod events follow, cited short. */
export const POD_ADDENDUM = "cEDH addendum";

/** The Competitive REL MTR/IPG Addendum for Commander Events' rounds and cut by field (up to 16 players: one round, then a final pod of its winners; past 304: the last row). */
export const RECOMMENDED_POD_ROUNDS_TABLE: readonly {
  maxPlayers: number;
  rounds: number;
  playoff: 0 | 4 | 10 | 16;
  bracket: Message;
}[] = [
  { maxPlayers: 4, rounds: 1, playoff: 0, bracket: players(3, 4) },
  { maxPlayers: 16, rounds: 1, playoff: 4, bracket: players(5, 16) },
  { maxPlayers: 34, rounds: 3, playoff: 4, bracket: players(17, 34) },
  { maxPlayers: 64, rounds: 4, playoff: 10, bracket: players(35, 64) },
  { maxPlayers: 128, rounds: 5, playoff: 16, bracket: players(65, 128) },
  { maxPlayers: 208, rounds: 6, playoff: 16, bracket: players(129, 208) },
  {
    maxPlayers: Number.POSITIVE_INFINITY,
    rounds: 7,
    playoff: 16,
    bracket: say("swissRounds.morePlayers", { least: 209 }),
  },
];

/** The recommended Swiss rounds and cut of a pod event of `players`; null below one pod of three. */
export function recommendedPodRounds(players: number): RecommendedRounds | null {
  return isCount(players, 3)
    ? adviceFrom(
        RECOMMENDED_POD_ROUNDS_TABLE,
        players,
        POD_ADDENDUM,
        say("swissRounds.podAddendum"),
      )
    : null;
}

/**
 * The advice for an event whose tables play two-player matches or pods (CR 100.6a); a planned
 * cut is the advice's cut (MTR Appendix E recommends the rounds; the organizer announces the cut).
 */
export function recommendedRounds(
  players: number,
  games: "matches" | "pods" = "matches",
  plannedCut: number | null = null,
): RecommendedRounds | null {
  const advice = games === "pods" ? recommendedPodRounds(players) : recommendedSwissRounds(players);
  if (advice === null || !isCount(plannedCut, 2)) return advice;
  return { ...advice, playoff: plannedCut as number, isPlannedCut: true };
}

/**
 * An event's rounds in a line, as the tournament list shows them: its entrants (teams count as
 * one each, MTR 8.2), its Swiss rounds, and its playoff cut (MTR 2.1: its own portion of the event).
 */
export function eventSummary(input: {
  entrants: number;
  teams: boolean;
  swissRounds: number;
  cutSize: number | null;
}): Message[] {
  const facts = typeof input === "object" && input !== null ? input : ({} as typeof input);
  const parts: Message[] = [];
  if (isCount(facts.entrants)) {
    const count = facts.entrants;
    if (facts.teams === true)
      parts.push(
        count === 1 ? say("swissRounds.oneTeam", { count }) : say("swissRounds.teams", { count }),
      );
    else
      parts.push(
        count === 1
          ? say("swissRounds.onePlayer", { count })
          : say("swissRounds.players", { count }),
      );
  }
  if (isCount(facts.swissRounds, 1)) {
    const count = facts.swissRounds;
    parts.push(
      count === 1
        ? say("swissRounds.oneSwissRound", { count })
        : say("swissRounds.swissRoundCount", { count }),
    );
  }
  if (isCount(facts.cutSize, 2)) parts.push(say("swissRounds.topCut", { cutSize: facts.cutSize }));
  return parts;
}

/**
 * A playoff round's name from how many matches it has when full: 1 Final, 2 Semifinals,
 * 4 Quarterfinals, otherwise "Round of 2n" (8 matches: Round of 16).
 */
export function playoffRoundName(matchCount: number): Message {
  if (!isCount(matchCount, 1)) return say("swissRounds.playoff");
  if (matchCount === 1) return say("swissRounds.final");
  if (matchCount === 2) return say("swissRounds.semifinals");
  if (matchCount === 4) return say("swissRounds.quarterfinals");
  return say("swissRounds.roundOf", { players: matchCount * 2 });
}

/**
 * A round's title anywhere in the app: "Round 3" in Swiss; in a playoff of `cutSize` players,
 * the name of its place in the bracket (`playoffIndex` 0 is the first playoff round).
 */
export function roundTitle(round: {
  number: number;
  playoff?: { cutSize: number; playoffIndex: number; pods?: boolean } | null;
}): Message {
  const number =
    typeof round === "object" && round !== null && isCount(round.number, 1) ? round.number : null;
  const playoff = typeof round === "object" && round !== null ? round.playoff : null;
  // Community addenda: a pod top cut is quarter- or semifinal pods (top 16, top 10), then one final pod.
  if (
    playoff &&
    typeof playoff === "object" &&
    playoff.pods === true &&
    isCount(playoff.playoffIndex, 0)
  ) {
    if (playoff.cutSize === 10 && playoff.playoffIndex === 0)
      return say("swissRounds.semifinalPods");
    if (playoff.cutSize === 16 && playoff.playoffIndex === 0)
      return say("swissRounds.quarterfinalPods");
    return say("swissRounds.finalPod");
  }
  if (
    playoff &&
    typeof playoff === "object" &&
    isCount(playoff.cutSize, 2) &&
    isCount(playoff.playoffIndex, 0)
  ) {
    const matches = playoff.cutSize / 2 ** (playoff.playoffIndex + 1);
    if (Number.isInteger(matches) && matches >= 1) return playoffRoundName(matches);
  }
  return number === null ? say("swissRounds.round") : say("swissRounds.roundNumber", { number });
}
