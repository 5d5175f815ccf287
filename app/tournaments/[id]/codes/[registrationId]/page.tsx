import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { listPlayerCodes } from "@/lib/server/check-in/player-codes";
import { playerLinkFor, publicAddress, qrSvg } from "@/lib/server/check-in/player-link";
import { PublicAddressWarning } from "@/components/public-address-warning";
import { ReissueCodeButton } from "@/components/reissue-code-button";

export const dynamic = "force-dynamic";

/** One player's code, large and with its QR code, to show on a judge's phone or print. */
export default async function PlayerCodePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; registrationId: string }>;
  searchParams: Promise<{ seat?: string }>;
}) {
  const [{ id, registrationId }, query] = await Promise.all([params, searchParams]);
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  // A team member's code is theirs alone (MTR 8.2): ?seat=1 opens seat B's.
  const seat = query.seat !== undefined && /^[0-2]$/.test(query.seat) ? Number(query.seat) : null;
  const row = (await listPlayerCodes(viewer.access))?.find(
    (candidate) => candidate.registrationId === registrationId && candidate.seat === seat,
  );
  if (!row) notFound();
  const [link, address] = await Promise.all([
    playerLinkFor(row.code.replaceAll("-", "")),
    publicAddress(),
  ]);
  return (
    <div className="mx-auto max-w-sm space-y-4 text-center">
      <Link
        href={`/tournaments/${id}/codes`}
        className="block text-left text-sm text-brand-700 underline print:hidden"
      >
        ← All codes
      </Link>
      <div className="text-left">
        <PublicAddressWarning address={address} />
      </div>
      <p className="text-sm text-slate-500">{viewer.tournament.name}</p>
      <h1 className="text-2xl font-semibold">{row.name}</h1>
      <p className="font-mono text-3xl font-bold tracking-widest" data-testid="player-code">
        {row.code}
      </p>
      <div
        className="mx-auto w-56 [&_svg]:h-auto [&_svg]:w-full"
        role="img"
        aria-label={`QR code opening ${row.name}'s match`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the QR encoder's SVG
        dangerouslySetInnerHTML={{ __html: qrSvg(link) }}
      />
      <p className="text-xs break-all text-slate-500">{link}</p>
      <div className="print:hidden">
        <ReissueCodeButton
          tournamentId={id}
          registrationId={row.registrationId}
          name={row.name}
          seat={row.seat ?? undefined}
        />
      </div>
    </div>
  );
}
