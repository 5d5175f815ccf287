import type { PodLeaveReason } from "@/lib/rules/pod-game";

/** Why a player left a pod's game, in words, with the rule that makes them lose. */
export const POD_LEAVE_LABELS: Record<PodLeaveReason, string> = {
  LIFE: "0 or less life (CR 104.3b)",
  COMMANDER_DAMAGE: "21 damage from one commander (CR 903.10a)",
  POISON: "10 poison counters (CR 104.3d)",
  CONCESSION: "Conceded (CR 104.3a)",
  EMPTY_LIBRARY: "Drew from an empty library (CR 104.3c)",
  CARD_EFFECT_LOSS: "An effect says they lose (CR 104.3e)",
  JUDGE_GAME_LOSS: "Game Loss penalty (CR 104.3k)",
  MATCH_LOSS: "Match Loss penalty (IPG 1.2)",
};

/** Short words for the round page's list of who left: "conceded", "Game Loss". */
export const POD_LEAVE_WORDS: Record<PodLeaveReason, string> = {
  LIFE: "life",
  COMMANDER_DAMAGE: "commander damage",
  POISON: "poison",
  CONCESSION: "conceded",
  EMPTY_LIBRARY: "empty library",
  CARD_EFFECT_LOSS: "an effect",
  JUDGE_GAME_LOSS: "Game Loss",
  MATCH_LOSS: "Match Loss",
};
