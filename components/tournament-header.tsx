import Link from "next/link";
import { getTournamentSummary } from "@/lib/server/data/tournaments";

type Tab = "overview" | "rounds" | "pairings" | "standings" | "playoff";

export async function TournamentHeader({ id, name, subtitle, active }: { id: string; name: string; subtitle?: string; active: Tab }) {
  const hasPlayoff = (await getTournamentSummary(id))?.hasPlayoff ?? false;
  const tabs: { key: Tab; label: string; href: string }[] = [
    { key: "overview", label: "Players & rounds", href: `/tournaments/${id}` },
    { key: "pairings", label: "Pairings", href: `/tournaments/${id}/pairings` },
    { key: "standings", label: "Standings", href: `/tournaments/${id}/standings` },
    ...(hasPlayoff ? [{ key: "playoff" as const, label: "Playoff", href: `/tournaments/${id}/playoff` }] : []),
  ];
  return (
    <div className="mb-5">
      <h1 className="text-2xl font-semibold tracking-tight">{name}</h1>
      {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
      <nav className="mt-3 flex gap-1 overflow-x-auto whitespace-nowrap border-b border-slate-200" aria-label="Tournament">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            href={tab.href}
            aria-current={tab.key === active ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm ${tab.key === active ? "border-brand-600 font-medium text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
