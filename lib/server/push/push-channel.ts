import "server-only";
import { createHash } from "node:crypto";
import { Agent } from "node:https";
import webpush, { WebPushError } from "web-push";
import { z } from "zod";
import type {
  Announcement,
  Channel,
  PlannedDelivery,
  SendOutcome,
} from "@/lib/server/announcements/announcement";
import { prisma } from "@/lib/server/infra/db";
import { render } from "@/lib/messages/render";
import { say } from "@/lib/rules/result";
import { isAllowed, type StaffRole } from "@/lib/rules/permissions";
import { listOfNames } from "@/lib/plural";
import { tableLabel } from "@/lib/rules/teams";
import { roundTitle } from "@/lib/rules/swiss-rounds";
import { roundTitles } from "@/lib/server/round/round-titles";
import {
  loadTeamMembers,
  matchesPerPairingOf,
  nameSeatMatches,
} from "@/lib/server/registration/team-names";
import { getEndOfMatch } from "@/lib/server/match/end-of-match";
import { getPod } from "@/lib/server/pod/pods";
import { readJudgeCall } from "@/lib/server/judge-calls/judge-calls";
import { forgetPushSubscription } from "./subscriptions";
import { vapidKeys } from "./vapid";
import { lookupWithin, refuseWebhookUrlShape } from "@/lib/server/infra/outbound-address";

/**
 * Push services are on the public internet, and a player names the endpoint: never this server's
 * network, whatever webhooks allow. PUSH_SERVICE_ALLOW_PRIVATE_ADDRESSES=1 is for a push service
 * run on this machine by the tests.
 */
function allowsPrivatePushServices(): boolean {
  const value = process.env.PUSH_SERVICE_ALLOW_PRIVATE_ADDRESSES;
  return value === "1" || value === "true";
}

/** Connects only to public addresses: the address checked is the one connected to. */
export const pushServiceAgent = new Agent({
  keepAlive: true,
  lookup: ((hostname: string, options: object, callback: never) =>
    lookupWithin(allowsPrivatePushServices(), hostname, options, callback)) as never,
});

/** What the service worker shows (public/sw.js), and how the push service is asked to carry it. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a tap opens, on this app's own origin. */
  url: z.string().startsWith("/"),
  /** A later notification with the same tag replaces this one on the phone. */
  tag: z.string(),
  urgency: z.enum(["normal", "high"]),
  /** How long the push service keeps it for a phone that is off: past it, it is stale. */
  ttlSeconds: z.number().int().min(0),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** A pairing is worth showing for a round's length; a call or time for a few minutes. */
const PAIRING_TTL_SECONDS = 60 * 60;
const URGENT_TTL_SECONDS = 10 * 60;
/** A push service that has not answered by then is tried again later. */
const SEND_TIMEOUT_MS = 10_000;

type Subscriber = { id: string; registrationId: string | null; seat: number | null };

async function playerSubscribers(
  tournamentId: string,
  registrationIds: readonly string[],
): Promise<Subscriber[]> {
  if (registrationIds.length === 0) return [];
  return prisma.pushSubscription.findMany({
    where: { tournamentId, registrationId: { in: [...registrationIds] } },
    orderBy: { createdAt: "asc" },
    select: { id: true, registrationId: true, seat: true },
  });
}

/**
 * MTR 8.2: in an event of seat matches a member is told only of their own seat's match; a team's
 * own code (no seat) is told of seat A's, and a bye is the whole team's.
 */
function playsIn(subscriber: Subscriber, matchSeat: number, isSeatMatch: boolean): boolean {
  if (!isSeatMatch) return true;
  return (subscriber.seat ?? 0) === matchSeat;
}

function deliveries(subscribers: readonly Subscriber[], payload: PushPayload): PlannedDelivery[] {
  return subscribers.map((subscriber) => ({ targetId: subscriber.id, payload }));
}

const text = (key: string, values?: Record<string, string | number>) =>
  render(say(`push.${key}`, values));

/** round.paired: each subscribed player of the round, told their table and opponent, bye or pod. */
async function planPairedRound(announcement: Announcement): Promise<PlannedDelivery[]> {
  const { tournamentId } = announcement;
  const round = await prisma.round.findFirst({
    where: { id: announcement.subjectId, tournamentId },
    select: {
      id: true,
      number: true,
      tournament: { select: { teamFormat: true, teamSize: true } },
      matches: {
        where: { voidedAt: null },
        orderBy: [{ tableNumber: "asc" }, { seat: "asc" }],
        select: {
          tableNumber: true,
          seat: true,
          sideA: { select: { id: true, displayName: true } },
          sideB: { select: { id: true, displayName: true } },
        },
      },
      pods: {
        orderBy: { tableNumber: "asc" },
        select: {
          tableNumber: true,
          isBye: true,
          seats: {
            orderBy: { seat: "asc" },
            select: { registrationId: true, registration: { select: { displayName: true } } },
          },
        },
      },
    },
  });
  if (!round) return [];
  const titles = await roundTitles(prisma, tournamentId);
  const roundName = render(titles.get(round.number) ?? roundTitle(round));
  const common = { url: "/play/me", tag: `round-${round.id}`, urgency: "normal" as const };
  const ttlSeconds = PAIRING_TTL_SECONDS;
  const players = [
    ...round.matches.flatMap((match) => [match.sideA.id, match.sideB?.id ?? []].flat()),
    ...round.pods.flatMap((pod) => pod.seats.map((seat) => seat.registrationId)),
  ];
  const subscribers = await playerSubscribers(tournamentId, [...new Set(players)]);
  if (subscribers.length === 0) return [];
  const of = (registrationId: string) =>
    subscribers.filter((subscriber) => subscriber.registrationId === registrationId);
  const planned: PlannedDelivery[] = [];
  const perPairing = matchesPerPairingOf(round.tournament);
  const members = perPairing > 1 ? await loadTeamMembers(prisma, tournamentId) : new Map();
  for (const match of nameSeatMatches(round.matches, perPairing, members)) {
    if (!match.sideB) {
      const payload = {
        ...common,
        ttlSeconds,
        title: text("byeTitle", { round: roundName }),
        body: text("byeBody", { round: roundName }),
      };
      planned.push(...deliveries(of(match.sideA.id), payload));
      continue;
    }
    const isSeatMatch = perPairing > 1;
    for (const [me, opponent] of [
      [match.sideA, match.sideB],
      [match.sideB, match.sideA],
    ] as const) {
      const values = { round: roundName, table: match.tableLabel, place: "table" };
      const payload = {
        ...common,
        ttlSeconds,
        title: text("pairedTitle", values),
        body: text("pairedBody", { ...values, opponent: opponent.displayName }),
      };
      const mine = of(me.id).filter((each) => playsIn(each, match.seat, isSeatMatch));
      planned.push(...deliveries(mine, payload));
    }
  }
  for (const pod of round.pods) {
    for (const seat of pod.seats) {
      const others = pod.seats
        .filter((other) => other.registrationId !== seat.registrationId)
        .map((other) => other.registration.displayName);
      const values = { round: roundName, table: pod.tableNumber, place: "pod" };
      const payload =
        pod.isBye || others.length === 0
          ? {
              ...common,
              ttlSeconds,
              title: text("byeTitle", values),
              body: text("byeBody", values),
            }
          : {
              ...common,
              ttlSeconds,
              title: text("pairedTitle", values),
              body: text("pairedPodBody", {
                ...values,
                others: listOfNames(others),
                count: others.length,
              }),
            };
      planned.push(...deliveries(of(seat.registrationId), payload));
    }
  }
  return planned;
}

/**
 * time.called: the players at that table or pod, told how many turns are left, as the rules
 * derive them (MTR 2.4: five, three for teammates who share turns; a pod event's own setting).
 */
async function planTimeCalled(announcement: Announcement): Promise<PlannedDelivery[]> {
  const { tournamentId, subjectId } = announcement;
  const match = await prisma.match.findFirst({
    where: { id: subjectId, round: { tournamentId } },
    select: {
      id: true,
      seat: true,
      tableNumber: true,
      sideAId: true,
      sideBId: true,
      round: {
        select: {
          id: true,
          number: true,
          phase: { select: { kind: true } },
          tournament: { select: { teamFormat: true, teamSize: true } },
        },
      },
    },
  });
  if (match) {
    const view = await getEndOfMatch(tournamentId, match.id);
    if (!view || match.sideBId === null) return [];
    const titles = await roundTitles(prisma, tournamentId);
    const perPairing = matchesPerPairingOf(match.round.tournament);
    const table = tableLabel(match.tableNumber, match.seat, perPairing);
    const payload = timePayload({
      round: match.round,
      roundName: render(titles.get(match.round.number) ?? roundTitle(match.round)),
      table,
      place: "table",
      turns: view.state.additionalTurns,
    });
    const subscribers = await playerSubscribers(tournamentId, [match.sideAId, match.sideBId]);
    const mine = subscribers.filter((each) => playsIn(each, match.seat, perPairing > 1));
    return deliveries(mine, payload);
  }
  const pod = await getPod(tournamentId, subjectId);
  if (!pod || pod.isBye) return [];
  const round = await prisma.round.findFirst({
    where: { tournamentId, number: pod.roundNumber },
    select: { id: true, number: true, phase: { select: { kind: true } } },
  });
  if (!round) return [];
  const titles = await roundTitles(prisma, tournamentId);
  const { endOfRound } = pod.settings;
  const payload = timePayload({
    round,
    roundName: render(titles.get(round.number) ?? roundTitle(round)),
    table: String(pod.tableNumber),
    place: "pod",
    turns: endOfRound.procedure === "finish-turn" ? 0 : endOfRound.turns,
  });
  const players = pod.seats.map((seat) => seat.registrationId);
  return deliveries(await playerSubscribers(tournamentId, players), payload);
}

function timePayload(input: {
  round: { id: string; number: number; phase: { kind: string } };
  roundName: string;
  table: string;
  place: "table" | "pod";
  turns: number;
}): PushPayload {
  const { round, table, place, turns } = input;
  const number = round.phase.kind === "SWISS" ? String(round.number) : "playoff";
  return {
    title: text("timeTitle", { table, place }),
    body: text("timeBody", { number, round: input.roundName, turns }),
    url: "/play/me",
    tag: `round-${round.id}`,
    urgency: "high",
    ttlSeconds: URGENT_TTL_SECONDS,
  };
}

/** judge_call.claimed: the player who called, told a judge is on the way. */
async function planJudgeClaimed(announcement: Announcement): Promise<PlannedDelivery[]> {
  const call = await readJudgeCall(announcement.tournamentId, announcement.subjectId);
  if (!call) return [];
  const place = call.view.podId ? "pod" : "table";
  const subscribers = await playerSubscribers(announcement.tournamentId, [call.calledById]);
  const isSeatMatch = call.view.tableLabel !== String(call.view.tableNumber);
  const mine = subscribers.filter((each) => playsIn(each, call.matchSeat ?? 0, isSeatMatch));
  return deliveries(mine, {
    title: text("judgeComingTitle"),
    body: text("judgeComingBody", { place, table: call.view.tableLabel }),
    url: "/play/me",
    tag: `judge-call-${call.view.id}`,
    urgency: "high",
    ttlSeconds: URGENT_TTL_SECONDS,
  });
}

/** judge_call.opened: every subscribed staff seat of the event that may answer calls. */
async function planJudgeOpened(announcement: Announcement): Promise<PlannedDelivery[]> {
  const { tournamentId } = announcement;
  const call = await readJudgeCall(tournamentId, announcement.subjectId);
  if (!call) return [];
  const staff = await prisma.pushSubscription.findMany({
    where: { tournamentId, staff: { removedAt: null } },
    orderBy: { createdAt: "asc" },
    select: { id: true, staff: { select: { role: true } } },
  });
  const judges = staff.filter(
    (each) => each.staff && isAllowed(each.staff.role as StaffRole, "judging.act"),
  );
  const values = {
    place: call.view.podId ? "pod" : "table",
    table: call.view.tableLabel,
  };
  const payload: PushPayload = {
    title: text("judgeCallTitle", values),
    body: text("judgeCallBody", {
      ...values,
      caller: call.view.callerName,
      round: call.view.roundName,
    }),
    url: `/tournaments/${encodeURIComponent(tournamentId)}/judge-calls`,
    tag: `judge-call-${call.view.id}`,
    urgency: "high",
    ttlSeconds: URGENT_TTL_SECONDS,
  };
  return judges.map((each) => ({ targetId: each.id, payload }));
}

const PLANNERS: Partial<
  Record<Announcement["kind"], (announcement: Announcement) => Promise<PlannedDelivery[]>>
> = {
  "round.paired": planPairedRound,
  "time.called": planTimeCalled,
  "judge_call.claimed": planJudgeClaimed,
  "judge_call.opened": planJudgeOpened,
};

/** A push service's topic: at most 32 base64url characters; a newer message with it replaces an undelivered one. */
function topicOf(tag: string): string {
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}

/** One attempt at one notification; the push service's answer says whether to try again. */
async function sendPush(targetId: string, raw: unknown): Promise<SendOutcome> {
  const parsed = PushPayloadSchema.safeParse(raw);
  if (!parsed.success)
    return { kind: "retry", status: null, detail: "The notification planned is not one we send." };
  const payload = parsed.data;
  const subscription = await prisma.pushSubscription.findUnique({
    where: { id: targetId },
    select: { endpoint: true, p256dh: true, auth: true },
  });
  // Turned off since it was planned: nobody to tell.
  if (!subscription)
    return { kind: "gone", status: null, detail: "The phone turned notifications off." };
  const refusal = refuseWebhookUrlShape(subscription.endpoint, allowsPrivatePushServices());
  if (refusal) return { kind: "gone", status: null, detail: refusal };
  const keys = await vapidKeys();
  try {
    const answer = await webpush.sendNotification(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify({
        title: payload.title,
        body: payload.body,
        url: payload.url,
        tag: payload.tag,
      }),
      {
        vapidDetails: keys,
        TTL: payload.ttlSeconds,
        urgency: payload.urgency,
        topic: topicOf(payload.tag),
        timeout: SEND_TIMEOUT_MS,
        agent: pushServiceAgent,
      },
    );
    await prisma.pushSubscription.updateMany({
      where: { id: targetId },
      data: { lastSuccessAt: new Date() },
    });
    return { kind: "sent", status: answer.statusCode };
  } catch (error) {
    return outcomeOfFailure(error);
  }
}

/** RFC 8030: 404 and 410 mean the subscription is gone; anything else is tried again. */
export function outcomeOfFailure(error: unknown): SendOutcome {
  if (!(error instanceof WebPushError)) {
    const detail = error instanceof Error ? error.message : String(error);
    // The endpoint's name points into a private network: it never will be a push service.
    if ((error as { code?: unknown } | null)?.code === "EPRIVATE")
      return { kind: "gone", status: null, detail };
    // RFC 8291: a key off the P-256 curve can never be encrypted for.
    if (/not valid for specified curve/i.test(detail))
      return { kind: "gone", status: null, detail };
    return { kind: "retry", status: null, detail };
  }
  const status = error.statusCode;
  const detail = `${status} ${error.body ?? ""}`.trim().slice(0, 500);
  if (status === 404 || status === 410) return { kind: "gone", status, detail };
  // 429 and 5xx pass; any other 4xx (our keys refused) is ours to fix, never the phone's to forget.
  return { kind: "retry", status, detail };
}

/** Web Push: players told their pairing, time at their table and a judge on the way; judges told of calls. */
export const pushChannel: Channel = {
  name: "push",
  plan: async (announcement) => (await PLANNERS[announcement.kind]?.(announcement)) ?? [],
  audienceIn: async (tournamentIds) => {
    const rows = await prisma.pushSubscription.findMany({
      where: { tournamentId: { in: [...tournamentIds] } },
      select: { tournamentId: true },
      distinct: ["tournamentId"],
    });
    return new Set(rows.map((row) => row.tournamentId));
  },
  send: sendPush,
  forget: forgetPushSubscription,
};
