import "server-only";
import { env } from "./env";

export type LiveStreamLimits = { perProcess: number; perClient: number };

/**
 * How many live-update streams (GET /api/tournaments/<id>/events) this process keeps open, in all
 * and per client address. Each open stream costs memory and a share of every announcement, and
 * opening one reads the database: one client opening a thousand made other visitors' pages time
 * out waiting for a connection. Past a cap a stream is refused (503, the page retries later).
 */
export class LiveStreamBudget {
  private total = 0;
  private readonly byClient = new Map<string, number>();

  constructor(readonly limits: LiveStreamLimits) {}

  /** A release to call once when the stream ends, or null when a cap is reached. */
  tryOpen(client: string): (() => void) | null {
    const held = this.byClient.get(client) ?? 0;
    if (this.total >= this.limits.perProcess || held >= this.limits.perClient) return null;
    this.total++;
    this.byClient.set(client, held + 1);
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.total--;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }

  get openCount(): number {
    return this.total;
  }

  openCountOf(client: string): number {
    return this.byClient.get(client) ?? 0;
  }
}

// One budget per process: `next start` evaluates route modules once per bundle (see db.ts).
const BUDGET_KEY = Symbol.for("spellbook-to.live-stream-budget");
const processGlobal = globalThis as unknown as Record<symbol, LiveStreamBudget | undefined>;

export function liveStreamBudget(): LiveStreamBudget {
  return (processGlobal[BUDGET_KEY] ??= new LiveStreamBudget({ perProcess: env.LIVE_STREAMS_MAX, perClient: env.LIVE_STREAMS_PER_CLIENT }));
}
