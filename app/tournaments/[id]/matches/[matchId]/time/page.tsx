import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getMatchForTable } from "@/lib/server/match/match-table";
import { getEndOfMatch } from "@/lib/server/match/end-of-match";
import { getMatchHistory } from "@/lib/server/match/match-history";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { getRoundClock } from "@/lib/server/match/time-extensions";
import { slipToString } from "@/lib/rules/match";
import type { EndOfMatchState } from "@/lib/rules/end-of-match";
import { turnLabel as labelTurn } from "@/components/end-of-match-words";
import type { Side } from "@/lib/rules/result";
import { Card } from "@/components/card";
import { RoundClockTime } from "@/components/round-clock";
import { EndOfMatchControls } from "@/components/end-of-match-controls";
import { describeGameEnd } from "@/components/game-end-reasons";
import { PenaltyForm } from "@/components/penalty-form";
import { MatchHistory } from "@/components/match-history";
import { NextChooser } from "@/components/next-chooser";
import { RecordDecidedResultForm } from "@/components/record-result-form";
import {
  describeDecidedResult,
  leftToRecord,
  type MatchRecordView,
} from "@/lib/rules/match-record";
import { LocalTime } from "@/components/local-time";
import { textOf } from "@/lib/messages/render";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "End of match" };

/**
 * The judge's end-of-match screen (MTR 2.4), phone first: the players, the games so
 * far, the table's clock, and the procedure as the rules derive it from the stored steps.
 * Judges only (judging.act); everyone else reads the public pairings.
 */
export default async function EndOfMatchPage({
  params,
}: {
  params: Promise<{ id: string; matchId: string }>;
}) {
  const { id, matchId } = await params;
  const viewer = await requireTournamentViewer(id);
  if (!viewer.can("judging.act")) redirect(`/tournaments/${id}/pairings`);
  const [match, history] = await Promise.all([
    getMatchForTable(id, matchId),
    getMatchHistory(id, matchId),
  ]);
  if (!match?.sideB || !history) notFound();
  // Once time is called the match read already holds the procedure: it is not read twice.
  const [procedure, clock] = await Promise.all([
    match.procedure ?? getEndOfMatch(id, matchId),
    getRoundClock(viewer.access, match.round.number, Date.now(), { matchId: match.id }),
  ]);
  if (!procedure) notFound();
  const roundName =
    (await getRoundTitle(viewer.access, match.round.number)) ?? `Round ${match.round.number}`;
  const table = clock?.tables.find((candidate) => candidate.matchId === match.id);
  const names: Record<Side, string> = { A: match.sideA.displayName, B: match.sideB.displayName };
  const { state, summary } = procedure;
  const turnLabel = labelTurn(summary);
  const matchHref = `/tournaments/${id}/matches/${match.id}`;

  return (
    <div className="mx-auto max-w-md space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <h1 className="text-lg font-semibold text-slate-900">Table {match.tableLabel}: time</h1>
        <Link href={matchHref} className="text-sm text-brand-700 hover:underline">
          Match page
        </Link>
      </div>

      <Card title={`${names.A} vs ${names.B}`}>
        <p className="text-sm text-slate-600">
          {roundName}, {match.format.elimination ? "single elimination" : "Swiss"} · games{" "}
          {slipToString(state.slip)}
        </p>
        {match.games.length > 0 && (
          <ol className="mt-2 space-y-1 text-sm" aria-label="Games played">
            {match.games.map((game) => (
              <li key={game.number}>
                Game {game.number}: {describeGameEnd(game, names, match.memberNames)}
              </li>
            ))}
          </ol>
        )}
        {table && clock && (
          <p className="mt-2 text-sm text-slate-700">
            {/* A countdown, said as one, so "9:18" is not read as a time of day. */}
            <RoundClockTime
              clock={table.clock}
              serverNow={clock.serverNow}
              className="font-semibold"
              label={`Table ${match.tableLabel} clock`}
              caption="Time left:"
            />
            {table.extensionMinutes > 0 && ` (includes ${table.extensionMinutes} min extension)`}
          </p>
        )}
      </Card>

      {/* Linked to by its id: on a phone the judge lands on the procedure's taps, not the header. */}
      <section
        id="end-of-match"
        className="scroll-mt-2 rounded-lg border-2 border-brand-600 bg-white p-4"
        aria-label="End of match"
      >
        {turnLabel && (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads this value by its label
          <p className="text-3xl font-bold text-slate-900" aria-label="Current turn">
            {turnLabel}
          </p>
        )}
        {turnLabel && (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads this value by its label
          <p className="mt-1 text-2xl font-semibold text-brand-700" aria-label="Whose turn">
            {procedure.turnSide
              ? `${names[procedure.turnSide]}'s turn`
              : "Ask the players whose turn it is"}
          </p>
        )}
        {summary.turnsRemainingAfterThis !== null && (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads this value by its label
          <p className="mt-1 text-base text-slate-700" aria-label="Turns remaining">
            {summary.turnsRemainingAfterThis === 0
              ? "This is the last turn."
              : `${summary.turnsRemainingAfterThis} more turn${summary.turnsRemainingAfterThis === 1 ? "" : "s"} after this one.`}
          </p>
        )}
        <p className="mt-2 text-base text-slate-900" role="status" aria-label="Procedure">
          {summary.message}
        </p>
        {summary.lifeTotalRuleInForce && (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads this value by its label
          <p
            className="mt-2 rounded-md bg-red-50 px-3 py-2 text-base font-semibold text-red-800"
            aria-label="Added state-based action"
          >
            Tell the players:{" "}
            {state.team
              ? "a team that does not have the highest team life total"
              : "a player who does not have the highest life total"}{" "}
            loses the game. Record the game on the match page when it ends.
          </p>
        )}
        {summary.phase !== "decided" &&
          match.state?.status === "in-progress" &&
          (summary.mayStartNewGame || !state.timeCalled) && (
            <div className="mt-2">
              <p className="text-sm font-medium text-slate-600">
                {state.timeCalled
                  ? `Next game (game ${match.games.length + 1})`
                  : `Game ${match.games.length + 1}`}
              </p>
              <NextChooser
                match={match}
                names={names}
                className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-base text-slate-900"
              />
            </div>
          )}
        {match.record.phase === "decided" &&
          match.record.refusals["record-result"] === null &&
          viewer.can("results.enter") && (
            <div className="mt-3 rounded-md bg-amber-50 px-3 py-2">
              <RecordDecidedResultForm
                tournamentId={id}
                idempotencyKey={randomUUID()}
                matchId={match.id}
                version={match.version}
                mayDraw={match.record.refusals["intentional-draw"] === null}
                result={textOf(describeDecidedResult(match.record.decided, names)) ?? ""}
              />
            </div>
          )}
        {match.record.phase === "recorded" && (
          <p className="mt-2 text-sm text-slate-600">The result is recorded.</p>
        )}
        {summary.phase === "decided" && (
          <DecidedNext state={state} record={match.record} matchHref={matchHref} names={names} />
        )}
        <div className="mt-4">
          <EndOfMatchControls
            tournamentId={id}
            matchId={match.id}
            sequence={procedure.sequence}
            idempotencyKey={randomUUID()}
            phase={summary.phase}
            gameInProgress={state.gameInProgress}
            names={names}
            turnLabel={turnLabel}
            // Teammates who share turns (Two-Headed Giant, MTR 2.4) share a life total too (CR 810.4).
            sharedLife={state.team}
          />
        </div>
      </section>

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
          nextGame={match.games.length + 1}
        />
      </Card>

      {procedure.steps.length > 0 && (
        <Card title="Steps">
          <ol className="space-y-1 text-xs text-slate-600" aria-label="End-of-match steps">
            {procedure.steps.map((step) => (
              <li key={step.sequence}>
                {step.sequence}. {describeStep(step.event, names)} — {step.staffName ?? "staff"},{" "}
                <LocalTime dateTime={step.createdAt} format="time-seconds" />
              </li>
            ))}
          </ol>
        </Card>
      )}

      <Card title="History">
        <MatchHistory entries={history} names={names} />
      </Card>
    </div>
  );
}

/** What the judge does once the match is decided: record the game the procedure decided at time, if any, else the result (offered above). */
function DecidedNext({
  state,
  record,
  matchHref,
  names,
}: {
  state: EndOfMatchState;
  record: MatchRecordView;
  matchHref: string;
  names: Record<Side, string>;
}) {
  const slip = state.outcome?.slip ?? state.slip;
  const winner = state.outcome?.winner ?? null;
  const left = leftToRecord(record);
  return (
    <div className="mt-2 space-y-2 text-base">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads this value by its label */}
      <p
        className="font-semibold"
        aria-label={record.timeCalled ? "Match result at time" : "Match result"}
      >
        {winner === null
          ? `Drawn match, ${slipToString(slip)}`
          : `${names[winner]} wins ${slipToString(slip)}`}
      </p>
      {left?.kind === "game-at-time" && (
        <p className="text-sm text-slate-700">
          {left.game.kind === "win"
            ? "The game was decided by life totals at time: record it on the match page (reason: life totals at time)."
            : "The unfinished game is a draw (MTR 2.4): record it on the match page as a draw at time."}{" "}
          <Link href={matchHref} className="font-medium text-brand-700 underline">
            Record the game
          </Link>
        </p>
      )}
    </div>
  );
}

function describeStep(
  event: import("@/lib/rules/end-of-match").EndOfMatchEvent,
  names: Record<Side, string>,
): string {
  switch (event.type) {
    case "time-called":
      return event.activePlayerPassingTurn
        ? "Time called (the active player was passing the turn)"
        : "Time called";
    case "turn-ended":
      return event.extraTurn ? "Extra turn ended" : "Turn ended";
    case "life-totals":
      return `Life totals ${names.A} ${event.A}, ${names.B} ${event.B}`;
    case "turns-added":
      return `${event.turns} turns added by a Slow Play Warning (IPG 3.3)`;
    default:
      return event.type;
  }
}
