import Link from "next/link";
import { getTournamentViewer } from "@/lib/server/access/viewer";
import { countOpenJudgeCalls } from "@/lib/server/judge-calls/judge-calls";
import { describeFormat } from "./format-label";
import { TournamentTabs, UnlessProjectorView, type TournamentTab } from "./tournament-tabs";
import { PlayerCodeLink } from "./player-links";

/**
 * The tournament's name and tabs, rendered once by the tournament layout
 * (app/tournaments/[id]/layout.tsx) for every page under it: staff see the running of it,
 * everyone else the public pages. The current tab is marked from the page's path.
 */
export async function TournamentLayoutHeader({ id }: { id: string }) {
  const viewer = await getTournamentViewer(id);
  const tournament = viewer.tournament;
  if (!tournament) return null;
  // Judges see how many calls wait on every page of the event (the header is live like the page).
  const openCalls =
    viewer.access && viewer.can("judging.act") ? await countOpenJudgeCalls(viewer.access) : null;
  const tabs: TournamentTab[] = [
    ...(viewer.isStaff
      ? [{ key: "overview" as const, label: "Players & rounds", href: `/tournaments/${id}` }]
      : []),
    { key: "pairings", label: "Pairings", href: `/tournaments/${id}/pairings` },
    { key: "standings", label: "Standings", href: `/tournaments/${id}/standings` },
    ...(tournament.hasPlayoff
      ? [{ key: "playoff" as const, label: "Playoff", href: `/tournaments/${id}/playoff` }]
      : []),
    ...(openCalls !== null
      ? [
          {
            key: "judge-calls" as const,
            label: openCalls > 0 ? `Judge calls (${openCalls})` : "Judge calls",
            href: `/tournaments/${id}/judge-calls`,
          },
        ]
      : []),
    ...((viewer.isStaff && tournament.takesDecklists) ||
    (!viewer.isStaff && tournament.hasPublicDecklists)
      ? [{ key: "decklists" as const, label: "Decklists", href: `/tournaments/${id}/decklists` }]
      : []),
    ...(viewer.isStaff
      ? [{ key: "staff" as const, label: "Staff & settings", href: `/tournaments/${id}/staff` }]
      : []),
  ];
  return (
    <UnlessProjectorView>
      <div className="mb-5" data-tournament-header>
        <h1 className="break-words text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
          {tournament.name}
        </h1>
        <p className="text-sm text-slate-500">
          {tournament.swiss
            ? describeFormat(tournament.format, tournament.swiss, tournament)
            : tournament.format}
          {tournament.status === "COMPLETE" && (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
              Complete
            </span>
          )}
        </p>
        {viewer.isStaff && !tournament.isPublished && (
          <p className="mt-1 text-xs font-medium text-amber-700">
            Not published: only staff can see this tournament.
          </p>
        )}
        {/* The public finds pairings and standings here; a player also needs the way to their own match. */}
        {!viewer.isStaff && (
          <p className="flex flex-wrap gap-x-4">
            <PlayerCodeLink />
            {tournament.status === "REGISTRATION" && (
              <Link
                href={`/tournaments/${id}/check-in`}
                className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline hover:text-brand-900"
              >
                Check in or register
              </Link>
            )}
          </p>
        )}
        <TournamentTabs tournamentId={id} tabs={tabs} />
      </div>
    </UnlessProjectorView>
  );
}
