"use client";
import { useId, useState } from "react";

/**
 * A secret the server keeps no readable copy of (an API token, a webhook's signing secret): shown
 * this once, in a field that selects itself, with a button that copies it.
 */
export function OneTimeSecret({ label, secret }: { label: string; secret: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const noteId = useId();
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm">
      <p id={noteId} className="text-amber-900">
        <span className="font-medium">{label}</span>, shown once: copy it now.
      </p>
      <div className="mt-1 flex gap-2">
        <input
          readOnly
          value={secret}
          aria-label={label}
          aria-describedby={noteId}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 font-mono text-xs"
        />
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setIsCopied(true));
          }}
          className="min-h-11 shrink-0 rounded-md bg-white px-3 text-sm ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {isCopied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
