import { randomUUID } from "node:crypto";
import Link from "next/link";
import { formatUtcFallback } from "@/lib/local-time";
import { notFound, redirect } from "next/navigation";
import { Card } from "@/components/card";
import { EnterDecklistForm } from "@/components/staff-decklist-forms";
import { LocalTime } from "@/components/local-time";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { seatFromParam } from "@/lib/schemas/decklist";
import { getDecklistForStaff } from "@/lib/server/decklists/decklist-reads";

export const dynamic = "force-dynamic";

/** MTR 2.7, IPG 3.4: one player's list for staff: its check, its history, and entering or correcting it. */
export default async function StaffDecklistPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; registrationId: string }>;
  searchParams: Promise<{ seat?: string | string[] }>;
}) {
  const [{ id, registrationId }, { seat: askedSeat }] = await Promise.all([params, searchParams]);
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  // A team member's list is named by their seat; a player alone has seat 0.
  const seat = seatFromParam(askedSeat);
  if (seat === null) notFound();
  const mine = await getDecklistForStaff(viewer.access, registrationId, seat);
  if (!mine) notFound();
  const { event, list, history, playerName } = mine;
  return (
    <div className="space-y-4">
      <Card
        title={`${playerName}: decklist`}
        actions={
          <Link href={`/tournaments/${id}/decklists`} className="text-sm text-brand-700 underline">
            All decklists
          </Link>
        }
      >
        <p className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link
            href={`/tournaments/${id}/decklists/${registrationId}/print${seat > 0 ? `?seat=${seat}` : ""}`}
            className="text-brand-700 underline"
          >
            {list ? "Print the registration sheet" : "Print a blank registration sheet"}
          </Link>
          {list && (
            <Link
              href={`/tournaments/${id}/decklists/${registrationId}/deck-check-sheet${seat > 0 ? `?seat=${seat}` : ""}`}
              className="text-brand-700 underline"
            >
              Print a deck-check sheet
            </Link>
          )}
        </p>
        {list ? (
          <div data-testid="decklist-verdict" className="text-sm">
            <p className="font-semibold">
              {list.isLegal ? "Legal" : "Not legal"} as of{" "}
              {formatUtcFallback(list.checkedAgainst, "date")} · version {list.version}
              {list.archetype ? ` · ${list.archetype}` : ""}
            </p>
            <p>
              Main deck {list.counts.main} · Sideboard {list.counts.sideboard}
            </p>
            {list.problems.length > 0 && (
              <ul className="mt-2 list-disc pl-5 text-red-800" aria-label="Problems">
                {list.problems.map((problem) => (
                  <li key={`${problem.code}${problem.message}`}>{problem.message}</li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-600">No list yet.</p>
        )}
      </Card>
      {viewer.can("decklists.manage") && event.deckFormat !== null && (
        <Card title={list ? "Change the list" : "Enter the list from paper"}>
          <EnterDecklistForm
            key={`${seat} ${list?.version ?? 0}`}
            tournamentId={id}
            registrationId={registrationId}
            seat={seat}
            version={list?.version ?? null}
            text={list?.text ?? ""}
            archetype={list?.archetype ?? ""}
            needsReason={!event.isPlayerWindowOpen}
            idempotencyKey={randomUUID()}
          />
        </Card>
      )}
      {history.length > 0 && (
        <Card title="History">
          <ol className="space-y-3 text-sm" aria-label="Changes to the list">
            {history.map((change, index) => (
              <li key={change.version}>
                <p>
                  Version {change.version} by {change.actorName} (
                  {change.source === "STAFF" ? "staff" : "player"}),{" "}
                  <LocalTime dateTime={change.createdAt.toISOString()} />
                  {change.reason ? `: ${change.reason}` : ""}
                  {change.isLegal ? "" : " · not legal"}
                </p>
                {/* The newest ten changes carry their texts; older ones are in the archive and API. */}
                {change.textBefore !== null && index >= history.length - 10 && (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-brand-700">Before and after</summary>
                    <div className="mt-1 grid gap-2 sm:grid-cols-2">
                      <pre className="whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs">
                        {change.textBefore}
                      </pre>
                      <pre className="whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs">
                        {change.textAfter}
                      </pre>
                    </div>
                  </details>
                )}
              </li>
            ))}
          </ol>
        </Card>
      )}
    </div>
  );
}
