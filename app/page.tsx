import Link from "next/link";
import { listTournaments } from "@/lib/server/data/tournaments";
import { loadDemoEventAction } from "@/lib/server/actions/tournament-actions";
import { Card } from "@/components/card";
import { CreateTournamentForm } from "@/components/create-tournament-form";
import { SubmitButton } from "@/components/submit-button";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const tournaments = await listTournaments();
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_22rem]">
      <Card
        title="Tournaments"
        actions={
          <form action={loadDemoEventAction}>
            <SubmitButton pendingLabel="Loading demo…" className="bg-slate-700 hover:bg-slate-800">
              Load demo event
            </SubmitButton>
          </form>
        }
      >
        {tournaments.length === 0 ? (
          <p className="text-sm text-slate-600">No tournaments yet. Create one, or load the demo event to look around.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {tournaments.map((tournament) => (
              <li key={tournament.id}>
                <Link href={`/tournaments/${tournament.id}`} className="flex items-center justify-between gap-3 py-3 hover:bg-slate-50">
                  <span>
                    <span className="block font-medium">{tournament.name}</span>
                    <span className="block text-xs text-slate-500">
                      {[tournament.format, `${tournament._count.registrations} players`, `${tournament._count.rounds} rounds`].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{tournament.status.toLowerCase()}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="New tournament">
        <CreateTournamentForm />
      </Card>
    </div>
  );
}
