import { Fragment } from "react";
import type { PublishedStanding } from "@/lib/server/standings/standings";
import type { PlayerOutlookView } from "@/lib/server/standings/outlook";
import { describePlayoffStanding } from "@/lib/rules/final-standings";
import { render } from "@/lib/messages/render";

const percent = (value: number) => `${(value * 100).toFixed(2).padStart(5, "0")}%`;

/** Published standings show the tiebreakers to at least four decimals (MTR Appendix C). */
export function StandingsTable({
  rows,
  entrant = "Player",
  outlooks = {},
}: {
  rows: PublishedStanding[];
  entrant?: string;
  /** "What do I need?" by player id, while Swiss rounds remain and a cut is planned. */
  outlooks?: Record<string, PlayerOutlookView>;
}) {
  return (
    // A narrow phone may scroll the table sideways: the keyboard can reach and scroll it too.
    <section
      className="-mx-4 overflow-x-auto sm:mx-0"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls: the keyboard must reach it
      tabIndex={0}
      aria-label="Standings table"
    >
      <table className="standings-table w-full sm:min-w-[36rem] text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs whitespace-nowrap uppercase tracking-wide text-slate-500">
            <th className="px-2 py-2 text-right">#</th>
            <th className="px-2 py-2">{entrant}</th>
            <th className="px-2 py-2 text-right">Points</th>
            <th className="px-2 py-2 text-right">W-L-D</th>
            <th className="px-2 py-2 text-right" title="Opponents' match-win percentage">
              OMW%
            </th>
            <th className="hidden px-2 py-2 text-right sm:table-cell" title="Game-win percentage">
              GW%
            </th>
            <th
              className="hidden px-2 py-2 text-right sm:table-cell"
              title="Opponents' game-win percentage"
            >
              OGW%
            </th>
          </tr>
        </thead>
        <tbody>
          {/* Keyed by place: a database id per row would be the least compressible part of the page. */}
          {rows.map((row, index) => {
            const outlook = outlooks[row.playerId];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: keyed by place, as said above
              <Fragment key={index}>
                <tr className={outlook ? "border-b-0" : undefined}>
                  <td>{row.rank}</td>
                  <td>
                    {row.playoff || row.dropped || row.joinedInRound ? (
                      <PlayerCell row={row} />
                    ) : (
                      row.name
                    )}
                  </td>
                  <td>{row.matchPoints}</td>
                  <td>{`${row.record.wins}-${row.record.losses}-${row.record.draws}`}</td>
                  <td>{percent(row.opponentMatchWinPct)}</td>
                  <td>{percent(row.gameWinPct)}</td>
                  <td>{percent(row.opponentGameWinPct)}</td>
                </tr>
                {outlook && (
                  // The outlook spans the row: a phone reads it at full width, not in the name column.
                  <tr>
                    <td
                      colSpan={7}
                      className="pt-0 text-left whitespace-normal text-slate-700"
                      aria-label={`What ${row.name} needs`}
                    >
                      <WhatDoINeed outlook={outlook} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** A name with its marks (playoff stage, dropped, late entry); a plain name is sent as text alone. */
function PlayerCell({ row }: { row: PublishedStanding }) {
  return (
    <>
      {row.name}
      {/* On a phone the stage goes under the name, so the OMW% column stays on screen. */}
      {row.playoff && (
        <span
          data-testid="playoff-stage"
          className={`mt-0.5 block w-fit rounded px-1.5 py-0.5 text-xs font-semibold sm:mt-0 sm:ml-2 sm:inline sm:whitespace-nowrap ${row.playoff.kind === "champion" ? "bg-amber-100 text-amber-900" : row.playoff.kind === "playing" ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-700"}`}
        >
          {render(describePlayoffStanding(row.playoff)!)}
        </span>
      )}
      {row.dropped && (
        <span className="ml-2 whitespace-nowrap text-xs font-normal text-slate-500">dropped</span>
      )}
      {row.joinedInRound ? (
        <span className="block text-xs font-normal text-slate-500" data-testid="late-entry">
          joined round {row.joinedInRound},{" "}
          {row.lateEntryLosses > 0
            ? `${row.lateEntryLosses} missed as losses`
            : "missed rounds not counted"}
        </span>
      ) : null}
    </>
  );
}

const VERDICT_STYLE = {
  in: "text-emerald-800",
  out: "text-slate-500",
  depends: "text-amber-800",
} as const;

/** The records from here and what each means for the cut (MTR 3.1), as a disclosure under the name. */
export function WhatDoINeed({ outlook }: { outlook: PlayerOutlookView }) {
  return (
    <details className="mt-1 text-xs font-normal" data-testid="what-do-i-need">
      <summary className="cursor-pointer text-brand-700 underline underline-offset-2">
        What do I need?
      </summary>
      <div className="mt-1 max-w-prose whitespace-normal rounded-md bg-slate-50 px-2 py-1.5">
        <ul className="space-y-0.5">
          {outlook.lines.map((line) => (
            <li key={line.text} className={VERDICT_STYLE[line.verdict]}>
              {line.text}
            </li>
          ))}
        </ul>
        {/* An estimate is labelled once, by its note ("Estimate: …"). */}
        {outlook.estimate ? (
          <p className="mt-1 text-amber-900" data-testid="outlook-estimate">
            {outlook.note}
          </p>
        ) : (
          <p className="mt-1 text-slate-500">{outlook.note}</p>
        )}
      </div>
    </details>
  );
}
