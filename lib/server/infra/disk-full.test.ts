import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";

// The pairing form's server action reads who calls it through next/headers.
let currentHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", () => ({
  redirect: (location: string) => {
    throw Object.assign(new Error(`redirect to ${location}`), {
      digest: `NEXT_REDIRECT;${location}`,
    });
  },
}));

const { POST: postResult } = await import("@/app/api/matches/[id]/result/route");
const { pairNextRoundAction } = await import("@/lib/server/round/round-actions");
const { createTournament } = await import("@/lib/server/tournament/tournaments");
const { registerPlayer } = await import("@/lib/server/registration/registrations");
const { getRound, pairNextSwissRound } = await import("@/lib/server/round/rounds");
const { prisma } = await import("./db");

/**
 * A full disk: PostgreSQL refuses the write with SQLSTATE 53100 (disk_full), and so does the
 * embedded database when its folder's disk is full (its file layer passes ENOSPC on). Here a
 * trigger on this test's own rows raises exactly what PostgreSQL raises, so the test needs no
 * full disk; a real one (a small tmpfs) gives the same answers.
 */
const DISK_FULL = `RAISE EXCEPTION 'could not extend file "base/16384/16402": No space left on device' USING ERRCODE = 'disk_full', HINT = 'Check free disk space.'`;

let organizer: TestAccount;
let admin: pg.Client;
beforeAll(async () => {
  organizer = await createSignedInAccount("Disk Full Organizer");
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await prisma.$disconnect();
});

async function tournamentWithPlayers(players: number): Promise<string> {
  const created = await createTournament(
    { name: `Disk full ${randomUUID()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  for (let player = 0; player < players; player++) {
    const registered = await registerPlayer({
      tournamentId: created.value.id,
      name: `Player ${player + 1}`,
    });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  return created.value.id;
}

/** Until the returned function runs, writes of `table` rows of this tournament fail as on a full disk. */
async function fillDiskFor(
  table: "MatchReport" | "Round",
  condition: string,
): Promise<() => Promise<void>> {
  const name = `disk_full_${randomUUID().replaceAll("-", "")}`;
  await admin.query(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${condition} THEN ${DISK_FULL}; END IF; RETURN NEW; END $$`,
  );
  await admin.query(
    `CREATE TRIGGER ${name} BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await admin.query(`DROP TRIGGER ${name} ON "${table}"`);
    await admin.query(`DROP FUNCTION ${name}()`);
  };
}

function operatorLog() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  const error = vi.spyOn(console, "error").mockImplementation(record);
  const warn = vi.spyOn(console, "warn").mockImplementation(record);
  return {
    lines,
    restore: () => {
      error.mockRestore();
      warn.mockRestore();
    },
  };
}

const STAFF_MESSAGE =
  /disk is full, so nothing was saved\. Tell the organizer or whoever runs the server/;

describe("a full disk", () => {
  it("a result report is answered 507 DISK_FULL with a message staff can act on, the operator's log says no space left on device, and nothing was saved", async () => {
    const tournamentId = await tournamentWithPlayers(2);
    const paired = await pairNextSwissRound(tournamentId, "disk-full");
    if (!paired.ok) throw new Error(paired.error.message);
    const match = (await getRound(tournamentId, 1))!.matches[0]!;
    const refill = await fillDiskFor("MatchReport", `NEW."matchId" = '${match.id}'`);
    const log = operatorLog();
    const body = {
      winsA: 2,
      winsB: 0,
      draws: 0,
      expectedVersion: match.version,
      idempotencyKey: randomUUID(),
    };
    const send = () =>
      postResult(
        new Request(`http://127.0.0.1/api/matches/${match.id}/result`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: organizer.cookie },
          body: JSON.stringify(body),
        }),
        {
          params: Promise.resolve({ id: match.id }),
        },
      );
    let answer: Response;
    try {
      answer = await send();
    } finally {
      log.restore();
      await refill();
    }
    const json = (await answer.json()) as { error: { code: string; message: string } };
    expect(answer.status).toBe(507);
    expect(json.error.code).toBe("DISK_FULL");
    expect(json.error.message).toMatch(STAFF_MESSAGE);
    expect(log.lines.join("\n")).toMatch(
      /No space left on device[\s\S]*could not extend file[\s\S]*SQLSTATE 53100/,
    );
    expect(
      await prisma.match.findUniqueOrThrow({ where: { id: match.id }, select: { version: true } }),
    ).toEqual({ version: match.version });

    // Space freed: the same report, sent again, is saved.
    expect((await send()).status).toBe(200);
  });

  it("pairing a round fails the same clear way, and pairs once space is freed", async () => {
    const tournamentId = await tournamentWithPlayers(4);
    const refill = await fillDiskFor("Round", `NEW."tournamentId" = '${tournamentId}'`);
    const log = operatorLog();
    currentHeaders = new Headers({ cookie: organizer.cookie });
    const form = new FormData();
    form.set("tournamentId", tournamentId);
    let state: FormState;
    try {
      state = await pairNextRoundAction(IDLE_FORM, form);
    } finally {
      log.restore();
      await refill();
    }
    expect(state).toMatchObject({
      status: "error",
      code: "DISK_FULL",
      message: expect.stringMatching(STAFF_MESSAGE),
    });
    expect(log.lines.join("\n")).toMatch(/No space left on device[\s\S]*SQLSTATE 53100/);
    expect(await getRound(tournamentId, 1)).toBeNull();

    await expect(pairNextRoundAction(IDLE_FORM, form)).rejects.toThrow(
      `redirect to /tournaments/${tournamentId}/rounds/1`,
    );
  });
});
