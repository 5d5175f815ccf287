import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getJudgeCallQueue, type JudgeCallView } from "@/lib/server/judge-calls/judge-calls";
import { FOLLOW_UP_LABELS } from "@/lib/rules/judge-calls";
import { Card } from "@/components/card";
import { LocalTime } from "@/components/local-time";
import {
  ClaimJudgeCallForm,
  NewCallAnnouncer,
  ResolveJudgeCallForm,
  WaitingTime,
} from "@/components/judge-call-forms";
import { render } from "@/lib/messages/render";
import { PushToggle } from "@/components/push-toggle";
import { pushControlFor } from "@/lib/server/push/subscriptions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Judge calls" };

/** The judges' queue, phone first: open calls oldest first, live; take one, resolve it. */
export default async function JudgeCallsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  if (!viewer.can("judging.act") || !viewer.seat) notFound();
  const [queue, push] = await Promise.all([
    getJudgeCallQueue(viewer.access),
    pushControlFor({ tournamentId: id, staffId: viewer.seat.id }),
  ]);
  if (!queue) notFound();
  const seatId = viewer.seat.id;
  const mayTakeOver = viewer.seat.role === "HEAD_JUDGE" || viewer.seat.role === "ORGANIZER";
  return (
    <div className="space-y-4">
      <Card
        title="Judge calls"
        actions={
          <span className="text-sm text-slate-600">
            {queue.open.length === 0 ? "None open" : `${queue.open.length} open`}
          </span>
        }
      >
        <NewCallAnnouncer
          calls={queue.open.map((call) => ({ id: call.id, tableNumber: call.tableNumber }))}
        />
        {queue.open.length === 0 ? (
          <p className="text-sm text-slate-600">
            No player is waiting for a judge. New calls appear here by themselves.
          </p>
        ) : (
          <ol className="divide-y divide-slate-100" aria-label="Open judge calls">
            {queue.open.map((call) => (
              <OpenCall
                key={call.id}
                tournamentId={id}
                call={call}
                serverNow={queue.serverNow}
                isMine={call.claimedByStaffId === seatId}
                mayTakeOver={mayTakeOver}
              />
            ))}
          </ol>
        )}
      </Card>
      <PushToggle audience={{ kind: "staff", tournamentId: id }} {...push} />
      {queue.recentlyResolved.length > 0 && (
        <Card title="Recently resolved">
          <ul
            className="divide-y divide-slate-100 text-sm"
            aria-label="Recently resolved judge calls"
          >
            {queue.recentlyResolved.map((call) => (
              <li key={call.id} className="py-2">
                <Link
                  href={callHref(id, call)}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {call.podId ? "Pod" : "Table"} {call.tableLabel}
                </Link>{" "}
                <span className="text-slate-600">
                  · {call.callerName} · resolved <LocalTime dateTime={call.resolvedAt!} />
                  {call.resolvedByName ? ` by ${call.resolvedByName}` : ""}
                  {call.followUp && call.followUp !== "NONE"
                    ? ` · ${render(FOLLOW_UP_LABELS[call.followUp]).toLowerCase()}`
                    : ""}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function OpenCall({
  tournamentId,
  call,
  serverNow,
  isMine,
  mayTakeOver,
}: {
  tournamentId: string;
  call: JudgeCallView;
  serverNow: number;
  isMine: boolean;
  mayTakeOver: boolean;
}) {
  const ids = {
    tournamentId,
    matchId: call.matchId,
    podId: call.podId,
    callId: call.id,
    tableNumber: call.tableNumber,
  };
  const isClaimed = call.claimedAt !== null;
  return (
    <li className="space-y-3 py-3" data-testid={`judge-call-table-${call.tableNumber}`}>
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-2xl font-bold text-slate-900">
          {call.podId ? "Pod" : "Table"} {call.tableLabel}
        </p>
        <p className="text-right text-sm text-slate-600">
          waiting <WaitingTime calledAt={call.calledAt.getTime()} serverNow={serverNow} />
        </p>
      </div>
      <div className="text-sm text-slate-700">
        <p className="break-words">
          <span className="font-medium">{call.callerName}</span>
          {call.opponentName ? ` (vs ${call.opponentName})` : ""} · {call.roundName} · called{" "}
          <LocalTime dateTime={call.calledAt} />
        </p>
        {call.note && (
          <p className="mt-1 break-words rounded-md bg-slate-50 px-3 py-2 text-slate-800">
            “{call.note}”
          </p>
        )}
        {isClaimed && (
          <p className="mt-1 font-medium text-slate-800">
            {isMine
              ? "You have this call"
              : `${call.claimedByName || "Another judge"} has this call`}{" "}
            since <LocalTime dateTime={call.claimedAt!} />
          </p>
        )}
      </div>
      {!isClaimed && <ClaimJudgeCallForm {...ids} />}
      {isClaimed && (isMine || mayTakeOver) && <ResolveJudgeCallForm {...ids} />}
      <p className="flex flex-wrap gap-x-4 text-sm">
        <Link
          href={callHref(tournamentId, call)}
          className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
        >
          {call.podId ? "Pod on the round page" : "Match page"}
        </Link>
        {call.matchId && (
          <Link
            href={`/tournaments/${tournamentId}/matches/${call.matchId}/time#end-of-match`}
            className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
          >
            Time screen
          </Link>
        )}
      </p>
    </li>
  );
}

/** The page a call's table is judged on: its match page, or (CR 100.6a) its pod's place on the round page. */
function callHref(tournamentId: string, call: JudgeCallView): string {
  return call.matchId
    ? `/tournaments/${tournamentId}/matches/${call.matchId}`
    : `/tournaments/${tournamentId}/rounds/${call.roundNumber}#table-${call.tableNumber}`;
}
