import Link from "next/link";
import type { PlayoffView } from "@/lib/server/data/playoffs";

/** The whole playoff at a glance: rounds side by side on wide screens, stacked on a phone. */
export function Bracket({ playoff, tournamentId, isStaff }: { playoff: PlayoffView; tournamentId: string; isStaff: boolean }) {
  return (
    <div className="space-y-4">
      {playoff.champion && (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-center text-amber-900" role="status">
          Champion: <strong>{playoff.champion}</strong>
        </p>
      )}
      <div className="grid gap-4" style={{ gridTemplateColumns: `repeat(auto-fit, minmax(14rem, 1fr))` }}>
        {playoff.rounds.map((round) => (
          <section key={round.name} aria-label={round.name} className="flex flex-col">
            <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
              <Link href={`/tournaments/${tournamentId}/rounds/${round.roundNumber}`} className="hover:underline">
                {round.name}
              </Link>
            </h3>
            <ol className="flex flex-1 flex-col justify-around gap-3">
              {round.matches.map((match) => (
                <li key={match.id} className="rounded-md border border-slate-200 bg-white text-sm shadow-sm">
                  <BracketMatchLink
                    tournamentId={tournamentId}
                    matchId={match.matchId}
                    isStaff={isStaff}
                    summary={`${round.name}: ${match.nameA ?? "to be decided"} vs ${match.nameB ?? "to be decided"}.${match.winner === null ? "" : ` Won by ${match.winner === match.playerA ? match.nameA : match.nameB}.`}`}
                    seats={
                      <>
                        <BracketSeat seed={match.seedA} name={match.nameA} isWinner={match.winner !== null && match.winner === match.playerA} />
                        <BracketSeat seed={match.seedB} name={match.nameB} isWinner={match.winner !== null && match.winner === match.playerB} />
                      </>
                    }
                  >
                    <p className="border-t border-slate-100 px-3 py-1 text-xs text-slate-500">
                      {match.score ? `Result ${match.score}` : match.isReady ? "Playing" : "Waiting"}
                    </p>
                  </BracketMatchLink>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}

/** Staff open the match itself (its games and result); everyone else the public pairings; a match not made yet is no link. */
function BracketMatchLink({
  tournamentId,
  matchId,
  isStaff,
  summary,
  seats,
  children,
}: {
  tournamentId: string;
  matchId: string | null;
  isStaff: boolean;
  summary: string;
  seats: React.ReactNode;
  children: React.ReactNode;
}) {
  if (!matchId) {
    return (
      <div>
        {seats}
        {children}
      </div>
    );
  }
  const href = isStaff ? `/tournaments/${tournamentId}/matches/${matchId}` : `/tournaments/${tournamentId}/pairings`;
  return (
    <Link href={href} className="block rounded-md hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600">
      {/* The link is named by one sentence; the seats say the same for the eye, so its name holds the words it shows. */}
      <span className="sr-only" data-testid="bracket-match-summary">
        {summary}{" "}
      </span>
      <span aria-hidden="true" className="block">
        {seats}
      </span>
      {children}
    </Link>
  );
}

function BracketSeat({ seed, name, isWinner }: { seed: number | null; name: string | null; isWinner: boolean }) {
  return (
    <div className={`flex items-center gap-2 px-3 py-2 ${isWinner ? "font-semibold text-slate-900" : "text-slate-700"}`}>
      <span className="w-5 text-right text-xs tabular-nums text-slate-500">{seed ?? ""}</span>
      <span className={name ? "" : "italic text-slate-500"}>{name ?? "To be decided"}</span>
      {isWinner && <span className="ml-auto text-xs text-emerald-700">✓</span>}
    </div>
  );
}
