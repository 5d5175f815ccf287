import { lifeLossRuleFor, poisonLossFor, type GameEndReason } from "@/lib/rules/game";
import type { Side } from "@/lib/rules/result";
import { startingPlayer } from "@/lib/rules/play-draw";

/** How staff read each way a game ends (CR 104; the two time endings are MTR 2.4), in the order forms list them. */
export const GAME_END_REASON_LABELS: Readonly<Record<GameEndReason, string>> = {
  LIFE: "Life total 0 or less (104.3b)",
  EMPTY_LIBRARY: "Drew from an empty library (104.3c)",
  POISON: "Ten poison counters (104.3d)",
  COMMANDER_DAMAGE: "21 damage from one commander (104.3j)",
  CONCESSION: "Conceded the game (104.3a)",
  CARD_EFFECT_LOSS: "A card made the other player lose (104.3e)",
  CARD_EFFECT_WIN: "A card made the winner win (104.2b)",
  JUDGE_GAME_LOSS: "Game Loss penalty to the other player (104.3k)",
  LIFE_TOTAL_AT_TIME: "Higher life total at time, playoff (MTR 2.4)",
  DRAW_SIMULTANEOUS_LOSS: "Draw: both players lost at once (104.4a)",
  DRAW_LOOP: "Draw: a mandatory loop (104.4b)",
  DRAW_CARD_EFFECT: "Draw: a card made the game a draw (104.4c)",
  DRAW_INTENTIONAL: "Draw: agreed by the players (104.4i)",
  DRAW_UNFINISHED_AT_TIME: "Draw: unfinished at time (MTR 2.4)",
};

type Names = Record<Side, string>;

const COUNT_WORDS: Record<number, string> = { 10: "Ten", 15: "Fifteen" };

/** CR 104.3d, 704.6b: "Ten poison counters (104.3d)", or fifteen shared by a Two-Headed Giant team. */
function poisonWords(isTwoHeadedGiant: boolean): { label: string; count: string; rule: string } {
  const { limit, rule } = poisonLossFor(isTwoHeadedGiant ? "two-headed-giant" : "two-player");
  const count = COUNT_WORDS[limit] ?? String(limit);
  return {
    label: `${count} poison counters${isTwoHeadedGiant ? ", shared by the team" : ""}`,
    count: count.toLowerCase(),
    rule,
  };
}

/** How staff read a way a game ends; a Two-Headed Giant game (its team members named) loses at fifteen poison counters. */
export function gameEndReasonLabel(reason: GameEndReason, isTwoHeadedGiant = false): string {
  if (!isTwoHeadedGiant) return GAME_END_REASON_LABELS[reason];
  if (reason === "LIFE")
    return `Team life total 0 or less (${lifeLossRuleFor("two-headed-giant")})`;
  if (reason !== "POISON") return GAME_END_REASON_LABELS[reason];
  const poison = poisonWords(true);
  return `${poison.label} (${poison.rule})`;
}

/** An at-once box in the words of this kind of game: a Two-Headed Giant team shares its life and poison (CR 704.6a, 704.6b). */
export function atOnceBoxLabel(field: string, label: string, isTwoHeadedGiant: boolean): string {
  if (field === "Poison") return poisonWords(isTwoHeadedGiant).label;
  return field === "Life" && isTwoHeadedGiant ? "Team life 0 or less" : label;
}

/** What ended a game won by `winner`, told of the player it happened to (mostly the loser), with the rule. */
const DECISIVE: Partial<Record<GameEndReason, (winner: string, loser: string) => string>> = {
  LIFE: (_, loser) => `${loser}'s life total reached 0 or less (104.3b)`,
  EMPTY_LIBRARY: (_, loser) => `${loser} drew from an empty library (104.3c)`,
  COMMANDER_DAMAGE: (_, loser) => `${loser} took 21 damage from one commander (104.3j)`,
  CONCESSION: (_, loser) => `${loser} conceded the game (104.3a)`,
  CARD_EFFECT_LOSS: (_, loser) => `a card made ${loser} lose (104.3e)`,
  CARD_EFFECT_WIN: (winner) => `a card made ${winner} win (104.2b)`,
  JUDGE_GAME_LOSS: (_, loser) => `Game Loss penalty to ${loser} (104.3k)`,
  LIFE_TOTAL_AT_TIME: (winner) => `${winner} had the higher life total at time, playoff (MTR 2.4)`,
};

/** A Two-Headed Giant team's players by seat (CR 810.8a), for a game that names which one lost. */
export type MemberNames = Record<Side, readonly string[]> | null;

/** How a game ended: "Ben drew from an empty library (104.3c)", or "Draw: unfinished at time (MTR 2.4)". */
export function howGameEnded(
  game: { reason: GameEndReason; winner: Side | null; losingSeat?: number | null },
  names: Names,
  members: MemberNames = null,
): string {
  if (game.winner === null) return GAME_END_REASON_LABELS[game.reason];
  const poison = poisonWords(members !== null);
  const how: ((winner: string, loser: string) => string) | undefined =
    game.reason === "POISON"
      ? (_, loser) => `${loser} had ${poison.count} poison counters (${poison.rule})`
      : game.reason === "LIFE" && members !== null
        ? (_, loser) =>
            `${loser}'s team life total reached 0 or less (${lifeLossRuleFor("two-headed-giant")})`
        : DECISIVE[game.reason];
  const loserSide: Side = game.winner === "A" ? "B" : "A";
  const member =
    typeof game.losingSeat === "number" ? members?.[loserSide][game.losingSeat] : undefined;
  if (!how) return GAME_END_REASON_LABELS[game.reason];
  // CR 810.8a: one Two-Headed Giant player's loss is the team's.
  return member
    ? `${how(names[game.winner], `${member} of ${names[loserSide]}`)}; a player's loss is the team's (810.8a)`
    : how(names[game.winner], names[loserSide]);
}

/** "Ana won: Ben drew from an empty library (104.3c)", or "Draw: unfinished at time (MTR 2.4)". */
export function describeGameEnd(
  game: { reason: GameEndReason; winner: Side | null; losingSeat?: number | null },
  names: Names,
  members: MemberNames = null,
): string {
  return game.winner === null
    ? howGameEnded(game, names)
    : `${names[game.winner]} won: ${howGameEnded(game, names, members)}`;
}

/** MTR 2.2: who chose to play or draw; none for a game a Game Loss penalty decided (nobody chose for it). */
export function playDrawLine(
  game: { reason: GameEndReason; chooser: Side; choice: "PLAY" | "DRAW" },
  names: Names,
): string | null {
  if (game.reason === "JUDGE_GAME_LOSS") return null;
  const choice = game.choice === "PLAY" ? "play" : "draw";
  // MTR 2.2: choosing to draw means the opponent plays first.
  return choice === "play"
    ? `${names[game.chooser]} chose to play`
    : `${names[game.chooser]} chose to draw; ${names[startingPlayer(game.chooser, choice).playsFirst]} played first`;
}
