import Link from "next/link";
import { render } from "@/lib/messages/render";
import type { Message } from "@/lib/rules/result";

type TournamentListItem = {
  id: string;
  name: string;
  format: string;
  status: string;
  /** Entrants, Swiss rounds and playoff cut (lib/rules/swiss-rounds.ts eventSummary). */
  summary: readonly Message[];
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
                {[tournament.format, ...tournament.summary.map((part) => render(part))]
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
