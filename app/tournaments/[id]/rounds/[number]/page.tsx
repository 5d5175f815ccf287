import { randomUUID } from "node:crypto";
import { notFound, redirect } from "next/navigation";
import { getTournamentViewer } from "@/lib/server/viewer";
import { getRound } from "@/lib/server/data/rounds";
import { Card } from "@/components/card";
import { TournamentHeader } from "@/components/tournament-header";
import { MatchResultForm } from "@/components/match-result-form";
import { RoundSetup } from "@/components/round-setup";
import { PairingHistory } from "@/components/pairing-history";

export const dynamic = "force-dynamic";

export default async function RoundPage({ params }: { params: Promise<{ id: string; number: string }> }) {
  const { id, number } = await params;
  const roundNumber = Number(number);
  // Result entry is for staff; everyone else reads the public pairings.
  const viewer = await getTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  if (!Number.isInteger(roundNumber) || roundNumber < 1) notFound();
  const round = await getRound(id, roundNumber);
  if (!round) notFound();
  const format = { gamesToWin: round.phase.gamesToWin, elimination: round.phase.kind === "SINGLE_ELIMINATION" };
  const played = round.matches.filter((match) => match.sideB !== null);
  const reported = played.filter((match) => match.winsA !== null).length;
  const canChangePairings = viewer.can("rounds.manage") && !format.elimination && round.status === "PAIRED" && reported === 0;
  const seatedPlayers = round.matches
    .flatMap((match) => [match.sideA, ...(match.sideB ? [match.sideB] : [])])
    .map((side) => ({ id: side.id, name: side.displayName }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <>
      <TournamentHeader id={id} name={round.tournament.name} active="rounds" />
      <Card title={format.elimination ? `Round ${round.number}: playoff` : `Round ${round.number} pairings`} actions={<span className="text-sm text-slate-500">{reported} of {played.length} results in</span>}>
        {canChangePairings && <RoundSetup tournamentId={id} roundNumber={round.number} players={seatedPlayers} />}
        <ol className="divide-y divide-slate-100" aria-label="Pairings">
          {round.matches.map((match) => (
            <li key={match.id} className="grid gap-2 py-3 sm:grid-cols-[4rem_1fr_auto] sm:items-start">
              <span className="text-sm font-semibold text-slate-500">Table {match.tableNumber}</span>
              <span className="text-sm">
                <span className="font-medium">{match.sideA.displayName}</span>
                <span className="px-2 text-slate-400">vs</span>
                <span className="font-medium">{match.sideB?.displayName ?? "Bye"}</span>
              </span>
              {match.sideB && !viewer.can("results.enter") ? (
                <span className="text-sm text-slate-500">{match.winsA === null ? "No result yet" : `${match.winsA}-${match.winsB}-${match.draws ?? 0}`}</span>
              ) : match.sideB ? (
                <MatchResultForm tournamentId={id} idempotencyKey={randomUUID()} match={match} nameA={match.sideA.displayName} nameB={match.sideB.displayName} format={format} />
              ) : (
                <span className="text-sm text-slate-500">Bye: 2-0 win</span>
              )}
            </li>
          ))}
        </ol>
        <PairingHistory changes={round.pairingChanges} seed={round.pairingSeed} />
      </Card>
    </>
  );
}
