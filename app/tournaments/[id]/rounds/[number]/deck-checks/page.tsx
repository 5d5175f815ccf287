import { randomUUID } from "node:crypto";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { Card } from "@/components/card";
import { PenaltyFromDeckCheckForm, RecordDeckCheckForm } from "@/components/deck-check-forms";
import { LocalTime } from "@/components/local-time";
import { render } from "@/lib/messages/render";
import { DECK_CHECK_OUTCOME_LABELS, deckCheckInfraction } from "@/lib/rules/deck-checks";
import { PENALTY_LABELS } from "@/lib/rules/penalty";
import { roundNumberFromParam } from "@/lib/schemas/round";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import {
  chooseDeckCheckTables,
  type DeckCheckView,
  getDeckChecks,
  getDeckCheckTables,
} from "@/lib/server/deck-checks/deck-checks";
import { getRoundTitle } from "@/lib/server/tournament/event-status";

export const dynamic = "force-dynamic";

/** "12, 7" or "12 7": the table numbers a judge typed or the random choice put in the address. */
function tableNumbersFrom(value: string | string[] | undefined): number[] {
  const text = Array.isArray(value) ? value.join(",") : (value ?? "");
  const numbers = text
    .split(/[\s,]+/)
    .map((part) => Number(part))
    .filter((number) => Number.isInteger(number) && number > 0 && number < 100_000);
  return [...new Set(numbers)].slice(0, 50);
}

/**
 * MTR 2.8, IPG 3.4, 3.5: a round's deck checks for judges. Tables are chosen at random (players
 * not checked yet first) once, then kept in the address so a refresh does not choose again; each
 * player's check is recorded, and a problem goes on to its penalty.
 */
export default async function DeckChecksPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; number: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id, number }, query] = await Promise.all([params, searchParams]);
  const roundNumber = roundNumberFromParam(number);
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  if (roundNumber === null) notFound();
  const base = `/tournaments/${id}/rounds/${roundNumber}/deck-checks`;
  const randomCount = Number(query.random);
  let choiceError: string | null = null;
  if (query.random !== undefined) {
    const chosen = await chooseDeckCheckTables({
      tournamentId: id,
      roundNumber,
      count: randomCount,
    });
    if (chosen.ok)
      redirect(`${base}?tables=${chosen.value.tables.map((table) => table.tableNumber).join(",")}`);
    choiceError = chosen.error.message;
  }
  const tableNumbers = tableNumbersFrom(query.tables);
  const [title, tables, rounds] = await Promise.all([
    getRoundTitle(viewer.access, roundNumber),
    getDeckCheckTables(id, roundNumber, tableNumbers),
    getDeckChecks(id),
  ]);
  const roundName = title ?? `Round ${roundNumber}`;
  const checks = rounds.flatMap((round) => round.checks);
  const thisRound = rounds.find((round) => round.roundNumber === roundNumber)?.checks ?? [];
  const canAct = viewer.can("judging.act");
  // MTR 2.8: the registered list on paper, to count the deck against.
  const hasSheets = viewer.tournament.takesDecklists && viewer.can("decklists.manage");
  const missing = tableNumbers.filter((n) => !tables.some((table) => table.tableNumber === n));
  return (
    <div className="space-y-4">
      <Card
        title={`${roundName}: deck checks`}
        actions={
          <Link href={`/tournaments/${id}/rounds/${roundNumber}`} className="text-sm underline">
            {roundName} pairings
          </Link>
        }
      >
        <p className="mb-3 text-sm text-slate-600">
          Check decks before the players draw their opening hands (MTR 2.8). Tables whose players
          have not been checked yet are chosen first; tables already playing are never chosen.
        </p>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <form method="get" action={base} className="flex items-end gap-2">
            <label className="text-sm">
              <span className="block font-medium text-slate-700">Tables at random</span>
              <input
                name="random"
                type="number"
                inputMode="numeric"
                min={1}
                max={50}
                defaultValue={Number.isInteger(randomCount) && randomCount > 0 ? randomCount : 2}
                className="mt-1 w-20 rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
              />
            </label>
            <button
              type="submit"
              className="min-h-11 rounded-md bg-brand-700 px-3 text-sm font-medium text-white hover:bg-brand-800 sm:min-h-9"
            >
              Choose
            </button>
          </form>
          <form method="get" action={base} className="flex items-end gap-2">
            <label className="text-sm">
              <span className="block font-medium text-slate-700">Or these tables</span>
              <input
                name="tables"
                inputMode="numeric"
                placeholder="12, 7"
                defaultValue={tableNumbers.join(", ")}
                className="mt-1 w-32 rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
              />
            </label>
            <button
              type="submit"
              className="min-h-11 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:min-h-9"
            >
              Show
            </button>
          </form>
        </div>
        {choiceError && (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {choiceError}
          </p>
        )}
        {missing.length > 0 && (
          <p role="alert" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            No table {missing.join(", ")} with players to check in {roundName}.
          </p>
        )}
      </Card>
      {tables.map((table) => (
        <Card key={table.matchId ?? table.podId} title={`Table ${table.label}`}>
          <ul className="space-y-4">
            {table.players.map((player) => {
              // A team member's checks are those of their own deck (their seat).
              const mine = checks.filter(
                (check) =>
                  check.registrationId === player.registrationId &&
                  check.seat === player.seat &&
                  check.replacedById === null,
              );
              const here = mine.filter(
                (check) =>
                  check.roundNumber === roundNumber &&
                  (check.matchId ?? check.podId) === (table.matchId ?? table.podId),
              );
              const before = mine.filter((check) => check.roundNumber !== roundNumber);
              return (
                <li key={player.registrationId} className="border-t border-slate-100 pt-3">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium text-slate-900">{player.displayName}</span>
                    {hasSheets && (
                      <Link
                        href={`/tournaments/${id}/decklists/${player.registrationId}/deck-check-sheet?round=${roundNumber}${player.seat ? `&seat=${player.seat}` : ""}`}
                        className="text-sm text-brand-700 underline"
                        aria-label={`Deck-check sheet of ${player.displayName}`}
                      >
                        Deck-check sheet
                      </Link>
                    )}
                  </p>
                  <p className="text-xs text-slate-500">
                    {before.length === 0
                      ? "Not checked before in this event."
                      : `Checked before: ${before.map((check) => `round ${check.roundNumber}, ${render(DECK_CHECK_OUTCOME_LABELS[check.outcome]).toLowerCase()}`).join("; ")}.`}
                  </p>
                  {here.map((check) => (
                    <CheckRecord
                      key={check.id}
                      check={check}
                      tournamentId={id}
                      matchVersion={table.matchVersion}
                      canAct={canAct}
                    />
                  ))}
                  {canAct &&
                    here.map(
                      (check) =>
                        // A mistaken record is corrected by a new one; one with a penalty stands.
                        check.penalty === null && (
                          <details key={`correct ${check.id}`} className="mt-2 text-sm">
                            <summary className="cursor-pointer text-brand-700">
                              Correct this check
                            </summary>
                            <div className="mt-2">
                              <RecordDeckCheckForm
                                tournamentId={id}
                                place={
                                  table.matchId
                                    ? { matchId: table.matchId }
                                    : { podId: table.podId! }
                                }
                                player={{ id: player.registrationId, name: player.displayName }}
                                replacesId={check.id}
                                idempotencyKey={randomUUID()}
                              />
                            </div>
                          </details>
                        ),
                    )}
                  {canAct && here.length === 0 && (
                    <div className="mt-2">
                      <RecordDeckCheckForm
                        tournamentId={id}
                        place={table.matchId ? { matchId: table.matchId } : { podId: table.podId! }}
                        player={{ id: player.registrationId, name: player.displayName }}
                        idempotencyKey={randomUUID()}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      ))}
      <Card title="Deck checks in this round">
        {thisRound.length === 0 ? (
          <p className="text-sm text-slate-600">None recorded yet.</p>
        ) : (
          <CheckList checks={thisRound} />
        )}
      </Card>
    </div>
  );
}

/** A recorded check: what was found, by whom, and its penalty or the way to it. */
function CheckRecord({
  check,
  tournamentId,
  matchVersion,
  canAct,
}: {
  check: DeckCheckView;
  tournamentId: string;
  matchVersion: number | null;
  canAct: boolean;
}) {
  const infraction = deckCheckInfraction(check.outcome);
  return (
    <div className="mt-2 space-y-2 rounded-md bg-slate-50 p-3 text-sm">
      <p data-testid="deck-check-outcome">
        <span className="font-semibold">{render(DECK_CHECK_OUTCOME_LABELS[check.outcome])}</span>
        {check.note ? `: ${check.note}` : ""}{" "}
        <span className="text-slate-500">
          ({check.judgeName}, <LocalTime dateTime={check.createdAt.toISOString()} />)
        </span>
      </p>
      {check.penalty ? (
        <p className="text-red-800">
          {render(PENALTY_LABELS[check.penalty.kind])} given: {check.penalty.infraction}.
        </p>
      ) : infraction.ok && canAct && matchVersion !== null ? (
        <PenaltyFromDeckCheckForm
          tournamentId={tournamentId}
          deckCheckId={check.id}
          matchVersion={matchVersion}
          usualPenalty={render(PENALTY_LABELS[infraction.value.penalty])}
          idempotencyKey={randomUUID()}
        />
      ) : infraction.ok && check.podId ? (
        <p className="text-slate-600">
          In a pod, give the penalty from the pod&apos;s page (the player leaves its game).
        </p>
      ) : null}
    </div>
  );
}

function CheckList({ checks }: { checks: DeckCheckView[] }) {
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Deck checks">
      {checks.map((check) => (
        <li key={check.id} className="py-2">
          <span className="font-medium">Table {check.tableLabel}</span> · {check.playerName}:{" "}
          {render(DECK_CHECK_OUTCOME_LABELS[check.outcome])}
          {check.penalty ? ` → ${render(PENALTY_LABELS[check.penalty.kind])}` : ""}
          {check.replacedById ? " (corrected later)" : ""}
          <span className="text-slate-500"> · {check.judgeName}</span>
        </li>
      ))}
    </ul>
  );
}
