// The public HTTP API (/api/v1) on a real PostgreSQL: API tokens (stored hashed, revocable,
// scoped), every route's answers and refusals, idempotent writes, stale versions, ETags and the
// rate limit. Every answer is checked against the schema the OpenAPI document publishes for it.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { prisma } from "@/lib/server/infra/db";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { registerTeams } from "@/lib/server/registration/teams";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { finishEvent, reopenEvent } from "@/lib/server/tournament/event-status";
import { getPodRound, pairNextPodRound } from "@/lib/server/pod/pods";
import { recordPodFact, recordPodOutcome } from "@/lib/server/pod/pod-commands";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { PenaltyFromDeckCheckSchema, RecordDeckCheckSchema } from "@/lib/schemas/deck-check";
import { BURN, CARD_DATA_DATE as CARD_DATA, importSampleCards } from "@/test/decklists";
import { penaltyFromDeckCheck, recordDeckCheck } from "@/lib/server/deck-checks/deck-checks";
import { createApiToken, hashApiToken, revokeApiToken } from "@/lib/server/api/api-tokens";
import { API_RATE_LIMIT_PER_MINUTE, resetRateLimits, respondV1 } from "@/lib/server/api/api-v1";
import { runMutation } from "@/lib/server/access/run-action";
import { CreateApiTokenSchema } from "@/lib/schemas/api-token";
import { unavailable } from "@/lib/action-result";
import { ApiErrorSchema, BracketSchema, StandingsSchema } from "@/lib/schemas/api-v1";
import { API_OPERATIONS, type ApiOperation } from "@/lib/api-v1/operations";
import { buildOpenApiDocument } from "@/lib/api-v1/openapi";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { addStaff } from "@/test/staff";
import * as tournamentsRoute from "./tournaments/route";
import * as tournamentRoute from "./tournaments/[tournamentId]/route";
import * as playersRoute from "./tournaments/[tournamentId]/players/route";
import * as dropRoute from "./tournaments/[tournamentId]/players/[registrationId]/drop/route";
import * as roundsRoute from "./tournaments/[tournamentId]/rounds/route";
import * as pairingsRoute from "./tournaments/[tournamentId]/rounds/[roundNumber]/pairings/route";
import * as swapsRoute from "./tournaments/[tournamentId]/rounds/[roundNumber]/swaps/route";
import * as matchRoute from "./tournaments/[tournamentId]/matches/[matchId]/route";
import * as resultRoute from "./tournaments/[tournamentId]/matches/[matchId]/result/route";
import * as standingsRoute from "./tournaments/[tournamentId]/standings/route";
import * as bracketRoute from "./tournaments/[tournamentId]/bracket/route";
import * as awardedByesRoute from "./tournaments/[tournamentId]/awarded-byes/route";
import * as withdrawByeRoute from "./tournaments/[tournamentId]/awarded-byes/withdraw/route";
import * as podsRoute from "./tournaments/[tournamentId]/rounds/[roundNumber]/pods/route";
import * as podResultRoute from "./tournaments/[tournamentId]/pods/[podId]/result/route";
import * as decklistsRoute from "./tournaments/[tournamentId]/decklists/route";
import * as decklistRoute from "./tournaments/[tournamentId]/decklists/[registrationId]/route";
import * as deckChecksRoute from "./tournaments/[tournamentId]/deck-checks/route";
import * as openApiRoute from "./openapi.json/route";
import * as referenceRoute from "./reference/route";

afterAll(async () => {
  await prisma.$disconnect();
});

beforeEach(() => resetRateLimits());

type RouteModule = Record<string, unknown>;
type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/** Which operation each route module answers, by method. */
const OPERATION_OF = new Map<RouteModule, Record<string, string>>([
  [tournamentsRoute, { GET: "listTournaments" }],
  [tournamentRoute, { GET: "getTournament" }],
  [playersRoute, { GET: "listPlayers", POST: "registerPlayer" }],
  [dropRoute, { POST: "dropPlayer" }],
  [roundsRoute, { GET: "listRounds", POST: "pairNextRound" }],
  [swapsRoute, { POST: "swapPlayers" }],
  [pairingsRoute, { GET: "listPairings", POST: "enterPairings" }],
  [awardedByesRoute, { GET: "listAwardedByes", POST: "awardByes" }],
  [withdrawByeRoute, { POST: "withdrawAwardedBye" }],
  [matchRoute, { GET: "getMatch" }],
  [resultRoute, { POST: "reportResult" }],
  [standingsRoute, { GET: "getStandings" }],
  [bracketRoute, { GET: "getBracket" }],
  [podsRoute, { GET: "listPods" }],
  [podResultRoute, { POST: "recordPodResult" }],
  [decklistsRoute, { GET: "listDecklists" }],
  [decklistRoute, { GET: "getDecklist", POST: "submitDecklist" }],
  [deckChecksRoute, { GET: "listDeckChecks" }],
]);

/** Operations whose documented success answer a test received and validated. */
const validatedSuccesses = new Set<string>();

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of every shape
type Answer = { status: number; headers: Headers; body: any };

/**
 * Calls a route handler as a client would, and checks the answer against the operation's
 * documented schema (success or error) and documented statuses.
 */
async function call(
  route: RouteModule,
  method: "GET" | "POST" | "PUT" | "DELETE",
  address: string,
  params: Record<string, string>,
  options: {
    token?: string;
    cookie?: string;
    body?: unknown;
    idempotencyKey?: string | null;
    ifNoneMatch?: string;
  } = {},
): Promise<Answer> {
  const headers = new Headers();
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.ifNoneMatch) headers.set("if-none-match", options.ifNoneMatch);
  if (method === "POST" && options.idempotencyKey !== null)
    headers.set("idempotency-key", options.idempotencyKey ?? randomUUID());
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  const handler = route[method] as Handler;
  const response = await handler(
    new Request(`http://localhost${address}`, { method, headers, body }),
    { params: Promise.resolve(params) },
  );
  const text = await response.text();
  const answer: Answer = {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  };
  const operationId = OPERATION_OF.get(route)?.[method];
  if (operationId) conform(operationId, answer);
  return answer;
}

function operationById(operationId: string): ApiOperation {
  const operation = API_OPERATIONS.find((each) => each.operationId === operationId);
  if (!operation) throw new Error(`${operationId} is not documented`);
  return operation;
}

function conform(operationId: string, answer: Answer) {
  const operation = operationById(operationId);
  if (answer.status === 304) {
    expect(operation.method, "304 only for reads").toBe("get");
    return;
  }
  if (answer.status === 405) return;
  if (answer.status === operation.success.status) {
    const parsed = operation.success.schema!.safeParse(answer.body);
    expect(
      parsed.success,
      `${operationId} ${answer.status}: ${parsed.success ? "" : z.prettifyError(parsed.error)}`,
    ).toBe(true);
    validatedSuccesses.add(operationId);
    return;
  }
  expect(
    [...operation.errors, 429, 503],
    `${operationId} answered ${answer.status}, which it does not document`,
  ).toContain(answer.status);
  const parsed = ApiErrorSchema.safeParse(answer.body);
  expect(
    parsed.success,
    `${operationId} ${answer.status} error body: ${JSON.stringify(answer.body)}`,
  ).toBe(true);
}

async function newToken(owner: TestAccount, tournamentId?: string, name = "Test token") {
  const created = await createApiToken(
    { name, tournamentId },
    { userId: owner.userId, name: owner.name, email: owner.email },
  );
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

async function tournamentOf(
  owner: TestAccount,
  players: string[],
  options: { published?: boolean; plannedCut?: number } = {},
) {
  const created = await createTournament(
    {
      name: `API Cup ${randomUUID().slice(0, 6)}`,
      format: "Modern",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
      plannedCut: options.plannedCut ?? null,
    },
    { userId: owner.userId, name: owner.name, email: owner.email },
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  if (options.published) await setTournamentPublished(tournamentId, true);
  const registrations: string[] = [];
  for (const name of players) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
    registrations.push(registered.value.id);
  }
  return { tournamentId, registrations };
}

const slip = (matchId: string, expectedVersion: number) => ({
  matchId,
  winsA: 2,
  winsB: 0,
  draws: 0,
  expectedVersion,
  idempotencyKey: randomUUID(),
  intentionalDraw: false,
  note: "",
});

const T = (tournamentId: string, rest = "") => `/api/v1/tournaments/${tournamentId}${rest}`;

describe("API tokens", () => {
  it("only the SHA-256 of the secret is stored, and the secret is not anywhere in the row", async () => {
    const owner = await createSignedInAccount("Token Owner");
    const { id, secret } = await newToken(owner);
    expect(secret).toMatch(/^mtgt_[A-Za-z0-9_-]{43}$/);
    const row = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(row.tokenHash).toBe(hashApiToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(5));
    expect(row.prefix).toBe(secret.slice(0, 11));
  });

  it("a token reads a hidden tournament of its owner, records when it was last used, and is refused once revoked", async () => {
    const owner = await createSignedInAccount("Revoking Organizer");
    const { tournamentId } = await tournamentOf(owner, ["Ann", "Ben"]);
    const { id, secret } = await newToken(owner, tournamentId);
    expect((await call(tournamentRoute, "GET", T(tournamentId), { tournamentId })).status).toBe(
      404,
    );
    const read = await call(
      tournamentRoute,
      "GET",
      T(tournamentId),
      { tournamentId },
      { token: secret },
    );
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: tournamentId, isPublished: false });
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).not.toBeNull();

    expect(await revokeApiToken({ tokenId: id }, owner.userId)).toMatchObject({ ok: true });
    const refused = await call(
      tournamentRoute,
      "GET",
      T(tournamentId),
      { tournamentId },
      { token: secret },
    );
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("UNAUTHENTICATED");
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    const write = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { token: secret, body: { name: "Late Larry" } },
    );
    expect(write.status).toBe(401);
    expect(await prisma.registration.count({ where: { tournamentId } })).toBe(2);
  });

  it("a player's name with a control character (a NUL) is a clear 400 naming the field, with nothing written", async () => {
    const owner = await createSignedInAccount("Nul Nora");
    const { tournamentId } = await tournamentOf(owner, ["Ana", "Ben"]);
    const { secret } = await newToken(owner, tournamentId);
    for (const name of ["Late\u0000Larry", "Bell\u0007"]) {
      const write = await call(
        playersRoute,
        "POST",
        T(tournamentId, "/players"),
        { tournamentId },
        { token: secret, body: { name } },
      );
      expect(write.status, JSON.stringify(name)).toBe(400);
      expect(write.body.error).toMatchObject({
        code: "VALIDATION",
        fields: { name: [expect.stringContaining("control character")] },
      });
    }
    expect(await prisma.registration.count({ where: { tournamentId } })).toBe(2);
  });

  it("another account cannot revoke someone's token, and a malformed or unknown bearer token is 401, never anonymous", async () => {
    const owner = await createSignedInAccount("Owner Olga");
    const stranger = await createSignedInAccount("Stranger Stan");
    const { id } = await newToken(owner);
    expect(await revokeApiToken({ tokenId: id }, stranger.userId)).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
    for (const token of ["mtgt_not-a-real-token", "nonsense"]) {
      const answer = await call(tournamentsRoute, "GET", "/api/v1/tournaments", {}, { token });
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toContain("Authorization");
    }
  });

  it("a token for tournament X cannot read or change hidden tournament Y of the same owner, nor change published Y; an all-tournaments token can", async () => {
    const owner = await createSignedInAccount("Scope Organizer");
    const x = await tournamentOf(owner, ["X1", "X2"]);
    const y = await tournamentOf(owner, ["Y1", "Y2"]);
    const forX = (await newToken(owner, x.tournamentId)).secret;
    const forAll = (await newToken(owner)).secret;
    const yId = y.tournamentId;

    expect(
      (await call(tournamentRoute, "GET", T(yId), { tournamentId: yId }, { token: forX })).status,
    ).toBe(404);
    expect(
      (await call(playersRoute, "GET", T(yId, "/players"), { tournamentId: yId }, { token: forX }))
        .status,
    ).toBe(404);
    const hiddenWrite = await call(
      playersRoute,
      "POST",
      T(yId, "/players"),
      { tournamentId: yId },
      { token: forX, body: { name: "Sneaky" } },
    );
    expect(hiddenWrite.status).toBe(404);
    const hiddenDrop = await call(
      dropRoute,
      "POST",
      T(yId, `/players/${y.registrations[0]}/drop`),
      { tournamentId: yId, registrationId: y.registrations[0]! },
      { token: forX },
    );
    expect(hiddenDrop.status).toBe(404);
    // A player of Y named under X's address is not X's either.
    const crossed = await call(
      dropRoute,
      "POST",
      T(x.tournamentId, `/players/${y.registrations[0]}/drop`),
      { tournamentId: x.tournamentId, registrationId: y.registrations[0]! },
      { token: forX },
    );
    expect(crossed.status).toBe(404);

    await setTournamentPublished(yId, true);
    expect(
      (await call(tournamentRoute, "GET", T(yId), { tournamentId: yId }, { token: forX })).status,
    ).toBe(200);
    const publishedWrite = await call(
      playersRoute,
      "POST",
      T(yId, "/players"),
      { tournamentId: yId },
      { token: forX, body: { name: "Sneaky" } },
    );
    expect(publishedWrite.status).toBe(403);
    expect(await prisma.registration.count({ where: { tournamentId: yId } })).toBe(2);

    const allowed = await call(
      playersRoute,
      "POST",
      T(yId, "/players"),
      { tournamentId: yId },
      { token: forAll, body: { name: "Welcome Wanda" } },
    );
    expect(allowed.status).toBe(201);
    const listed = await call(
      tournamentsRoute,
      "GET",
      "/api/v1/tournaments?pageSize=200",
      {},
      { token: forX },
    );
    const ids = listed.body.data.map((tournament: { id: string }) => tournament.id);
    expect(ids).toContain(x.tournamentId);
  });

  it("a token acts with its owner's role: a judge's token may report results but not register players", async () => {
    const organizer = await createSignedInAccount("Role Organizer");
    const judge = await createSignedInAccount("Judge Judy");
    const { tournamentId } = await tournamentOf(organizer, ["P1", "P2"], { published: true });
    await addStaff(tournamentId, judge, "JUDGE", "Judy");
    const judgeToken = (await newToken(judge, tournamentId)).secret;
    const register = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { token: judgeToken, body: { name: "Not Allowed" } },
    );
    expect(register.status).toBe(403);
    expect(register.body.error.message).toMatch(/judge/i);
    await pairNextSwissRound(tournamentId, "roles");
    const match = (await getRound(tournamentId, 1))!.matches[0]!;
    const reported = await call(
      resultRoute,
      "POST",
      T(tournamentId, `/matches/${match.id}/result`),
      { tournamentId, matchId: match.id },
      { token: judgeToken, body: { winsA: 2, winsB: 0, expectedVersion: match.version } },
    );
    expect(reported.status).toBe(200);
    // The history names the judge's staff seat.
    expect(
      await prisma.resultChange.findFirst({
        where: { matchId: match.id },
        select: { actorName: true },
      }),
    ).toMatchObject({ actorName: "Judy" });
  });

  it("a token cannot act on the account itself (making more tokens), through the same wrapper", async () => {
    const owner = await createSignedInAccount("No Escalation");
    const { secret } = await newToken(owner);
    const result = await runMutation({
      access: "signed-in",
      schema: CreateApiTokenSchema,
      input: { name: "Another" },
      headers: new Headers({ authorization: `Bearer ${secret}` }),
      acceptsApiToken: true,
      run: async () => ({ ok: true as const, value: null }),
    });
    expect(result).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
  });

  it("a token for one tournament needs a staff seat there", async () => {
    const owner = await createSignedInAccount("Seatless Sam");
    const other = await createSignedInAccount("Other Owner");
    const { tournamentId } = await tournamentOf(other, ["A", "B"], { published: true });
    const created = await createApiToken(
      { name: "Nope", tournamentId },
      { userId: owner.userId, name: owner.name, email: owner.email },
    );
    expect(created).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND", fieldErrors: { tournamentId: expect.any(Array) } },
    });
  });
});

describe("reads", () => {
  it("every read route answers a published tournament to anyone, and a hidden one only to its staff", async () => {
    const owner = await createSignedInAccount("Reader Organizer");
    const { tournamentId, registrations } = await tournamentOf(
      owner,
      ["Åsa Lindström", "Bo", "Cy", "Di"],
      { published: true, plannedCut: 8 },
    );
    await pairNextSwissRound(tournamentId, "reads");
    const round = (await getRound(tournamentId, 1))!;
    const match = round.matches[0]!;
    await reportMatchResult(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 1,
        draws: 0,
        expectedVersion: match.version,
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Desk" },
    );

    const list = await call(tournamentsRoute, "GET", "/api/v1/tournaments?pageSize=200", {});
    expect(list.status).toBe(200);
    expect(list.body.data.map((t: { id: string }) => t.id)).toContain(tournamentId);
    expect(
      (await call(tournamentsRoute, "GET", "/api/v1/tournaments?pageSize=201", {})).status,
    ).toBe(400);

    const tournament = await call(tournamentRoute, "GET", T(tournamentId), { tournamentId });
    expect(tournament.body.data).toMatchObject({
      status: "RUNNING",
      isPublished: true,
      // MTR 3.1: the top cut planned when the event was created.
      phases: [{ kind: "SWISS", gamesToWin: 2, plannedCut: 8, cutSize: null }],
    });
    expect(Object.keys(tournament.body.data)).toEqual([
      "id",
      "name",
      "format",
      "status",
      "teamSize",
      "createdAt",
      "phases",
      "isPublished",
    ]);

    const players = await call(playersRoute, "GET", T(tournamentId, "/players?pageSize=2&page=2"), {
      tournamentId,
    });
    expect(players.body.page).toMatchObject({
      page: 2,
      pageSize: 2,
      total: 4,
      pageCount: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    const searched = await call(playersRoute, "GET", T(tournamentId, "/players?q=asa"), {
      tournamentId,
    });
    expect(searched.body.data).toEqual([
      { id: registrations[0], name: "Åsa Lindström", firstRound: 1, droppedAfterRound: null },
    ]);
    const badPage = await call(playersRoute, "GET", T(tournamentId, "/players?page=0"), {
      tournamentId,
    });
    expect(badPage.status).toBe(400);
    expect(badPage.body.error).toMatchObject({
      code: "VALIDATION",
      fields: { page: expect.any(Array) },
    });
    expect(badPage.body.error.message).toContain("page");

    const rounds = await call(roundsRoute, "GET", T(tournamentId, "/rounds"), { tournamentId });
    expect(rounds.body.data).toEqual([
      { number: 1, phase: "SWISS", status: "PAIRED", startedAt: null, matchCount: 2 },
    ]);

    const pairings = await call(pairingsRoute, "GET", T(tournamentId, "/rounds/1/pairings"), {
      tournamentId,
      roundNumber: "1",
    });
    expect(pairings.body.data).toHaveLength(2);
    expect(
      pairings.body.data.find((p: { matchId: string }) => p.matchId === match.id),
    ).toMatchObject({
      result: { winsA: 2, winsB: 1, draws: 0 },
      isConfirmed: true,
      version: match.version + 1,
    });
    const noRound = await call(pairingsRoute, "GET", T(tournamentId, "/rounds/9/pairings"), {
      tournamentId,
      roundNumber: "9",
    });
    expect(noRound.status).toBe(404);
    expect(noRound.body.error.message).toContain("roundNumber");
    const badRound = await call(pairingsRoute, "GET", T(tournamentId, "/rounds/one/pairings"), {
      tournamentId,
      roundNumber: "one",
    });
    expect(badRound.status).toBe(400);
    expect(badRound.body.error.fields).toHaveProperty("roundNumber");

    // Games and history are staff-only, as the match page is.
    const anonymousMatch = await call(matchRoute, "GET", T(tournamentId, `/matches/${match.id}`), {
      tournamentId,
      matchId: match.id,
    });
    expect(anonymousMatch.status).toBe(403);
    const token = (await newToken(owner, tournamentId)).secret;
    const staffMatch = await call(
      matchRoute,
      "GET",
      T(tournamentId, `/matches/${match.id}`),
      { tournamentId, matchId: match.id },
      { token },
    );
    expect(staffMatch.status).toBe(200);
    expect(staffMatch.body.data.history.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(["report", "result-change"]),
    );
    expect(
      (
        await call(
          matchRoute,
          "GET",
          T(tournamentId, "/matches/nope"),
          { tournamentId, matchId: "nope" },
          { token },
        )
      ).status,
    ).toBe(404);

    const standings = await call(standingsRoute, "GET", T(tournamentId, "/standings?pageSize=3"), {
      tournamentId,
    });
    expect(standings.status).toBe(200);
    expect(standings.body.data.tiebreakers).toEqual({
      order: ["matchPoints", "opponentMatchWinPct", "gameWinPct", "opponentGameWinPct"],
      percentageFloor: 0.33,
      byeCountsInOwnPercentages: true,
    });
    expect(standings.body.page).toMatchObject({ pageSize: 3, total: 4, pageCount: 2 });
    // A two-player event's standings are as they always were: no `structure`, the two-player schema.
    expect(Object.keys(standings.body.data)).toEqual([
      "throughRound",
      "hasPlayoff",
      "tiebreakers",
      "rows",
    ]);
    expect(StandingsSchema.safeParse(standings.body.data).success).toBe(true);

    const noBracket = await call(bracketRoute, "GET", T(tournamentId, "/bracket"), {
      tournamentId,
    });
    expect(noBracket.status).toBe(404);

    // A two-player event's round has no pods: the answer says where its matches are.
    const noPods = await call(podsRoute, "GET", T(tournamentId, "/rounds/1/pods"), {
      tournamentId,
      roundNumber: "1",
    });
    expect(noPods.status).toBe(409);
    expect(noPods.body.error).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining(T(tournamentId, "/rounds/1/pairings")),
    });
  });

  it("a hidden tournament is 404 on every read route to anyone without a seat or a token for it", async () => {
    const owner = await createSignedInAccount("Hiding Organizer");
    const outsider = await createSignedInAccount("Outsider Olly");
    const outsiderToken = (await newToken(outsider)).secret;
    const { tournamentId, registrations } = await tournamentOf(owner, [
      "Secret Sally",
      "Secret Sid",
    ]);
    await pairNextSwissRound(tournamentId, "hidden");
    const matchId = (await getRound(tournamentId, 1))!.matches[0]!.id;
    const reads: [RouteModule, string, Record<string, string>][] = [
      [tournamentRoute, T(tournamentId), { tournamentId }],
      [playersRoute, T(tournamentId, "/players"), { tournamentId }],
      [roundsRoute, T(tournamentId, "/rounds"), { tournamentId }],
      [pairingsRoute, T(tournamentId, "/rounds/1/pairings"), { tournamentId, roundNumber: "1" }],
      [matchRoute, T(tournamentId, `/matches/${matchId}`), { tournamentId, matchId }],
      [standingsRoute, T(tournamentId, "/standings"), { tournamentId }],
      [bracketRoute, T(tournamentId, "/bracket"), { tournamentId }],
      [awardedByesRoute, T(tournamentId, "/awarded-byes"), { tournamentId }],
      [podsRoute, T(tournamentId, "/rounds/1/pods"), { tournamentId, roundNumber: "1" }],
      [decklistsRoute, T(tournamentId, "/decklists"), { tournamentId }],
      [
        decklistRoute,
        T(tournamentId, `/decklists/${registrations[0]}`),
        { tournamentId, registrationId: registrations[0]! },
      ],
      [deckChecksRoute, T(tournamentId, "/deck-checks"), { tournamentId }],
    ];
    for (const [route, address, params] of reads) {
      for (const who of [{}, { cookie: outsider.cookie }, { token: outsiderToken }]) {
        const answer = await call(route, "GET", address, params, who);
        expect(answer.status, address).toBe(404);
        expect(JSON.stringify(answer.body)).not.toContain("Secret");
      }
    }
    const listed = await call(
      tournamentsRoute,
      "GET",
      "/api/v1/tournaments?pageSize=200",
      {},
      { token: outsiderToken },
    );
    expect(listed.body.data.map((t: { id: string }) => t.id)).not.toContain(tournamentId);
    // The owner's own session reads it, like the pages.
    expect(
      (
        await call(
          playersRoute,
          "GET",
          T(tournamentId, "/players"),
          { tournamentId },
          { cookie: owner.cookie },
        )
      ).body.data.map((p: { id: string }) => p.id),
    ).toEqual(registrations);
  });

  it("answers a repeat read with 304 while nothing changed, and with the new body after a change", async () => {
    const owner = await createSignedInAccount("Etag Organizer");
    const { tournamentId } = await tournamentOf(owner, ["E1", "E2"], { published: true });
    const first = await call(playersRoute, "GET", T(tournamentId, "/players"), { tournamentId });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const again = await call(
      playersRoute,
      "GET",
      T(tournamentId, "/players"),
      { tournamentId },
      { ifNoneMatch: etag },
    );
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    await registerPlayer({ tournamentId, name: "E3" });
    const changed = await call(
      playersRoute,
      "GET",
      T(tournamentId, "/players"),
      { tournamentId },
      { ifNoneMatch: etag },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toHaveLength(3);
  });

  it("MTR 8.2: a team event's pairings give each seat match its seat, its printed table (1A) and the member who plays it for each team", async () => {
    const owner = await createSignedInAccount("Trios Organizer");
    const created = await createTournament(
      {
        name: `API Trios ${randomUUID().slice(0, 6)}`,
        format: "Sealed",
        gamesToWin: 2,
        roundMinutes: 50,
        teamFormat: "TEAM_MATCHES",
        teamSize: 3,
      },
      { userId: owner.userId, name: owner.name, email: owner.email },
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    await setTournamentPublished(tournamentId, true);
    const teams = await registerTeams({
      tournamentId,
      teams: "Rocket: Ana, Ben, Cleo\nBlue: Dora, Eli, Fay\nGreen: Gus, Hal, Ivy",
    });
    if (!teams.ok) throw new Error(teams.error.message);
    await pairNextSwissRound(tournamentId, "api-teams");
    const pairings = await call(pairingsRoute, "GET", T(tournamentId, "/rounds/1/pairings"), {
      tournamentId,
      roundNumber: "1",
    });
    const seated = pairings.body.data.filter(
      (pairing: { playerB: unknown }) => pairing.playerB !== null,
    );
    expect(
      seated.map((pairing: { seat: string; tableLabel: string }) => [
        pairing.seat,
        pairing.tableLabel,
      ]),
    ).toEqual([
      ["A", "1A"],
      ["B", "1B"],
      ["C", "1C"],
    ]);
    const seatB = seated[1];
    const members: Record<string, string> = { Rocket: "Ben", Blue: "Eli", Green: "Hal" };
    expect(seatB.playerA.member).toBe(members[seatB.playerA.name]);
    expect(seatB.playerB.member).toBe(members[seatB.playerB.name]);
    const bye = pairings.body.data.find(
      (pairing: { playerB: unknown }) => pairing.playerB === null,
    );
    expect(bye).toMatchObject({ seat: null, tableLabel: "2", playerA: { member: null } });
  });

  it("the bracket of a playoff", async () => {
    const owner = await createSignedInAccount("Bracket Organizer");
    const { tournamentId } = await tournamentOf(owner, ["B1", "B2", "B3", "B4"], {
      published: true,
    });
    await pairNextSwissRound(tournamentId, "bracket");
    for (const match of (await getRound(tournamentId, 1))!.matches) {
      await reportMatchResult(
        {
          matchId: match.id,
          winsA: 2,
          winsB: 0,
          draws: 0,
          expectedVersion: match.version,
          idempotencyKey: randomUUID(),
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Desk" },
      );
    }
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    expect(started.ok).toBe(true);
    const bracket = await call(bracketRoute, "GET", T(tournamentId, "/bracket"), { tournamentId });
    expect(bracket.status).toBe(200);
    expect(bracket.body.data).toMatchObject({ cutSize: 4, champion: null });
    expect(bracket.body.data.rounds[0].matches[0].playerA).toMatchObject({ seed: 1 });
    const standings = await call(standingsRoute, "GET", T(tournamentId, "/standings"), {
      tournamentId,
    });
    expect(standings.body.data.hasPlayoff).toBe(true);
    expect(BracketSchema.safeParse(bracket.body.data).success).toBe(true);
    expect(bracket.body.data).not.toHaveProperty("structure");
  });
});

/** A pod event (CR 100.6a) of the owner's, with these players registered. */
async function podEventOf(
  owner: TestAccount,
  players: string[],
  options: { published?: boolean } = {},
) {
  const input = CreateTournamentSchema.parse({
    name: `API Pods ${randomUUID().slice(0, 6)}`,
    format: "Commander",
    structure: "PODS",
    podSize: "4",
  });
  const created = await createTournament(input, {
    userId: owner.userId,
    name: owner.name,
    email: owner.email,
  });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  if (options.published) await setTournamentPublished(tournamentId, true);
  const registrations: string[] = [];
  for (const name of players) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
    registrations.push(registered.value.id);
  }
  return { tournamentId, registrations };
}

describe("pod events (CR 100.6a)", () => {
  const podResult = (
    tournamentId: string,
    podId: string,
    body: unknown,
    options: { token?: string; idempotencyKey?: string | null } = {},
  ) =>
    call(
      podResultRoute,
      "POST",
      T(tournamentId, `/pods/${podId}/result`),
      { tournamentId, podId },
      { ...options, body },
    );
  const readPods = (
    tournamentId: string,
    round: number,
    options: { token?: string; ifNoneMatch?: string } = {},
  ) =>
    call(
      podsRoute,
      "GET",
      T(tournamentId, `/rounds/${round}/pods`),
      { tournamentId, roundNumber: String(round) },
      options,
    );

  it("a token pairs a hidden pod event and reads its pods, standings and top cut with ETags (304 while unchanged); nobody else sees them", async () => {
    const owner = await createSignedInAccount("Pod Reader Organizer");
    const outsider = await createSignedInAccount("Pod Outsider");
    const { tournamentId, registrations } = await podEventOf(owner, ["Ada", "Bea", "Cid", "Dot"]);
    const token = (await newToken(owner, tournamentId)).secret;
    const outsiderToken = (await newToken(outsider)).secret;

    const paired = await call(
      roundsRoute,
      "POST",
      T(tournamentId, "/rounds"),
      { tournamentId },
      { token },
    );
    expect(paired.status).toBe(201);
    expect(paired.body.data).toEqual({ roundNumber: 1 });
    const rounds = await call(
      roundsRoute,
      "GET",
      T(tournamentId, "/rounds"),
      { tournamentId },
      { token },
    );
    expect(rounds.body.data).toEqual([
      { number: 1, phase: "SWISS", status: "PAIRED", startedAt: null, matchCount: 0, podCount: 1 },
    ]);
    expect(
      (await call(tournamentRoute, "GET", T(tournamentId), { tournamentId }, { token })).body.data
        .pods,
    ).toEqual({ podSize: 4, points: { win: 5, draw: 1, loss: 0 } });

    const pods = await readPods(tournamentId, 1, { token });
    expect(pods.status).toBe(200);
    expect(pods.headers.get("cache-control")).toBe("private, no-cache");
    const [pod] = pods.body.data;
    expect(pod).toMatchObject({
      roundNumber: 1,
      table: 1,
      isBye: false,
      result: null,
      isConfirmed: false,
      version: 0,
    });
    expect(pod.seats.map((seat: { seat: number }) => seat.seat)).toEqual([1, 2, 3, 4]);
    expect(pod.seats.map((seat: { playerId: string }) => seat.playerId).sort()).toEqual(
      [...registrations].sort(),
    );
    expect(
      pod.seats.every(
        (seat: { playerId: string; name: string }) =>
          seat.name === ["Ada", "Bea", "Cid", "Dot"][registrations.indexOf(seat.playerId)],
      ),
    ).toBe(true);
    const etag = pods.headers.get("etag")!;
    expect((await readPods(tournamentId, 1, { token, ifNoneMatch: etag })).status).toBe(304);
    for (const who of [{}, { token: outsiderToken }])
      expect((await readPods(tournamentId, 1, who)).status).toBe(404);
    const noRound = await readPods(tournamentId, 2, { token });
    expect(noRound.status).toBe(404);
    expect(noRound.body.error.fields).toHaveProperty("roundNumber");
    // The two-player address of the round says where its pods are.
    const pairings = await call(
      pairingsRoute,
      "GET",
      T(tournamentId, "/rounds/1/pairings"),
      { tournamentId, roundNumber: "1" },
      { token },
    );
    expect(pairings.status).toBe(409);
    expect(pairings.body.error.message).toContain(T(tournamentId, "/rounds/1/pods"));

    const before = await call(
      standingsRoute,
      "GET",
      T(tournamentId, "/standings"),
      { tournamentId },
      { token },
    );
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      structure: "PODS",
      throughRound: 0,
      hasPlayoff: false,
      points: { win: 5, draw: 1, loss: 0 },
      tiebreakers: {
        order: ["points", "opponentMatchWinPct", "opponentOpponentMatchWinPct"],
        percentageFloor: 0.33,
      },
    });
    expect(before.body.page).toMatchObject({ total: 4 });
    expect(
      (await call(bracketRoute, "GET", T(tournamentId, "/bracket"), { tournamentId }, { token }))
        .status,
    ).toBe(404);

    const winner = pod.seats[1].playerId;
    const recorded = await podResult(
      tournamentId,
      pod.podId,
      { outcome: "win", winnerId: winner, expectedVersion: 0 },
      { token },
    );
    expect(recorded.status).toBe(200);
    const after = await readPods(tournamentId, 1, { token, ifNoneMatch: etag });
    expect(after.status).toBe(200);
    expect(after.body.data[0]).toEqual({
      ...recorded.body.data,
      isDuplicate: undefined,
      version: 1,
    });
    expect(after.body.data[0].result).toEqual({
      winnerId: winner,
      reason: "WIN_REPORTED",
      rule: "104.2a",
      players: pod.seats.map((seat: { playerId: string }) => ({
        playerId: seat.playerId,
        result: seat.playerId === winner ? "win" : "loss",
        place: seat.playerId === winner ? 1 : 2,
        points: seat.playerId === winner ? 5 : 0,
      })),
    });
    expect(after.body.data[0].isConfirmed).toBe(true);

    const standings = await call(
      standingsRoute,
      "GET",
      T(tournamentId, `/standings?q=${encodeURIComponent(pod.seats[1].name)}`),
      { tournamentId },
      { token, ifNoneMatch: before.headers.get("etag")! },
    );
    expect(standings.status).toBe(200);
    expect(standings.body.data.throughRound).toBe(1);
    expect(standings.body.data.rows).toEqual([
      expect.objectContaining({
        rank: 1,
        playerId: winner,
        points: 5,
        record: { wins: 1, draws: 0, losses: 0, byes: 0 },
        swissRank: 1,
        cutFinish: null,
        dropped: false,
      }),
    ]);
    expect(standings.body.page).toMatchObject({ total: 1 });

    // A top 4 is one final pod; recording it makes the champion.
    expect(await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 })).toMatchObject({
      ok: true,
    });
    const bracket = await call(
      bracketRoute,
      "GET",
      T(tournamentId, "/bracket"),
      { tournamentId },
      { token },
    );
    expect(bracket.status).toBe(200);
    expect(bracket.body.data).toMatchObject({
      structure: "PODS",
      cutSize: 4,
      champion: null,
      championId: null,
    });
    const [final] = bracket.body.data.pods;
    expect(final).toMatchObject({
      slot: "F",
      roundNumber: 2,
      table: 1,
      waitingFor: [],
      winnerId: null,
      isDraw: false,
    });
    expect(final.seats.map((seat: { seed: number }) => seat.seed)).toEqual([1, 2, 3, 4]);
    expect(final.seats[0].playerId).toBe(winner);
    expect(
      (
        await call(
          bracketRoute,
          "GET",
          T(tournamentId, "/bracket"),
          { tournamentId },
          { token, ifNoneMatch: bracket.headers.get("etag")! },
        )
      ).status,
    ).toBe(304);
    const finalPod = (await readPods(tournamentId, 2, { token })).body.data[0];
    expect(finalPod.podId).toBe(final.podId);
    const champion = final.seats[2].playerId;
    expect(
      (
        await podResult(
          tournamentId,
          final.podId,
          { outcome: "win", winnerId: champion, expectedVersion: finalPod.version },
          { token },
        )
      ).status,
    ).toBe(200);
    const decided = await call(
      bracketRoute,
      "GET",
      T(tournamentId, "/bracket"),
      { tournamentId },
      { token },
    );
    expect(decided.body.data).toMatchObject({
      championId: champion,
      champion: final.seats[2].name,
      pods: [{ winnerId: champion }],
    });
    const finalStandings = await call(
      standingsRoute,
      "GET",
      T(tournamentId, "/standings"),
      { tournamentId },
      { token },
    );
    expect(finalStandings.body.data.hasPlayoff).toBe(true);
    expect(finalStandings.body.data.rows[0]).toMatchObject({
      rank: 1,
      playerId: champion,
      cutFinish: "champion",
    });
    for (const route of [standingsRoute, bracketRoute]) {
      const path = route === standingsRoute ? "/standings" : "/bracket";
      expect(
        (
          await call(
            route,
            "GET",
            T(tournamentId, path),
            { tournamentId },
            { token: outsiderToken },
          )
        ).status,
      ).toBe(404);
    }
  });

  it("recording a pod's result: once per Idempotency-Key, the key with another body is 422, a stale version 409, a winner not in the pod 400 naming winnerId", async () => {
    const owner = await createSignedInAccount("Pod Result Organizer");
    const { tournamentId } = await podEventOf(
      owner,
      ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"],
      { published: true },
    );
    const token = (await newToken(owner, tournamentId)).secret;
    expect(await pairNextPodRound(tournamentId, "api-results")).toMatchObject({ ok: true });
    const [first, second] = (await readPods(tournamentId, 1)).body.data;
    const winner = first.seats[0].playerId;
    const key = randomUUID();
    const body = { outcome: "win", winnerId: winner, expectedVersion: first.version };
    const recorded = await podResult(tournamentId, first.podId, body, {
      token,
      idempotencyKey: key,
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.data).toMatchObject({
      podId: first.podId,
      version: first.version + 1,
      isConfirmed: true,
      isDuplicate: false,
      result: { winnerId: winner },
    });
    const facts = await prisma.podEvent.count({ where: { podId: first.podId } });
    const replay = await podResult(tournamentId, first.podId, body, { token, idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(recorded.body);
    expect(await prisma.podEvent.count({ where: { podId: first.podId } })).toBe(facts);
    expect(
      await prisma.podEvent.findFirst({
        where: { podId: first.podId },
        select: { actorName: true },
      }),
    ).toEqual({ actorName: owner.name });

    const reused = await podResult(
      tournamentId,
      first.podId,
      { outcome: "agreed-draw", expectedVersion: first.version },
      { token, idempotencyKey: key },
    );
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const stale = await podResult(
      tournamentId,
      first.podId,
      { outcome: "win", winnerId: first.seats[1].playerId, expectedVersion: first.version },
      { token },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CONFLICT");
    const recordedAlready = await podResult(
      tournamentId,
      first.podId,
      { outcome: "agreed-draw", expectedVersion: first.version + 1 },
      { token },
    );
    expect(recordedAlready.status).toBe(409);
    expect(recordedAlready.body.error.code).toBe("MATCH_CONFIRMED");
    expect(await prisma.podEvent.count({ where: { podId: first.podId } })).toBe(facts);

    // A winner who is not seated at this pod (a player of the other pod, or no player) names the field.
    for (const winnerId of [winner, "nobody"]) {
      const outside = await podResult(
        tournamentId,
        second.podId,
        { outcome: "win", winnerId, expectedVersion: second.version },
        { token },
      );
      expect(outside.status, winnerId).toBe(400);
      expect(outside.body.error).toMatchObject({
        code: "VALIDATION",
        fields: { winnerId: expect.any(Array) },
      });
      expect(outside.body.error.message).toMatch(
        /^winnerId "[^"]+" is not a player of this pod; its players are /,
      );
    }
    const refusals: [unknown, string, string][] = [
      [{ outcome: "win", expectedVersion: 0 }, "winnerId", "winnerId is missing"],
      [
        { outcome: "agreed-draw", winnerId: winner, expectedVersion: 0 },
        "winnerId",
        "winnerId is sent with a win only",
      ],
      [
        { outcome: "loss", expectedVersion: 0 },
        "outcome",
        'outcome must be "win", "agreed-draw" or "draw-at-time".',
      ],
      [
        { outcome: "agreed-draw", expectedVersion: "0" },
        "expectedVersion",
        "expectedVersion (the pod's version as last read) must be a whole number from 0.",
      ],
      [
        { outcome: "agreed-draw" },
        "expectedVersion",
        "expectedVersion (the pod's version as last read) is missing.",
      ],
      [
        { outcome: "agreed-draw", expectedVersion: 0, note: "x" },
        "note",
        '"note" is not a field of a pod\'s result',
      ],
    ];
    for (const [refused, field, message] of refusals) {
      const answer = await podResult(tournamentId, second.podId, refused, { token });
      expect(answer.status, message).toBe(400);
      expect(answer.body.error.message, message).toContain(message);
      expect(Object.keys(answer.body.error.fields), message).toContain(field);
    }
    expect(
      (
        await podResult(
          tournamentId,
          second.podId,
          { outcome: "agreed-draw", expectedVersion: 0 },
          { token, idempotencyKey: null },
        )
      ).status,
    ).toBe(400);
    expect(await prisma.podEvent.count({ where: { podId: second.podId } })).toBe(0);

    // CR 104.4i: an agreed draw of every player still in the game; each scores the event's draw points.
    const drawn = await podResult(
      tournamentId,
      second.podId,
      { outcome: "agreed-draw", expectedVersion: second.version },
      { token },
    );
    expect(drawn.status).toBe(200);
    expect(drawn.body.data.result).toMatchObject({
      winnerId: null,
      reason: "DRAW_INTENTIONAL",
      rule: "104.4i",
    });
    expect(
      drawn.body.data.result.players.map((player: { result: string; points: number }) => [
        player.result,
        player.points,
      ]),
    ).toEqual(second.seats.map(() => ["draw", 1]));

    // The next round is paired through the API, and a draw at time runs the event's end of round.
    expect(
      (await call(roundsRoute, "POST", T(tournamentId, "/rounds"), { tournamentId }, { token }))
        .body.data,
    ).toEqual({ roundNumber: 2 });
    const [next] = (await readPods(tournamentId, 2)).body.data;
    const atTime = await podResult(
      tournamentId,
      next.podId,
      { outcome: "draw-at-time", expectedVersion: next.version },
      { token },
    );
    expect(atTime.body.data.result).toMatchObject({
      winnerId: null,
      reason: "DRAW_UNFINISHED_AT_TIME",
    });
    expect(
      (await call(roundsRoute, "POST", T(tournamentId, "/rounds"), { tournamentId }, { token }))
        .body.error.code,
    ).toBe("ROUND_NOT_COMPLETE");

    // A pod of another tournament named under this one's address does not exist here.
    const elsewhere = await podEventOf(owner, ["Z1", "Z2", "Z3"], { published: true });
    await pairNextPodRound(elsewhere.tournamentId, "elsewhere");
    const foreign = (await getPodRound(elsewhere.tournamentId, 1))!.pods[0]!;
    const crossed = await podResult(
      tournamentId,
      foreign.id,
      { outcome: "agreed-draw", expectedVersion: 0 },
      { token },
    );
    expect(crossed.status).toBe(404);
    expect(await prisma.podEvent.count({ where: { podId: foreign.id } })).toBe(0);
  });

  it("a hidden pod event's pod is 404 to a token outside it, and nothing is written", async () => {
    const owner = await createSignedInAccount("Hidden Pods Organizer");
    const outsider = await createSignedInAccount("Hidden Pods Outsider");
    const { tournamentId } = await podEventOf(owner, ["H1", "H2", "H3"]);
    await pairNextPodRound(tournamentId, "hidden-pods");
    const pod = (await getPodRound(tournamentId, 1))!.pods[0]!;
    for (const token of [
      (await newToken(outsider)).secret,
      (await newToken(owner, (await podEventOf(owner, ["X1", "X2", "X3"])).tournamentId)).secret,
    ]) {
      const answer = await podResult(
        tournamentId,
        pod.id,
        { outcome: "agreed-draw", expectedVersion: 0 },
        { token },
      );
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain("H1");
    }
    expect(await prisma.podEvent.count({ where: { podId: pod.id } })).toBe(0);
  });

  it("a judge's token may record a pod's result but not pair the next round", async () => {
    const organizer = await createSignedInAccount("Pod Role Organizer");
    const judge = await createSignedInAccount("Pod Judge");
    const { tournamentId } = await podEventOf(organizer, ["J1", "J2", "J3", "J4"], {
      published: true,
    });
    await addStaff(tournamentId, judge, "JUDGE", "Jo");
    const token = (await newToken(judge, tournamentId)).secret;
    const pairing = await call(
      roundsRoute,
      "POST",
      T(tournamentId, "/rounds"),
      { tournamentId },
      { token },
    );
    expect(pairing.status).toBe(403);
    expect(await prisma.round.count({ where: { tournamentId } })).toBe(0);
    await pairNextPodRound(tournamentId, "judge");
    const pod = (await getPodRound(tournamentId, 1))!.pods[0]!;
    const recorded = await podResult(
      tournamentId,
      pod.id,
      { outcome: "win", winnerId: pod.seats[3]!.registrationId, expectedVersion: pod.version },
      { token },
    );
    expect(recorded.status).toBe(200);
    // The pod's facts name the judge's staff seat.
    expect(
      await prisma.podEvent.findFirst({ where: { podId: pod.id }, select: { actorName: true } }),
    ).toEqual({ actorName: "Jo" });
    expect(
      (await call(roundsRoute, "POST", T(tournamentId, "/rounds"), { tournamentId }, { token }))
        .status,
    ).toBe(403);
    expect(await prisma.round.count({ where: { tournamentId } })).toBe(1);
  });

  it("a result the rules refuse is 422 (a winner who already left, CR 104.2a), with nothing written", async () => {
    const owner = await createSignedInAccount("Pod Rules Organizer");
    const { tournamentId } = await podEventOf(owner, ["L1", "L2", "L3", "L4"], { published: true });
    const token = (await newToken(owner, tournamentId)).secret;
    await pairNextPodRound(tournamentId, "left");
    const pod = (await getPodRound(tournamentId, 1))!.pods[0]!;
    const left = pod.seats[0]!.registrationId;
    expect(
      await recordPodFact(
        {
          tournamentId,
          podId: pod.id,
          expectedVersion: 0,
          idempotencyKey: randomUUID(),
          fact: { type: "left", departures: [{ player: left, reason: "CONCESSION" }] },
        },
        { name: "Desk" },
      ),
    ).toMatchObject({ ok: true });
    const refused = await podResult(
      tournamentId,
      pod.id,
      { outcome: "win", winnerId: left, expectedVersion: 1 },
      { token },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("INVALID_RESULT");
    expect(
      await recordPodOutcome(
        {
          tournamentId,
          podId: pod.id,
          expectedVersion: 1,
          idempotencyKey: randomUUID(),
          outcome: { kind: "agreed-draw" },
        },
        { name: "Desk" },
      ),
    ).toMatchObject({ ok: true });
  });
});

describe("writes", () => {
  it("registering: 201, a replay answers the same without a second player, the key with another body is 422, no key is 400", async () => {
    const owner = await createSignedInAccount("Writer Organizer");
    const { tournamentId } = await tournamentOf(owner, ["W1", "W2"]);
    const token = (await newToken(owner, tournamentId)).secret;
    const key = randomUUID();
    const first = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { token, body: { name: "  Grace   Hopper " }, idempotencyKey: key },
    );
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ name: "Grace Hopper", firstRound: 1 });
    const replay = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { token, body: { name: "  Grace   Hopper " }, idempotencyKey: key },
    );
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await prisma.registration.count({ where: { tournamentId } })).toBe(3);

    const reused = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { token, body: { name: "Someone Else" }, idempotencyKey: key },
    );
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      fields: { "Idempotency-Key": expect.any(Array) },
    });

    const missing = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { token, body: { name: "No Key" }, idempotencyKey: null },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain("Idempotency-Key");

    const duplicate = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { token, body: { name: "grace hopper" } },
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe("DUPLICATE_PLAYER");

    const badField = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { token, body: { name: "Ok", nmae: "typo" } },
    );
    expect(badField.status).toBe(400);
    expect(badField.body.error.fields).toHaveProperty("nmae");
    const blank = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { token, body: { name: "  " } },
    );
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toHaveProperty("name");

    const notJson = await playersRoute.POST(
      new Request(`http://localhost${T(tournamentId, "/players")}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "idempotency-key": randomUUID(),
          "content-type": "text/plain",
        },
        body: "name=x",
      }),
      { params: Promise.resolve({ tournamentId }) },
    );
    expect(notJson.status).toBe(415);
    expect(await prisma.registration.count({ where: { tournamentId } })).toBe(3);
  });

  it("two copies of one write sent at once register one player: the other gets the same answer or 409 IDEMPOTENCY_KEY_IN_USE with Retry-After", async () => {
    const owner = await createSignedInAccount("Concurrent Organizer");
    const { tournamentId } = await tournamentOf(owner, ["C1", "C2"]);
    const token = (await newToken(owner, tournamentId)).secret;
    const key = randomUUID();
    const send = () =>
      call(
        playersRoute,
        "POST",
        T(tournamentId, "/players"),
        { tournamentId },
        { token, body: { name: "Twice Tina" }, idempotencyKey: key },
      );
    const answers = await Promise.all([send(), send(), send()]);
    expect(
      await prisma.registration.count({ where: { tournamentId, displayName: "Twice Tina" } }),
    ).toBe(1);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of created) expect(answer.body).toEqual(created[0]!.body);
    for (const answer of answers.filter((each) => each.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe("IDEMPOTENCY_KEY_IN_USE");
      expect(answer.headers.get("retry-after")).toBe("1");
    }
    // Once the first has answered, a replay always gets its answer.
    expect((await send()).body).toEqual(created[0]!.body);
  });

  it("a write without a token or session is 401", async () => {
    const owner = await createSignedInAccount("Anonymous Writes");
    const { tournamentId } = await tournamentOf(owner, ["A1", "A2"], { published: true });
    const answer = await call(
      playersRoute,
      "POST",
      T(tournamentId, "/players"),
      { tournamentId },
      { body: { name: "Nobody" } },
    );
    expect(answer.status).toBe(401);
  });

  it("dropping: the player is not paired again, a second drop answers the first, the history names the token's owner", async () => {
    const owner = await createSignedInAccount("Drop Organizer");
    const { tournamentId, registrations } = await tournamentOf(owner, ["D1", "D2", "D3"]);
    const token = (await newToken(owner, tournamentId)).secret;
    await pairNextSwissRound(tournamentId, "drops");
    const registrationId = registrations[0]!;
    const dropped = await call(
      dropRoute,
      "POST",
      T(tournamentId, `/players/${registrationId}/drop`),
      { tournamentId, registrationId },
      { token },
    );
    expect(dropped.status).toBe(200);
    expect(dropped.body.data).toEqual({ id: registrationId, droppedAfterRound: 1 });
    const again = await call(
      dropRoute,
      "POST",
      T(tournamentId, `/players/${registrationId}/drop`),
      { tournamentId, registrationId },
      { token },
    );
    expect(again.body.data).toEqual({ id: registrationId, droppedAfterRound: 1 });
    expect(
      await prisma.dropChange.findMany({
        where: { registrationId },
        select: { kind: true, actorName: true },
      }),
    ).toEqual([{ kind: "DROPPED", actorName: owner.name }]);
    const unknown = await call(
      dropRoute,
      "POST",
      T(tournamentId, "/players/nobody/drop"),
      { tournamentId, registrationId: "nobody" },
      { token },
    );
    expect(unknown.status).toBe(404);
  });

  it("pairing: the next round is paired once per key, refused while results are missing; a swap answers its warnings and is kept in the pairing history", async () => {
    const owner = await createSignedInAccount("Pairing Organizer");
    const { tournamentId, registrations } = await tournamentOf(owner, ["S1", "S2", "S3", "S4"], {
      published: true,
    });
    const token = (await newToken(owner, tournamentId)).secret;
    const key = randomUUID();
    const paired = await call(
      roundsRoute,
      "POST",
      T(tournamentId, "/rounds"),
      { tournamentId },
      { token, idempotencyKey: key },
    );
    expect(paired.status).toBe(201);
    expect(paired.body.data).toEqual({ roundNumber: 1 });
    expect(
      (
        await call(
          roundsRoute,
          "POST",
          T(tournamentId, "/rounds"),
          { tournamentId },
          { token, idempotencyKey: key },
        )
      ).body,
    ).toEqual(paired.body);
    expect(await prisma.round.count({ where: { tournamentId } })).toBe(1);
    const early = await call(
      roundsRoute,
      "POST",
      T(tournamentId, "/rounds"),
      { tournamentId },
      { token },
    );
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("ROUND_NOT_COMPLETE");

    const [first, second] = (await getRound(tournamentId, 1))!.matches;
    const swap = { playerId: first!.sideA.id, otherPlayerId: second!.sideA.id };
    const swapped = await call(
      swapsRoute,
      "POST",
      T(tournamentId, "/rounds/1/swaps"),
      { tournamentId, roundNumber: "1" },
      { token, body: swap },
    );
    expect(swapped.status).toBe(200);
    expect(Array.isArray(swapped.body.data.warnings)).toBe(true);
    expect(
      await prisma.pairingChange.count({ where: { round: { tournamentId }, kind: "SWAPPED" } }),
    ).toBe(1);
    const stranger = await call(
      swapsRoute,
      "POST",
      T(tournamentId, "/rounds/1/swaps"),
      { tournamentId, roundNumber: "1" },
      { token, body: { playerId: registrations[0], otherPlayerId: "not-a-player" } },
    );
    expect(stranger.status).toBe(404);
    const missing = await call(
      swapsRoute,
      "POST",
      T(tournamentId, "/rounds/1/swaps"),
      { tournamentId, roundNumber: "1" },
      { token, body: { playerId: registrations[0] } },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty("otherPlayerId");
  });

  it("MTR Appendix E: a finished event refuses a correction, through the API as on the staff form, until it is reopened", async () => {
    const owner = await createSignedInAccount("Finished Organizer");
    const { tournamentId } = await tournamentOf(owner, ["F1", "F2", "F3", "F4"]);
    const token = (await newToken(owner, tournamentId)).secret;
    await pairNextSwissRound(tournamentId, "finished");
    for (const each of (await getRound(tournamentId, 1))!.matches) {
      const saved = await reportMatchResult(
        { ...slip(each.id, each.version), winsA: 2, winsB: 0 },
        { source: "STAFF", name: "Organizer" },
      );
      if (!saved.ok) throw new Error(saved.error.message);
    }
    const actor = { staffId: null, name: "Organizer" };
    expect(await finishEvent(tournamentId, actor)).toMatchObject({ ok: true });
    const match = (await getRound(tournamentId, 1))!.matches[0]!;
    const refusal =
      "The event is finished and its standings are final: reopen the event first (Reopen the event), then correct the result.";
    const api = await call(
      resultRoute,
      "POST",
      T(tournamentId, `/matches/${match.id}/result`),
      { tournamentId, matchId: match.id },
      { token, body: { winsA: 0, winsB: 2, expectedVersion: match.version, note: "Misread" } },
    );
    expect(api.status).toBe(409);
    expect(api.body.error).toMatchObject({ code: "EVENT_COMPLETE", message: refusal });
    const staffForm = await reportMatchResult(
      { ...slip(match.id, match.version), winsA: 0, winsB: 2, note: "Misread" },
      { source: "STAFF", name: "Organizer" },
    );
    expect(staffForm).toEqual({ ok: false, error: { code: "EVENT_COMPLETE", message: refusal } });
    expect(await prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toMatchObject({
      winsA: 2,
      version: match.version,
    });
    expect(await reopenEvent(tournamentId, actor)).toMatchObject({ ok: true });
    const reopened = await reportMatchResult(
      { ...slip(match.id, match.version), winsA: 0, winsB: 2, note: "Misread" },
      { source: "STAFF", name: "Organizer" },
    );
    expect(reopened).toMatchObject({ ok: true, value: { winner: "B" } });
  });

  it("reporting a result: recorded once however often it is sent, a stale version is 409, a slip the rules refuse is 422", async () => {
    const owner = await createSignedInAccount("Result Organizer");
    const { tournamentId } = await tournamentOf(owner, ["R1", "R2", "R3", "R4"], {
      published: true,
    });
    const token = (await newToken(owner, tournamentId)).secret;
    await pairNextSwissRound(tournamentId, "results");
    const [match, other] = (await getRound(tournamentId, 1))!.matches;
    if (!match || !other) throw new Error("two matches expected");
    const address = T(tournamentId, `/matches/${match.id}/result`);
    const params = { tournamentId, matchId: match.id };
    const key = randomUUID();
    const first = await call(resultRoute, "POST", address, params, {
      token,
      body: { winsA: 2, winsB: 1, expectedVersion: match.version },
      idempotencyKey: key,
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      matchId: match.id,
      version: match.version + 1,
      winner: "A",
      isDuplicate: false,
    });
    const replay = await call(resultRoute, "POST", address, params, {
      token,
      body: { winsA: 2, winsB: 1, expectedVersion: match.version },
      idempotencyKey: key,
    });
    expect(replay.body).toEqual(first.body);
    expect(await prisma.matchReport.count({ where: { matchId: match.id } })).toBe(1);

    const stale = await call(resultRoute, "POST", address, params, {
      token,
      body: { winsA: 0, winsB: 2, expectedVersion: match.version, note: "Slip misread" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CONFLICT");

    const impossible = await call(
      resultRoute,
      "POST",
      T(tournamentId, `/matches/${other.id}/result`),
      { tournamentId, matchId: other.id },
      { token, body: { winsA: 3, winsB: 0, expectedVersion: other.version } },
    );
    expect(impossible.status).toBe(422);
    expect(impossible.body.error.code).toBe("INVALID_RESULT");

    const typo = await call(
      resultRoute,
      "POST",
      T(tournamentId, `/matches/${other.id}/result`),
      { tournamentId, matchId: other.id },
      { token, body: { winsA: 2, winsB: "0", expectedVersion: other.version } },
    );
    expect(typo.status).toBe(400);
    expect(typo.body.error.fields).toHaveProperty("winsB");
    expect(typo.body.error.message).toContain("winsB");

    // A match of another tournament named under this one's address does not exist here.
    const elsewhere = await tournamentOf(owner, ["Z1", "Z2"], { published: true });
    await pairNextSwissRound(elsewhere.tournamentId, "elsewhere");
    const foreign = (await getRound(elsewhere.tournamentId, 1))!.matches[0]!;
    const crossed = await call(
      resultRoute,
      "POST",
      T(tournamentId, `/matches/${foreign.id}/result`),
      { tournamentId, matchId: foreign.id },
      { token, body: { winsA: 2, winsB: 0, expectedVersion: foreign.version } },
    );
    expect(crossed.status).toBe(404);
    expect(await prisma.matchReport.count({ where: { matchId: foreign.id } })).toBe(0);
  });
});

describe("entering a round's exact pairings", () => {
  const enter = (
    tournamentId: string,
    round: number,
    body: unknown,
    options: { token: string; idempotencyKey?: string },
  ) =>
    call(
      pairingsRoute,
      "POST",
      T(tournamentId, `/rounds/${round}/pairings`),
      { tournamentId, roundNumber: String(round) },
      { ...options, body },
    );
  const byName = (name: string) => ({ name });

  it("enters the round as sent, players by id or by name, tables and a bye included, once per key; the history names the token's owner", async () => {
    const owner = await createSignedInAccount("Entering Organizer");
    const { tournamentId, registrations } = await tournamentOf(
      owner,
      ["Ana", "Ben", "Cal", "Dee", "Eve"],
      { published: true },
    );
    const token = (await newToken(owner, tournamentId)).secret;
    const body = {
      pairings: [
        { table: 2, playerA: { id: registrations[0] }, playerB: byName("ben") },
        { table: 1, playerA: byName("Cal"), playerB: { id: registrations[3] } },
        { table: 3, playerA: byName("  eve "), playerB: null },
      ],
    };
    const key = randomUUID();
    const entered = await enter(tournamentId, 1, body, { token, idempotencyKey: key });
    expect(entered.status).toBe(201);
    expect(entered.body.data).toEqual({ roundNumber: 1, tables: 3, warnings: [] });
    expect((await enter(tournamentId, 1, body, { token, idempotencyKey: key })).body).toEqual(
      entered.body,
    );
    expect(await prisma.round.count({ where: { tournamentId } })).toBe(1);
    const pairings = await call(pairingsRoute, "GET", T(tournamentId, "/rounds/1/pairings"), {
      tournamentId,
      roundNumber: "1",
    });
    expect(
      pairings.body.data.map(
        (p: { table: number; playerA: { name: string }; playerB: { name: string } | null }) => [
          p.table,
          p.playerA.name,
          p.playerB?.name ?? null,
        ],
      ),
    ).toEqual([
      [1, "Cal", "Dee"],
      [2, "Ana", "Ben"],
      [3, "Eve", null],
    ]);
    expect(
      await prisma.pairingChange.findMany({
        where: { round: { tournamentId } },
        select: { kind: true, actorName: true },
      }),
    ).toEqual([{ kind: "ENTERED", actorName: owner.name }]);

    // Without table numbers the rows are numbered in order.
    const unnumbered = await tournamentOf(owner, ["Fay", "Gus", "Hal"], { published: true });
    const allToken = (await newToken(owner)).secret;
    const inOrder = await enter(
      unnumbered.tournamentId,
      1,
      {
        pairings: [
          { playerA: byName("Gus"), playerB: byName("Hal") },
          { playerA: byName("Fay"), playerB: null },
        ],
      },
      { token: allToken },
    );
    expect(inOrder.status).toBe(201);
    expect(
      (await getRound(unnumbered.tournamentId, 1))!.matches.map((match) => [
        match.tableNumber,
        match.sideA.displayName,
      ]),
    ).toEqual([
      [1, "Gus"],
      [2, "Fay"],
    ]);
  });

  it("refuses row by row, naming the row and the rule, and writes nothing; a round other than the next is 409", async () => {
    const owner = await createSignedInAccount("Refused Organizer");
    const { tournamentId, registrations } = await tournamentOf(
      owner,
      ["Ana", "Ben", "Cal", "Dee"],
      { published: true },
    );
    const token = (await newToken(owner, tournamentId)).secret;
    const refusals: [unknown, string, string][] = [
      [
        {
          pairings: [
            { playerA: byName("Ana"), playerB: byName("Ben") },
            { playerA: byName("Cal"), playerB: byName("Zed") },
          ],
        },
        "pairings.1.playerB",
        'Row 2 (pairings[1].playerB): "Zed" is not registered in this tournament.',
      ],
      [
        { pairings: [{ playerA: { id: "nobody" }, playerB: byName("Ben") }] },
        "pairings.0.playerA",
        'Row 1 (pairings[0].playerA): no player of this tournament has the id "nobody".',
      ],
      [
        {
          pairings: [
            { playerA: byName("Ana"), playerB: byName("Ben") },
            { playerA: byName("Cal"), playerB: { id: registrations[0] } },
          ],
        },
        "pairings.1",
        "Row 2 (pairings[1]): Ana is already paired in row 1.",
      ],
      [
        {
          pairings: [
            { table: 1, playerA: byName("Ana"), playerB: byName("Ben") },
            { table: 1, playerA: byName("Cal"), playerB: byName("Dee") },
          ],
        },
        "pairings.1",
        "Row 2 (pairings[1]): table 1 is already used in row 1.",
      ],
      [
        { pairings: [{ playerA: byName("Ana"), playerB: byName("ana") }] },
        "pairings.0",
        "Row 1 (pairings[0]): Ana cannot play themselves.",
      ],
      [
        {
          pairings: [
            { table: 1, playerA: byName("Ana"), playerB: byName("Ben") },
            { playerA: byName("Cal"), playerB: byName("Dee") },
          ],
        },
        "pairings.1.table",
        "Row 2 (pairings[1].table): number every table or none (then they are numbered in row order).",
      ],
      [
        { pairings: [{ playerA: byName("Ana") }] },
        "pairings.0.playerB",
        "Row 1 (pairings[0].playerB): is missing",
      ],
      [
        { pairings: [{ playerA: { id: registrations[0], name: "Ana" }, playerB: null }] },
        "pairings.0.playerA",
        "Row 1 (pairings[0].playerA): names the player as",
      ],
      [
        { pairings: [{ playerA: byName("Ana"), playerB: null, seat: "A" }] },
        "pairings.0",
        'Row 1 (pairings[0]): "seat" is not a field of a row of pairings',
      ],
      [{ pairings: [] }, "pairings", "pairings is empty"],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await enter(tournamentId, 1, body, { token });
      expect(refused.status, message).toBe(400);
      expect(refused.body.error.code).toBe("VALIDATION");
      expect(refused.body.error.message, field).toContain(message);
      expect(Object.keys(refused.body.error.fields), message).toContain(field);
    }
    const early = await enter(
      tournamentId,
      2,
      { pairings: [{ playerA: byName("Ana"), playerB: byName("Ben") }] },
      { token },
    );
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: "CONFLICT",
      message: "Round 2 cannot be entered yet: the next round is 1.",
    });
    expect(await prisma.round.count({ where: { tournamentId } })).toBe(0);

    // A player whose name is a bye word is entered as playerA, never read as a bye.
    const byeNamed = await tournamentOf(owner, ["Ana", "Bye"], { published: true });
    const allToken = (await newToken(owner)).secret;
    const misread = await enter(
      byeNamed.tournamentId,
      1,
      { pairings: [{ playerA: byName("Ana"), playerB: byName("Bye") }] },
      { token: allToken },
    );
    expect(misread.status).toBe(400);
    expect(misread.body.error.message).toBe(
      'Row 1 (pairings[0].playerB): "Bye" reads as a bye in the opponent\'s place: name this player as playerA.',
    );
    expect(
      (
        await enter(
          byeNamed.tournamentId,
          1,
          { pairings: [{ playerA: byName("Bye"), playerB: byName("Ana") }] },
          { token: allToken },
        )
      ).status,
    ).toBe(201);
  });

  it("warns as a swap does (a rematch, a bye not to the lowest player) and enters the round; a round already paired is 409, one with results missing ROUND_NOT_COMPLETE", async () => {
    const owner = await createSignedInAccount("Warned Organizer");
    const { tournamentId, registrations } = await tournamentOf(
      owner,
      ["Ana", "Ben", "Cal", "Dee", "Eve"],
      { published: true },
    );
    const token = (await newToken(owner, tournamentId)).secret;
    const rows = (pairs: [string, string | null][]) => ({
      pairings: pairs.map(([a, b]) => ({
        playerA: byName(a),
        playerB: b === null ? null : byName(b),
      })),
    });
    expect(
      (
        await enter(
          tournamentId,
          1,
          rows([
            ["Ana", "Ben"],
            ["Cal", "Dee"],
            ["Eve", null],
          ]),
          { token },
        )
      ).status,
    ).toBe(201);
    const notComplete = await enter(
      tournamentId,
      2,
      rows([
        ["Ana", "Cal"],
        ["Ben", "Eve"],
        ["Dee", null],
      ]),
      { token },
    );
    expect(notComplete.status).toBe(409);
    expect(notComplete.body.error.code).toBe("ROUND_NOT_COMPLETE");
    for (const match of (await getRound(tournamentId, 1))!.matches.filter(
      (each) => each.sideB !== null,
    )) {
      await reportMatchResult(
        {
          matchId: match.id,
          winsA: 2,
          winsB: 0,
          draws: 0,
          expectedVersion: match.version,
          idempotencyKey: randomUUID(),
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Desk" },
      );
    }
    const again = await enter(
      tournamentId,
      1,
      rows([
        ["Ana", "Cal"],
        ["Ben", "Eve"],
        ["Dee", null],
      ]),
      { token },
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "CONFLICT",
      message: "Round 1 is already paired; the next round to enter is 2.",
      fields: { roundNumber: expect.any(Array) },
    });
    const warned = await enter(
      tournamentId,
      2,
      rows([
        ["Ana", "Ben"],
        ["Eve", "Dee"],
        ["Cal", null],
      ]),
      { token },
    );
    expect(warned.status).toBe(201);
    expect(
      warned.body.data.warnings.map((warning: { code: string }) => warning.code).sort(),
    ).toEqual(["BYE_NOT_LOWEST", "REMATCH"]);
    expect(
      warned.body.data.warnings.find((warning: { code: string }) => warning.code === "REMATCH"),
    ).toEqual({
      code: "REMATCH",
      message: "Ana and Ben have already played each other.",
      playerIds: expect.arrayContaining([registrations[0], registrations[1]]),
    });
    expect(
      await prisma.pairingChange.findFirst({
        where: { round: { tournamentId, number: 2 } },
        select: { warnings: true },
      }),
    ).toMatchObject({
      warnings: expect.arrayContaining([expect.objectContaining({ code: "REMATCH" })]),
    });
  });
});

describe("byes awarded in advance", () => {
  it("awards, lists and withdraws byes; the round pairs the player on the bye; entering pairings that pair them is refused naming the row", async () => {
    const owner = await createSignedInAccount("Byes Organizer");
    const { tournamentId, registrations } = await tournamentOf(
      owner,
      ["Ana", "Ben", "Cal", "Dee"],
      { published: true },
    );
    const token = (await newToken(owner, tournamentId)).secret;
    const [ana, ben, cal, dee] = registrations as [string, string, string, string];
    const list = (who: { token?: string } = { token }) =>
      call(awardedByesRoute, "GET", T(tournamentId, "/awarded-byes"), { tournamentId }, who);
    const award = (body: unknown, idempotencyKey?: string) =>
      call(
        awardedByesRoute,
        "POST",
        T(tournamentId, "/awarded-byes"),
        { tournamentId },
        { token, body, idempotencyKey },
      );
    const withdraw = (body: unknown) =>
      call(
        withdrawByeRoute,
        "POST",
        T(tournamentId, "/awarded-byes/withdraw"),
        { tournamentId },
        { token, body },
      );

    expect((await list()).body.data).toEqual([]);
    const key = randomUUID();
    const awarded = await award({ playerId: ana, rounds: [2, 1] }, key);
    expect(awarded.status).toBe(200);
    expect(awarded.body.data).toEqual({ playerId: ana, name: "Ana", rounds: [1, 2] });
    expect((await award({ playerId: ana, rounds: [2, 1] }, key)).body).toEqual(awarded.body);
    expect((await award({ playerId: ana, rounds: [1] })).body.data).toEqual({
      playerId: ana,
      name: "Ana",
      rounds: [1],
    });
    expect((await list()).body.data).toEqual([{ playerId: ana, name: "Ana", rounds: [1, 2] }]);

    // Staff who may manage players only, as on the overview; hidden to no one it was not already hidden to.
    expect((await list({})).status).toBe(403);
    const bad = await award({ playerId: ana, rounds: [0] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("rounds.0");
    const far = await award({ playerId: ana, rounds: [21] });
    expect(far.status).toBe(400);
    expect(far.body.error.fields).toHaveProperty("rounds");
    expect((await award({ playerId: ana, rounds: "1-2" })).status).toBe(400);
    expect((await award({ playerId: "nobody", rounds: [1] })).status).toBe(404);
    expect(
      (await award({ playerId: ana, rounds: [1], note: "x" })).body.error.fields,
    ).toHaveProperty("note");

    const paired = await call(
      pairingsRoute,
      "POST",
      T(tournamentId, "/rounds/1/pairings"),
      { tournamentId, roundNumber: "1" },
      {
        token,
        body: {
          pairings: [
            { playerA: { id: ben }, playerB: { id: cal } },
            { playerA: { id: dee }, playerB: { id: ana } },
          ],
        },
      },
    );
    expect(paired.status).toBe(400);
    expect(paired.body.error.message).toMatch(
      /^Row 2 \(pairings\[1\]\): Ana has a bye awarded in advance for round 1/,
    );
    expect(paired.body.error.fields).toHaveProperty("pairings.1");

    const withdrawn = await withdraw({ playerId: ana, roundNumber: 2 });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toEqual({ playerId: ana, name: "Ana", roundNumber: 2 });
    expect((await withdraw({ playerId: ana, roundNumber: 2 })).status).toBe(404);
    expect((await withdraw({ playerId: ana })).body.error.fields).toHaveProperty("roundNumber");
    expect((await list()).body.data).toEqual([{ playerId: ana, name: "Ana", rounds: [1] }]);

    expect(
      (await call(roundsRoute, "POST", T(tournamentId, "/rounds"), { tournamentId }, { token }))
        .status,
    ).toBe(201);
    const round = await call(pairingsRoute, "GET", T(tournamentId, "/rounds/1/pairings"), {
      tournamentId,
      roundNumber: "1",
    });
    expect(
      round.body.data.find((pairing: { playerA: { id: string } }) => pairing.playerA.id === ana),
    ).toMatchObject({ playerB: null });
    const late = await withdraw({ playerId: ana, roundNumber: 1 });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toContain("already paired");
    expect((await award({ playerId: ben, rounds: [1] })).status).toBe(400);
  });

  it("a judge's token may not award byes nor read them", async () => {
    const organizer = await createSignedInAccount("Byes Role Organizer");
    const judge = await createSignedInAccount("Byes Judge");
    const { tournamentId, registrations } = await tournamentOf(organizer, ["J1", "J2"], {
      published: true,
    });
    await addStaff(tournamentId, judge, "JUDGE", "Jo");
    const token = (await newToken(judge, tournamentId)).secret;
    expect(
      (
        await call(
          awardedByesRoute,
          "POST",
          T(tournamentId, "/awarded-byes"),
          { tournamentId },
          { token, body: { playerId: registrations[0], rounds: [1] } },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          awardedByesRoute,
          "GET",
          T(tournamentId, "/awarded-byes"),
          { tournamentId },
          { token },
        )
      ).status,
    ).toBe(403);
    expect(await prisma.awardedBye.count({ where: { registration: { tournamentId } } })).toBe(0);
  });
});

describe("decklists (MTR 2.7) and deck checks (MTR 2.8)", () => {
  const CARD_DATA_DATE = CARD_DATA.toISOString();

  beforeAll(async () => {
    await importSampleCards();
  });

  /** A Modern event taking decklists, with its organizer's token for it. */
  async function decklistEvent(
    players: string[],
    options: { published?: boolean; deadline?: Date; deckFormat?: string | null } = {},
  ) {
    const owner = await createSignedInAccount("Decklist API Organizer");
    const event = await tournamentOf(owner, players, { published: options.published });
    await prisma.tournament.update({
      where: { id: event.tournamentId },
      data: {
        deckFormat: options.deckFormat === undefined ? "modern" : options.deckFormat,
        decklistDeadline: options.deadline ?? null,
      },
    });
    const token = (await newToken(owner, event.tournamentId)).secret;
    return { ...event, owner, token };
  }

  function submit(
    event: { tournamentId: string; token: string },
    registrationId: string,
    body: unknown,
    options: { token?: string; idempotencyKey?: string } = {},
  ) {
    const { tournamentId } = event;
    return call(
      decklistRoute,
      "POST",
      T(tournamentId, `/decklists/${registrationId}`),
      { tournamentId, registrationId },
      { token: options.token ?? event.token, body, idempotencyKey: options.idempotencyKey },
    );
  }

  const readList = (tournamentId: string, who: { token?: string } = {}) =>
    call(decklistsRoute, "GET", T(tournamentId, "/decklists"), { tournamentId }, who);
  const readOne = (tournamentId: string, registrationId: string, who: { token?: string } = {}) =>
    call(
      decklistRoute,
      "GET",
      T(tournamentId, `/decklists/${registrationId}`),
      { tournamentId, registrationId },
      who,
    );
  const names = (answer: Answer) =>
    answer.body.data.decklists.map((list: { name: string }) => list.name);

  it("MTR 2.7: staff enter lists through the staff form's write: a legal list, an illegal one saved as not legal with its problems by code, and read every list with its check and who has none", async () => {
    const event = await decklistEvent(["Ana", "Ben", "Cleo"]);
    const [ana, ben, cleo] = event.registrations as [string, string, string];
    const legal = await submit(event, ana, {
      text: BURN,
      archetype: " Burn ",
      expectedVersion: null,
    });
    expect(legal.status).toBe(200);
    expect(legal.body.data).toMatchObject({
      playerId: ana,
      version: 1,
      archetype: "Burn",
      counts: { main: 60, sideboard: 3, commanders: 0, companions: 0 },
      check: {
        isLegal: true,
        problems: [],
        format: "modern",
        checkedAgainst: CARD_DATA_DATE,
        isStale: false,
      },
      isUnchanged: false,
    });
    expect(legal.body.data.entries.main).toContainEqual({
      count: 4,
      name: "Bonecrusher Giant // Stomp",
      oracleId: expect.any(String),
    });
    const illegal = await submit(event, ben, {
      text: "4 Lightning Bolt\n4 Black Lotus",
      expectedVersion: null,
    });
    expect(illegal.status).toBe(200);
    expect(illegal.body.data.check.isLegal).toBe(false);
    const codes = illegal.body.data.check.problems.map((problem: { code: string }) => problem.code);
    expect(codes).toEqual(expect.arrayContaining(["MAIN_DECK_TOO_SMALL", "NOT_LEGAL"]));
    for (const problem of illegal.body.data.check.problems)
      expect(problem.message.length).toBeGreaterThan(10);
    // Saved through submitDecklist: the same history row as the staff form writes.
    expect(
      await prisma.decklistChange.findMany({
        where: { tournamentId: event.tournamentId },
        orderBy: { createdAt: "asc" },
        select: { source: true, actorName: true, version: true },
      }),
    ).toEqual([
      { source: "STAFF", actorName: event.owner.name, version: 1 },
      { source: "STAFF", actorName: event.owner.name, version: 1 },
    ]);

    const staff = await readList(event.tournamentId, { token: event.token });
    expect(staff.status).toBe(200);
    expect(staff.body.data).toMatchObject({
      format: "modern",
      formatName: "Modern",
      deadline: null,
      publication: "NONE",
      playersWithoutList: [{ playerId: cleo, name: "Cleo", isDropped: false }],
    });
    expect(names(staff)).toEqual(["Ana", "Ben"]);
    expect(
      staff.body.data.decklists.map((list: { check: { isLegal: boolean } }) => list.check.isLegal),
    ).toEqual([true, false]);
    const one = await readOne(event.tournamentId, ana, { token: event.token });
    expect(one.body.data).toMatchObject({ text: BURN, check: { isLegal: true } });
    expect(one.body.data.history).toEqual([
      expect.objectContaining({
        version: 1,
        source: "STAFF",
        who: event.owner.name,
        textBefore: null,
      }),
    ]);
    const none = await readOne(event.tournamentId, cleo, { token: event.token });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toContain("Cleo has no decklist yet");
  });

  it("MTR 2.7: the public reads no list until the organizer publishes them; then all of them (ALL) or the top cut's (TOP_CUT), never whether they are legal", async () => {
    const event = await decklistEvent(["Ana", "Ben", "Cleo"], { published: true });
    const [ana, ben, cleo] = event.registrations as [string, string, string];
    for (const [player, text] of [
      [ana, BURN],
      [ben, "4 Lightning Bolt"],
    ] as const)
      expect((await submit(event, player, { text, expectedVersion: null })).status).toBe(200);

    const hidden = await readList(event.tournamentId);
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({
      publication: "NONE",
      decklists: [],
      playersWithoutList: null,
    });
    const notPublic = await readOne(event.tournamentId, ana);
    expect(notPublic.status).toBe(404);
    expect(JSON.stringify(notPublic.body)).not.toContain("Lightning");
    // A player without any list answers as one whose list is not public.
    expect((await readOne(event.tournamentId, cleo)).body).toEqual(notPublic.body);

    await prisma.tournament.update({
      where: { id: event.tournamentId },
      data: { decklistPublication: "ALL" },
    });
    // DL4: published, the lists wait until players may no longer change theirs.
    expect(names(await readList(event.tournamentId))).toEqual([]);
    await prisma.tournament.update({
      where: { id: event.tournamentId },
      data: { decklistDeadline: new Date(Date.now() - 60_000) },
    });
    const all = await readList(event.tournamentId);
    expect(names(all)).toEqual(["Ana", "Ben"]);
    expect(all.body.data.decklists.map((list: { check: unknown }) => list.check)).toEqual([
      null,
      null,
    ]);
    expect(all.body.data.playersWithoutList).toBeNull();
    const published = await readOne(event.tournamentId, ben);
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({
      name: "Ben",
      check: null,
      text: null,
      history: null,
      entries: { main: [{ count: 4, name: "Lightning Bolt" }] },
    });

    await prisma.tournament.update({
      where: { id: event.tournamentId },
      data: { decklistPublication: "TOP_CUT" },
    });
    const phase = await prisma.phase.create({
      data: {
        tournamentId: event.tournamentId,
        sequence: 2,
        kind: "SINGLE_ELIMINATION",
        cutSize: 2,
      },
    });
    await prisma.playoffSeed.createMany({
      data: [
        { phaseId: phase.id, seed: 1, registrationId: ben },
        { phaseId: phase.id, seed: 2, registrationId: cleo },
      ],
    });
    const topCut = await readList(event.tournamentId);
    expect(names(topCut)).toEqual(["Ben"]);
    expect(topCut.body.data.decklists[0].isInTopCut).toBe(true);
    expect((await readOne(event.tournamentId, ana)).status).toBe(404);
    expect((await readOne(event.tournamentId, ben)).status).toBe(200);
    // Staff still read every list, with its check.
    expect(names(await readList(event.tournamentId, { token: event.token }))).toEqual([
      "Ana",
      "Ben",
    ]);
  });

  it("refusals: names no card has are 422 with the closest names and nothing saved; a stale version 409; a player of another tournament 404; no format 409 DECKLISTS_OFF; no card data 409 NO_CARD_DATABASE", async () => {
    const event = await decklistEvent(["Ana", "Ben"]);
    const [ana] = event.registrations as [string, string];
    const unknown = await submit(event, ana, {
      text: BURN.replace("4 Lightning Bolt", "4 Lightnig Bolt"),
      expectedVersion: null,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toMatchObject({
      code: "UNKNOWN_CARDS",
      fields: { text: [expect.stringContaining("Lightnig Bolt")] },
      unknownCards: [
        {
          name: "Lightnig Bolt",
          lines: [1],
          suggestions: expect.arrayContaining(["Lightning Bolt"]),
          message: expect.stringContaining("Did you mean"),
        },
      ],
    });
    const unreadable = await submit(event, ana, {
      text: "4 Lightning Bolt\nfour Mountains please",
      expectedVersion: null,
    });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.error).toMatchObject({
      code: "UNREADABLE_DECKLIST",
      lineProblems: [expect.objectContaining({ line: 2 })],
    });
    expect(await prisma.decklist.count({ where: { tournamentId: event.tournamentId } })).toBe(0);

    expect((await submit(event, ana, { text: BURN, expectedVersion: null })).status).toBe(200);
    const stale = await submit(event, ana, { text: "4 Lightning Bolt", expectedVersion: null });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: "CONFLICT",
      fields: { expectedVersion: ["The list is at version 1."] },
    });
    expect(stale.body.error.message).toContain("expectedVersion 1");
    const missingVersion = await submit(event, ana, { text: BURN });
    expect(missingVersion.status).toBe(400);
    expect(missingVersion.body.error.fields).toHaveProperty("expectedVersion");
    const typo = await submit(event, ana, { text: BURN, expectedVersion: 1, archetpye: "x" });
    expect(typo.status).toBe(400);
    expect(typo.body.error.fields).toHaveProperty("archetpye");

    const other = await decklistEvent(["Zed"]);
    const crossed = await submit(event, other.registrations[0]!, {
      text: BURN,
      expectedVersion: null,
    });
    expect(crossed.status).toBe(404);
    expect(await prisma.decklist.count({ where: { tournamentId: other.tournamentId } })).toBe(0);

    const off = await decklistEvent(["Off"], { deckFormat: null });
    const refusedOff = await submit(off, off.registrations[0]!, {
      text: BURN,
      expectedVersion: null,
    });
    expect(refusedOff.status).toBe(409);
    expect(refusedOff.body.error.code).toBe("DECKLISTS_OFF");

    // Without a finished card import there is nothing to check a list against.
    const imports = await prisma.cardImport.findMany({
      where: { status: "DONE" },
      select: { id: true },
    });
    await prisma.cardImport.updateMany({
      where: { id: { in: imports.map((each) => each.id) } },
      data: { status: "FAILED" },
    });
    try {
      const noCards = await submit(event, event.registrations[1]!, {
        text: BURN,
        expectedVersion: null,
      });
      expect(noCards.status).toBe(409);
      expect(noCards.body.error.code).toBe("NO_CARD_DATABASE");
    } finally {
      await prisma.cardImport.updateMany({
        where: { id: { in: imports.map((each) => each.id) } },
        data: { status: "DONE" },
      });
    }
    expect(await prisma.decklist.count({ where: { tournamentId: event.tournamentId } })).toBe(1);
  });

  it("IPG 3.4: after the deadline a change without a reason is 400 naming reason, as on the staff form; with one it is saved and kept in the history", async () => {
    const event = await decklistEvent(["Ana"], { deadline: new Date(Date.now() - 3_600_000) });
    const [ana] = event.registrations as [string];
    const noReason = await submit(event, ana, { text: BURN, expectedVersion: null });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toMatchObject({
      code: "VALIDATION",
      fields: { reason: [expect.stringContaining("IPG 3.4")] },
    });
    expect(await prisma.decklist.count({ where: { tournamentId: event.tournamentId } })).toBe(0);
    const reason = "Entered from the paper list handed in on time";
    const saved = await submit(event, ana, { text: BURN, expectedVersion: null, reason });
    expect(saved.status).toBe(200);
    const read = await readOne(event.tournamentId, ana, { token: event.token });
    expect(read.body.data.history).toEqual([expect.objectContaining({ version: 1, reason })]);
  });

  it("once per Idempotency-Key: a replay answers the first answer and writes nothing, the key with another body is 422; the same list sent again is answered unchanged", async () => {
    const event = await decklistEvent(["Ana"]);
    const [ana] = event.registrations as [string];
    const key = randomUUID();
    const body = { text: BURN, archetype: "Burn", expectedVersion: null };
    const first = await submit(event, ana, body, { idempotencyKey: key });
    expect(first.status).toBe(200);
    const replay = await submit(event, ana, body, { idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const reused = await submit(
      event,
      ana,
      { ...body, text: "4 Lightning Bolt", expectedVersion: 1 },
      { idempotencyKey: key },
    );
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await prisma.decklistChange.count({ where: { tournamentId: event.tournamentId } })).toBe(
      1,
    );
    const same = await submit(event, ana, { ...body, expectedVersion: 1 });
    expect(same.body.data).toMatchObject({ version: 1, isUnchanged: true });
    const changed = await submit(event, ana, {
      ...body,
      archetype: "Mono-Red",
      expectedVersion: 1,
    });
    expect(changed.body.data).toMatchObject({ version: 2, archetype: "Mono-Red" });
  });

  it("a token for another tournament reads a published event's lists as the public does and may not change them; a hidden event's are not there", async () => {
    const event = await decklistEvent(["Ana"], { published: true });
    const [ana] = event.registrations as [string];
    expect((await submit(event, ana, { text: BURN, expectedVersion: null })).status).toBe(200);
    const elsewhere = await tournamentOf(event.owner, ["Other"]);
    const forOther = (await newToken(event.owner, elsewhere.tournamentId)).secret;
    const refused = await submit(
      event,
      ana,
      { text: "4 Lightning Bolt", expectedVersion: 1 },
      { token: forOther },
    );
    expect(refused.status).toBe(403);
    const asPublic = await readList(event.tournamentId, { token: forOther });
    expect(asPublic.body.data).toMatchObject({ decklists: [], playersWithoutList: null });
    expect(
      (
        await call(
          deckChecksRoute,
          "GET",
          T(event.tournamentId, "/deck-checks"),
          { tournamentId: event.tournamentId },
          { token: forOther },
        )
      ).status,
    ).toBe(403);
    await setTournamentPublished(event.tournamentId, false);
    const hidden = await submit(
      event,
      ana,
      { text: "4 Lightning Bolt", expectedVersion: 1 },
      { token: forOther },
    );
    expect(hidden.status).toBe(404);
    expect((await readOne(event.tournamentId, ana, { token: forOther })).status).toBe(404);
    expect(await prisma.decklistChange.count({ where: { tournamentId: event.tournamentId } })).toBe(
      1,
    );
  });

  it("MTR 2.8: staff read the deck checks by round and table, a correction marking the record it replaces as no longer current, with the penalty given; one round's with ?round=; others get 403", async () => {
    const event = await decklistEvent(["Ana", "Ben", "Cleo", "Dev"], { published: true });
    await pairNextSwissRound(event.tournamentId, "deck checks");
    const match = (await getRound(event.tournamentId, 1))!.matches[0]!;
    const judge = { name: "Jo Judge" };
    const recorded = async (fields: Record<string, string>) => {
      const result = await recordDeckCheck(
        RecordDeckCheckSchema.parse({
          tournamentId: event.tournamentId,
          matchId: match.id,
          registrationId: match.sideAId,
          outcome: "PASSED",
          idempotencyKey: randomUUID(),
          ...fields,
        }),
        judge,
      );
      if (!result.ok) throw new Error(result.error.message);
      return result.value.check;
    };
    const first = await recorded({ outcome: "DECK_PROBLEM", note: "61 cards" });
    const corrected = await recorded({
      outcome: "DECKLIST_PROBLEM",
      note: "List says 61",
      replacesId: first.id,
    });
    const given = await penaltyFromDeckCheck(
      PenaltyFromDeckCheckSchema.parse({
        tournamentId: event.tournamentId,
        deckCheckId: corrected.id,
        expectedVersion: String(match.version),
        gameNumber: "",
        idempotencyKey: randomUUID(),
      }),
      judge,
    );
    if (!given.ok) throw new Error(given.error.message);

    const read = (query: string, who: { token?: string } = { token: event.token }) =>
      call(
        deckChecksRoute,
        "GET",
        T(event.tournamentId, `/deck-checks${query}`),
        { tournamentId: event.tournamentId },
        who,
      );
    const checks = await read("");
    expect(checks.status).toBe(200);
    expect(checks.body.data).toEqual([
      expect.objectContaining({
        id: first.id,
        roundNumber: 1,
        table: match.tableNumber,
        matchId: match.id,
        playerId: match.sideAId,
        opponents: [match.sideB!.displayName],
        outcome: "DECK_PROBLEM",
        judge: "Jo Judge",
        penalty: null,
        replacedById: corrected.id,
        isCurrent: false,
      }),
      expect.objectContaining({
        id: corrected.id,
        outcome: "DECKLIST_PROBLEM",
        replacesId: first.id,
        isCurrent: true,
        penalty: expect.objectContaining({
          id: given.value.penaltyId,
          kind: "GAME_LOSS",
          infraction: "Decklist Problem (IPG 3.4)",
        }),
      }),
    ]);
    expect((await read("?round=1")).body.data).toHaveLength(2);
    const noRound = await read("?round=9");
    expect(noRound.status).toBe(404);
    expect(noRound.body.error.fields).toHaveProperty("round");
    expect((await read("?round=first")).status).toBe(400);
    const anonymous = await read("", {});
    expect(anonymous.status).toBe(403);
    expect(JSON.stringify(anonymous.body)).not.toContain("61");
  });
});

describe("limits and busy answers", () => {
  it(`a token sending more than ${API_RATE_LIMIT_PER_MINUTE} requests a minute gets 429 with Retry-After`, async () => {
    const answers: number[] = [];
    let last: Answer | undefined;
    for (let index = 0; index <= API_RATE_LIMIT_PER_MINUTE; index++) {
      last = await call(
        tournamentsRoute,
        "GET",
        "/api/v1/tournaments",
        {},
        { token: "nonsense-but-counted" },
      );
      answers.push(last.status);
    }
    expect(answers.slice(0, API_RATE_LIMIT_PER_MINUTE).every((status) => status === 401)).toBe(
      true,
    );
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe("RATE_LIMITED");
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a busy database is a 503 with Retry-After in the API's error shape", async () => {
    const response = respondV1(unavailable(3));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("3");
    expect(ApiErrorSchema.parse(await response.json()).error.code).toBe("UNAVAILABLE");
  });

  it("a method a route does not take is a JSON 405 with Allow", async () => {
    const answer = await call(dropRoute, "GET", "/api/v1/tournaments/t/players/r/drop", {
      tournamentId: "t",
      registrationId: "r",
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
    expect(ApiErrorSchema.parse(answer.body).error.code).toBe("METHOD_NOT_ALLOWED");
  });
});

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument();

  function routeFiles(directory: string): string[] {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) return routeFiles(full);
      return entry.name === "route.ts" ? [full] : [];
    });
  }

  it("documents every route file under app/api/v1, each method it answers as its operation", () => {
    const root = path.resolve(import.meta.dirname);
    const files = routeFiles(root).map((file) =>
      path.relative(root, file).split(path.sep).join("/"),
    );
    expect(files.length).toBeGreaterThanOrEqual(13);
    const methodsOf: Record<string, Record<string, string>> = {
      "openapi.json/route.ts": { GET: "getOpenApiDocument" },
      "reference/route.ts": { GET: "getReference" },
      "tournaments/route.ts": { GET: "listTournaments" },
      "tournaments/[tournamentId]/route.ts": { GET: "getTournament" },
      "tournaments/[tournamentId]/players/route.ts": { GET: "listPlayers", POST: "registerPlayer" },
      "tournaments/[tournamentId]/players/[registrationId]/drop/route.ts": { POST: "dropPlayer" },
      "tournaments/[tournamentId]/rounds/route.ts": { GET: "listRounds", POST: "pairNextRound" },
      "tournaments/[tournamentId]/rounds/[roundNumber]/swaps/route.ts": { POST: "swapPlayers" },
      "tournaments/[tournamentId]/rounds/[roundNumber]/pairings/route.ts": {
        GET: "listPairings",
        POST: "enterPairings",
      },
      "tournaments/[tournamentId]/awarded-byes/route.ts": {
        GET: "listAwardedByes",
        POST: "awardByes",
      },
      "tournaments/[tournamentId]/awarded-byes/withdraw/route.ts": { POST: "withdrawAwardedBye" },
      "tournaments/[tournamentId]/matches/[matchId]/route.ts": { GET: "getMatch" },
      "tournaments/[tournamentId]/matches/[matchId]/result/route.ts": { POST: "reportResult" },
      "tournaments/[tournamentId]/standings/route.ts": { GET: "getStandings" },
      "tournaments/[tournamentId]/bracket/route.ts": { GET: "getBracket" },
      "tournaments/[tournamentId]/rounds/[roundNumber]/pods/route.ts": { GET: "listPods" },
      "tournaments/[tournamentId]/pods/[podId]/result/route.ts": { POST: "recordPodResult" },
      "tournaments/[tournamentId]/decklists/route.ts": { GET: "listDecklists" },
      "tournaments/[tournamentId]/decklists/[registrationId]/route.ts": {
        GET: "getDecklist",
        POST: "submitDecklist",
      },
      "tournaments/[tournamentId]/deck-checks/route.ts": { GET: "listDeckChecks" },
    };
    expect(
      files.sort(),
      "a new route file needs its operations here and in lib/api-v1/operations.ts",
    ).toEqual(Object.keys(methodsOf).sort());
    for (const file of files) {
      const address = `/api/v1/${path.posix.dirname(file)}`.replace(/\[([^\]]+)\]/g, "{$1}");
      for (const [method, operationId] of Object.entries(methodsOf[file]!)) {
        const documented = (
          document.paths[address] as Record<string, { operationId: string }> | undefined
        )?.[method.toLowerCase()];
        expect(documented?.operationId, `${method} ${address}`).toBe(operationId);
      }
    }
  });

  it("every documented example validates against its schema", () => {
    let checked = 0;
    for (const operation of API_OPERATIONS) {
      if (!operation.example) continue;
      const answer = operation.success.schema!.safeParse(operation.example.response);
      expect(
        answer.success,
        `${operation.operationId} response example: ${answer.success ? "" : z.prettifyError(answer.error)}`,
      ).toBe(true);
      if (operation.example.request !== undefined) {
        const request = operation.body!.safeParse(operation.example.request);
        expect(request.success, `${operation.operationId} request example`).toBe(true);
      }
      if (operation.podExample) {
        const pods = operation.success.schema!.safeParse(operation.podExample.response);
        expect(
          pods.success,
          `${operation.operationId} pod example: ${pods.success ? "" : z.prettifyError(pods.error)}`,
        ).toBe(true);
      }
      checked++;
    }
    expect(checked).toBe(API_OPERATIONS.filter((operation) => operation.success.schema).length);
  });

  it("is OpenAPI 3.1 with every $ref resolving to a component", () => {
    expect(document.openapi).toBe("3.1.0");
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs)
      expect(Object.keys(document.components.schemas)).toContain(
        ref.replace("#/components/schemas/", ""),
      );
  });

  it("is served at /api/v1/openapi.json, and the reference page lists every operation without scripts", async () => {
    const served = await (
      await openApiRoute.GET(new Request("http://localhost/api/v1/openapi.json"))
    ).json();
    expect(served).toEqual(JSON.parse(JSON.stringify(document)));
    const page = await referenceRoute.GET(new Request("http://localhost/api/v1/reference"));
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).not.toContain("<script");
    for (const operation of API_OPERATIONS) expect(html).toContain(`id="${operation.operationId}"`);
  });

  it("every documented answer was received and matched its schema in these tests", () => {
    const documented = API_OPERATIONS.filter((operation) => operation.success.schema).map(
      (operation) => operation.operationId,
    );
    expect([...validatedSuccesses].sort()).toEqual(documented.sort());
  });
});
