import Link from "next/link";
import { pageLinks } from "@/lib/paging";

/** "Showing 51–100 of 4,096 players" and links to other pages, keeping the search (`?q=&page=`). */
export function Pager({
  basePath,
  q,
  page,
  pageSize,
  pageCount,
  total,
  noun,
}: {
  basePath: string;
  q: string;
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  noun: string;
}) {
  const href = (target: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (target > 1) params.set("page", String(target));
    const query = params.toString();
    return query ? `${basePath}?${query}` : basePath;
  };
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  // Grouped as the page's English reads ("4,096"): a client component for it would cost every phone a script.
  const count = total.toLocaleString("en");
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-600" aria-live="polite">
        {q ? (
          <>
            {count} {total === 1 ? "match" : "matches"} for “{q}”
          </>
        ) : (
          <>
            {count} {noun}
          </>
        )}
        {pageCount > 1 && ` · showing ${first}–${last}`}
      </p>
      {pageCount > 1 && (
        <nav aria-label="Pages" className="flex flex-wrap items-center gap-1">
          {page > 1 && (
            <Link
              href={href(page - 1)}
              rel="prev"
              className="rounded px-2 py-1 text-brand-700 hover:bg-brand-50"
            >
              ‹ Previous
            </Link>
          )}
          {pageLinks(page, pageCount, 1).map((target, index) =>
            target === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
              <span key={`gap-${index}`} className="px-1 text-slate-500">
                …
              </span>
            ) : (
              <Link
                key={target}
                href={href(target)}
                aria-current={target === page ? "page" : undefined}
                className={`min-w-8 rounded px-2 py-1 text-center tabular-nums ${target === page ? "bg-brand-600 font-medium text-white" : "text-brand-700 hover:bg-brand-50"}`}
              >
                {target}
              </Link>
            ),
          )}
          {page < pageCount && (
            <Link
              href={href(page + 1)}
              rel="next"
              className="rounded px-2 py-1 text-brand-700 hover:bg-brand-50"
            >
              Next ›
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
