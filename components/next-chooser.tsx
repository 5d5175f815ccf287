import type { MatchForTable } from "@/lib/server/match/match-table";
import type { Side } from "@/lib/rules/result";

/**
 * Who chooses to play or draw for the next game, as the rules name them (MTR 2.2:
 * chooserForNextGame, read by getMatchForTable), with why. Shown on the match page and the
 * judge's time screen.
 */
export function NextChooser({
  match,
  names,
  className,
}: {
  match: MatchForTable;
  names: Record<Side, string>;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads this value by its label
    <p
      className={className ?? "rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800"}
      aria-label="Next chooser"
    >
      {match.record.nextGameRestartedBy
        ? `${names[match.record.nextGameRestartedBy]} plays first: game ${match.games.length + 1} restarted, and the player who restarted it starts the new game, with no choice (CR 104.6).`
        : match.nextChooser
          ? `${names[match.nextChooser]} chooses to play or draw: ${chooserReason(match)}.`
          : "The winner of a die roll or coin toss chooses to play or draw (MTR 2.2)."}
    </p>
  );
}

/** Why the rules name this chooser (MTR 2.2). */
function chooserReason(match: MatchForTable): string {
  const last = match.games.at(-1);
  if (!last)
    return match.chooserMethod === "HIGHER_SEED"
      ? "the higher seed chooses for game 1 (MTR 2.2)"
      : "won the die roll for game 1 (MTR 2.2)";
  if (last.winner === null)
    return `game ${last.number} was a draw, so its chooser chooses again (MTR 2.2)`;
  return `the loser of game ${last.number} chooses (MTR 2.2)`;
}
