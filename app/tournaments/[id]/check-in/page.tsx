import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getCheckInOverview } from "@/lib/server/check-in/check-in";
import { CheckInForm, SelfRegisterForm } from "@/components/check-in-forms";
import { Card } from "@/components/card";
import { checkRegistrationToken } from "@/lib/server/check-in/registration-token";
import { checkPhoneRegistration } from "@/lib/rules/registration";
import { render } from "@/lib/messages/render";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Check in" };

/**
 * What the check-in QR code opens on a player's phone: check in with their code, or (when the
 * organizer opened registration) register and get their code, or join the waitlist once full.
 * Registering needs the registration token the check-in screen's code carries (`?qr=`), kept in
 * the form; without a fresh one the page says to scan the screen at the venue or go to the desk.
 */
export default async function CheckInPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const token = typeof query.qr === "string" ? query.qr : undefined;
  const viewer = await requireTournamentViewer(id);
  const overview = await getCheckInOverview(viewer.access);
  if (!overview) notFound();
  if (overview.roundsPaired > 0) {
    return (
      <div className="mx-auto max-w-sm space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">Check-in is over</h1>
        <p className="text-sm text-slate-700">
          Round 1 has been paired. Find your table on the pairings, or open your match with your
          player code.
        </p>
        <p className="flex flex-wrap gap-4 text-sm font-medium">
          <Link href={`/tournaments/${id}/pairings`} className="text-brand-700 underline">
            Pairings
          </Link>
          <Link href="/play" className="text-brand-700 underline">
            Enter my code
          </Link>
        </p>
      </div>
    );
  }
  const isFull =
    overview.cap !== null && (overview.activePlayers >= overview.cap || overview.waitlisted > 0);
  // Instead of the form: registration from phones is full, or this phone did not come through the screen's code.
  const linkProblem = checkRegistrationToken(id, token);
  const phoneFull = checkPhoneRegistration({
    fromPhones: overview.fromPhones,
    phoneCap: overview.phoneCap,
    fromNetworkAt: [],
    nowMs: Date.now(),
  });
  const problem = phoneFull?.error ?? linkProblem?.error;
  const notice = problem ? render(problem) : null;
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Check in</h1>
      <Card title="Already registered?">
        <p className="mb-3 text-sm text-slate-700">
          Type the code from your player slip or from when you registered.
        </p>
        <CheckInForm tournamentId={id} />
      </Card>
      <Card title="New here?">
        {overview.isOpen ? (
          <>
            {!notice && (
              <p className="mb-3 text-sm text-slate-700" data-testid="spots">
                {overview.cap === null
                  ? "Register to play: you get your player code here."
                  : isFull
                    ? `The event is full (${overview.cap} players)${overview.waitlisted > 0 ? ` and ${overview.waitlisted} ${overview.waitlisted === 1 ? "person is" : "people are"} waiting` : ""}. Join the waitlist: you get in, in order, if a spot frees up before round 1.`
                    : `${overview.cap - overview.activePlayers} of ${overview.cap} spots left. Register to play: you get your player code here.`}
              </p>
            )}
            <SelfRegisterForm
              tournamentId={id}
              isFull={isFull}
              token={token ?? ""}
              notice={notice}
            />
          </>
        ) : (
          <p className="text-sm text-slate-700">
            Registration from phones is not open. Ask at the desk to be registered.
          </p>
        )}
      </Card>
    </div>
  );
}
