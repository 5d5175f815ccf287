// biome-ignore-all lint/correctness/usePlaywrightValidDescribeCallback: describe is a local helper
import {
  getMyFinalStanding,
  getMyOutlookAndReason,
  type MyFinalStanding,
} from "@/lib/server/standings/player-outlook";
import { WhatDoINeed } from "@/components/standings-table";
import { CUT_FINISH_WORDS } from "@/components/pod-standings-table";
import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getPlayerActor } from "@/lib/server/check-in/player-session";
import { getPlayerMatchView } from "@/lib/server/match/player-reports";
import { signOutPlayerAction } from "@/lib/server/check-in/player-code-actions";
import { SignOutButton } from "@/components/sign-out-button";
import { RoundClockTime } from "@/components/round-clock";
import { PlayerReportForm } from "@/components/player-report-form";
import { describeGameOnRecord, describeSlip, type PlayerSlip } from "@/components/player-slips";
import { turnLabel } from "@/components/end-of-match-words";
import { describeDecidedMatch } from "@/lib/rules/match-record";
import { render } from "@/lib/messages/render";
import type { RoundClock } from "@/lib/rules/round-clock";
import { PlayerConfirmForm } from "@/components/player-confirm-form";
import { PlayerDropForm } from "@/components/player-drop-form";
import { LiveUpdates } from "@/components/live-updates";
import { PlayerPageCache } from "@/components/player-page-cache";
import { CallJudgeForm, type CallPlace } from "@/components/call-judge-form";
import { LocalTime } from "@/components/local-time";
import { getPlayerJudgeCall, type JudgeCallView } from "@/lib/server/judge-calls/judge-calls";
import { playerEventLinks } from "@/components/player-links";
import { teamMatchOutcome } from "@/components/team-match-outcome";
import { getPlayerPod } from "@/lib/server/pod/pods";
import { podOutcome, podOutcomeLabel, podTimeText, remainingPlayers } from "@/components/pod-round";
import { PodReportForm } from "@/components/pod-report-form";
import { POD_LEAVE_WORDS } from "@/components/pod-words";
import { listOfNames, plural } from "@/lib/plural";
import { PushToggle, ThisPhonePushEndpoint } from "@/components/push-toggle";
import { pushControlFor } from "@/lib/server/push/subscriptions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "My match" };

/**
 * "My match", phone first: opponent, table, the round clock, and reporting or confirming the
 * result.
 */
export default async function MyMatchPage() {
  const player = await getPlayerActor();
  if (!player) redirect("/play");
  const view = await getPlayerMatchView(player);
  // CR 100.6a: in a pod event the player's round is their pod.
  const pod = view.match ? null : await getPlayerPod(player);
  const match = view.match;
  const isPlaying = view.droppedAfterRound === null && view.tournament.status !== "COMPLETE";
  const push = isPlaying
    ? await pushControlFor({
        tournamentId: player.tournamentId,
        registrationId: player.registrationId,
        seat: player.seat ?? null,
      })
    : null;
  const judgeCall =
    match && !match.isBye
      ? await getPlayerJudgeCall(player, { matchId: match.id })
      : pod && !pod.isBye
        ? await getPlayerJudgeCall(player, { podId: pod.id })
        : null;
  const mine = await getMyOutlookAndReason(player, match?.roundNumber ?? null);
  // Taken before the page's reads are used, so a change made while it renders is not missed.
  const renderedAt = new Date().toISOString();
  return (
    <div className="mx-auto max-w-md space-y-4">
      <div className="flex items-baseline justify-between gap-2">
        <div>
          <p className="text-xs tracking-wide text-slate-500 uppercase">{view.tournament.name}</p>
          <h1 className="text-2xl font-semibold text-slate-900">{view.name}</h1>
        </div>
        <form action={signOutPlayerAction}>
          <ThisPhonePushEndpoint name="pushEndpoint" />
          <SignOutButton className="inline-flex min-h-11 items-center px-2 text-xs text-slate-500 underline">
            Not you?
          </SignOutButton>
        </form>
      </div>
      <EventLinks links={playerEventLinks(view.tournament)} />
      {view.tournament.deckFormat !== null && (
        <Link
          href="/play/me/decklist"
          className="flex min-h-11 items-center justify-between rounded-lg border border-slate-200 bg-white px-4 text-sm font-medium text-brand-800"
        >
          Your decklist <span aria-hidden>→</span>
        </Link>
      )}
      {view.droppedAfterRound !== null && (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          {view.team ? `${view.team} has dropped` : "You have dropped"}
          {view.droppedAfterRound > 0 ? ` after round ${view.droppedAfterRound}` : ""}:{" "}
          {view.team ? "the team" : "you"} will not be paired again.
        </p>
      )}
      {view.tournament.status === "COMPLETE" ? (
        // MTR 2.10: once the event is over there is nothing to play, report or call a judge to.
        <EventOverSection standing={await getMyFinalStanding(player)} />
      ) : !match && pod ? (
        <>
          <PodSection pod={pod} />
          {!pod.isBye && <PodResultSection pod={pod} myId={player.registrationId} />}
          {!pod.isBye && (
            <JudgeCallSection
              place={{ podId: pod.id, tableLabel: String(pod.tableNumber) }}
              call={judgeCall}
            />
          )}
        </>
      ) : !match ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
          You have no match in the current round. Pairings appear here when the next round is
          paired.
        </p>
      ) : match.isBye ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-500">{match.roundName}</p>
          <p className="text-lg font-semibold">You have a bye this round (a 2-0 win).</p>
          {mine.why && <WhyThisPairing why={mine.why} />}
        </section>
      ) : (
        <>
          <section className="rounded-lg bg-brand-900 p-4 text-white" aria-label="Your pairing">
            <div className="flex items-baseline justify-between">
              <p className="text-sm text-brand-100/80">{match.roundName}</p>
              <p className="text-sm text-brand-100/80">
                Table{" "}
                <span className="text-2xl font-bold text-white" data-testid="my-table">
                  {match.tableLabel}
                </span>
              </p>
            </div>
            <p className="mt-1 text-sm text-brand-100/80">Your opponent</p>
            <p className="text-2xl font-semibold" data-testid="my-opponent">
              {match.opponentName}
            </p>
            {match.clock && <TimeLeft clock={match.clock} serverNow={match.serverNow} />}
          </section>
          {mine.why && <WhyThisPairing why={mine.why} />}
          <MatchRecordSection match={match} />
          <MatchStatus match={match} />
          {match.teamMatch && <TeamMatchSection table={match.teamMatch} />}
          <JudgeCallSection
            place={{ matchId: match.id, tableLabel: match.tableLabel }}
            call={judgeCall}
          />
        </>
      )}
      {mine.outlook && view.tournament.status !== "COMPLETE" && (
        <section
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
          aria-label="Your standing"
        >
          <WhatDoINeed outlook={mine.outlook} />
        </section>
      )}
      {push && <PushToggle audience={{ kind: "player" }} {...push} />}
      {isPlaying && <PlayerDropForm afterRound={match?.roundNumber ?? 0} team={view.team} />}
      {/* The opponent's report, a confirmation or the next pairing appear without a reload. */}
      <LiveUpdates tournamentId={view.tournament.id} renderedAt={renderedAt} />
      {/* Offline, this phone shows its last copy of this page: keep it this player's latest. */}
      <PlayerPageCache
        stateKey={JSON.stringify([
          player.registrationId,
          match?.id ?? null,
          match?.version ?? null,
          match?.flow.state ?? null,
          // MTR 2.4: a judge's end-of-match steps move the procedure, not the match's version.
          match?.record.games.length ?? null,
          match?.record.endOfMatch?.turn ?? null,
          match?.record.decided !== null,
          view.droppedAfterRound,
          view.tournament.status,
          judgeCall?.id ?? null,
          judgeCall?.claimedAt !== null,
          judgeCall?.resolvedAt !== null,
        ])}
      />
    </div>
  );
}

/** The round clock on the player's table or pod, counted down from the server's time. */
function TimeLeft({ clock, serverNow }: { clock: RoundClock; serverNow: number }) {
  return (
    <p className="mt-3 flex items-baseline gap-2">
      <RoundClockTime
        clock={clock}
        serverNow={serverNow}
        label="Round clock"
        className="text-3xl font-semibold tabular-nums"
        announce
        caption="Time left"
        captionClassName="text-sm text-brand-100/80"
      />
      {clock.kind === "timed" && (
        <span className="text-sm text-brand-100/80">
          ends <LocalTime dateTime={clock.endsAt} />
        </span>
      )}
    </p>
  );
}

/** The event is over: where the player finished, from the final standings (MTR 3.1, 2.1). */
function EventOverSection({ standing }: { standing: MyFinalStanding | null }) {
  return (
    <section
      className="rounded-lg bg-brand-900 p-4 text-white"
      aria-label="Event over"
      data-testid="event-over"
    >
      <p className="text-lg font-semibold" role="status">
        The event is over.
      </p>
      {standing && (
        <p className="mt-1 text-sm text-brand-100/80" data-testid="my-final-standing">
          You finished {ordinal(standing.rank)} of {standing.of}
          {stageOf(standing) ? ` (${stageOf(standing)})` : ""}, {standing.record} (
          {plural(standing.matchPoints, "point")}).
        </p>
      )}
    </section>
  );
}

/** The playoff stage a player reached, or their finish in a pod event's top cut. */
function stageOf(standing: MyFinalStanding): string | null {
  return standing.podFinish ? CUT_FINISH_WORDS[standing.podFinish] : standing.stage;
}

const ORDINAL_RULES = new Intl.PluralRules("en", { type: "ordinal" });
const ORDINAL_SUFFIX = { one: "st", two: "nd", few: "rd", zero: "th", many: "th", other: "th" };

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st, by the language's own ordinal rules. */
function ordinal(rank: number): string {
  return `${rank}${ORDINAL_SUFFIX[ORDINAL_RULES.select(rank)]}`;
}

/** CR 100.6a: the player's pod: their seat (seat 1 plays first), pod-mates in seat order, and the result once recorded. */
function PodSection({ pod }: { pod: NonNullable<Awaited<ReturnType<typeof getPlayerPod>>> }) {
  return (
    <section className="rounded-lg bg-brand-900 p-4 text-white" aria-label="Your pod">
      <div className="flex items-baseline justify-between">
        <p className="text-sm text-brand-100/80">{pod.roundName}</p>
        <p className="text-sm text-brand-100/80">
          {pod.isBye ? "Bye" : "Pod"}{" "}
          <span className="text-2xl font-bold text-white" data-testid="my-pod">
            {pod.isBye ? "" : pod.tableNumber}
          </span>
        </p>
      </div>
      {pod.isBye ? (
        <p className="mt-2 text-lg font-semibold">You have a bye this round: it counts as a win.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-brand-100/80">
            You are in seat{" "}
            <span className="font-semibold text-white" data-testid="my-seat">
              {pod.mySeat}
            </span>
            {pod.mySeat === 1 ? ": you play first." : "; seat 1 plays first."}
          </p>
          <ol className="mt-2 space-y-1 text-lg" aria-label="Seats">
            {pod.seats.map((seat) => (
              <li key={seat.seat} className={seat.seat === pod.mySeat ? "font-semibold" : ""}>
                <span className="inline-block w-16 text-sm text-brand-100/80">
                  Seat {seat.seat}
                </span>
                {seat.name}
              </li>
            ))}
          </ol>
          {pod.clock && <TimeLeft clock={pod.clock} serverNow={pod.serverNow} />}
        </>
      )}
    </section>
  );
}

/** The pod's result on the phone: recorded, disputed, waiting for confirmations, or the form to report or confirm it. */
function PodResultSection({
  pod,
  myId,
}: {
  pod: NonNullable<Awaited<ReturnType<typeof getPlayerPod>>>;
  myId: string;
}) {
  const name = (id: string) => pod.seats.find((seat) => seat.registrationId === id)?.name ?? "?";
  const listed = (ids: string[]) => listOfNames(ids.map((id) => (id === myId ? "you" : name(id))));
  const { reports } = pod;
  const mine = reports.latest.find((report) => report.registrationId === myId);
  const pending =
    reports.state === "awaiting-confirmation" && reports.outcome ? reports.outcome : null;
  // CR 104.3: a player who left the game has lost it; the players still in it report the result.
  const departed = pod.game?.departures.find((departure) => departure.player === myId);
  const status = departed
    ? `You left the game (${POD_LEAVE_WORDS[departed.reason]}): you lost this pod.${pod.isRecorded ? "" : " The players still in it report its result."}`
    : pod.isRecorded
      ? `Result recorded: ${podOutcome(pod)}.`
      : reports.state === "disputed"
        ? "The pod's reports differ: a judge will come to record the result."
        : pending
          ? `${mine ? "You reported" : `${listed(reports.reportedBy)} reported`}: ${podOutcomeLabel(pending, name)}. Waiting for ${listed(reports.waitingFor)} to confirm.`
          : "When the game ends, one player reports the result here and the others confirm it.";
  return (
    <section
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="The pod's result"
    >
      {pod.game?.timeCalled && !pod.isRecorded && (
        <p
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="pod-time"
        >
          {podTimeText(pod)}
        </p>
      )}
      <p className="text-sm text-slate-800" data-testid="pod-status" role="status">
        {status}
      </p>
      {!pod.isRecorded && !departed && (
        <PodReportForm
          podId={pod.id}
          idempotencyKey={randomUUID()}
          players={remainingPlayers(pod)}
          toConfirm={
            pending && !mine
              ? {
                  outcome: pending.kind,
                  ...(pending.kind === "win" ? { winnerId: pending.winnerId } : {}),
                  label: podOutcomeLabel(pending, name),
                }
              : null
          }
        />
      )}
    </section>
  );
}

/** MTR 8.2: the member's team match, live as its seats finish, with every seat's players and score. */
function TeamMatchSection({
  table,
}: {
  table: NonNullable<
    NonNullable<Awaited<ReturnType<typeof getPlayerMatchView>>["match"]>["teamMatch"]
  >;
}) {
  const { score, outcome } = teamMatchOutcome(table.match, table.teamA, table.teamB);
  return (
    <section
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Your team's match"
      data-testid="my-team-match"
    >
      <h2 className="text-base font-semibold text-slate-900">
        {table.teamA} vs {table.teamB} <span className="tabular-nums">{score}</span>
      </h2>
      <p className="text-sm text-slate-700">{outcome}</p>
      <ul className="divide-y divide-slate-100 text-sm">
        {table.seats.map((seat) => (
          <li key={seat.tableLabel} className="flex flex-wrap items-baseline gap-x-2 py-1.5">
            <span className="w-10 shrink-0 font-semibold text-slate-500">{seat.tableLabel}</span>
            <span className="min-w-0 flex-1 break-words">
              {seat.nameA} <span className="text-slate-500">vs</span> {seat.nameB}
            </span>
            <span className="tabular-nums text-slate-700">{seat.score ?? "playing"}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The tournament's public pages, since a player also checks the other tables and where they stand. */
function EventLinks({ links }: { links: { href: string; label: string }[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label="This tournament" className="flex flex-wrap gap-2">
      {links.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          className="inline-flex min-h-11 items-center rounded-md bg-white px-4 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/** "Call a judge" to this table or pod, or the call already made and who is coming. */
function JudgeCallSection({ place, call }: { place: CallPlace; call: JudgeCallView | null }) {
  if (call && call.resolvedAt === null) {
    return (
      <section
        className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-4"
        aria-label="Your judge call"
        data-testid="judge-call-status"
      >
        <p className="text-lg font-semibold text-amber-950" role="status">
          {call.claimedAt
            ? `${call.claimedByName || "A judge"} is coming to ${call.podId ? "pod" : "table"} ${call.tableLabel}`
            : `A judge has been called to ${call.podId ? "pod" : "table"} ${call.tableLabel}`}
        </p>
        <p className="text-sm text-amber-950">
          Called at <LocalTime dateTime={call.calledAt} />
          {call.claimedAt && (
            <>
              {", on the way since "}
              <LocalTime dateTime={call.claimedAt} />
            </>
          )}
          {call.note && <span className="block break-words">Your note: {call.note}</span>}
        </p>
      </section>
    );
  }
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">Need a judge?</h2>
      {call?.resolvedAt && (
        <p className="text-xs text-slate-600">
          Your last call was answered at <LocalTime dateTime={call.resolvedAt} />
          {call.resolvedByName ? ` by ${call.resolvedByName}` : ""}.
        </p>
      )}
      <CallJudgeForm place={place} idempotencyKey={randomUUID()} />
    </section>
  );
}

type MatchView = NonNullable<Awaited<ReturnType<typeof getPlayerMatchView>>["match"]>;

/** The two sides' names as the rules' sentences take them. */
function sidesOf(match: MatchView): { A: string; B: string } {
  const opponent = match.opponentName ?? "your opponent";
  return match.mySide === "A" ? { A: match.myName, B: opponent } : { A: opponent, B: match.myName };
}

/** MTR 2.1, 2.4: what a judge recorded and the end-of-match procedure, as the player reads them before reporting. */
function MatchRecordSection({ match }: { match: MatchView }) {
  const { record, flow } = match;
  if (flow.state === "final" || (record.games.length === 0 && !record.timeCalled)) return null;
  const opponent = match.opponentName ?? "your opponent";
  const procedure = record.endOfMatch;
  const turn = procedure ? turnLabel(procedure) : null;
  return (
    <section
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="On record"
      data-testid="match-record"
    >
      {record.games.length > 0 && (
        <>
          <h2 className="text-sm font-semibold text-slate-700">On record</h2>
          <ul className="space-y-0.5 text-base text-slate-900" aria-label="Games on record">
            {record.games.map((game) => (
              <li key={game.number}>{describeGameOnRecord(game, match.mySide, opponent)}</li>
            ))}
          </ul>
        </>
      )}
      {procedure && (
        <div
          className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-amber-950"
          data-testid="end-of-match"
        >
          <p className="text-sm font-semibold">Time has been called</p>
          {turn && (
            // biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads this value by its label
            <p className="text-2xl font-bold" aria-label="Current turn">
              {turn}
            </p>
          )}
          {turn && procedure.turnSide && (
            // biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads this value by its label
            <p className="text-lg font-semibold" aria-label="Whose turn">
              {procedure.turnSide === match.mySide ? "Your turn" : `${opponent}'s turn`}
            </p>
          )}
          <p className="text-sm">{render(procedure.message)}</p>
        </div>
      )}
    </section>
  );
}

function MatchStatus({ match }: { match: MatchView }) {
  const opponent = match.opponentName ?? "your opponent";
  const shortName = match.opponentIsTeam ? opponent : (opponent.split(/\s+/)[0] ?? opponent);
  const describe = (value: PlayerSlip) =>
    describeSlip(match.format, value, match.mySide, shortName);
  const form = (
    <PlayerReportForm
      matchId={match.id}
      version={match.version}
      idempotencyKey={randomUUID()}
      mySide={match.mySide}
      myName={match.myName}
      opponentName={opponent}
      isOpponentTeam={match.opponentIsTeam}
      format={match.format}
      facts={match.record.facts}
    />
  );
  const { flow } = match;
  if (flow.state === "final") {
    const result = match.result ? describe({ slip: match.result }) : "recorded";
    return (
      <section
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-4"
        role="status"
        data-testid="match-status"
      >
        <p className="text-lg font-semibold text-emerald-900">Result final: {result}</p>
        <p className="text-sm text-emerald-800">
          The match is complete. Ask a judge if something is wrong.
        </p>
      </section>
    );
  }
  if (flow.state === "disputed") {
    return (
      <section
        className="rounded-lg border border-amber-300 bg-amber-50 p-4"
        role="status"
        data-testid="match-status"
      >
        <p className="text-lg font-semibold text-amber-900">Your reports differ</p>
        <p className="text-sm text-amber-900">
          {flow.mine ? `You reported: ${describe(flow.mine)}. ` : ""}A judge will settle the result;
          nothing is recorded until then. Please call a judge.
        </p>
      </section>
    );
  }
  if (flow.state === "awaiting-confirmation" && flow.pending && flow.pendingBy === match.mySide) {
    return (
      <section
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="match-status"
      >
        <p className="text-lg font-semibold" role="status">
          Waiting for {opponent} to confirm
        </p>
        <p className="text-sm text-slate-600">You reported: {describe(flow.pending)}.</p>
        <details>
          <summary className="cursor-pointer text-sm text-brand-700">Change my report</summary>
          <div className="mt-3">{form}</div>
        </details>
      </section>
    );
  }
  if (flow.state === "awaiting-confirmation" && flow.pending) {
    const reported = describe(flow.pending);
    return (
      <section
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="match-status"
      >
        <p className="text-lg font-semibold">
          {opponent} reported: {reported}
        </p>
        <PlayerConfirmForm
          matchId={match.id}
          version={match.version}
          idempotencyKey={randomUUID()}
          value={flow.pending}
          label="Confirm: that is right"
        />
        <details>
          <summary className="cursor-pointer text-sm text-brand-700">
            No, report what happened
          </summary>
          <div className="mt-3">{form}</div>
        </details>
      </section>
    );
  }
  // MTR 2.4: the procedure may decide the match before anyone stores its slip (the game it decided at time is still to be recorded).
  const decidedSlip =
    flow.state === "decided"
      ? match.result
      : flow.state === "no-report"
        ? match.record.decided?.outcome.slip
        : null;
  if (decidedSlip) {
    // MTR 2.5: the facts decided the match; until its result is recorded the players may still concede or draw.
    return (
      <section
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="match-status"
      >
        <p className="text-lg font-semibold" role="status">
          {match.record.decided
            ? render(describeDecidedMatch(match.record.decided, sidesOf(match)))
            : `Decided: ${describe({ slip: decidedSlip })}`}
        </p>
        <p className="text-sm text-slate-600">
          The result is not recorded yet. Confirm it here, or report a concession or an agreed draw
          instead.
        </p>
        <PlayerConfirmForm
          matchId={match.id}
          version={match.version}
          idempotencyKey={randomUUID()}
          value={{ slip: decidedSlip }}
          label="Confirm: that is right"
        />
        <details>
          <summary className="cursor-pointer text-sm text-brand-700">Report something else</summary>
          <div className="mt-3">{form}</div>
        </details>
      </section>
    );
  }
  return <section className="rounded-lg border border-slate-200 bg-white p-4">{form}</section>;
}

/** "Why this pairing", one sentence under the pairing. */
function WhyThisPairing({ why }: { why: string }) {
  return (
    <details className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer text-brand-700">Why this pairing?</summary>
      <p className="mt-1">{why}</p>
    </details>
  );
}
