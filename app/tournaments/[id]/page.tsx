import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getTournamentViewer } from "@/lib/server/viewer";
import { getTournament } from "@/lib/server/data/tournaments";
import { Card } from "@/components/card";
import { TournamentHeader } from "@/components/tournament-header";
import { RegisterPlayerForm } from "@/components/register-player-form";
import { PairRoundForm } from "@/components/pair-round-form";
import { DropPlayerButton } from "@/components/drop-player-button";
import { describeFormat } from "@/components/format-label";
import { StartPlayoffForm } from "@/components/start-playoff-form";

export const dynamic = "force-dynamic";

export default async function TournamentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Running the event is for staff; everyone else starts at the public pairings.
  const viewer = await getTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  const canManagePlayers = viewer.can("players.manage");
  const canManageRounds = viewer.can("rounds.manage");
  const tournament = await getTournament(id);
  if (!tournament) notFound();
  const swiss = tournament.phases[0];
  const activePlayers = tournament.registrations.filter((r) => r.droppedAfterRound === null).length;
  const hasPlayoff = tournament.phases.some((phase) => phase.kind === "SINGLE_ELIMINATION");
  // MTR 2.10: once the event is complete there is nothing left to drop from.
  const isComplete = tournament.status === "COMPLETE";
  return (
    <>
      <TournamentHeader id={id} name={tournament.name} subtitle={swiss ? describeFormat(tournament.format, swiss) : undefined} active="overview" />
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={`Players (${activePlayers}${activePlayers !== tournament.registrations.length ? ` of ${tournament.registrations.length}` : ""})`}>
          {canManagePlayers && <RegisterPlayerForm tournamentId={id} />}
          {viewer.can("players.codes") && tournament.registrations.length > 0 && (
            <Link href={`/tournaments/${id}/codes`} className="mt-3 inline-block text-sm font-medium text-brand-600 underline">
              Players&apos; codes and QR codes
            </Link>
          )}
          <ul className="mt-4 divide-y divide-slate-100" aria-label="Registered players">
            {tournament.registrations.map((registration) => (
              <li key={registration.id} className="flex items-center justify-between py-2 text-sm">
                <span className={registration.droppedAfterRound !== null ? "text-slate-400 line-through" : ""}>
                  {registration.displayName}
                  {registration.firstRound > 1 && <span className="ml-2 text-xs text-slate-500">joined round {registration.firstRound}</span>}
                  {registration.droppedAfterRound !== null && <span className="ml-2 text-xs no-underline">dropped after round {registration.droppedAfterRound}</span>}
                </span>
                {canManagePlayers && !isComplete && registration.droppedAfterRound === null && (
                  <DropPlayerButton tournamentId={id} registrationId={registration.id} name={registration.displayName} />
                )}
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Rounds">
          <ul className="mb-4 space-y-1" aria-label="Rounds">
            {tournament.rounds.map((round) => (
              <li key={round.id}>
                <Link href={`/tournaments/${id}/rounds/${round.number}`} className="flex justify-between rounded px-2 py-2 text-sm hover:bg-slate-50">
                  <span className="font-medium">Round {round.number}</span>
                  <span className="text-slate-500">{round._count.matches} {round._count.matches === 1 ? "table" : "tables"}</span>
                </Link>
              </li>
            ))}
            {tournament.rounds.length === 0 && <li className="text-sm text-slate-600">No rounds yet. Register players, then pair round 1.</li>}
          </ul>
          {hasPlayoff ? (
            <Link href={`/tournaments/${id}/playoff`} className="text-sm font-medium text-brand-600 underline">
              View the playoff bracket
            </Link>
          ) : !canManageRounds ? null : (
            <>
              <PairRoundForm tournamentId={id} nextRound={tournament.rounds.length + 1} />
              {tournament.rounds.length > 0 && <StartPlayoffForm tournamentId={id} activePlayers={activePlayers} />}
            </>
          )}
        </Card>
      </div>
    </>
  );
}
