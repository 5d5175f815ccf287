import { kindLabel } from "./webhook-kind-labels";

/** What a delivery announced, as lib/server/webhooks/delivery-subjects.ts reads it. */
export type DeliverySubjectWords = {
  kind: string;
  round: string | null;
  table: string | null;
  names: readonly string[];
};

/** "Round 3" reads "round 3" inside a sentence; a named round keeps its name. */
const afterRound = (round: string) =>
  /^Round \d+$/.test(round) ? round.toLowerCase() : `the ${round}`;

/** One line saying what a delivery announced: "Result recorded: table 12 (Ann vs Ben)". */
export function deliveryWhat(subject: DeliverySubjectWords): string {
  const { kind, round, table, names } = subject;
  const at = (label: string) => {
    if (!table) return label;
    const players = names.length === 2 ? ` (${names[0]} vs ${names[1]})` : "";
    return `${label}: table ${table}${players}`;
  };
  switch (kind) {
    case "round.paired":
      return round ? `${round} paired` : "Round paired";
    case "result.recorded":
      return at("Result recorded");
    case "time.called":
      return at("Time called");
    case "standings.changed":
      return round ? `Standings changed after ${afterRound(round)}` : "Standings changed";
    case "judge_call.opened":
      return table ? `Judge call table ${table}` : "Judge called";
    case "judge_call.claimed":
      return at("Judge call taken");
    case "webhook.ping":
      return "Test message";
    default:
      return kindLabel(kind);
  }
}
