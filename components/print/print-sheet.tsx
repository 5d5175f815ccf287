import Link from "next/link";
import { PAPER, type Paper } from "@/lib/print/cut-stack";
import { PrintButton } from "./print-button";

type Props = {
  title: string;
  subtitle: string;
  paper: Paper;
  /** This view's address with any query but the paper, for the paper-size links. */
  path: string;
  backHref: string;
  /** What the back link says: "Back to the round" unless the view is not a round's. */
  backLabel?: string;
  /** False for sheets that carry their own headings (result slips): the title then stays off paper. */
  isTitleOnPaper?: boolean;
  children: React.ReactNode;
};

/**
 * A print view: on screen, a toolbar (print, A4 or Letter, back) above the sheet; on paper, only
 * the sheet — no site header, navigation or buttons — on the chosen paper size.
 */
export function PrintSheet({
  title,
  subtitle,
  paper,
  path,
  backHref,
  backLabel = "Back to the round",
  isTitleOnPaper = true,
  children,
}: Props) {
  const size = PAPER[paper];
  return (
    <div className="print-sheet">
      <style>{`
        @page { size: ${size.css} portrait; margin: 10mm; }
        @media print {
          body { background: white; }
          body > header, nav, button, .print\\:hidden { display: none !important; }
          [data-tournament-header] { display: none !important; }
          body > main { max-width: none; padding: 0; margin: 0; }
          .print-sheet a { color: inherit; text-decoration: none; }
        }
      `}</style>
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden" data-print-toolbar>
        <Link href={backHref} className="text-sm text-brand-700 underline underline-offset-2">
          ← {backLabel}
        </Link>
        <span className="ml-auto flex items-center gap-2 text-sm text-slate-600">
          Paper:
          {(Object.keys(PAPER) as Paper[]).map((key) => (
            <Link
              key={key}
              href={`${path}${path.includes("?") ? "&" : "?"}paper=${key}`}
              aria-current={key === paper ? "page" : undefined}
              className={`rounded-md border px-3 py-1.5 ${key === paper ? "border-brand-600 bg-brand-50 font-medium text-brand-700" : "border-slate-300 bg-white"}`}
            >
              {PAPER[key].label}
            </Link>
          ))}
          <PrintButton />
        </span>
      </div>
      <header
        className={`mb-3 border-b-2 border-slate-900 pb-1 ${isTitleOnPaper ? "" : "print:hidden"}`}
      >
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="text-sm text-slate-700">{subtitle}</p>
      </header>
      {children}
    </div>
  );
}
