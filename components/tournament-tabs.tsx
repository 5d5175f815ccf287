"use client";
import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";

export type TournamentTab = {
  key: "overview" | "pairings" | "standings" | "playoff" | "judge-calls" | "decklists" | "staff";
  label: string;
  href: string;
};

/**
 * Which tab a tournament page belongs to, from its path: round and match pages are part of
 * running the event ("Players & rounds"); every other page is its own tab.
 */
export function activeTab(pathname: string, tournamentId: string): TournamentTab["key"] | null {
  const base = `/tournaments/${tournamentId}`;
  if (pathname === base || pathname === `${base}/`) return "overview";
  const segment = pathname.startsWith(`${base}/`)
    ? pathname.slice(base.length + 1).split("/")[0]
    : null;
  if (segment === "rounds" || segment === "matches") return "overview";
  if (
    segment === "pairings" ||
    segment === "standings" ||
    segment === "playoff" ||
    segment === "judge-calls" ||
    segment === "decklists" ||
    segment === "staff"
  )
    return segment;
  return null;
}

/** The tournament's tabs, the current one marked (aria-current="page") wherever the page is. */
export function TournamentTabs({
  tournamentId,
  tabs,
}: {
  tournamentId: string;
  tabs: TournamentTab[];
}) {
  const current = activeTab(usePathname(), tournamentId);
  // On a phone the tabs wrap onto a second line rather than scroll: a tab out of view is a tab never found.
  return (
    <nav
      className="mt-3 flex flex-wrap gap-x-1 border-b border-slate-200 print:hidden"
      aria-label="Tournament"
    >
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          href={tab.href}
          aria-current={tab.key === current ? "page" : undefined}
          className={`relative -mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-2.5 text-sm sm:px-3 ${tab.key === current ? "border-brand-600 font-medium text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
        >
          {tab.label}
          <PendingMark />
        </Link>
      ))}
    </nav>
  );
}

/**
 * While a tab's page is on its way, a dot beside its label shows the tap was heard (the standings
 * page has no loading skeleton: it would cost every phone a kilobyte of its first load).
 */
function PendingMark() {
  const { pending } = useLinkStatus();
  // Placed over the tab's padding, so it takes no room and moves nothing when it comes and goes.
  return pending ? (
    <span
      aria-hidden="true"
      className="absolute top-2 right-1 size-2 rounded-full bg-brand-600 motion-safe:animate-pulse"
    />
  ) : null;
}

/**
 * Views that carry their own heading and own the whole sheet get no header above them: the projector
 * (…/rounds/<n>/clock) covers the screen, and the print views (…/rounds/<n>/print/…) are laid out to
 * the page, so a header would push slips onto an extra sheet.
 */
export function isHeaderlessView(pathname: string): boolean {
  return /\/rounds\/[^/]+\/(clock\/?$|print(\/|$))/.test(pathname);
}

export function UnlessProjectorView({ children }: { children: React.ReactNode }) {
  return isHeaderlessView(usePathname()) ? null : children;
}
