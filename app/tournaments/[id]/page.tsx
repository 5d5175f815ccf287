import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getTournamentViewer, requireTournamentViewer } from "@/lib/server/viewer";
import { getTournament } from "@/lib/server/data/tournaments";
import { getEventStatus } from "@/lib/server/data/event-status";
import { roundTitle } from "@/lib/rules/swiss-rounds";
import { Card } from "@/components/card";
import { RegisterPlayerForm } from "@/components/register-player-form";
import { DropPlayerButton } from "@/components/drop-player-button";
import { NextStepCard } from "@/components/next-step-card";

export const dynamic = "force-dynamic";
/** The layout's title template does not reach a page of its own segment: this page names itself in full. */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const viewer = await getTournamentViewer((await params).id);
  return { title: viewer.canView && viewer.tournament ? { absolute: `Players & rounds · ${viewer.tournament.name} · Spellbook TO` } : "Not found" };
}

export default async function TournamentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Running the event is for staff; everyone else starts at the public pairings.
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  const canManagePlayers = viewer.can("players.manage");
  const [tournament, status] = await Promise.all([getTournament(id), getEventStatus(id)]);
  if (!tournament || !status) notFound();
  const playoff = tournament.phases.find((phase) => phase.kind === "SINGLE_ELIMINATION");
  const playoffRounds = tournament.rounds.filter((round) => round.phaseId === playoff?.id);
  const titleOf = (round: (typeof tournament.rounds)[number]) =>
    playoff && round.phaseId === playoff.id
      ? roundTitle({ number: round.number, playoff: { cutSize: playoff.cutSize ?? 0, playoffIndex: playoffRounds.indexOf(round) } })
      : roundTitle({ number: round.number });
  const activePlayers = tournament.registrations.filter((r) => r.droppedAfterRound === null).length;
  // MTR 2.10: once the event is complete there is nothing left to drop from.
  const isComplete = tournament.status === "COMPLETE";
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <div className="space-y-6 md:order-2">
        <NextStepCard tournamentId={id} status={status} canManageRounds={viewer.can("rounds.manage")} />
        <Card title="Rounds">
          <ul className="space-y-1" aria-label="Rounds">
            {tournament.rounds.map((round) => (
              <li key={round.id}>
                <Link href={`/tournaments/${id}/rounds/${round.number}`} className="flex min-h-11 items-center justify-between rounded px-2 text-sm hover:bg-slate-50">
                  <span className="font-medium">{titleOf(round)}</span>
                  <span className="text-slate-500">
                    {round._count.matches} {round._count.matches === 1 ? "table" : "tables"}
                  </span>
                </Link>
              </li>
            ))}
            {tournament.rounds.length === 0 && <li className="text-sm text-slate-600">No rounds yet.</li>}
          </ul>
          {playoff && (
            <Link href={`/tournaments/${id}/playoff`} className="mt-3 inline-block text-sm font-medium text-brand-600 underline">
              View the playoff bracket
            </Link>
          )}
        </Card>
      </div>
      {/* On a phone the next step comes first, except while players are still being registered. */}
      <div className={tournament.rounds.length === 0 ? "order-first md:order-none" : undefined}>
        <Card title={`Players (${activePlayers}${activePlayers !== tournament.registrations.length ? ` of ${tournament.registrations.length}` : ""})`}>
          {canManagePlayers && !isComplete && !playoff && <RegisterPlayerForm tournamentId={id} />}
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
      </div>
    </div>
  );
}
