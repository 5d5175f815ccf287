import "server-only";
import { prisma } from "@/lib/server/infra/db";
import type { MatchState } from "@/lib/rules/match";
import { asksDieRollWinner, choosersByGame } from "@/lib/rules/play-draw";
import type { Side } from "@/lib/rules/result";
import { readMatchTableRow } from "./end-of-match";
import { deriveStoredMatch } from "./match-record";
import { isReportedAsSlip } from "@/lib/rules/match-record";
import { matchFactsOf, type StoredGame } from "./match-facts";
import { render } from "@/lib/messages/render";

export type TableGame = StoredGame & { rule: string };

/**
 * A match as the staff match page shows it: the players, the games so far, what the rules
 * derive from them (MTR 2.1), who chooses play/draw for each game and for the next one
 * (MTR 2.2), and whether another game may be recorded. Null when the match is not this
 * tournament's (or was voided).
 */
export async function getMatchForTable(tournamentId: string, matchId: string) {
  const match = await readMatchTableRow(prisma, tournamentId, matchId);
  if (!match) return null;
  // The one derivation every screen reads (lib/rules/match-record.ts).
  const record = deriveStoredMatch(match);
  const facts = matchFactsOf(match);
  const { format, outcomes, matchLoss } = facts;
  const games: TableGame[] = match.games.map((game, index) => ({
    ...game,
    rule: outcomes[index]!.rule,
  }));
  const isSlipOnly = isReportedAsSlip({
    gamesRecorded: match.games.length,
    hasResult: match.winsA !== null,
    hasMatchLoss: Boolean(matchLoss),
  });
  const state: MatchState | null = isSlipOnly
    ? null
    : {
        status: record.decided ? "decided" : "in-progress",
        winner: record.decided?.outcome.winner ?? null,
        slip: record.score,
        rule: record.decided?.outcome.rule ?? "",
        mayStartNewGame: record.refusals["record-game"] === null,
        gamesPlayed: record.gamesPlayed,
        timeCalled: record.timeCalled,
        decidedBy: record.decided
          ? record.decided.decidedBy === "time"
            ? "time"
            : record.decided.decidedBy
          : null,
        outcome: record.decided?.outcome ?? null,
      };
  // MTR 2.2: the random winner of a Swiss match is only known once game 1 is recorded.
  const choosers = match.game1Chooser ? choosersByGame(match.game1Chooser, outcomes) : null;
  // MTR 2.4: once time is called the page shows the judge's procedure too.
  const procedure = record.timeCalled ? facts.procedure() : null;
  const decidedGame =
    record.gameDecidedByTime && record.gameDecidedByTime.kind !== "restart"
      ? {
          reason: record.gameDecidedByTime.reason,
          winner: record.gameDecidedByTime.kind === "win" ? record.gameDecidedByTime.winner : null,
        }
      : null;
  const takeBack = record.refusals["take-back-game"];
  const membersOf = (
    side: { teamMembers: { seat: number; player: { name: string } }[] } | null,
  ) => {
    const names: string[] = [];
    for (const member of side?.teamMembers ?? []) names[member.seat] = member.player.name;
    return names;
  };
  return {
    ...match,
    format,
    games,
    state,
    record,
    isSlipOnly,
    /** IPG 1.2: the side a judge's Match Loss (or Disqualification) during this match went to. */
    matchLoss: record.decided?.decidedBy === "penalty" ? matchLoss : null,
    /** Element i: who the rules say chooses for game i + 1 (the last one: the next game). */
    rulesChoosers: choosers?.ok ? choosers.value : null,
    // CR 104.6: a restarted game's starter is the restarter, even for game 1 before the die roll's winner is kept.
    nextChooser: record.nextGameRestartedBy ?? (match.game1Chooser ? record.nextChooser : null),
    /** MTR 2.2, CR 104.6: game 1 restarted before it was recorded: the form also asks who won the die roll. */
    asksDieRoll: asksDieRollWinner({
      gamesPlayed: outcomes.length,
      restartedBy: record.nextGameRestartedBy,
      kept: (match.game1Chooser as Side | null) ?? null,
    }),
    /** The game the end-of-match procedure decided and that is not recorded yet (MTR 2.4), or null. */
    decidedGame,
    /** The end-of-match procedure as read for this page once time was called; null before (read it with getEndOfMatch). */
    procedure,
    /** The last game may be taken back (recorded in error), or the rule's reason why not; null with no game. */
    takeBack:
      outcomes.length === 0
        ? null
        : takeBack === null
          ? ({ allowed: true } as const)
          : ({ allowed: false, reason: render(takeBack) } as const),
    /** CR 810.8a: a Two-Headed Giant team's players by seat, so a game can say which one lost for the team; null in other formats. */
    memberNames:
      facts.variant === "two-headed-giant"
        ? { A: membersOf(match.sideA), B: membersOf(match.sideB) }
        : null,
    mayRecordGame: match.sideB !== null && !isSlipOnly && record.refusals["record-game"] === null,
  };
}
export type MatchForTable = NonNullable<Awaited<ReturnType<typeof getMatchForTable>>>;
