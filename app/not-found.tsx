import Link from "next/link";

export default function NotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="mt-2 text-sm text-slate-600">That tournament, round or page does not exist.</p>
      <Link href="/" className="mt-4 inline-block text-sm text-brand-600 underline">
        Back to tournaments
      </Link>
    </div>
  );
}
