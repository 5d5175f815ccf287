/** The events an endpoint may ask for, as the organizer reads them. */
export const WEBHOOK_KIND_LABELS = {
  "round.paired": "Round paired",
  "result.recorded": "Result recorded",
  "standings.changed": "Standings changed",
  "event.finished": "Event finished",
  "time.called": "Time called",
  "judge_call.opened": "Judge called",
  "judge_call.claimed": "Judge call taken",
} as const;

/** An event's name as the organizer reads it; an unknown kind shows as it is stored. */
export const kindLabel = (kind: string): string =>
  WEBHOOK_KIND_LABELS[kind as keyof typeof WEBHOOK_KIND_LABELS] ?? kind;
