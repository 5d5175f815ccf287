import { randomUUID } from "node:crypto";
import Link from "next/link";
import { teamMatchOutcome } from "@/components/team-match-outcome";
import { Fragment } from "react";
import { notFound, redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getRound } from "@/lib/server/round/rounds";
import { getPodRound } from "@/lib/server/pod/pods";
import { PodRound } from "@/components/pod-round";
import { PodQuickEntry } from "@/components/pod-quick-entry";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { Card } from "@/components/card";
import { MatchResultForm } from "@/components/match-result-form";
import { RoundSetup, StartRoundForm } from "@/components/round-setup";
import { PairingHistory } from "@/components/pairing-history";
import {
  getRoundClock,
  type TableClock as TableClockData,
} from "@/lib/server/match/time-extensions";
import { RoundClockLine, RoundClockTime } from "@/components/round-clock";
import { TimeExtensionForm } from "@/components/time-extension-form";
import { LocalTime } from "@/components/local-time";
import { RoundProgress } from "@/components/round-progress";
import { QuickEntryBar } from "@/components/quick-entry-bar";
import { roundNumberFromParam } from "@/lib/schemas/round";
import { RecordDecidedRoundForm } from "@/components/record-result-form";
import { slipToString } from "@/lib/rules/match";
import { isResultIn, roundResultCounts } from "@/lib/rules/report-flow";
import type { RoundDetail } from "@/lib/server/round/rounds";
import type { NamedWarning } from "@/lib/server/round/rounds";
import { getRoundNextStep } from "@/lib/server/round/round-next-step";
import { RoundNextStep } from "@/components/round-next-step";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string; number: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function RoundPage({ params, searchParams }: Props) {
  const [{ id, number }, query] = await Promise.all([params, searchParams]);
  const isOutstandingOnly = query.show === "outstanding";
  const roundNumber = roundNumberFromParam(number);
  // Result entry is for staff; everyone else reads the public pairings.
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  if (roundNumber === null) notFound();
  // CR 100.6a: a pod event's round is its pods.
  if (viewer.tournament.pods) {
    const [podRound, clock] = await Promise.all([
      getPodRound(id, roundNumber),
      getRoundClock(viewer.access, roundNumber),
    ]);
    if (!podRound || !clock) notFound();
    const cutTitle = podRound.isCut ? await getRoundTitle(viewer.access, roundNumber) : null;
    const title = cutTitle ?? `Round ${roundNumber} pods`;
    const open = podRound.pods.filter((pod) => !pod.isBye && !pod.isRecorded).length;
    const played = podRound.pods.filter((pod) => !pod.isBye).length;
    const next = await getRoundNextStep(viewer.access, roundNumber, played > 0 && open === 0);
    return (
      <Card
        title={title}
        actions={
          <span className="text-sm text-slate-500">
            {played - open} of {played} results in
          </span>
        }
      >
        <RoundClockHeader
          clock={clock}
          basePath={`/tournaments/${id}/rounds/${roundNumber}`}
          links={[
            { path: "print", label: "Print" },
            { path: "deck-checks", label: "Deck checks" },
            { path: "clock", label: "Projector view" },
          ]}
        />
        {viewer.can("rounds.manage") && clock.round.kind === "not-started" && (
          <div className="mb-3 rounded-md bg-brand-50 p-3">
            <StartRoundForm
              tournamentId={id}
              roundNumber={roundNumber}
              note="The round's clock starts now; at time a judge calls it at each pod still playing."
              {...(cutTitle ? { label: `Start the ${cutTitle}` } : {})}
            />
          </div>
        )}
        {next && (
          <RoundNextStep
            tournamentId={id}
            next={next}
            canManageRounds={viewer.can("rounds.manage")}
          />
        )}
        <p className="mb-3 text-sm text-slate-600" data-testid="round-progress">
          Results in {played - open} / {played}, outstanding {open}. Seat 1 plays first.
        </p>
        {viewer.can("results.enter") && (
          <PodQuickEntry tournamentId={id} roundNumber={roundNumber} />
        )}
        <PodRound
          tournamentId={id}
          pods={podRound.pods}
          canEnter={viewer.can("results.enter")}
          canJudge={viewer.can("judging.act")}
        />
      </Card>
    );
  }
  const [round, clock, title] = await Promise.all([
    getRound(id, roundNumber),
    getRoundClock(viewer.access, roundNumber),
    getRoundTitle(viewer.access, roundNumber),
  ]);
  if (!round || !clock) notFound();
  const tableClocks = new Map(clock.tables.map((table) => [table.matchId, table]));
  const format = {
    gamesToWin: round.phase.gamesToWin,
    elimination: round.phase.kind === "SINGLE_ELIMINATION",
  };
  const played = round.matches.filter((match) => match.sideB !== null);
  // MTR 2.5: a result is in once recorded; a decided one is outstanding until staff or both players record it.
  const results = roundResultCounts(played.map((match) => match.flow.state));
  const outstanding = played.filter((match) => !isResultIn(match.flow.state));
  const shown = isOutstandingOnly ? outstanding : round.matches;
  const decided = results.decided;
  const next = await getRoundNextStep(
    viewer.access,
    round.number,
    played.length > 0 && outstanding.length === 0,
  );
  const canChangePairings =
    viewer.can("rounds.manage") &&
    !format.elimination &&
    round.status === "PAIRED" &&
    !played.some((match) => match.winsA !== null);
  // MTR 2.6: a result in early fixes the pairings, but the tables still playing need their clock.
  const isStartLeftAfterEarlyResult =
    viewer.can("rounds.manage") &&
    !format.elimination &&
    round.status === "PAIRED" &&
    !canChangePairings &&
    outstanding.length > 0;
  // Swaps move entrants: a team, with every seat of its table (MTR 8.2).
  const seatedPlayers = [
    ...new Map(
      round.matches
        .flatMap((match) => [match.sideA, ...(match.sideB ? [match.sideB] : [])])
        .map((side) => [side.id, { id: side.id, name: side.teamName }]),
    ).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const teamTableOf = new Map(round.teamTables.map((table) => [table.tableNumber, table]));
  // An entered round's warnings stand at the top until it starts or a swap (which shows its own) changes it.
  const lastChange = round.pairingChanges.at(-1);
  const enteredWarnings =
    viewer.can("rounds.manage") &&
    round.status === "PAIRED" &&
    lastChange?.kind === "ENTERED" &&
    Array.isArray(lastChange.warnings)
      ? (lastChange.warnings as NamedWarning[])
      : [];
  return (
    <Card
      title={
        format.elimination
          ? `${title ?? `Round ${round.number}`} (playoff)`
          : `Round ${round.number} pairings`
      }
      actions={
        <span className="text-sm text-slate-500">
          {results.in} of {played.length} results in
        </span>
      }
    >
      {enteredWarnings.length > 0 && (
        <div
          role="status"
          className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="entered-warnings"
        >
          <p className="font-medium">
            Round {round.number} is entered as pasted. Check before starting it:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {enteredWarnings.map((warning) => (
              <li key={warning.code + warning.playerIds.join()}>{warning.message}</li>
            ))}
          </ul>
        </div>
      )}
      <RoundClockHeader
        clock={clock}
        basePath={`/tournaments/${id}/rounds/${round.number}`}
        links={[
          { path: "queue", label: "Results queue" },
          { path: "deck-checks", label: "Deck checks" },
          { path: "clock", label: "Projector view" },
        ]}
      />
      {next && (
        <RoundNextStep
          tournamentId={id}
          next={next}
          canManageRounds={viewer.can("rounds.manage")}
        />
      )}
      <RoundProgress
        basePath={`/tournaments/${id}/rounds/${round.number}`}
        reported={results.in}
        decided={results.decided}
        total={played.length}
        nextTable={outstanding[0]?.tableLabel ?? null}
        isOutstandingOnly={isOutstandingOnly}
      >
        {viewer.can("results.enter") && played.length > 0 && (
          <QuickEntryBar
            tournamentId={id}
            roundNumber={round.number}
            initialKey={randomUUID()}
            nextTable={outstanding[0]?.tableLabel ?? null}
            isPlayoff={format.elimination}
            roundStatus={round.status}
            hasSeats={round.teamTables.length > 0}
            gamesToWin={format.gamesToWin}
          />
        )}
      </RoundProgress>
      {decided > 0 && viewer.can("results.enter") && (
        <div className="mb-3 rounded-md bg-sky-50 px-3 py-2">
          <RecordDecidedRoundForm tournamentId={id} roundNumber={round.number} count={decided} />
        </div>
      )}
      {canChangePairings && (
        <RoundSetup
          tournamentId={id}
          roundNumber={round.number}
          players={seatedPlayers}
          entrant={round.entrant}
        />
      )}
      {isStartLeftAfterEarlyResult && (
        <div className="mb-3 rounded-md bg-brand-50 p-3">
          <StartRoundForm
            tournamentId={id}
            roundNumber={round.number}
            note="A result is already in, so the pairings are fixed; the other tables' time starts now."
          />
        </div>
      )}
      <ol className="divide-y divide-slate-100" aria-label="Pairings">
        {shown.map((match) => (
          <Fragment key={match.id}>
            {match.seat === 0 && teamTableOf.has(match.tableNumber) && (
              <TeamTableHeader table={teamTableOf.get(match.tableNumber)!} />
            )}
            <li
              id={`table-${match.tableLabel}`}
              tabIndex={-1}
              className="grid scroll-mt-4 grid-cols-[minmax(0,1fr)] gap-2 py-3 outline-none target:bg-amber-50 focus:bg-amber-50 sm:grid-cols-[5rem_minmax(0,1fr)_minmax(0,22rem)] sm:items-start"
            >
              <span className="text-sm font-semibold text-slate-500">Table {match.tableLabel}</span>
              <span className="text-sm">
                <span className="font-medium">{match.sideA.displayName}</span>
                <span className="px-2 text-slate-500">vs</span>
                <span className="font-medium">{match.sideB?.displayName ?? "Bye"}</span>
                {match.sideB && (
                  <Link
                    href={`/tournaments/${id}/matches/${match.id}`}
                    aria-label={`Games at table ${match.tableLabel}`}
                    className="ml-3 inline-block rounded border border-slate-200 px-2 py-0.5 text-xs text-brand-700 hover:bg-slate-50"
                  >
                    Games
                  </Link>
                )}
                {match.sideB && (
                  <FlowMark tournamentId={id} roundNumber={round.number} match={match} />
                )}
                {match.sideB && (
                  <TableClock table={tableClocks.get(match.id)} serverNow={clock.serverNow} />
                )}
                {match.sideB &&
                  match.winsA === null &&
                  viewer.can("judging.act") &&
                  clock.round.kind !== "untimed" && (
                    <TimeExtensionForm
                      tournamentId={id}
                      matchId={match.id}
                      tableNumber={match.tableNumber}
                      idempotencyKey={randomUUID()}
                      extensionsSeen={tableClocks.get(match.id)?.extensions.length ?? 0}
                      isOpen={query.extend === match.id}
                    />
                  )}
              </span>
              {match.sideB && !viewer.can("results.enter") ? (
                <span className="text-sm text-slate-500">
                  {match.winsA === null
                    ? "No result yet"
                    : `${match.winsA}-${match.winsB}-${match.draws ?? 0}`}
                </span>
              ) : match.sideB ? (
                <MatchResultForm
                  tournamentId={id}
                  idempotencyKey={randomUUID()}
                  match={match}
                  nameA={match.sideA.displayName}
                  nameB={match.sideB.displayName}
                  format={format}
                  sidesAreTeams={round.entrant === "team" && round.matchesPerPairing === 1}
                  isDecidedNotRecorded={match.flow.state === "decided"}
                />
              ) : (
                <span className="text-sm text-slate-500">Bye: 2-0 win</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
      {isOutstandingOnly && outstanding.length === 0 && (
        <p className="py-3 text-sm text-slate-600">Every result is in.</p>
      )}
      <PairingHistory changes={round.pairingChanges} seed={round.pairingSeed} />
    </Card>
  );
}

/** MTR 2.6: an extended table's own clock, and why it was extended; nothing for a table on the round's time. */
function TableClock({
  table,
  serverNow,
}: {
  table: TableClockData | undefined;
  serverNow: number;
}) {
  if (!table || table.extensionMinutes === 0) return null;
  return (
    <span
      className="mt-1 block text-xs text-amber-800"
      data-testid={`table-clock-${table.tableNumber}`}
    >
      <span className="font-semibold">+{table.extensionMinutes} min</span>
      {/* A table with its result has nothing left to time (MTR 2.4). */}
      {table.clock.kind === "timed" && !table.hasResult && (
        <>
          {" · table clock "}
          <RoundClockTime
            clock={table.clock}
            serverNow={serverNow}
            label={`Table ${table.tableNumber} clock`}
            className="font-semibold"
          />
        </>
      )}
      <span className="block text-slate-500">
        {table.extensions
          .map(
            (extension) =>
              `${extension.minutes} min: ${extension.reason}${extension.staffName ? ` (${extension.staffName})` : ""}`,
          )
          .join("; ")}
      </span>
    </span>
  );
}

/** MTR 2.5: where staff enter results, a table a player reported, whose reports disagree, or whose facts decided it is marked. */
function FlowMark({
  tournamentId,
  roundNumber,
  match,
}: {
  tournamentId: string;
  roundNumber: number;
  match: RoundDetail["matches"][number];
}) {
  const { flow } = match;
  const names = { A: match.sideA.displayName, B: match.sideB?.displayName ?? "" };
  if (flow.state === "awaiting-confirmation" && flow.pending) {
    return (
      <span className="mt-1 block text-xs text-amber-900" data-testid={`flow-${match.tableNumber}`}>
        {names[flow.pending.by]} reported {slipToString(flow.pending.report)}; waiting for{" "}
        {names[flow.pending.by === "A" ? "B" : "A"]} to confirm.
      </span>
    );
  }
  if (flow.state === "disputed") {
    return (
      <span
        className="mt-1 block text-xs font-medium text-red-800"
        data-testid={`flow-${match.tableNumber}`}
      >
        The players&apos; reports disagree:{" "}
        <Link
          href={`/tournaments/${tournamentId}/rounds/${roundNumber}/queue/${match.id}`}
          className="underline"
        >
          settle it
        </Link>
      </span>
    );
  }
  if (flow.state === "decided") {
    return (
      <span className="mt-1 block text-xs text-sky-900" data-testid={`flow-${match.tableNumber}`}>
        Decided{match.winsA !== null ? ` ${match.winsA}-${match.winsB}-${match.draws ?? 0}` : ""},
        not recorded yet:{" "}
        <Link href={`/tournaments/${tournamentId}/matches/${match.id}`} className="underline">
          record the result
        </Link>
      </span>
    );
  }
  return null;
}

/** MTR 8.2: a team table's team match, live as its seat matches finish. */
function TeamTableHeader({ table }: { table: RoundDetail["teamTables"][number] }) {
  const { score, outcome } = teamMatchOutcome(table.match, table.teamA, table.teamB);
  return (
    <li
      id={`table-${table.tableNumber}`}
      className="scroll-mt-4 bg-slate-50 px-2 py-2 text-sm"
      data-testid={`team-table-${table.tableNumber}`}
    >
      <span className="font-semibold">Table {table.tableNumber}</span>:{" "}
      <span className="font-medium">{table.teamA}</span> <span className="text-slate-500">vs</span>{" "}
      <span className="font-medium">{table.teamB}</span>{" "}
      <span className="ml-1 tabular-nums text-slate-700">{score}</span>{" "}
      <span className="ml-1 text-slate-600">{outcome}</span>
    </li>
  );
}

/** The round's clock and where it leads (the queue, print, the projector), on every round page. */
function RoundClockHeader({
  clock,
  basePath,
  links,
}: {
  clock: NonNullable<Awaited<ReturnType<typeof getRoundClock>>>;
  basePath: string;
  links: { path: string; label: string }[];
}) {
  return (
    <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 rounded-md bg-slate-900 px-4 py-3 text-white">
      <p className="flex flex-wrap items-baseline gap-x-3">
        <RoundClockLine
          clock={clock.round}
          serverNow={clock.serverNow}
          isOver={clock.isOver}
          className="text-3xl font-semibold"
        />
        {clock.round.kind === "timed" && !clock.isOver && (
          <span className="text-sm text-slate-300" data-testid="round-ends-at">
            ends <LocalTime dateTime={clock.round.endsAt} />
          </span>
        )}
      </p>
      <span className="flex flex-wrap gap-x-4 gap-y-1">
        {links.map((link) => (
          <Link
            key={link.path}
            href={`${basePath}/${link.path}`}
            className="text-sm text-slate-200 underline underline-offset-2 hover:text-white"
          >
            {link.label}
          </Link>
        ))}
      </span>
    </div>
  );
}
