import Link from "next/link";
import type { PlayoffView } from "@/lib/server/round/playoffs";

/** The whole playoff at a glance: rounds side by side on wide screens, stacked on a phone. */
export function Bracket({
  playoff,
  tournamentId,
  isStaff,
}: {
  playoff: PlayoffView;
  tournamentId: string;
  isStaff: boolean;
}) {
  const links = bracketLinks(playoff, tournamentId, isStaff);
  return (
    <div className="space-y-4">
      {playoff.champion && (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-center text-amber-900" role="status">
          Champion: <strong>{playoff.champion}</strong>
        </p>
      )}
      <div
        className="grid gap-4"
        style={{ gridTemplateColumns: `repeat(auto-fit, minmax(14rem, 1fr))` }}
      >
        {playoff.rounds.map((round) => (
          <section key={round.name} aria-label={round.name} className="flex flex-col">
            <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
              <RoundHeading href={links.round(round)} name={round.name} />
            </h3>
            <ol className="flex flex-1 flex-col justify-around gap-3">
              {round.matches.map((match) => (
                <li
                  key={match.id}
                  className="rounded-md border border-slate-200 bg-white text-sm shadow-sm"
                >
                  <BracketMatchLink
                    href={links.match(round, match)}
                    summary={
                      !match.isMade
                        ? null
                        : `${round.name}: ${match.nameA ?? "to be decided"} vs ${match.nameB ?? "to be decided"}.${match.winner === null ? "" : ` Won by ${match.winner === match.playerA ? match.nameA : match.nameB}.`}`
                    }
                    seats={
                      <>
                        <BracketSeat
                          seed={match.seedA}
                          name={match.nameA}
                          isWinner={match.winner !== null && match.winner === match.playerA}
                        />
                        <BracketSeat
                          seed={match.seedB}
                          name={match.nameB}
                          isWinner={match.winner !== null && match.winner === match.playerB}
                        />
                      </>
                    }
                  >
                    <p className="border-t border-slate-100 px-3 py-1 text-xs text-slate-500">
                      {match.score
                        ? `Result ${match.score}`
                        : match.isReady
                          ? "Playing"
                          : "Waiting"}
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

type PlayoffRound = PlayoffView["rounds"][number];

/**
 * Where a round's heading and a match's card lead, or null for no link. Staff open the round page
 * and the match itself; everyone else the public pairings, which show only the latest round, so an
 * earlier round (its card already shows the result) and a round not paired yet are no links.
 */
function bracketLinks(playoff: PlayoffView, tournamentId: string, isStaff: boolean) {
  const isPaired = (round: PlayoffRound) => round.matches.some((match) => match.isMade);
  const latest = Math.max(...playoff.rounds.filter(isPaired).map((round) => round.roundNumber));
  const pairings = `/tournaments/${tournamentId}/pairings`;
  return {
    round: (round: PlayoffRound): string | null =>
      !isPaired(round)
        ? null
        : isStaff
          ? `/tournaments/${tournamentId}/rounds/${round.roundNumber}`
          : round.roundNumber === latest
            ? pairings
            : null,
    // A team match's seats are one table of the round page, where staff see them together.
    match: (round: PlayoffRound, match: PlayoffRound["matches"][number]): string | null =>
      !match.isMade
        ? null
        : isStaff
          ? match.matchId
            ? `/tournaments/${tournamentId}/matches/${match.matchId}`
            : `/tournaments/${tournamentId}/rounds/${round.roundNumber}#table-${match.tableNumber}`
          : round.roundNumber === latest
            ? pairings
            : null,
  };
}

/** A bracket card: a link when it leads somewhere (bracketLinks), otherwise the same card as plain text. */
function BracketMatchLink({
  href,
  summary,
  seats,
  children,
}: {
  href: string | null;
  summary: string | null;
  seats: React.ReactNode;
  children: React.ReactNode;
}) {
  // A match not made yet shows its seats as they are: there is no result to say in one sentence.
  if (summary === null) {
    return (
      <div>
        {seats}
        {children}
      </div>
    );
  }
  // One sentence says who played and who won; the seats say the same for the eye, so a link's name holds the words it shows.
  const content = (
    <>
      <span className="sr-only" data-testid="bracket-match-summary">
        {summary}{" "}
      </span>
      <span aria-hidden="true" className="block">
        {seats}
      </span>
      {children}
    </>
  );
  if (!href) return <div>{content}</div>;
  return (
    <Link
      href={href}
      className="block rounded-md hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {content}
    </Link>
  );
}

function RoundHeading({ href, name }: { href: string | null; name: string }) {
  if (!href) return name;
  return (
    <Link href={href} className="hover:underline">
      {name}
    </Link>
  );
}

function BracketSeat({
  seed,
  name,
  isWinner,
}: {
  seed: number | null;
  name: string | null;
  isWinner: boolean;
}) {
  return (
    <div
      className={`flex items-center gap-2 px-3 py-2 ${isWinner ? "font-semibold text-slate-900" : "text-slate-700"}`}
    >
      <span className="w-5 text-right text-xs tabular-nums text-slate-500">{seed ?? ""}</span>
      <span className={name ? "" : "italic text-slate-500"}>{name ?? "To be decided"}</span>
      {isWinner && <span className="ml-auto text-xs text-emerald-700">✓</span>}
    </div>
  );
}
