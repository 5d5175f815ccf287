import { randomUUID } from "node:crypto";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Card } from "@/components/card";
import { ConfirmedAction } from "@/components/confirmed-action";
import { RecheckDecklistsForm } from "@/components/staff-decklist-forms";
import { LocalTime } from "@/components/local-time";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { dropWithoutDecklistAction } from "@/lib/server/decklists/decklist-actions";
import { getDecklistStatus, listDecklists } from "@/lib/server/decklists/decklist-reads";
import { PublicDecklists } from "@/components/public-decklists";
import { metagameOf } from "@/lib/rules/decklists";

export const dynamic = "force-dynamic";

const STANDING = {
  none: { label: "No list", tone: "bg-red-100 text-red-800" },
  illegal: { label: "Not legal", tone: "bg-amber-100 text-amber-900" },
  legal: { label: "Legal", tone: "bg-emerald-100 text-emerald-800" },
} as const;

/**
 * MTR 2.7, 2.10: the staff's decklists: who has a legal list, who has none or an illegal one, each
 * player's list to enter from paper or correct, and before round 1 the step that drops the others.
 */
export default async function DecklistsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireTournamentViewer(id);
  const status = await getDecklistStatus(viewer.access);
  if (!status) {
    // MTR 2.7: everyone else sees only the lists the organizer published.
    if (!viewer.access) redirect(`/tournaments/${id}/pairings`);
    const lists = await listDecklists(viewer.access, "public");
    return (
      <Card title="Decklists">
        {lists.length === 0 ? (
          <p className="text-sm text-slate-600">No decklists are public for this event yet.</p>
        ) : (
          <PublicDecklists
            lists={lists}
            shares={metagameOf(lists.map((list) => list.archetype))}
            total={lists.length}
          />
        )}
      </Card>
    );
  }
  const { event, counts, players } = status;
  if (event.deckFormat === null)
    return (
      <Card title="Decklists">
        <p className="text-sm text-slate-600">
          This event takes no decklists. To take them, choose the format they are checked as in the{" "}
          <Link href={`/tournaments/${id}/staff`} className="text-brand-700 underline">
            settings
          </Link>
          .
        </p>
      </Card>
    );
  const missing = players.filter((player) => !player.isDropped && player.standing !== "legal");
  // DL6: a team without every member's legal list is dropped as one entry.
  const missingEntries = [
    ...new Map(missing.map((player) => [player.registrationId, player.entryName])),
  ];
  return (
    <div className="space-y-4">
      <Card title="Decklists">
        <p className="text-sm text-slate-700" data-testid="decklist-counts">
          {event.formatName}: {counts.legal} of {counts.players} players have a legal list
          {counts.illegal > 0 ? `, ${counts.illegal} not legal` : ""}
          {counts.none > 0 ? `, ${counts.none} without a list` : ""}.
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {event.deadline ? (
            <>
              Lists are final at <LocalTime dateTime={event.deadline.toISOString()} />.
            </>
          ) : (
            "Lists are final when round 1 is paired."
          )}{" "}
          {event.isPlayerWindowOpen
            ? ""
            : "Players' lists are final: staff change them on each player's page, with a reason (IPG 3.4)."}
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link href={`/tournaments/${id}/decklists/print`} className="text-brand-700 underline">
            Print registration sheets
          </Link>
          {counts.none > 0 && (
            <Link
              href={`/tournaments/${id}/decklists/print?only=missing`}
              className="text-brand-700 underline"
            >
              Blank sheets for the {counts.none} without a list
            </Link>
          )}
        </p>
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <RecheckDecklistsForm tournamentId={id} />
          {missingEntries.length > 0 && !event.isRoundOnePaired && viewer.can("players.manage") && (
            <ConfirmedAction
              action={dropWithoutDecklistAction}
              fields={{
                tournamentId: id,
                registrationIds: missingEntries.map(([registrationId]) => registrationId).join(","),
                idempotencyKey: randomUUID(),
              }}
              label={`Drop the ${missingEntries.length} without a legal list`}
              confirmLabel={`Yes, drop ${missingEntries.length}`}
              consequence={`${missingEntries.map(([, name]) => name).join(", ")} will be dropped before round 1 (MTR 2.10); a player whose list is legal by then stays.`}
              variant="block"
            />
          )}
        </div>
      </Card>
      <Card title="Players">
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Players' decklists">
          {players.map((player) => (
            <li
              key={`${player.registrationId} ${player.seat}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <Link
                href={`/tournaments/${id}/decklists/${player.registrationId}${player.seat > 0 ? `?seat=${player.seat}` : ""}`}
                className="min-w-0 break-words font-medium text-brand-800 hover:underline"
              >
                {player.name}
              </Link>
              <span className="flex items-center gap-2">
                {player.isDropped && <span className="text-xs text-slate-500">dropped</span>}
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STANDING[player.standing].tone}`}
                >
                  {STANDING[player.standing].label}
                  {player.version ? ` · v${player.version}` : ""}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
