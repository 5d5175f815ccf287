/**
 * What happened in an event that programs and phones outside the app are told about (webhooks,
 * Web Push). An announcement is stored in the same commit as the fact it names, so none is lost
 * and none is told for a write that rolled back; channels expand it into deliveries that one
 * worker sends and retries.
 */

/** The kinds of announcement, as webhook subscribers name them ("round.paired"). */
export const ANNOUNCEMENT_KINDS = [
  "round.paired",
  "result.recorded",
  "standings.changed",
  "event.finished",
  "time.called",
  "judge_call.opened",
  "judge_call.claimed",
] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

/**
 * One stored announcement. `subjectId` is what it is about: a round (round.paired,
 * standings.changed), a match or pod (result.recorded, time.called), a judge call, or the event
 * itself (event.finished).
 */
export type Announcement = {
  id: string;
  tournamentId: string;
  kind: AnnouncementKind;
  subjectId: string;
  createdAt: Date;
};

/** One message a channel will send: to whom (an endpoint, a subscription) and what. */
export type PlannedDelivery = {
  /** The channel's own id of the receiver: a webhook endpoint's id, a push subscription's id. */
  targetId: string;
  /** The JSON body (webhooks) or notification (push), fixed when planned so a retry sends the same bytes. */
  payload: unknown;
};

/** What happened to one attempt: sent, worth retrying later, or never (the receiver is gone). */
export type SendOutcome =
  | { kind: "sent"; status: number }
  | { kind: "retry"; status: number | null; detail: string }
  | { kind: "gone"; status: number | null; detail: string };

/**
 * A way of telling the outside: webhooks, Web Push. `plan` reads who wants this announcement and
 * what each is told; `send` makes one attempt at one delivery.
 */
export type Channel = {
  name: "webhook" | "push";
  plan: (announcement: Announcement) => Promise<PlannedDelivery[]>;
  /** Of these tournaments, those with someone this channel may deliver to: the rest plan nothing. */
  audienceIn: (tournamentIds: readonly string[]) => Promise<Set<string>>;
  send: (targetId: string, payload: unknown) => Promise<SendOutcome>;
  /** The receiver is gone for good (a push subscription answered 404/410): forget it. */
  forget?: (targetId: string) => Promise<void>;
};
