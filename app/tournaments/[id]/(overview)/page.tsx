import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getTournamentViewer, requireTournamentViewer } from "@/lib/server/access/viewer";
import { getTournament } from "@/lib/server/tournament/tournaments";
import { getEventStatus } from "@/lib/server/tournament/event-status";
import { roundTitle } from "@/lib/rules/swiss-rounds";
import { compareNames } from "@/lib/rules/registration";
import { dropTakesEffectAfter, dropUndoFirstRound } from "@/lib/rules/standings";
import { Card } from "@/components/card";
import { CsvDownloads } from "@/components/csv-downloads";
import { plural } from "@/lib/plural";
import { RegisterPlayerForm } from "@/components/register-player-form";
import { AwardedByesForm } from "@/components/awarded-byes-form";
import { listAwardedByes } from "@/lib/server/round/awarded-byes";
import {
  DropPlayerButton,
  RemovePlayerButton,
  RenamePlayerForm,
  UndoDropButton,
} from "@/components/drop-player-button";
import { ReplaceMemberForm } from "@/components/replace-member-form";
import { RegisterPlayerListForm } from "@/components/register-player-list-form";
import { RegisterTeamForm, RegisterTeamListForm } from "@/components/register-team-form";
import { SEAT_LETTERS } from "@/lib/rules/teams";
import { NextStepCard } from "@/components/next-step-card";
import { CheckInCard } from "@/components/check-in-card";
import { getCheckInOverview } from "@/lib/server/check-in/check-in";
import { getPhoneRegistrations } from "@/lib/server/check-in/phone-registrations";
import { PhoneRegistrations } from "@/components/phone-registrations";
import { render } from "@/lib/messages/render";

export const dynamic = "force-dynamic";
/** The layout's title template does not reach a page of its own segment: this page names itself in full. */
export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const viewer = await getTournamentViewer((await params).id);
  return {
    title:
      viewer.canView && viewer.tournament
        ? { absolute: `Players & rounds · ${viewer.tournament.name} · Spellbook TO` }
        : "Not found",
  };
}

export default async function TournamentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Running the event is for staff; everyone else starts at the public pairings.
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  const canManagePlayers = viewer.can("players.manage");
  const [tournament, status, checkIn, awardedByes, fromPhones] = await Promise.all([
    getTournament(id),
    getEventStatus(id),
    getCheckInOverview(viewer.access),
    canManagePlayers ? listAwardedByes(id) : Promise.resolve([]),
    canManagePlayers ? getPhoneRegistrations(viewer.access) : Promise.resolve(null),
  ]);
  if (!tournament || !status) notFound();
  const playoff = tournament.phases.find((phase) => phase.kind === "SINGLE_ELIMINATION");
  const playoffRounds = tournament.rounds.filter((round) => round.phaseId === playoff?.id);
  const titleOf = (round: (typeof tournament.rounds)[number]) =>
    playoff && round.phaseId === playoff.id
      ? roundTitle({
          number: round.number,
          playoff: {
            cutSize: playoff.cutSize ?? 0,
            playoffIndex: playoffRounds.indexOf(round),
            pods: tournament.structure === "PODS",
          },
        })
      : roundTitle({ number: round.number });
  const activePlayers = tournament.registrations.filter((r) => r.droppedAfterRound === null).length;
  const isTeamEvent = tournament.teamFormat !== "INDIVIDUAL";
  // MTR 2.10: once the event is complete there is nothing left to drop from.
  const isComplete = tournament.status === "COMPLETE";
  const swissRoundsPaired = tournament.rounds.filter(
    (round) => round.phaseId !== playoff?.id,
  ).length;
  const registrations = [...tournament.registrations].sort((a, b) =>
    compareNames(a.displayName, b.displayName),
  );
  // MTR 2.10: what dropping means for this player now, said before it is confirmed.
  const dropConsequence = (registration: (typeof registrations)[number]) => {
    const after = dropTakesEffectAfter({
      roundsPaired: swissRoundsPaired,
      firstRound: registration.firstRound,
    });
    const last = after.ok ? after.value : swissRoundsPaired;
    return last === 0
      ? `${registration.displayName} will not be paired in any round. Only before the next round is paired can staff undo this.`
      : `${registration.displayName} keeps their results, finishes round ${last} as paired and is not paired again. Staff can undo this only until round ${last + 1} is paired.`;
  };
  const undoFrom = (registration: (typeof registrations)[number]) => {
    const undo = dropUndoFirstRound({
      droppedAfterRound: registration.droppedAfterRound,
      roundsPaired: swissRoundsPaired,
      firstRound: registration.firstRound,
      isEventComplete: isComplete,
      hasPlayoffStarted: Boolean(playoff),
      isDisqualified: registration._count.penalties > 0,
    });
    return undo.ok ? undo.value : null;
  };
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <div className="space-y-6 md:order-2">
        <NextStepCard
          tournamentId={id}
          status={status}
          canManageRounds={viewer.can("rounds.manage")}
        />
        {checkIn && checkIn.roundsPaired === 0 && (
          <CheckInCard
            tournamentId={id}
            overview={checkIn}
            canManagePlayers={canManagePlayers}
            canChangeSettings={viewer.can("tournament.settings")}
          />
        )}
        {fromPhones &&
          checkIn &&
          fromPhones.roundsPaired === 0 &&
          (fromPhones.count > 0 || checkIn.isOpen) && (
            <Card title={`Registered from phones (${fromPhones.count} of ${fromPhones.cap})`}>
              <PhoneRegistrations
                tournamentId={id}
                groups={fromPhones.groups.map((group) => ({
                  key: group.network ?? "unknown",
                  label: group.label,
                  count: group.count,
                  checkedIn: group.checkedIn,
                  firstAt: group.firstAt,
                  lastAt: group.lastAt,
                  entries: group.entries.map(phoneEntryView),
                }))}
                entries={fromPhones.entries.map(phoneEntryView)}
              />
            </Card>
          )}
        <Card title="Rounds">
          <ul className="space-y-1" aria-label="Rounds">
            {tournament.rounds.map((round) => (
              <li key={round.id}>
                <Link
                  href={`/tournaments/${id}/rounds/${round.number}`}
                  className="flex min-h-11 items-center justify-between rounded px-2 text-sm hover:bg-slate-50"
                >
                  <span className="font-medium">{render(titleOf(round))}</span>
                  <span className="text-slate-500">
                    {round._count.pods > 0
                      ? plural(round._count.pods, "pod")
                      : plural(round._count.matches, "table")}
                  </span>
                </Link>
              </li>
            ))}
            {tournament.rounds.length === 0 && (
              <li className="text-sm text-slate-600">No rounds yet.</li>
            )}
          </ul>
          {playoff && (
            <Link
              href={`/tournaments/${id}/playoff`}
              className="mt-3 inline-block text-sm font-medium text-brand-600 underline"
            >
              View the playoff bracket
            </Link>
          )}
        </Card>
        <Card title="Archive and downloads">
          <p className="text-sm text-slate-600">
            The whole tournament with every game, penalty and change, to keep, or to import into
            another copy of this app from its home page.
          </p>
          <a
            href={`/tournaments/${id}/export/archive.json`}
            download
            className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline underline-offset-2 sm:min-h-0"
          >
            Download the archive (JSON)
          </a>
          <CsvDownloads
            tournamentId={id}
            staff={{ hasDecklists: tournament.deckFormat !== null }}
          />
        </Card>
      </div>
      {/* On a phone the next step comes first, except while players are still being registered. */}
      <div className={tournament.rounds.length === 0 ? "order-first md:order-none" : undefined}>
        <Card
          title={`${isTeamEvent ? "Teams" : "Players"} (${activePlayers}${activePlayers !== tournament.registrations.length ? ` of ${tournament.registrations.length}` : ""})`}
        >
          {canManagePlayers && !isComplete && !playoff && !isTeamEvent && (
            <>
              <RegisterPlayerForm tournamentId={id} roundsPaired={status.swissRoundsPaired} />
              <RegisterPlayerListForm
                tournamentId={id}
                registeredNames={registrations.map((registration) => registration.displayName)}
              />
              {tournament.structure !== "PODS" && (
                <AwardedByesForm
                  tournamentId={id}
                  roundsPaired={status.swissRoundsPaired}
                  awarded={awardedByes}
                  players={registrations
                    .filter((registration) => registration.droppedAfterRound === null)
                    .map((registration) => ({
                      id: registration.id,
                      name: registration.displayName,
                    }))}
                />
              )}
            </>
          )}
          {canManagePlayers && !isComplete && !playoff && isTeamEvent && (
            <>
              <RegisterTeamForm tournamentId={id} teamSize={tournament.teamSize} />
              <RegisterTeamListForm
                tournamentId={id}
                teamSize={tournament.teamSize}
                registered={{
                  teamNames: registrations.map((registration) => registration.displayName),
                  memberNames: registrations.flatMap((registration) =>
                    registration.teamMembers.map((member) => member.player.name),
                  ),
                }}
              />
            </>
          )}
          {viewer.can("players.codes") && tournament.registrations.length > 0 && (
            <Link
              href={`/tournaments/${id}/codes`}
              className="mt-3 inline-block text-sm font-medium text-brand-600 underline"
            >
              Players&apos; codes and QR codes
            </Link>
          )}
          <ul
            className="mt-4 divide-y divide-slate-100"
            aria-label={isTeamEvent ? "Registered teams" : "Registered players"}
          >
            {registrations.map((registration) => {
              const undoRound =
                registration.droppedAfterRound !== null ? undoFrom(registration) : null;
              return (
                <li
                  key={registration.id}
                  className="flex flex-wrap items-center justify-between gap-x-2 py-2 text-sm"
                >
                  <span className="min-w-0">
                    <span
                      className={
                        registration.droppedAfterRound !== null ? "text-slate-500 line-through" : ""
                      }
                    >
                      {registration.displayName}
                    </span>
                    {registration.teamMembers.length > 0 && (
                      <span className="block text-xs text-slate-600">
                        {registration.teamMembers
                          .map(
                            (member) =>
                              `${SEAT_LETTERS[member.seat] ?? member.seat} ${member.player.name}`,
                          )
                          .join(" · ")}
                      </span>
                    )}
                    {registration.firstRound > 1 && (
                      <span className="ml-2 text-xs text-slate-500">
                        joined round {registration.firstRound}
                      </span>
                    )}
                    {registration.droppedAfterRound !== null && (
                      <span className="ml-2 text-xs text-slate-500">
                        {droppedWhen(registration.droppedAfterRound, registration.firstRound)}
                      </span>
                    )}
                    {registration.dropChanges.length > 0 && (
                      <span className="block text-xs text-slate-500" data-testid="drop-history">
                        {registration.dropChanges
                          .map(
                            (change) =>
                              `${change.kind === "DROPPED" ? droppedWhen(change.afterRound, registration.firstRound).replace(/^d/, "D") : "Drop undone"} by ${change.actorName || "staff"}`,
                          )
                          .join(" · ")}
                      </span>
                    )}
                  </span>
                  {canManagePlayers && !isComplete && (
                    <span className="ml-auto flex flex-wrap items-center justify-end">
                      <RenamePlayerForm
                        tournamentId={id}
                        registrationId={registration.id}
                        name={registration.displayName}
                      />
                      {registration.teamMembers.length > 0 && (
                        <ReplaceMemberForm
                          tournamentId={id}
                          registrationId={registration.id}
                          team={registration.displayName}
                          members={registration.teamMembers.map((member) => ({
                            seat: member.seat,
                            name: member.player.name,
                          }))}
                          change={
                            registration.firstRound > tournament.rounds.length
                              ? "replace"
                              : "correct"
                          }
                        />
                      )}
                      {tournament.rounds.length === 0 && registration.dropChanges.length === 0 ? (
                        <RemovePlayerButton
                          tournamentId={id}
                          registrationId={registration.id}
                          name={registration.displayName}
                        />
                      ) : registration.droppedAfterRound === null ? (
                        <DropPlayerButton
                          tournamentId={id}
                          registrationId={registration.id}
                          name={registration.displayName}
                          consequence={dropConsequence(registration)}
                        />
                      ) : (
                        undoRound !== null && (
                          <UndoDropButton
                            tournamentId={id}
                            registrationId={registration.id}
                            name={registration.displayName}
                            firstRound={undoRound}
                          />
                        )
                      )}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      </div>
    </div>
  );
}

/** What the browser needs of a registration from a phone: no network tag beyond its group's. */
function phoneEntryView(entry: {
  id: string;
  name: string;
  placement: "registered" | "waiting";
  registeredAt: number;
  isCheckedIn: boolean;
  hasDropHistory: boolean;
}) {
  return {
    id: entry.id,
    name: entry.name,
    placement: entry.placement,
    registeredAt: entry.registeredAt,
    isCheckedIn: entry.isCheckedIn,
    hasDropHistory: entry.hasDropHistory,
  };
}

/** MTR 2.10: a drop before round 1 (or before a late entry's first round) took no part in the event. */
function droppedWhen(afterRound: number, firstRound: number): string {
  return afterRound === 0
    ? `dropped before round ${firstRound}`
    : `dropped after round ${afterRound}`;
}
