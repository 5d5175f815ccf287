import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getRoundClock } from "@/lib/server/match/time-extensions";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { RoundClockTime } from "@/components/round-clock";
import { roundNumberFromParam } from "@/lib/schemas/round";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Round clock" };

/**
 * The projector view of a round: readable across a hall. Anyone may open it once the
 * tournament is published; the time is the server's. Results
 * arriving take tables off the list by themselves (the layout's live updates).
 */
export default async function RoundClockPage({
  params,
}: {
  params: Promise<{ id: string; number: string }>;
}) {
  const { id, number } = await params;
  const { access } = await requireTournamentViewer(id);
  const roundNumber = roundNumberFromParam(number);
  if (roundNumber === null) notFound();
  const [clock, title] = await Promise.all([
    getRoundClock(access, roundNumber),
    getRoundTitle(access, roundNumber),
  ]);
  if (!clock) notFound();
  const stillPlaying = clock.tables.filter((table) => !table.isBye && !table.hasResult);
  // Once every result is in (or the event is over), the round is over whatever its clock says.
  const { isOver } = clock;
  // MTR 8.2: a team table's seats play their own matches, each listed by its label (12A).
  const isSeatMatches = clock.matchesPerPairing > 1;
  return (
    // Covers the site's header: a projector shows only the clock.
    <div className="fixed inset-0 z-50 flex flex-col overflow-auto bg-black px-4 py-6 text-white sm:px-10 sm:py-10">
      <header className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h1 className="text-2xl font-semibold sm:text-4xl">{clock.tournamentName}</h1>
        <p className="text-2xl font-semibold text-yellow-300 sm:text-4xl">
          {title ?? `Round ${clock.roundNumber}`}
        </p>
      </header>
      <section
        aria-label="Time left"
        className="flex flex-col items-center justify-center py-8 sm:py-12"
      >
        {isOver ? (
          <p className="text-6xl font-bold leading-none sm:text-9xl">Round over</p>
        ) : (
          <>
            <RoundClockTime
              caption="Time left"
              captionClassName="block text-xl uppercase tracking-widest text-slate-300 sm:text-3xl"
              clock={clock.round}
              serverNow={clock.serverNow}
              label="Round clock"
              announce
              className={`font-bold leading-none ${clock.round.kind === "timed" ? "text-[26vw] sm:text-[18vw]" : "text-6xl sm:text-9xl"}`}
            />
            {clock.round.kind === "not-started" && (
              <p className="mt-4 text-xl text-slate-300 sm:text-3xl">
                The round has not started yet.
              </p>
            )}
          </>
        )}
      </section>
      <section aria-label="Tables still playing" className="mt-auto">
        <h2 className="text-xl font-semibold text-slate-200 sm:text-3xl">
          {stillPlaying.length === 0
            ? "All results are in."
            : `${clock.round.kind === "not-started" ? "" : "Still playing: "}${stillPlaying.length} ${clock.isPods ? "pod" : isSeatMatches ? "match" : "table"}${stillPlaying.length === 1 ? "" : isSeatMatches && !clock.isPods ? "es" : "s"}`}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2 sm:gap-3">
          {stillPlaying.map((table) => (
            <li
              key={table.matchId}
              data-testid={`playing-table-${table.tableLabel}`}
              className={`rounded-md px-3 py-2 text-2xl font-bold tabular-nums sm:text-4xl ${table.extensionMinutes > 0 ? "bg-yellow-300 text-black" : "bg-white text-black"}`}
            >
              {table.tableLabel}
              {table.extensionMinutes > 0 && table.clock.kind === "timed" && (
                <span className="ml-2 text-lg font-semibold sm:text-2xl">
                  +{table.extensionMinutes}′{" "}
                  <RoundClockTime
                    clock={table.clock}
                    serverNow={clock.serverNow}
                    label={`Table ${table.tableLabel} clock`}
                  />
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
