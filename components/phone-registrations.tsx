"use client";
import { useActionState, useState, useSyncExternalStore } from "react";
import { removePhoneRegistrationsAction } from "@/lib/server/check-in/check-in-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { formatLocalTime, formatUtcFallback } from "@/lib/local-time";
import { plural } from "@/lib/plural";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

export type PhoneEntryView = {
  id: string;
  name: string;
  placement: "registered" | "waiting";
  registeredAt: number;
  isCheckedIn: boolean;
  hasDropHistory: boolean;
};
export type PhoneGroupView = {
  key: string;
  label: string;
  count: number;
  checkedIn: number;
  firstAt: number;
  lastAt: number;
  entries: PhoneEntryView[];
};

/** Groups shown before the rest fold away: a flood stands out at the top. */
const GROUPS_SHOWN = 8;
/** Names shown in a group's row before "and N more". */
const NAMES_SHOWN = 6;

const noSubscription = () => () => undefined;

/** A time as the viewer reads it once the browser knows their zone; UTC, said as such, before. */
function useTimeText(): (at: number) => string {
  const isHydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (at) => (isHydrated ? formatLocalTime(at, "time") : formatUtcFallback(at, "time"));
}

type Choice =
  | { kind: "network"; key: string; label: string; entries: PhoneEntryView[] }
  | { kind: "since"; since: number; entries: PhoneEntryView[] };

function namesOf(entries: readonly PhoneEntryView[], shown = NAMES_SHOWN): string {
  const names = entries.slice(0, shown).map((entry) => entry.name);
  return entries.length > shown
    ? `${names.join(", ")} and ${entries.length - shown} more`
    : names.join(", ");
}

/**
 * Staff review of registrations from phones before round 1: by network (a short label; no
 * address is kept) and by time, each group removable in one step that first names who goes and
 * what it means for them.
 */
export function PhoneRegistrations({
  tournamentId,
  groups,
  entries,
}: {
  tournamentId: string;
  groups: PhoneGroupView[];
  entries: PhoneEntryView[];
}) {
  const [state, formAction] = useActionState(removePhoneRegistrationsAction, IDLE_FORM);
  const [choice, setChoice] = useState<Choice | null>(null);
  const timeText = useTimeText();
  const minutes = [
    ...new Set(entries.map((entry) => Math.floor(entry.registeredAt / 60_000) * 60_000)),
  ].sort((a, b) => a - b);
  const [since, setSince] = useState<number | null>(null);
  const sinceMinute = since !== null && minutes.includes(since) ? since : (minutes[0] ?? 0);
  const sinceEntries = entries.filter((entry) => entry.registeredAt >= sinceMinute);

  const groupRow = (group: PhoneGroupView) => (
    <li
      key={group.key}
      className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-2 text-sm"
    >
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">
          {group.label.charAt(0).toUpperCase() + group.label.slice(1)}:{" "}
          {plural(group.count, "registration")}
        </span>
        <span className="block text-xs text-slate-600">
          {timeText(group.firstAt) === timeText(group.lastAt)
            ? timeText(group.firstAt)
            : `${timeText(group.firstAt)} to ${timeText(group.lastAt)}`}
          {group.checkedIn > 0 ? ` · ${group.checkedIn} checked in` : ""}
        </span>
        <span className="block text-xs break-words text-slate-600">{namesOf(group.entries)}</span>
      </span>
      <button
        type="button"
        onClick={() =>
          setChoice({ kind: "network", key: group.key, label: group.label, entries: group.entries })
        }
        className="min-h-11 rounded-md px-3 py-1 text-sm font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50 sm:min-h-9"
      >
        Remove {group.count === 1 ? "it" : `these ${group.count}`}…
      </button>
    </li>
  );

  if (choice) {
    const checkedIn = choice.entries.filter((entry) => entry.isCheckedIn).length;
    const waiting = choice.entries.filter((entry) => entry.placement === "waiting").length;
    const dropped = choice.entries.filter((entry) => entry.hasDropHistory).length;
    const what =
      choice.kind === "network" ? `from ${choice.label}` : `since ${timeText(choice.since)}`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: the form itself is the named group
      <form
        action={formAction}
        onSubmit={() => setChoice(null)}
        className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
        role="group"
        aria-label="Remove registrations from phones"
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        {choice.kind === "network" ? (
          <input type="hidden" name="network" value={choice.key} />
        ) : (
          <input type="hidden" name="since" value={String(choice.since)} />
        )}
        <input
          type="hidden"
          name="entryIds"
          value={choice.entries.map((entry) => entry.id).join(",")}
        />
        <p className="font-medium text-slate-900">
          Remove the {plural(choice.entries.length, "registration")} from phones {what}?
        </p>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads it by its label */}
        <p
          className="max-h-40 overflow-auto rounded border border-slate-200 bg-white px-2 py-1 text-xs break-words text-slate-700"
          aria-label="Registrations to remove"
        >
          {choice.entries.map((entry) => entry.name).join(", ")}
        </p>
        <p className="text-slate-700">
          They leave the player list{waiting > 0 ? ` and the waitlist (${waiting} waiting)` : ""}{" "}
          and their player codes stop working
          {checkedIn > 0
            ? `; ${checkedIn} of them ${checkedIn === 1 ? "has" : "have"} checked in`
            : ""}
          . This cannot be undone: anyone real among them registers again at the desk.
          {dropped > 0
            ? ` ${plural(dropped, "entry", "entries")} with a drop in ${dropped === 1 ? "its" : "their"} history ${dropped === 1 ? "stays" : "stay"} in the list, dropped.`
            : ""}{" "}
          Spots freed go to the waitlist, in order.
        </p>
        <span className="flex flex-wrap gap-2">
          <SubmitButton pendingLabel="Removing…" className="bg-red-700! hover:bg-red-800!">
            Remove {plural(choice.entries.length, "registration")}
          </SubmitButton>
          <button
            type="button"
            onClick={() => setChoice(null)}
            className="min-h-11 rounded px-3 text-slate-700 hover:bg-slate-200"
          >
            Cancel
          </button>
        </span>
      </form>
    );
  }

  if (entries.length === 0) {
    return (
      <div className="space-y-2">
        <FormMessage state={state} />
        <p className="text-sm text-slate-600">No registrations from phones.</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <FormMessage state={state} />
      <p className="text-xs text-slate-600">
        Each network is a label for where phones registered from (a venue&apos;s Wi-Fi, a phone
        carrier); addresses are not kept. A flood of made-up names shows up as one large network or
        one burst of time: remove it in one step.
      </p>
      <ul className="divide-y divide-slate-100" aria-label="Registrations from phones by network">
        {groups.slice(0, GROUPS_SHOWN).map(groupRow)}
      </ul>
      {groups.length > GROUPS_SHOWN && (
        <details>
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-slate-900">
            {plural(groups.length - GROUPS_SHOWN, "more network")}
          </summary>
          <ul className="divide-y divide-slate-100">{groups.slice(GROUPS_SHOWN).map(groupRow)}</ul>
        </details>
      )}
      {minutes.length > 0 && (
        <div className="space-y-1 border-t border-slate-100 pt-3">
          <label
            htmlFor="phone-registrations-since"
            className="block text-sm font-medium text-slate-700"
          >
            Or every registration from phones since
          </label>
          <div className="space-y-2">
            <select
              id="phone-registrations-since"
              value={String(sinceMinute)}
              onChange={(event) => setSince(Number(event.target.value))}
              className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            >
              {minutes.map((minute) => (
                <option key={minute} value={String(minute)}>
                  {timeText(minute)} (
                  {plural(
                    entries.filter((entry) => entry.registeredAt >= minute).length,
                    "registration",
                  )}
                  )
                </option>
              ))}
            </select>
            <button
              type="button"
              onClick={() =>
                setChoice({ kind: "since", since: sinceMinute, entries: sinceEntries })
              }
              className="min-h-11 rounded-md px-3 py-1 text-sm font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50"
            >
              Remove {plural(sinceEntries.length, "registration")}…
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
