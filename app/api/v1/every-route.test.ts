// Every operation of /api/v1, found from the OpenAPI list and its route file: every read answers an
// ETag and 304 to it (for each kind of event it serves: two-player, pods), every route answers 429
// RATE_LIMITED past the token's limit and 503 UNAVAILABLE while the database cannot give a
// connection, both with Retry-After.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { createApiToken } from "@/lib/server/api/api-tokens";
import { getPodRound, pairNextPodRound } from "@/lib/server/pod/pods";
import { recordPodOutcome } from "@/lib/server/pod/pod-commands";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { API_RATE_LIMIT_PER_MINUTE, resetRateLimits, takeRateLimit } from "@/lib/server/api/api-v1";
import { API_OPERATIONS, type ApiOperation } from "@/lib/api-v1/operations";
import { ApiErrorSchema } from "@/lib/schemas/api-v1";
import { createSignedInAccount } from "@/test/accounts";
import { importSampleCards } from "@/test/decklists";
import { submitDecklist } from "@/lib/server/decklists/submit-decklist";

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;
const routeModules = import.meta.glob<Record<string, Handler>>("./**/route.ts", { eager: true });

/** The route file that answers an operation's path (`{name}` is the folder `[name]`). */
function handlerOf(operation: ApiOperation): Handler {
  const file = `.${operation.path.replace("/api/v1", "").replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
  const handler = routeModules[file]?.[operation.method.toUpperCase()];
  if (!handler)
    throw new Error(`${operation.operationId}: no ${operation.method.toUpperCase()} in ${file}`);
  return handler;
}

type Structure = "TWO_PLAYER" | "PODS";
/** A two-player event with a playoff, and a pod event with a top cut, both published; one token of their organizer. */
type Fixture = {
  token: string;
  TWO_PLAYER: { tournamentId: string; matchId: string; registrationId: string };
  PODS: { tournamentId: string; podId: string; registrationId: string };
};
let fixture: Fixture;

/** The events an operation serves: its documented `serves`, or both (one is enough for an operation that names no tournament). */
const structuresOf = (operation: ApiOperation): Structure[] =>
  operation.serves
    ? [operation.serves]
    : "tournamentId" in operation.pathParameters
      ? ["TWO_PLAYER", "PODS"]
      : ["TWO_PLAYER"];

/** A value for each path parameter the operations use: a new parameter needs one here. */
function paramsOf(
  operation: ApiOperation,
  structure: Structure = structuresOf(operation)[0]!,
): Record<string, string> {
  const event = fixture[structure];
  const values: Record<string, string> = { ...event, roundNumber: "1" };
  if (structure === "PODS") values.matchId = "not-a-pod-event-match";
  else values.podId = "not-a-two-player-event-pod";
  return Object.fromEntries(
    Object.keys(operation.pathParameters).map((name) => {
      if (!(name in values))
        throw new Error(`${operation.operationId}: no value for the path parameter {${name}}`);
      return [name, values[name]!];
    }),
  );
}

async function send(
  operation: ApiOperation,
  headers: Record<string, string> = {},
  structure?: Structure,
): Promise<Response> {
  const params = paramsOf(operation, structure);
  const address = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  const init: RequestInit = {
    method: operation.method.toUpperCase(),
    headers: { authorization: `Bearer ${fixture.token}`, ...headers },
  };
  if (operation.method === "post")
    init.headers = {
      ...init.headers,
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
    };
  if (operation.method === "post") init.body = "{}";
  return handlerOf(operation)(new Request(`http://localhost${address}`, init), {
    params: Promise.resolve(params),
  });
}

async function expectRetryableError(
  response: Response,
  status: number,
  code: string,
  label: string,
) {
  expect(response.status, label).toBe(status);
  expect(Number(response.headers.get("retry-after")), `${label}: Retry-After`).toBeGreaterThan(0);
  expect(ApiErrorSchema.parse(await response.json()).error.code, label).toBe(code);
}

const reads = API_OPERATIONS.filter((operation) => operation.method === "get");

beforeAll(async () => {
  const owner = await createSignedInAccount("Every Route Organizer");
  const created = await createTournament(
    {
      name: `Every Route ${randomUUID().slice(0, 6)}`,
      format: "Modern",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    },
    { userId: owner.userId, name: owner.name, email: owner.email },
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  await setTournamentPublished(tournamentId, true);
  const registrations: string[] = [];
  for (const name of ["Ada", "Bea", "Cid", "Dot"]) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
    registrations.push(registered.value.id);
  }
  await pairNextSwissRound(tournamentId, "every-route");
  const matches = (await getRound(tournamentId, 1))!.matches;
  for (const match of matches) {
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
  // A playoff, so the bracket is there to be read.
  const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
  if (!started.ok) throw new Error(started.error.message);
  const pods = await podEventWithCut(owner);
  // Each event takes decklists, and its first player has one, so the decklist reads answer.
  await importSampleCards();
  for (const [event, registrationId] of [
    [tournamentId, registrations[0]!],
    [pods.tournamentId, pods.registrationId],
  ] as const)
    await withDecklist(event, registrationId);
  const token = await createApiToken(
    { name: "Every route" },
    { userId: owner.userId, name: owner.name, email: owner.email },
  );
  if (!token.ok) throw new Error(token.error.message);
  fixture = {
    token: token.value.secret,
    TWO_PLAYER: { tournamentId, matchId: matches[0]!.id, registrationId: registrations[0]! },
    PODS: pods,
  };
}, 60_000);

/** A Modern decklist (illegal, and saved as such) for the player, in an event that now takes them. */
async function withDecklist(tournamentId: string, registrationId: string) {
  await prisma.tournament.update({ where: { id: tournamentId }, data: { deckFormat: "modern" } });
  const saved = await submitDecklist(
    {
      tournamentId,
      registrationId,
      text: "4 Lightning Bolt",
      archetype: "",
      expectedVersion: null,
      idempotencyKey: randomUUID(),
      // Round 1 is paired: lists are final, so staff say why (IPG 3.4).
      reason: "Entered from the paper list",
    },
    { source: "STAFF", staffId: null, name: "Desk" },
  );
  if (!saved.ok) throw new Error(saved.error.message);
}

/** A published pod event (CR 100.6a) whose round 1 is recorded and whose top 4 is seated, so its pods, standings and cut are there to be read. */
async function podEventWithCut(owner: { userId: string; name: string; email: string }) {
  const created = await createTournament(
    CreateTournamentSchema.parse({
      name: `Every Route Pods ${randomUUID().slice(0, 6)}`,
      format: "Commander",
      structure: "PODS",
    }),
    owner,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  await setTournamentPublished(tournamentId, true);
  const registrations: string[] = [];
  for (const name of ["Eve", "Fay", "Gus", "Hal"]) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
    registrations.push(registered.value.id);
  }
  await pairNextPodRound(tournamentId, "every-route");
  const pod = (await getPodRound(tournamentId, 1))!.pods[0]!;
  const recorded = await recordPodOutcome(
    {
      tournamentId,
      podId: pod.id,
      expectedVersion: pod.version,
      idempotencyKey: randomUUID(),
      outcome: { kind: "win", winnerId: registrations[0]! },
    },
    { name: "Desk" },
  );
  if (!recorded.ok) throw new Error(recorded.error.message);
  const cut = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
  if (!cut.ok) throw new Error(cut.error.message);
  return { tournamentId, podId: pod.id, registrationId: registrations[0]! };
}
beforeEach(() => resetRateLimits());
afterAll(async () => {
  await prisma.$disconnect();
});

describe("every /api/v1 operation", () => {
  it("each documented operation has its route file and method, and a value for each of its path parameters", () => {
    expect(API_OPERATIONS.length).toBeGreaterThanOrEqual(17);
    for (const operation of API_OPERATIONS) {
      expect(() => handlerOf(operation), operation.operationId).not.toThrow();
      expect(() => paramsOf(operation), operation.operationId).not.toThrow();
    }
  });

  const readCases = reads.flatMap((operation) =>
    structuresOf(operation).map(
      (structure) => [operation.operationId, structure, operation] as const,
    ),
  );
  it.each(readCases)(
    "%s (%s event): answers a weak ETag, and 304 with no body to If-None-Match naming it",
    async (_, structure, operation) => {
      const first = await send(operation, {}, structure);
      expect(first.status, await first.clone().text()).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      const again = await send(operation, { "if-none-match": etag! }, structure);
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
      const other = await send(operation, { "if-none-match": 'W/"something-else"' }, structure);
      expect(other.status).toBe(200);
    },
  );

  it.each(API_OPERATIONS.map((operation) => [operation.operationId, operation] as const))(
    `%s: past ${API_RATE_LIMIT_PER_MINUTE} requests a minute with one token, 429 RATE_LIMITED with Retry-After`,
    async (_, operation) => {
      const headers = new Headers({ authorization: `Bearer ${fixture.token}` });
      for (let index = 0; index < API_RATE_LIMIT_PER_MINUTE; index++)
        expect(takeRateLimit(headers)).toBeNull();
      await expectRetryableError(await send(operation), 429, "RATE_LIMITED", operation.operationId);
    },
  );

  it("while the database cannot give a connection, every operation that reads it answers 503 UNAVAILABLE with Retry-After (the documents, which read none, still answer)", async () => {
    const poolSize = Number(process.env.DATABASE_POOL_MAX);
    // Every pooled connection busy for longer than a request waits for one (DATABASE_CONNECT_TIMEOUT_MS, 5 s).
    const holders = Array.from({ length: poolSize }, () =>
      prisma.$queryRaw`SELECT pg_sleep(7)`.catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answers = await Promise.all(
      API_OPERATIONS.map(async (operation) => [operation, await send(operation)] as const),
    );
    await Promise.all(holders);
    for (const [operation, response] of answers) {
      if (operation.tag === "Documentation")
        expect(response.status, operation.operationId).toBe(200);
      else await expectRetryableError(response, 503, "UNAVAILABLE", operation.operationId);
    }
    // Nothing was written while it was busy.
    expect(
      await prisma.awardedBye.count({
        where: { registration: { tournamentId: fixture.TWO_PLAYER.tournamentId } },
      }),
    ).toBe(0);
    expect(await prisma.podEvent.count({ where: { podId: fixture.PODS.podId } })).toBe(1);
  }, 30_000);
});
