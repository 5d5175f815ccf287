import { evaluateResultSlip, type MatchFormat, type ResultSlip } from "@/lib/rules/match";

/**
 * The result slips worth a one-tap button for this format: every win with each possible
 * number of games for the loser, and a drawn match with one drawn game. Only slips the rules
 * accept are offered (so none that is a draw in single elimination).
 */
export function quickSlips(format: MatchFormat): ResultSlip[] {
  const target = format.gamesToWin;
  const candidates: ResultSlip[] = [];
  for (let loserWins = 0; loserWins < target; loserWins++)
    candidates.push({ winsA: target, winsB: loserWins, draws: 0 });
  for (let loserWins = target - 1; loserWins >= 0; loserWins--)
    candidates.push({ winsA: loserWins, winsB: target, draws: 0 });
  candidates.push({ winsA: target - 1, winsB: target - 1, draws: 1 });
  return candidates.filter((slip) => evaluateResultSlip(format, slip).ok);
}
