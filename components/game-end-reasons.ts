import type { GameEndReason } from "@/lib/rules/game";

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
