import Link from "next/link";
import { listTournamentsPage } from "@/lib/server/tournament/tournaments";
import { pageRequestFromSearchParams } from "@/lib/schemas/paging";
import { TOURNAMENT_LIST_PAGE_SIZE } from "@/lib/schemas/tournament";
import type { PageRequest } from "@/lib/paging";
import { hasAnyAccount } from "@/lib/server/tournament/staff";
import { getSignedInActor } from "@/lib/server/access/session";
import { loadDemoEventAction } from "@/lib/server/tournament/tournament-actions";
import { Card } from "@/components/card";
import { CreateTournamentForm } from "@/components/create-tournament-form";
import { ImportEventForm } from "@/components/import-event-form";
import { SubmitButton } from "@/components/submit-button";
import { TournamentList } from "@/components/tournament-list";
import { NameSearch } from "@/components/name-search";
import { Pager } from "@/components/pager";
import { PlayerCodeLink } from "@/components/player-links";
import { publishedImportGuide } from "@/lib/rules/published-event";
import { render } from "@/lib/messages/render";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ searchParams }: Props) {
  const [actor, query] = await Promise.all([getSignedInActor(), searchParams]);
  const request: PageRequest = {
    ...pageRequestFromSearchParams(query),
    pageSize: TOURNAMENT_LIST_PAGE_SIZE,
  };
  if (!actor) return <SignedOutHome request={request} />;
  const tournaments = await listTournamentsPage({ userId: actor.userId }, request);
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_22rem]">
      <Card
        title="Your tournaments"
        headingLevel={1}
        actions={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <PlayerCodeLink />
            <form action={loadDemoEventAction}>
              <SubmitButton
                pendingLabel="Loading demo…"
                className="bg-slate-700 hover:bg-slate-800"
              >
                Load demo event
              </SubmitButton>
            </form>
          </div>
        }
      >
        <SearchablePagedList
          list={tournaments}
          request={request}
          label="Your tournaments"
          empty="No tournaments yet. Create one, or load the demo event to look around. Tournaments you are invited to as staff appear here too."
        />
      </Card>
      <Card title="New tournament">
        <CreateTournamentForm />
        <ImportEventForm
          publishedGuide={Object.values(publishedImportGuide()).map((sentence) => render(sentence))}
        />
      </Card>
    </div>
  );
}

async function SignedOutHome({ request }: { request: PageRequest }) {
  const [published, isFirstRun] = await Promise.all([
    listTournamentsPage("published", request),
    hasAnyAccount().then((any) => !any),
  ]);
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_22rem]">
      {/* Players sign in with their slip's code, not an account: the way in sits above the list, seen first on a phone. */}
      <Card title="Tournaments" headingLevel={1} actions={<PlayerCodeLink />}>
        <SearchablePagedList
          list={published}
          request={request}
          label="Published tournaments"
          empty="No published tournaments yet."
        />
      </Card>
      <Card title={isFirstRun ? "Welcome" : "Organizers and staff"}>
        <p className="mb-4 text-sm text-slate-600">
          {isFirstRun
            ? "This server has no accounts yet. Create the first organizer account to set up a tournament."
            : "Sign in to run your tournaments, or to enter results as a judge or scorekeeper."}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link
            href="/sign-up"
            className={`inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium ${isFirstRun ? "bg-brand-600 text-white hover:bg-brand-700" : "ring-1 ring-slate-300 hover:bg-slate-50"}`}
          >
            {isFirstRun ? "Create the first organizer account" : "Create an account"}
          </Link>
          <Link
            href="/sign-in"
            className={`inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium ${isFirstRun ? "ring-1 ring-slate-300 hover:bg-slate-50" : "bg-brand-600 text-white hover:bg-brand-700"}`}
          >
            Sign in
          </Link>
        </div>
      </Card>
    </div>
  );
}

/** The tournament list with a name search (a plain GET form) and pages, searched in the database. */
function SearchablePagedList({
  list,
  request,
  label,
  empty,
}: {
  list: Awaited<ReturnType<typeof listTournamentsPage>>;
  request: PageRequest;
  label: string;
  empty: string;
}) {
  const isSearching = request.q !== "";
  if (!isSearching && list.total === 0)
    return <TournamentList tournaments={[]} label={label} empty={empty} />;
  return (
    <>
      <NameSearch q={request.q} clearHref="/" label="Find a tournament" placeholder="e.g. Modern" />
      {list.rows.length > 0 ? (
        <TournamentList tournaments={list.rows} label={label} empty={empty} />
      ) : (
        <p className="py-2 text-sm text-slate-600">No tournament matches “{request.q}”.</p>
      )}
      <Pager
        basePath="/"
        q={request.q}
        page={list.page}
        pageSize={list.pageSize}
        pageCount={list.pageCount}
        total={list.total}
        noun={list.total === 1 ? "tournament" : "tournaments"}
      />
    </>
  );
}
