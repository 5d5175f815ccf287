import Link from "next/link";
import { getTournamentViewer } from "@/lib/server/viewer";

type Tab = "overview" | "rounds" | "pairings" | "standings" | "playoff" | "staff";

/** The tournament's name and tabs: staff see the running of it, everyone else the public pages. */
export async function TournamentHeader({ id, name, subtitle, active }: { id: string; name: string; subtitle?: string; active: Tab }) {
  const viewer = await getTournamentViewer(id);
  const hasPlayoff = viewer.tournament?.hasPlayoff ?? false;
  const tabs: { key: Tab; label: string; href: string }[] = [
    ...(viewer.isStaff ? [{ key: "overview" as const, label: "Players & rounds", href: `/tournaments/${id}` }] : []),
    { key: "pairings", label: "Pairings", href: `/tournaments/${id}/pairings` },
    { key: "standings", label: "Standings", href: `/tournaments/${id}/standings` },
    ...(hasPlayoff ? [{ key: "playoff" as const, label: "Playoff", href: `/tournaments/${id}/playoff` }] : []),
    ...(viewer.isStaff ? [{ key: "staff" as const, label: "Staff & settings", href: `/tournaments/${id}/staff` }] : []),
  ];
  return (
    <div className="mb-5">
      <h1 className="text-2xl font-semibold tracking-tight">{name}</h1>
      {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
      {viewer.isStaff && viewer.tournament && !viewer.tournament.isPublished && (
        <p className="mt-1 text-xs font-medium text-amber-700">Not published: only staff can see this tournament.</p>
      )}
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
