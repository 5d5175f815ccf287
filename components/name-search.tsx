import Link from "next/link";

/**
 * A plain GET form (`?q=`): works before JavaScript loads and gives a link a player can share.
 * Searching starts again at page 1, because `page` is not part of the form.
 */
export function NameSearch({
  q,
  clearHref,
  label = "Find your name",
  placeholder = "e.g. Dara",
}: {
  q: string;
  clearHref: string;
  label?: string;
  placeholder?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark
    <form method="get" role="search" className="mb-3 flex items-end gap-2">
      <label className="block min-w-0 flex-1 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <input
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={placeholder}
          autoComplete="off"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
        />
      </label>
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Search
      </button>
      {q && (
        <Link href={clearHref} className="px-1 py-2 text-sm text-slate-600 underline">
          Clear
        </Link>
      )}
    </form>
  );
}
