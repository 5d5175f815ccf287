// What each record from here means for a playoff cut: the top `cutSize` players still in the
// event after the Swiss rounds make it, ranked by match points first (MTR 3.1).
//
// A record's verdict is "in" when fewer than `cutSize` others can finish on as many points or
// more, "out" when at least `cutSize` others finish on more whatever happens, else "depends".
// Two ways to tell:
// - exact: every way the remaining rounds can go, with every pairing the Swiss pairer can make
//   (possibleSwissPairings: its objective, any rank among equal points, any seed); exact on
//   points, assuming nobody else drops or enters;
// - estimate: each other player on their own (lose out, or win out), with a cap on the points
//   the others can take in all (a match gives out at most one win's points). Never contradicts
//   the exact verdict: "in" and "out" stay true whatever the pairings; it says "depends" more.

import { mtr } from "./edition";
import { readFieldPlayers } from "./field-players";
import {
  type Message,
  type RuleError,
  type RuleResult,
  asRecord,
  checkRecord,
  fail,
  isCount,
  ok,
  say,
  showValue,
} from "./result";

export type OutlookPlayer = {
  id: string;
  matchPoints: number;
  /** A dropped player is out of the cut and is not paired again (MTR 2.10). */
  dropped?: boolean;
  /** Earlier opponents (byes excluded); ids not in the field are ignored. */
  opponents?: readonly string[];
  hadBye?: boolean;
};

export type OutlookPairing = { playerA: string; playerB: string | null };

export type OutlookInput = {
  players: readonly OutlookPlayer[];
  /** Swiss rounds still to play, the first of them perhaps already paired (`nextRound`). */
  roundsLeft: number;
  cutSize: number;
  /** Match points per win and per draw (MTR 3.1: 3 and 1). */
  pointsPerWin?: number;
  pointsPerDraw?: number;
  /** The next round's pairings when already made: the exact count uses them as they are. */
  nextRound?: readonly OutlookPairing[] | null;
};

export type RecordFromHere = { wins: number; losses: number; draws: number };
export type OutlookVerdict = "in" | "out" | "depends";

export type RecordOutlook = {
  record: RecordFromHere;
  /** Match points at the end of the Swiss rounds with this record. */
  points: number;
  verdict: OutlookVerdict;
  /** Others who finish on more points whatever else happens. */
  surelyAbove: number;
  /** The most others who can finish on these points or more. */
  mostAtOrAbove: number;
  /** "depends" only on tiebreakers: the points alone always leave a tie across the cut (exact only). */
  onTiebreakers: boolean;
};

export type PlayerOutlook = { playerId: string; records: RecordOutlook[] };

export type TopCutOutlook = {
  /** True when the verdicts are the estimate, false when they are exact on points. */
  estimate: boolean;
  cutSize: number;
  roundsLeft: number;
  players: PlayerOutlook[];
};

/** The exact count runs up to this field and these rounds, and within WORK_BUDGET steps. */
export const EXACT_LIMITS = { players: 16, roundsLeft: 3, work: 600_000 } as const;

const PLAYOFF = mtr("tiebreakers");

type Field = {
  ids: string[];
  points: number[];
  /** Bit j of opponents[i]: i and j have played. */
  opponents: number[];
  hadBye: boolean[];
  roundsLeft: number;
  cut: number;
  win: number;
  draw: number;
  next: [number, number][] | null;
};

/** Reads and checks the input; dropped players leave the field. */
function readField(input: unknown): RuleResult<Field> {
  const invalid = checkRecord(say("topCutOutlook.theInput"), input);
  if (invalid) return invalid;
  const raw = asRecord(input);
  const win = raw.pointsPerWin ?? 3;
  const draw = raw.pointsPerDraw ?? 1;
  if (!isCount(raw.roundsLeft)) return number("topCutOutlook.roundsLeft", raw.roundsLeft);
  if (!isCount(raw.cutSize, 1)) return number("topCutOutlook.cutSize", raw.cutSize);
  if (!isCount(win, 1)) return number("topCutOutlook.pointsPerWin", win);
  if (!isCount(draw) || (draw as number) > (win as number))
    return number("topCutOutlook.pointsPerDraw", draw);
  const read = readFieldPlayers(raw.players);
  if (!read.ok) return read;
  const active = read.value.filter((player) => !player.dropped);
  const index = new Map(active.map((player, i) => [player.id, i]));
  const opponents = active.map((player) => {
    let bits = 0;
    for (const id of player.opponents) {
      const j = index.get(id);
      if (j !== undefined && j < 31) bits |= 1 << j;
    }
    return bits;
  });
  const next = readNextRound(raw.nextRound, index);
  if (next && !next.ok) return next;
  return ok({
    ids: active.map((player) => player.id),
    points: active.map((player) => player.matchPoints),
    opponents,
    hadBye: active.map((player) => player.hadBye),
    roundsLeft: raw.roundsLeft as number,
    cut: raw.cutSize as number,
    win: win as number,
    draw: draw as number,
    next: next ? next.value : null,
  });
}

function number(key: string, value: unknown): { ok: false; error: RuleError } {
  return fail("INVALID_NUMBER", say(key, { value: showValue(value) }), PLAYOFF);
}

/** The next round's pairings as index pairs (-1 = the bye); each player still in exactly once. */
function readNextRound(
  value: unknown,
  index: ReadonlyMap<string, number>,
): RuleResult<[number, number][]> | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value))
    return fail("INVALID_INPUT", say("topCutOutlook.nextRound", { value: showValue(value) }));
  const placed = new Set<number>();
  const pairs: [number, number][] = [];
  for (const entry of value as unknown[]) {
    const pairing = asRecord(entry);
    const a = typeof pairing.playerA === "string" ? index.get(pairing.playerA) : undefined;
    const b =
      pairing.playerB === null
        ? -1
        : typeof pairing.playerB === "string"
          ? index.get(pairing.playerB)
          : undefined;
    if (a === undefined || b === undefined || a === b || placed.has(a) || placed.has(b))
      return fail("INVALID_INPUT", say("topCutOutlook.nextRoundPlayers"));
    placed.add(a);
    if (b >= 0) placed.add(b);
    pairs.push([a, b]);
  }
  if (placed.size !== index.size)
    return fail("INVALID_INPUT", say("topCutOutlook.nextRoundPlayers"));
  return ok(pairs);
}

/** Every record from here, best first: most points, then most wins. */
export function recordsFromHere(roundsLeft: number): RecordFromHere[] {
  if (!isCount(roundsLeft) || roundsLeft > 30) return [];
  const records: RecordFromHere[] = [];
  for (let wins = roundsLeft; wins >= 0; wins--)
    for (let draws = roundsLeft - wins; draws >= 0; draws--)
      records.push({ wins, losses: roundsLeft - wins - draws, draws });
  return records;
}

const byPoints = (a: RecordOutlook, b: RecordOutlook) =>
  b.points - a.points || b.record.wins - a.record.wins;

function verdictOf(cut: number, surelyAbove: number, mostAtOrAbove: number): OutlookVerdict {
  if (mostAtOrAbove < cut) return "in";
  if (surelyAbove >= cut) return "out";
  return "depends";
}

/**
 * The estimate for each player (or only `playerIds`): others on their own, within a cap on the
 * points all others can gain (each pairing gives out at most one win's points per round).
 */
export function estimateTopCutOutlook(
  input: OutlookInput,
  playerIds?: readonly string[] | null,
): RuleResult<TopCutOutlook> {
  const read = readField(input);
  if (!read.ok) return read;
  const field = read.value;
  const { points, roundsLeft: rounds, win, draw } = field;
  const n = points.length;
  const slots = Math.ceil(n / 2);
  const perSlot = Math.max(win, 2 * draw);
  const fromHere = recordsFromHere(rounds);
  // The gains a player can make in the rounds left, to round a need up to one they can make.
  const gains = [
    ...new Set(fromHere.map((record) => record.wins * win + record.draws * draw)),
  ].sort((a, b) => a - b);
  // Others on equal points are alike here: count them by points, and answer once per points.
  const counts = new Map<number, number>();
  for (const p of points) counts.set(p, (counts.get(p) ?? 0) + 1);
  const groups = [...counts.entries()].sort((a, b) => b[0] - a[0]);
  const byOwnPoints = new Map<number, RecordOutlook[]>();
  const recordsFor = (own: number): RecordOutlook[] =>
    fromHere
      .map((record): RecordOutlook => {
        const final = own + record.wins * win + record.draws * draw;
        // The others' share: every other pairing's points, and what this player's opponents get.
        let pool = (slots - 1) * rounds * perSlot + record.losses * win + record.draws * draw;
        let surelyAbove = 0;
        let mostAtOrAbove = 0;
        for (const [at, count] of groups) {
          const others = at === own ? count - 1 : count;
          if (others === 0) continue;
          if (at > final) surelyAbove += others;
          const need = final - at;
          const cost = need <= 0 ? 0 : gains.find((gain) => gain >= need);
          if (cost === undefined || cost > pool) continue;
          const reach = cost === 0 ? others : Math.min(others, Math.floor(pool / cost));
          pool -= reach * cost;
          mostAtOrAbove += reach;
        }
        return {
          record,
          points: final,
          verdict: verdictOf(field.cut, surelyAbove, mostAtOrAbove),
          surelyAbove,
          mostAtOrAbove,
          onTiebreakers: false,
        };
      })
      .sort(byPoints);
  const wanted = wantedIndices(field, playerIds);
  const players = wanted.map((i) => {
    const own = points[i]!;
    let records = byOwnPoints.get(own);
    if (!records) {
      records = recordsFor(own);
      byOwnPoints.set(own, records);
    }
    // Players on equal points share one answer: it is read, never changed.
    return { playerId: field.ids[i]!, records };
  });
  return ok({ estimate: true, cutSize: field.cut, roundsLeft: rounds, players });
}

function wantedIndices(field: Field, playerIds?: readonly string[] | null): number[] {
  if (!Array.isArray(playerIds)) return field.ids.map((_, i) => i);
  const wanted = new Set(playerIds);
  return field.ids.flatMap((id, i) => (wanted.has(id) ? [i] : []));
}

class OverBudget extends Error {}

type Extremes = {
  minAbove: number;
  maxAbove: number;
  minAtOrAbove: number;
  maxAtOrAbove: number;
};

/**
 * The exact outlook for every player, or null when the field, the rounds left or the work it
 * would take exceed EXACT_LIMITS (then the estimate is the answer).
 */
export function exactTopCutOutlook(
  input: OutlookInput,
  work: number = EXACT_LIMITS.work,
): RuleResult<TopCutOutlook | null> {
  const read = readField(input);
  if (!read.ok) return read;
  const field = read.value;
  const n = field.points.length;
  if (n > EXACT_LIMITS.players || field.roundsLeft > EXACT_LIMITS.roundsLeft) return ok(null);
  const budget = { left: isCount(work) ? work : 0, visited: new Set<string>() };
  // For each player, by record ("wins-losses-draws"), the extremes over every way it can go.
  const seen = field.ids.map(() => new Map<string, Extremes>());
  const state = {
    points: [...field.points],
    opponents: [...field.opponents],
    hadBye: [...field.hadBye],
    wins: field.points.map(() => 0),
    losses: field.points.map(() => 0),
    draws: field.points.map(() => 0),
  };
  try {
    if (field.roundsLeft === 0) settle(field, state, [], seen);
    else playRound(field, state, 0, seen, budget);
  } catch (error) {
    if (error instanceof OverBudget) return ok(null);
    throw error;
  }
  const players = field.ids.map((playerId, i) => ({
    playerId,
    records: [...seen[i]!.entries()]
      .map(([key, extremes]): RecordOutlook => {
        const [wins, losses, draws] = key.split("-").map(Number) as [number, number, number];
        const final = field.points[i]! + wins * field.win + draws * field.draw;
        return {
          record: { wins, losses, draws },
          points: final,
          verdict: verdictOf(field.cut, extremes.minAbove, extremes.maxAtOrAbove),
          surelyAbove: extremes.minAbove,
          mostAtOrAbove: extremes.maxAtOrAbove,
          onTiebreakers: extremes.minAtOrAbove >= field.cut && extremes.maxAbove < field.cut,
        };
      })
      .sort(byPoints),
  }));
  return ok({ estimate: false, cutSize: field.cut, roundsLeft: field.roundsLeft, players });
}

/** The exact outlook when it is within EXACT_LIMITS, otherwise the estimate. */
export function topCutOutlook(
  input: OutlookInput,
  playerIds?: readonly string[] | null,
): RuleResult<TopCutOutlook> {
  const exact = exactTopCutOutlook(input);
  if (!exact.ok) return exact;
  if (exact.value === null) return estimateTopCutOutlook(input, playerIds);
  const field = exact.value;
  const wanted = Array.isArray(playerIds) ? new Set(playerIds) : null;
  return ok({
    ...field,
    players: wanted ? field.players.filter((p) => wanted.has(p.playerId)) : field.players,
  });
}

type State = {
  points: number[];
  opponents: number[];
  hadBye: boolean[];
  wins: number[];
  losses: number[];
  draws: number[];
};

function spend(budget: { left: number }, amount: number): void {
  budget.left -= amount;
  if (budget.left < 0) throw new OverBudget();
}

/** Plays round `round` (0-based from here) every way it can be paired and played. */
function playRound(
  field: Field,
  state: State,
  round: number,
  seen: Map<string, Extremes>[],
  budget: { left: number; visited: Set<string> },
): void {
  const isLast = round === field.roundsLeft - 1;
  if (!isLast) {
    // The same standings reached by another path have been played out already.
    const key = JSON.stringify([
      round,
      state.points,
      state.opponents,
      state.hadBye,
      state.wins,
      state.losses,
    ]);
    if (budget.visited.has(key)) return;
    budget.visited.add(key);
  }
  const pairings =
    round === 0 && field.next
      ? [field.next]
      : possiblePairingsOf(state.points, state.opponents, state.hadBye, budget);
  // In the last round only each player's opponent's points matter, not who the opponent is.
  const settled = new Set<string>();
  for (const pairing of pairings) {
    spend(budget, state.points.length);
    if (isLast) {
      const facing = new Array<number>(state.points.length).fill(-1);
      for (const [a, b] of pairing) {
        facing[a] = b < 0 ? -1 : state.points[b]!;
        if (b >= 0) facing[b] = state.points[a]!;
      }
      const signature = facing.join(",");
      if (settled.has(signature)) continue;
      settled.add(signature);
      spend(budget, state.points.length * state.points.length);
      settle(field, state, pairing, seen);
    } else
      everyOutcome(field, state, pairing, 0, () =>
        playRound(field, state, round + 1, seen, budget),
      );
  }
}

const OUTCOMES = ["A", "B", "draw"] as const;

/** Calls `then` once for each way the pairing's matches can end, with `state` updated. */
function everyOutcome(
  field: Field,
  state: State,
  pairing: readonly [number, number][],
  at: number,
  then: () => void,
): void {
  if (at === pairing.length) {
    then();
    return;
  }
  const [a, b] = pairing[at]!;
  for (const outcome of b < 0 ? (["A"] as const) : OUTCOMES) {
    const undo = apply(field, state, a, b, outcome);
    everyOutcome(field, state, pairing, at + 1, then);
    undo();
  }
}

/** Plays one match (b < 0: a bye, a win); returns what puts the state back. */
function apply(
  field: Field,
  state: State,
  a: number,
  b: number,
  outcome: (typeof OUTCOMES)[number],
): () => void {
  const { points, wins, losses, draws, opponents, hadBye } = state;
  if (b < 0) {
    const before = hadBye[a]!;
    points[a]! += field.win;
    wins[a]! += 1;
    hadBye[a] = true;
    return () => {
      points[a]! -= field.win;
      wins[a]! -= 1;
      hadBye[a] = before;
    };
  }
  const [beforeA, beforeB] = [opponents[a]!, opponents[b]!];
  opponents[a] = beforeA | (1 << b);
  opponents[b] = beforeB | (1 << a);
  const meet = () => {
    opponents[a] = beforeA;
    opponents[b] = beforeB;
  };
  if (outcome === "draw") {
    points[a]! += field.draw;
    points[b]! += field.draw;
    draws[a]! += 1;
    draws[b]! += 1;
    return () => {
      meet();
      points[a]! -= field.draw;
      points[b]! -= field.draw;
      draws[a]! -= 1;
      draws[b]! -= 1;
    };
  }
  const [winner, loser] = outcome === "A" ? [a, b] : [b, a];
  points[winner]! += field.win;
  wins[winner]! += 1;
  losses[loser]! += 1;
  return () => {
    meet();
    points[winner]! -= field.win;
    wins[winner]! -= 1;
    losses[loser]! -= 1;
  };
}

/**
 * The last round with this pairing: for each player and each way their own match ends, the
 * extremes over the other matches. Each other match moves the counts on its own, so each
 * extreme is a sum over matches of that match's extreme.
 */
function settle(
  field: Field,
  state: State,
  pairing: readonly [number, number][],
  seen: Map<string, Extremes>[],
): void {
  const { points } = state;
  const n = points.length;
  const partner = new Int32Array(n).fill(-2);
  // Each match's three endings as final points: [a wins, b wins, a draw] for a, then for b.
  const matches: number[][] = [];
  for (const [a, b] of pairing) {
    partner[a] = b;
    if (b < 0) continue;
    partner[b] = a;
    const [x, y] = [points[a]!, points[b]!];
    matches.push([a, b, x + field.win, x, x + field.draw, y, y + field.win, y + field.draw]);
  }
  const e: Extremes = { minAbove: 0, maxAbove: 0, minAtOrAbove: 0, maxAtOrAbove: 0 };
  for (let i = 0; i < n; i++) {
    const opponent = partner[i]!;
    const endings = opponent === -2 ? 1 : opponent === -1 ? 1 : 3;
    for (let kind = 0; kind < endings; kind++) {
      const gain = opponent === -2 ? 0 : kind === 0 ? field.win : kind === 1 ? 0 : field.draw;
      const opponentGain = kind === 0 ? 0 : kind === 1 ? field.win : field.draw;
      const final = points[i]! + gain;
      let fixedAbove = 0;
      let fixedAt = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const p = partner[j];
        const score =
          p === -2
            ? points[j]!
            : p === -1
              ? points[j]! + field.win
              : p === i
                ? points[j]! + opponentGain
                : -1;
        if (score < 0) continue;
        if (score > final) fixedAbove++;
        if (score >= final) fixedAt++;
      }
      e.minAbove = fixedAbove;
      e.maxAbove = fixedAbove;
      e.minAtOrAbove = fixedAt;
      e.maxAtOrAbove = fixedAt;
      for (const m of matches) {
        if (m[0] === i || m[1] === i) continue;
        let minAbove = 2;
        let maxAbove = 0;
        let minAt = 2;
        let maxAt = 0;
        for (let o = 0; o < 3; o++) {
          const x = m[2 + o]!;
          const y = m[5 + o]!;
          const above = (x > final ? 1 : 0) + (y > final ? 1 : 0);
          const at = (x >= final ? 1 : 0) + (y >= final ? 1 : 0);
          if (above < minAbove) minAbove = above;
          if (above > maxAbove) maxAbove = above;
          if (at < minAt) minAt = at;
          if (at > maxAt) maxAt = at;
        }
        e.minAbove += minAbove;
        e.maxAbove += maxAbove;
        e.minAtOrAbove += minAt;
        e.maxAtOrAbove += maxAt;
      }
      const played = opponent !== -2;
      const key = [
        state.wins[i]! + (played && kind === 0 ? 1 : 0),
        state.losses[i]! + (kind === 1 ? 1 : 0),
        state.draws[i]! + (kind === 2 ? 1 : 0),
      ].join("-");
      const before = seen[i]!.get(key);
      if (!before) seen[i]!.set(key, { ...e });
      else {
        before.minAbove = Math.min(before.minAbove, e.minAbove);
        before.maxAbove = Math.max(before.maxAbove, e.maxAbove);
        before.minAtOrAbove = Math.min(before.minAtOrAbove, e.minAtOrAbove);
        before.maxAtOrAbove = Math.max(before.maxAtOrAbove, e.maxAtOrAbove);
      }
    }
  }
}

/**
 * Every pairing the Swiss pairer (lib/pairings/swiss.ts) can choose for this field, whatever
 * its seed and the ranks among equal points: those optimal for its objective — fewest
 * rematches; the bye to the first player, in the order no bye yet then fewest points, for whom
 * that many rematches still suffice; then the least Σ (points difference)² (docs/pairings.md).
 */
export function possibleSwissPairings(
  players: readonly OutlookPlayer[],
  work: number = EXACT_LIMITS.work,
): RuleResult<OutlookPairing[][] | null> {
  const read = readField({ players, roundsLeft: 1, cutSize: 1 });
  if (!read.ok) return read;
  const field = read.value;
  if (field.points.length > EXACT_LIMITS.players) return ok(null);
  try {
    const pairings = possiblePairingsOf(field.points, field.opponents, field.hadBye, {
      left: isCount(work) ? work : 0,
    });
    return ok(
      pairings.map((pairing) =>
        pairing.map(([a, b]) => ({
          playerA: field.ids[a]!,
          playerB: b < 0 ? null : field.ids[b]!,
        })),
      ),
    );
  } catch (error) {
    if (error instanceof OverBudget) return ok(null);
    throw error;
  }
}

type Cost = { rematches: number; squares: number };

function possiblePairingsOf(
  points: readonly number[],
  opponents: readonly number[],
  hadBye: readonly boolean[],
  budget: { left: number },
): [number, number][][] {
  const n = points.length;
  if (n < 2) return n === 1 ? [[[0, -1]]] : [[]];
  const everyone = points.map((_, i) => i);
  if (n % 2 === 0) return bestMatchings(everyone, points, opponents, budget).pairings;
  const byBye = everyone.map((c) => ({
    c,
    ...bestMatchings(
      everyone.filter((i) => i !== c),
      points,
      opponents,
      budget,
    ),
  }));
  const fewest = Math.min(...byBye.map((option) => option.cost.rematches));
  const feasible = byBye.filter((option) => option.cost.rematches === fewest);
  const rank = (c: number) => (hadBye[c] ? 1e9 : 0) + points[c]!;
  const first = Math.min(...feasible.map((option) => rank(option.c)));
  return feasible
    .filter((option) => rank(option.c) === first)
    .flatMap((option) =>
      option.pairings.map((pairing) => [...pairing, [option.c, -1] as [number, number]]),
    );
}

/** All perfect matchings of `players` with the fewest rematches, then the least Σ Δ². */
function bestMatchings(
  players: readonly number[],
  points: readonly number[],
  opponents: readonly number[],
  budget: { left: number },
): { cost: Cost; pairings: [number, number][][] } {
  let best: Cost = { rematches: Number.POSITIVE_INFINITY, squares: 0 };
  let found: [number, number][][] = [];
  const current: [number, number][] = [];
  // Each player's possible partners, closest in points first: good pairings are found early.
  const partners = points.map((own, i) =>
    players
      .filter((j) => j !== i)
      .sort((x, y) => Math.abs(points[x]! - own) - Math.abs(points[y]! - own)),
  );
  const search = (free: number, rematches: number, squares: number) => {
    spend(budget, 1);
    if (rematches > best.rematches || (rematches === best.rematches && squares > best.squares))
      return;
    if (free === 0) {
      if (rematches < best.rematches || squares < best.squares) {
        best = { rematches, squares };
        found = [];
      }
      found.push([...current]);
      return;
    }
    const first = 31 - Math.clz32(free & -free);
    const rest = free & ~(1 << first);
    for (const other of partners[first]!) {
      if (!(rest & (1 << other))) continue;
      const difference = points[first]! - points[other]!;
      current.push(points[other]! > points[first]! ? [other, first] : [first, other]);
      search(
        rest & ~(1 << other),
        rematches + (opponents[first]! & (1 << other) ? 1 : 0),
        squares + difference * difference,
      );
      current.pop();
    }
  };
  search(
    players.reduce((bits, i) => bits | (1 << i), 0),
    0,
    0,
  );
  return { cost: best, pairings: found };
}

/** A record as results are written: wins-losses, then draws when there are any ("2-0-1"). */
export function recordLabel(record: RecordFromHere): string {
  const { wins, losses, draws } = asRecord(record);
  const shown = [wins, losses].map((value) => (isCount(value) ? value : 0));
  return isCount(draws, 1) ? `${shown.join("-")}-${draws}` : shown.join("-");
}

/** A record of one kind of result is named by it ("Win out (3-0)", "Lose (0-1)"); a mixed one by its numbers. */
function recordName(record: RecordFromHere, label: string): Message {
  const { wins, losses, draws } = record;
  const values = { record: label };
  if (isCount(wins, 1) && losses === 0 && draws === 0)
    return say(wins === 1 ? "topCutOutlook.win" : "topCutOutlook.winOut", values);
  if (isCount(draws, 1) && wins === 0 && losses === 0)
    return say(draws === 1 ? "topCutOutlook.draw" : "topCutOutlook.drawOut", values);
  if (isCount(losses, 1) && wins === 0 && draws === 0)
    return say(losses === 1 ? "topCutOutlook.lose" : "topCutOutlook.loseOut", values);
  return say("topCutOutlook.record", values);
}

/** One line for a record's verdict, e.g. "Win out (3-0): in the top 8, whatever else happens". */
export function describeRecordOutlook(outlook: RecordOutlook, cutSize: number): Message {
  const facts = asRecord(outlook);
  const record = asRecord(facts.record) as RecordFromHere;
  const label = recordLabel(record);
  const shown = recordName(record, label);
  const points = isCount(facts.points) ? (facts.points as number) : 0;
  const cut = isCount(cutSize, 1) ? cutSize : 0;
  if (facts.verdict === "in") return say("topCutOutlook.isIn", { record: shown, cut });
  if (facts.verdict === "out") return say("topCutOutlook.isOut", { record: shown, cut });
  return facts.onTiebreakers === true
    ? say("topCutOutlook.onTiebreakers", { record: shown, points })
    : say("topCutOutlook.onResults", { record: shown, points });
}

/** A list this long or shorter is shown record by record; a longer one joins neighbours that share a verdict. */
const LINES_SHOWN_WHOLE = 6;

/**
 * The lines of a player's outlook, best record first (MTR 3.1): every record when there are few,
 * otherwise neighbouring records with one verdict as one range, so four rounds left is a few lines.
 */
export function describeRecordOutlooks(
  records: readonly RecordOutlook[],
  cutSize: number,
): { message: Message; verdict: OutlookVerdict }[] {
  const given: unknown = records;
  const sorted = (Array.isArray(given) ? given : []).filter(isRecordOutlook).sort(byPoints);
  if (sorted.length <= LINES_SHOWN_WHOLE)
    return sorted.map((r) => ({ message: describeRecordOutlook(r, cutSize), verdict: r.verdict }));
  const runs: RecordOutlook[][] = [];
  for (const record of sorted) {
    const run = runs.at(-1);
    const first = run?.[0];
    const joins =
      first !== undefined &&
      first.verdict === record.verdict &&
      first.onTiebreakers === record.onTiebreakers;
    if (run && joins) run.push(record);
    else runs.push([record]);
  }
  return runs.map((run) => ({
    message: run.length === 1 ? describeRecordOutlook(run[0]!, cutSize) : describeRun(run, cutSize),
    verdict: run[0]!.verdict,
  }));
}

/** A record's outlook as this module makes it: a garbage entry is left out, never thrown on. */
function isRecordOutlook(value: unknown): value is RecordOutlook {
  const facts = asRecord(value);
  const record = asRecord(facts.record);
  return (
    typeof facts.points === "number" &&
    typeof facts.verdict === "string" &&
    [record.wins, record.losses, record.draws].every((count) => typeof count === "number")
  );
}

/** One line for neighbouring records that share a verdict, e.g. "3-1 to 2-2: 12 to 9 points; …". */
function describeRun(run: RecordOutlook[], cutSize: number): Message {
  const best = run[0]!;
  const worst = run.at(-1)!;
  const from = recordLabel(best.record);
  const to = recordLabel(worst.record);
  const cut = isCount(cutSize, 1) ? cutSize : 0;
  if (best.verdict === "in") return say("topCutOutlook.runIn", { from, to, cut });
  if (best.verdict === "out") return say("topCutOutlook.runOut", { from, to, cut });
  const high = best.points;
  const low = worst.points;
  return best.onTiebreakers
    ? say("topCutOutlook.runOnTiebreakers", { from, to, high, low })
    : say("topCutOutlook.runOnResults", { from, to, high, low });
}

/**
 * What the verdicts are: exact on points, or the estimate with what it assumes and, for one
 * player, the fewest-points record that is in for sure (MTR 3.1).
 */
export function describeOutlookKind(outlook: TopCutOutlook, player?: PlayerOutlook): Message {
  if (asRecord(outlook).estimate === false) return say("topCutOutlook.exact");
  const records = Array.isArray(player?.records) ? player.records : null;
  if (!records) return say("topCutOutlook.estimate");
  const sure = records
    .filter((r) => r.verdict === "in")
    .sort(byPoints)
    .at(-1);
  return sure
    ? say("topCutOutlook.estimateIn", { record: recordLabel(sure.record) })
    : say("topCutOutlook.estimateNone");
}
