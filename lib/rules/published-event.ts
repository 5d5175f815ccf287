// A finished Swiss event as another tool published it: the JSON that community caches of
// melee.gg events use ({ Tournament, Rounds[].Matches[] { Player1, Player2, Result "2-1-0" },
// Standings[] }). Read into our own shapes, the standings it implies are computed by
// standings.ts, and every difference from the published standings is named with the setting
// (the percentage floor, a bye in a player's own percentages) that explains it, or left
// unexplained. Results the rules do not allow (a "3-0-0" in best-of-three, MTR 2.1) are kept as
// published, with a warning: the event was played that way.

import { mtr } from "./edition";
import { cleanName, MAX_NAME_LENGTH, nameKey } from "./registration";
import type { ResultSlip } from "./match";
import type { Standing, StandingsInput } from "./standings";
import { type RuleResult, asRecord, fail, isRecord, ok, showValue } from "./result";

export type PublishedMatch = { playerA: string; playerB: string | null; slip: ResultSlip; intentionalDraw: boolean };
export type PublishedRound = { name: string; kind: "swiss" | "playoff"; matches: PublishedMatch[] };
export type PublishedStandingRow = { rank: number; player: string; points: number; omwp: number; gwp: number; ogwp: number };

export type PublishedEvent = {
  name: string;
  date: string | null;
  uri: string | null;
  /** Every player, in order of first appearance (standings first, then matches). */
  players: string[];
  rounds: PublishedRound[];
  standings: PublishedStandingRow[];
  /** Results kept as published though the rules do not allow them, and rounds read by guess. */
  warnings: string[];
};

const BYE_NAMES = new Set(["", "-", "bye", "(bye)"]);
const PLAYOFF_ROUND = /\b(quarter|semi|final|top\s*\d+|playoff)/i;
const SWISS_ROUND = /^round\s*\d+$/i;

/** "2-1-0" → wins of Player1, wins of Player2, drawn games. */
function readResult(text: unknown): ResultSlip | null {
  const match = typeof text === "string" ? /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(text) : null;
  return match ? { winsA: Number(match[1]), winsB: Number(match[2]), draws: Number(match[3]) } : null;
}

/**
 * Reads a published event. Refused: what is not such an event, a match without a readable result
 * or players; a player listed twice in one round. `gamesToWin` is the match length (2 for
 * best-of-three) that results are checked against.
 */
export function readMeleeEvent(value: unknown, gamesToWin = 2): RuleResult<PublishedEvent> {
  if (!isRecord(value)) return fail("INVALID_INPUT", `A published event is a JSON object with "Tournament", "Rounds" and "Standings", not ${showValue(value)}.`);
  const tournament = asRecord(value.Tournament);
  if (typeof tournament.Name !== "string" || tournament.Name.trim() === "") return fail("INVALID_INPUT", 'The event has no "Tournament.Name".');
  if (!Array.isArray(value.Rounds) || value.Rounds.length === 0) return fail("INVALID_INPUT", 'The event has no "Rounds".');
  const warnings: string[] = [];
  const players: string[] = [];
  const known = new Set<string>();
  const add = (name: string) => {
    if (!known.has(name)) {
      known.add(name);
      players.push(name);
    }
  };
  const standings: PublishedStandingRow[] = [];
  for (const [index, raw] of (Array.isArray(value.Standings) ? value.Standings : []).entries()) {
    const row = asRecord(raw);
    if (typeof row.Player !== "string" || row.Player.trim() === "") return fail("INVALID_INPUT", `Standing ${index + 1} names no player.`);
    const number = (key: string) => (typeof row[key] === "number" && Number.isFinite(row[key]) ? (row[key] as number) : NaN);
    const standing = { rank: number("Rank"), player: row.Player.trim(), points: number("Points"), omwp: number("OMWP"), gwp: number("GWP"), ogwp: number("OGWP") };
    if (Object.values(standing).some((field) => typeof field === "number" && Number.isNaN(field))) return fail("INVALID_INPUT", `Standing ${index + 1} (${standing.player}) lacks a rank, points or a percentage.`);
    standings.push(standing);
    add(standing.player);
  }
  const rounds: PublishedRound[] = [];
  for (const [roundIndex, rawRound] of value.Rounds.entries()) {
    const round = asRecord(rawRound);
    const name = typeof round.RoundName === "string" && round.RoundName.trim() !== "" ? round.RoundName.trim() : `Round ${roundIndex + 1}`;
    const kind = SWISS_ROUND.test(name) ? "swiss" : PLAYOFF_ROUND.test(name) ? "playoff" : "swiss";
    if (!SWISS_ROUND.test(name) && kind === "swiss") warnings.push(`"${name}" is read as a Swiss round: its name is neither "Round N" nor a playoff round's.`);
    if (!Array.isArray(round.Matches)) return fail("INVALID_INPUT", `${name} has no "Matches".`);
    const seated = new Set<string>();
    const matches: PublishedMatch[] = [];
    for (const [matchIndex, rawMatch] of round.Matches.entries()) {
      const match = asRecord(rawMatch);
      const where = `${name}, match ${matchIndex + 1}`;
      const playerA = typeof match.Player1 === "string" ? match.Player1.trim() : "";
      const second = typeof match.Player2 === "string" ? match.Player2.trim() : "";
      if (BYE_NAMES.has(playerA.toLowerCase())) return fail("INVALID_INPUT", `${where} names no first player.`);
      const playerB = BYE_NAMES.has(second.toLowerCase()) ? null : second;
      const slip = readResult(match.Result);
      if (!slip) return fail("INVALID_INPUT", `${where} (${playerA}${playerB ? ` vs ${playerB}` : ""}): ${showValue(match.Result)} is not a result like "2-1-0".`);
      for (const player of [playerA, playerB]) {
        if (player === null) continue;
        if (seated.has(player)) return fail("PLAYER_PAIRED_TWICE", `${where}: ${player} plays twice in ${name}.`);
        seated.add(player);
        add(player);
      }
      if (playerA === playerB) return fail("SAME_PLAYER_BOTH_SIDES", `${where}: ${playerA} is listed against themselves.`);
      // MTR 2.5: 0-0-3 is how an intentional draw is reported.
      const intentionalDraw = playerB !== null && slip.winsA === 0 && slip.winsB === 0 && slip.draws === 3;
      if (playerB !== null && (slip.winsA > gamesToWin || slip.winsB > gamesToWin)) {
        warnings.push(`${where}, ${playerA} vs ${playerB}: ${slip.winsA}-${slip.winsB}-${slip.draws} is not possible when ${gamesToWin} game wins end a match (${mtr("matchStructure")}); kept as published.`);
      }
      matches.push({ playerA, playerB, slip, intentionalDraw });
    }
    rounds.push({ name, kind, matches });
  }
  return ok({ name: tournament.Name.trim(), date: typeof tournament.Date === "string" ? tournament.Date : null, uri: typeof tournament.Uri === "string" ? tournament.Uri : null, players, rounds, standings, warnings });
}

/** The standings input of the event's Swiss rounds, players by name; results as published, unchecked against the match length. */
export function publishedStandingsInput(event: PublishedEvent): StandingsInput {
  const swiss = event.rounds.filter((round) => round.kind === "swiss");
  return {
    players: event.players.map((name) => ({ id: name, name })),
    matches: swiss.flatMap((round, index) =>
      round.matches.map((match) => ({ round: index + 1, playerA: match.playerA, playerB: match.playerB, slip: match.slip, ...(match.intentionalDraw ? { intentionalDraw: true } : {}) })),
    ),
  };
}

/** One player's difference from the published standings, and what explains it. */
export type PublishedDifference = {
  player: string;
  /** "points", or the percentages and rank that differ under the default settings. */
  keys: ("points" | "rank" | "omwp" | "gwp" | "ogwp")[];
  /** The settings variant under which the player's row equals the published one; null when none does. */
  explainedBy: string | null;
};

/** Published percentages are rounded to 6 decimals. */
const TOLERANCE = 5e-7 + 1e-12;

function differingKeys(ours: Standing | undefined, published: PublishedStandingRow, compareRank: boolean): PublishedDifference["keys"] {
  if (!ours) return ["points"];
  const keys: PublishedDifference["keys"] = [];
  if (ours.matchPoints !== published.points) keys.push("points");
  if (Math.abs(ours.opponentMatchWinPct - published.omwp) > TOLERANCE) keys.push("omwp");
  if (Math.abs(ours.gameWinPct - published.gwp) > TOLERANCE) keys.push("gwp");
  if (Math.abs(ours.opponentGameWinPct - published.ogwp) > TOLERANCE) keys.push("ogwp");
  if (compareRank && ours.rank !== published.rank) keys.push("rank");
  return keys;
}

/**
 * Every published row that differs from our standings under the first variant (the app's
 * settings), with the first other variant (another floor, byes counted otherwise) under which it
 * is equal. Ranks are compared only where the published row has nothing else that differs; a
 * player the published standings list without a match (a no-show) is compared on points only.
 */
export function comparePublishedStandings(published: readonly PublishedStandingRow[], variants: readonly { name: string; standings: readonly Standing[] }[]): PublishedDifference[] {
  const maps = variants.map((variant) => ({ name: variant.name, byPlayer: new Map(variant.standings.map((standing) => [standing.playerId, standing])) }));
  const differences: PublishedDifference[] = [];
  const [first, ...others] = maps;
  if (!first) return [];
  for (const row of published) {
    const ours = first.byPlayer.get(row.player);
    const noShow = ours !== undefined && ours.matchesPlayed === 0;
    const keys = noShow ? (ours.matchPoints === row.points ? [] : (["points"] as const).slice()) : differingKeys(ours, row, true);
    if (keys.length === 0) continue;
    const explainedBy = others.find((variant) => differingKeys(variant.byPlayer.get(row.player), row, true).length === 0)?.name ?? null;
    differences.push({ player: row.player, keys, explainedBy });
  }
  return differences;
}

/**
 * Entrant names for the published players: cleaned, cut to the registration limit, and made
 * distinct as registration compares names ("Ana" and "ana" become "Ana" and "ana (2)"), since two
 * entrants of one event may not share a name. Keyed by the published name.
 */
export function entrantNames(players: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const published of Array.isArray(players) ? players : []) {
    const base = (cleanName(String(published)) || "Player").slice(0, MAX_NAME_LENGTH - 5);
    let name = base;
    for (let copy = 2; taken.has(nameKey(name)); copy++) name = `${base} (${copy})`;
    taken.add(nameKey(name));
    names.set(published, name);
  }
  return names;
}
