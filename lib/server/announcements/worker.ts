import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/server/infra/db";
import { liveListener } from "@/lib/server/live/live";
import {
  ANNOUNCEMENT_KINDS,
  type Announcement,
  type AnnouncementKind,
  type Channel,
  type SendOutcome,
} from "./announcement";

/**
 * The outbox worker, one per server process: plans deliveries for new announcements and sends
 * the due ones, off the request path. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease
 * (each claim is one statement, so no connection is held while a channel works: the embedded
 * database has one), so two instances never send one delivery at once. A process that dies
 * mid-send sends again after the lease: receivers deduplicate by webhook-id.
 */

/** Waits after a failed attempt n (1-based); after the last, the delivery has failed. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
/** How long a claimed row is another worker's to leave alone: longer than any one attempt. */
const LEASE_MS = 60_000;
const PLAN_BATCH = 100;
const SEND_BATCH = 20;

type Row = { id: string; tournamentId: string; kind: string; subjectId: string; createdAt: Date };
type DueDelivery = {
  id: string;
  channel: string;
  targetId: string;
  payload: unknown;
  attempts: number;
};

const isKind = (kind: string): kind is AnnouncementKind =>
  (ANNOUNCEMENT_KINDS as readonly string[]).includes(kind);

/** Plans the next unplanned announcements with every channel; the number planned. */
export async function planAnnouncements(channels: readonly Channel[]): Promise<number> {
  const claimed = await prisma.$queryRaw<Row[]>`
    UPDATE "Announcement" SET "claimedUntil" = now() + ${`${LEASE_MS} milliseconds`}::interval
    WHERE "id" IN (
      SELECT "id" FROM "Announcement"
      WHERE "plannedAt" IS NULL AND ("claimedUntil" IS NULL OR "claimedUntil" < now())
      ORDER BY "createdAt" LIMIT ${PLAN_BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING "id", "tournamentId", "kind", "subjectId", "createdAt"`;
  const listened = await tournamentsListenedTo(claimed, channels);
  const unheard = claimed.filter((row) => !listened.has(row.tournamentId)).map((row) => row.id);
  // An event nobody listens to (most, and every imported one) is planned in one statement.
  if (unheard.length > 0)
    await prisma.announcement.updateMany({
      where: { id: { in: unheard } },
      data: { plannedAt: new Date() },
    });
  const heard = claimed.filter((row) => listened.has(row.tournamentId));
  for (const row of heard.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()))
    await planOne(row, channels);
  return claimed.length;
}

/** The tournaments of `rows` with a webhook or a phone on any channel. */
async function tournamentsListenedTo(
  rows: readonly Row[],
  channels: readonly Channel[],
): Promise<Set<string>> {
  const ids = [...new Set(rows.map((row) => row.tournamentId))];
  if (ids.length === 0) return new Set();
  const audiences = await Promise.all(channels.map((channel) => channel.audienceIn(ids)));
  return new Set(audiences.flatMap((audience) => [...audience]));
}

async function planOne(row: Row, channels: readonly Channel[]): Promise<void> {
  const deliveries: Prisma.DeliveryCreateManyInput[] = [];
  if (isKind(row.kind)) {
    const announcement: Announcement = { ...row, kind: row.kind };
    for (const channel of channels) {
      try {
        for (const planned of await channel.plan(announcement))
          deliveries.push({
            announcementId: row.id,
            channel: channel.name,
            targetId: planned.targetId,
            payload: planned.payload as Prisma.InputJsonValue,
          });
      } catch (error) {
        // The lease runs out and the next claim tries again; the other channels wait with it.
        console.error(`Planning ${row.kind} ${row.id} for ${channel.name} failed`, error);
        return;
      }
    }
  }
  const standings = row.kind === "result.recorded" ? await standingsChange(row) : null;
  await prisma.$transaction([
    prisma.delivery.createMany({ data: deliveries, skipDuplicates: true }),
    ...(standings
      ? [
          prisma.$executeRaw`
            INSERT INTO "Announcement" ("tournamentId", "kind", "subjectId", "dedupeKey")
            VALUES (${row.tournamentId}, 'standings.changed', ${standings.roundId},
              ${standings.dedupeKey})
            ON CONFLICT ("dedupeKey") DO NOTHING`,
        ]
      : []),
    prisma.announcement.update({ where: { id: row.id }, data: { plannedAt: new Date() } }),
  ]);
}

/**
 * standings.changed, derived from a recorded result once every result of its round is in: one
 * when the round's last result lands and one per later correction of that round, never one per
 * table. Keyed by the round's versions, so workers that derive the same state store it once.
 */
async function standingsChange(row: Row) {
  const [round] = await prisma.$queryRaw<{ roundId: string; open: number; versions: number }[]>`
    WITH subject AS (
      SELECT "roundId" FROM "Match" WHERE "id" = ${row.subjectId}
      UNION ALL SELECT "roundId" FROM "Pod" WHERE "id" = ${row.subjectId})
    SELECT s."roundId",
      (SELECT count(*)::int FROM "Match" m WHERE m."roundId" = s."roundId"
         AND m."voidedAt" IS NULL AND m."confirmedAt" IS NULL)
      + (SELECT count(*)::int FROM "Pod" p WHERE p."roundId" = s."roundId"
         AND NOT p."isBye" AND p."confirmedAt" IS NULL) AS "open",
      (SELECT coalesce(sum(m."version"), 0)::int FROM "Match" m WHERE m."roundId" = s."roundId")
      + (SELECT coalesce(sum(p."version"), 0)::int FROM "Pod" p WHERE p."roundId" = s."roundId")
        AS "versions"
    FROM subject s LIMIT 1`;
  if (!round || round.open > 0) return null;
  return { roundId: round.roundId, dedupeKey: `standings:${round.roundId}:${round.versions}` };
}

/** Sends the due deliveries (at most one batch); the number attempted. */
export async function sendDueDeliveries(channels: readonly Channel[]): Promise<number> {
  const due = await prisma.$queryRaw<DueDelivery[]>`
    UPDATE "Delivery"
    SET "attempts" = "attempts" + 1, "lastAttemptAt" = now(), "updatedAt" = now(),
        "nextAttemptAt" = now() + ${`${LEASE_MS} milliseconds`}::interval
    WHERE "id" IN (
      SELECT "id" FROM "Delivery"
      WHERE "status" = 'PENDING' AND "nextAttemptAt" <= now()
      ORDER BY "nextAttemptAt" LIMIT ${SEND_BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING "id", "channel", "targetId", "payload", "attempts"`;
  await Promise.all(due.map((delivery) => attempt(delivery, channels)));
  return due.length;
}

async function attempt(delivery: DueDelivery, channels: readonly Channel[]): Promise<void> {
  const channel = channels.find((each) => each.name === delivery.channel);
  let outcome: SendOutcome;
  try {
    outcome = channel
      ? await channel.send(delivery.targetId, delivery.payload)
      : { kind: "retry", status: null, detail: `No channel ${delivery.channel} here.` };
  } catch (error) {
    outcome = { kind: "retry", status: null, detail: String(error).slice(0, 300) };
  }
  // updateMany: an endpoint deleted during the send took its delivery row with it.
  await prisma.delivery.updateMany({
    where: { id: delivery.id },
    data: afterAttempt(delivery, outcome),
  });
  if (outcome.kind === "gone") await channel?.forget?.(delivery.targetId);
}

/** The delivery's row after an attempt: sent, gone, retried after its backoff, or failed. */
export function afterAttempt(
  delivery: { attempts: number },
  outcome: SendOutcome,
  now = new Date(),
): Prisma.DeliveryUpdateManyMutationInput {
  const common = { lastStatusCode: outcome.status, updatedAt: now };
  if (outcome.kind === "sent") return { ...common, status: "SENT", lastError: "" };
  if (outcome.kind === "gone") return { ...common, status: "GONE", lastError: outcome.detail };
  const wait = RETRY_DELAYS_MS[delivery.attempts - 1];
  if (wait === undefined) return { ...common, status: "FAILED", lastError: outcome.detail };
  return { ...common, lastError: outcome.detail, nextAttemptAt: new Date(now.getTime() + wait) };
}

/*
 * Announcements and deliveries are an outbox, not tournament history (that is in the result and
 * change rows they point at): once sent they are pruned, so a busy season does not grow them forever.
 */

/** Sent (or stopped) deliveries are kept this long for the settings page, then pruned. */
export const SENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Failed ones longer: a failure is what someone looks into later. */
export const FAILED_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
const PRUNE_BATCH = 500;
/** Pruning runs once this often, not on every poll. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Deletes at most `batch` finished deliveries past their retention, then at most `batch`
 * announcements planned before the retention that no delivery points at any more. Waiting
 * deliveries and unplanned announcements are never pruned. Both statements use an index:
 * a finished delivery's nextAttemptAt is its last claim, so status and nextAttemptAt date it.
 */
export async function pruneOutbox(now = new Date(), batch = PRUNE_BATCH) {
  const sentBefore = new Date(now.getTime() - SENT_RETENTION_MS);
  const failedBefore = new Date(now.getTime() - FAILED_RETENTION_MS);
  const deliveries = await prisma.$executeRaw`
    DELETE FROM "Delivery" WHERE "id" IN (
      SELECT "id" FROM "Delivery"
      WHERE ("status" IN ('SENT', 'GONE') AND "nextAttemptAt" < ${sentBefore})
        OR ("status" = 'FAILED' AND "nextAttemptAt" < ${failedBefore})
      LIMIT ${batch})`;
  const announcements = await prisma.$executeRaw`
    DELETE FROM "Announcement" WHERE "id" IN (
      SELECT a."id" FROM "Announcement" a
      WHERE a."plannedAt" < ${sentBefore}
        AND NOT EXISTS (SELECT 1 FROM "Delivery" d WHERE d."announcementId" = a."id")
      LIMIT ${batch})`;
  return { deliveries, announcements };
}

/** One pass: plan what is new, then send what is due. */
export async function runOnce(channels: readonly Channel[]): Promise<void> {
  while ((await planAnnouncements(channels)) === PLAN_BATCH);
  while ((await sendDueDeliveries(channels)) === SEND_BATCH);
}

export type Worker = { stop: () => Promise<void> };

/** How soon a commit's wake runs a pass: the commits meanwhile ride along in it. */
const WAKE_DELAY_MS = 100;

/** Calls `hook` on a committed change of any tournament until the returned function is called. */
export type ChangeSource = (hook: () => void) => () => void;

/**
 * Runs the worker every `intervalMs` until stopped, and at once when `changes` says something
 * committed (the live listener's NOTIFY, lib/server/live/live.ts), so a delivery leaves without
 * waiting for the poll; the poll stays for what no notification reaches (a listener reconnecting,
 * another process's write on the embedded database). A quiet poll is two indexed statements; the
 * next waits until the last finished, so passes never overlap.
 */
export function startAnnouncementWorker(
  channels: readonly Channel[],
  intervalMs = 1_000,
  changes?: ChangeSource,
): Worker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let isRunning = false;
  let isWoken = false;
  /** A pass is already set to run within WAKE_DELAY_MS. */
  let isWakeDue = false;
  let prunedAt = 0;
  const pass = async () => {
    await runOnce(channels);
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await pruneOutbox();
  };
  const loop = () => {
    isRunning = true;
    isWakeDue = false;
    running = pass()
      .catch((error) => {
        // A database restarting or busy: try again on the next pass.
        console.error("The announcement worker's pass failed", error);
      })
      .finally(() => {
        isRunning = false;
        if (stopped) return;
        isWakeDue = isWoken;
        isWoken = false;
        timer = setTimeout(loop, isWakeDue ? WAKE_DELAY_MS : intervalMs).unref();
      });
  };
  const wake = () => {
    // A burst of commits (a round's results landing) is one pass soon, not one pass per commit.
    if (stopped || isWakeDue) return;
    if (isRunning) {
      isWoken = true;
      return;
    }
    clearTimeout(timer);
    isWakeDue = true;
    timer = setTimeout(loop, WAKE_DELAY_MS).unref();
  };
  const unsubscribe = changes?.(wake);
  timer = setTimeout(loop, intervalMs).unref();
  return {
    stop: async () => {
      stopped = true;
      unsubscribe?.();
      clearTimeout(timer);
      await running;
    },
  };
}

const WORKER_KEY = Symbol.for("spellbook.announcementWorker");
const processGlobal = globalThis as { [WORKER_KEY]?: Worker };

/** Starts this process's one worker (a second call, as after a dev reload, keeps the first). */
export function startProcessWorker(channels: readonly Channel[]): Worker {
  processGlobal[WORKER_KEY] ??= startAnnouncementWorker(channels, 1_000, (hook) =>
    liveListener().onAnyChange(hook),
  );
  return processGlobal[WORKER_KEY];
}
