// Byes awarded in advance: large events give qualified players byes for named rounds (as the
// Grand Prix and Regional Championship invitations did). A player with an awarded bye for a round
// is not paired in it; the round gives them a bye, which MTR Appendix C counts as a match won 2-0.

import { mtr } from "./edition";
import { type RuleResult, fail, isCount, ok, say, showValue } from "./result";

/** No event awards byes this far in; it keeps a mistyped "1-100" from writing a hundred rows. */
export const MAX_AWARDED_BYE_ROUND = 20;

/** The rounds named in "1", "1-3", "1, 2 and 4" or "1–3" (an en dash), in order, each once. */
export function parseByeRounds(text: string): RuleResult<number[]> {
  if (typeof text !== "string" || text.trim() === "")
    return fail("INVALID_INPUT", say("awardedByes.nameRoundsExample"));
  const rounds = new Set<number>();
  for (const part of text
    .split(/,|\band\b/)
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const range = /^(\d{1,3})\s*[-–]\s*(\d{1,3})$/.exec(part);
    const single = /^(\d{1,3})$/.exec(part);
    const [from, to] = range
      ? [Number(range[1]), Number(range[2])]
      : single
        ? [Number(single[1]), Number(single[1])]
        : [NaN, NaN];
    if (!Number.isInteger(from) || !Number.isInteger(to))
      return fail("INVALID_INPUT", say("awardedByes.roundRangeRoundsSuch", { part }));
    if (from < 1 || to < from)
      return fail("INVALID_NUMBER", say("awardedByes.roundsCountRangeGoes", { part }));
    if (to > MAX_AWARDED_BYE_ROUND)
      return fail(
        "INVALID_NUMBER",
        say("awardedByes.byesAwardedRounds", { part, last: MAX_AWARDED_BYE_ROUND }),
      );
    for (let round = from; round <= to; round++) rounds.add(round);
  }
  return ok([...rounds].sort((a, b) => a - b));
}

/**
 * Whether byes may be awarded to a player for these rounds: only rounds not yet paired, from the
 * round the player enters, and not after they dropped (MTR 2.10).
 */
export function checkAwardedByes(input: {
  rounds: readonly number[];
  roundsPaired: number;
  firstRound: number;
  droppedAfterRound: number | null;
  name: string;
}): RuleResult<number[]> {
  const { rounds, roundsPaired, firstRound, droppedAfterRound, name } = input ?? ({} as never);
  if (!Array.isArray(rounds) || rounds.length === 0 || !rounds.every((round) => isCount(round, 1)))
    return fail(
      "INVALID_INPUT",
      say("awardedByes.roundsWholeNumbersLeast", { rounds: showValue(rounds) }),
    );
  if (!isCount(roundsPaired) || !isCount(firstRound, 1))
    return fail("INVALID_INPUT", say("awardedByes.roundsPairedPlayerS"));
  const paired = rounds.filter((round) => round <= roundsPaired);
  if (paired.length > 0)
    return fail(
      "INVALID_INPUT",
      say("awardedByes.roundAlreadyPairedBye", {
        paired,
        is: paired.length === 1 ? "is" : "are",
        name,
      }),
    );
  const early = rounds.filter((round) => round < firstRound);
  if (early.length > 0)
    return fail(
      "MATCH_BEFORE_ENTRY",
      say("awardedByes.entersRoundByeBefore", { name, firstRound, early }),
    );
  if (droppedAfterRound !== null && droppedAfterRound !== undefined)
    return fail(
      "MATCH_AFTER_DROP",
      say("awardedByes.droppedDroppedPlayerGets", { name }),
      mtr("dropping"),
    );
  return ok([...rounds]);
}

/** The round's field split: the players to pair, and the players whose bye for it was awarded in advance (in the field's order). */
export function splitAwardedByes<P extends { id: string }>(
  players: readonly P[],
  awarded: ReadonlySet<string>,
): { toPair: P[]; byes: P[] } {
  const list = Array.isArray(players) ? players : [];
  const has = (id: string) => (awarded instanceof Set ? awarded.has(id) : false);
  return {
    toPair: list.filter((player) => !has(player?.id)),
    byes: list.filter((player) => has(player?.id)),
  };
}
