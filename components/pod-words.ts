import { POD_LEAVE_RULES, type PodLeaveReason } from "@/lib/rules/pod-game";

const LEAVE_WHY: Record<PodLeaveReason, string> = {
  LIFE: "0 or less life",
  COMMANDER_DAMAGE: "21 damage from one commander",
  POISON: "10 poison counters",
  CONCESSION: "Conceded",
  EMPTY_LIBRARY: "Drew from an empty library",
  CARD_EFFECT_LOSS: "An effect says they lose",
  JUDGE_GAME_LOSS: "Game Loss penalty",
  MATCH_LOSS: "Match Loss penalty",
};

/** Why a player left a pod's game, in words, with the rule that makes them lose (from lib/rules/pod-game.ts). */
export const POD_LEAVE_LABELS = Object.fromEntries(
  (Object.keys(LEAVE_WHY) as PodLeaveReason[]).map((reason) => {
    const rule = POD_LEAVE_RULES[reason];
    return [reason, `${LEAVE_WHY[reason]} (${rule.startsWith("IPG") ? rule : `CR ${rule}`})`];
  }),
) as Record<PodLeaveReason, string>;

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
