import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { IDLE_FORM } from "@/lib/form-state";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer, registerPlayers } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound, startRound } from "@/lib/server/round/rounds";
import { addStaff } from "@/test/staff";
import { createSignedInAccount, requestFrom, type TestAccount } from "@/test/accounts";
import {
  getTournamentAccess,
  trustedTournamentAccess,
} from "@/lib/server/access/tournament-access";
import { listPlayerCodes } from "@/lib/server/check-in/player-codes";
import {
  callJudge,
  claimJudgeCall,
  getJudgeCallQueue,
  getMatchJudgeCalls,
  getPlayerJudgeCall,
  resolveJudgeCall,
  type ActingJudge,
} from "./judge-calls";
import { JUDGE_CALL_LIMIT } from "@/lib/rules/judge-calls";
import { reportMatchResult } from "@/lib/server/match/results";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { getPlayerPod, getPodRound, pairNextPodRound } from "@/lib/server/pod/pods";

/** Judge calls against a real PostgreSQL: the data functions, and the actions' who-may checks. */

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

const { callJudgeAction, claimJudgeCallAction, resolveJudgeCallAction } = await import(
  "./judge-call-actions"
);
const { signInWithCodeAction } = await import("@/lib/server/check-in/player-code-actions");
const { PLAYER_SESSION_COOKIE } = await import("@/lib/server/check-in/player-session");

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const accounts = {} as Record<
  "organizer" | "judge" | "otherJudge" | "head" | "scorekeeper",
  TestAccount
>;
type Event = {
  tournamentId: string;
  players: Map<string, string>;
  matchOf: (name: string) => { id: string; tableNumber: number };
  byeOf: string;
  judge: ActingJudge;
  otherJudge: ActingJudge;
  head: ActingJudge;
};

let eventCount = 0;
async function freshEvent(isPublished = false): Promise<Event> {
  const created = await createTournament(
    {
      name: `Calls ${++eventCount} ${Math.random()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    },
    accounts.organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  const judgeSeat = await addStaff(tournamentId, accounts.judge, "JUDGE", "Jo Judge");
  const otherSeat = await addStaff(tournamentId, accounts.otherJudge, "JUDGE", "Kim Judge");
  const headSeat = await addStaff(tournamentId, accounts.head, "HEAD_JUDGE", "Hana Head");
  await addStaff(tournamentId, accounts.scorekeeper, "SCOREKEEPER", "Sam Scorekeeper");
  const players = new Map<string, string>();
  for (const name of ["Ana", "Ben", "Cleo", "Dev", "Eli"]) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
    players.set(name, registered.value.id);
  }
  const paired = await pairNextSwissRound(tournamentId, "calls");
  if (!paired.ok) throw new Error(paired.error.message);
  await startRound(tournamentId, 1);
  if (isPublished)
    await prisma.tournament.update({
      where: { id: tournamentId },
      data: { publishedAt: new Date() },
    });
  const round = (await getRound(tournamentId, 1))!;
  const matchOf = (name: string) =>
    round.matches.find(
      (match) => match.sideA.displayName === name || match.sideB?.displayName === name,
    )!;
  const bye = round.matches.find((match) => match.sideB === null)!;
  return {
    tournamentId,
    players,
    matchOf,
    byeOf: bye.sideA.displayName,
    judge: { staffId: judgeSeat, role: "JUDGE", name: "Jo Judge" },
    otherJudge: { staffId: otherSeat, role: "JUDGE", name: "Kim Judge" },
    head: { staffId: headSeat, role: "HEAD_JUDGE", name: "Hana Head" },
  };
}

const player = (event: Event, name: string) => ({
  registrationId: event.players.get(name)!,
  tournamentId: event.tournamentId,
});
const seatedPlayer = (event: Event) =>
  [...event.players.keys()].find((name) => name !== event.byeOf)!;
let keyCount = 0;
const key = () => `call-key-${++keyCount}-${Math.random()}`;

beforeAll(async () => {
  accounts.organizer = await createSignedInAccount("Calls Organizer");
  accounts.judge = await createSignedInAccount("Calls Judge");
  accounts.otherJudge = await createSignedInAccount("Calls Other Judge");
  accounts.head = await createSignedInAccount("Calls Head Judge");
  accounts.scorekeeper = await createSignedInAccount("Calls Scorekeeper");
}, 60_000);
afterAll(async () => {
  await prisma.$disconnect();
});

describe("judge calls: calling (JC1–JC3)", () => {
  it("JC1: a player's call is kept with the table, the note and when it was made, and shows in the judges' queue", async () => {
    const event = await freshEvent();
    const name = seatedPlayer(event);
    const match = event.matchOf(name);
    const called = await callJudge(
      { matchId: match.id, note: "Rules question", idempotencyKey: key() },
      player(event, name),
    );
    expect(called.ok).toBe(true);
    if (!called.ok) return;
    expect(called.value.isNew).toBe(true);
    expect(called.value.call).toMatchObject({
      tableNumber: match.tableNumber,
      callerName: name,
      note: "Rules question",
      claimedAt: null,
      resolvedAt: null,
    });
    const queue = (await getJudgeCallQueue(trustedTournamentAccess(event.tournamentId)))!;
    expect(queue.open.map((call) => call.id)).toEqual([called.value.call.id]);
  });

  it("JC2: a second tap (another key) shows the open call; the same tap sent twice is one call", async () => {
    const event = await freshEvent();
    const name = seatedPlayer(event);
    const match = event.matchOf(name);
    const tapKey = key();
    const first = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: tapKey },
      player(event, name),
    );
    const retried = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: tapKey },
      player(event, name),
    );
    const secondTap = await callJudge(
      { matchId: match.id, note: "again", idempotencyKey: key() },
      player(event, name),
    );
    if (!first.ok || !retried.ok || !secondTap.ok) throw new Error("every tap is answered");
    expect(retried.value).toMatchObject({ isNew: false, call: { id: first.value.call.id } });
    expect(secondTap.value).toMatchObject({
      isNew: false,
      call: { id: first.value.call.id, note: "" },
    });
    expect(await prisma.judgeCall.count({ where: { matchId: match.id } })).toBe(1);
  });

  it("JC2: ten taps at once, each with its own key, make one open call", async () => {
    const event = await freshEvent();
    const name = seatedPlayer(event);
    const match = event.matchOf(name);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        callJudge({ matchId: match.id, note: "", idempotencyKey: key() }, player(event, name)),
      ),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const ids = new Set(answers.map((answer) => (answer.ok ? answer.value.call.id : null)));
    expect(ids.size).toBe(1);
    expect(await prisma.judgeCall.count({ where: { matchId: match.id } })).toBe(1);
  });

  it("JC2: both players of a match may each have a call open", async () => {
    const event = await freshEvent();
    const name = seatedPlayer(event);
    const match = (await getRound(event.tournamentId, 1))!.matches.find(
      (candidate) => candidate.id === event.matchOf(name).id,
    )!;
    const a = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      player(event, match.sideA.displayName),
    );
    const b = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      player(event, match.sideB!.displayName),
    );
    expect(a.ok && b.ok && a.value.call.id !== b.value.call.id).toBe(true);
  });

  it("JC1: a player cannot call a judge to a bye, nor to a match they do not play", async () => {
    const event = await freshEvent();
    const bye = event.matchOf(event.byeOf);
    expect(
      await callJudge(
        { matchId: bye.id, note: "", idempotencyKey: key() },
        player(event, event.byeOf),
      ),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    const name = seatedPlayer(event);
    expect(
      await callJudge(
        { matchId: event.matchOf(name).id, note: "", idempotencyKey: key() },
        player(event, event.byeOf),
      ),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });

  it(`JC3: after ${JUDGE_CALL_LIMIT.calls} calls in ${JUDGE_CALL_LIMIT.windowMinutes} minutes the next is refused; later it is allowed`, async () => {
    const event = await freshEvent();
    const name = seatedPlayer(event);
    const match = event.matchOf(name);
    const start = Date.now();
    for (let index = 0; index < JUDGE_CALL_LIMIT.calls; index++) {
      const called = await callJudge(
        { matchId: match.id, note: "", idempotencyKey: key() },
        player(event, name),
        new Date(start + index * 60_000),
      );
      if (!called.ok) throw new Error(called.error.message);
      const resolved = await resolveJudgeCall(
        {
          tournamentId: event.tournamentId,
          matchId: match.id,
          callId: called.value.call.id,
          followUp: "NONE",
          resolution: "",
        },
        event.judge,
      );
      expect(resolved.ok).toBe(true);
    }
    const refused = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      player(event, name),
      new Date(start + 5 * 60_000),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
    const later = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      player(event, name),
      new Date(start + JUDGE_CALL_LIMIT.windowMinutes * 60_000 + 1),
    );
    expect(later.ok).toBe(true);
  });
});

describe("judge calls: claiming and resolving (JC4, JC5)", () => {
  it("JC4: two judges claim the same call at once: one has it, the other is told who", async () => {
    const event = await freshEvent();
    const name = seatedPlayer(event);
    const match = event.matchOf(name);
    const called = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      player(event, name),
    );
    if (!called.ok) throw new Error(called.error.message);
    const input = {
      tournamentId: event.tournamentId,
      matchId: match.id,
      callId: called.value.call.id,
    };
    const [first, second] = await Promise.all([
      claimJudgeCall(input, event.judge),
      claimJudgeCall(input, event.otherJudge),
    ]);
    const winners = [first, second].filter((answer) => answer.ok);
    const losers = [first, second].filter((answer) => !answer.ok);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const row = await prisma.judgeCall.findUniqueOrThrow({ where: { id: called.value.call.id } });
    const loser = losers[0]!;
    if (loser.ok) throw new Error("one refusal");
    expect(loser.error.code).toBe("CONFLICT");
    expect(loser.error.message).toBe(`${row.claimedByName} has already taken this call.`);
    expect(row.claimedAt).not.toBeNull();
  });

  it("JC5: resolving keeps the call with its times and who answered; the player may call again", async () => {
    const event = await freshEvent();
    const name = seatedPlayer(event);
    const match = event.matchOf(name);
    const called = await callJudge(
      { matchId: match.id, note: "Deck check", idempotencyKey: key() },
      player(event, name),
    );
    if (!called.ok) throw new Error(called.error.message);
    const input = {
      tournamentId: event.tournamentId,
      matchId: match.id,
      callId: called.value.call.id,
    };
    expect((await claimJudgeCall(input, event.judge)).ok).toBe(true);
    expect(
      await resolveJudgeCall({ ...input, followUp: "NONE", resolution: "" }, event.otherJudge),
    ).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringContaining("Jo Judge has this call") },
    });
    const resolved = await resolveJudgeCall(
      { ...input, followUp: "TIME_EXTENSION", resolution: "Deck check done" },
      event.judge,
    );
    expect(resolved).toMatchObject({
      ok: true,
      value: {
        isDuplicate: false,
        call: {
          followUp: "TIME_EXTENSION",
          resolvedByName: "Jo Judge",
          claimedByName: "Jo Judge",
          resolution: "Deck check done",
        },
      },
    });
    const doubleTap = await resolveJudgeCall(
      { ...input, followUp: "TIME_EXTENSION", resolution: "Deck check done" },
      event.judge,
    );
    expect(doubleTap).toMatchObject({ ok: true, value: { isDuplicate: true } });
    expect(await claimJudgeCall(input, event.otherJudge)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT" },
    });

    const history = (await getMatchJudgeCalls(
      trustedTournamentAccess(event.tournamentId),
      match.id,
    ))!;
    expect(history).toHaveLength(1);
    expect(history[0]!.calledAt.getTime()).toBeLessThanOrEqual(history[0]!.claimedAt!.getTime());
    expect(history[0]!.claimedAt!.getTime()).toBeLessThanOrEqual(history[0]!.resolvedAt!.getTime());
    expect((await getJudgeCallQueue(trustedTournamentAccess(event.tournamentId)))!.open).toEqual(
      [],
    );

    const again = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      player(event, name),
    );
    expect(again).toMatchObject({ ok: true, value: { isNew: true } });
    expect(await prisma.judgeCall.count({ where: { matchId: match.id } })).toBe(2);
  });

  it("JC5: resolving an unclaimed call claims it too; the head judge may resolve a call another judge has", async () => {
    const event = await freshEvent();
    const name = seatedPlayer(event);
    const match = event.matchOf(name);
    const called = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      player(event, name),
    );
    if (!called.ok) throw new Error(called.error.message);
    const input = {
      tournamentId: event.tournamentId,
      matchId: match.id,
      callId: called.value.call.id,
    };
    await claimJudgeCall(input, event.judge);
    const byHead = await resolveJudgeCall(
      { ...input, followUp: "PENALTY", resolution: "" },
      event.head,
    );
    expect(byHead).toMatchObject({
      ok: true,
      value: { call: { claimedByName: "Jo Judge", resolvedByName: "Hana Head" } },
    });

    const second = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      player(event, name),
    );
    if (!second.ok) throw new Error(second.error.message);
    const direct = await resolveJudgeCall(
      {
        tournamentId: event.tournamentId,
        matchId: match.id,
        callId: second.value.call.id,
        followUp: "NONE",
        resolution: "",
      },
      event.otherJudge,
    );
    expect(direct).toMatchObject({
      ok: true,
      value: { call: { claimedByName: "Kim Judge", resolvedByName: "Kim Judge" } },
    });
  });
});

describe("judge calls: a hidden tournament is not reachable", () => {
  it("a call named with another tournament's id is not found; no one outside its staff gets access to its queue", async () => {
    const hidden = await freshEvent();
    const other = await freshEvent(true);
    const name = seatedPlayer(hidden);
    const match = hidden.matchOf(name);
    const called = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      player(hidden, name),
    );
    if (!called.ok) throw new Error(called.error.message);
    expect(
      await claimJudgeCall(
        { tournamentId: other.tournamentId, matchId: match.id, callId: called.value.call.id },
        other.judge,
      ),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(
      await resolveJudgeCall(
        {
          tournamentId: other.tournamentId,
          matchId: match.id,
          callId: called.value.call.id,
          followUp: "NONE",
          resolution: "",
        },
        other.judge,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
    // A player of another tournament cannot call to this match.
    const outsider = [...other.players.keys()].find((each) => each !== other.byeOf)!;
    expect(
      await callJudge(
        { matchId: match.id, note: "", idempotencyKey: key() },
        player(other, outsider),
      ),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });

    const stranger = await createSignedInAccount("Calls Stranger");
    expect(await getTournamentAccess(hidden.tournamentId, stranger.userId)).toBeNull();
    expect(await getTournamentAccess(hidden.tournamentId, undefined)).toBeNull();
    // The public of a published tournament and its scorekeeper read no queue.
    const publicAccess = (await getTournamentAccess(other.tournamentId, undefined))!;
    expect(await getJudgeCallQueue(publicAccess)).toBeNull();
    expect(
      await getMatchJudgeCalls(publicAccess, other.matchOf(seatedPlayer(other)).id),
    ).toBeNull();
    expect(
      await getJudgeCallQueue(
        (await getTournamentAccess(other.tournamentId, accounts.scorekeeper.userId))!,
      ),
    ).toBeNull();
  });

  it("through the actions: a scorekeeper cannot claim, a judge of another tournament finds nothing, a player's code calls only to their own match", async () => {
    const event = await freshEvent();
    const other = await freshEvent();
    const name = seatedPlayer(event);
    const match = event.matchOf(name);
    const codes = new Map(
      (await listPlayerCodes(trustedTournamentAccess(event.tournamentId)))!.map((row) => [
        row.name,
        row.code,
      ]),
    );

    setCookies = new Map();
    currentHeaders = requestFrom("10.9.0.1");
    await signInWithCodeAction(IDLE_FORM, form({ code: codes.get(name)! })).catch(
      (error: unknown) => {
        if (!(error instanceof Redirected)) throw error;
      },
    );
    const cookie = `${PLAYER_SESSION_COOKIE}=${setCookies.get(PLAYER_SESSION_COOKIE)}`;
    currentHeaders = new Headers({ cookie });
    const someoneElses = [...event.players.keys()].find(
      (each) => each !== name && each !== event.byeOf && event.matchOf(each).id !== match.id,
    )!;
    expect(
      await callJudgeAction(
        IDLE_FORM,
        form({ matchId: event.matchOf(someoneElses).id, idempotencyKey: key() }),
      ),
    ).toMatchObject({ status: "error", code: "FORBIDDEN" });
    const called = await callJudgeAction(
      IDLE_FORM,
      form({ matchId: match.id, note: "Need a ruling", idempotencyKey: key() }),
    );
    expect(called).toMatchObject({
      status: "success",
      message: `A judge has been called to table ${match.tableNumber}.`,
    });
    const again = await callJudgeAction(
      IDLE_FORM,
      form({ matchId: match.id, idempotencyKey: key() }),
    );
    expect(again.message).toContain("still open");
    const callId = (await prisma.judgeCall.findFirstOrThrow({ where: { matchId: match.id } })).id;

    const claimAs = (account: TestAccount, tournamentId: string) => {
      currentHeaders = new Headers(account.headers);
      return claimJudgeCallAction(IDLE_FORM, form({ tournamentId, matchId: match.id, callId }));
    };
    expect(await claimAs(accounts.scorekeeper, event.tournamentId)).toMatchObject({
      status: "error",
      code: "FORBIDDEN",
    });
    expect(await claimAs(accounts.judge, other.tournamentId)).toMatchObject({
      status: "error",
      code: "NOT_FOUND",
    });
    expect(await claimAs(accounts.judge, event.tournamentId)).toMatchObject({ status: "success" });
    expect(await claimAs(accounts.otherJudge, event.tournamentId)).toMatchObject({
      status: "error",
      code: "CONFLICT",
      message: "Jo Judge has already taken this call.",
    });

    currentHeaders = new Headers(accounts.judge.headers);
    const redirected = await resolveJudgeCallAction(
      IDLE_FORM,
      form({
        tournamentId: event.tournamentId,
        matchId: match.id,
        callId,
        followUp: "TIME_EXTENSION",
      }),
    ).catch((error: unknown) => error);
    expect(redirected).toBeInstanceOf(Redirected);
    expect((redirected as Redirected).location).toBe(
      `/tournaments/${event.tournamentId}/rounds/1?extend=${match.id}#table-${match.tableNumber}`,
    );
  });
});

describe("judge calls name their round as every page does", () => {
  it("a call from a semifinal is from the Semifinals, not 'round 2'; a Swiss call is from Round 1", async () => {
    const created = await createTournament(
      {
        name: `Calls playoff ${Math.random()}`,
        format: "",
        gamesToWin: 2,
        roundMinutes: 50,
        teamSize: 1,
      },
      accounts.organizer,
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    const ids = new Map<string, string>();
    for (const name of ["Ana", "Ben", "Cleo", "Dev"]) {
      const registered = await registerPlayer({ tournamentId, name });
      if (!registered.ok) throw new Error(registered.error.message);
      ids.set(registered.value.id, name);
    }
    await pairNextSwissRound(tournamentId, "calls-playoff");
    const swiss = (await getRound(tournamentId, 1))!.matches[0]!;
    const swissCall = await callJudge(
      { matchId: swiss.id, note: "", idempotencyKey: key() },
      { registrationId: swiss.sideA.id, tournamentId },
    );
    expect(swissCall).toMatchObject({ ok: true, value: { call: { roundName: "Round 1" } } });
    for (const match of (await getRound(tournamentId, 1))!.matches) {
      const reported = await reportMatchResult(
        {
          matchId: match.id,
          winsA: 2,
          winsB: 0,
          draws: 0,
          expectedVersion: match.version,
          idempotencyKey: key(),
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Scorekeeper" },
      );
      if (!reported.ok) throw new Error(reported.error.message);
    }
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    const semi = (await getRound(tournamentId, started.value.roundNumber))!.matches[0]!;
    const called = await callJudge(
      { matchId: semi.id, note: "", idempotencyKey: key() },
      { registrationId: semi.sideA.id, tournamentId },
    );
    expect(called).toMatchObject({ ok: true, value: { call: { roundName: "Semifinals" } } });
    const queue = (await getJudgeCallQueue(trustedTournamentAccess(tournamentId)))!;
    expect(queue.open.map((call) => [call.tableNumber, call.roundName])).toEqual([
      [swiss.tableNumber, "Round 1"],
      [semi.tableNumber, "Semifinals"],
    ]);
  });
});

describe("judge calls from a Commander pod (CR 100.6a)", () => {
  /** Eight players in two pods of four, round 1 started, with the same staff as a two-player event. */
  async function podEvent() {
    const created = await createTournament(
      CreateTournamentSchema.parse({
        name: `Pod calls ${++eventCount} ${Math.random()}`,
        format: "Commander",
        structure: "PODS",
      }),
      accounts.organizer,
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    await addStaff(tournamentId, accounts.judge, "JUDGE", "Jo Judge");
    const registered = await registerPlayers({
      tournamentId,
      names: Array.from({ length: 8 }, (_, index) => `Pilot ${index + 1}`).join("\n"),
    });
    if (!registered.ok) throw new Error(registered.error.message);
    const paired = await pairNextPodRound(tournamentId, "calls");
    if (!paired.ok) throw new Error(paired.error.message);
    await startRound(tournamentId, 1);
    const codes = new Map(
      (await listPlayerCodes(trustedTournamentAccess(tournamentId)))!.map((row) => [
        row.name,
        row.code,
      ]),
    );
    const pods = (await getPodRound(tournamentId, 1))!.pods;
    return { tournamentId, codes, pods };
  }

  async function phoneOf(codes: Map<string, string>, name: string) {
    setCookies = new Map();
    currentHeaders = requestFrom(`10.9.1.${++keyCount % 250}`);
    await signInWithCodeAction(IDLE_FORM, form({ code: codes.get(name)! })).catch(
      (error: unknown) => {
        if (!(error instanceof Redirected)) throw error;
      },
    );
    return `${PLAYER_SESSION_COOKIE}=${setCookies.get(PLAYER_SESSION_COOKIE)}`;
  }

  it("a pod player's phone has the round clock and calls a judge to their pod; a judge takes the call and resolves it at the pod", async () => {
    const { tournamentId, codes, pods } = await podEvent();
    const [pod, otherPod] = pods as [(typeof pods)[number], (typeof pods)[number]];
    const [first, second] = pod.seats as [(typeof pod.seats)[number], (typeof pod.seats)[number]];
    const caller = { registrationId: first.registrationId, tournamentId };

    const mine = (await getPlayerPod(caller))!;
    expect(mine.clock).toMatchObject({ kind: "timed", isOver: false });
    expect(mine.serverNow).toEqual(expect.any(Number));

    // A code calls only to its own current pod.
    currentHeaders = new Headers({ cookie: await phoneOf(codes, first.name) });
    expect(
      await callJudgeAction(IDLE_FORM, form({ podId: otherPod.id, idempotencyKey: key() })),
    ).toMatchObject({ status: "error", code: "FORBIDDEN" });
    const called = await callJudgeAction(
      IDLE_FORM,
      form({ podId: pod.id, note: "Stack question", idempotencyKey: key() }),
    );
    expect(called).toMatchObject({
      status: "success",
      message: `A judge has been called to pod ${pod.tableNumber}.`,
    });
    expect(
      (await callJudgeAction(IDLE_FORM, form({ podId: pod.id, idempotencyKey: key() }))).message,
    ).toContain("still open");
    // JC2: a pod-mate has their own call.
    const mate = await callJudge(
      { podId: pod.id, note: "", idempotencyKey: key() },
      { registrationId: second.registrationId, tournamentId },
    );
    expect(mate.ok && mate.value.isNew).toBe(true);

    const call = (await getPlayerJudgeCall(caller, { podId: pod.id }))!;
    expect(call).toMatchObject({
      matchId: null,
      podId: pod.id,
      roundName: "Round 1",
      tableNumber: pod.tableNumber,
      tableLabel: String(pod.tableNumber),
      callerName: first.name,
      note: "Stack question",
      resolvedAt: null,
    });
    expect(call.opponentName).toContain(second.name);
    const queue = (await getJudgeCallQueue(trustedTournamentAccess(tournamentId)))!;
    expect(queue.open.map((open) => open.id)).toContain(call.id);

    currentHeaders = new Headers(accounts.judge.headers);
    expect(
      await claimJudgeCallAction(IDLE_FORM, form({ tournamentId, podId: pod.id, callId: call.id })),
    ).toMatchObject({ status: "success" });
    const resolved = await resolveJudgeCallAction(
      IDLE_FORM,
      form({ tournamentId, podId: pod.id, callId: call.id, followUp: "PENALTY" }),
    ).catch((error: unknown) => error);
    // A pod's penalties, clock and result are all at its place on the round page.
    expect((resolved as Redirected).location).toBe(
      `/tournaments/${tournamentId}/rounds/1#table-${pod.tableNumber}`,
    );
    expect(await getPlayerJudgeCall(caller, { podId: pod.id })).toMatchObject({
      resolvedByName: "Jo Judge",
      followUp: "PENALTY",
    });
    // A resolved call stays, as history; the player may call again.
    const again = await callJudge({ podId: pod.id, note: "", idempotencyKey: key() }, caller);
    expect(again.ok && again.value.isNew).toBe(true);
    expect(await prisma.judgeCall.count({ where: { podId: pod.id } })).toBe(3);
    // The database keeps every call to exactly one table: a match or a pod.
    await expect(
      prisma.judgeCall.create({
        data: {
          tournamentId,
          tableNumber: 1,
          calledById: first.registrationId,
          idempotencyKey: key(),
        },
      }),
    ).rejects.toThrow(/JudgeCall_match_or_pod|check constraint/i);
  });
});
