// A finished Swiss event as another tool published it: the JSON that community caches of
// melee.gg events use ({ Tournament, Rounds[].Matches[] { Player1, Player2, Result "2-1-0" },
// Standings[] }). Read into our own shapes, the standings it implies are computed by
// standings.ts, and every difference from the published standings is named with the publishing
// tool's conventions (publishedStandingsVariants: the percentage floor, byes in a player's own
// percentages, how an intentional draw counts as games, a closing bracket published as rounds)
// that explain it, or left unexplained. Results the rules do not allow (a "3-0-0" in
// best-of-three, MTR 2.1) are kept as published, with a warning: the event was played that way.

import { mtr } from "./edition";
import { cleanName, MAX_NAME_LENGTH, nameKey } from "./registration";
import { checkArchiveJson } from "./archive";
import { type ResultSlip, intentionalDrawSlip } from "./match";
import {
  type Standing,
  type StandingsInput,
  type StandingsMatch,
  type StandingsSettings,
  computeStandings,
  standingsSettingsWithDefaults,
} from "./standings";
import {
  asRecord,
  fail,
  isRecord,
  type Message,
  ok,
  type RuleResult,
  say,
  showValue,
} from "./result";

export type PublishedMatch = {
  playerA: string;
  playerB: string | null;
  slip: ResultSlip;
  intentionalDraw: boolean;
};
export type PublishedRound = { name: string; kind: "swiss" | "playoff"; matches: PublishedMatch[] };
export type PublishedStandingRow = {
  rank: number;
  player: string;
  points: number;
  omwp: number;
  gwp: number;
  ogwp: number;
};

export type PublishedEvent = {
  name: string;
  date: string | null;
  uri: string | null;
  /** Every player, in order of first appearance (standings first, then matches). */
  players: string[];
  rounds: PublishedRound[];
  standings: PublishedStandingRow[];
  /** Results kept as published though the rules do not allow them, and rounds read by guess. */
  warnings: Message[];
};

const BYE_NAMES = new Set(["", "-", "bye", "(bye)"]);
const PLAYOFF_ROUND = /\b(quarter|semi|final|top\s*\d+|playoff)/i;
const SWISS_ROUND = /^round\s*\d+$/i;

/** The event's page where it was published, shown as a link: an https:// address only (never data:, javascript: or a local file). */
export function publishedLink(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2_000) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" && url.username === "" && url.password === ""
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/** "2-1-0" → wins of Player1, wins of Player2, drawn games. */
function readResult(text: unknown): ResultSlip | null {
  const match =
    typeof text === "string"
      ? /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(text)
      : null;
  return match
    ? { winsA: Number(match[1]), winsB: Number(match[2]), draws: Number(match[3]) }
    : null;
}

/**
 * Reads a published event. Refused: what is not such an event, a match without a readable result
 * or players; a player listed twice in one round. `gamesToWin` is the match length (2 for
 * best-of-three) that results are checked against.
 */
export function readMeleeEvent(value: unknown, gamesToWin = 2): RuleResult<PublishedEvent> {
  if (!isRecord(value))
    return fail(
      "INVALID_INPUT",
      say("publishedEvent.publishedEventJsonObject", { value: showValue(value) }),
    );
  // Text the database and pages can take: no control character anywhere, no absurd nesting.
  const [unreadable] = checkArchiveJson(value, "file");
  if (unreadable)
    return fail(
      "INVALID_INPUT",
      say("publishedEvent.atPath", { path: unreadable.path, problem: unreadable.message }),
    );
  const tournament = asRecord(value.Tournament);
  if (typeof tournament.Name !== "string" || tournament.Name.trim() === "")
    return fail("INVALID_INPUT", say("publishedEvent.eventTournamentName"));
  if (!Array.isArray(value.Rounds) || value.Rounds.length === 0)
    return fail("INVALID_INPUT", say("publishedEvent.eventRounds"));
  const warnings: Message[] = [];
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
    if (typeof row.Player !== "string" || row.Player.trim() === "")
      return fail(
        "INVALID_INPUT",
        say("publishedEvent.standingNamesPlayer", { number: index + 1 }),
      );
    const number = (key: string) =>
      typeof row[key] === "number" && Number.isFinite(row[key]) ? (row[key] as number) : NaN;
    const standing = {
      rank: number("Rank"),
      player: row.Player.trim(),
      points: number("Points"),
      omwp: number("OMWP"),
      gwp: number("GWP"),
      ogwp: number("OGWP"),
    };
    if (Object.values(standing).some((field) => typeof field === "number" && Number.isNaN(field)))
      return fail(
        "INVALID_INPUT",
        say("publishedEvent.standingLacksRankPoints", {
          number: index + 1,
          player: standing.player,
        }),
      );
    standings.push(standing);
    add(standing.player);
  }
  const rounds: PublishedRound[] = [];
  for (const [roundIndex, rawRound] of value.Rounds.entries()) {
    const round = asRecord(rawRound);
    const name =
      typeof round.RoundName === "string" && round.RoundName.trim() !== ""
        ? round.RoundName.trim()
        : `Round ${roundIndex + 1}`;
    const kind = SWISS_ROUND.test(name) ? "swiss" : PLAYOFF_ROUND.test(name) ? "playoff" : "swiss";
    if (!SWISS_ROUND.test(name) && kind === "swiss")
      warnings.push(say("publishedEvent.readSwissRoundName", { name }));
    if (!Array.isArray(round.Matches))
      return fail("INVALID_INPUT", say("publishedEvent.matches", { name }));
    const seated = new Set<string>();
    const matches: PublishedMatch[] = [];
    for (const [matchIndex, rawMatch] of round.Matches.entries()) {
      const match = asRecord(rawMatch);
      const where = say("publishedEvent.match", { name, number: matchIndex + 1 });
      const playerA = typeof match.Player1 === "string" ? match.Player1.trim() : "";
      const second = typeof match.Player2 === "string" ? match.Player2.trim() : "";
      if (BYE_NAMES.has(playerA.toLowerCase()))
        return fail("INVALID_INPUT", say("publishedEvent.namesFirstPlayer", { where }));
      const playerB = BYE_NAMES.has(second.toLowerCase()) ? null : second;
      const slip = readResult(match.Result);
      if (!slip)
        return fail(
          "INVALID_INPUT",
          playerB
            ? say("publishedEvent.resultLikeVs", {
                where,
                playerA,
                playerB,
                result: showValue(match.Result),
              })
            : say("publishedEvent.resultLike", { where, playerA, result: showValue(match.Result) }),
        );
      for (const player of [playerA, playerB]) {
        if (player === null) continue;
        if (seated.has(player))
          return fail(
            "PLAYER_PAIRED_TWICE",
            say("publishedEvent.playsTwice", { where, player, name }),
          );
        seated.add(player);
        add(player);
      }
      if (playerA === playerB)
        return fail(
          "SAME_PLAYER_BOTH_SIDES",
          say("publishedEvent.listedAgainstThemselves", { where, playerA }),
        );
      // MTR 2.5: 0-0-3 is how an intentional draw is reported.
      const intentionalDraw =
        playerB !== null && slip.winsA === 0 && slip.winsB === 0 && slip.draws === 3;
      if (playerB !== null && (slip.winsA > gamesToWin || slip.winsB > gamesToWin)) {
        warnings.push(
          say("publishedEvent.vsPossibleWhenGame", {
            where,
            playerA,
            playerB,
            winsA: slip.winsA,
            winsB: slip.winsB,
            draws: slip.draws,
            gamesToWin,
            mtr: mtr("matchStructure"),
          }),
        );
      }
      matches.push({ playerA, playerB, slip, intentionalDraw });
    }
    rounds.push({ name, kind, matches });
  }
  const name = cleanName(tournament.Name) || "Imported event";
  const uri = publishedLink(tournament.Uri);
  if (uri === null && typeof tournament.Uri === "string" && tournament.Uri.trim() !== "")
    warnings.push(
      say("publishedEvent.eventSLinkLeft", { link: showValue(tournament.Uri.slice(0, 80)) }),
    );
  return ok({
    name,
    date: typeof tournament.Date === "string" ? tournament.Date : null,
    uri,
    players,
    rounds,
    standings,
    warnings,
  });
}

/** One player's difference from the published standings, and what explains it. */
export type PublishedDifference = {
  player: string;
  /** "points", or the percentages and rank that differ under the default settings. */
  keys: ("points" | "rank" | "omwp" | "gwp" | "ogwp")[];
  /** The settings variant under which the player's row equals the published one; null when none does. */
  explainedBy: Message | null;
};

/** Published percentages are rounded to 6 decimals. */
const TOLERANCE = 5e-7 + 1e-12;

function differingKeys(
  ours: Standing | undefined,
  published: PublishedStandingRow,
  compareRank: boolean,
): PublishedDifference["keys"] {
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
 * settings), with the first other variant (publishedStandingsVariants: the publisher's
 * conventions, fewest first) under which it is equal. Ranks are compared only where the published row has nothing else that differs; a
 * player the published standings list without a match (a no-show) is compared on points only.
 */
export function comparePublishedStandings(
  published: readonly PublishedStandingRow[],
  variants: readonly { name: Message; standings: readonly Standing[] }[],
): PublishedDifference[] {
  const maps = variants.map((variant) => ({
    name: variant.name,
    byPlayer: new Map(variant.standings.map((standing) => [standing.playerId, standing])),
  }));
  const differences: PublishedDifference[] = [];
  const [first, ...others] = maps;
  if (!first) return [];
  for (const row of published) {
    const ours = first.byPlayer.get(row.player);
    const noShow = ours !== undefined && ours.matchesPlayed === 0;
    const keys = noShow
      ? ours.matchPoints === row.points
        ? []
        : (["points"] as const).slice()
      : differingKeys(ours, row, true);
    if (keys.length === 0) continue;
    const explainedBy =
      others.find(
        (variant) => differingKeys(variant.byPlayer.get(row.player), row, true).length === 0,
      )?.name ?? null;
    differences.push({ player: row.player, keys, explainedBy });
  }
  return differences;
}

/** The name of the publisher's convention that an intentional draw with no game played (0-0-3) counts as three games played that earn no game points. */
export const INTENTIONAL_DRAW_GAMES = say("publishedEvent.intentionalDrawsThreeGames");
/** The name of the publisher's convention that a bracket published as numbered rounds counts only in the rows of its players, every other row standing as it was before the bracket. */
export const CLOSING_BRACKET = say("publishedEvent.closingBracketCountedPlayers");

type Convention = {
  name: Message;
  settings?: Partial<StandingsSettings>;
  intentionalDrawGames?: true;
  closingBracket?: true;
};

/** An intentional draw with no game won (MTR 2.5, reported 0-0-3): its drawn games are the ones the publisher scores 0. */
function unplayedDrawGames(match: StandingsMatch): number {
  if (match.intentionalDraw !== true || match.playerB === null) return 0;
  const slip = intentionalDrawSlip(match.slip);
  return slip.winsA === 0 && slip.winsB === 0 ? slip.draws : 0;
}

function winnerOf(match: StandingsMatch): string | null {
  if (match.playerB === null || match.intentionalDraw === true) return null;
  if (match.concededBy) return match.concededBy === "A" ? match.playerB : match.playerA;
  return match.slip.winsA > match.slip.winsB
    ? match.playerA
    : match.slip.winsB > match.slip.winsA
      ? match.playerB
      : null;
}

/**
 * The rounds that end the input as a single-elimination bracket, whatever they are named: the
 * last round is one match, each round before it in the bracket is played by exactly the players
 * of the next round and won by them, and the round before the bracket paired more players. Empty
 * when the input does not end so.
 */
export function closingBracketRounds(input: StandingsInput): number[] {
  const byRound = new Map<number, StandingsMatch[]>();
  for (const match of input.matches)
    byRound.set(match.round, [...(byRound.get(match.round) ?? []), match]);
  const rounds = [...byRound.keys()].sort((a, b) => a - b);
  const bracket: number[] = [];
  let next: Set<string> | null = null;
  for (let k = rounds.length - 1; k > 0; k--) {
    const matches = byRound.get(rounds[k]!)!;
    if (
      matches.length !== (next === null ? 1 : next.size) ||
      matches.some((match) => match.playerB === null)
    )
      break;
    const winners = matches.map(winnerOf);
    if (winners.some((winner) => winner === null || (next !== null && !next.has(winner)))) break;
    bracket.unshift(rounds[k]!);
    next = new Set(matches.flatMap((match) => [match.playerA, match.playerB!]));
  }
  if (bracket.length === 0) return [];
  const before = byRound.get(rounds[rounds.indexOf(bracket[0]!) - 1]!)!;
  return before.length > byRound.get(bracket[0]!)!.length ? bracket : [];
}

/** A percentage as a comparable integer at 12 decimal places, as standings.ts compares them. */
const percentKey = (value: number) => Math.round(value * 1e12);

/** Ranks rows in the MTR 3.1 order (then player id), as standings.ts does: a convention that changes percentages changes ranks. */
function ranked(rows: readonly Standing[]): Standing[] {
  const compare = (x: Standing, y: Standing) =>
    y.matchPoints - x.matchPoints ||
    percentKey(y.opponentMatchWinPct) - percentKey(x.opponentMatchWinPct) ||
    percentKey(y.gameWinPct) - percentKey(x.gameWinPct) ||
    percentKey(y.opponentGameWinPct) - percentKey(x.opponentGameWinPct);
  const sorted = [...rows].sort(
    (x, y) => compare(x, y) || (x.playerId < y.playerId ? -1 : x.playerId > y.playerId ? 1 : 0),
  );
  return sorted.map((row, index) => ({
    ...row,
    rank: index + 1,
    tiedWithPrevious: index > 0 && compare(sorted[index - 1]!, row) === 0,
  }));
}

/** Game-win percentages with each intentional draw's unplayed games counted as games but scored 0 (INTENTIONAL_DRAW_GAMES), and the opponents' percentages and ranks that follow. */
function withUnscoredDrawGames(
  standings: readonly Standing[],
  input: StandingsInput,
  settings: StandingsSettings,
): Standing[] {
  const unscored = new Map<string, number>();
  for (const match of input.matches) {
    const games = unplayedDrawGames(match);
    if (games === 0) continue;
    for (const player of [match.playerA, match.playerB!])
      unscored.set(player, (unscored.get(player) ?? 0) + games);
  }
  if (unscored.size === 0) return [...standings];
  const floor = settings.percentageFloor;
  const gameWin = new Map(
    standings.map((row) => {
      const byes = settings.countByeInOwnPercentages ? 0 : row.byes;
      const games = row.gamesPlayed - 2 * byes;
      const points = row.gamePoints - (unscored.get(row.playerId) ?? 0) - 6 * byes;
      return [row.playerId, games <= 0 ? floor : Math.max(floor, points / (3 * games))] as const;
    }),
  );
  return ranked(
    standings.map((row) => ({
      ...row,
      gameWinPct: gameWin.get(row.playerId)!,
      opponentGameWinPct:
        row.opponents.length === 0
          ? floor
          : row.opponents.reduce((sum, opponent) => sum + (gameWin.get(opponent) ?? floor), 0) /
            row.opponents.length,
    })),
  );
}

function standingsUnder(
  input: StandingsInput,
  base: StandingsSettings,
  conventions: readonly Convention[],
): RuleResult<Standing[]> {
  const settings: StandingsSettings = Object.assign(
    { ...base },
    ...conventions.map((convention) => convention.settings ?? {}),
  );
  const unscored = conventions.some((convention) => convention.intentionalDrawGames);
  const score = (part: StandingsInput): RuleResult<Standing[]> => {
    const computed = computeStandings(part, settings);
    return computed.ok && unscored
      ? ok(withUnscoredDrawGames(computed.value, part, settings))
      : computed;
  };
  const all = score(input);
  const bracket = conventions.some((convention) => convention.closingBracket)
    ? closingBracketRounds(input)
    : [];
  if (!all.ok || bracket.length === 0) return all;
  const before = score({
    players: input.players,
    matches: input.matches.filter((match) => match.round < bracket[0]!),
  });
  if (!before.ok) return before;
  const inBracket = new Set(
    input.matches
      .filter((match) => match.round >= bracket[0]!)
      .flatMap((match) => [match.playerA, match.playerB!]),
  );
  // The bracket's players first, in their order over every round; then everyone else as they stood before the bracket.
  const first = all.value.filter((row) => inBracket.has(row.playerId));
  const rest = before.value.filter((row) => !inBracket.has(row.playerId));
  return ok(
    [...first, ...rest].map((row, index) => ({
      ...row,
      rank: index + 1,
      tiedWithPrevious: row.tiedWithPrevious && index !== first.length,
    })),
  );
}

/**
 * Our standings under `settings` (first, named `baseName`), then under every combination of the
 * publishing tool's conventions that can change something in this input, fewest first, named by
 * the conventions they use: the variants comparePublishedStandings names a difference with. The
 * conventions, each seen in real melee.gg events (docs/rules.md, "Published events"): the floor
 * at 1/3 (Appendix C names 0.33) or the other floor; byes in a player's own percentages or not;
 * INTENTIONAL_DRAW_GAMES; CLOSING_BRACKET.
 */
export function publishedStandingsVariants(
  input: StandingsInput,
  settings: Partial<StandingsSettings> = {},
  baseName: Message = say("publishedEvent.ourSettings"),
): RuleResult<{ name: Message; standings: Standing[] }[]> {
  const base = standingsSettingsWithDefaults(settings);
  const third = Math.abs(base.percentageFloor - 1 / 3) < 1e-12;
  const conventions: Convention[] = [
    third
      ? { name: say("publishedEvent.floor033"), settings: { percentageFloor: 0.33 } }
      : { name: say("publishedEvent.floorThird"), settings: { percentageFloor: 1 / 3 } },
    base.countByeInOwnPercentages
      ? {
          name: say("publishedEvent.byesLeftOutPlayer"),
          settings: { countByeInOwnPercentages: false },
        }
      : {
          name: say("publishedEvent.byesCountedPlayerS"),
          settings: { countByeInOwnPercentages: true },
        },
    { name: INTENTIONAL_DRAW_GAMES, intentionalDrawGames: true },
    { name: CLOSING_BRACKET, closingBracket: true },
  ];
  const hasBye =
    Array.isArray(input?.matches) && input.matches.some((match) => match.playerB === null);
  const hasDrawGames =
    Array.isArray(input?.matches) && input.matches.some((match) => unplayedDrawGames(match) > 0);
  const hasBracket = Array.isArray(input?.matches) && closingBracketRounds(input).length > 0;
  const applicable = conventions.filter(
    (_, index) => [true, hasBye, hasDrawGames, hasBracket][index],
  );
  const combinations: Convention[][] = [];
  for (let size = 1; size <= applicable.length; size++) {
    for (let mask = 1; mask < 1 << applicable.length; mask++) {
      const chosen = applicable.filter((_, index) => (mask >> index) & 1);
      if (chosen.length === size) combinations.push(chosen);
    }
  }
  const variants: { name: Message; standings: Standing[] }[] = [];
  for (const chosen of [[], ...combinations]) {
    const standings = standingsUnder(input, base, chosen);
    if (!standings.ok) return standings;
    variants.push({
      name:
        chosen.length === 0
          ? baseName
          : say("publishedEvent.conventions", {
              conventions: chosen.map((convention) => convention.name),
            }),
      standings: standings.value,
    });
  }
  return ok(variants);
}

/** The conventions melee.gg publishes by that differ from Appendix C's defaults, as a difference is explained by them. */
const PUBLISHER_CONVENTIONS = [
  say("publishedEvent.floorThird"),
  say("publishedEvent.byesCountedPlayerS"),
  INTENTIONAL_DRAW_GAMES,
  CLOSING_BRACKET,
];

/**
 * What the organizer reads before importing published results: where such files come from (the
 * melee.gg JSON that the MTGODecklistCache community cache keeps, which readMeleeEvent reads), what
 * the import makes of one, and what the imported event's standings page compares
 * (comparePublishedStandings) and under which of the publisher's conventions.
 */
export function publishedImportGuide(): { source: Message; result: Message; comparison: Message } {
  return {
    source: say("publishedEvent.filesComeFrom"),
    result: say("publishedEvent.importBecomes"),
    comparison: say("publishedEvent.comparisonCompares", { conventions: PUBLISHER_CONVENTIONS }),
  };
}

/** The comparison in one line: published rows equal to ours, those a setting explains, and the rest. */
export function comparisonSummary(
  rows: number,
  differences: readonly PublishedDifference[],
): Message {
  if (differences.length === 0) return say("publishedEvent.allRowsEqual", { rows });
  const explained = differences.filter((difference) => difference.explainedBy !== null).length;
  return say("publishedEvent.rowsCompared", {
    equal: rows - differences.length,
    rows,
    explained,
    unexplained: differences.length - explained,
  });
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
