import type { Metadata } from "next";
import Link from "next/link";
import { getPlayerActor } from "@/lib/server/check-in/player-session";
import { PlayerCodeForm } from "@/components/player-code-form";
import { PlayerPageCache } from "@/components/player-page-cache";
import { PLAYER_CODE_WINDOW_MINUTES } from "@/lib/server/check-in/player-codes";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your match" };

const ERRORS: Record<string, string> = {
  wrong: "That code does not match any player. Check it on your player slip, or ask a judge.",
  limited: `Too many wrong codes from this network address. Try again in up to ${PLAYER_CODE_WINDOW_MINUTES} minutes, or ask a judge for your code.`,
};

/** Players sign in with the code from their player slip: no account needed. */
export default async function PlayPage({
  searchParams,
}: {
  searchParams: Promise<{ code?: string; error?: string }>;
}) {
  const [{ code, error }, player] = await Promise.all([searchParams, getPlayerActor()]);
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Your match</h1>
      {player && (
        <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          Signed in as {player.name}.{" "}
          <Link href="/play/me" className="font-medium underline">
            Open my match
          </Link>
        </p>
      )}
      <p className="text-sm text-slate-600">
        Type the code printed on your player slip, or scan its QR code, to report your result and
        confirm your opponent&apos;s.
      </p>
      <PlayerCodeForm
        initialCode={typeof code === "string" ? code.slice(0, 40) : ""}
        initialError={error ? ERRORS[error] : undefined}
      />
      {/* Nobody signed in on this phone: the kept copy of someone's match page goes. */}
      {!player && <PlayerPageCache stateKey={null} />}
    </div>
  );
}
