import "server-only";
import { env } from "@/lib/server/infra/env";
import { networkOfAddress } from "@/lib/address-network";

export type LiveStreamLimits = { perProcess: number; perClient: number };

/** A place in the budget: `release` it once when the stream ends; `onEvict` is called if a fairer claim takes it. */
export type LiveStreamPlace = { release: () => void; onEvict: (evict: () => void) => void };

/**
 * How many live-update streams (GET /api/tournaments/<id>/events) this process keeps open, in all
 * and per client (an address; an IPv6 address by its /64, which one visitor holds). Each open
 * stream costs memory and a share of every announcement, and opening one reads the database: one
 * client opening a thousand made other visitors' pages time out waiting for a connection. Past a
 * client's cap a stream is refused (503, the page retries later). When the process is full, a
 * client holding fewer streams than the one holding most takes that one's oldest place, so a few
 * addresses can never take every visitor's live updates.
 */
export class LiveStreamBudget {
  private total = 0;
  private readonly byClient = new Map<string, Set<{ evict?: () => void }>>();

  constructor(readonly limits: LiveStreamLimits) {}

  /** A place for this client's stream, or null when a cap is reached. */
  tryOpen(address: string): LiveStreamPlace | null {
    const client = clientGroupOf(address);
    const held = this.byClient.get(client)?.size ?? 0;
    if (held >= this.limits.perClient) return null;
    if (this.total >= this.limits.perProcess && !this.evictFromHeaviest(held)) return null;
    const place: { evict?: () => void } = {};
    const places = this.byClient.get(client) ?? new Set();
    places.add(place);
    this.byClient.set(client, places);
    this.total++;
    let isReleased = false;
    const release = () => {
      if (isReleased) return;
      isReleased = true;
      this.total--;
      places.delete(place);
      if (places.size === 0 && this.byClient.get(client) === places) this.byClient.delete(client);
    };
    place.evict = release;
    return {
      release,
      onEvict: (evict) => {
        place.evict = () => {
          release();
          evict();
        };
      },
    };
  }

  /** Frees the oldest place of the client holding most, if it holds at least two more than `held`. */
  private evictFromHeaviest(held: number): boolean {
    let heaviest: Set<{ evict?: () => void }> | undefined;
    for (const places of this.byClient.values())
      if (!heaviest || places.size > heaviest.size) heaviest = places;
    if (!heaviest || heaviest.size < held + 2) return false;
    const [oldest] = heaviest;
    oldest?.evict?.();
    return true;
  }

  get openCount(): number {
    return this.total;
  }

  openCountOf(address: string): number {
    return this.byClient.get(clientGroupOf(address))?.size ?? 0;
  }
}

/** One visitor: an IPv4 address, or an IPv6 address's /64 (lib/address-network.ts). */
export const clientGroupOf = networkOfAddress;

// One budget per process: `next start` evaluates route modules once per bundle (see db.ts).
const BUDGET_KEY = Symbol.for("spellbook-to.live-stream-budget");
const processGlobal = globalThis as unknown as Record<symbol, LiveStreamBudget | undefined>;

export function liveStreamBudget(): LiveStreamBudget {
  processGlobal[BUDGET_KEY] ??= new LiveStreamBudget({
    perProcess: env.LIVE_STREAMS_MAX,
    perClient: env.LIVE_STREAMS_PER_CLIENT,
  });
  return processGlobal[BUDGET_KEY];
}
