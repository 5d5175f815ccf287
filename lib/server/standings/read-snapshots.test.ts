import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { dropPlayer, registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { clearMatchResult } from "@/lib/server/match/clear-result";
import { getStandings, getStandingsPage } from "./standings";
import { getPairingsByName, getPairingsByNamePage } from "@/lib/server/round/pairings-by-name";
import { forgetSnapshotsInMemory, readSnapshot, type SnapshotSpec } from "./read-snapshots";
import { success } from "@/lib/action-result";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

afterAll(async () => {
  await prisma.$disconnect();
});

let counter = 0;
const key = () => `snapshot-${Date.now()}-${counter++}`;
const staff = { source: "STAFF" as const, name: "Scorekeeper" };

async function tournamentWith(names: string[]) {
  const created = await createTournament({
    name: `Snapshot ${counter++}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const ids: string[] = [];
  for (const name of names) {
    const registered = await registerPlayer({ tournamentId: created.value.id, name });
    if (!registered.ok) throw new Error(registered.error.message);
    ids.push(registered.value.id);
  }
  return { tournamentId: created.value.id, ids };
}

async function report(
  matchId: string,
  version: number,
  slip: { winsA: number; winsB: number },
  note = "",
) {
  const result = await reportMatchResult(
    {
      matchId,
      ...slip,
      draws: 0,
      expectedVersion: version,
      idempotencyKey: key(),
      intentionalDraw: false,
      note,
    },
    staff,
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A slip other than the one stored, so each correction changes the result (MTR 2.5: an unchanged one is refused). */
function anotherSlip(match: { winsA: number | null; winsB: number | null }): {
  winsA: number;
  winsB: number;
} {
  if (match.winsA === 0 && match.winsB === 2) return { winsA: 2, winsB: 1 };
  if (match.winsA === 2 && match.winsB === 1) return { winsA: 2, winsB: 0 };
  return { winsA: 0, winsB: 2 };
}

/** A 4-player event with round 1 complete: standings are published after it. */
async function eventAfterRoundOne() {
  const event = await tournamentWith(["Ann", "Ben", "Cat", "Dan"]);
  await pairNextSwissRound(event.tournamentId, "snapshot");
  const round = await getRound(event.tournamentId, 1);
  for (const match of round!.matches) await report(match.id, match.version, { winsA: 2, winsB: 0 });
  return event;
}

async function standingsOf(tournamentId: string) {
  const standings = await getStandings(trustedTournamentAccess(tournamentId));
  if (!standings.ok) throw new Error(standings.error.message);
  return standings.value;
}

/** The standings module as a second app instance would have it: its own memory, the same database. */
async function anotherInstance() {
  vi.resetModules();
  return import("./standings");
}

describe("standings snapshot: computed once per change, not once per reader", () => {
  it("is computed by the first reader, then served from memory, and from the stored row to another instance", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    expect((await standingsOf(tournamentId)).source).toBe("computed");
    expect((await standingsOf(tournamentId)).source).toBe("memory");
    forgetSnapshotsInMemory();
    const stored = await standingsOf(tournamentId);
    expect(stored.source).toBe("stored");
    expect(stored.throughRound).toBe(1);
    expect(stored.rows.map((row) => row.matchPoints)).toEqual([3, 3, 0, 0]);
  });

  it("a result write invalidates it: the round completes and standings are published", async () => {
    const { tournamentId } = await tournamentWith(["Ann", "Ben", "Cat", "Dan"]);
    await pairNextSwissRound(tournamentId, "snapshot");
    const [first, second] = (await getRound(tournamentId, 1))!.matches;
    await report(first!.id, first!.version, { winsA: 2, winsB: 0 });
    expect((await standingsOf(tournamentId)).throughRound).toBe(0);
    await report(second!.id, second!.version, { winsA: 2, winsB: 1 });
    const after = await standingsOf(tournamentId);
    expect(after.source).toBe("computed");
    expect(after.throughRound).toBe(1);
  });

  it("MTR 3.1: standings are published after the last complete round, so a result in the round in progress leaves them alone until it completes the round", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    await pairNextSwissRound(tournamentId, "snapshot-2");
    const [first, second] = (await getRound(tournamentId, 2))!.matches;
    expect((await standingsOf(tournamentId)).source).toBe("computed");
    await report(first!.id, first!.version, { winsA: 2, winsB: 0 });
    forgetSnapshotsInMemory();
    // The stored copy still stands: only the round in progress changed.
    expect((await standingsOf(tournamentId)).source).toBe("stored");
    await report(second!.id, second!.version, { winsA: 2, winsB: 1 });
    const after = await standingsOf(tournamentId);
    expect([after.source, after.throughRound]).toEqual(["computed", 2]);
  });

  it("a correction invalidates it", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    const before = await standingsOf(tournamentId);
    const match = (await getRound(tournamentId, 1))!.matches[0]!;
    const winnerBefore = match.sideA.displayName;
    expect(before.rows.find((row) => row.name === winnerBefore)?.matchPoints).toBe(3);
    await report(
      match.id,
      match.version,
      { winsA: 0, winsB: 2 },
      "Slip was filled in the wrong way round",
    );
    const after = await standingsOf(tournamentId);
    expect(after.source).toBe("computed");
    expect(after.rows.find((row) => row.name === winnerBefore)?.matchPoints).toBe(0);
    expect(after.rows.find((row) => row.name === match.sideB!.displayName)?.matchPoints).toBe(3);
  });

  it("a cleared result invalidates it: the round is no longer complete", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    expect((await standingsOf(tournamentId)).throughRound).toBe(1);
    const match = (await getRound(tournamentId, 1))!.matches[0]!;
    const cleared = await clearMatchResult(
      { matchId: match.id, expectedVersion: match.version, note: "Entered on the wrong match" },
      { name: "Head judge" },
    );
    expect(cleared.ok).toBe(true);
    const after = await standingsOf(tournamentId);
    expect(after.source).toBe("computed");
    expect(after.throughRound).toBe(0);
  });

  it("a drop invalidates it", async () => {
    const { tournamentId, ids } = await eventAfterRoundOne();
    expect((await standingsOf(tournamentId)).rows.some((row) => row.dropped)).toBe(false);
    await dropPlayer({ tournamentId, registrationId: ids[2]! });
    const after = await standingsOf(tournamentId);
    expect(after.source).toBe("computed");
    expect(after.rows.find((row) => row.playerId === ids[2])?.dropped).toBe(true);
  });

  it("a late registration invalidates it", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    expect((await standingsOf(tournamentId)).rows).toHaveLength(4);
    await pairNextSwissRound(tournamentId, "snapshot-2");
    await standingsOf(tournamentId);
    const late = await registerPlayer({ tournamentId, name: "Eve Late" });
    expect(late.ok).toBe(true);
    const after = await standingsOf(tournamentId);
    expect(after.source).toBe("computed");
    expect(after.rows.map((row) => row.name)).toContain("Eve Late");
  });

  it("several readers at once, in several app instances, compute it once; the others wait and read the stored row", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    const instances = [
      await anotherInstance(),
      await anotherInstance(),
      await anotherInstance(),
      await anotherInstance(),
    ];
    for (let attempt = 0; attempt < 3; attempt++) {
      // A correction makes every instance's snapshot stale at once.
      const match = (await getRound(tournamentId, 1))!.matches[attempt % 2]!;
      await report(match.id, match.version, anotherSlip(match), "Correction");
      const reads = await Promise.all(
        instances.map((instance) => instance.getStandings(trustedTournamentAccess(tournamentId))),
      );
      const sources = reads.map((read) => (read.ok ? read.value.source : read.error.code));
      expect(sources.filter((source) => source === "computed")).toHaveLength(1);
      expect(new Set(reads.map((read) => (read.ok ? read.value.etag : "")))).toHaveProperty(
        "size",
        1,
      );
    }
  });

  it("twenty readers at once in one instance cost at most two fingerprint queries, and see a write committed before they arrived", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    await standingsOf(tournamentId);
    const queryRaw = vi.spyOn(prisma, "$queryRaw");
    try {
      const reads = await Promise.all(
        Array.from({ length: 20 }, () =>
          getStandingsPage(trustedTournamentAccess(tournamentId), { q: "", page: 1, pageSize: 2 }),
        ),
      );
      expect(reads.every((read) => read.ok)).toBe(true);
      const fingerprintQueries = () =>
        queryRaw.mock.calls.filter(([sql]) =>
          String((sql as unknown as string[]).join?.("") ?? sql).includes("concat_ws"),
        ).length;
      expect(fingerprintQueries()).toBeLessThanOrEqual(2);

      // Readers arriving while a fingerprint query runs wait for the next one: a write they saw
      // committed is never hidden by a query that started before it.
      const match = (await getRound(tournamentId, 1))!.matches[0]!;
      const early = getStandings(trustedTournamentAccess(tournamentId));
      await report(match.id, match.version, { winsA: 0, winsB: 2 }, "Correction");
      const late = await getStandings(trustedTournamentAccess(tournamentId));
      await early;
      if (!late.ok) throw new Error(late.error.message);
      expect(late.value.rows.find((row) => row.playerId === match.sideA.id)?.matchPoints).toBe(0);
    } finally {
      queryRaw.mockRestore();
    }
  });

  it("concurrent readers in one instance share one computation", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    let computations = 0;
    const slowCount: SnapshotSpec<number, number> = {
      kind: "PAIRINGS_BY_NAME",
      lockName: "test-single-flight",
      compute: async (tx) => {
        computations++;
        await tx.$executeRaw`SELECT pg_sleep(0.05)`;
        return success(await tx.match.count({ where: { round: { tournamentId } } }));
      },
      prepare: (value) => value,
    };
    const reads = await Promise.all(
      Array.from({ length: 8 }, () => readSnapshot(slowCount, tournamentId)),
    );
    expect(reads.every((read) => read.ok && read.value.value === 2)).toBe(true);
    expect(computations).toBe(1);
  });

  it("never serves stale rows after a write, with reads racing the writes in several instances", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    const instances = [await anotherInstance(), await anotherInstance(), await anotherInstance()];
    for (let attempt = 0; attempt < 6; attempt++) {
      const match = (await getRound(tournamentId, 1))!.matches[attempt % 2]!;
      const slip = anotherSlip(match);
      await Promise.all([
        report(match.id, match.version, slip, "Correction"),
        ...instances.map((instance) =>
          instance.getStandings(trustedTournamentAccess(tournamentId)),
        ),
      ]);
      // Every write has committed: whatever the racing reads stored, every instance now shows it.
      const sideA = match.sideA.id;
      const expectedPoints = slip.winsA > slip.winsB ? 3 : 0;
      for (const instance of instances) {
        const read = await instance.getStandings(trustedTournamentAccess(tournamentId));
        if (!read.ok) throw new Error(read.error.message);
        expect(read.value.rows.find((row) => row.playerId === sideA)?.matchPoints).toBe(
          expectedPoints,
        );
      }
    }
  });

  // The embedded database serves one session: no write can commit while a reader computes.
  it.skipIf(inject("databaseIsEmbedded"))(
    "a write committed while the snapshot is being computed is not hidden behind the newer fingerprint",
    async () => {
      const { tournamentId } = await eventAfterRoundOne();
      const match = (await getRound(tournamentId, 1))!.matches[0]!;
      let computations = 0;
      // Counts the reported matches as the computing transaction sees them; during the first
      // computation, a correction commits from another connection.
      const countResults: SnapshotSpec<number, number> = {
        kind: "PAIRINGS_BY_NAME",
        lockName: "test-write-during-compute",
        compute: async (tx) => {
          computations++;
          const points = await tx.match.count({ where: { round: { tournamentId }, winsA: 2 } });
          if (computations === 1)
            await report(
              match.id,
              match.version,
              { winsA: 0, winsB: 2 },
              "Correction during computation",
            );
          return success(points);
        },
        prepare: (value) => value,
      };
      const read = await readSnapshot(countResults, tournamentId);
      expect(read).toMatchObject({ ok: true, value: { value: 1, source: "computed" } });
      expect(computations).toBe(2);
      forgetSnapshotsInMemory();
      expect(await readSnapshot(countResults, tournamentId)).toMatchObject({
        ok: true,
        value: { value: 1, source: "stored" },
      });
    },
  );

  it("pairings by name are a snapshot too: a new round replaces them", async () => {
    const { tournamentId } = await eventAfterRoundOne();
    expect((await getPairingsByName(tournamentId))?.roundNumber).toBe(1);
    await pairNextSwissRound(tournamentId, "snapshot-2");
    const page = await getPairingsByNamePage(trustedTournamentAccess(tournamentId), {
      q: "",
      page: 1,
      pageSize: 50,
    });
    expect(page).toMatchObject({
      ok: true,
      value: { roundNumber: 2, total: 4, source: "computed" },
    });
  });
});

describe("paging and search in the data layer", () => {
  const names = [
    ...Array.from({ length: 118 }, (_, index) => `Player ${String(index + 1).padStart(3, "0")}`),
    "Jérôme Ødegaard",
    "Zoë Dubois",
  ];

  it("pages the standings in rank order and says how many there are", async () => {
    const { tournamentId } = await tournamentWith(names);
    await pairNextSwissRound(tournamentId, "paging");
    const round = await getRound(tournamentId, 1);
    await Promise.all(
      round!.matches
        .filter((match) => match.sideB)
        .map((match) => report(match.id, match.version, { winsA: 2, winsB: 0 })),
    );
    const all = await standingsOf(tournamentId);
    const second = await getStandingsPage(trustedTournamentAccess(tournamentId), {
      q: "",
      page: 2,
      pageSize: 50,
    });
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value).toMatchObject({
      total: 120,
      totalPlayers: 120,
      page: 2,
      pageSize: 50,
      pageCount: 3,
      hasPreviousPage: true,
      hasNextPage: true,
    });
    expect(second.value.rows.map((row) => row.rank)).toEqual(
      all.rows.slice(50, 100).map((row) => row.rank),
    );
    expect(second.value.rows[0]!.rank).toBe(51);

    const past = await getStandingsPage(trustedTournamentAccess(tournamentId), {
      q: "",
      page: 9,
      pageSize: 50,
    });
    expect(past).toMatchObject({ ok: true, value: { rows: [], page: 9, pageCount: 3 } });
    const clamped = await getStandingsPage(trustedTournamentAccess(tournamentId), {
      q: "",
      page: 9,
      pageSize: 50,
      clampToLastPage: true,
    });
    expect(clamped).toMatchObject({ ok: true, value: { page: 3 } });
    if (clamped.ok) expect(clamped.value.rows).toHaveLength(20);
  });

  it("finds a player's row by name, ignoring case and accents, with their rank", async () => {
    const { tournamentId } = await tournamentWith(names);
    await pairNextSwissRound(tournamentId, "search");
    const all = await standingsOf(tournamentId);
    for (const q of ["jerome", "JÉRÔME", "odegaard", "  jérôme   ødegaard "]) {
      const found = await getStandingsPage(trustedTournamentAccess(tournamentId), {
        q,
        page: 1,
        pageSize: 50,
      });
      if (!found.ok) throw new Error(found.error.message);
      expect(found.value.total).toBe(1);
      expect(found.value.rows[0]).toMatchObject({
        name: "Jérôme Ødegaard",
        rank: all.rows.find((row) => row.name === "Jérôme Ødegaard")!.rank,
      });
    }
    const none = await getStandingsPage(trustedTournamentAccess(tournamentId), {
      q: "nobody",
      page: 1,
      pageSize: 50,
    });
    expect(none).toMatchObject({ ok: true, value: { total: 0, rows: [], pageCount: 1 } });
    const many = await getStandingsPage(trustedTournamentAccess(tournamentId), {
      q: "player 1",
      page: 1,
      pageSize: 50,
    });
    expect(many).toMatchObject({ ok: true, value: { total: 19 } });
  });

  it("finds a player's table and opponent in the pairings by name in one search", async () => {
    const { tournamentId } = await tournamentWith(names);
    await pairNextSwissRound(tournamentId, "seat");
    const found = await getPairingsByNamePage(trustedTournamentAccess(tournamentId), {
      q: "zoe",
      page: 1,
      pageSize: 50,
    });
    if (!found.ok) throw new Error(found.error.message);
    expect(found.value.total).toBe(1);
    const row = found.value.rows[0]!;
    const round = await getRound(tournamentId, 1);
    const match = round!.matches.find((candidate) => candidate.tableNumber === row.table)!;
    expect([match.sideA.displayName, match.sideB?.displayName]).toContain("Zoë Dubois");
    expect([match.sideA.displayName, match.sideB?.displayName ?? null]).toContain(row.opponent);

    const first = await getPairingsByNamePage(trustedTournamentAccess(tournamentId), {
      q: "",
      page: 1,
      pageSize: 50,
    });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value).toMatchObject({ total: 120, pageCount: 3 });
    expect(first.value.rows.map((entry) => entry.name)).toEqual(
      [...first.value.rows.map((entry) => entry.name)].sort((a, b) =>
        a.localeCompare(b, "en", { sensitivity: "base" }),
      ),
    );
  });

  it("an unknown tournament is NOT_FOUND", async () => {
    expect(
      await getStandingsPage(trustedTournamentAccess("no-such-tournament"), {
        q: "",
        page: 1,
        pageSize: 50,
      }),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(
      await getPairingsByNamePage(trustedTournamentAccess("no-such-tournament"), {
        q: "",
        page: 1,
        pageSize: 50,
      }),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });
});
