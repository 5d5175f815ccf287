import Link from "next/link";

/** A round, match or page of a tournament that exists: shown under its header and tabs. */
export default function TournamentPageNotFound() {
  return (
    <div className="py-12 text-center">
      <h2 className="text-xl font-semibold">Not found</h2>
      <p className="mt-2 text-sm text-slate-600">
        This tournament has no such round, match or page.
      </p>
      <Link href="/" className="mt-4 inline-block text-sm text-brand-600 underline">
        Back to tournaments
      </Link>
    </div>
  );
}
