import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getMatchForTable, type MatchForTable } from "@/lib/server/match/match-table";
import { getMatchHistory } from "@/lib/server/match/match-history";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { slipToString } from "@/lib/rules/match";
import type { Side } from "@/lib/rules/result";
import { Card } from "@/components/card";
import { RecordGameForm } from "@/components/record-game-form";
import { RestartGameForm } from "@/components/restart-game-form";
import { TakeBackGameForm } from "@/components/take-back-game-form";
import { MatchAgreementForm } from "@/components/match-agreement-form";
import { RecordDecidedResultForm } from "@/components/record-result-form";
import { describeGameEnd, playDrawLine } from "@/components/game-end-reasons";
import { PenaltyForm } from "@/components/penalty-form";
import { render } from "@/lib/messages/render";
import { getMatchDeckChecks } from "@/lib/server/deck-checks/deck-checks";
import { DECK_CHECK_OUTCOME_LABELS } from "@/lib/rules/deck-checks";
import { PENALTY_LABELS } from "@/lib/rules/penalty";
import { MatchHistory } from "@/components/match-history";
import { NextChooser } from "@/components/next-chooser";
import { JudgeCallList } from "@/components/judge-call-list";
import { getMatchJudgeCalls } from "@/lib/server/judge-calls/judge-calls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Match" };

/** One table's match, game by game: staff only; everyone else reads the public pairings. */
export default async function MatchPage({
  params,
}: {
  params: Promise<{ id: string; matchId: string }>;
}) {
  const { id, matchId } = await params;
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  const [match, history, judgeCalls, deckChecks] = await Promise.all([
    getMatchForTable(id, matchId),
    getMatchHistory(id, matchId),
    getMatchJudgeCalls(viewer.access, matchId),
    getMatchDeckChecks(matchId),
  ]);
  if (!match?.sideB || !history) notFound();
  const roundName =
    (await getRoundTitle(viewer.access, match.round.number)) ?? `Round ${match.round.number}`;
  const names: Record<Side, string> = { A: match.sideA.displayName, B: match.sideB.displayName };
  const canEnter = viewer.can("results.enter");
  const gameNumber = match.games.length + 1;
  const lastGame = match.games.at(-1);

  return (
    <div className="space-y-4">
      <Card
        title={`Table ${match.tableLabel}: ${names.A} vs ${names.B}`}
        actions={
          <span className="flex gap-3">
            {viewer.can("judging.act") && (
              <Link
                href={`/tournaments/${id}/matches/${match.id}/time#end-of-match`}
                className="whitespace-nowrap text-sm text-brand-700 hover:underline"
              >
                Time / end of match
              </Link>
            )}
            <Link
              href={`/tournaments/${id}/rounds/${match.round.number}`}
              className="whitespace-nowrap text-sm text-brand-700 hover:underline"
            >
              {roundName}
            </Link>
          </span>
        }
      >
        <p className="text-sm text-slate-600">
          {formatName(match.format.gamesToWin)}
          {match.format.elimination ? ", single elimination" : ", Swiss"}
        </p>
        {viewer.can("players.codes") && (
          <p className="mt-1 text-xs text-slate-500">
            Players&apos; codes:{" "}
            {[match.sideA, match.sideB].map((side, index) => (
              <Link
                key={side.id}
                href={`/tournaments/${id}/codes/${side.id}`}
                className="text-brand-700 hover:underline"
              >
                {index > 0 ? " · " : ""}
                {side.displayName}
              </Link>
            ))}
          </p>
        )}
        <p
          className="mt-2 text-base font-medium text-slate-900"
          role="status"
          aria-label="Match result"
        >
          {describeMatch(match, names)}
        </p>
        {match.record.phase === "decided" && !canEnter && (
          <p className="mt-1 text-sm text-slate-600" data-testid="match-phase">
            Decided, not recorded yet.
          </p>
        )}
        {match.record.phase === "recorded" && !match.isSlipOnly && (
          <p className="mt-1 text-sm text-slate-600" data-testid="match-phase">
            The result is recorded.
          </p>
        )}
        {canEnter &&
          match.record.phase === "decided" &&
          match.record.refusals["record-result"] === null &&
          match.state && (
            <div className="mt-3 rounded-md bg-amber-50 px-3 py-2">
              <RecordDecidedResultForm
                tournamentId={id}
                idempotencyKey={randomUUID()}
                matchId={match.id}
                version={match.version}
                mayDraw={match.record.refusals["intentional-draw"] === null}
                result={describeMatch(match, names)}
              />
            </div>
          )}
      </Card>

      <Card title="Games">
        {match.games.length === 0 ? (
          <p className="text-sm text-slate-500">
            {match.isSlipOnly
              ? "This match was reported as a slip, not game by game."
              : "No game recorded yet."}
          </p>
        ) : (
          <ol className="divide-y divide-slate-100" aria-label="Games played">
            {match.games.map((game) => (
              <li key={game.number} className="grid gap-1 py-2 text-sm sm:grid-cols-[5rem_1fr]">
                <span className="font-semibold text-slate-700">Game {game.number}</span>
                <span>
                  {playDrawLine(game, names) && (
                    <span className="block">
                      {playDrawLine(game, names)}
                      {match.rulesChoosers &&
                        match.rulesChoosers[game.number - 1] !== game.chooser && (
                          <span className="text-amber-700"> (judge override)</span>
                        )}
                    </span>
                  )}
                  <span className="block text-slate-600">
                    {describeGameEnd(game, names, match.memberNames)}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
        {canEnter &&
          lastGame &&
          match.takeBack &&
          (match.takeBack.allowed ? (
            <TakeBackGameForm
              // Kept through others' changes (it keeps the version it was opened on); a new one for another game.
              key={`take-back-${lastGame.number}`}
              tournamentId={id}
              idempotencyKey={randomUUID()}
              matchId={match.id}
              version={match.version}
              gameNumber={lastGame.number}
              gameSummary={`game ${lastGame.number} (${lastGame.winner ? `${names[lastGame.winner]} won` : "a draw"})`}
            />
          ) : (
            <p className="mt-3 text-xs text-slate-500" data-testid="take-back-refused">
              Game {lastGame.number} cannot be taken back: {match.takeBack.reason}
            </p>
          ))}
      </Card>

      {match.mayRecordGame && (
        <Card title={`Game ${gameNumber}`}>
          <NextChooser
            match={match}
            names={names}
            className="mb-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800"
          />
          {canEnter ? (
            <RecordGameForm
              tournamentId={id}
              idempotencyKey={randomUUID()}
              matchId={match.id}
              version={match.version}
              gameNumber={gameNumber}
              names={names}
              format={match.format}
              played={match.games.map((game) => ({ reason: game.reason, winner: game.winner }))}
              rulesChooser={match.nextChooser}
              mayOverrideChooser={viewer.can("judging.act")}
              decided={match.decidedGame}
              asksDieRoll={match.asksDieRoll}
              members={match.memberNames}
            />
          ) : (
            <p className="text-sm text-slate-500">Your role cannot enter results.</p>
          )}
          {canEnter && match.record.refusals["restart-game"] === null && (
            <RestartGameForm
              key={`restart-${gameNumber}`}
              tournamentId={id}
              idempotencyKey={randomUUID()}
              matchId={match.id}
              version={match.version}
              gameNumber={gameNumber}
              names={names}
            />
          )}
        </Card>
      )}

      {canEnter &&
        match.state &&
        match.record.refusals.concede === null &&
        (match.mayRecordGame || match.record.phase === "decided") && (
          <Card title="Concession or intentional draw (MTR 2.5)">
            <MatchAgreementForm
              tournamentId={id}
              idempotencyKey={randomUUID()}
              matchId={match.id}
              version={match.version}
              names={names}
              format={match.format}
              slip={match.state.slip}
            />
          </Card>
        )}

      {viewer.can("judging.act") && (
        <div id="penalty" className="scroll-mt-4">
          <Card title="Penalty">
            <PenaltyForm
              tournamentId={id}
              matchId={match.id}
              version={match.version}
              idempotencyKey={randomUUID()}
              players={{
                A: { id: match.sideA.id, name: names.A },
                B: { id: match.sideB.id, name: names.B },
              }}
              nextGame={gameNumber}
            />
          </Card>
        </div>
      )}

      <Card
        title="Deck checks"
        actions={
          viewer.can("judging.act") ? (
            <Link
              href={`/tournaments/${id}/rounds/${match.round.number}/deck-checks?tables=${match.tableNumber}`}
              className="text-sm text-brand-700 hover:underline"
            >
              Check this table
            </Link>
          ) : undefined
        }
      >
        {deckChecks.length === 0 ? (
          <p className="text-sm text-slate-600">No deck check at this match.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Deck checks at this match">
            {deckChecks.map((check) => (
              <li key={check.id} className="py-2">
                <span className="font-medium">{check.playerName}</span>:{" "}
                {render(DECK_CHECK_OUTCOME_LABELS[check.outcome])}
                {check.note ? ` (${check.note})` : ""}
                {check.penalty
                  ? `; ${render(PENALTY_LABELS[check.penalty.kind])} for ${check.penalty.infraction}`
                  : ""}
                {check.replacedById ? "; corrected later" : ""}
                <span className="text-slate-500"> · {check.judgeName}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="Judge calls">
        <JudgeCallList calls={judgeCalls ?? []} />
      </Card>

      <Card title="History">
        <MatchHistory entries={history} names={names} />
      </Card>
    </div>
  );
}

function formatName(gamesToWin: number): string {
  return (
    ({ 1: "Best of one", 2: "Best of three", 3: "Best of five" } as Record<number, string>)[
      gamesToWin
    ] ?? `First to ${gamesToWin} game wins`
  );
}

function describeMatch(match: MatchForTable, names: Record<Side, string>): string {
  const agreed = match.matchLoss
    ? ` (Match Loss to ${names[match.matchLoss]})`
    : match.concededBy
      ? ` (${names[match.concededBy]} conceded)`
      : match.intentionalDraw
        ? " (intentional draw)"
        : "";
  if (match.isSlipOnly)
    return `Reported as a slip: ${match.winsA}-${match.winsB}-${match.draws ?? 0}${agreed}`;
  const state = match.state!;
  if (state.status === "decided") {
    return state.winner === null
      ? `Drawn match, ${slipToString(state.slip)}${agreed}`
      : `${names[state.winner]} wins ${slipToString(state.slip)}${agreed}`;
  }
  // MTR 2.4: once time is called the match is in its end-of-match procedure, whatever the games.
  if (match.record.timeCalled) return `Time called: games ${slipToString(state.slip)}`;
  return state.gamesPlayed === 0 ? "Not started" : `In progress: ${slipToString(state.slip)}`;
}
