import Link from "next/link";

/** Named once, so the home page and every public tournament page send players the same way. */
export const PLAYER_CODE_LINK = { href: "/play", label: "I'm a player — enter my code" } as const;

/** The link to /play for players who arrive at a page meant for browsing or running events. */
export function PlayerCodeLink({ className = "" }: { className?: string }) {
  return (
    <Link
      href={PLAYER_CODE_LINK.href}
      className={`inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline hover:text-brand-900 ${className}`}
    >
      {PLAYER_CODE_LINK.label}
    </Link>
  );
}

/** A tournament's public pages for its signed-in player; none before it is published, since only staff may see it then. */
export function playerEventLinks(tournament: {
  id: string;
  publishedAt: Date | string | null;
}): { href: string; label: string }[] {
  if (tournament.publishedAt === null) return [];
  return [
    { href: `/tournaments/${tournament.id}/pairings`, label: "Pairings" },
    { href: `/tournaments/${tournament.id}/standings`, label: "Standings" },
  ];
}
