/** A labelled field of a paper sheet: filled in, or a line to write on. */
export function SheetField({
  label,
  value,
  wide = false,
  testId,
}: {
  label: string;
  value: string;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <div className={wide ? "col-span-2" : ""}>
      <p className="text-[7pt] text-slate-600 uppercase">{label}</p>
      <p
        className="min-h-[6mm] border-b border-slate-700 text-[10.5pt] font-semibold break-words"
        data-testid={testId}
      >
        {value}
      </p>
    </div>
  );
}
