import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getCheckInOverview } from "@/lib/server/check-in/check-in";
import { checkInLinkFor, publicAddress, qrSvg } from "@/lib/server/check-in/player-link";
import { PublicAddressWarning } from "@/components/public-address-warning";
import { plural } from "@/lib/plural";
import { registrationTokenFor } from "@/lib/server/check-in/registration-token";
import { RefreshAt } from "@/components/refresh-at";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Check-in QR code" };

/**
 * The projector view before round 1: a QR code players scan to check in or register, with the
 * counts; it refreshes itself as players arrive (the layout's live updates). Shown by staff while
 * registration is open, the code carries the registration token that registering from a phone
 * needs, and the page asks for a new one each time it changes; anyone else sees a code for checking in.
 */
export default async function CheckInScreenPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireTournamentViewer(id);
  const [overview, address] = await Promise.all([
    getCheckInOverview(viewer.access),
    publicAddress(),
  ]);
  if (!overview) notFound();
  const isOver = overview.roundsPaired > 0;
  const isPhoneFull = overview.fromPhones >= overview.phoneCap;
  const now = new Date();
  const registration =
    viewer.isStaff && overview.isOpen && !isOver && !isPhoneFull
      ? registrationTokenFor(id, now)
      : null;
  const link = await checkInLinkFor(id, registration?.token);
  const registersHere = registration !== null;
  return (
    // Covers the site's header like the round clock: a projector shows only this.
    <div className="fixed inset-0 z-50 flex flex-col overflow-auto bg-black px-4 py-6 text-white sm:px-10 sm:py-10">
      <header className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h1 className="text-2xl font-semibold sm:text-4xl">{viewer.tournament.name}</h1>
        <p className="text-2xl font-semibold text-yellow-300 sm:text-4xl">
          {isOver ? "Round 1 is paired" : registersHere ? "Check in or register" : "Check in"}
        </p>
      </header>
      {viewer.isStaff && (
        <div className="mt-4 space-y-2">
          <PublicAddressWarning address={address} tone="dark" />
          {!overview.isPublished && (
            <p
              role="alert"
              className="rounded-md border border-amber-300 bg-amber-100 px-3 py-2 text-sm text-amber-950"
            >
              The tournament is not published yet: players&apos; phones cannot open this page.
              Publish it on the Staff &amp; settings page.
            </p>
          )}
          {overview.isOpen && !isOver && isPhoneFull && (
            <p
              role="alert"
              className="rounded-md border border-amber-300 bg-amber-100 px-3 py-2 text-sm text-amber-950"
            >
              Registration from phones is full ({overview.fromPhones} of {overview.phoneCap}):
              phones are sent to the desk. Raise the limit on the Staff &amp; settings page, or
              remove a flood of made-up names on the overview.
            </p>
          )}
        </div>
      )}
      {isOver ? (
        <p className="my-auto text-center text-4xl font-bold sm:text-7xl">Check-in is over.</p>
      ) : (
        <section
          aria-label="Check-in QR code"
          className="flex flex-1 flex-col items-center justify-center gap-4 py-6 sm:flex-row sm:gap-12"
        >
          <div
            className="w-64 max-w-full rounded-lg bg-white p-2 sm:w-[min(40vw,28rem)] [&_svg]:h-auto [&_svg]:w-full"
            role="img"
            aria-label="QR code opening the check-in page"
            data-check-in-link={link}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the QR encoder's SVG
            dangerouslySetInnerHTML={{ __html: qrSvg(link) }}
          />
          <div className="space-y-3 text-center sm:text-left">
            <p className="text-2xl sm:text-4xl">
              Scan to {registersHere ? "register or check in" : "check in with your code"}
            </p>
            {overview.isOpen && !registersHere && (
              <p className="text-xl text-yellow-200 sm:text-3xl">
                New players: register at the desk
              </p>
            )}
            <p className="text-base break-all text-slate-300 sm:text-xl">{link}</p>
            <p
              className="text-3xl font-bold tabular-nums sm:text-5xl"
              data-testid="checked-in-count"
            >
              {overview.checkedIn} of {overview.activePlayers} checked in
            </p>
            {overview.cap !== null && (
              <p className="text-xl text-slate-300 sm:text-3xl">
                {overview.activePlayers >= overview.cap
                  ? "Full"
                  : `${plural(overview.cap - overview.activePlayers, "spot")} left`}
                {overview.waitlisted > 0 ? ` · ${overview.waitlisted} on the waitlist` : ""}
              </p>
            )}
          </div>
        </section>
      )}
      {registration && (
        <RefreshAt at={registration.refreshAt.getTime()} serverNow={now.getTime()} />
      )}
      {viewer.isStaff && (
        <Link
          href={`/tournaments/${id}`}
          className="mt-auto self-start text-sm text-slate-300 underline"
        >
          Back to the overview
        </Link>
      )}
    </div>
  );
}
