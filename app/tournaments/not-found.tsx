import Link from "next/link";

/** A tournament that does not exist, was deleted, or is not published yet for this viewer. */
export default function TournamentNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-xl font-semibold">Tournament not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        It does not exist, was deleted, or is not published yet. Organizers and staff: sign in to
        see it.
      </p>
      <Link href="/" className="mt-4 inline-block text-sm text-brand-600 underline">
        Back to tournaments
      </Link>
    </div>
  );
}
