import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { failure, success, unavailable } from "@/lib/action-result";
import { runMutation } from "@/lib/server/access/run-action";
import { respondWith } from "./http";
import { prisma } from "./db";
import { isRetryableDatabaseFailure, isUniqueViolation } from "./prisma-errors";

/**
 * Under overload, or while the database is down or restarting, a write is answered
 * with a clear, retryable UNAVAILABLE (HTTP 503 + Retry-After), never a 500. These pin the error
 * shapes @prisma/adapter-pg really produces, against real connections.
 */
const clients: PrismaClient[] = [];
function clientFor(
  connectionString: string,
  options: { max?: number; maxWait?: number; connectMs?: number } = {},
) {
  const client = new PrismaClient({
    adapter: new PrismaPg({
      connectionString,
      max: options.max ?? 2,
      connectionTimeoutMillis: options.connectMs ?? 2_000,
    }),
    transactionOptions: { maxWait: options.maxWait ?? 2_000, timeout: 10_000 },
  });
  clients.push(client);
  return client;
}
afterAll(async () => {
  await Promise.all(clients.map((client) => client.$disconnect().catch(() => undefined)));
  await prisma.$disconnect();
});

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("a database that cannot take the request is a retryable failure", () => {
  it("nothing listening on the database's port: retryable", async () => {
    const down = clientFor("postgresql://postgres@127.0.0.1:1/none?sslmode=disable");
    const error = await failureOf(() => down.tournament.findFirst());
    expect(isRetryableDatabaseFailure(error)).toBe(true);
  });

  it("every pooled connection busy past the transaction's maxWait: retryable (Prisma P2028)", async () => {
    const url = process.env.DATABASE_URL!;
    const crowded = clientFor(url, { max: 1, maxWait: 150 });
    let release!: () => void;
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    // The holder may wait for its connection on a busy machine; only the second transaction must time out.
    const held = crowded.$transaction(
      async (tx) => {
        await tx.tournament.count();
        started();
        await new Promise<void>((resolve) => (release = resolve));
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
    await inside;
    const error = await failureOf(() => crowded.$transaction(async (tx) => tx.tournament.count()));
    release();
    await held;
    expect((error as { code?: string }).code).toBe("P2028");
    expect(isRetryableDatabaseFailure(error)).toBe(true);
  });

  it("a statement on a connection the server closed in the middle of a transaction (a restart between two statements): retryable", async () => {
    // node-postgres answers the next statement itself, "Client has encountered a connection
    // error and is not queryable", without sending it; database-restart.test.ts met it as a 500.
    const url = process.env.DATABASE_URL!;
    const client = clientFor(url, { max: 1 });
    const error = await failureOf(() =>
      client.$transaction(async (tx) => {
        const [session] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        await prisma.$executeRaw`SELECT pg_terminate_backend(${session!.pid})`;
        // Wait until the server has closed that session, then give the client a moment to read its goodbye.
        for (let tries = 0; tries < 100; tries++) {
          const [row] = await prisma.$queryRaw<
            { alive: boolean }[]
          >`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = ${session!.pid}) AS alive`;
          if (!row?.alive) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.$queryRaw`SELECT 1`;
      }),
    );
    expect((error as Error).message).toMatch(/not queryable/);
    expect(isRetryableDatabaseFailure(error)).toBe(true);
  });

  it("a lock held past lock_timeout (set per connection, as lib/server/infra/db.ts does): retryable, and answered quickly", async () => {
    const url = process.env.DATABASE_URL!;
    const patient = new PrismaClient({
      adapter: new PrismaPg({ connectionString: url, max: 1, options: "-c lock_timeout=200" }),
    });
    clients.push(patient);
    let release!: () => void;
    const holder = prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('lock-timeout-test'))`;
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const error = await failureOf(() =>
      patient.$transaction(
        async (tx) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('lock-timeout-test'))`,
      ),
    );
    const waited = Date.now() - started;
    release();
    await holder;
    expect(isRetryableDatabaseFailure(error)).toBe(true);
    expect(waited).toBeLessThan(2_000);
  });

  it("the adapter's own ConnectionClosed error, thrown as it is when a connection is cut mid-request: retryable", async () => {
    const { DriverAdapterError } = await import("@prisma/driver-adapter-utils");
    expect(isRetryableDatabaseFailure(new DriverAdapterError({ kind: "ConnectionClosed" }))).toBe(
      true,
    );
    expect(
      isRetryableDatabaseFailure(
        new DriverAdapterError({
          kind: "UniqueConstraintViolation",
          constraint: { fields: ["id"] },
        }),
      ),
    ).toBe(false);
  });

  it("a unique violation or a programming error is not retryable", async () => {
    const duplicate = await failureOf(() => prisma.$executeRawUnsafe(`SELECT 1/0`));
    expect(isRetryableDatabaseFailure(duplicate)).toBe(false);
    expect(isRetryableDatabaseFailure(new TypeError("x is undefined"))).toBe(false);
    expect(isUniqueViolation(duplicate)).toBe(false);
  });

  it("the mutation wrapper answers UNAVAILABLE with a retry time, and the HTTP answer is 503 with Retry-After", async () => {
    const down = clientFor("postgresql://postgres@127.0.0.1:1/none?sslmode=disable");
    const result = await runMutation({
      access: "anyone",
      schema: z.object({ name: z.string() }),
      input: { name: "x" },
      headers: new Headers(),
      run: async () => {
        await down.tournament.count();
        return success(true);
      },
    });
    expect(result).toEqual(unavailable());
    expect(result.ok || result.error.retryAfterSeconds).toBeGreaterThan(0);
    const response = respondWith(result);
    expect(response.status).toBe(503);
    const expected = unavailable();
    expect(response.headers.get("Retry-After")).toBe(
      String(expected.ok ? undefined : expected.error.retryAfterSeconds),
    );
    expect(await response.json()).toMatchObject({
      error: { code: "UNAVAILABLE", message: expect.stringMatching(/Try again/) },
    });
  });

  it("an unexpected error stays a generic INTERNAL (500), not a retry invitation", async () => {
    const result = await runMutation({
      access: "anyone",
      schema: z.object({}),
      input: {},
      headers: new Headers(),
      run: async () => {
        throw new TypeError("x is undefined");
      },
    });
    expect(result).toEqual(
      failure("INTERNAL", "Something went wrong on our side; nothing was saved. Please try again."),
    );
    expect(respondWith(result).status).toBe(500);
  });
});
