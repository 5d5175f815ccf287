import type { ReactNode } from "react";

export type PreviewLine = { line: number; isValid: boolean; content: ReactNode };

/** A pasted list read line by line, as the server will read it: what will be registered, and why a line will be skipped. */
export function PastedListPreview({ id, error, lines }: { id: string; error: string | null; lines: readonly PreviewLine[] }) {
  return (
    <div id={id} aria-live="polite">
      {error && <p className="text-sm text-red-700">{error}</p>}
      {lines.length > 0 && (
        <ol aria-label="Preview" className="max-h-60 space-y-0.5 overflow-y-auto text-sm">
          {lines.map((line) => (
            <li key={line.line} className={line.isValid ? "text-slate-800" : "text-red-700"}>
              <span className="mr-2 inline-block w-8 text-right text-xs tabular-nums text-slate-500">{line.line}</span>
              {line.content}
              {!line.isValid && " Skipped."}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
