import type { Metadata } from "next";
import { PrintSheet } from "@/components/print/print-sheet";
import { PrintTable } from "@/components/print/print-table";
import { loadPrintRound, type PrintProps } from "../print-round";
import { getPodPairingsByName } from "@/lib/server/pod/pods";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairings by name (print)" };

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** For the wall: every player alphabetically, with their table and opponent. */
export default async function PrintPairingsByName(props: PrintProps) {
  const { id, round, paper, path, roundPath, roundName, viewer } = await loadPrintRound(
    props,
    "by-name",
  );
  // CR 100.6a: in a pod event a player finds their pod and seat (seat 1 plays first).
  const podRows = viewer.tournament.pods ? await getPodPairingsByName(id, round.number) : null;
  if (podRows) {
    const sorted = [...podRows].sort((a, b) => byName.compare(a.name, b.name));
    return (
      <PrintSheet
        title={`${round.tournament.name}: ${round.phase.kind === "SWISS" ? `${roundName} pods` : roundName} by name`}
        subtitle={`${sorted.length} players, alphabetical. Find your name, then your pod and seat; seat 1 plays first.`}
        paper={paper}
        path={path}
        backHref={roundPath}
      >
        <PrintTable
          label="Pairings by name"
          headers={[
            { label: "Player", className: "py-1 pr-2" },
            { label: "Pod", className: "w-16 py-1 pr-2 text-right" },
            { label: "Seat", className: "w-16 py-1 pr-2 text-right" },
            { label: "With", className: "py-1" },
          ]}
          textClass="text-[13pt]"
          headerTextClass="text-[10pt]"
        >
          {sorted.map((row) => (
            <tr
              key={row.playerId}
              className="break-inside-avoid border-b border-slate-300 odd:bg-slate-100 print:odd:bg-transparent"
            >
              <td className="py-1 pr-2 font-semibold">{row.name}</td>
              <td className="py-1 pr-2 text-right text-[16pt] font-bold tabular-nums">
                {row.opponent ? row.tableLabel : "—"}
              </td>
              <td className="py-1 pr-2 text-right text-[16pt] font-bold tabular-nums">
                {row.opponent ? row.podSeat : "—"}
              </td>
              <td className="py-1">{row.opponent ?? "Bye (counts as a win)"}</td>
            </tr>
          ))}
        </PrintTable>
      </PrintSheet>
    );
  }
  const rows = round.matches
    .flatMap((match) => [
      {
        name: match.sideA.displayName,
        table: match.tableLabel,
        opponent: match.sideB?.displayName ?? null,
      },
      ...(match.sideB
        ? [
            {
              name: match.sideB.displayName,
              table: match.tableLabel,
              opponent: match.sideA.displayName,
            },
          ]
        : []),
    ])
    .sort((a, b) => byName.compare(a.name, b.name));
  return (
    <PrintSheet
      title={`${round.tournament.name}: ${roundName} pairings by name`}
      subtitle={`${rows.length} players, alphabetical. Find your name, then your table.`}
      paper={paper}
      path={path}
      backHref={roundPath}
    >
      <PrintTable
        label="Pairings by name"
        headers={[
          { label: "Player", className: "py-1 pr-2" },
          { label: "Table", className: "w-20 py-1 pr-2 text-right" },
          { label: "Opponent", className: "py-1" },
        ]}
        textClass="text-[13pt]"
        headerTextClass="text-[10pt]"
      >
        {rows.map((row, index) => (
          <tr
            // biome-ignore lint/suspicious/noArrayIndexKey: static printed list; names may repeat
            key={`${row.name}-${index}`}
            className="break-inside-avoid border-b border-slate-300 odd:bg-slate-100 print:odd:bg-transparent"
          >
            <td className="py-1 pr-2 font-semibold">{row.name}</td>
            <td className="py-1 pr-2 text-right text-[16pt] font-bold tabular-nums">
              {row.opponent ? row.table : "—"}
            </td>
            <td className="py-1">{row.opponent ?? "Bye (2-0 win)"}</td>
          </tr>
        ))}
      </PrintTable>
    </PrintSheet>
  );
}
