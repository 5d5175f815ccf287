import type { Metadata } from "next";
import { formatUtcFallback } from "@/lib/local-time";
import { redirect } from "next/navigation";
import { Card } from "@/components/card";
import { getSignedInActor } from "@/lib/server/access/session";
import { countSessions } from "@/lib/server/access/accounts";
import { signOutEverywhereAction } from "@/lib/server/access/auth-actions";
import { SignOutSubmitButton } from "@/components/sign-out-button";
import { CreateApiTokenForm, RevokeApiTokenButton } from "@/components/api-token-forms";
import { listApiTokens, listTokenScopeChoices } from "@/lib/server/api/api-tokens";
import { getCardDatabaseStatus } from "@/lib/server/cards/lookup";
import { lastCardDataRefresh } from "@/lib/server/cards/refresh";
import { RefreshCardDataForm, RefreshWhileImporting } from "@/components/card-data-forms";

const formatTime = (time: Date) =>
  time.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) +
  " UTC";

export const metadata: Metadata = { title: "Your account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const actor = await getSignedInActor();
  if (!actor) redirect("/sign-in?next=/account");
  const [sessions, tokens, tournaments, cards] = await Promise.all([
    countSessions(actor.userId),
    listApiTokens(actor.userId),
    listTokenScopeChoices(actor.userId),
    getCardDatabaseStatus(),
  ]);
  return (
    <div className="mx-auto max-w-md space-y-4">
      <Card title="Your account" headingLevel={1}>
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-slate-500">Name</dt>
            <dd className="font-medium break-words">{actor.name}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd className="font-medium break-all">{actor.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Signed in on</dt>
            <dd className="font-medium">
              {sessions} device{sessions === 1 ? "" : "s"} or browser{sessions === 1 ? "" : "s"}
            </dd>
          </div>
        </dl>
        <form action={signOutEverywhereAction} className="mt-4">
          <p className="mb-2 text-sm text-slate-600">
            Lost a phone, or signed in on a shared laptop? This ends every session of this account,
            this one included.
          </p>
          <SignOutSubmitButton
            pendingLabel="Signing out everywhere…"
            className="bg-red-700 hover:bg-red-800"
          >
            Sign out everywhere
          </SignOutSubmitButton>
        </form>
      </Card>
      <Card title="API tokens">
        <p className="mb-3 text-sm text-slate-600">
          A token lets a program (a league site, a results archive) read your tournaments, register
          and drop players, pair rounds and report results, with your role in each tournament. See
          the{" "}
          <a href="/api/v1/reference" className="text-brand-700 underline">
            API reference
          </a>
          .
        </p>
        {tokens.length > 0 && (
          <ul aria-label="Your API tokens" className="mb-4 divide-y divide-slate-200 text-sm">
            {tokens.map((token) => (
              <li key={token.id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">{token.name}</p>
                  <p className="text-slate-600 break-words">
                    {token.tournamentName
                      ? `Only ${token.tournamentName}`
                      : "All tournaments where you are staff"}
                  </p>
                  <p className="text-xs text-slate-500">
                    <span className="font-mono">{token.prefix}…</span> · made{" "}
                    {formatTime(token.createdAt)} ·{" "}
                    {token.lastUsedAt ? `last used ${formatTime(token.lastUsedAt)}` : "never used"}
                  </p>
                  {token.revokedAt && (
                    <p className="text-xs font-medium text-red-700">
                      Revoked {formatTime(token.revokedAt)}
                    </p>
                  )}
                </div>
                {!token.revokedAt && <RevokeApiTokenButton tokenId={token.id} name={token.name} />}
              </li>
            ))}
          </ul>
        )}
        <CreateApiTokenForm tournaments={tournaments} />
      </Card>
      <CardDataCard status={cards} />
    </div>
  );
}

/** The card database decklists are checked against: shared by every event on this server. */
function CardDataCard({ status }: { status: Awaited<ReturnType<typeof getCardDatabaseStatus>> }) {
  const { current, running, lastFailure } = status;
  const refresh = lastCardDataRefresh();
  return (
    <Card title="Card data">
      <p className="mb-3 text-sm text-slate-600">
        Decklists are checked against Scryfall&apos;s Oracle card data, kept on this server so
        checks work without internet. Every event here uses the same data.
      </p>
      <p className="mb-3 text-sm" role="status" data-testid="card-data-status">
        {current
          ? `${current.cardCount.toLocaleString("en")} cards, legal as of ${formatUtcFallback(current.fileDate, "date")}; imported ${formatTime(current.importedAt)}.`
          : "No card data yet: decklists cannot be checked until it is imported."}
      </p>
      {running && (
        <p className="mb-3 text-sm text-slate-700">
          Importing {running.fileName}: {running.cardCount.toLocaleString("en")} cards so far.
          <RefreshWhileImporting />
        </p>
      )}
      {!running && refresh?.error && (
        <p className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          The last fetch ({formatTime(refresh.startedAt)}) failed: {refresh.error}
        </p>
      )}
      {!running && lastFailure && (
        <p className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          The import of {lastFailure.fileName} failed ({formatTime(lastFailure.finishedAt)}):{" "}
          {lastFailure.error}
          {current ? " The data above is still in use." : ""}
        </p>
      )}
      <RefreshCardDataForm isRunning={running !== null} />
      <p className="mt-3 text-xs text-slate-500">
        No internet where the server runs? Download the &quot;Oracle Cards&quot; file from
        scryfall.com/docs/api/bulk-data elsewhere, copy it over and run{" "}
        <code className="break-all">npm run cards:import -- oracle-cards.json</code> there.
      </p>
    </Card>
  );
}
