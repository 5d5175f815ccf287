// Final standings of an event with a single-elimination playoff: the playoff decides the top
// places (champion, finalist, semifinal losers, …), the Swiss standings everything else.
//
// The MTR leaves the order of the final standings to the event; organizers and prize tables
// rank the playoff by how far each player went, players eliminated in the same round by their
// Swiss standing (the seed they earned, MTR 2.2 uses the same ranking for play/draw), and
// everyone who missed the cut below them in Swiss order.

import {
  asNumber,
  checkRecord,
  fail,
  isCount,
  isMessage,
  isRecord,
  type Message,
  ok,
  type RuleResult,
  say,
  showValue,
} from "./result";
import { playoffRoundName } from "./swiss-rounds";
import type { Standing } from "./standings";

/** One playoff match as far as it is known; `round` 1 is the first playoff round. */
export type PlayoffMatchOutcome = {
  round: number;
  playerA: string;
  playerB: string;
  winner: string | null;
};

export type PlayoffInput = { cutSize: number; matches: readonly PlayoffMatchOutcome[] };

/** Where a playoff player stands: still playing in a round, out in a round, or the champion. */
export type PlayoffStanding<Label = Message> =
  | { kind: "champion"; label: Label }
  | { kind: "eliminated"; round: number; label: Label }
  | { kind: "playing"; round: number; label: Label };

export type FinalStanding<S extends Pick<Standing, "rank" | "playerId"> = Standing> = S & {
  /** The rank after the Swiss rounds (the playoff seed order). */
  swissRank: number;
  /** Null for a player who did not make the cut (or an event without a playoff). */
  playoff: PlayoffStanding | null;
};

/** What a player who lost in a round of `matchCount` matches finished as: "Finalist", "Semifinalist", … */
export function playoffFinishName(matchCount: number): Message {
  if (!isCount(matchCount, 1)) return say("finalStandings.playoff");
  if (matchCount === 1) return say("finalStandings.finalist");
  if (matchCount === 2) return say("finalStandings.semifinalist");
  if (matchCount === 4) return say("finalStandings.quarterfinalist");
  return say("finalStandings.top", { players: matchCount * 2 });
}

/**
 * The final order once the playoff has a champion: champion, finalist, semifinal losers,
 * quarterfinal losers…, ties within a round broken by Swiss rank, then every other player in
 * Swiss order. While the playoff is being played the Swiss order stands and each playoff player
 * carries the round they are playing in or went out in. Without a playoff it is the Swiss order.
 */
export function finalStandings<S extends Pick<Standing, "rank" | "playerId">>(
  swiss: readonly S[],
  playoff: PlayoffInput | null,
): RuleResult<FinalStanding<S>[]> {
  if (
    !Array.isArray(swiss) ||
    swiss.some((row) => !isRecord(row) || typeof row.playerId !== "string" || !isCount(row.rank, 1))
  ) {
    return fail("INVALID_INPUT", say("finalStandings.swissStandingsListPlayers"));
  }
  const bySwiss = [...swiss].sort((a, b) => a.rank - b.rank);
  if (playoff === null || playoff === undefined)
    return ok(bySwiss.map((row) => ({ ...row, swissRank: row.rank, playoff: null })));
  const shape = checkRecord(say("finalStandings.thePlayoff"), playoff);
  if (shape) return shape;
  const { cutSize, matches } = playoff;
  const roundCount = Math.log2(asNumber(cutSize));
  if (!isCount(cutSize, 2) || !Number.isInteger(roundCount)) {
    return fail(
      "INVALID_NUMBER",
      say("finalStandings.playoffSCutPower", { cutSize: showValue(cutSize) }),
    );
  }
  if (!Array.isArray(matches))
    return fail("INVALID_INPUT", say("finalStandings.playoffSMatchesList"));
  const known = new Set(bySwiss.map((row) => row.playerId));
  const stages = new Map<string, PlayoffStanding>();
  let championId: string | null = null;
  const isMatch = (match: unknown): match is PlayoffMatchOutcome =>
    isRecord(match) && isCount(match.round, 1) && Number(match.round) <= roundCount;
  if (!matches.every(isMatch))
    return fail("INVALID_INPUT", say("finalStandings.playoffMatchNeedsRound"));
  for (const { round, playerA, playerB, winner } of [...matches].sort(
    (a, b) => a.round - b.round,
  )) {
    if (!known.has(playerA) || !known.has(playerB))
      return fail("UNKNOWN_PLAYER", say("finalStandings.playoffMatchRoundNames", { round }));
    if (winner !== null && winner !== playerA && winner !== playerB)
      return fail("INVALID_INPUT", say("finalStandings.winnerPlayoffMatchRound", { round }));
    const name = playoffRoundName(cutSize / 2 ** round);
    const matchCount = cutSize / 2 ** round;
    for (const player of [playerA, playerB]) {
      if (winner === null) stages.set(player, { kind: "playing", round, label: name });
      else if (winner !== player)
        stages.set(player, { kind: "eliminated", round, label: playoffFinishName(matchCount) });
      else if (round === roundCount) {
        stages.set(player, { kind: "champion", label: say("finalStandings.champion") });
        championId = player;
      } else if (stages.get(player)?.kind !== "eliminated")
        stages.set(player, {
          kind: "playing",
          round: round + 1,
          label: playoffRoundName(matchCount / 2),
        });
    }
  }
  const withStage = bySwiss.map((row) => ({
    ...row,
    swissRank: row.rank,
    playoff: stages.get(row.playerId) ?? null,
  }));
  if (championId === null) return ok(withStage);
  // Higher is better: the champion beats every round, a finalist lost only the last.
  const depth = (stage: PlayoffStanding | null) =>
    stage === null ? -1 : stage.kind === "champion" ? roundCount + 1 : stage.round;
  const ordered = withStage.sort(
    (a, b) => depth(b.playoff) - depth(a.playoff) || a.swissRank - b.swissRank,
  );
  return ok(ordered.map((row, index) => ({ ...row, rank: index + 1 })));
}

/** A playoff player's stage as the standings show it: "Champion", "Semifinalist", or "In the Final" while still playing. */
export function describePlayoffStanding(
  stage: PlayoffStanding<Message | string> | null | undefined,
): Message | string | null {
  if (!isRecord(stage) || !(isMessage(stage.label) || typeof stage.label === "string")) return null;
  return stage.kind === "playing"
    ? say("finalStandings.inThe", { label: stage.label })
    : stage.label;
}
