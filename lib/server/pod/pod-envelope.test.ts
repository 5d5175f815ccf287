import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import type { PodGameEvent, PodOutcome } from "@/lib/rules/pod-game";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { getPod, getPodRound, pairNextPodRound } from "./pods";
import {
  correctPodResult,
  recordPodFact,
  recordPodOutcome,
  recordPodResult,
  reportPodResult,
} from "./pod-commands";
import { RecordPodDepartureSchema, RecordPodEndingSchema } from "@/lib/schemas/pod";

afterAll(async () => {
  await prisma.$disconnect();
});

const staff = { name: "Scorekeeper" };

async function podOfFour() {
  const created = await createTournament(
    CreateTournamentSchema.parse({
      name: `Pod envelope ${randomUUID()}`,
      format: "Commander",
      structure: "PODS",
      podSize: "4",
    }),
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  const registered = await registerPlayers({ tournamentId, names: "Ana\nBo\nCy\nDee" });
  if (!registered.ok) throw new Error(registered.error.message);
  await pairNextPodRound(tournamentId, "envelope");
  const pod = (await getPodRound(tournamentId, 1))!.pods[0]!;
  return { tournamentId, podId: pod.id, players: pod.seats.map((seat) => seat.registrationId) };
}

/** Everything stored for a pod: what a replay must leave exactly as it was. */
async function storedRecord(podId: string) {
  return prisma.pod.findUniqueOrThrow({
    where: { id: podId },
    select: {
      version: true,
      confirmedAt: true,
      events: {
        orderBy: { sequence: "asc" },
        select: { sequence: true, data: true, idempotencyKey: true, voidedAt: true },
      },
      reports: {
        orderBy: { createdAt: "asc" },
        select: { registrationId: true, outcome: true, idempotencyKey: true },
      },
      corrections: { select: { version: true, before: true, after: true, reason: true } },
    },
  });
}

type Command =
  | { kind: "fact"; fact: (players: string[]) => PodGameEvent }
  | { kind: "outcome"; outcome: (players: string[]) => PodOutcome }
  | { kind: "report"; by: number; outcome: (players: string[]) => PodOutcome }
  | { kind: "correct"; outcome: (players: string[]) => PodOutcome };

const seat = fc.integer({ min: 0, max: 3 });
const outcome = fc.oneof(
  seat.map(
    (index) =>
      (players: string[]): PodOutcome => ({ kind: "win", winnerId: players[index]! }),
  ),
  fc.constant((): PodOutcome => ({ kind: "agreed-draw" })),
  fc.constant((): PodOutcome => ({ kind: "draw-at-time" })),
);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant("fact" as const),
    fact: seat.map(
      (index) =>
        (players: string[]): PodGameEvent => ({
          type: "left",
          departures: [{ player: players[index]!, reason: "CONCESSION" }],
        }),
    ),
  }),
  fc.record({
    kind: fc.constant("fact" as const),
    fact: fc.constantFrom(
      (): PodGameEvent => ({ type: "time-called" }),
      (): PodGameEvent => ({ type: "turn-ended" }),
    ),
  }),
  fc.record({ kind: fc.constant("outcome" as const), outcome }),
  fc.record({ kind: fc.constant("report" as const), by: seat, outcome }),
  fc.record({ kind: fc.constant("correct" as const), outcome }),
);

/** Sends one command as its form would: at the pod's version now, with the key given. */
async function send(
  pod: { tournamentId: string; podId: string; players: string[] },
  next: Command,
  key: string,
  expectedVersion: number,
) {
  const base = { tournamentId: pod.tournamentId, podId: pod.podId, idempotencyKey: key };
  switch (next.kind) {
    case "fact":
      return recordPodFact({ ...base, expectedVersion, fact: next.fact(pod.players) }, staff);
    case "outcome":
      return recordPodOutcome(
        { ...base, expectedVersion, outcome: next.outcome(pod.players) },
        staff,
      );
    case "report":
      return reportPodResult(
        { ...base, outcome: next.outcome(pod.players) },
        { registrationId: pod.players[next.by]! },
      );
    case "correct":
      return correctPodResult(
        {
          ...base,
          expectedVersion,
          outcome: next.outcome(pod.players),
          reason: "Wrong seat typed.",
        },
        staff,
      );
  }
}

describe("one write envelope for a pod (MTR 2.5, CR 104.2a, 104.4a)", () => {
  it("any sequence of pod commands, each sent again by its key in any order, leaves the same record, each answered as a replay", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 7 }),
        fc.integer(),
        async (commands, seed) => {
          const pod = await podOfFour();
          const sent: { command: Command; key: string; version: number; answer: unknown }[] = [];
          for (const next of commands) {
            const version = (await getPod(pod.tournamentId, pod.podId))!.version;
            const key = randomUUID();
            const answer = await send(pod, next, key, version);
            // Only what was stored has a key to replay: a refusal, a report that changed nothing, or the
            // recorded outcome entered again (answered as already recorded) stored nothing.
            const stored =
              answer.ok &&
              !answer.value.isDuplicate &&
              !("step" in answer.value && answer.value.step === "unchanged");
            if (stored) sent.push({ command: next, key, version, answer });
          }
          const before = await storedRecord(pod.podId);
          const order = fc.sample(
            fc.shuffledSubarray(sent, { minLength: sent.length, maxLength: sent.length }),
            { numRuns: 1, seed },
          )[0]!;
          for (const again of order) {
            const answer = await send(pod, again.command, again.key, again.version);
            expect(answer.ok, JSON.stringify(answer)).toBe(true);
            if (answer.ok) expect(answer.value.isDuplicate).toBe(true);
          }
          expect(await storedRecord(pod.podId)).toEqual(before);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("MTR 2.5: an outcome the game's own facts already decided records it, and the same form sent again is answered as a replay", async () => {
    const pod = await podOfFour();
    const at = async () => (await getPod(pod.tournamentId, pod.podId))!.version;
    for (const fact of [{ type: "time-called" }, { type: "turn-ended" }] as PodGameEvent[]) {
      const sent = await recordPodFact(
        {
          tournamentId: pod.tournamentId,
          podId: pod.podId,
          expectedVersion: await at(),
          idempotencyKey: randomUUID(),
          fact,
        },
        staff,
      );
      expect(sent.ok).toBe(true);
    }
    const input = {
      tournamentId: pod.tournamentId,
      podId: pod.podId,
      expectedVersion: await at(),
      idempotencyKey: randomUUID(),
      outcome: { kind: "draw-at-time" } as PodOutcome,
    };
    const first = await recordPodOutcome(input, staff);
    expect(first.ok && first.value.isDuplicate).toBe(false);
    const before = await storedRecord(pod.podId);
    expect(before.confirmedAt).not.toBeNull();
    const again = await recordPodOutcome(input, staff);
    expect(again.ok && again.value.isDuplicate, JSON.stringify(again)).toBe(true);
    expect(await storedRecord(pod.podId)).toEqual(before);
  });

  it("MTR 2.5: recording the result a pod's facts decided, sent twice with one key, is recorded once and answered as a replay", async () => {
    const pod = await podOfFour();
    const at = async () => (await getPod(pod.tournamentId, pod.podId))!.version;
    for (const fact of [{ type: "time-called" }, { type: "turn-ended" }] as PodGameEvent[]) {
      expect(
        (
          await recordPodFact(
            {
              tournamentId: pod.tournamentId,
              podId: pod.podId,
              expectedVersion: await at(),
              idempotencyKey: randomUUID(),
              fact,
            },
            staff,
          )
        ).ok,
      ).toBe(true);
    }
    const input = {
      tournamentId: pod.tournamentId,
      podId: pod.podId,
      expectedVersion: await at(),
      idempotencyKey: randomUUID(),
    };
    const first = await recordPodResult(input);
    expect(first.ok && first.value.isDuplicate).toBe(false);
    const before = await storedRecord(pod.podId);
    const again = await recordPodResult(input);
    expect(again.ok && again.value.isDuplicate, JSON.stringify(again)).toBe(true);
    expect(await storedRecord(pod.podId)).toEqual(before);
  });

  it("two requests with one key at once: one is stored, the other answers as a replay", async () => {
    const pod = await podOfFour();
    const key = randomUUID();
    const fact: PodGameEvent = {
      type: "left",
      departures: [{ player: pod.players[1]!, reason: "CONCESSION" }],
    };
    const answers = await Promise.all(
      [0, 1].map(() =>
        recordPodFact(
          {
            tournamentId: pod.tournamentId,
            podId: pod.podId,
            expectedVersion: 0,
            idempotencyKey: key,
            fact,
          },
          staff,
        ),
      ),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(answers.map((answer) => answer.ok && answer.value.isDuplicate).sort()).toEqual([
      false,
      true,
    ]);
    expect((await storedRecord(pod.podId)).events).toHaveLength(1);
  });

  it("a correction keeps who made it by staff seat and the version it made; the pod's history cannot be deleted with it", async () => {
    const pod = await podOfFour();
    const seatRow = await prisma.staffMember.create({
      data: { tournamentId: pod.tournamentId, name: "Head Judge Hu", role: "HEAD_JUDGE" },
      select: { id: true },
    });
    const recorded = await recordPodOutcome(
      {
        tournamentId: pod.tournamentId,
        podId: pod.podId,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: pod.players[0]! },
      },
      staff,
    );
    expect(recorded.ok).toBe(true);
    const corrected = await correctPodResult(
      {
        tournamentId: pod.tournamentId,
        podId: pod.podId,
        expectedVersion: 1,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: pod.players[2]! },
        reason: "Wrong seat typed.",
      },
      { staffId: seatRow.id, name: "Head Judge Hu" },
    );
    expect(corrected).toMatchObject({ ok: true, value: { version: 2 } });
    expect(
      await prisma.podCorrection.findMany({
        where: { podId: pod.podId },
        select: { version: true, staffId: true, actorName: true, reason: true },
      }),
    ).toEqual([
      { version: 2, staffId: seatRow.id, actorName: "Head Judge Hu", reason: "Wrong seat typed." },
    ]);
    await expect(prisma.pod.delete({ where: { id: pod.podId } })).rejects.toThrow();
    expect(await prisma.podEvent.count({ where: { podId: pod.podId } })).toBeGreaterThan(0);
  });

  it("a stale pod form is refused with CONFLICT and changes nothing", async () => {
    const pod = await podOfFour();
    await recordPodFact(
      {
        tournamentId: pod.tournamentId,
        podId: pod.podId,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        fact: { type: "time-called" },
      },
      staff,
    );
    const before = await storedRecord(pod.podId);
    const stale = await recordPodOutcome(
      {
        tournamentId: pod.tournamentId,
        podId: pod.podId,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        outcome: { kind: "draw-at-time" },
      },
      staff,
    );
    expect(stale).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(await storedRecord(pod.podId)).toEqual(before);
  });

  it("CR 104.4a: every player still in leaving at the same moment is one fact and a draw, recorded as the rules decided it", async () => {
    const pod = await podOfFour();
    const form = RecordPodDepartureSchema.parse({
      tournamentId: pod.tournamentId,
      podId: pod.podId,
      expectedVersion: "0",
      idempotencyKey: randomUUID(),
      playerIds: pod.players.join(","),
      reason: "LIFE",
    });
    expect(form.playerIds).toEqual(pod.players);
    const left = await recordPodFact(
      {
        ...form,
        fact: {
          type: "left",
          departures: form.playerIds.map((player) => ({ player, reason: form.reason })),
        },
      },
      staff,
    );
    expect(left).toMatchObject({
      ok: true,
      value: {
        game: { phase: "decided", result: { winner: null, reason: "DRAW_SIMULTANEOUS_LOSS" } },
      },
    });
    expect(
      await recordPodResult({
        tournamentId: pod.tournamentId,
        podId: pod.podId,
        expectedVersion: 1,
        idempotencyKey: randomUUID(),
      }),
    ).toEqual({ ok: true, value: { version: 2, isDuplicate: false } });
    expect((await getPod(pod.tournamentId, pod.podId))!.isRecorded).toBe(true);
    // Recording it again from another stale form changes nothing.
    expect(
      await recordPodResult({
        tournamentId: pod.tournamentId,
        podId: pod.podId,
        expectedVersion: 1,
        idempotencyKey: randomUUID(),
      }),
    ).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
  });

  it("CR 104.2b, 104.4b: a win by an effect and a draw by a loop are recorded from the judge's form; a win by an effect names its winner", async () => {
    const pod = await podOfFour();
    const base = {
      tournamentId: pod.tournamentId,
      podId: pod.podId,
      expectedVersion: "0",
      idempotencyKey: randomUUID(),
    };
    expect(RecordPodEndingSchema.safeParse({ ...base, ending: "WON_BY_EFFECT" }).success).toBe(
      false,
    );
    const won = await recordPodFact(
      {
        tournamentId: pod.tournamentId,
        podId: pod.podId,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        fact: { type: "won-by-effect", player: pod.players[2]! },
        record: true,
      },
      staff,
    );
    expect(won).toMatchObject({
      ok: true,
      value: {
        game: { phase: "recorded", result: { winner: pod.players[2], reason: "CARD_EFFECT_WIN" } },
      },
    });
    const other = await podOfFour();
    const loop = await recordPodFact(
      {
        tournamentId: other.tournamentId,
        podId: other.podId,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        fact: { type: "draw", reason: "DRAW_LOOP" },
        record: true,
      },
      staff,
    );
    expect(loop).toMatchObject({
      ok: true,
      value: { game: { phase: "recorded", result: { winner: null, reason: "DRAW_LOOP" } } },
    });
  });
});
