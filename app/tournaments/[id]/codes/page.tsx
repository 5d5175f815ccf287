import Link from "next/link";
import { redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { listPlayerCodes } from "@/lib/server/check-in/player-codes";
import { Card } from "@/components/card";
import { ReissueCodeButton } from "@/components/reissue-code-button";
import { PublicAddressWarning } from "@/components/public-address-warning";
import { publicAddress } from "@/lib/server/check-in/player-link";

export const dynamic = "force-dynamic";

/** Staff see every player's code, open one with its QR code, and reissue a code. */
export default async function PlayerCodesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  const [codes, address] = await Promise.all([listPlayerCodes(viewer.access), publicAddress()]);
  if (!codes) redirect(`/tournaments/${id}`);
  return (
    <>
      <div className="mb-4">
        <PublicAddressWarning address={address} />
      </div>
      <Card title={`Players' codes (${codes.length})`}>
        <p className="mb-3 text-sm text-slate-600">
          A player signs in at <span className="font-mono">/play</span> with their code (or its QR
          code) to report their own match and drop. Keep codes private; reissue one that was lost or
          seen by someone else.
        </p>
        <ul className="divide-y divide-slate-100" aria-label="Players' codes">
          {codes.map((row) => (
            <li
              key={`${row.registrationId}-${row.seat ?? "entry"}`}
              className={`flex flex-wrap items-center justify-between gap-2 py-2 text-sm ${row.seat !== null ? "pl-4" : ""}`}
            >
              <span className={row.isDropped ? "text-slate-500 line-through" : ""}>{row.name}</span>
              <span className="flex items-center gap-2">
                <span className="font-mono tracking-wider" data-testid={`code-${row.name}`}>
                  {row.code}
                </span>
                <Link
                  href={`/tournaments/${id}/codes/${row.registrationId}${row.seat === null ? "" : `?seat=${row.seat}`}`}
                  aria-label={`QR code for ${row.name}`}
                  className="rounded border border-slate-200 px-2 py-0.5 text-xs text-brand-700 hover:bg-slate-50"
                >
                  QR
                </Link>
                <ReissueCodeButton
                  tournamentId={id}
                  registrationId={row.registrationId}
                  name={row.name}
                  seat={row.seat ?? undefined}
                />
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
