"use client";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { IMPORT_LIMITS } from "@/lib/rules/archive";

type Answer = { ok: true; data: { path: string } } | { ok: false; error: { message: string } };

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, "")} MB`;

/**
 * Imports a tournament from a file: this app's archive, or a finished Swiss event from the JSON
 * melee.gg caches publish, which `publishedGuide` explains (lib/rules/published-event.ts, rendered
 * by the page). The file goes to POST /api/imports as it is (the one request that takes megabytes);
 * the new tournament opens when it is in.
 */
export function ImportEventForm({ publishedGuide }: { publishedGuide: readonly string[] }) {
  const router = useRouter();
  const text = useRef<HTMLTextAreaElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const [isOpening, startOpening] = useTransition();
  const isBusy = isSending || isOpening;

  async function send(form: HTMLFormElement) {
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    const body = file ? file : (text.current?.value ?? "");
    if (!file && (body as string).trim() === "")
      return setProblem("Paste the event's JSON or choose its file.");
    const size = file ? file.size : new Blob([body]).size;
    if (size > IMPORT_LIMITS.fileBytes)
      return setProblem(
        `This file is ${megabytes(size)}: the most an import takes is ${megabytes(IMPORT_LIMITS.fileBytes)}.`,
      );
    setProblem(null);
    setIsSending(true);
    try {
      const response = await fetch("/api/imports", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const answer = (await response.json().catch(() => null)) as Answer | null;
      if (answer?.ok) return startOpening(() => router.push(answer.data.path));
      setProblem(
        answer && !answer.ok
          ? answer.error.message
          : `The import failed (${response.status}); nothing was saved. Try again.`,
      );
    } catch {
      setProblem(
        "The server could not be reached; nothing was saved. Check the connection and try again.",
      );
    } finally {
      setIsSending(false);
    }
  }

  return (
    <details
      className="mt-4 rounded-md border border-slate-200 px-3 py-2"
      open={isOpen || problem !== null}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-700 sm:min-h-8">
        Import a tournament from a file
      </summary>
      <form
        className="space-y-2 pb-1"
        aria-label="Import a tournament"
        onSubmit={(event) => {
          event.preventDefault();
          void send(event.currentTarget);
        }}
      >
        <p className="text-xs text-slate-600">
          An archive downloaded from a tournament&apos;s overview here: it comes back whole, every
          game and its history, as an unpublished copy named &ldquo;… (imported)&rdquo; until you
          rename and publish it. Or a finished event&apos;s published results:
        </p>
        <div className="space-y-1 text-xs text-slate-600" data-testid="published-import-guide">
          {publishedGuide.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">File</span>
          <input
            type="file"
            name="file"
            accept="application/json,.json"
            className="mt-1 block w-full text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Said at once rather than after sending it.
              setProblem(
                file && file.size > IMPORT_LIMITS.fileBytes
                  ? `This file is ${megabytes(file.size)}: the most an import takes is ${megabytes(IMPORT_LIMITS.fileBytes)}.`
                  : null,
              );
            }}
          />
        </label>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">Or paste the JSON</span>
          <textarea
            ref={text}
            name="json"
            rows={5}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 font-mono text-base sm:text-xs"
            aria-invalid={problem ? true : undefined}
          />
        </label>
        <button
          type="submit"
          disabled={isBusy}
          className="inline-flex items-center justify-center rounded-md bg-slate-700 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          {isBusy ? "Importing…" : "Import"}
        </button>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </form>
    </details>
  );
}
