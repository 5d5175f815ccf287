"use client";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="py-16 text-center">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-sm text-slate-600">
        Nothing you entered was lost. Try again in a moment.
      </p>
      <button
        type="button"
        onClick={reset}
        className="mt-4 rounded-md bg-brand-600 px-4 py-2 text-sm text-white"
      >
        Try again
      </button>
    </div>
  );
}
