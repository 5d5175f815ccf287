import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { listPlayerCodes } from "@/lib/server/check-in/player-codes";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { requestFrom } from "@/test/accounts";

/**
 * Players report their pod's result from their phones (community tournament addenda): one
 * reports, the others confirm, the last confirmation records it; a different report disputes the
 * pod for staff; a code acts only on its own current pod. Through the real server actions, on
 * a real PostgreSQL.
 */

let currentHeaders = new Headers();
let setCookies = new Map<string, string>();
vi.mock("next/headers", () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({
    get: () => undefined,
    set: (name: string, value: string) => setCookies.set(name, value),
    delete: () => undefined,
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
class Redirected extends Error {
  constructor(readonly location: string) {
    super(`redirect to ${location}`);
  }
}
vi.mock("next/navigation", () => ({
  redirect: (location: string) => {
    throw new Redirected(location);
  },
  notFound: () => {
    throw new Redirected("not-found");
  },
}));

const { signInWithCodeAction } = await import("@/lib/server/check-in/player-code-actions");
const { reportOwnPodAction } = await import("./pod-actions");
const { PLAYER_SESSION_COOKIE } = await import("@/lib/server/check-in/player-session");
const { getPodRound, pairNextPodRound } = await import("./pods");
const { recordPodFact, recordPodOutcome } = await import("./pod-commands");

afterAll(async () => {
  await prisma.$disconnect();
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

let address = 0;
/** Signs a phone in with the player's code; its session cookie. */
async function phoneOf(codes: Map<string, string>, name: string): Promise<string> {
  setCookies = new Map();
  currentHeaders = requestFrom(`10.23.0.${++address}`);
  try {
    await signInWithCodeAction(IDLE_FORM, form({ code: codes.get(name)! }));
  } catch (error) {
    if (!(error instanceof Redirected)) throw error;
  }
  return `${PLAYER_SESSION_COOKIE}=${setCookies.get(PLAYER_SESSION_COOKIE)}`;
}

async function report(cookie: string, values: Record<string, string>): Promise<FormState> {
  currentHeaders = requestFrom(`10.23.1.${++address}`, { cookie });
  return reportOwnPodAction(IDLE_FORM, form({ idempotencyKey: randomUUID(), ...values }));
}

async function podEventOf(players: number) {
  const created = await createTournament(
    CreateTournamentSchema.parse({
      name: `Pod reports ${randomUUID()}`,
      format: "Commander",
      structure: "PODS",
    }),
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  await registerPlayers({
    tournamentId,
    names: Array.from({ length: players }, (_, index) => `Pilot ${index + 1}`).join("\n"),
  });
  const paired = await pairNextPodRound(tournamentId, "reports");
  if (!paired.ok) throw new Error(paired.error.message);
  const codes = new Map(
    (await listPlayerCodes(trustedTournamentAccess(tournamentId)))!.map((row) => [
      row.name,
      row.code,
    ]),
  );
  const pods = (await getPodRound(tournamentId, 1))!.pods;
  return { tournamentId, codes, pods };
}

describe("players report their pod from their phones (community addenda, MTR 2.5)", () => {
  it("one reports, the others confirm; the last confirmation records the result through the pod's facts", async () => {
    const { tournamentId, codes, pods } = await podEventOf(4);
    const pod = pods[0]!;
    const [a, b, c, d] = pod.seats;
    const winner = { outcome: "win", winnerId: c!.registrationId, podId: pod.id };
    expect(await report(await phoneOf(codes, a!.name), winner)).toMatchObject({
      status: "success",
      message: `Sent: waiting for ${b!.name}, ${c!.name} and ${d!.name} to confirm.`,
    });
    expect(await report(await phoneOf(codes, c!.name), winner)).toMatchObject({
      status: "success",
      message: `Sent: waiting for ${b!.name} and ${d!.name} to confirm.`,
    });
    expect(await report(await phoneOf(codes, b!.name), winner)).toMatchObject({
      status: "success",
    });
    const open = (await getPodRound(tournamentId, 1))!.pods[0]!;
    expect(open.reports).toMatchObject({
      state: "awaiting-confirmation",
      waitingFor: [d!.registrationId],
    });
    expect(open.isRecorded).toBe(false);
    expect(await report(await phoneOf(codes, d!.name), winner)).toMatchObject({
      status: "success",
      message: `Every player confirmed: result recorded, ${c!.name} won.`,
    });
    const recorded = (await getPodRound(tournamentId, 1))!.pods[0]!;
    expect(recorded).toMatchObject({
      isRecorded: true,
      game: { result: { winner: c!.registrationId } },
      reports: { state: "final" },
    });
    expect(await prisma.podReport.count({ where: { podId: pod.id } })).toBe(4);
    // MTR 2.5: once recorded, a phone changes nothing.
    expect(
      await report(await phoneOf(codes, a!.name), { ...winner, winnerId: a!.registrationId }),
    ).toMatchObject({ status: "error", code: "MATCH_CONFIRMED" });
  });

  it("a different report disputes the pod, nothing is recorded, and staff settle it with the pod's result form", async () => {
    const { tournamentId, codes, pods } = await podEventOf(3);
    const pod = pods[0]!;
    const [a, b] = pod.seats;
    await report(await phoneOf(codes, a!.name), {
      podId: pod.id,
      outcome: "win",
      winnerId: a!.registrationId,
    });
    expect(
      await report(await phoneOf(codes, b!.name), { podId: pod.id, outcome: "draw-at-time" }),
    ).toMatchObject({
      status: "success",
      message: "Your report differs from another player's: a judge will come to record the result.",
    });
    const disputed = (await getPodRound(tournamentId, 1))!.pods[0]!;
    expect(disputed).toMatchObject({ isRecorded: false, reports: { state: "disputed" } });
    const settled = await recordPodOutcome(
      {
        tournamentId,
        podId: pod.id,
        expectedVersion: disputed.version,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: a!.registrationId },
      },
      { name: "Head judge" },
    );
    expect(settled).toMatchObject({ ok: true, value: { game: { phase: "recorded" } } });
  });

  it("a code reports only its own current pod, and a win names a player of that pod", async () => {
    const { codes, pods } = await podEventOf(7);
    const [mine, other] = pods as [(typeof pods)[number], (typeof pods)[number]];
    const cookie = await phoneOf(codes, mine.seats[0]!.name);
    expect(await report(cookie, { podId: other.id, outcome: "agreed-draw" })).toMatchObject({
      status: "error",
      code: "FORBIDDEN",
      message: "Your player code can only report your own current pod.",
    });
    expect(
      await report(cookie, {
        podId: mine.id,
        outcome: "win",
        winnerId: other.seats[0]!.registrationId,
      }),
    ).toMatchObject({
      status: "error",
      code: "VALIDATION",
      message: expect.stringContaining("one of the pod's players"),
    });
    expect(await report(cookie, { podId: mine.id, outcome: "win" })).toMatchObject({
      status: "error",
      fieldErrors: { winnerId: ["Choose who won the pod."] },
    });
    expect(await report("", { podId: mine.id, outcome: "agreed-draw" })).toMatchObject({
      status: "error",
      code: "UNAUTHENTICATED",
    });
    expect(await prisma.podReport.count({ where: { podId: { in: [mine.id, other.id] } } })).toBe(0);
  });

  it("community addenda: a judge calls time and ends the active player's turn; the game is then a draw, which the players' confirmations record", async () => {
    const { tournamentId, codes, pods } = await podEventOf(3);
    const pod = pods[0]!;
    const judge = { name: "Floor judge" };
    const called = await recordPodFact(
      {
        tournamentId,
        podId: pod.id,
        expectedVersion: pod.version,
        idempotencyKey: randomUUID(),
        fact: { type: "time-called" },
      },
      judge,
    );
    expect(called).toMatchObject({
      ok: true,
      value: { game: { phase: "end-of-round", endOfRound: { turn: 0, additionalTurns: 0 } } },
    });
    if (!called.ok) return;
    const ended = await recordPodFact(
      {
        tournamentId,
        podId: pod.id,
        expectedVersion: called.value.version,
        idempotencyKey: randomUUID(),
        fact: { type: "turn-ended" },
      },
      judge,
    );
    expect(ended).toMatchObject({
      ok: true,
      value: {
        game: { phase: "decided", result: { winner: null, reason: "DRAW_UNFINISHED_AT_TIME" } },
      },
    });
    // A win reported against the decided draw is refused; the draw itself needs every player's word.
    expect(
      await report(await phoneOf(codes, pod.seats[0]!.name), {
        podId: pod.id,
        outcome: "win",
        winnerId: pod.seats[0]!.registrationId,
      }),
    ).toMatchObject({
      status: "error",
      code: "VALIDATION",
      message: "The pod's game is already over as a draw: record that result.",
    });
    for (const seat of pod.seats)
      await report(await phoneOf(codes, seat.name), { podId: pod.id, outcome: "draw-at-time" });
    const recorded = (await getPodRound(tournamentId, 1))!.pods[0]!;
    expect(recorded).toMatchObject({
      isRecorded: true,
      game: { result: { reason: "DRAW_UNFINISHED_AT_TIME" } },
    });
    expect(await prisma.podEvent.count({ where: { podId: pod.id } })).toBe(2);
  });

  it("CR 104.3: a player who left the game is not asked to confirm, and cannot report; the players still in it record the result", async () => {
    const { tournamentId, codes, pods } = await podEventOf(4);
    const pod = pods[0]!;
    const [a, b, c, d] = pod.seats;
    const left = await recordPodFact(
      {
        tournamentId,
        podId: pod.id,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        fact: {
          type: "left",
          departures: [{ player: d!.registrationId, reason: "JUDGE_GAME_LOSS" }],
        },
      },
      { name: "Judge" },
    );
    expect(left.ok).toBe(true);
    expect(
      await report(await phoneOf(codes, d!.name), { podId: pod.id, outcome: "agreed-draw" }),
    ).toMatchObject({
      status: "error",
      code: "FORBIDDEN",
      message: expect.stringContaining("you lost it"),
    });
    for (const seat of [a, b])
      await report(await phoneOf(codes, seat!.name), {
        podId: pod.id,
        outcome: "win",
        winnerId: c!.registrationId,
      });
    expect(
      await report(await phoneOf(codes, c!.name), {
        podId: pod.id,
        outcome: "win",
        winnerId: c!.registrationId,
      }),
    ).toMatchObject({
      status: "success",
      message: `Every player confirmed: result recorded, ${c!.name} won.`,
    });
    expect(
      (await getPodRound(tournamentId, 1))!.pods[0]!.game!.result!.players.find(
        (player) => player.player === d!.registrationId,
      ),
    ).toMatchObject({ result: "loss", reason: "JUDGE_GAME_LOSS" });
  });

  it("CR 104.2a, 104.3: a phone report naming a player who left the pod as its winner is refused before it is stored", async () => {
    const { tournamentId, codes, pods } = await podEventOf(4);
    const pod = pods[0]!;
    const [a, , , d] = pod.seats;
    await recordPodFact(
      {
        tournamentId,
        podId: pod.id,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        fact: { type: "left", departures: [{ player: d!.registrationId, reason: "CONCESSION" }] },
      },
      { name: "Judge" },
    );
    const before = await prisma.podReport.count({ where: { podId: pod.id } });
    expect(
      await report(await phoneOf(codes, a!.name), {
        podId: pod.id,
        outcome: "win",
        winnerId: d!.registrationId,
      }),
    ).toMatchObject({
      status: "error",
      code: "VALIDATION",
      message: expect.stringContaining("left the game"),
    });
    expect(await prisma.podReport.count({ where: { podId: pod.id } })).toBe(before);
  });
});
