// Standings: MTR 3.1 Tiebreakers and MTR Appendix C Tiebreaker Explanation.
//
// Ranking keys, in order: match points, opponents' match-win %, game-win %, opponents'
// game-win %. Then, so that the order is total, stable and explainable: player id, compared
// by UTF-16 code units (not locale), ascending. Percentages are compared at 12 decimal places
// so floating-point noise (1e-16) never decides a rank, while any real difference does.

import { mtr } from "./edition";
import { type ResultSlip, checkSlip, evaluateResultSlip, intentionalDrawSlip } from "./match";
import {
  type RuleError,
  type RuleResult,
  type Side,
  asRecord,
  checkFlags,
  checkRecord,
  fail,
  isCount,
  isRecord,
  isSide,
  ok,
  otherSide,
  showValue,
  say,
} from "./result";

export type StandingsPlayer = {
  id: string;
  name?: string;
  /** The last round the player played before dropping; null/undefined = still in. 0 = dropped before round 1. */
  droppedAfterRound?: number | null;
  /** The first round the player entered (default 1). Each earlier round counts as a match loss. */
  firstRound?: number;
  /**
   * Whether the rounds a late entry missed count as match losses (default true). The organizer
   * chooses at entry; false leaves them out, so the player's percentages are over the rounds played.
   */
  missedRoundsAsLosses?: boolean;
};

export type StandingsMatch = {
  round: number;
  playerA: string;
  /** null = playerA received a bye: a 2-0 match win whatever the slip says (Appendix C). */
  playerB: string | null;
  /** In the pairing's orientation: winsA are playerA's game wins. */
  slip: ResultSlip;
  /** The side that conceded the match (MTR 2.5): the other side won, whatever the game wins. */
  concededBy?: Side;
  /**
   * The players agreed to draw the match (MTR 2.5): a drawn match even if the games actually
   * played (kept on the slip for game points) are unequal, e.g. a draw agreed at 1-0.
   * Without either fact, the side with more game wins won and equal is a draw (MTR 2.1).
   */
  intentionalDraw?: boolean;
  /**
   * Games needed to win this match (MTR 2.1: 1, 2 or 3 for best of one, three or five). When
   * given, the slip is counted exactly as evaluateResultSlip reports it (same function): a
   * conceded 1-0 becomes 2-0 or 1-2 (MTR 2.5), and a slip with too many game wins is refused.
   * When absent, the slip is taken to be stored as already reported (what the data layer
   * stores), so a conceded slip must show the winner ahead; an intentional draw with no games
   * is still counted 0-0-3 (that does not depend on the games to win).
   */
  gamesToWin?: number;
};

export type StandingsInput = {
  players: readonly StandingsPlayer[];
  matches: readonly StandingsMatch[];
};

export type StandingsSettings = {
  /** No match-win or game-win percentage is below this (Appendix C: 0.33, not 1/3). */
  percentageFloor: number;
  /**
   * Whether a player's own byes count in their own match-win and game-win percentages. The
   * Appendix C example counts them (3-2-0 including a bye → 9/15 = 0.60). Byes are never
   * counted in opponents' percentages, whatever this says.
   */
  countByeInOwnPercentages: boolean;
  /** Games lost recorded for each round a late entry missed (the MTR is silent; 0-2 is how a match loss is recorded). */
  lateEntryLossGames: number;
};

export const DEFAULT_STANDINGS_SETTINGS: StandingsSettings = {
  percentageFloor: 0.33,
  countByeInOwnPercentages: true,
  lateEntryLossGames: 2,
};

export type WinLossDraw = { wins: number; losses: number; draws: number };

export type Standing = {
  /** Position in the final order, 1 = first. Unique even when tied on all four keys. */
  rank: number;
  playerId: string;
  name?: string;
  matchPoints: number;
  gamePoints: number;
  /** Rounds counted for the match-win % (byes and late-entry losses included). */
  matchesPlayed: number;
  /** Match record; byes are wins, late-entry missed rounds are losses. */
  record: WinLossDraw;
  gamesPlayed: number;
  gameRecord: WinLossDraw;
  matchWinPct: number;
  gameWinPct: number;
  opponentMatchWinPct: number;
  opponentGameWinPct: number;
  byes: number;
  lateEntryLosses: number;
  dropped: boolean;
  droppedAfterRound: number | null;
  /** Opponent ids in round order, one per match played against an opponent (byes excluded). */
  opponents: string[];
  /** Equal to the standing above on all four ranking keys: only the player-id order separates them. */
  tiedWithPrevious: boolean;
};

const PRECISION = 1e12;

/** A percentage as a comparable integer at 12 decimal places. */
function key(value: number): number {
  return Math.round(value * PRECISION);
}

/** Settings with MTR defaults for every setting not given (an explicit undefined counts as not given). */
export function standingsSettingsWithDefaults(
  settings: Partial<StandingsSettings>,
): StandingsSettings {
  settings = asRecord(settings) as Partial<StandingsSettings>;
  return {
    percentageFloor: settings.percentageFloor ?? DEFAULT_STANDINGS_SETTINGS.percentageFloor,
    countByeInOwnPercentages:
      settings.countByeInOwnPercentages ?? DEFAULT_STANDINGS_SETTINGS.countByeInOwnPercentages,
    lateEntryLossGames:
      settings.lateEntryLossGames ?? DEFAULT_STANDINGS_SETTINGS.lateEntryLossGames,
  };
}

function checkSettings(s: StandingsSettings): { ok: false; error: RuleError } | null {
  if (!Number.isFinite(s.percentageFloor) || s.percentageFloor < 0 || s.percentageFloor > 1) {
    return fail(
      "INVALID_SETTING",
      say("standings.percentageFloorBetween", { percentageFloor: showValue(s.percentageFloor) }),
      mtr("tiebreakerExplanation"),
    );
  }
  if (!Number.isSafeInteger(s.lateEntryLossGames) || s.lateEntryLossGames < 0) {
    return fail(
      "INVALID_SETTING",
      say("standings.gamesLostPerMissed", { lateEntryLossGames: showValue(s.lateEntryLossGames) }),
    );
  }
  if (typeof s.countByeInOwnPercentages !== "boolean") {
    return fail(
      "INVALID_SETTING",
      say("standings.whetherByesCountPlayer", {
        countByeInOwnPercentages: showValue(s.countByeInOwnPercentages),
      }),
      mtr("tiebreakerExplanation"),
    );
  }
  return null;
}

/** The input's shape: lists of objects, ids as text, sides, flags and slips as their types say. */
function checkInput(input: unknown): { ok: false; error: RuleError } | null {
  const shape = checkRecord(say("standings.standingsInput"), input);
  if (shape) return shape;
  const { players, matches } = input as Record<string, unknown>;
  if (!Array.isArray(players))
    return fail("INVALID_INPUT", say("standings.playersList", { players: showValue(players) }));
  if (!Array.isArray(matches))
    return fail("INVALID_INPUT", say("standings.matchesList", { matches: showValue(matches) }));
  for (const [i, p] of (players as unknown[]).entries()) {
    const what = say("standings.playerList", { number: i + 1 });
    const invalid = checkRecord(what, p);
    if (invalid) return invalid;
    const { id, name } = p as Record<string, unknown>;
    if (typeof id !== "string")
      return fail("INVALID_INPUT", say("standings.idGivenText", { what, id: showValue(id) }));
    if (name !== undefined && typeof name !== "string")
      return fail("INVALID_INPUT", say("standings.nameText", { id, name: showValue(name) }));
  }
  for (const [i, m] of (matches as unknown[]).entries()) {
    const what = say("standings.matchList", { number: i + 1 });
    const invalid = checkRecord(what, m);
    if (invalid) return invalid;
    const match = m as Record<string, unknown>;
    if (typeof match.playerA !== "string")
      return fail(
        "INVALID_INPUT",
        say("standings.namePlayerId", { what, playerA: showValue(match.playerA) }),
      );
    if (match.playerB !== null && typeof match.playerB !== "string") {
      return fail(
        "INVALID_INPUT",
        say("standings.namePlayerBId", { what, playerB: showValue(match.playerB) }),
      );
    }
    if (match.playerB !== null && !isRecord(match.slip)) {
      return fail(
        "INVALID_INPUT",
        say("standings.vsResultSlipReported", {
          what,
          playerA: match.playerA,
          playerB: match.playerB,
        }),
      );
    }
    if (match.concededBy !== undefined && match.concededBy !== null && !isSide(match.concededBy)) {
      return fail(
        "INVALID_INPUT",
        say("standings.sideConcededB", { what, concededBy: showValue(match.concededBy) }),
        mtr("concedeOrDraw"),
      );
    }
    const flags = checkFlags(what, match, ["intentionalDraw"]);
    if (flags) return flags;
  }
  return null;
}

/** Per-player totals, in flat arrays indexed by player position (fast for thousands of players). */
type Totals = {
  matchPoints: Float64Array;
  gamePoints: Float64Array;
  roundsPlayed: Float64Array;
  games: Float64Array;
  wins: Float64Array;
  losses: Float64Array;
  draws: Float64Array;
  gameWins: Float64Array;
  gameLosses: Float64Array;
  gameDraws: Float64Array;
  byes: Float64Array;
  lateLosses: Float64Array;
  /** Rounds played, as flat [round, opponent, round, opponent, …] pairs; opponent -1 = a bye. */
  rounds: number[][];
  /** Opponents faced, in round order (filled in from `rounds` once every match is in). */
  opponents: number[][];
};

function newTotals(n: number): Totals {
  return {
    matchPoints: new Float64Array(n),
    gamePoints: new Float64Array(n),
    roundsPlayed: new Float64Array(n),
    games: new Float64Array(n),
    wins: new Float64Array(n),
    losses: new Float64Array(n),
    draws: new Float64Array(n),
    gameWins: new Float64Array(n),
    gameLosses: new Float64Array(n),
    gameDraws: new Float64Array(n),
    byes: new Float64Array(n),
    lateLosses: new Float64Array(n),
    rounds: Array.from({ length: n }, () => []),
    opponents: [],
  };
}

function checkPlayers(players: readonly StandingsPlayer[]): RuleResult<Map<string, number>> {
  const index = new Map<string, number>();
  for (const [i, p] of players.entries()) {
    if (index.has(p.id))
      return fail("DUPLICATE_PLAYER", say("standings.playerListedTwice", { id: p.id }));
    index.set(p.id, i);
    const dropped = p.droppedAfterRound;
    if (
      dropped !== undefined &&
      dropped !== null &&
      !(Number.isSafeInteger(dropped) && dropped >= 0)
    ) {
      return fail(
        "INVALID_NUMBER",
        say("standings.roundAfterWhichDropped", { id: p.id, dropped: showValue(dropped) }),
      );
    }
    if (p.firstRound !== undefined && !(Number.isSafeInteger(p.firstRound) && p.firstRound >= 1)) {
      return fail(
        "INVALID_NUMBER",
        say("standings.firstRoundWholeNumber", { id: p.id, firstRound: showValue(p.firstRound) }),
      );
    }
    if (p.missedRoundsAsLosses !== undefined && typeof p.missedRoundsAsLosses !== "boolean") {
      return fail(
        "INVALID_INPUT",
        say("standings.whetherRoundsMissedCount", {
          id: p.id,
          missedRoundsAsLosses: showValue(p.missedRoundsAsLosses),
        }),
      );
    }
    // MTR 2.10: a player drops from the tournament they are in. Entering in round r and dropping
    // after a round before r - 1 is leaving before entering. (After round r - 1: entered and
    // dropped before playing; 0: dropped before round 1 and not listed.)
    const first = p.firstRound ?? 1;
    if (dropped !== undefined && dropped !== null && dropped >= 1 && dropped < first - 1) {
      return fail(
        "DROP_BEFORE_ENTRY",
        say("standings.enteredRoundRecordedDropping", { id: p.id, first, dropped }),
        mtr("dropping"),
      );
    }
  }
  return ok(index);
}

/** Adds one player's side of a match: their game wins, the opponent's, drawn games, and the match result. */
function addResult(
  t: Totals,
  i: number,
  won: number,
  lost: number,
  drawn: number,
  result: "win" | "loss" | "draw",
): void {
  t.roundsPlayed[i]! += 1;
  t.games[i]! += won + lost + drawn;
  t.gameWins[i]! += won;
  t.gameLosses[i]! += lost;
  t.gameDraws[i]! += drawn;
  t.gamePoints[i]! += 3 * won + drawn;
  if (result === "win") {
    t.wins[i]! += 1;
    t.matchPoints[i]! += 3;
  } else if (result === "draw") {
    t.draws[i]! += 1;
    t.matchPoints[i]! += 1;
  } else {
    t.losses[i]! += 1;
  }
}

/**
 * The slip as reported and the match winner, from the stored facts of a match. With the
 * match's games to win this is evaluateResultSlip itself (Swiss: no elimination); without it
 * the slip is taken as already reported and decided the same way.
 */
function reportedResult(m: StandingsMatch): RuleResult<{ slip: ResultSlip; winner: Side | null }> {
  const where = say("standings.roundVs", {
    round: m.round,
    playerA: m.playerA,
    playerB: m.playerB ?? say("standings.bye"),
  });
  const concededBy = m.concededBy ?? undefined;
  const intentionalDraw = m.intentionalDraw === true;
  if (m.gamesToWin !== undefined && m.gamesToWin !== null) {
    const context =
      concededBy === undefined ? { intentionalDraw } : { concededBy, intentionalDraw };
    const evaluated = evaluateResultSlip(
      { gamesToWin: m.gamesToWin, elimination: false },
      m.slip,
      context,
    );
    if (!evaluated.ok)
      return fail(
        evaluated.error.code,
        say("standings.whereDetail", { where, detail: evaluated.error }),
        evaluated.error.rule,
      );
    return ok({ slip: evaluated.value.slip, winner: evaluated.value.winner });
  }
  const invalidSlip = checkSlip(m.slip);
  if (invalidSlip)
    return fail(
      invalidSlip.error.code,
      say("standings.whereDetail", { where, detail: invalidSlip.error }),
      invalidSlip.error.rule,
    );
  const { winsA, winsB } = m.slip;
  if (concededBy !== undefined && intentionalDraw) {
    return fail(
      "CONCESSION_CONFLICT",
      say("standings.matchCannotBothConceded", { where }),
      mtr("concedeOrDraw"),
    );
  }
  if (concededBy !== undefined) {
    const winner = otherSide(concededBy);
    if (winner === "A" ? winsA <= winsB : winsB <= winsA) {
      return fail(
        "CONFLICTING_FACTS",
        say("standings.slipConcededMatchShow", { where }),
        mtr("concedeOrDraw"),
      );
    }
    return ok({ slip: m.slip, winner });
  }
  if (intentionalDraw) return ok({ slip: intentionalDrawSlip(m.slip), winner: null });
  return ok({ slip: m.slip, winner: winsA === winsB ? null : winsA > winsB ? "A" : "B" });
}

function accumulate(
  input: StandingsInput,
  index: Map<string, number>,
  settings: StandingsSettings,
): RuleResult<Totals> {
  const n = input.players.length;
  const t = newTotals(n);
  const firstRound = input.players.map((p) => p.firstRound ?? 1);
  const droppedAfter = input.players.map((p) => p.droppedAfterRound ?? Number.POSITIVE_INFINITY);

  const place = (id: string, round: number): RuleResult<number> => {
    const i = index.get(id);
    if (i === undefined)
      return fail("UNKNOWN_PLAYER", say("standings.roundMatchWhoPlayer", { round, id }));
    if (round < firstRound[i]!) {
      return fail(
        "MATCH_BEFORE_ENTRY",
        say("standings.matchRoundEnteredRound", { id, round, firstRound: firstRound[i] }),
      );
    }
    if (round > droppedAfter[i]!) {
      return fail(
        "MATCH_AFTER_DROP",
        say("standings.matchRoundDroppedAfter", { id, round, droppedAfter: droppedAfter[i] }),
        mtr("dropping"),
      );
    }
    return ok(i);
  };

  for (const m of input.matches) {
    if (!(Number.isSafeInteger(m.round) && m.round >= 1)) {
      return fail(
        "INVALID_NUMBER",
        say("standings.roundNumberWholeNumber", { round: showValue(m.round) }),
      );
    }
    if (m.playerA === m.playerB) {
      return fail(
        "SAME_PLAYER_BOTH_SIDES",
        say("standings.roundPairsAgainstThemselves", { round: m.round, playerA: m.playerA }),
      );
    }
    const a = place(m.playerA, m.round);
    if (!a.ok) return a;
    if (m.playerB === null) {
      // Appendix C: a bye is a 2-0 match win: 3 match points and 6 game points.
      addResult(t, a.value, 2, 0, 0, "win");
      t.byes[a.value]! += 1;
      t.rounds[a.value]!.push(m.round, -1);
      continue;
    }
    const b = place(m.playerB, m.round);
    if (!b.ok) return b;
    const result = reportedResult(m);
    if (!result.ok) return result;
    const { winsA, winsB, draws } = result.value.slip;
    const w = result.value.winner;
    addResult(t, a.value, winsA, winsB, draws, w === null ? "draw" : w === "A" ? "win" : "loss");
    addResult(t, b.value, winsB, winsA, draws, w === null ? "draw" : w === "B" ? "win" : "loss");
    t.rounds[a.value]!.push(m.round, b.value);
    t.rounds[b.value]!.push(m.round, a.value);
  }

  // Round order, whatever order the matches were listed in: the opponents list and the
  // floating-point sums over it must not depend on the input order. Sorted, a player's two
  // matches in one round sit side by side.
  for (let i = 0; i < n; i++) {
    const played = sortedByRound(t.rounds[i]!);
    for (let k = 1; k < played.length; k++) {
      if (played[k]![0] === played[k - 1]![0]) {
        return fail(
          "PLAYER_PAIRED_TWICE",
          say("standings.moreThanOneMatch", { id: input.players[i]!.id, played: played[k]![0] }),
        );
      }
    }
    t.opponents.push(played.filter(([, o]) => o >= 0).map(([, o]) => o));
  }

  // Late entries: each round before the first one entered is a match loss (no opponent), unless the organizer chose otherwise.
  for (let i = 0; i < n; i++) {
    const missed = input.players[i]!.missedRoundsAsLosses === false ? 0 : firstRound[i]! - 1;
    if (missed > 0) {
      t.roundsPlayed[i]! += missed;
      t.losses[i]! += missed;
      t.lateLosses[i]! += missed;
      t.games[i]! += missed * settings.lateEntryLossGames;
      t.gameLosses[i]! += missed * settings.lateEntryLossGames;
    }
  }
  return ok(t);
}

/** [round, opponent, round, opponent, …] → [round, opponent] pairs in round order. */
function sortedByRound(pairs: readonly number[]): [number, number][] {
  const played: [number, number][] = [];
  for (let k = 0; k < pairs.length; k += 2) played.push([pairs[k]!, pairs[k + 1]!]);
  return played.sort((x, y) => x[0] - y[0]);
}

/**
 * A percentage of points earned over points possible (3 per round or per game), never below
 * the floor (Appendix C). With nothing to measure, the floor: it is the least any player counts.
 */
function floored(points: number, count: number, floor: number): number {
  return count <= 0 ? floor : Math.max(floor, points / (3 * count));
}

/**
 * Computes the standings (MTR 3.1, Appendix C) for all players, in rank order. Players who
 * dropped before round 1 took no part (MTR 2.10) and are not listed. Returns an error for
 * input that cannot describe a tournament: a player in two matches of one round, an unknown
 * player, the same player on both sides, a match after a drop or before entry, bad numbers.
 */
export function computeStandings(
  input: StandingsInput,
  settings: Partial<StandingsSettings> = {},
): RuleResult<Standing[]> {
  if (settings !== undefined && settings !== null && !isRecord(settings)) {
    return fail(
      "INVALID_SETTING",
      say("standings.standingsSettingsGivenObject", { settings: showValue(settings) }),
    );
  }
  const s = standingsSettingsWithDefaults(settings);
  const invalid = checkSettings(s) ?? checkInput(input);
  if (invalid) return invalid;
  const indexed = checkPlayers(input.players);
  if (!indexed.ok) return indexed;
  const totals = accumulate(input, indexed.value, s);
  if (!totals.ok) return totals;
  const t = totals.value;
  const n = input.players.length;
  const floor = s.percentageFloor;

  const mwp = new Float64Array(n);
  const gwp = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const byes = s.countByeInOwnPercentages ? 0 : t.byes[i]!;
    mwp[i] = floored(t.matchPoints[i]! - 3 * byes, t.roundsPlayed[i]! - byes, floor);
    gwp[i] = floored(t.gamePoints[i]! - 6 * byes, t.games[i]! - 2 * byes, floor);
  }
  // Opponents' percentages: the mean over opponents faced (byes are not opponents), each
  // opponent's own percentage already floored (Appendix C).
  const omwp = new Float64Array(n);
  const ogwp = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const opponents = t.opponents[i]!;
    if (opponents.length === 0) {
      omwp[i] = floor;
      ogwp[i] = floor;
      continue;
    }
    let m = 0;
    let g = 0;
    for (const o of opponents) {
      m += mwp[o]!;
      g += gwp[o]!;
    }
    omwp[i] = m / opponents.length;
    ogwp[i] = g / opponents.length;
  }

  // Sort keys as integers at 12 decimal places, so the comparison is exact and transitive.
  const omwKey = new Float64Array(n);
  const gwKey = new Float64Array(n);
  const ogwKey = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    omwKey[i] = key(omwp[i]!);
    gwKey[i] = key(gwp[i]!);
    ogwKey[i] = key(ogwp[i]!);
  }
  const ids = input.players.map((p) => p.id);
  /** Negative when x ranks above y on the four MTR 3.1 keys, 0 when equal on all four. */
  const compareKeys = (x: number, y: number): number =>
    t.matchPoints[y]! - t.matchPoints[x]! ||
    omwKey[y]! - omwKey[x]! ||
    gwKey[y]! - gwKey[x]! ||
    ogwKey[y]! - ogwKey[x]!;

  const listed: number[] = [];
  for (let i = 0; i < n; i++) if (input.players[i]!.droppedAfterRound !== 0) listed.push(i);
  listed.sort((x, y) => {
    const byKeys = compareKeys(x, y);
    if (byKeys !== 0) return byKeys;
    const ix = ids[x]!;
    const iy = ids[y]!;
    return ix < iy ? -1 : ix > iy ? 1 : 0;
  });

  return ok(
    listed.map((i, position): Standing => {
      const p = input.players[i]!;
      const previous = listed[position - 1];
      const standing: Standing = {
        rank: position + 1,
        playerId: p.id,
        matchPoints: t.matchPoints[i]!,
        gamePoints: t.gamePoints[i]!,
        matchesPlayed: t.roundsPlayed[i]!,
        record: { wins: t.wins[i]!, losses: t.losses[i]!, draws: t.draws[i]! },
        gamesPlayed: t.games[i]!,
        gameRecord: { wins: t.gameWins[i]!, losses: t.gameLosses[i]!, draws: t.gameDraws[i]! },
        matchWinPct: mwp[i]!,
        gameWinPct: gwp[i]!,
        opponentMatchWinPct: omwp[i]!,
        opponentGameWinPct: ogwp[i]!,
        byes: t.byes[i]!,
        lateEntryLosses: t.lateLosses[i]!,
        dropped: p.droppedAfterRound !== undefined && p.droppedAfterRound !== null,
        droppedAfterRound: p.droppedAfterRound ?? null,
        opponents: t.opponents[i]!.map((o) => ids[o]!),
        tiedWithPrevious: previous !== undefined && compareKeys(previous, i) === 0,
      };
      if (p.name !== undefined) standing.name = p.name;
      return standing;
    }),
  );
}

/**
 * Whether an entrant is paired in round `round`: entered by then (a late entry joins at its first
 * round) and not dropped before it (MTR 2.10: a drop after round r leaves rounds r + 1 on).
 */
export function playsInRound(
  entrant: { firstRound: number; droppedAfterRound: number | null },
  round: number,
): boolean {
  if (!isRecord(entrant) || typeof round !== "number") return false;
  const dropped = entrant.droppedAfterRound;
  return (
    typeof entrant.firstRound === "number" &&
    entrant.firstRound <= round &&
    (dropped === null || dropped === undefined || dropped >= round)
  );
}

/**
 * MTR 2.10 Dropping from a Tournament: the round a drop takes effect after, given how many
 * Swiss rounds are paired. A player already paired in the current round stays in it. One who
 * has not entered yet (anyone before round 1, or a late entry before their first round) took no
 * part: 0, which leaves them out of the standings. Once the event is complete there is nothing
 * left to drop from, so no drop is offered.
 */
export function dropTakesEffectAfter(input: {
  roundsPaired: number;
  firstRound: number;
  isEventComplete?: boolean;
}): RuleResult<number> {
  const shape = checkRecord(say("standings.theDrop"), input);
  if (shape) return shape;
  const { roundsPaired, firstRound } = input;
  if (input.isEventComplete === true)
    return fail("EVENT_COMPLETE", say("standings.eventOverResultsFinal"), mtr("dropping"));
  if (!isCount(roundsPaired) || !isCount(firstRound, 1)) {
    return fail(
      "INVALID_NUMBER",
      say("standings.roundsPairedWholeNumber", {
        roundsPaired: showValue(roundsPaired),
        firstRound: showValue(firstRound),
      }),
      mtr("dropping"),
    );
  }
  return ok(roundsPaired < firstRound ? 0 : roundsPaired);
}

/**
 * MTR 2.10: a player who has dropped cannot play in the playoff, so the cut goes down the final
 * standings past them. Returns player ids in standings order, dropped players left out.
 */
export function playoffContenders(
  standings: readonly Pick<Standing, "rank" | "playerId" | "dropped">[],
): string[] {
  if (!Array.isArray(standings)) return [];
  return [...standings]
    .filter(
      (standing) =>
        isRecord(standing) && standing.dropped !== true && typeof standing.playerId === "string",
    )
    .sort((a, b) => a.rank - b.rank)
    .map((standing) => standing.playerId);
}

/**
 * MTR 2.10: whether a drop may be undone, and the first round the player may then be paired in.
 * A drop is undone only while no round has been paired without the player (the next Swiss round,
 * or a late entry's first round): undoing it never pairs anyone into a round already paired, and
 * never changes a cut already made (the playoff) or a finished event.
 */
export function dropUndoFirstRound(input: {
  droppedAfterRound: number | null;
  roundsPaired: number;
  firstRound: number;
  isEventComplete?: boolean;
  hasPlayoffStarted?: boolean;
  /** The player was disqualified (the drop came with the penalty): that drop is not undone here. */
  isDisqualified?: boolean;
}): RuleResult<number> {
  const shape = checkRecord(say("standings.dropUndo"), input);
  if (shape) return shape;
  const { droppedAfterRound, roundsPaired, firstRound } = input;
  if (droppedAfterRound === null || droppedAfterRound === undefined)
    return fail("NOT_DROPPED", say("standings.playerDroppedThereNothing"), mtr("dropping"));
  if (!isCount(droppedAfterRound) || !isCount(roundsPaired) || !isCount(firstRound, 1)) {
    return fail(
      "INVALID_NUMBER",
      say("standings.roundsWholeNumbers", {
        droppedAfterRound: showValue(droppedAfterRound),
        roundsPaired: showValue(roundsPaired),
        firstRound: showValue(firstRound),
      }),
      mtr("dropping"),
    );
  }
  if (input.isEventComplete === true)
    return fail("EVENT_COMPLETE", say("standings.eventOverResultsFinal2"), mtr("dropping"));
  if (input.isDisqualified === true)
    return fail(
      "DROP_NOT_UNDOABLE",
      say("standings.playerDisqualifiedDisqualificationDrops"),
      mtr("dropping"),
    );
  if (input.hasPlayoffStarted === true)
    return fail("DROP_NOT_UNDOABLE", say("standings.playoffStartedCutMade"), mtr("dropping"));
  // The last round the player would have been paired in had they not dropped.
  const playedThrough = Math.max(droppedAfterRound, firstRound - 1);
  if (roundsPaired > playedThrough) {
    return fail(
      "DROP_NOT_UNDOABLE",
      say("standings.roundPairedWithoutThem", { round: playedThrough + 1 }),
      mtr("dropping"),
    );
  }
  return ok(playedThrough + 1);
}

/**
 * Standings are published after whole rounds: the last round, counting from round 1, whose every
 * match (or pod) has a result; 0 before any. A round still being played hides every later one too.
 * `results` lists each match's (or pod's) round and whether its result is in, in any order.
 */
export function lastCompleteRound(
  results: readonly { round: number; hasResult: boolean }[],
): number {
  if (!Array.isArray(results)) return 0;
  const complete = new Map<number, boolean>();
  for (const entry of results as unknown[]) {
    if (!isRecord(entry)) continue;
    const { round, hasResult } = entry;
    if (typeof round !== "number" || !isCount(round, 1)) continue;
    complete.set(round, (complete.get(round) ?? true) && hasResult === true);
  }
  let through = 0;
  for (const round of [...complete.keys()].sort((a, b) => a - b)) {
    if (!complete.get(round)) break;
    through = round;
  }
  return through;
}
