import { LocalTime } from "./local-time";
import type { NamedWarning } from "@/lib/server/round/rounds";

type Change = {
  id: string;
  kind: "GENERATED" | "SWAPPED" | "ENTERED";
  actorName: string;
  actor: { email: string } | null;
  warnings: unknown;
  createdAt: Date;
};

/** The round's pairing audit trail: how it was generated (seed) and every manual change. */
export function PairingHistory({ changes, seed }: { changes: Change[]; seed: string }) {
  return (
    <details className="mt-4 text-xs text-slate-500">
      <summary className="cursor-pointer">Pairing history ({changes.length})</summary>
      <ul className="mt-2 space-y-1">
        {changes.map((change) => {
          const warnings = (
            Array.isArray(change.warnings) ? change.warnings : []
          ) as NamedWarning[];
          return (
            <li key={change.id}>
              <span className="font-medium text-slate-600">
                {change.kind === "GENERATED"
                  ? "Generated"
                  : change.kind === "ENTERED"
                    ? "Entered"
                    : "Swapped"}
              </span>{" "}
              by {change.actor ? `${change.actorName} (${change.actor.email})` : change.actorName}{" "}
              at <LocalTime dateTime={change.createdAt} />
              {warnings.map((warning) => (
                <span
                  key={warning.code + warning.playerIds.join()}
                  className="block text-amber-700"
                >
                  {warning.message}
                </span>
              ))}
            </li>
          );
        })}
      </ul>
      {changes[0]?.kind === "ENTERED" ? (
        <p className="mt-2">Entered as played elsewhere: no seed generated it.</p>
      ) : (
        <p className="mt-2">Seed {seed}: the same seed and standings reproduce this pairing.</p>
      )}
    </details>
  );
}
