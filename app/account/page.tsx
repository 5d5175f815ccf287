import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card } from "@/components/card";
import { getSignedInActor } from "@/lib/server/session";
import { countSessions } from "@/lib/server/accounts";
import { signOutEverywhereAction } from "@/lib/server/actions/auth-actions";
import { SignOutSubmitButton } from "@/components/sign-out-button";

export const metadata: Metadata = { title: "Your account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const actor = await getSignedInActor();
  if (!actor) redirect("/sign-in?next=/account");
  const sessions = await countSessions(actor.userId);
  return (
    <div className="mx-auto max-w-md">
      <Card title="Your account" headingLevel={1}>
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-slate-500">Name</dt>
            <dd className="font-medium break-words">{actor.name}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd className="font-medium break-all">{actor.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Signed in on</dt>
            <dd className="font-medium">
              {sessions} device{sessions === 1 ? "" : "s"} or browser{sessions === 1 ? "" : "s"}
            </dd>
          </div>
        </dl>
        <form action={signOutEverywhereAction} className="mt-4">
          <p className="mb-2 text-sm text-slate-600">Lost a phone, or signed in on a shared laptop? This ends every session of this account, this one included.</p>
          <SignOutSubmitButton pendingLabel="Signing out everywhere…" className="bg-red-700 hover:bg-red-800">
            Sign out everywhere
          </SignOutSubmitButton>
        </form>
      </Card>
    </div>
  );
}
