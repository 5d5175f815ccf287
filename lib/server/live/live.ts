import "server-only";
import pg from "pg";
import { env } from "@/lib/server/infra/env";
import {
  DEFAULT_LIVE_PACING,
  refreshOffsetsMs,
  refreshWindowMs,
  type LivePacing,
} from "@/lib/live-pacing";

/**
 * Live pages (docs/live-updates.md): one listener per server process hears Postgres
 * announce that a tournament changed and tells that tournament's open pages (the SSE route
 * app/api/tournaments/[id]/events) to refresh.
 *
 * The announcements come from the database itself (the triggers of migration
 * 20261124105552_live_announcements call pg_notify('tournament_changed', <tournament id>) on
 * every committed change), so a change made through any instance, script or psql session reaches
 * every instance, and writers add nothing to their code.
 *
 * - PostgreSQL server: a dedicated connection (not one of the Prisma pool's) LISTENs. When it
 *   drops it reconnects (retrying every second at most, and at once when the app's pool connects
 *   again), and then every subscriber is told to catch up once, since announcements sent while it
 *   was away are lost.
 * - Embedded PGlite: all connections share one session, and PGlite hands a notification to the
 *   connection whose COMMIT produced it, not to the one that listened. The LISTEN still registers
 *   the session; the app's own pooled connections relay what they receive (see `relayNotification`,
 *   attached in lib/server/infra/db.ts). Writes by another process attached to the embedded server reach
 *   that process, not the app (see the docs).
 */

export const LIVE_CHANNEL = "tournament_changed";

/**
 * "changed": the tournament changed. "catch-up": announcements may have been missed (reconnected).
 * "shutdown": this server is stopping; streams should end so it can (browsers reconnect, maybe
 * to another instance, and catch up).
 */
export type LiveEvent = "changed" | "catch-up" | "shutdown";
/** `since`: the change this telling is about was heard at or before this time (ms): a page must end on a render after it. */
export type LiveSubscriber = (event: LiveEvent, since: number) => void;

/**
 * What an open page shows, as far as live updates care: "all" refreshes on every change of its
 * tournament, and so does "player" (a player's match page), told first; a view with a registered
 * digest (see `setViewDigest`) only when what it shows changed (the standings page: results of a
 * round in progress change nothing on it).
 */
export type LiveView = "all" | "standings" | "player";
/** A short fingerprint of what a view shows now; null when it cannot be read (then its pages refresh). */
export type LiveViewDigest = (tournamentId: string) => Promise<string | null>;

/** `seenDigest`: what this page's view was when it was last told (unknown before its first change). */
type Subscription = { subscriber: LiveSubscriber; view: LiveView; seenDigest?: string };

/** A digest not read by then counts as changed (the pages refresh), so a slow read never holds a round up. */
const DIGEST_TIMEOUT_MS = 5_000;

export type LiveListenerOptions = {
  connectionString: string;
  /**
   * First reconnect delay; doubled after each failure up to `maxBackoffMs`. A second at most by
   * default: pages hear nothing while it waits, and one connection attempt a second costs nothing.
   */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the idle listening connection is checked with a cheap query (a dead TCP link says nothing by itself). */
  pingIntervalMs?: number;
  log?: (line: string) => void;
  /** How many pages a second are told to refresh (lib/live-pacing.ts). */
  pacing?: LivePacing;
};

export class LiveListener {
  private readonly subscribers = new Map<string, Set<Subscription>>();
  /** Tournaments whose pages are being told of a change; `pending`: another change came meanwhile. */
  private readonly roundsInProgress = new Map<string, { pending: boolean }>();
  private readonly viewDigests = new Map<LiveView, LiveViewDigest>();
  /** When each tournament last changed, as heard here (ms since epoch). */
  private readonly lastChangeAt = new Map<string, number>();
  /** How many changes of each tournament this process heard, and how many times it (re)connected: the page cache's stamp. */
  private readonly changeCounts = new Map<string, number>();
  private connections = 0;
  private listeningSince = Number.POSITIVE_INFINITY;
  private client: pg.Client | undefined;
  private isStarted = false;
  private isClosed = false;
  private hasConnectedOnce = false;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  /** Resolves when the current connection attempt has LISTENed (or failed); for tests and the first subscriber. */
  private connecting: Promise<void> | undefined;

  /** Told of every change of any tournament (the outbox worker wakes on them). */
  private readonly changeHooks = new Set<() => void>();

  constructor(private readonly options: LiveListenerOptions) {}

  /** Hears every tournament's changes until the returned function is called; starts listening. */
  onAnyChange(hook: () => void): () => void {
    this.changeHooks.add(hook);
    this.start();
    return () => {
      this.changeHooks.delete(hook);
    };
  }

  /**
   * Hears changes of one tournament until the returned function is called. Starts listening on
   * first use. A page showing a view with a digest hears only changes that change that view.
   */
  subscribe(tournamentId: string, subscriber: LiveSubscriber, view: LiveView = "all"): () => void {
    let set = this.subscribers.get(tournamentId);
    if (!set) {
      set = new Set();
      this.subscribers.set(tournamentId, set);
    }
    const subscription: Subscription = { subscriber, view };
    set.add(subscription);
    this.start();
    return () => {
      const current = this.subscribers.get(tournamentId);
      current?.delete(subscription);
      if (current?.size === 0) this.subscribers.delete(tournamentId);
    };
  }

  /** Registers how to tell whether a view changed (once per process; later calls replace it). */
  setViewDigest(view: LiveView, digest: LiveViewDigest): void {
    this.viewDigests.set(view, digest);
  }

  /** How many subscribers are listening (all tournaments). */
  get subscriberCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  /** Whether the dedicated connection is LISTENing right now. */
  get isListening(): boolean {
    return this.client !== undefined && this.connecting === undefined;
  }

  /** Starts listening without subscribing (a page rendered for the page cache needs the stamps). */
  startListening(): void {
    this.start();
  }

  /**
   * Changes whenever this process hears that the tournament changed, or reconnects (changes may
   * have been missed meanwhile); null while it is not listening. lib/server/live/page-cache.ts keys
   * rendered pages by it, so a page is rendered again after every change.
   */
  changeStamp(tournamentId: string): string | null {
    if (!this.isListening) return null;
    return `${this.connections}.${this.changeCounts.get(tournamentId) ?? 0}`;
  }

  /** Resolves once the listener is connected and LISTENing (starting it if needed), or after `timeoutMs`. */
  async ready(timeoutMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    this.start();
    const deadline = Date.now() + timeoutMs;
    while (!this.isClosed && !this.isListening && Date.now() < deadline) {
      const wait = Math.min(50, deadline - Date.now());
      await Promise.race([this.connecting, new Promise((resolve) => setTimeout(resolve, wait))]);
    }
    return this.isListening;
  }

  /** A notification received on any connection (the dedicated one, or a pooled one on PGlite). */
  deliver(channel: string, payload: string | undefined): void {
    if (channel !== LIVE_CHANNEL || !payload) return;
    this.lastChangeAt.set(payload, Date.now());
    this.changeCounts.set(payload, (this.changeCounts.get(payload) ?? 0) + 1);
    for (const hook of this.changeHooks) hook();
    this.announce(payload);
  }

  /**
   * Tells a tournament's pages of a change, paced (lib/live-pacing.ts): a round of telling starts
   * at once unless one is under way; changes during a round are told together in the next one,
   * when it ends. Pages whose view did not change are left alone.
   */
  private announce(tournamentId: string): void {
    const inProgress = this.roundsInProgress.get(tournamentId);
    if (inProgress) {
      inProgress.pending = true;
      return;
    }
    const round = { pending: false };
    this.roundsInProgress.set(tournamentId, round);
    let windowMs = (this.options.pacing ?? DEFAULT_LIVE_PACING).minWindowMs;
    void this.tellChanged(tournamentId)
      .then((length) => {
        windowMs = length;
      })
      .catch((error: unknown) =>
        this.log(
          `live updates: telling pages of a change failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      // Whatever happened, the round ends: a tournament is never left unable to tell its pages.
      .finally(() => {
        const next = setTimeout(() => {
          this.roundsInProgress.delete(tournamentId);
          if (round.pending) this.announce(tournamentId);
        }, windowMs);
        next.unref();
      });
  }

  /**
   * One round: pages of a view without a digest are told at once (players' match pages first,
   * the rest in a new random order each round, so no page is always last); pages of a view with
   * one once its digest is read, and only if it differs from what that page last heard. Resolves
   * to how long the round lasts.
   */
  private async tellChanged(tournamentId: string): Promise<number> {
    const pacing = this.options.pacing ?? DEFAULT_LIVE_PACING;
    // Changes heard after this are told in the next round.
    const since = this.staleBefore(tournamentId);
    const subscriptions = [...(this.subscribers.get(tournamentId) ?? [])];
    const plain = subscriptions.filter((subscription) => !this.viewDigests.has(subscription.view));
    const ordered = [
      ...plain.filter((subscription) => subscription.view === "player"),
      ...shuffled(plain.filter((subscription) => subscription.view !== "player")),
    ];
    const plainWindow = this.tellPaced(tournamentId, ordered, "changed", since, 0);
    const digested = await this.changedSubscriptions(
      tournamentId,
      subscriptions.filter((subscription) => this.viewDigests.has(subscription.view)),
    );
    // The digest may already hold a later change, which then is not told again: the page must end on a render after the read.
    const digestRead = Date.now();
    // Told after the plain pages while those are spread out, so the pace holds across both.
    const start = plainWindow > pacing.minWindowMs ? plainWindow : 0;
    const digestedWindow = this.tellPaced(
      tournamentId,
      digested,
      "changed",
      Math.max(since, digestRead),
      start,
    );
    return Math.max(plainWindow, start + digestedWindow);
  }

  /** Tells these pages, spread from `startMs` at the process's pace; returns how long that takes. */
  private tellPaced(
    tournamentId: string,
    subscriptions: Subscription[],
    event: LiveEvent,
    since: number,
    startMs: number,
  ): number {
    const pacing = this.options.pacing ?? DEFAULT_LIVE_PACING;
    const offsets = refreshOffsetsMs(subscriptions.length, pacing);
    subscriptions.forEach((subscription, index) => {
      // A page that left before its turn is not told.
      const tell = () => {
        if (this.subscribers.get(tournamentId)?.has(subscription))
          safely(subscription.subscriber, event, since);
      };
      const offset = startMs + (offsets[index] ?? 0);
      if (offset === 0) tell();
      else setTimeout(tell, offset).unref();
    });
    return refreshWindowMs(subscriptions.length, pacing);
  }

  /**
   * The pages (of views with a digest) whose view changed since they last heard: each view's digest
   * is read once. A page's first change since it subscribed is always told (what it was rendered
   * with is not known here), and so is any change when the digest cannot be read in time.
   */
  private async changedSubscriptions(
    tournamentId: string,
    subscriptions: Subscription[],
  ): Promise<Subscription[]> {
    const views = [...new Set(subscriptions.map((subscription) => subscription.view))];
    const digests = new Map(
      await Promise.all(
        views.map(
          async (view) =>
            [
              view,
              await withTimeout(this.viewDigests.get(view)!(tournamentId), DIGEST_TIMEOUT_MS).catch(
                () => null,
              ),
            ] as const,
        ),
      ),
    );
    return subscriptions.filter((subscription) => {
      const digest = digests.get(subscription.view) ?? null;
      const isChanged = digest === null || subscription.seenDigest !== digest;
      subscription.seenDigest = digest ?? undefined;
      return isChanged;
    });
  }

  /**
   * Since when this process may have missed nothing of a tournament, or later: the last change it
   * heard of it, or when it started listening (this connection), whichever is later. A page
   * rendered before this time may be stale the moment it subscribes, and refreshes once.
   */
  staleBefore(tournamentId: string): number {
    return Math.max(this.lastChangeAt.get(tournamentId) ?? 0, this.listeningSince);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private start(): void {
    if (this.isStarted || this.isClosed) return;
    this.isStarted = true;
    this.connect();
  }

  private connect(): void {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    let isDropped = false;
    const drop = (reason: string) => {
      if (isDropped) return;
      isDropped = true;
      if (this.client === client) this.client = undefined;
      clearInterval(this.pingTimer);
      client.end().catch(() => undefined);
      if (this.isClosed) return;
      this.log(`live updates: listening connection lost (${reason}); reconnecting`);
      this.scheduleReconnect();
    };
    client.on("error", (error) => drop(error.message));
    client.on("end", () => drop("connection ended"));
    client.on("notification", (message) => this.deliver(message.channel, message.payload));
    this.connecting = (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${LIVE_CHANNEL}`);
      } catch (error) {
        drop(error instanceof Error ? error.message : String(error));
        return;
      } finally {
        this.connecting = undefined;
      }
      if (isDropped || this.isClosed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.connections += 1;
      this.failures = 0;
      this.listeningSince = Date.now();
      this.pingTimer = setInterval(() => {
        client
          .query("SELECT 1")
          .catch((error: unknown) => drop(error instanceof Error ? error.message : String(error)));
      }, this.options.pingIntervalMs ?? 30_000);
      this.pingTimer.unref();
      // Anything announced while no connection listened is lost: every open page refreshes once.
      if (this.hasConnectedOnce) this.catchUpAll();
      this.hasConnectedOnce = true;
    })();
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    const min = this.options.minBackoffMs ?? 250;
    const max = this.options.maxBackoffMs ?? 1_000;
    const delay = Math.min(max, min * 2 ** this.failures) * (0.75 + Math.random() * 0.5);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  /** The database answered another connection (the app's pool): a pending reconnect is tried now. */
  wake(): void {
    if (this.isClosed || this.reconnectTimer === undefined) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.connect();
  }

  /** After a reconnect every page refreshes once, paced per tournament like any change. */
  private catchUpAll(): void {
    for (const [tournamentId, set] of [...this.subscribers]) {
      // Every page refreshes: what each view shows afterwards is not known here.
      for (const subscription of set) subscription.seenDigest = undefined;
      this.tellPaced(tournamentId, [...set], "catch-up", this.staleBefore(tournamentId), 0);
    }
  }

  /** Tells every subscriber at once; used at shutdown. */
  tellAll(event: LiveEvent): void {
    for (const set of [...this.subscribers.values()])
      for (const subscription of [...set]) safely(subscription.subscriber, event, Date.now());
  }

  private log(line: string): void {
    (this.options.log ?? console.warn)(line);
  }
}

function safely(subscriber: LiveSubscriber, event: LiveEvent, since: number): void {
  try {
    subscriber(event, since);
  } catch (error) {
    console.warn("live updates: a subscriber failed", error);
  }
}

/**
 * The process's one listener. Like the Prisma client (lib/server/infra/db.ts), it lives on globalThis:
 * `next start` evaluates this module once per server bundle, and the route handler that
 * subscribes and the pool connection that relays must reach the same instance.
 */
const LISTENER_KEY = Symbol.for("spellbook-to.live-listener");
const processGlobal = globalThis as unknown as Record<symbol, LiveListener | undefined>;

export function liveListener(): LiveListener {
  let listener = processGlobal[LISTENER_KEY];
  if (!listener) {
    listener = processGlobal[LISTENER_KEY] = new LiveListener({
      connectionString: env.DATABASE_URL,
    });
    // An open event stream never ends by itself, and `next start` waits for pending requests
    // before it exits: end them when the process is told to stop. Only alongside the server's own
    // handler (which exits), so this never keeps a process alive that would otherwise stop.
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      if (process.listenerCount(signal) > 0)
        process.once(signal, () => listener!.tellAll("shutdown"));
    }
  }
  return listener;
}

/** Hears one tournament's changes in this process (see LiveListener.subscribe). */
export function subscribeToTournament(
  tournamentId: string,
  subscriber: LiveSubscriber,
  view: LiveView = "all",
): () => void {
  return liveListener().subscribe(tournamentId, subscriber, view);
}

/**
 * For the Prisma pool's connections (lib/server/infra/db.ts): on embedded PGlite the announcement of a
 * write arrives on the connection that committed it. On a PostgreSQL server pooled connections
 * never LISTEN, so this is never called there. Does nothing until something subscribed.
 */
export function relayNotification(message: { channel: string; payload?: string }): void {
  processGlobal[LISTENER_KEY]?.deliver(message.channel, message.payload);
}

/** For the Prisma pool (lib/server/infra/db.ts): a new pooled connection means the database is back, so the listener need not wait. */
export function wakeLiveListener(): void {
  processGlobal[LISTENER_KEY]?.wake();
}

function shuffled<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
