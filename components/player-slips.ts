import { evaluateResultSlip, type MatchFormat, type ResultSlip } from "@/lib/rules/match";
import type { Side } from "@/lib/rules/result";
import { quickSlips } from "./quick-slips";

/** What a player sends: a slip in the pairing's A/B orientation, and the MTR 2.5 facts. */
export type PlayerSlip = { slip: ResultSlip; concededBy?: Side; intentionalDraw?: boolean };

/** The one-tap slips from the player's side: "I won 2-1", "Ben won 2-0", a draw, "I concede", an intentional draw. */
export function playerChoices(format: MatchFormat, mySide: Side, opponentName: string): { label: string; value: PlayerSlip; wide?: boolean }[] {
  const first = opponentName.trim().split(/\s+/)[0] || opponentName;
  const choices: { label: string; value: PlayerSlip; wide?: boolean }[] = quickSlips(format).map((slip) => ({ label: describeSlip(format, { slip }, mySide, first), value: { slip } }));
  choices.push({ label: "I concede", value: { slip: { winsA: 0, winsB: 0, draws: 0 }, concededBy: mySide } });
  if (!format.elimination) choices.push({ label: "Intentional draw", value: { slip: { winsA: 0, winsB: 0, draws: 0 }, intentionalDraw: true } });
  return choices;
}

/** A slip told from one player's side: "I won 2-1", "Ben won 2-0", "Draw 1-1-1". */
export function describeSlip(format: MatchFormat, value: PlayerSlip, mySide: Side, opponentName: string): string {
  const outcome = evaluateResultSlip(format, value.slip, { concededBy: value.concededBy, intentionalDraw: value.intentionalDraw });
  if (!outcome.ok) return `${value.slip.winsA}-${value.slip.winsB}-${value.slip.draws}`;
  const { winner, slip } = outcome.value;
  const mine = mySide === "A" ? slip.winsA : slip.winsB;
  const theirs = mySide === "A" ? slip.winsB : slip.winsA;
  const score = (won: number, lost: number) => `${won}-${lost}${slip.draws ? `-${slip.draws}` : ""}`;
  if (value.intentionalDraw) return `Intentional draw (${score(mine, theirs)})`;
  if (winner === null) return `Draw ${score(mine, theirs)}`;
  const conceded = value.concededBy ? (value.concededBy === mySide ? " (I conceded)" : ` (${opponentName} conceded)`) : "";
  return winner === mySide ? `I won ${score(mine, theirs)}${conceded}` : `${opponentName} won ${score(theirs, mine)}${conceded}`;
}

/** One game told from the player's side, as they tap it on "My match". */
export type GameFromMySide = "me" | "opponent" | "draw";

/**
 * Games told one by one from the player's side, turned into the pairing's A/B slip (MTR 2.1: a
 * match slip counts game wins and drawn games). The rules judge the slip on the server as they
 * judge any other; here it only sums.
 */
export function slipFromGames(games: readonly GameFromMySide[], mySide: Side): ResultSlip {
  const mine = games.filter((game) => game === "me").length;
  const theirs = games.filter((game) => game === "opponent").length;
  const draws = games.filter((game) => game === "draw").length;
  return mySide === "A" ? { winsA: mine, winsB: theirs, draws } : { winsA: theirs, winsB: mine, draws };
}

/**
 * Whether another game can be told after these (MTR 2.1): not once a player has won the match's
 * games, and never more games than the best-of-N plus the drawn games (a drawn game does not count
 * towards the N), with a hard stop so the form stays short.
 */
export function mayTellAnotherGame(format: MatchFormat, games: readonly GameFromMySide[]): boolean {
  const mine = games.filter((game) => game === "me").length;
  const theirs = games.filter((game) => game === "opponent").length;
  const draws = games.filter((game) => game === "draw").length;
  if (mine >= format.gamesToWin || theirs >= format.gamesToWin) return false;
  return games.length < Math.min(format.gamesToWin * 2 - 1 + draws, MAX_GAMES_TOLD);
}

const MAX_GAMES_TOLD = 7;
