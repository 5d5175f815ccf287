import Link from "next/link";
import { plural } from "@/lib/plural";

type TournamentListItem = {
  id: string;
  name: string;
  format: string;
  status: string;
  _count: { registrations: number; rounds: number };
};

export function TournamentList({
  tournaments,
  empty,
  label,
}: {
  tournaments: TournamentListItem[];
  empty: string;
  label: string;
}) {
  if (tournaments.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={label}>
      {tournaments.map((tournament) => (
        <li key={tournament.id}>
          <Link
            href={`/tournaments/${tournament.id}`}
            className="flex items-center justify-between gap-3 py-3 hover:bg-slate-50"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium" title={tournament.name}>
                {tournament.name}
              </span>
              <span className="block text-xs text-slate-500">
                {[
                  tournament.format,
                  plural(tournament._count.registrations, "player"),
                  plural(tournament._count.rounds, "round"),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </span>
            <span className="shrink-0 whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
              {tournament.status.toLowerCase()}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
