import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/card";
import { AcceptInvitationForm } from "@/components/staff-forms";
import { getInvitation } from "@/lib/server/tournament/staff";
import { getSignedInActor } from "@/lib/server/access/session";
import { ROLE_LABELS } from "@/lib/rules/permissions";
import { invitationPath } from "@/lib/invitation-path";

export const metadata: Metadata = { title: "Staff invitation", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/** A staff invitation's secret link: signed in, one click takes the seat; otherwise sign in or up first and come back. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const actor = await getSignedInActor();
  const invitation = await getInvitation(token, actor?.userId);
  const back = encodeURIComponent(invitationPath(token));
  return (
    <div className="mx-auto max-w-md">
      <Card title="Staff invitation" headingLevel={1}>
        {!invitation.ok ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {invitation.error.message}
          </p>
        ) : invitation.value.isAccepted ? (
          <p className="text-sm text-slate-700">
            You are on the staff of{" "}
            <Link
              href={`/tournaments/${invitation.value.tournamentId}`}
              className="font-medium text-brand-600 underline"
            >
              {invitation.value.tournamentName}
            </Link>
            .
          </p>
        ) : (
          <div className="space-y-3 text-sm text-slate-700">
            <p>
              You are invited to{" "}
              <strong className="break-words">{invitation.value.tournamentName}</strong> as{" "}
              <strong>{ROLE_LABELS[invitation.value.role].toLowerCase()}</strong>.
            </p>
            {actor ? (
              <AcceptInvitationForm token={token} accountEmail={actor.email} />
            ) : (
              <p>
                <Link
                  href={`/sign-in?next=${back}`}
                  className="font-medium text-brand-600 underline"
                >
                  Sign in
                </Link>{" "}
                or{" "}
                <Link
                  href={`/sign-up?next=${back}`}
                  className="font-medium text-brand-600 underline"
                >
                  create an account
                </Link>{" "}
                to accept it; you come back here afterwards.
              </p>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
