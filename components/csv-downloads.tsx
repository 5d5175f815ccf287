/** Spreadsheet downloads of the tournament (CSV, safe to open in a spreadsheet). */
export function CsvDownloads({
  tournamentId,
  round,
  staff,
}: {
  tournamentId: string;
  /** The round whose pairings download, with its name ("Round 3", "Final"). */
  round?: { number: number; name: string } | null;
  /** The staff's own downloads (deck checks, and decklists when the event takes them); only a staff page passes it. */
  staff?: { hasDecklists: boolean };
}) {
  const base = `/tournaments/${tournamentId}/export`;
  const links = [
    { href: `${base}/standings.csv`, label: "Standings" },
    ...(round
      ? [{ href: `${base}/pairings.csv?round=${round.number}`, label: `${round.name} pairings` }]
      : []),
    { href: `${base}/results.csv`, label: "Every result" },
    ...(staff?.hasDecklists ? [{ href: `${base}/decklists.csv`, label: "Decklists" }] : []),
    ...(staff ? [{ href: `${base}/deck-checks.csv`, label: "Deck checks" }] : []),
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: groups links, not form controls
    <div
      role="group"
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600"
      aria-label="Downloads"
    >
      <span>Download (CSV):</span>
      {links.map((link) => (
        <a
          key={link.href}
          href={link.href}
          download
          className="inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2 sm:min-h-0"
        >
          {link.label}
        </a>
      ))}
    </div>
  );
}
