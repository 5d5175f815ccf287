/** A printed list's table: one header row in small capitals over a heavy rule, the rows as given. */
export function PrintTable({
  label,
  headers,
  textClass = "text-[11pt]",
  headerTextClass = "text-[9pt]",
  children,
}: {
  label: string;
  headers: readonly { label: string; className: string }[];
  textClass?: string;
  headerTextClass?: string;
  children: React.ReactNode;
}) {
  return (
    <table className={`w-full border-collapse ${textClass} leading-tight`} aria-label={label}>
      <thead>
        <tr className={`border-b-2 border-slate-900 text-left ${headerTextClass} uppercase`}>
          {headers.map((header) => (
            <th key={header.label} className={header.className}>
              {header.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
