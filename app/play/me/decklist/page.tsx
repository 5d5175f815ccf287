import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import Link from "next/link";
import { formatUtcFallback } from "@/lib/local-time";
import { redirect } from "next/navigation";
import { DecklistForm } from "@/components/decklist-form";
import { formatRulesFor } from "@/lib/rules/deck-legality";
import { seatFromParam } from "@/lib/schemas/decklist";
import { LocalTime } from "@/components/local-time";
import { getPlayerActor } from "@/lib/server/check-in/player-session";
import { getMyDecklist } from "@/lib/server/decklists/decklist-reads";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your decklist" };

/**
 * MTR 2.7: the player's own decklist, on their phone with their code: pasted, read as it is typed,
 * checked against the event's format and card data when saved, with its problems and history.
 */
export default async function MyDecklistPage({
  searchParams,
}: {
  searchParams: Promise<{ seat?: string | string[] }>;
}) {
  const player = await getPlayerActor();
  if (!player) redirect("/play");
  const { seat: askedSeat } = await searchParams;
  const mine = await getMyDecklist(player, seatFromParam(askedSeat) ?? undefined);
  if (!mine) redirect("/play/me");
  const { event, seat, seats, list, history } = mine;
  const owner = seats.find((each) => each.seat === seat)?.name ?? player.name;
  const rules = event.deckFormat ? formatRulesFor(event.deckFormat) : null;
  const isCommander = rules?.ok === true && rules.value.kind === "commander";
  return (
    <div className="mx-auto max-w-md space-y-4">
      <div>
        <Link href="/play/me" className="text-sm text-brand-700 underline">
          ← My match
        </Link>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">Your decklist</h1>
        <p className="text-sm text-slate-600">{owner}</p>
      </div>
      {player.seat == null && seats.length > 1 && (
        // MTR 2.7: each team member registers the deck they play; the team's code opens each.
        <nav aria-label="Team members' decklists" className="flex flex-wrap gap-2 text-sm">
          {seats.map((each) => (
            <Link
              key={each.seat}
              href={`/play/me/decklist?seat=${each.seat}`}
              aria-current={each.seat === seat ? "page" : undefined}
              className={`rounded-md border px-3 py-2 ${each.seat === seat ? "border-brand-700 bg-brand-50 font-medium text-brand-800" : "border-slate-300 text-slate-700"}`}
            >
              {each.name}
            </Link>
          ))}
        </nav>
      )}
      {event.deckFormat === null ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
          This event takes no decklists.
        </p>
      ) : (
        <>
          <section
            className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
            aria-label="Deadline"
          >
            <p>
              <span className="font-medium">{event.formatName}</span>
              {event.deadline ? (
                <>
                  {" "}
                  · lists are final at <LocalTime dateTime={event.deadline.toISOString()} />
                </>
              ) : (
                " · lists are final when round 1 is paired"
              )}
            </p>
            {event.finalBecause && (
              <p className="mt-1 text-slate-700">
                {list
                  ? event.finalBecause
                  : "You have no registered list, and lists are final now: ask a judge to enter yours."}
              </p>
            )}
          </section>
          {list && (
            <section
              className={`rounded-lg p-4 text-sm ${list.isLegal ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
              aria-label="Your list's check"
              aria-live="polite"
              data-testid="decklist-verdict"
            >
              <p className="font-semibold">
                {list.isLegal
                  ? `Legal as of ${formatUtcFallback(list.checkedAgainst, "date")}`
                  : `Not legal yet (checked against card data of ${formatUtcFallback(list.checkedAgainst, "date")})`}
                {list.archetype ? ` · ${list.archetype}` : ""}
              </p>
              <p>
                Main deck {list.counts.main} · Sideboard {list.counts.sideboard}
                {list.counts.commanders > 0 ? ` · Commander ${list.counts.commanders}` : ""} ·
                version {list.version}
              </p>
              {list.problems.length > 0 && (
                <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="Problems">
                  {list.problems.map((problem) => (
                    <li key={`${problem.code}${problem.message}`}>{problem.message}</li>
                  ))}
                </ul>
              )}
              {list.notes.map((note) => (
                <p key={note.message} className="mt-2 text-slate-700">
                  {note.message}
                </p>
              ))}
              {list.isStale && (
                <p className="mt-2">
                  The event&apos;s format changed since: staff will check it again.
                </p>
              )}
            </section>
          )}
          {event.isPlayerWindowOpen ? (
            <section className="rounded-lg border border-slate-200 bg-white p-4">
              <DecklistForm
                key={`${seat} ${list?.version ?? 0}`}
                seat={seat}
                isCommander={isCommander}
                version={list?.version ?? null}
                text={list?.text ?? ""}
                archetype={list?.archetype ?? ""}
                idempotencyKey={randomUUID()}
              />
            </section>
          ) : (
            list && (
              <section className="rounded-lg border border-slate-200 bg-white p-4">
                <h2 className="text-sm font-medium text-slate-700">Your registered list</h2>
                <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-sm">
                  {list.text}
                </pre>
              </section>
            )
          )}
          {history.length > 0 && (
            <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
              <h2 className="font-medium text-slate-700">History</h2>
              <ol className="mt-2 space-y-1" aria-label="Changes to your list">
                {history.map((change) => (
                  <li key={change.version}>
                    Version {change.version}:{" "}
                    {change.source === "STAFF" ? "changed by " : "sent by "}
                    {change.actorName}, <LocalTime dateTime={change.createdAt.toISOString()} />
                    {change.reason ? ` (${change.reason})` : ""}
                    {change.isLegal ? "" : " · not legal"}
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      )}
    </div>
  );
}
