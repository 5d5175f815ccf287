import Link from "next/link";

type Props = {
  basePath: string;
  /** Results recorded (MTR 2.5: a decided result is not in until it is recorded). */
  reported: number;
  /** Of the outstanding, the matches decided and waiting to be recorded. */
  decided?: number;
  total: number;
  /** The first table (in table order) whose result is not in, as printed ("12", or "12A" for a seat); null once all are in. */
  nextTable: string | null;
  isOutstandingOnly: boolean;
  children?: React.ReactNode;
};

const linkClass =
  "inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700 hover:bg-slate-50 sm:min-h-9";

/**
 * The round page's top bar for the busiest hour: how many results are in, a filter to the
 * tables still out (a plain link, so it works without JavaScript), a jump to the next one, the
 * quick-entry bar and the print views.
 */
export function RoundProgress({
  basePath,
  reported,
  decided = 0,
  total,
  nextTable,
  isOutstandingOnly,
  children,
}: Props) {
  const outstanding = total - reported;
  const percent = total === 0 ? 100 : Math.round((reported / total) * 100);
  const filterQuery = isOutstandingOnly ? "?show=outstanding" : "";
  return (
    <div className="mb-4 space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p
          className="text-sm font-medium text-slate-800"
          data-testid="round-progress"
          aria-live="polite"
        >
          Results in {reported} / {total}, outstanding {outstanding}
          {decided > 0 && ` (${decided} decided — record)`}
        </p>
        <div
          role="progressbar"
          aria-label="Results in"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={reported}
          className="h-2 min-w-24 flex-1 overflow-hidden rounded-full bg-slate-200 print:hidden"
        >
          <div className="h-full bg-emerald-600" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <nav aria-label="Round tools" className="flex flex-wrap items-center gap-2 print:hidden">
        {nextTable !== null && (
          <a href={`${filterQuery}#table-${nextTable}`} className={linkClass}>
            Next outstanding: table {nextTable}
          </a>
        )}
        {isOutstandingOnly ? (
          <Link href={basePath} className={linkClass}>
            Show all tables
          </Link>
        ) : (
          <Link href={`${basePath}?show=outstanding`} className={linkClass}>
            Outstanding only ({outstanding})
          </Link>
        )}
        <Link href={`${basePath}/print`} className={`${linkClass} ml-auto`}>
          Print views
        </Link>
      </nav>
      {children}
    </div>
  );
}
