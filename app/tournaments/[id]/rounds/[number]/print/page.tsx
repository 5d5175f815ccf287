import type { Metadata } from "next";
import Link from "next/link";
import { PAPER, type Paper } from "@/lib/print/cut-stack";
import { Card } from "@/components/card";
import type { Permission } from "@/lib/rules/permissions";
import { loadPrintRound, type PrintProps } from "./print-round";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Print" };

const VIEWS = [
  {
    view: "by-name",
    label: "Pairings by name",
    about: "Every player alphabetically, with table and opponent: for the wall.",
  },
  {
    view: "by-table",
    label: "Pairings by table",
    about:
      "Every table in order with both players (and results so far): for the desk and the judges.",
  },
  {
    view: "slips",
    label: "Result slips",
    about:
      "One per match, four to a page; cut the pile and stack it to get table order. No player codes on them.",
  },
  {
    view: "player-slips",
    label: "Player slips",
    about:
      "One small slip per player with only their own code and QR code, to sign in on their phone; ten to a page, alphabetical once cut and stacked.",
    permission: "players.codes",
  },
  {
    view: "standings",
    label: "Standings",
    about: "After the last complete round, with tiebreakers (MTR 3.1, Appendix C).",
  },
] as const satisfies readonly {
  view: string;
  label: string;
  about: string;
  permission?: Permission;
}[];

/** The round's print views, on A4 or Letter. */
export default async function PrintIndex(props: PrintProps) {
  const { round, roundPath, paper, viewer, roundName } = await loadPrintRound(props, "");
  // Player slips carry codes: only for staff who may see them (players.codes).
  const views = VIEWS.filter((entry) => !("permission" in entry) || viewer.can(entry.permission));
  return (
    <Card
      headingLevel={1}
      title={`${round.tournament.name}: print ${roundName}`}
      actions={
        <Link href={roundPath} className="text-sm text-brand-700 underline underline-offset-2">
          Back to the round
        </Link>
      }
    >
      <ul className="divide-y divide-slate-100" aria-label="Print views">
        {views.map(({ view, label, about }) => (
          <li key={view} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{label}</span>
              <span className="block text-sm text-slate-600">{about}</span>
            </span>
            <span className="flex gap-2">
              {(Object.keys(PAPER) as Paper[]).map((key) => (
                <Link
                  key={key}
                  href={`${roundPath}/print/${view}?paper=${key}`}
                  aria-label={`${label}, ${PAPER[key].label}`}
                  className={`inline-flex min-h-11 items-center rounded-md border px-3 text-sm sm:min-h-9 ${key === paper ? "border-brand-600 text-brand-700" : "border-slate-300 text-slate-700"} hover:bg-slate-50`}
                >
                  {PAPER[key].label}
                </Link>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
