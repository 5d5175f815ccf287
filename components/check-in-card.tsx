import Link from "next/link";
import type { CheckInOverview } from "@/lib/server/check-in/check-in";
import { compareNames } from "@/lib/rules/registration";
import { Card } from "./card";
import { CheckInToggle, DropNoShowsForm } from "./check-in-forms";

/** Before round 1: who has checked in, who has not (the no-shows to drop), and who waits. */
export function CheckInCard({
  tournamentId,
  overview,
  canManagePlayers,
  canChangeSettings,
}: {
  tournamentId: string;
  overview: CheckInOverview;
  canManagePlayers: boolean;
  canChangeSettings: boolean;
}) {
  const players = [...(overview.players ?? [])].sort((a, b) => compareNames(a.name, b.name));
  const waiting = players.filter((player) => !player.isCheckedIn);
  const here = players.filter((player) => player.isCheckedIn);
  return (
    <Card title={`Check-in (${overview.checkedIn} of ${overview.activePlayers})`}>
      <p className="text-sm text-slate-700">
        Open registration:{" "}
        {overview.isOpen
          ? `on${overview.cap !== null ? `, up to ${overview.cap} players` : ", no cap on players"}`
          : "off (players check in with their codes)"}
        .{" "}
        {canChangeSettings && (
          <Link
            href={`/tournaments/${tournamentId}/staff`}
            className="font-medium text-brand-700 underline"
          >
            Change
          </Link>
        )}
      </p>
      <p
        className={`mt-1 text-sm ${overview.fromPhones >= overview.phoneCap ? "font-medium text-amber-800" : "text-slate-700"}`}
        data-testid="phone-registrations"
      >
        Registrations from phones: {overview.fromPhones} of {overview.phoneCap}
        {overview.fromPhones >= overview.phoneCap ? " (full: phones are sent to the desk)" : ""}.
      </p>
      <Link
        href={`/tournaments/${tournamentId}/check-in/screen`}
        className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
      >
        Show the check-in QR code on the projector
      </Link>
      {players.length > 0 && (
        <div className="mt-3 space-y-3">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">
              Not checked in ({waiting.length})
            </h3>
            {waiting.length === 0 ? (
              <p className="text-sm text-slate-600">Everyone is here.</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Not checked in">
                {waiting.map((player) => (
                  <li
                    key={player.registrationId}
                    className="flex min-h-11 items-center justify-between gap-2 text-sm"
                  >
                    <span className="min-w-0 break-words">{player.name}</span>
                    {canManagePlayers && (
                      <CheckInToggle
                        tournamentId={tournamentId}
                        registrationId={player.registrationId}
                        name={player.name}
                        isCheckedIn={false}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {here.length > 0 && (
            <details>
              <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-slate-900">
                Checked in ({here.length})
              </summary>
              <ul className="divide-y divide-slate-100" aria-label="Checked in">
                {here.map((player) => (
                  <li
                    key={player.registrationId}
                    className="flex min-h-11 items-center justify-between gap-2 text-sm"
                  >
                    <span className="min-w-0 break-words">{player.name}</span>
                    {canManagePlayers && (
                      <CheckInToggle
                        tournamentId={tournamentId}
                        registrationId={player.registrationId}
                        name={player.name}
                        isCheckedIn
                      />
                    )}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {canManagePlayers && overview.checkedIn > 0 && waiting.length > 0 && (
            <p className="text-xs text-slate-600">
              Pairing round 1 ends check-in: players not dropped by then are paired, here or not.
            </p>
          )}
          {canManagePlayers && overview.checkedIn > 0 && (
            <DropNoShowsForm
              tournamentId={tournamentId}
              noShows={waiting.map(({ registrationId, name }) => ({ registrationId, name }))}
            />
          )}
          {canManagePlayers && overview.checkedIn === 0 && (
            <p className="text-xs text-slate-600">
              Once players check in, the ones who did not can be dropped here in one step before
              pairing round 1.
            </p>
          )}
        </div>
      )}
      {overview.waitlist && overview.waitlist.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">
            Waitlist ({overview.waitlist.length})
          </h3>
          <p className="text-xs text-slate-600">
            They get in, in this order, when a spot frees up (a removal, a drop, a higher cap)
            before round 1.
          </p>
          <ol className="mt-1 list-decimal pl-5 text-sm" aria-label="Waitlist">
            {overview.waitlist.map((entry) => (
              <li key={entry.position}>{entry.name}</li>
            ))}
          </ol>
        </div>
      )}
    </Card>
  );
}
