/** A titled panel; a page whose main subject is the card names it with `headingLevel={1}`. */
export function Card({
  title,
  children,
  actions,
  headingLevel = 2,
}: {
  title?: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          {title && (
            <Heading
              className={`${headingLevel === 1 ? "text-lg" : "text-base"} font-semibold text-slate-900`}
            >
              {title}
            </Heading>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
