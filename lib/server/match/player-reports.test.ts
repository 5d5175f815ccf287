import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound, startRound } from "@/lib/server/round/rounds";
import { getRoundQueue, roundNotFinalMessage } from "./report-flow";
import {
  PLAYER_CODE_LIMITS,
  listPlayerCodes,
  playerCodesForRound,
  resolvePlayerSession,
} from "@/lib/server/check-in/player-codes";
import { createSignedInAccount, requestFrom, type TestAccount } from "@/test/accounts";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

/**
 * Players sign in with their code, report their own match and confirm
 * the opponent's (MTR 2.5); disagreement is a dispute that staff settle from the queue; a code
 * can act on nothing but its own current match; guessing codes is limited; reissuing a code ends
 * its sessions. Called through the real server actions, against a real PostgreSQL.
 */

// Who is calling: the actions read the request's headers and set cookies through next/headers.
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

const { signInWithCodeAction, reissuePlayerCodeAction } = await import(
  "@/lib/server/check-in/player-code-actions"
);
const { reportOwnResultAction, dropSelfAction, settleMatchAction } = await import(
  "./player-report-actions"
);
const { PLAYER_SESSION_COOKIE } = await import("@/lib/server/check-in/player-session");
const { reportMatchResultAction } = await import("./result-actions");
const { quickEntryAction } = await import("./quick-entry-actions");
const { callJudgeAction } = await import("@/lib/server/judge-calls/judge-call-actions");
const { POST: postResult } = await import("@/app/api/matches/[id]/result/route");
const { recordGame } = await import("./record-game");
const { restartGame } = await import("./restart-game");
const { recordPenalty } = await import("./penalties");
const { recordEndOfMatchStep } = await import("./end-of-match");
const { getMatchForTable } = await import("./match-table");
const { getMatchHistory } = await import("./match-history");
const { describeHistoryEntry } = await import("@/lib/match-history-format");
const { getPlayerMatchView } = await import("./player-reports");
const { reportMatchResult } = await import("./results");
const { finishEvent } = await import("@/lib/server/tournament/event-status");
const { describeGameOnRecord, offeredChoices } = await import("@/components/player-slips");
const { turnLabel } = await import("@/components/end-of-match-words");

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

let organizer: TestAccount;
let addressCounter = 0;

type Event = { tournamentId: string; codes: Map<string, string>; ids: Map<string, string> };

async function freshEvent(names = ["Ana", "Ben", "Cleo", "Dev"]): Promise<Event> {
  const created = await createTournament(
    { name: `Reports ${Math.random()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  const ids = new Map<string, string>();
  for (const name of names) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
    ids.set(name, registered.value.id);
  }
  const paired = await pairNextSwissRound(tournamentId, "reports");
  if (!paired.ok) throw new Error(paired.error.message);
  await startRound(tournamentId, 1);
  const codes = new Map(
    (await listPlayerCodes(trustedTournamentAccess(tournamentId)))!.map((row) => [
      row.name,
      row.code,
    ]),
  );
  return { tournamentId, codes, ids };
}

/** Signs a phone in with a code through the /play form; answers the Cookie header that phone then sends. */
async function signInAs(
  code: string,
  address = `10.1.0.${++addressCounter}`,
): Promise<{ cookie: string; state: FormState | null }> {
  return signInWithCode(code, requestFrom(address));
}

async function signInWithCode(
  code: string,
  headers: Headers,
): Promise<{ cookie: string; state: FormState | null }> {
  setCookies = new Map();
  currentHeaders = headers;
  try {
    const state = await signInWithCodeAction(IDLE_FORM, form({ code }));
    return { cookie: "", state };
  } catch (error) {
    if (!(error instanceof Redirected) || error.location !== "/play/me") throw error;
    return {
      cookie: `${PLAYER_SESSION_COOKIE}=${setCookies.get(PLAYER_SESSION_COOKIE)}`,
      state: null,
    };
  }
}

async function matchOf(event: Event, name: string) {
  const round = (await getRound(event.tournamentId, 1))!;
  const match = round.matches.find(
    (candidate) => candidate.sideA.displayName === name || candidate.sideB?.displayName === name,
  )!;
  return { ...match, sideOf: (who: string) => (match.sideA.displayName === who ? "A" : "B") };
}

/** A player's report as the phone's form sends it: the slip in the pairing's A/B orientation. */
async function report(
  cookie: string,
  match: { id: string },
  slip: { winsA: number; winsB: number; draws?: number },
  extra: Record<string, string> = {},
) {
  currentHeaders = new Headers({ cookie });
  const current = await prisma.match.findUniqueOrThrow({
    where: { id: match.id },
    select: { version: true },
  });
  return reportOwnResultAction(
    IDLE_FORM,
    form({
      matchId: match.id,
      winsA: String(slip.winsA),
      winsB: String(slip.winsB),
      draws: String(slip.draws ?? 0),
      expectedVersion: String(current.version),
      idempotencyKey: `key-${Math.random()}`,
      ...extra,
    }),
  );
}

/** A judge records one game on the match page. */
async function judgeGame(match: { id: string }, winner: "A" | "B", chooser: "A" | "B" = "A") {
  const version = (
    await prisma.match.findUniqueOrThrow({ where: { id: match.id }, select: { version: true } })
  ).version;
  const recorded = await recordGame(
    {
      matchId: match.id,
      expectedVersion: version,
      idempotencyKey: `game-${Math.random()}`,
      chooser,
      choice: "PLAY",
      reason: "LIFE",
      winner,
      note: "",
    },
    { name: "Judge" },
    { mayOverrideChooser: true },
  );
  if (!recorded.ok) throw new Error(recorded.error.message);
  return recorded.value;
}

async function rowsOf(matchId: string) {
  const [match, reports, changes] = await Promise.all([
    prisma.match.findUniqueOrThrow({
      where: { id: matchId },
      select: { version: true, winsA: true, winsB: true, draws: true, confirmedAt: true },
    }),
    prisma.matchReport.findMany({ where: { matchId }, orderBy: { createdAt: "asc" } }),
    prisma.resultChange.findMany({ where: { matchId }, orderBy: { version: "asc" } }),
  ]);
  return { match, reports, changes };
}

beforeAll(async () => {
  organizer = await createSignedInAccount("Reports Organizer");
}, 60_000);
afterAll(async () => {
  await prisma.$disconnect();
});

describe("players report their own match, the opponent confirms", () => {
  it("MTR 2.5: a report waits for the opponent; their confirmation completes the match", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ana");
    const reporter = match.sideA.displayName;
    const opponent = match.sideB!.displayName;
    const a = await signInAs(event.codes.get(reporter)!);
    const b = await signInAs(event.codes.get(opponent)!.toLowerCase().replaceAll("-", " "));
    expect(a.cookie && b.cookie).toBeTruthy();

    const first = await report(a.cookie, match, { winsA: 2, winsB: 1 });
    expect(first, JSON.stringify(first)).toMatchObject({ status: "success" });
    let rows = await rowsOf(match.id);
    // Nothing is the result yet: it waits for the opponent.
    expect(rows.match).toMatchObject({ winsA: null, confirmedAt: null, version: 1 });
    expect(rows.changes.map((change) => change.kind)).toEqual(["REPORTED"]);
    const waiting = await getRoundQueue(trustedTournamentAccess(event.tournamentId), 1);
    expect(waiting!.matches.find((row) => row.id === match.id)!.flow.state).toBe(
      "awaiting-confirmation",
    );
    expect(await roundNotFinalMessage(prisma, event.tournamentId, 1)).toMatch(
      /not final: .*awaiting confirmation/,
    );

    const confirmed = await report(b.cookie, match, { winsA: 2, winsB: 1 });
    expect(confirmed, JSON.stringify(confirmed)).toMatchObject({
      status: "success",
      message: expect.stringContaining("complete"),
    });
    rows = await rowsOf(match.id);
    expect(rows.match).toMatchObject({ winsA: 2, winsB: 1, draws: 0, version: 2 });
    expect(rows.match.confirmedAt).not.toBeNull();
    expect(rows.changes.map((change) => change.kind)).toEqual(["REPORTED", "CONFIRMED"]);
    expect(rows.reports[0]).toMatchObject({
      source: "PLAYER",
      reportedById: match.sideA.id,
      confirmedById: match.sideB!.id,
    });
  });

  it("a report sent twice (a double tap, a retry) is recorded once; a stale form is told the match changed", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Dev");
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    const sent = form({
      matchId: match.id,
      winsA: "2",
      winsB: "0",
      draws: "0",
      expectedVersion: "0",
      idempotencyKey: "double-tap-key-1",
    });
    currentHeaders = new Headers({ cookie: a.cookie });
    expect(await reportOwnResultAction(IDLE_FORM, sent)).toMatchObject({ status: "success" });
    expect(await reportOwnResultAction(IDLE_FORM, sent)).toMatchObject({
      status: "success",
      message: expect.stringContaining("recorded once"),
    });
    const rows = await rowsOf(match.id);
    expect(rows.reports).toHaveLength(1);
    expect(rows.match.version).toBe(1);
    // The opponent's page was rendered before that report: it is refused as stale, with nothing saved.
    currentHeaders = new Headers({ cookie: b.cookie });
    const stale = await reportOwnResultAction(
      IDLE_FORM,
      form({
        matchId: match.id,
        winsA: "0",
        winsB: "2",
        draws: "0",
        expectedVersion: "0",
        idempotencyKey: "stale-form-key-1",
      }),
    );
    expect(stale).toMatchObject({ status: "error", code: "CONFLICT" });
    expect(await rowsOf(match.id)).toEqual(rows);
  });

  it("a used key sent again with another slip is a conflict, not the first report's success", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ana");
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    currentHeaders = new Headers({ cookie: a.cookie });
    const values = {
      matchId: match.id,
      winsA: "2",
      winsB: "0",
      draws: "0",
      expectedVersion: "0",
      idempotencyKey: `bound-key-${Math.random()}`,
    };
    expect(await reportOwnResultAction(IDLE_FORM, form(values))).toMatchObject({
      status: "success",
    });
    const before = await rowsOf(match.id);
    for (const changed of [
      { winsA: "2", winsB: "1" },
      { winsA: "0", winsB: "2" },
      { draws: "1", winsA: "1", winsB: "1" },
    ]) {
      expect(
        await reportOwnResultAction(IDLE_FORM, form({ ...values, ...changed })),
        JSON.stringify(changed),
      ).toMatchObject({
        status: "error",
        code: "CONFLICT",
        message: expect.stringContaining("already used"),
      });
    }
    expect(await rowsOf(match.id)).toEqual(before);
  });

  it("MTR 2.5: the same report sent again from a fresh form changes nothing; a changed report is taken a few times, then a judge takes over", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ben");
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    expect(await report(a.cookie, match, { winsA: 2, winsB: 1 })).toMatchObject({
      status: "success",
    });
    const first = await rowsOf(match.id);
    for (let resend = 0; resend < 5; resend++) {
      expect(await report(a.cookie, match, { winsA: 2, winsB: 1 })).toMatchObject({
        status: "success",
        message: expect.stringContaining("nothing changed"),
      });
    }
    expect(await rowsOf(match.id)).toEqual(first);

    // Changing one's own waiting report (a typo) is allowed, each change kept in the history.
    const changes = [
      { winsA: 2, winsB: 0 },
      { winsA: 1, winsB: 2 },
      { winsA: 2, winsB: 1 },
    ];
    for (const slip of changes)
      expect(await report(a.cookie, match, slip), JSON.stringify(slip)).toMatchObject({
        status: "success",
      });
    const changed = await rowsOf(match.id);
    expect(changed.match.version).toBe(first.match.version + changes.length);
    expect(changed.changes.map((change) => change.kind)).toEqual([
      "REPORTED",
      "REPORTED",
      "REPORTED",
      "REPORTED",
    ]);
    const tooMany = await report(a.cookie, match, { winsA: 0, winsB: 2 });
    expect(tooMany).toMatchObject({
      status: "error",
      code: "RATE_LIMITED",
      message: expect.stringContaining("ask a judge"),
    });
    expect(await rowsOf(match.id)).toEqual(changed);

    // The opponent can still confirm what waits.
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    expect(await report(b.cookie, match, { winsA: 2, winsB: 1 })).toMatchObject({
      status: "success",
      message: expect.stringContaining("complete"),
    });
  });

  it("MTR 2.5: confirming again after the match is complete is refused, and nothing changes", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ben");
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    await report(a.cookie, match, { winsA: 0, winsB: 2 });
    await report(b.cookie, match, { winsA: 0, winsB: 2 });
    const before = await rowsOf(match.id);
    for (const cookie of [a.cookie, b.cookie]) {
      const again = await report(cookie, match, { winsA: 2, winsB: 0 });
      expect(again).toMatchObject({ status: "error", code: "MATCH_CONFIRMED" });
    }
    expect(await rowsOf(match.id)).toEqual(before);
  });

  it("MTR 2.5: a different report marks the match disputed; nothing is taken from either until staff settle it from the queue", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Cleo");
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    await report(a.cookie, match, { winsA: 2, winsB: 0 });
    const disputed = await report(b.cookie, match, { winsA: 0, winsB: 2 });
    expect(disputed).toMatchObject({
      status: "success",
      message: expect.stringContaining("judge"),
    });
    let rows = await rowsOf(match.id);
    expect(rows.match).toMatchObject({ winsA: null, winsB: null, confirmedAt: null });
    expect(rows.changes.map((change) => change.kind)).toEqual(["REPORTED", "DISPUTED"]);
    // Players cannot report over a dispute.
    expect(await report(a.cookie, match, { winsA: 2, winsB: 1 })).toMatchObject({
      status: "error",
      code: "INVALID_RESULT",
    });

    const queue = (await getRoundQueue(trustedTournamentAccess(event.tournamentId), 1))!;
    const entry = queue.matches.find((row) => row.id === match.id)!;
    expect(entry.flow.state).toBe("disputed");
    expect(entry.flow.latestBySide.A).toMatchObject({ winsA: 2, winsB: 0 });
    expect(entry.flow.latestBySide.B).toMatchObject({ winsA: 0, winsB: 2 });
    // MTR 2.5: the round is not over while a match is disputed.
    const next = await pairNextSwissRound(event.tournamentId, "too-soon");
    expect(next).toMatchObject({
      ok: false,
      error: {
        code: "ROUND_NOT_COMPLETE",
        message: expect.stringMatching(/not final: .*\(disputed\)/),
      },
    });

    // A staff member without "disputes.resolve" (none here) is covered by the authorization matrix; the organizer settles.
    currentHeaders = new Headers(organizer.headers);
    const noReason = await settleMatchAction(
      IDLE_FORM,
      form({
        matchId: match.id,
        winsA: "2",
        winsB: "1",
        draws: "0",
        expectedVersion: String(rows.match.version),
        idempotencyKey: `settle-${Math.random()}`,
        note: "",
      }),
    );
    expect(noReason).toMatchObject({ status: "error", code: "VALIDATION" });
    const settled = await settleMatchAction(
      IDLE_FORM,
      form({
        matchId: match.id,
        winsA: "2",
        winsB: "1",
        draws: "0",
        expectedVersion: String(rows.match.version),
        idempotencyKey: `settle-${Math.random()}`,
        note: "Both agreed at the judge station: 2-1",
      }),
    );
    expect(settled, JSON.stringify(settled)).toMatchObject({ status: "success" });
    rows = await rowsOf(match.id);
    expect(rows.match).toMatchObject({ winsA: 2, winsB: 1 });
    expect(rows.match.confirmedAt).not.toBeNull();
    const last = rows.changes.at(-1)!;
    expect(last).toMatchObject({
      source: "STAFF",
      actorName: "Reports Organizer",
      note: "Settled: Both agreed at the judge station: 2-1",
    });
    expect(last.staffId).not.toBeNull();
    expect(
      (await getRoundQueue(trustedTournamentAccess(event.tournamentId), 1))!.matches.find(
        (row) => row.id === match.id,
      )!.flow.state,
    ).toBe("final");
  });

  it("MTR 2.5: a disputed match is settled only through the settle path, by those who may settle disputes; the staff form, the result API and quick entry refuse it", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Dev");
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    await report(a.cookie, match, { winsA: 2, winsB: 0 });
    await report(b.cookie, match, { winsA: 0, winsB: 2 });
    const judge = await createSignedInAccount("Dispute Judge");
    await prisma.staffMember.create({
      data: {
        tournamentId: event.tournamentId,
        userId: judge.userId,
        name: judge.name,
        email: judge.email,
        role: "JUDGE",
      },
    });
    const before = await rowsOf(match.id);
    const version = String(before.match.version);
    const slip = {
      matchId: match.id,
      winsA: "2",
      winsB: "1",
      draws: "0",
      expectedVersion: version,
    };

    for (const who of [judge, organizer]) {
      currentHeaders = new Headers(who.headers);
      // The staff result form, with and without a reason.
      for (const note of ["", "Looked at the slip"]) {
        const staffForm = await reportMatchResultAction(
          IDLE_FORM,
          form({ ...slip, idempotencyKey: `staff-${Math.random()}`, note }),
        );
        expect(staffForm, JSON.stringify(staffForm)).toMatchObject({
          status: "error",
          code: "DISPUTED",
        });
      }
      // The result API.
      const api = await postResult(
        new Request(`http://localhost/api/matches/${match.id}/result`, {
          method: "POST",
          headers: { cookie: who.cookie, "content-type": "application/json" },
          body: JSON.stringify({
            winsA: 2,
            winsB: 1,
            draws: 0,
            expectedVersion: before.match.version,
            idempotencyKey: `api-${Math.random()}`,
          }),
        }),
        { params: Promise.resolve({ id: match.id }) },
      );
      expect(api.status).toBe(409);
      expect(await api.json()).toMatchObject({ error: { code: "DISPUTED" } });
      // Quick entry on the round page.
      const quick = await quickEntryAction(
        IDLE_FORM,
        form({
          tournamentId: event.tournamentId,
          roundNumber: "1",
          entry: `${match.tableNumber} 2-1`,
          idempotencyKey: `quick-${Math.random()}`.replace(".", ""),
        }),
      );
      expect(quick, JSON.stringify(quick)).toMatchObject({ status: "error", code: "DISPUTED" });
    }
    // Nor does any other write to the match close the dispute: a game, a restart, a penalty that decides, time called.
    const staffActor = { name: "Dispute Judge" };
    expect(
      await recordGame(
        {
          matchId: match.id,
          expectedVersion: before.match.version,
          idempotencyKey: `game-${Math.random()}`,
          chooser: "A",
          choice: "PLAY",
          reason: "LIFE",
          winner: "A",
          note: "",
        },
        staffActor,
        { mayOverrideChooser: true },
      ),
    ).toMatchObject({ ok: false, error: { code: "DISPUTED" } });
    expect(
      await restartGame(
        {
          matchId: match.id,
          expectedVersion: before.match.version,
          idempotencyKey: `restart-${Math.random()}`,
          restartedBy: "A",
          note: "",
        },
        staffActor,
      ),
    ).toMatchObject({ ok: false, error: { code: "DISPUTED" } });
    expect(
      await recordPenalty(
        {
          tournamentId: event.tournamentId,
          matchId: match.id,
          registrationId: match.sideA.id,
          kind: "GAME_LOSS",
          infraction: "Tardiness (IPG 3.1)",
          gameNumber: null,
          note: "",
          expectedVersion: before.match.version,
          idempotencyKey: `penalty-${Math.random()}`,
        },
        staffActor,
      ),
    ).toMatchObject({ ok: false, error: { code: "DISPUTED" } });
    expect(
      await recordEndOfMatchStep(
        {
          step: "time-called",
          tournamentId: event.tournamentId,
          matchId: match.id,
          expectedSequence: 0,
          idempotencyKey: `time-${Math.random()}`,
          gameInProgress: true,
          activePlayerPassingTurn: false,
        },
        { staffId: null },
      ),
    ).toMatchObject({ ok: false, error: { code: "DISPUTED" } });
    // A judge may not settle (only the organizer and head judge may: docs/permissions.md).
    currentHeaders = new Headers(judge.headers);
    const judgeSettles = await settleMatchAction(
      IDLE_FORM,
      form({ ...slip, idempotencyKey: `settle-${Math.random()}`, note: "I saw it" }),
    );
    expect(judgeSettles).toMatchObject({ status: "error", code: "FORBIDDEN" });
    expect(await rowsOf(match.id)).toEqual(before);

    currentHeaders = new Headers(organizer.headers);
    const settled = await settleMatchAction(
      IDLE_FORM,
      form({
        ...slip,
        idempotencyKey: `settle-${Math.random()}`,
        note: "Both agreed at the judge station",
      }),
    );
    expect(settled, JSON.stringify(settled)).toMatchObject({ status: "success" });
    expect((await rowsOf(match.id)).changes.at(-1)).toMatchObject({
      note: "Settled: Both agreed at the judge station",
    });
  });

  it("MTR 2.1: a player's report may tell games played after those a judge recorded, never contradict them; the refusal names the players", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ana");
    await judgeGame(match, "B");
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    const before = await rowsOf(match.id);
    const contradicting = await report(a.cookie, match, { winsA: 2, winsB: 0 });
    expect(contradicting).toMatchObject({
      status: "error",
      code: "INVALID_RESULT",
      message: expect.stringContaining(
        `A judge recorded game 1 as won by ${match.sideB!.displayName}, but this report gives ${match.sideB!.displayName} 0 game wins.`,
      ),
    });
    expect(JSON.stringify(contradicting)).not.toMatch(
      /first-listed|second-listed|player A|player B/,
    );
    expect(await rowsOf(match.id)).toEqual(before);
    // The real final, 2-1 after the recorded game 1: a report for the opponent to confirm.
    expect(await report(b.cookie, match, { winsA: 1, winsB: 2 })).toMatchObject({
      status: "success",
      message: expect.stringContaining("Your opponent now confirms"),
    });
    expect(await report(a.cookie, match, { winsA: 1, winsB: 2 })).toMatchObject({
      status: "success",
      message: expect.stringContaining("complete"),
    });
    expect((await rowsOf(match.id)).match).toMatchObject({
      winsA: 1,
      winsB: 2,
      draws: 0,
      confirmedAt: expect.any(Date),
    });
    // The match page shows the result the players recorded, not the one game a judge recorded.
    const table = (await getMatchForTable(event.tournamentId, match.id))!;
    expect(table.record).toMatchObject({
      phase: "recorded",
      score: { winsA: 1, winsB: 2, draws: 0 },
      decided: { outcome: { winner: "B" } },
    });
  });

  it("MTR 2.5: after a judge recorded the games that decide the match, a player concedes on their phone; the opponent confirms and every screen shows the 2-1", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ana");
    await judgeGame(match, "A");
    await judgeGame(match, "A", "B");
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    const ana = (await resolvePlayerSession(a.cookie.split("=")[1]))!;
    const ben = (await resolvePlayerSession(b.cookie.split("=")[1]))!;
    expect((await getPlayerMatchView(ana)).match).toMatchObject({
      flow: { state: "decided" },
      result: { winsA: 2, winsB: 0, draws: 0 },
    });
    // The phone's "I concede" sends no games: it is on the games recorded.
    const sent = form({
      matchId: match.id,
      winsA: "0",
      winsB: "0",
      draws: "0",
      concededBy: "A",
      expectedVersion: String((await rowsOf(match.id)).match.version),
      idempotencyKey: `concede-${Math.random()}`,
    });
    currentHeaders = new Headers({ cookie: a.cookie });
    const conceded = await reportOwnResultAction(IDLE_FORM, sent);
    expect(conceded, JSON.stringify(conceded)).toMatchObject({
      status: "success",
      message: expect.stringContaining("Your opponent now confirms"),
    });
    // A double tap is the same report, recorded once.
    expect(await reportOwnResultAction(IDLE_FORM, sent)).toMatchObject({
      status: "success",
      message: expect.stringContaining("recorded once"),
    });
    const waiting = (await getPlayerMatchView(ben)).match!;
    expect(waiting.flow).toMatchObject({
      state: "awaiting-confirmation",
      pendingBy: "A",
      pending: { slip: { winsA: 1, winsB: 2, draws: 0 }, concededBy: "A" },
    });
    // The opponent's phone confirms by sending the waiting report back.
    const confirmed = await report(b.cookie, match, waiting.flow.pending!.slip, {
      concededBy: "A",
    });
    // MTR 2.5: the confirmation keeps the story: a concession, with who conceded.
    expect(confirmed, JSON.stringify(confirmed)).toMatchObject({
      status: "success",
      message: `Confirmed: ${match.sideA.displayName} conceded: ${match.sideB!.displayName} wins 2-1. The match is complete.`,
    });
    const rows = await rowsOf(match.id);
    expect(rows.match).toMatchObject({
      winsA: 1,
      winsB: 2,
      draws: 0,
      confirmedAt: expect.any(Date),
    });
    expect(rows.changes.map((change) => change.kind)).toEqual([
      "GAME_RECORDED",
      "GAME_RECORDED",
      "REPORTED",
      "CONFIRMED",
    ]);
    const table = (await getMatchForTable(event.tournamentId, match.id))!;
    expect(table.record).toMatchObject({
      phase: "recorded",
      decided: {
        decidedBy: "concession",
        outcome: { winner: "B", slip: { winsA: 1, winsB: 2, draws: 0 } },
      },
    });
    expect((await getPlayerMatchView(ana)).match).toMatchObject({
      flow: { state: "final" },
      result: { winsA: 1, winsB: 2, draws: 0 },
    });
  });

  it("MTR 2.5: after a judge recorded the games that decide the match, the players agree to a draw on their phones", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ana");
    await judgeGame(match, "A");
    await judgeGame(match, "A", "B");
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    expect(
      await report(b.cookie, match, { winsA: 0, winsB: 0 }, { intentionalDraw: "on" }),
    ).toMatchObject({ status: "success" });
    expect(
      await report(a.cookie, match, { winsA: 2, winsB: 0 }, { intentionalDraw: "on" }),
    ).toMatchObject({
      status: "success",
      message: "Confirmed: Intentional draw, 2-0-0. The match is complete.",
    });
    expect((await rowsOf(match.id)).match).toMatchObject({
      winsA: 2,
      winsB: 0,
      draws: 0,
      confirmedAt: expect.any(Date),
    });
    const table = (await getMatchForTable(event.tournamentId, match.id))!;
    expect(table.record).toMatchObject({
      phase: "recorded",
      decided: { decidedBy: "intentional-draw", outcome: { winner: null } },
    });
  });

  it("MTR 2.5: a judge recording a game while a player's report waits for the opponent sets the report aside, and the history says so", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ana");
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    expect(await report(b.cookie, match, { winsA: 0, winsB: 2 })).toMatchObject({
      status: "success",
    });
    expect(
      (await getRoundQueue(trustedTournamentAccess(event.tournamentId), 1))!.matches.find(
        (row) => row.id === match.id,
      )!.flow.state,
    ).toBe("awaiting-confirmation");
    const recorded = await judgeGame(match, "A");
    expect(recorded).toMatchObject({ number: 1, setAsideReportBy: "B" });
    // The report no longer waits on either phone.
    expect(
      (await getRoundQueue(trustedTournamentAccess(event.tournamentId), 1))!.matches.find(
        (row) => row.id === match.id,
      )!.flow.state,
    ).toBe("no-report");
    const history = (await getMatchHistory(event.tournamentId, match.id))!;
    const game = history.find(
      (entry) => entry.kind === "result-change" && entry.change === "GAME_RECORDED",
    )!;
    expect(game).toMatchObject({
      setAside: {
        by: "B",
        slip: { winsA: 0, winsB: 2, draws: 0 },
        concededBy: null,
        intentionalDraw: false,
      },
    });
    const names = { A: match.sideA.displayName, B: match.sideB!.displayName };
    expect(describeHistoryEntry(game, names, () => "").change).toContain(
      `${names.B}'s report (0-2-0), waiting for ${names.A} to confirm, was set aside by this game`,
    );
    // A game with no report waiting sets nothing aside.
    expect(await judgeGame(match, "A", "B")).toMatchObject({ number: 2, setAsideReportBy: null });
  });

  it("a code acting on another match (of its tournament or another) or as staff is refused with nothing changed", async () => {
    const event = await freshEvent();
    const other = await freshEvent(["Eve", "Fin"]);
    const own = await matchOf(event, "Ana");
    const notOwn = (await getRound(event.tournamentId, 1))!.matches.find(
      (match) => match.id !== own.id,
    )!;
    const elsewhere = (await getRound(other.tournamentId, 1))!.matches[0]!;
    const ana = await signInAs(event.codes.get("Ana")!);
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all([
          rowsOf(own.id),
          rowsOf(notOwn.id),
          rowsOf(elsewhere.id),
          prisma.registration.findMany({
            orderBy: { id: "asc" },
            select: { id: true, droppedAfterRound: true },
          }),
        ]),
      );
    const before = await snapshot();
    expect(await report(ana.cookie, notOwn, { winsA: 2, winsB: 0 })).toMatchObject({
      status: "error",
      code: "FORBIDDEN",
    });
    expect(await report(ana.cookie, elsewhere, { winsA: 2, winsB: 0 })).toMatchObject({
      status: "error",
      code: "FORBIDDEN",
    });
    // A judge call names the player's own match and nothing else: a pod of any event is refused.
    currentHeaders = new Headers({ cookie: ana.cookie });
    const call = (values: Record<string, string>) =>
      callJudgeAction(
        IDLE_FORM,
        form({ matchId: own.id, note: "", idempotencyKey: `call-${Math.random()}`, ...values }),
      );
    expect(await call({ podId: "a-pod-of-a-hidden-event" })).toMatchObject({
      status: "error",
      code: "FORBIDDEN",
    });
    expect(await call({ matchId: elsewhere.id })).toMatchObject({
      status: "error",
      code: "FORBIDDEN",
    });
    // Staff-only actions are refused to a player session (no account), and no session at all reports nothing.
    currentHeaders = new Headers({ cookie: ana.cookie });
    expect(
      await reissuePlayerCodeAction(
        IDLE_FORM,
        form({ tournamentId: event.tournamentId, registrationId: event.ids.get("Ben")! }),
      ),
    ).toMatchObject({ status: "error", code: "UNAUTHENTICATED" });
    expect(await report("", own, { winsA: 2, winsB: 0 })).toMatchObject({
      status: "error",
      code: "UNAUTHENTICATED",
    });
    expect(
      await report(`${PLAYER_SESSION_COOKIE}=forged-token`, own, { winsA: 2, winsB: 0 }),
    ).toMatchObject({ status: "error", code: "UNAUTHENTICATED" });
    expect(await snapshot()).toBe(before);
  });

  it("MTR 2.10: a player drops themselves, with a confirm step, and only themselves", async () => {
    const event = await freshEvent();
    const dev = await signInAs(event.codes.get("Dev")!);
    currentHeaders = new Headers({ cookie: dev.cookie });
    expect(await dropSelfAction(IDLE_FORM, form({}))).toMatchObject({
      status: "error",
      code: "VALIDATION",
    });
    // Naming someone else is refused, with nothing changed; naming themselves is their own drop.
    const elsewhere = (await getRound((await freshEvent(["Eve", "Fin"])).tournamentId, 1))!
      .matches[0]!;
    const own = await matchOf(event, "Dev");
    const others: Record<string, string>[] = [
      { registrationId: event.ids.get("Ana")! },
      { tournamentId: "another-tournament" },
      { registrationId: event.ids.get("Ana")!, playerId: event.ids.get("Dev")! },
      // Ids a drop does not use are refused too, their own match's included (docs/permissions.md).
      { matchId: elsewhere.id },
      { matchId: own.id },
      { podId: "some-pod" },
    ];
    for (const values of others) {
      expect(
        await dropSelfAction(IDLE_FORM, form({ confirm: "yes", ...values })),
        JSON.stringify(values),
      ).toMatchObject({ status: "error", code: "FORBIDDEN" });
    }
    const untouched = await prisma.registration.count({
      where: { tournamentId: event.tournamentId, droppedAfterRound: { not: null } },
    });
    expect(untouched).toBe(0);
    const dropped = await dropSelfAction(
      IDLE_FORM,
      form({ confirm: "yes", registrationId: event.ids.get("Dev")! }),
    );
    expect(dropped).toMatchObject({ status: "success" });
    const rows = await prisma.registration.findMany({
      where: { tournamentId: event.tournamentId },
      select: { displayName: true, droppedAfterRound: true },
    });
    expect(Object.fromEntries(rows.map((row) => [row.displayName, row.droppedAfterRound]))).toEqual(
      { Ana: null, Ben: null, Cleo: null, Dev: 1 },
    );
  });

  it("guessing codes is limited per address, with a plain message for a wrong code and when to retry; a right code from that address still signs in", async () => {
    const event = await freshEvent();
    const address = "10.77.0.1";
    const wrong = await signInAs("ABCD-EFGH-JKMN", address);
    expect(wrong.state).toMatchObject({
      status: "error",
      code: "NOT_FOUND",
      message: expect.stringContaining("does not match any player"),
    });
    const malformed = await signInAs("0000-1111", address);
    expect(malformed.state).toMatchObject({
      status: "error",
      code: "VALIDATION",
      message: expect.stringContaining("no 0 or O"),
    });
    for (let attempt = 1; attempt < PLAYER_CODE_LIMITS.address; attempt++)
      await signInAs(`ABCD-EFGH-JK${"MNPQRSTVWXYZ"[attempt]}${"23456789"[attempt % 8]}`, address);
    const limited = await signInAs("ABCD-EFGH-JKMN", address);
    expect(limited.cookie).toBe("");
    expect(limited.state).toMatchObject({
      status: "error",
      code: "RATE_LIMITED",
      message: expect.stringMatching(/Try again in \d+ minutes?/),
    });
    // A venue's shared network where a room mistyped: every right code still signs in, there and elsewhere.
    expect((await signInAs(event.codes.get("Ana")!, address)).cookie).not.toBe("");
    expect((await signInAs(event.codes.get("Ben")!, address)).cookie).not.toBe("");
    expect((await signInAs(event.codes.get("Ana")!, "10.77.0.2")).cookie).not.toBe("");
  });

  it("a client's own X-Forwarded-For neither escapes its address's limit nor spends someone else's", async () => {
    const event = await freshEvent();
    const guess = (attempt: number) =>
      `ABCD-EFGH-JK${"MNPQRSTVWXYZ"[attempt]}${"23456789"[attempt % 8]}`;
    for (let attempt = 0; attempt < PLAYER_CODE_LIMITS.address; attempt++) {
      await signInWithCode(
        guess(attempt),
        requestFrom("10.79.0.1", {
          forwardedFor: attempt % 2 ? `172.16.9.${attempt}` : "10.79.0.2",
        }),
      );
    }
    const limited = await signInWithCode(
      guess(11),
      requestFrom("10.79.0.1", { forwardedFor: "172.16.9.200" }),
    );
    expect(limited.state).toMatchObject({ status: "error", code: "RATE_LIMITED" });
    // The address it pretended to be is untouched.
    expect((await signInWithCode(guess(11), requestFrom("10.79.0.2"))).state).toMatchObject({
      status: "error",
      code: "NOT_FOUND",
    });
    expect(
      (await signInWithCode(event.codes.get("Dev")!, requestFrom("10.79.0.2"))).cookie,
    ).not.toBe("");
  });

  it("the app-wide limit on wrong codes never locks out a player with a real code (addresses can be made up, so anyone could fill it)", async () => {
    const event = await freshEvent();
    const key = "player-code:everyone";
    await prisma.signInThrottle.upsert({
      where: { key },
      create: { key, windowStart: new Date(), failures: PLAYER_CODE_LIMITS.everyone },
      update: { windowStart: new Date(), failures: PLAYER_CODE_LIMITS.everyone },
    });
    try {
      const wrong = await signInAs("ABCD-EFGH-JKMN", "10.78.0.1");
      expect(wrong.state).toMatchObject({
        status: "error",
        code: "RATE_LIMITED",
        message: expect.stringContaining("Too many wrong codes from this app right now"),
      });
      expect((await signInAs(event.codes.get("Cleo")!, "10.78.0.2")).cookie).not.toBe("");
      // Wrong codes still count against their address: one address cannot guess on past its own limit.
      for (let attempt = 1; attempt < PLAYER_CODE_LIMITS.address; attempt++)
        await signInAs(
          `ABCD-EFGH-JK${"MNPQRSTVWXYZ"[attempt]}${"23456789"[attempt % 8]}`,
          "10.78.0.1",
        );
      const limited = await signInAs("ABCD-EFGH-JKMN", "10.78.0.1");
      expect(limited.state).toMatchObject({
        status: "error",
        code: "RATE_LIMITED",
        message: expect.stringContaining("from this network address"),
      });
      expect((await signInAs(event.codes.get("Cleo")!, "10.78.0.1")).cookie).not.toBe("");
    } finally {
      await prisma.signInThrottle.delete({ where: { key } });
    }
  });

  it("reissuing a code ends its sessions and the old code no longer works; the new one does", async () => {
    const event = await freshEvent();
    const oldCode = event.codes.get("Ben")!;
    const ben = await signInAs(oldCode);
    expect(await resolvePlayerSession(ben.cookie.split("=")[1])).not.toBeNull();
    currentHeaders = new Headers(organizer.headers);
    const reissued = await reissuePlayerCodeAction(
      IDLE_FORM,
      form({ tournamentId: event.tournamentId, registrationId: event.ids.get("Ben")! }),
    );
    expect(reissued).toMatchObject({
      status: "success",
      message: expect.stringMatching(/^New code: [2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}\./),
    });
    expect(await resolvePlayerSession(ben.cookie.split("=")[1])).toBeNull();
    const match = await matchOf(event, "Ben");
    expect(await report(ben.cookie, match, { winsA: 2, winsB: 0 })).toMatchObject({
      status: "error",
      code: "UNAUTHENTICATED",
    });
    expect((await signInAs(oldCode)).state).toMatchObject({ code: "NOT_FOUND" });
    const newCode = (await listPlayerCodes(trustedTournamentAccess(event.tournamentId)))!.find(
      (row) => row.name === "Ben",
    )!.code;
    expect(newCode).not.toBe(oldCode);
    expect((await signInAs(newCode)).cookie).not.toBe("");
  });

  it("every seated player has a unique code for the round's slips, including rows made before codes existed", async () => {
    const event = await freshEvent();
    await prisma.registration.update({
      where: { id: event.ids.get("Cleo")! },
      data: { code: null },
    });
    const slips = (await playerCodesForRound(trustedTournamentAccess(event.tournamentId), 1))!;
    const codes = slips.flatMap((table) => table.players.map((player) => player.code));
    expect(codes).toHaveLength(4);
    expect(new Set(codes).size).toBe(4);
    for (const code of codes)
      expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
  });
});

describe("My match shows no clock once there is nothing left to time (MTR 2.4)", () => {
  async function reportRound(event: Event, round: number) {
    for (const match of (await getRound(event.tournamentId, round))!.matches) {
      if (match.sideB === null) continue;
      const reported = await reportMatchResult(
        {
          matchId: match.id,
          expectedVersion: match.version,
          winsA: 2,
          winsB: 0,
          draws: 0,
          idempotencyKey: `round-${Math.random()}`,
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Scorekeeper" },
      );
      if (!reported.ok) throw new Error(reported.error.message);
    }
  }

  it("MTR 2.4: the round's clock shows while it runs, not once the round is over with no next round, nor in a finished event", async () => {
    const event = await freshEvent();
    const signed = await signInAs(event.codes.get("Ana")!);
    const ana = (await resolvePlayerSession(signed.cookie.split("=")[1]))!;
    expect((await getPlayerMatchView(ana)).match!.clock).toMatchObject({ kind: "timed" });
    await reportRound(event, 1);
    expect((await getPlayerMatchView(ana)).match!.clock).toBeNull();
    const finished = await finishEvent(event.tournamentId, { staffId: null, name: "Organizer" });
    expect(finished.ok, JSON.stringify(finished)).toBe(true);
    const view = await getPlayerMatchView(ana);
    expect(view.tournament.status).toBe("COMPLETE");
    expect(view.match!.clock).toBeNull();
  });
});

describe("My match shows what a judge recorded (MTR 2.1, 2.4, IPG 1.2)", () => {
  async function phoneOf(event: Event, name: string) {
    const signed = await signInAs(event.codes.get(name)!);
    return (await resolvePlayerSession(signed.cookie.split("=")[1]))!;
  }

  it("IPG 1.2, MTR 2.1: after a Game Loss on game 1 each phone shows it on record and offers only the choices the record allows", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ana");
    const penalised = match.sideA.displayName;
    const other = match.sideB!.displayName;
    const given = await recordPenalty(
      {
        tournamentId: event.tournamentId,
        matchId: match.id,
        registrationId: match.sideA.id,
        kind: "GAME_LOSS",
        infraction: "Tardiness (IPG 3.1)",
        gameNumber: null,
        note: "",
        expectedVersion: (await rowsOf(match.id)).match.version,
        idempotencyKey: `penalty-${Math.random()}`,
      },
      { name: "Judge" },
    );
    expect(given.ok, JSON.stringify(given)).toBe(true);

    const mine = (await getPlayerMatchView(await phoneOf(event, penalised))).match!;
    expect(mine.record.games).toEqual([
      { number: 1, winner: "B", reason: "JUDGE_GAME_LOSS", byTime: false },
    ]);
    expect(mine.record.games.map((game) => describeGameOnRecord(game, "A", other))).toEqual([
      "Game 1: Game Loss for you (judge)",
    ]);
    const offered = offeredChoices(mine.format, "A", other, mine.record.facts).map(
      (choice) => choice.label,
    );
    // The player who got the Game Loss cannot have won 2-0; every other way the match can still end is offered.
    expect(offered).not.toContain("I won 2-0");
    expect(offered.sort()).toEqual(
      [
        "I won 2-1",
        `${other} won 2-0`,
        `${other} won 2-1`,
        "Draw 1-1-1",
        "I concede",
        "Intentional draw",
      ].sort(),
    );
    // The server judges a sent report by the same rule: the choice not offered is refused.
    const a = await signInAs(event.codes.get(penalised)!);
    expect(await report(a.cookie, match, { winsA: 2, winsB: 0 })).toMatchObject({
      status: "error",
      code: "INVALID_RESULT",
    });

    const theirs = (await getPlayerMatchView(await phoneOf(event, other))).match!;
    expect(theirs.record.games.map((game) => describeGameOnRecord(game, "B", penalised))).toEqual([
      `Game 1: Game Loss for ${penalised} (judge)`,
    ]);
    const theirOffer = offeredChoices(theirs.format, "B", penalised, theirs.record.facts).map(
      (choice) => choice.label,
    );
    expect(theirOffer).toContain("I won 2-0");
    expect(theirOffer).not.toContain(`${penalised} won 2-0`);
  });

  it("MTR 2.4: time called, whose additional turn it is and the result the procedure decided show on the phone; the players confirm it", async () => {
    const event = await freshEvent();
    const match = await matchOf(event, "Ana");
    await judgeGame(match, "A");
    await judgeGame(match, "B", "B");
    let sequence = 0;
    const step = async (values: Record<string, unknown>) => {
      const stored = await recordEndOfMatchStep(
        {
          tournamentId: event.tournamentId,
          matchId: match.id,
          expectedSequence: sequence++,
          idempotencyKey: `time-${Math.random()}`,
          ...values,
        } as Parameters<typeof recordEndOfMatchStep>[0],
        { staffId: null, name: "Judge" },
      );
      expect(stored.ok, JSON.stringify(stored)).toBe(true);
    };
    const ana = await phoneOf(event, match.sideA.displayName);
    const ben = await phoneOf(event, match.sideB!.displayName);
    expect((await getPlayerMatchView(ana)).match!.record).toMatchObject({
      timeCalled: false,
      endOfMatch: null,
      decided: null,
    });

    await step({
      step: "time-called",
      gameInProgress: true,
      activePlayerPassingTurn: false,
      activeSide: "A",
      overrideReason: "The hall clock",
    });
    let record = (await getPlayerMatchView(ana)).match!.record;
    expect(record).toMatchObject({
      timeCalled: true,
      endOfMatch: { turn: 0, additionalTurns: 5, turnSide: "A" },
      decided: null,
    });
    expect(turnLabel(record.endOfMatch!)).toBe("Turn 0");
    await step({ step: "turn-ended", extraTurn: false });
    record = (await getPlayerMatchView(ben)).match!.record;
    expect(record.endOfMatch).toMatchObject({ turn: 1, turnSide: "B" });
    expect(turnLabel(record.endOfMatch!)).toBe("Additional turn 1 of 5");
    for (let turn = 1; turn <= 5; turn++) await step({ step: "turn-ended", extraTurn: false });

    // The unfinished game 3 is a draw: the match is decided 1-1-1, and the phone offers that result to confirm.
    const decided = (await getPlayerMatchView(ana)).match!;
    expect(decided.record).toMatchObject({
      endOfMatch: null,
      decided: {
        decidedBy: "time",
        outcome: { winner: null, slip: { winsA: 1, winsB: 1, draws: 1 } },
      },
    });
    const other = match.sideB!.displayName;
    expect(decided.record.games.map((game) => describeGameOnRecord(game, "A", other))).toEqual([
      "Game 1: you won",
      `Game 2: ${other} won`,
      "Game 3: draw at time (end of match)",
    ]);
    expect(
      offeredChoices(decided.format, "A", other, decided.record.facts).map(
        (choice) => choice.label,
      ),
    ).toEqual(["Draw 1-1-1", "I concede", "Intentional draw"]);
    const a = await signInAs(event.codes.get(match.sideA.displayName)!);
    const b = await signInAs(event.codes.get(match.sideB!.displayName)!);
    expect(await report(a.cookie, match, { winsA: 1, winsB: 1, draws: 1 })).toMatchObject({
      status: "success",
      message: expect.stringContaining("Your opponent now confirms"),
    });
    expect(await report(b.cookie, match, { winsA: 1, winsB: 1, draws: 1 })).toMatchObject({
      status: "success",
      message: expect.stringContaining("complete"),
    });
  });
});
