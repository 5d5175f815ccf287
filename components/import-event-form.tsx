"use client";
import { useActionState, useRef, useState } from "react";
import { importPublishedEventAction } from "@/lib/server/actions/tournament-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** The form's limit (lib/schemas/published-import.ts). */
const MAX_FILE_BYTES = 8_000_000;

/** Imports a tournament from a file: this app's archive, or a finished Swiss event from the JSON melee.gg caches publish. */
export function ImportEventForm() {
  const [state, formAction] = useActionState(importPublishedEventAction, IDLE_FORM);
  const text = useRef<HTMLTextAreaElement>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  return (
    <details className="mt-4 rounded-md border border-slate-200 px-3 py-2" open={state.status === "error"}>
      <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-700 sm:min-h-8">Import a tournament from a file</summary>
      <form action={formAction} className="space-y-2 pb-1" aria-label="Import a tournament">
        <p className="text-xs text-slate-600">
          An archive downloaded from a tournament&apos;s overview here: it comes back whole, every game and its history. Or a finished event&apos;s published results as JSON (melee.gg events as community caches keep them: <code>Tournament</code>, <code>Rounds</code>, <code>Standings</code>): its Swiss rounds become a complete tournament, and its standings page compares ours with the published ones.
        </p>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">File</span>
          <input
            type="file"
            accept="application/json,.json"
            className="mt-1 block w-full text-sm"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              // Said here rather than after sending it: the server refuses any request over 10 MB without a word.
              setTooLarge(file && file.size > MAX_FILE_BYTES ? `This file is ${(file.size / 1_000_000).toFixed(1)} MB: the most this form takes is 8 MB.` : null);
              if (file && text.current) text.current.value = file.size > MAX_FILE_BYTES ? "" : await file.text();
            }}
          />
        </label>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">Or paste the JSON</span>
          <textarea ref={text} name="json" rows={5} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 font-mono text-base sm:text-xs" aria-invalid={state.fieldErrors?.json ? true : undefined} />
        </label>
        <SubmitButton pendingLabel="Importing…" className="bg-slate-700 hover:bg-slate-800">
          Import
        </SubmitButton>
        {tooLarge ? (
          <p role="alert" className="text-sm text-red-700">
            {tooLarge}
          </p>
        ) : (
          <FormMessage state={state} />
        )}
      </form>
    </details>
  );
}
