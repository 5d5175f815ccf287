import type { GameEndReason } from "@/lib/rules/game";
import { evaluateResultSlip, type MatchFormat, type ResultSlip } from "@/lib/rules/match";
import { playerReportOnRecord, type MatchRecordFacts } from "@/lib/rules/match-record";
import { otherSide, type Side } from "@/lib/rules/result";
import { quickSlips } from "./quick-slips";

/** What a player sends: a slip in the pairing's A/B orientation, and the MTR 2.5 facts. */
export type PlayerSlip = { slip: ResultSlip; concededBy?: Side; intentionalDraw?: boolean };

/** The one-tap slips from the player's side: "I won 2-1", "Ben won 2-0", a draw, "I concede", an intentional draw. */
export function playerChoices(
  format: MatchFormat,
  mySide: Side,
  opponentName: string,
  isOpponentTeam = false,
): { label: string; value: PlayerSlip; wide?: boolean }[] {
  // A team (Two-Headed Giant) is named in full; a player by their first name.
  const first = isOpponentTeam ? opponentName : opponentName.trim().split(/\s+/)[0] || opponentName;
  // The viewer's own wins come first whichever side they sit on: side B sees the slips mirrored.
  const slips = quickSlips(format).map((slip) =>
    mySide === "A" ? slip : { winsA: slip.winsB, winsB: slip.winsA, draws: slip.draws },
  );
  const choices: { label: string; value: PlayerSlip; wide?: boolean }[] = slips.map((slip) => ({
    label: describeSlip(format, { slip }, mySide, first),
    value: { slip },
  }));
  choices.push({
    label: "I concede",
    value: { slip: { winsA: 0, winsB: 0, draws: 0 }, concededBy: mySide },
  });
  if (!format.elimination)
    choices.push({
      label: "Intentional draw",
      value: { slip: { winsA: 0, winsB: 0, draws: 0 }, intentionalDraw: true },
    });
  return choices;
}

/** A slip told from one player's side: "I won 2-1", "Ben won 2-0", "Draw 1-1-1". */
export function describeSlip(
  format: MatchFormat,
  value: PlayerSlip,
  mySide: Side,
  opponentName: string,
): string {
  const outcome = evaluateResultSlip(format, value.slip, {
    concededBy: value.concededBy,
    intentionalDraw: value.intentionalDraw,
  });
  if (!outcome.ok) return `${value.slip.winsA}-${value.slip.winsB}-${value.slip.draws}`;
  const { winner, slip } = outcome.value;
  const mine = mySide === "A" ? slip.winsA : slip.winsB;
  const theirs = mySide === "A" ? slip.winsB : slip.winsA;
  const score = (won: number, lost: number) =>
    `${won}-${lost}${slip.draws ? `-${slip.draws}` : ""}`;
  if (value.intentionalDraw) return `Intentional draw (${score(mine, theirs)})`;
  if (winner === null) return `Draw ${score(mine, theirs)}`;
  const conceded = value.concededBy
    ? value.concededBy === mySide
      ? " (I conceded)"
      : ` (${opponentName} conceded)`
    : "";
  return winner === mySide
    ? `I won ${score(mine, theirs)}${conceded}`
    : `${opponentName} won ${score(theirs, mine)}${conceded}`;
}

/** MTR 2.1, 2.5: the one-tap slips the match's record allows, judged by the rule the server judges a sent report with. */
export function offeredChoices(
  format: MatchFormat,
  mySide: Side,
  opponentName: string,
  facts: MatchRecordFacts | null,
  isOpponentTeam = false,
): ReturnType<typeof playerChoices> {
  const choices = playerChoices(format, mySide, opponentName, isOpponentTeam);
  return facts ? choices.filter((choice) => playerReportOnRecord(facts, choice.value).ok) : choices;
}

/** A game on the match's record: recorded by a judge, or decided by the end-of-match procedure (MTR 2.4). */
export type GameOnRecord = {
  number: number;
  winner: Side | null;
  reason: GameEndReason;
  byTime: boolean;
};

/** A game on record told from the phone's side: "Game 1: Game Loss for you (judge)", "Game 2: Ben won". */
export function describeGameOnRecord(game: GameOnRecord, mySide: Side, opponentName: string) {
  const who = (side: Side) => (side === mySide ? "you" : firstNameOf(opponentName));
  const what =
    game.winner === null
      ? game.byTime
        ? "draw at time (end of match)"
        : "draw"
      : game.reason === "JUDGE_GAME_LOSS"
        ? `Game Loss for ${who(otherSide(game.winner))} (judge)`
        : game.byTime
          ? `${who(game.winner)} won on life totals at time (end of match)`
          : `${who(game.winner)} won`;
  return `Game ${game.number}: ${what}`;
}

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
