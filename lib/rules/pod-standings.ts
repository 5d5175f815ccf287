// Standings for a pod event (multiplayer games of 3–5 players, one game per round: CR 100.6a).
//
// Points: win 5 / draw 1 / loss 0 by default, the scoring the cEDH community's tournament addenda
// use; a bye is worth a win unless the organizer sets it. Ranking keys: points, then the chosen
// tiebreakers (default: opponents' match-win %, then opponents' opponents' match-win %), then
// player id by UTF-16 code units so the order is total. Percentages are compared at 12 decimal
// places, as in standings.ts.
//
// A pod's result as a match-win percentage (our choice, documented in docs/rules.md): a player's
// match-win % is the points they earned divided by the points a win would have earned in every
// round they count (MTR Appendix C's "match points / (3 × rounds)" with the pod's win points in
// place of 3), floored like Appendix C. Byes count as rounds earning the bye's points in the
// player's own percentage (the addenda: byes are scored and counted in tiebreakers); a bye has no
// opponent, so it adds nothing to anyone's opponents' percentages.

import { mtr } from "./edition";
import { DEFAULT_STANDINGS_SETTINGS } from "./standings";
import {
  type RuleError,
  type RuleResult,
  asRecord,
  checkRecord,
  fail,
  isCount,
  isRecord,
  ok,
  showValue,
  say,
  type Message,
} from "./result";

export type PodStandingsPlayer = {
  id: string;
  name?: string;
  /** The last round the player played before dropping; null/undefined = still in. */
  droppedAfterRound?: number | null;
  /** The first round the player entered (default 1). Each earlier round counts as a loss, unless `missedRoundsAsLosses` is false. */
  firstRound?: number;
  missedRoundsAsLosses?: boolean;
};

export type PodResultKind = "win" | "draw" | "loss";

export type PodStandingsEntry =
  /** One pod's game: every player of the pod with their result (at most one win; a win means no draws). */
  | { round: number; pod: readonly { player: string; result: PodResultKind }[] }
  /** A player sitting out with a bye. */
  | { round: number; bye: string };

export type PodStandingsInput = {
  players: readonly PodStandingsPlayer[];
  entries: readonly PodStandingsEntry[];
};

export const POD_TIEBREAKERS = [
  "opponentMatchWinPct",
  "opponentOpponentMatchWinPct",
  "wins",
  "matchWinPct",
] as const;
export type PodTiebreaker = (typeof POD_TIEBREAKERS)[number];

export type PodStandingsSettings = {
  points: {
    win: number;
    draw: number;
    loss: number /** null = the same as a win. */;
    bye: number | null;
  };
  /** No match-win percentage is below this (MTR Appendix C: 0.33, as in standings.ts). */
  percentageFloor: number;
  /** Keys after points, in order; higher is better for each. */
  tiebreakers: readonly PodTiebreaker[];
};

export const DEFAULT_POD_STANDINGS_SETTINGS: PodStandingsSettings = {
  points: { win: 5, draw: 1, loss: 0, bye: null },
  percentageFloor: DEFAULT_STANDINGS_SETTINGS.percentageFloor,
  tiebreakers: ["opponentMatchWinPct", "opponentOpponentMatchWinPct"],
};

export type PodStanding = {
  /** 1 = first; unique even when tied on every key. */
  rank: number;
  playerId: string;
  name?: string;
  points: number;
  record: { wins: number; draws: number; losses: number; byes: number };
  /** Rounds counted in the player's own match-win %: pods, byes and missed rounds of a late entry. */
  roundsCounted: number;
  matchWinPct: number;
  opponentMatchWinPct: number;
  opponentOpponentMatchWinPct: number;
  /** Pod opponents, round by round (each opponent once per pod shared). */
  opponents: string[];
  dropped: boolean;
  /** Equal to the standing above on points and every tiebreaker: only the player-id order separates them. */
  tiedWithPrevious: boolean;
};

const PRECISION = 1e12;
const key = (value: number): number => Math.round(value * PRECISION);

/** Settings with the defaults for every setting not given (points merged one by one). */
export function podStandingsSettingsWithDefaults(
  settings: Partial<PodStandingsSettings> = {},
): PodStandingsSettings {
  const s = asRecord(settings) as Partial<PodStandingsSettings>;
  const points = asRecord(s.points) as Partial<PodStandingsSettings["points"]>;
  return {
    points: {
      win: points.win ?? DEFAULT_POD_STANDINGS_SETTINGS.points.win,
      draw: points.draw ?? DEFAULT_POD_STANDINGS_SETTINGS.points.draw,
      loss: points.loss ?? DEFAULT_POD_STANDINGS_SETTINGS.points.loss,
      bye: points.bye === undefined ? DEFAULT_POD_STANDINGS_SETTINGS.points.bye : points.bye,
    },
    percentageFloor: s.percentageFloor ?? DEFAULT_POD_STANDINGS_SETTINGS.percentageFloor,
    tiebreakers: s.tiebreakers ?? DEFAULT_POD_STANDINGS_SETTINGS.tiebreakers,
  };
}

function checkSettings(s: PodStandingsSettings): { ok: false; error: RuleError } | null {
  const { win, draw, loss, bye } = s.points;
  for (const [what, value] of [
    [say("podStandings.aWin"), win],
    [say("podStandings.aDraw"), draw],
    [say("podStandings.aLoss"), loss],
  ] as const) {
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
      return fail(
        "INVALID_SETTING",
        say("podStandings.worthNumberPointsLeast", { what, value: showValue(value) }),
      );
  }
  if (!(win > draw && draw >= loss))
    return fail("INVALID_SETTING", say("podStandings.winWorthMoreThan", { win, draw, loss }));
  if (bye !== null && (typeof bye !== "number" || !Number.isFinite(bye) || bye < 0 || bye > win)) {
    return fail(
      "INVALID_SETTING",
      say("podStandings.byeWorthBetweenWin", { win, bye: showValue(bye) }),
    );
  }
  if (
    typeof s.percentageFloor !== "number" ||
    !Number.isFinite(s.percentageFloor) ||
    s.percentageFloor < 0 ||
    s.percentageFloor > 1
  ) {
    return fail(
      "INVALID_SETTING",
      say("podStandings.percentageFloorBetween", { percentageFloor: showValue(s.percentageFloor) }),
      mtr("tiebreakerExplanation"),
    );
  }
  if (
    !Array.isArray(s.tiebreakers) ||
    s.tiebreakers.some((t) => !(POD_TIEBREAKERS as readonly unknown[]).includes(t)) ||
    new Set(s.tiebreakers).size !== s.tiebreakers.length
  ) {
    return fail(
      "INVALID_SETTING",
      say("podStandings.tiebreakersDistinctKeysAmong", { tiebreakers: POD_TIEBREAKERS.join(", ") }),
      mtr("tiebreakers"),
    );
  }
  return null;
}

function checkInput(input: unknown): { ok: false; error: RuleError } | null {
  const shape = checkRecord(say("podStandings.standingsInput"), input);
  if (shape) return shape;
  const { players, entries } = input as Record<string, unknown>;
  if (!Array.isArray(players))
    return fail("INVALID_INPUT", say("podStandings.playersList", { players: showValue(players) }));
  if (!Array.isArray(entries))
    return fail("INVALID_INPUT", say("podStandings.podsByesList", { entries: showValue(entries) }));
  for (const [i, p] of (players as unknown[]).entries()) {
    const r = asRecord(p);
    if (!isRecord(p) || typeof r.id !== "string")
      return fail("INVALID_INPUT", say("podStandings.playerListIdGiven", { number: i + 1 }));
    if (r.name !== undefined && typeof r.name !== "string")
      return fail(
        "INVALID_INPUT",
        say("podStandings.nameText", { id: r.id, name: showValue(r.name) }),
      );
    if (r.firstRound !== undefined && !isCount(r.firstRound, 1))
      return fail(
        "INVALID_NUMBER",
        say("podStandings.firstRoundWholeNumber", {
          id: r.id,
          firstRound: showValue(r.firstRound),
        }),
      );
    if (r.missedRoundsAsLosses !== undefined && typeof r.missedRoundsAsLosses !== "boolean")
      return fail(
        "INVALID_INPUT",
        say("podStandings.whetherRoundsMissedCount", {
          id: r.id,
          missedRoundsAsLosses: showValue(r.missedRoundsAsLosses),
        }),
      );
    if (
      r.droppedAfterRound !== undefined &&
      r.droppedAfterRound !== null &&
      !isCount(r.droppedAfterRound)
    ) {
      return fail(
        "INVALID_NUMBER",
        say("podStandings.roundAfterWhichDropped", {
          id: r.id,
          droppedAfterRound: showValue(r.droppedAfterRound),
        }),
      );
    }
  }
  for (const [i, e] of (entries as unknown[]).entries()) {
    const what = say("podStandings.entryList", { number: i + 1 });
    const r = asRecord(e);
    if (!isRecord(e))
      return fail("INVALID_INPUT", say("podStandings.podBye", { what, e: showValue(e) }));
    if (!isCount(r.round, 1))
      return fail(
        "INVALID_NUMBER",
        say("podStandings.roundNumberLeast", { what, round: showValue(r.round) }),
      );
    if (typeof r.bye === "string") continue;
    if (!Array.isArray(r.pod))
      return fail("INVALID_INPUT", say("podStandings.listPodSPlayers", { what }));
    for (const seat of r.pod as unknown[]) {
      const s = asRecord(seat);
      if (
        typeof s.player !== "string" ||
        (s.result !== "win" && s.result !== "draw" && s.result !== "loss")
      ) {
        return fail("INVALID_INPUT", say("podStandings.playerPodNeedsId", { what }));
      }
    }
  }
  return null;
}

/**
 * Standings of a pod event: points, then the chosen tiebreakers (docs/rules.md, "Pod standings").
 * Refuses impossible records: a pod of other than 3–5 players, two winners, a win beside a draw,
 * a player in two pods of one round, a round after a drop or before entry, an unknown player.
 */
export function computePodStandings(
  input: PodStandingsInput,
  settings: Partial<PodStandingsSettings> = {},
): RuleResult<PodStanding[]> {
  const invalid = checkInput(input);
  if (invalid) return invalid;
  const s = podStandingsSettingsWithDefaults(settings);
  const badSettings = checkSettings(s);
  if (badSettings) return badSettings;
  const byePoints = s.points.bye ?? s.points.win;

  const index = new Map<string, number>();
  for (const player of input.players) {
    if (index.has(player.id))
      return fail("DUPLICATE_PLAYER", say("podStandings.playerListedTwice", { id: player.id }));
    index.set(player.id, index.size);
  }
  const n = input.players.length;
  const missed = (player: PodStandingsPlayer) =>
    player.missedRoundsAsLosses === false ? 0 : Math.max(0, (player.firstRound ?? 1) - 1);
  const totals = input.players.map((player) => ({
    points: 0,
    rounds: missed(player),
    wins: 0,
    draws: 0,
    losses: missed(player),
    byes: 0,
    opponents: [] as number[],
  }));
  const seenInRound = new Set<string>();
  const take = (
    id: string,
    round: number,
    what: Message,
  ): { ok: false; error: RuleError } | number => {
    const i = index.get(id);
    if (i === undefined)
      return fail("UNKNOWN_PLAYER", say("podStandings.namesWhoPlayerList", { what, id }));
    const player = input.players[i]!;
    if (round < (player.firstRound ?? 1))
      return fail(
        "MATCH_BEFORE_ENTRY",
        say("podStandings.enteredRoundAfterRound", {
          what,
          id,
          firstRound: player.firstRound,
          round,
        }),
      );
    if (
      player.droppedAfterRound !== undefined &&
      player.droppedAfterRound !== null &&
      round > player.droppedAfterRound
    ) {
      return fail(
        "MATCH_AFTER_DROP",
        say("podStandings.droppedAfterRoundCannot", {
          what,
          id,
          droppedAfterRound: player.droppedAfterRound,
          round,
        }),
        mtr("dropping"),
      );
    }
    const roundKey = `${round}:${id}`;
    if (seenInRound.has(roundKey))
      return fail("PLAYER_PAIRED_TWICE", say("podStandings.appearsTwiceRound", { id, round }));
    seenInRound.add(roundKey);
    return i;
  };

  for (const [entryIndex, entry] of input.entries.entries()) {
    const what = say("podStandings.roundEntry", { round: entry.round, number: entryIndex + 1 });
    if ("bye" in entry && typeof entry.bye === "string") {
      const i = take(entry.bye, entry.round, what);
      if (typeof i !== "number") return i;
      const t = totals[i]!;
      t.points += byePoints;
      t.rounds++;
      t.byes++;
      continue;
    }
    const pod = (entry as { pod: readonly { player: string; result: PodResultKind }[] }).pod;
    if (pod.length < 3 || pod.length > 5)
      return fail(
        "INVALID_POD",
        say("podStandings.podPlayers", { what, length: pod.length }),
        "100.6a",
      );
    const winners = pod.filter((seat) => seat.result === "win").length;
    const draws = pod.filter((seat) => seat.result === "draw").length;
    if (winners > 1)
      return fail("CONFLICTING_FACTS", say("podStandings.podSGameMost", { what }), "104.2a");
    if (winners === 1 && draws > 0)
      return fail("CONFLICTING_FACTS", say("podStandings.podSGameWon", { what }), "104.2a");
    if (draws === 1)
      return fail("CONFLICTING_FACTS", say("podStandings.drawSharedLeastTwo", { what }), "104.4a");
    const members: number[] = [];
    for (const seat of pod) {
      const i = take(seat.player, entry.round, what);
      if (typeof i !== "number") return i;
      members.push(i);
    }
    for (const [k, seat] of pod.entries()) {
      const t = totals[members[k]!]!;
      t.rounds++;
      if (seat.result === "win") {
        t.wins++;
        t.points += s.points.win;
      } else if (seat.result === "draw") {
        t.draws++;
        t.points += s.points.draw;
      } else {
        t.losses++;
        t.points += s.points.loss;
      }
      for (const other of members) if (other !== members[k]) t.opponents.push(other);
    }
  }

  const floor = s.percentageFloor;
  const matchWin = totals.map((t) =>
    t.rounds === 0 ? floor : Math.max(floor, t.points / (s.points.win * t.rounds)),
  );
  // Appendix C, as standings.ts: a player with no opponent yet (only a bye) is at the floor, not below it.
  const average = (values: readonly number[]): number =>
    values.length === 0 ? floor : values.reduce((a, b) => a + b, 0) / values.length;
  const opponentMatchWin = totals.map((t) => average(t.opponents.map((o) => matchWin[o]!)));
  const opponentOpponentMatchWin = totals.map((t) =>
    average(t.opponents.map((o) => opponentMatchWin[o]!)),
  );
  const value = (i: number, tiebreaker: PodTiebreaker): number =>
    tiebreaker === "opponentMatchWinPct"
      ? key(opponentMatchWin[i]!)
      : tiebreaker === "opponentOpponentMatchWinPct"
        ? key(opponentOpponentMatchWin[i]!)
        : tiebreaker === "wins"
          ? totals[i]!.wins
          : key(matchWin[i]!);
  const compareKeys = (a: number, b: number): number => {
    const byPoints = key(totals[b]!.points) - key(totals[a]!.points);
    if (byPoints !== 0) return byPoints;
    for (const tiebreaker of s.tiebreakers) {
      const difference = value(b, tiebreaker) - value(a, tiebreaker);
      if (difference !== 0) return difference;
    }
    return 0;
  };
  const order = Array.from({ length: n }, (_, i) => i);
  const ids = input.players.map((player) => player.id);
  order.sort((a, b) => compareKeys(a, b) || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));

  return ok(
    order.map((i, position): PodStanding => {
      const player = input.players[i]!;
      const t = totals[i]!;
      return {
        rank: position + 1,
        playerId: player.id,
        ...(player.name === undefined ? {} : { name: player.name }),
        points: t.points,
        record: { wins: t.wins, draws: t.draws, losses: t.losses, byes: t.byes },
        roundsCounted: t.rounds,
        matchWinPct: matchWin[i]!,
        opponentMatchWinPct: opponentMatchWin[i]!,
        opponentOpponentMatchWinPct: opponentOpponentMatchWin[i]!,
        opponents: t.opponents.map((o) => ids[o]!),
        dropped: player.droppedAfterRound !== undefined && player.droppedAfterRound !== null,
        tiedWithPrevious: position > 0 && compareKeys(order[position - 1]!, i) === 0,
      };
    }),
  );
}

/** How far a player went in a pod event's top cut (community tournament addenda: one final pod, after semifinal or quarterfinal pods). */
export type PodCutFinish = "champion" | "final" | "semifinal" | "quarterfinal" | "playing";

const FINISH_ORDER: Record<PodCutFinish, number> = {
  champion: 0,
  final: 1,
  semifinal: 2,
  quarterfinal: 3,
  playing: 4,
};

/**
 * Final standings of a pod event with a top cut: once the final pod has a winner, the cut's
 * players come first by how far they went (players out at the same stage by their Swiss rank),
 * then everyone else in Swiss order; before that the Swiss order stands and the cut's players are
 * marked. `swissRank` keeps the Swiss place.
 */
export function podFinalStandings<S extends { rank: number; playerId: string }>(
  standings: readonly S[],
  finishes: Readonly<Record<string, PodCutFinish>>,
): (S & { swissRank: number; cutFinish: PodCutFinish | null })[] {
  const rows: S[] = (Array.isArray(standings) ? standings : []).filter(
    (row: S) => isRecord(row) && typeof row.playerId === "string",
  );
  const finishOf = (id: string): PodCutFinish | null => {
    const finish: unknown = isRecord(finishes) ? finishes[id] : undefined;
    return typeof finish === "string" && Object.hasOwn(FINISH_ORDER, finish)
      ? (finish as PodCutFinish)
      : null;
  };
  const marked: (S & { swissRank: number; cutFinish: PodCutFinish | null })[] = rows.map((row) => ({
    ...row,
    swissRank: row.rank,
    cutFinish: finishOf(row.playerId),
  }));
  if (!marked.some((row) => row.cutFinish === "champion")) return marked;
  const level = (row: { cutFinish: PodCutFinish | null }): number =>
    row.cutFinish === null ? 5 : FINISH_ORDER[row.cutFinish];
  return [...marked]
    .sort((a, b) => level(a) - level(b) || a.swissRank - b.swissRank)
    .map((row, index) => ({ ...row, rank: index + 1 }));
}
