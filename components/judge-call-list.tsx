import type { JudgeCallView } from "@/lib/server/judge-calls/judge-calls";
import { FOLLOW_UP_LABELS } from "@/lib/rules/judge-calls";
import { LocalTime } from "./local-time";
import { render } from "@/lib/messages/render";

/** Every judge call of one match, oldest first, with when it was called, claimed and resolved, and by whom. */
export function JudgeCallList({ calls }: { calls: readonly JudgeCallView[] }) {
  if (calls.length === 0)
    return <p className="text-sm text-slate-500">No judge has been called to this match.</p>;
  return (
    <ol className="divide-y divide-slate-100" aria-label="Judge calls of this match">
      {calls.map((call) => (
        <li key={call.id} className="space-y-0.5 py-2 text-sm">
          <p className="font-medium text-slate-900">
            {call.callerName} called a judge
            {call.note ? <span className="font-normal text-slate-700">: “{call.note}”</span> : ""}
          </p>
          <dl className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-2 text-xs text-slate-600">
            <dt>Called</dt>
            <dd>
              <LocalTime dateTime={call.calledAt} format="time-seconds" />
            </dd>
            <dt>Claimed</dt>
            <dd>
              {call.claimedAt ? (
                <>
                  <LocalTime dateTime={call.claimedAt} format="time-seconds" />
                  {call.claimedByName ? ` · ${call.claimedByName}` : ""}
                </>
              ) : (
                "not yet"
              )}
            </dd>
            <dt>Resolved</dt>
            <dd>
              {call.resolvedAt ? (
                <>
                  <LocalTime dateTime={call.resolvedAt} format="time-seconds" />
                  {call.resolvedByName ? ` · ${call.resolvedByName}` : ""}
                  {call.followUp && call.followUp !== "NONE"
                    ? ` · then: ${render(FOLLOW_UP_LABELS[call.followUp]).toLowerCase()}`
                    : ""}
                  {call.resolution ? (
                    <span className="block break-words text-slate-700">{call.resolution}</span>
                  ) : null}
                </>
              ) : (
                "open"
              )}
            </dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
