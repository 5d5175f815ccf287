import type { PublishedComparison } from "@/lib/server/archive/published-import";
import { render } from "@/lib/messages/render";
import { comparisonSummary, publishedImportGuide } from "@/lib/rules/published-event";

const KEY_WORDS = {
  points: "points",
  rank: "rank",
  omwp: "OMW%",
  gwp: "GW%",
  ogwp: "OGW%",
} as const;

/** An imported event's standings beside the published ones: what differs for whom, and the setting that explains it. */
export function PublishedComparisonCard({ comparison }: { comparison: PublishedComparison }) {
  return (
    <section
      aria-label="Compared with the published standings"
      className="mt-4 space-y-2 rounded-md border border-slate-200 p-3 text-sm"
    >
      <h3 className="font-semibold text-slate-800">Compared with the published standings</h3>
      <p className="text-slate-600" data-testid="comparison-what">
        {render(publishedImportGuide().comparison)}
      </p>
      <p className="text-slate-700" data-testid="comparison-summary">
        {render(comparisonSummary(comparison.rows, comparison.differences))}
        {comparison.uri && (
          <>
            {" "}
            <a
              href={comparison.uri}
              className="text-brand-700 underline"
              rel="noreferrer noopener"
              target="_blank"
            >
              The published event
            </a>
            .
          </>
        )}
      </p>
      {comparison.differences.length > 0 && (
        <ul className="divide-y divide-slate-100" aria-label="Differences">
          {comparison.differences.map((difference) => (
            <li key={difference.name} className="py-1">
              <span className="font-medium">{difference.name}</span>:{" "}
              {difference.keys.map((key) => KEY_WORDS[key]).join(", ")} differ
              {difference.explainedBy ? (
                <span className="text-slate-600">
                  {" "}
                  — equal under {render(difference.explainedBy)}
                </span>
              ) : (
                <span className="text-amber-800"> — no setting explains it</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {comparison.warnings.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-amber-900" aria-label="Import warnings">
          {comparison.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
