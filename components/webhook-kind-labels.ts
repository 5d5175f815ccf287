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
