// Team events: MTR 8.2 Team Composition and Identification. A team is one entrant whose members
// keep the seats (A, B, C) they registered in for the whole event. In Two-Headed Giant the two
// teammates play one game together as one side (CR 810); in the other team formats (team
// Constructed, Team Sealed / Trios) each member plays their own match against the same seat of
// the other team, and the team match is the record of those seat matches.

import { mtr } from "./edition";
import type { GameVariant } from "./game";
import { BYE_SLIP, type ResultSlip, checkSlip, evaluateResultSlip, slipToString } from "./match";
import { additionalTurnsFor } from "./match-record";
import { MAX_NAME_LENGTH, cleanName, nameKey } from "./registration";
import {
  type PerSide,
  type RuleError,
  type RuleResult,
  type Side,
  asRecord,
  checkFlags,
  checkRecord,
  fail,
  isCount,
  isSide,
  ok,
  showPlain,
  showValue,
  say,
  type Message,
} from "./result";
import {
  type Standing,
  type StandingsMatch,
  type StandingsPlayer,
  type StandingsSettings,
  computeStandings,
} from "./standings";

/** The team formats, as lib/schemas/tournament.ts names them. */
export const TEAM_FORMAT_NAMES = ["INDIVIDUAL", "TWO_HEADED_GIANT", "TEAM_MATCHES"] as const;
export type TeamFormat = (typeof TEAM_FORMAT_NAMES)[number];

export const SEAT_LETTERS = ["A", "B", "C"] as const;
export type SeatLetter = (typeof SEAT_LETTERS)[number];

export type TeamFormatRules = {
  format: TeamFormat;
  teamSize: number;
  /** Player positions each entrant designates at registration (MTR 8.2): A; A and B; or A, B and C. */
  seats: number;
  /** Matches played when two entrants are paired: one per seat in TEAM_MATCHES, otherwise one. */
  matchesPerPairing: number;
  /** Two-Headed Giant only: the team takes its turns together (CR 810.2). */
  teammatesShareTurns: boolean;
  /** How a game ends for a side (lib/rules/game.ts): a Two-Headed Giant team wins and loses as one player (CR 810.8a). */
  gameVariant: GameVariant;
  /**
   * TEAM_MATCHES only: a team's "games" in the standings are its seat matches (computeTeamStandings).
   * Otherwise the match slip's own games are counted by computeStandings as they are: in
   * Two-Headed Giant the ordinary match slip already is the team's slip, as the team is one side.
   */
  gamesAreSeatMatches: boolean;
  /** MTR 2.4: additional turns after turn 0. */
  additionalTurns: number;
  /** Per player, or per team where the team shares a life total. */
  startingLifeTotal: number;
  /** Poison counters with which a player (or a Two-Headed Giant team) loses. */
  poisonToLose: number;
  /** Who decides to play or draw (MTR 2.2): the player of each match, or the Two-Headed Giant team. */
  whoChoosesPlayDraw: "player" | "team";
  /** Who registers: one player, or a team with a player in each seat (MTR 8.2), which a phone's one-name form cannot say. */
  entrant: "player" | "team";
  /**
   * A single-elimination bracket needs a winner of every pairing (MTR 2.4): a match, or a team
   * match of three seat matches (none drawn in elimination, so one team wins two). Two seat
   * matches can split 1-1, which the MTR gives no way to break.
   */
  hasPlayoff: boolean;
  /** The rule behind each value, for the organizer. */
  citations: {
    teams: string;
    additionalTurns: string;
    startingLifeTotal: string;
    poisonToLose: string;
    playDraw: string;
  };
};

/**
 * The rules that follow from an event's team format and team size. Refuses a size the format
 * does not have: individual events are one player, Two-Headed Giant teams two (CR 810.1), teams
 * whose members each play their own match two or three (MTR 8.2).
 */
export function teamFormatRules(format: TeamFormat, teamSize: number): RuleResult<TeamFormatRules> {
  if (!(TEAM_FORMAT_NAMES as readonly unknown[]).includes(format)) {
    return fail(
      "INVALID_FORMAT",
      say("teams.teamFormatOne", {
        formats: TEAM_FORMAT_NAMES.join(", "),
        format: showValue(format),
      }),
      mtr("teamComposition"),
    );
  }
  if (!isCount(teamSize, 1))
    return fail(
      "INVALID_NUMBER",
      say("teams.teamSizeWholeNumber", { teamSize: showValue(teamSize) }),
      mtr("teamComposition"),
    );
  const base = {
    format,
    teamSize,
    seats: teamSize,
    additionalTurns: additionalTurnsFor({ teammatesShareTurns: false }),
  };
  const citations = {
    teams: mtr("teamComposition"),
    additionalTurns: mtr("endOfMatch"),
    startingLifeTotal: "119.1",
    poisonToLose: "104.3d",
    playDraw: mtr("playDraw"),
  };
  if (format === "INDIVIDUAL") {
    if (teamSize !== 1)
      return fail(
        "INVALID_TEAM",
        say("teams.individualEventOnePlayer", { teamSize }),
        mtr("teamComposition"),
      );
    return ok({
      ...base,
      matchesPerPairing: 1,
      teammatesShareTurns: false,
      gameVariant: "two-player",
      gamesAreSeatMatches: false,
      startingLifeTotal: 20,
      poisonToLose: 10,
      whoChoosesPlayDraw: "player",
      entrant: "player",
      hasPlayoff: true,
      citations,
    });
  }
  if (format === "TWO_HEADED_GIANT") {
    if (teamSize !== 2)
      return fail("INVALID_TEAM", say("teams.twoHeadedGiantTeam", { teamSize }), "810.1");
    // CR 810.4: the team shares a life total of 30; CR 704.6b: fifteen poison counters; CR 810.6: the team plays or draws first.
    return ok({
      ...base,
      matchesPerPairing: 1,
      teammatesShareTurns: true,
      gameVariant: "two-headed-giant",
      gamesAreSeatMatches: false,
      additionalTurns: additionalTurnsFor({ teammatesShareTurns: true }),
      startingLifeTotal: 30,
      poisonToLose: 15,
      whoChoosesPlayDraw: "team",
      entrant: "team",
      hasPlayoff: true,
      citations: {
        ...citations,
        startingLifeTotal: "810.4",
        poisonToLose: "704.6b",
        playDraw: `${mtr("playDraw")}, 810.6`,
      },
    });
  }
  if (teamSize !== 2 && teamSize !== 3) {
    return fail(
      "INVALID_TEAM",
      say("teams.teamWhoseMembersPlay", { teamSize }),
      mtr("teamComposition"),
    );
  }
  // Each seat match is an ordinary match between two players (MTR 8.2: A plays A), so its player chooses play or draw.
  return ok({
    ...base,
    matchesPerPairing: teamSize,
    teammatesShareTurns: false,
    gameVariant: "two-player",
    gamesAreSeatMatches: true,
    startingLifeTotal: 20,
    poisonToLose: 10,
    whoChoosesPlayDraw: "player",
    entrant: "team",
    hasPlayoff: teamSize % 2 === 1,
    citations,
  });
}

/** MTR 8.2: the letter of a 0-based seat (0 → "A"). */
export function seatLetter(seat: number): RuleResult<SeatLetter> {
  if (!isCount(seat))
    return fail(
      "INVALID_NUMBER",
      say("teams.seatWholeNumberSeat", { seat: showValue(seat) }),
      mtr("teamComposition"),
    );
  const letter = SEAT_LETTERS[seat];
  return letter === undefined
    ? fail("INVALID_TEAM", say("teams.teamsMostThreeSeats", { seat }), mtr("teamComposition"))
    : ok(letter);
}

/** A whole number of at least 0, as a type guard. */
function isWhole(value: unknown): value is number {
  return isCount(value);
}

/** A seat's letter for messages; never fails (a seat out of range reads as its number). */
function seatName(seat: number): Message {
  return say("teams.seat", { letter: SEAT_LETTERS[seat] ?? String(seat) });
}

// ---------------------------------------------------------------------------------------
// A team match of TEAM_MATCHES: the record of its seat matches.

export const SEAT_MATCH_STATES = ["unplayed", "in-progress", "decided", "recorded"] as const;
/** A seat match's state: not started, being played, decided (not yet recorded) or recorded. */
export type SeatMatchState = (typeof SEAT_MATCH_STATES)[number];

export type SeatMatch = {
  /** 0 = seat A. */
  seat: number;
  state: SeatMatchState;
  /** The side (team A or B of the pairing) that won the seat match; null = drawn, or not finished. */
  winner: Side | null;
};

export type TeamMatchInput = {
  teamSize: number;
  /** One per seat, in any order; none for a bye. */
  seats: readonly SeatMatch[];
  /** Team A received a bye. */
  bye?: boolean;
};

export type TeamMatchPhase = "in-progress" | "decided" | "recorded";

export type TeamMatch = {
  teamSize: number;
  bye: boolean;
  /** Seat matches each team won. */
  seatWins: PerSide<number>;
  seatDraws: number;
  /** Seat matches decided or recorded. */
  seatsFinished: number;
  seatsRecorded: number;
  /**
   * "decided" once one team has won more seat matches than the other can reach even winning
   * every seat still playing, or every seat has finished; "recorded" once every seat is recorded.
   */
  phase: TeamMatchPhase;
  /** The team that won; null = a drawn team match once decided, and nothing yet while in progress. */
  winner: Side | null;
  /** The team's "games" are its seat matches: winsA = seat matches team A won, draws = drawn seat matches. */
  slip: ResultSlip;
  rule: string;
};

/** A seat match's slip as stored, with whether staff recorded it; null counts where nothing is reported yet. */
export type StoredSeatSlip = {
  seat: number;
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
  concededBy?: Side | null;
  intentionalDraw?: boolean;
  isRecorded?: boolean;
};

/**
 * MTR 2.1, 2.5: a seat match's stored slip is finished once the rules accept it as a result, and
 * names who won it (null: drawn); a slip the rules refuse, or none, is a match still playing.
 */
export function seatMatchOutcome(
  slip: Omit<StoredSeatSlip, "seat" | "isRecorded">,
  gamesToWin: number | null,
  elimination = false,
): { isFinished: boolean; winner: Side | null } {
  const row = asRecord(slip);
  if (row.winsA === null || row.winsB === null || gamesToWin === null)
    return { isFinished: false, winner: null };
  // evaluateResultSlip refuses anything that is not a slip: such a row counts as still playing.
  const stored = {
    winsA: row.winsA as number,
    winsB: row.winsB as number,
    draws: (row.draws ?? 0) as number,
  };
  const context = {
    concededBy: isSide(row.concededBy) ? row.concededBy : undefined,
    intentionalDraw: row.intentionalDraw === true,
  };
  const outcome = evaluateResultSlip(
    { gamesToWin: gamesToWin as number, elimination: elimination === true },
    stored,
    context,
  );
  return outcome.ok
    ? { isFinished: true, winner: outcome.value.winner }
    : { isFinished: false, winner: null };
}

/** MTR 8.2: each seat match as deriveTeamMatch reads it: still playing, decided by its slip, or recorded by staff. */
export function seatMatchStates(
  rows: readonly StoredSeatSlip[],
  gamesToWin: number | null,
  elimination = false,
): SeatMatch[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((row) => {
    const outcome = seatMatchOutcome(row, gamesToWin, elimination);
    const state: SeatMatchState = !outcome.isFinished
      ? "in-progress"
      : asRecord(row).isRecorded === true
        ? "recorded"
        : "decided";
    return { seat: asRecord(row).seat as number, state, winner: outcome.winner };
  });
}

function checkSeatedTeamSize(teamSize: unknown): { ok: false; error: RuleError } | null {
  if (!isCount(teamSize))
    return fail(
      "INVALID_NUMBER",
      say("teams.teamSizeWholeNumber2", { teamSize: showValue(teamSize) }),
      mtr("teamComposition"),
    );
  if (teamSize !== 2 && teamSize !== 3) {
    return fail(
      "INVALID_TEAM",
      say("teams.teamMatchesPlayedTeams", { teamSize: teamSize as number }),
      mtr("teamComposition"),
    );
  }
  return null;
}

/**
 * MTR 8.2: a team match of TEAM_MATCHES from its seat matches. The team that wins more of the
 * seat matches wins (with three seats, the first to two); equal is a drawn team match, so
 * 1-1-1 and 1-1 are draws while 1-0-2 is a win. The match is decided, and shown so, as soon
 * as the seats still playing cannot change the winner, but it is recorded only when every seat
 * is, because every seat match counts in the team's game points.
 */
export function deriveTeamMatch(input: TeamMatchInput): RuleResult<TeamMatch> {
  const shape = checkRecord(say("teams.teamMatch"), input);
  if (shape) return shape;
  const flags = checkFlags(say("teams.teamMatch"), input, ["bye"]);
  if (flags) return flags;
  const { teamSize } = input;
  const invalidSize = checkSeatedTeamSize(teamSize);
  if (invalidSize) return invalidSize;
  const seats = input.seats as unknown;
  if (input.bye === true) {
    if (seats !== undefined && seats !== null && !(Array.isArray(seats) && seats.length === 0)) {
      return fail("CONFLICTING_FACTS", say("teams.teamByeOpponentSeat"), mtr("teamComposition"));
    }
    // Appendix C: a bye is a match win reported 2-0, for a team as for a player (the standings count it so).
    const slip = { ...BYE_SLIP };
    return ok({
      teamSize,
      bye: true,
      seatWins: { A: slip.winsA, B: 0 },
      seatDraws: 0,
      seatsFinished: teamSize,
      seatsRecorded: teamSize,
      phase: "recorded",
      winner: "A",
      slip,
      rule: mtr("tiebreakerExplanation"),
    });
  }
  if (!Array.isArray(seats))
    return fail(
      "INVALID_INPUT",
      say("teams.seatMatchesList", { seats: showValue(seats) }),
      mtr("teamComposition"),
    );
  if (seats.length !== teamSize) {
    return fail(
      "INVALID_TEAM",
      say("teams.teamMatchTeamsSeat", { teamSize, length: seats.length }),
      mtr("teamComposition"),
    );
  }
  const taken = new Set<number>();
  const wins = { A: 0, B: 0 };
  let draws = 0;
  let finished = 0;
  let recorded = 0;
  for (const [i, entry] of (seats as unknown[]).entries()) {
    const invalid = checkRecord(say("teams.seatMatchList", { number: i + 1 }), entry);
    if (invalid) return invalid;
    const { seat, state, winner } = entry as Record<string, unknown>;
    if (!isWhole(seat))
      return fail(
        "INVALID_NUMBER",
        say("teams.seatMatchListGive", { number: i + 1, seat: showValue(seat) }),
        mtr("teamComposition"),
      );
    if (seat >= teamSize)
      return fail(
        "INVALID_TEAM",
        say("teams.teams", { teamSize, seatName: seatName(seat) }),
        mtr("teamComposition"),
      );
    if (taken.has(seat))
      return fail(
        "DUPLICATE_SEAT",
        say("teams.matchListedTwicePlays", { seatName: seatName(seat) }),
        mtr("teamComposition"),
      );
    taken.add(seat);
    if (!(SEAT_MATCH_STATES as readonly unknown[]).includes(state)) {
      return fail(
        "INVALID_INPUT",
        say("teams.stateMatchOne", {
          seatName: seatName(seat),
          states: SEAT_MATCH_STATES.join(", "),
          state: showValue(state),
        }),
      );
    }
    const done = state === "decided" || state === "recorded";
    if (!done) {
      if (winner !== null && winner !== undefined) {
        return fail(
          "CONFLICTING_FACTS",
          say("teams.matchWinnerYetGiven", {
            seatName: seatName(seat),
            state: state === "unplayed" ? say("teams.notPlayedYet") : say("teams.stillBeingPlayed"),
            winner: showValue(winner),
          }),
        );
      }
      continue;
    }
    if (winner !== null && !isSide(winner)) {
      return fail(
        "INVALID_INPUT",
        say("teams.winnerMatchBNull", { seatName: seatName(seat), winner: showValue(winner) }),
      );
    }
    finished += 1;
    if (state === "recorded") recorded += 1;
    if (winner === null) draws += 1;
    else wins[winner] += 1;
  }
  const remaining = teamSize - finished;
  let winner: Side | null = null;
  let decided = remaining === 0;
  if (wins.A > wins.B + remaining) [winner, decided] = ["A", true];
  else if (wins.B > wins.A + remaining) [winner, decided] = ["B", true];
  return ok({
    teamSize,
    bye: false,
    seatWins: wins,
    seatDraws: draws,
    seatsFinished: finished,
    seatsRecorded: recorded,
    phase: recorded === teamSize ? "recorded" : decided ? "decided" : "in-progress",
    winner,
    slip: { winsA: wins.A, winsB: wins.B, draws },
    rule: mtr("teamComposition"),
  });
}

// ---------------------------------------------------------------------------------------
// Team standings: MTR 3.1 and Appendix C over team matches, by the same computeStandings.

export type TeamPairing = {
  round: number;
  teamA: string;
  /** null = team A received a bye. */
  teamB: string | null;
};

/**
 * A recorded team match as a match of computeStandings: the team's games are its seat matches,
 * so its game-win % comes from its members' match results. Refuses a team match not recorded
 * at every seat (MATCH_NOT_RECORDED): a seat still playing would change the game points.
 */
export function teamStandingsMatch(
  pairing: TeamPairing,
  teamMatch: TeamMatch,
): RuleResult<StandingsMatch> {
  const shape =
    checkRecord(say("teams.thePairing"), pairing) ?? checkRecord(say("teams.teamMatch"), teamMatch);
  if (shape) return shape;
  const { round, teamA, teamB } = pairing;
  if (typeof teamA !== "string")
    return fail("INVALID_INPUT", say("teams.pairingNameTeamId", { teamA: showValue(teamA) }));
  if (teamB !== null && typeof teamB !== "string")
    return fail("INVALID_INPUT", say("teams.pairingNameTeamB", { teamB: showValue(teamB) }));
  const where = say("teams.roundVs", {
    round: showValue(round),
    teamA,
    teamB: teamB ?? say("teams.bye"),
  });
  if (teamMatch.bye !== (teamB === null)) {
    return fail(
      "CONFLICTING_FACTS",
      say("teams.teamMatchSaysOtherwise", {
        where,
        fact: teamB === null ? say("teams.noTeamBIsBye") : say("teams.opponentNoBye"),
      }),
    );
  }
  if (teamMatch.phase !== "recorded") {
    return fail(
      "MATCH_NOT_RECORDED",
      say("teams.teamMatchCountsStandings", { where }),
      mtr("teamComposition"),
    );
  }
  const invalidSlip = checkSlip(teamMatch.slip);
  if (invalidSlip)
    return fail(
      invalidSlip.error.code,
      say("teams.whereDetail", { where, detail: invalidSlip.error }),
      invalidSlip.error.rule,
    );
  const { winsA, winsB } = teamMatch.slip;
  const expected = winsA > winsB ? "A" : winsB > winsA ? "B" : null;
  if (teamMatch.winner !== expected) {
    return fail(
      "CONFLICTING_FACTS",
      say("teams.teamWinsMoreSeat", {
        where,
        slip: slipToString(teamMatch.slip),
        winner: showValue(teamMatch.winner),
      }),
      mtr("teamComposition"),
    );
  }
  // No gamesToWin: a 3-0 team match is not "too many game wins" the way a 3-0 best-of-three would be.
  return ok({
    round,
    playerA: teamA,
    playerB: teamB,
    slip: { winsA, winsB, draws: teamMatch.slip.draws },
  });
}

export type TeamRoundResult = TeamPairing & {
  /** The seat matches; none for a bye. */
  seats?: readonly SeatMatch[];
};

export type TeamStandingsSettings = Partial<StandingsSettings> & { teamSize: number };

/**
 * MTR 3.1 and Appendix C for TEAM_MATCHES events: the teams are ranked by computeStandings itself
 * (match points, opponents' match-win %, game-win %, opponents' game-win %), each team match
 * counting as a match and each seat match as a game. Two-Headed Giant events need none of this:
 * each team is one side of an ordinary match, ranked by computeStandings from its match slips.
 * `teams` are the entrants as computeStandings takes players (id, drops, late entry).
 */
export function computeTeamStandings(
  teams: readonly StandingsPlayer[],
  teamMatches: readonly TeamRoundResult[],
  settings: TeamStandingsSettings,
): RuleResult<Standing[]> {
  const shape = checkRecord(say("teams.teamStandingsSettings"), settings);
  if (shape) return { ok: false, error: { ...shape.error, code: "INVALID_SETTING" } };
  const { teamSize } = settings;
  const invalidSize = checkSeatedTeamSize(teamSize);
  if (invalidSize) return invalidSize;
  if (!Array.isArray(teamMatches))
    return fail(
      "INVALID_INPUT",
      say("teams.teamMatchesList", { teamMatches: showValue(teamMatches) }),
    );
  const matches: StandingsMatch[] = [];
  for (const [i, m] of (teamMatches as unknown[]).entries()) {
    const invalid = checkRecord(say("teams.teamMatchList", { number: i + 1 }), m);
    if (invalid) return invalid;
    const entry = m as Record<string, unknown>;
    const derived = deriveTeamMatch({
      teamSize,
      seats: entry.seats as readonly SeatMatch[],
      bye: entry.teamB === null,
    });
    if (!derived.ok) {
      const where = say("teams.roundVs", {
        round: showValue(entry.round),
        teamA: showValue(entry.teamA),
        teamB: entry.teamB === null ? say("teams.bye") : showValue(entry.teamB),
      });
      return fail(
        derived.error.code,
        say("teams.whereDetail", { where, detail: derived.error }),
        derived.error.rule,
      );
    }
    const mapped = teamStandingsMatch(entry as TeamPairing, derived.value);
    if (!mapped.ok) return mapped;
    matches.push(mapped.value);
  }
  const s = asRecord(settings);
  // A late entry's missed round counts as every seat match lost (0-teamSize), like the bye's every seat won.
  const standingsSettings: Partial<StandingsSettings> = {
    lateEntryLossGames: (s.lateEntryLossGames as number | undefined) ?? teamSize,
  };
  if (s.percentageFloor !== undefined)
    standingsSettings.percentageFloor = s.percentageFloor as number;
  if (s.countByeInOwnPercentages !== undefined)
    standingsSettings.countByeInOwnPercentages = s.countByeInOwnPercentages as boolean;
  return computeStandings({ players: teams, matches }, standingsSettings);
}

// ---------------------------------------------------------------------------------------
// Registration (MTR 8.2).

export type TeamMemberEntry = {
  seat: number;
  /** The member's name as entered; compared ignoring case and spacing when there is no key. */
  playerName?: string;
  /** The member's identity (account or player id); compared exactly when given. */
  playerKey?: string;
};

export type TeamEntryInput = {
  teamSize: number;
  name: string;
  members: readonly TeamMemberEntry[];
  /**
   * The members of every other team of this tournament: their playerKey, or for a member known
   * only by name, the name (compared ignoring case and spacing, as registration's nameKey does).
   */
  otherTeamsPlayerKeys: readonly string[];
};

export type TeamEntry = {
  /** The name as it will be shown (spacing cleaned). */
  name: string;
  /** In seat order. */
  members: { seat: number; letter: SeatLetter; playerName?: string; playerKey?: string }[];
};

/**
 * MTR 8.2: a team enters with exactly teamSize members, one in each seat, no player twice, and
 * none already on another team of this tournament; the app also needs a team name to list it by.
 */
export function checkTeamEntry(input: TeamEntryInput): RuleResult<TeamEntry> {
  const shape = checkRecord(say("teams.teamEntry"), input);
  if (shape) return shape;
  const { teamSize, members, otherTeamsPlayerKeys } = input;
  if (!isCount(teamSize))
    return fail(
      "INVALID_NUMBER",
      say("teams.teamSizeWholeNumber2", { teamSize: showValue(teamSize) }),
      mtr("teamComposition"),
    );
  if (teamSize !== 2 && teamSize !== 3)
    return fail(
      "INVALID_TEAM",
      say("teams.teamTwoThreeMembers", { teamSize }),
      mtr("teamComposition"),
    );
  if (typeof input.name !== "string")
    return fail("INVALID_INPUT", say("teams.teamNameText", { name: showValue(input.name) }));
  const name = cleanName(input.name);
  if (name === "") return fail("INVALID_TEAM", say("teams.giveTeamNameHow"));
  if (name.length > MAX_NAME_LENGTH)
    return fail(
      "INVALID_TEAM",
      say("teams.keepTeamNameCharacters", { most: MAX_NAME_LENGTH, length: name.length }),
    );
  if (!Array.isArray(members))
    return fail("INVALID_INPUT", say("teams.teamSMembersList", { members: showValue(members) }));
  if (
    !Array.isArray(otherTeamsPlayerKeys) ||
    !(otherTeamsPlayerKeys as unknown[]).every((k) => typeof k === "string")
  ) {
    return fail("INVALID_INPUT", say("teams.playersAlreadyOtherTeams"));
  }
  if (members.length !== teamSize) {
    const seats =
      teamSize === 2
        ? say("teams.twoSeats", { first: "A", second: "B" })
        : SEAT_LETTERS.slice(0, teamSize).join(", ");
    return fail(
      "INVALID_TEAM",
      say("teams.needsExactlyMembersOne", {
        name,
        teamSize,
        seats,
        given: members.length,
        were: members.length === 1 ? "was" : "were",
      }),
      mtr("teamComposition"),
    );
  }
  const otherKeys = new Set(otherTeamsPlayerKeys);
  const otherNames = new Set((otherTeamsPlayerKeys as string[]).map(nameKey));
  const bySeat = new Map<number, string>();
  const byIdentity = new Map<string, string>();
  const entered: TeamEntry["members"] = [];
  for (const [i, m] of (members as unknown[]).entries()) {
    const invalid = checkRecord(say("teams.member", { number: i + 1, name }), m);
    if (invalid) return invalid;
    const { seat, playerName, playerKey } = m as Record<string, unknown>;
    if (playerName !== undefined && playerName !== null && typeof playerName !== "string") {
      return fail(
        "INVALID_INPUT",
        say("teams.memberPlayerSName", { number: i + 1, name, playerName: showValue(playerName) }),
      );
    }
    if (playerKey !== undefined && playerKey !== null && typeof playerKey !== "string") {
      return fail(
        "INVALID_INPUT",
        say("teams.memberPlayerKeyText", { number: i + 1, name, playerKey: showValue(playerKey) }),
      );
    }
    const cleaned = typeof playerName === "string" ? cleanName(playerName) : "";
    const key = typeof playerKey === "string" && playerKey.trim() !== "" ? playerKey : null;
    if (cleaned === "" && key === null)
      return fail(
        "INVALID_TEAM",
        say("teams.memberPlayerNamePlayer", { number: i + 1, name }),
        mtr("teamComposition"),
      );
    const who = cleaned !== "" ? cleaned : (key as string);
    if (!isWhole(seat))
      return fail(
        "INVALID_NUMBER",
        say("teams.sSeatWholeNumber", { who, seat: showValue(seat) }),
        mtr("teamComposition"),
      );
    if (seat >= teamSize) {
      return fail(
        "INVALID_TEAM",
        say("teams.teamSeats", {
          who,
          seatName: seatName(seat),
          teamSize,
          seats: SEAT_LETTERS.slice(0, teamSize).join(", "),
        }),
        mtr("teamComposition"),
      );
    }
    const letter = SEAT_LETTERS[seat]!;
    const other = bySeat.get(seat);
    if (other !== undefined) {
      return fail(
        "DUPLICATE_SEAT",
        say("teams.seatGivenBothMember", { letter, name, other, who }),
        mtr("teamComposition"),
      );
    }
    bySeat.set(seat, who);
    const identity = key !== null ? `key:${key}` : `name:${nameKey(cleaned)}`;
    if (byIdentity.has(identity))
      return fail(
        "DUPLICATE_PLAYER",
        say("teams.listedTwiceSeatDifferent", { who, name }),
        mtr("teamComposition"),
      );
    byIdentity.set(identity, who);
    if (key !== null ? otherKeys.has(key) : otherNames.has(nameKey(cleaned))) {
      return fail(
        "PLAYER_ON_ANOTHER_TEAM",
        say("teams.alreadyAnotherTeamTournament", { who }),
        mtr("teamComposition"),
      );
    }
    const member: TeamEntry["members"][number] = { seat, letter };
    if (cleaned !== "") member.playerName = cleaned;
    if (key !== null) member.playerKey = key;
    entered.push(member);
  }
  return ok({ name, members: entered.sort((x, y) => x.seat - y.seat) });
}

// ---------------------------------------------------------------------------------------
// How a seat match is written where staff and players look for it.

/** A table as printed: "12" in a one-match pairing, "12A" for seat A's match of team table 12 (MTR 8.2). */
export function tableLabel(table: number, seat: number, matchesPerPairing: number): string {
  if (!isCount(table) || !isCount(seat)) return showPlain(table);
  return isCount(matchesPerPairing, 2) ? `${table}${SEAT_LETTERS[seat] ?? seat}` : `${table}`;
}

/** A member playing their seat's match, named with their team so that players and staff find both. */
export function seatPlayerName(member: string, team: string): string {
  const text = (value: unknown) => (typeof value === "string" ? value : showPlain(value));
  return `${text(member)} (${text(team)})`;
}
