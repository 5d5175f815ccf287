import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getPairingsByNamePage } from "@/lib/server/round/pairings-by-name";
import { getPairingReasons } from "@/lib/server/round/pairing-reasons";
import { pageRequestFromSearchParams } from "@/lib/schemas/paging";
import { Card } from "@/components/card";
import { CsvDownloads } from "@/components/csv-downloads";
import { PairingsByName } from "@/components/pairings-by-name";
import { NameSearch } from "@/components/name-search";
import { Pager } from "@/components/pager";
import { getRoundClock } from "@/lib/server/match/time-extensions";
import { RoundClockLine, RoundClockTime } from "@/components/round-clock";
import { getRoundTitle } from "@/lib/server/tournament/event-status";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairings" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function PairingsPage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const { access } = await requireTournamentViewer(id);
  const pairings = await getPairingsByNamePage(access, pageRequestFromSearchParams(query));
  if (!pairings.ok) notFound();
  const { value: data } = pairings;
  const [clock, roundName, reasons] = data.roundNumber
    ? await Promise.all([
        getRoundClock(access, data.roundNumber, Date.now(), { extendedAndPlaying: true }),
        getRoundTitle(access, data.roundNumber),
        getPairingReasons(access, data.roundNumber),
      ])
    : [null, null, new Map<string, string>()];
  const extended = clock
    ? clock.tables.filter(
        (table) => table.extensionMinutes > 0 && !table.hasResult && table.clock.kind === "timed",
      )
    : [];
  const basePath = `/tournaments/${id}/pairings`;
  return (
    <Card
      title={
        data.roundNumber
          ? `${roundName ?? `Round ${data.roundNumber}`} pairings by name`
          : "Pairings"
      }
    >
      {data.roundNumber ? (
        <>
          {clock && (
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 rounded-md bg-slate-900 px-4 py-3 text-white">
              <p className="flex items-baseline gap-3">
                <RoundClockLine
                  clock={clock.round}
                  serverNow={clock.serverNow}
                  isOver={clock.isOver}
                  className="text-3xl font-semibold"
                />
              </p>
              {extended.length > 0 && (
                <ul className="text-xs text-amber-200" aria-label="Tables with extra time">
                  {extended.map((table) => (
                    <li key={table.matchId}>
                      Table {table.tableNumber}: +{table.extensionMinutes} min,{" "}
                      <RoundClockTime
                        clock={table.clock}
                        serverNow={clock.serverNow}
                        label={`Table ${table.tableNumber} clock`}
                      />
                    </li>
                  ))}
                </ul>
              )}
              <Link
                href={`/tournaments/${id}/rounds/${data.roundNumber}/clock`}
                className="text-sm text-slate-200 underline underline-offset-2 hover:text-white"
              >
                Projector view
              </Link>
            </div>
          )}
          <NameSearch q={data.q} clearHref={basePath} />
          <PairingsByName rows={data.rows} q={data.q} reasons={Object.fromEntries(reasons)} />
          <Pager
            basePath={basePath}
            q={data.q}
            page={data.page}
            pageSize={data.pageSize}
            pageCount={data.pageCount}
            total={data.total}
            noun="players"
          />
          <CsvDownloads
            tournamentId={id}
            round={{
              number: data.roundNumber,
              name: roundName ?? `Round ${data.roundNumber}`,
            }}
          />
        </>
      ) : (
        <p className="text-sm text-slate-600">Round 1 has not been paired yet.</p>
      )}
    </Card>
  );
}
