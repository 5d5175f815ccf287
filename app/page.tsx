import Link from "next/link";
import { listPublishedTournaments, listTournamentsFor } from "@/lib/server/data/tournaments";
import { hasAnyAccount } from "@/lib/server/data/staff";
import { getSignedInActor } from "@/lib/server/session";
import { loadDemoEventAction } from "@/lib/server/actions/tournament-actions";
import { Card } from "@/components/card";
import { CreateTournamentForm } from "@/components/create-tournament-form";
import { SubmitButton } from "@/components/submit-button";
import { TournamentList } from "@/components/tournament-list";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const actor = await getSignedInActor();
  if (!actor) return <SignedOutHome />;
  const tournaments = await listTournamentsFor(actor.userId);
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_22rem]">
      <Card
        title="Your tournaments"
        actions={
          <form action={loadDemoEventAction}>
            <SubmitButton pendingLabel="Loading demo…" className="bg-slate-700 hover:bg-slate-800">
              Load demo event
            </SubmitButton>
          </form>
        }
      >
        <TournamentList
          tournaments={tournaments}
          label="Your tournaments"
          empty="No tournaments yet. Create one, or load the demo event to look around. Tournaments you are invited to as staff appear here too."
        />
      </Card>
      <Card title="New tournament">
        <CreateTournamentForm />
      </Card>
    </div>
  );
}

async function SignedOutHome() {
  const [published, isFirstRun] = await Promise.all([listPublishedTournaments(), hasAnyAccount().then((any) => !any)]);
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_22rem]">
      <Card title="Tournaments">
        <TournamentList tournaments={published} label="Published tournaments" empty="No published tournaments yet." />
      </Card>
      <Card title={isFirstRun ? "Welcome" : "Organizers and staff"}>
        <p className="mb-4 text-sm text-slate-600">
          {isFirstRun
            ? "This server has no accounts yet. Create the first organizer account to set up a tournament."
            : "Sign in to run your tournaments, or to enter results as a judge or scorekeeper."}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link href="/sign-up" className={`inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium ${isFirstRun ? "bg-brand-600 text-white hover:bg-brand-700" : "ring-1 ring-slate-300 hover:bg-slate-50"}`}>
            {isFirstRun ? "Create the first organizer account" : "Create an account"}
          </Link>
          <Link href="/sign-in" className={`inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium ${isFirstRun ? "ring-1 ring-slate-300 hover:bg-slate-50" : "bg-brand-600 text-white hover:bg-brand-700"}`}>
            Sign in
          </Link>
        </div>
      </Card>
    </div>
  );
}
