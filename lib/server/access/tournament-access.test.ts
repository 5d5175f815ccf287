import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import {
  createTournament,
  deleteTournament,
  setTournamentPublished,
} from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { pairNextSwissRound } from "@/lib/server/round/rounds";
import { getTournamentAccess, trustedTournamentAccess } from "./tournament-access";
import { getStandingsPage } from "@/lib/server/standings/standings";
import { getPairingsByNamePage } from "@/lib/server/round/pairings-by-name";
import { listPlayerCodes } from "@/lib/server/check-in/player-codes";
import { getRoundQueue } from "@/lib/server/match/report-flow";
import { resolveTournamentScope } from "./scope";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";

/**
 * Reads of a tournament's data take proof that the reader may see it (TournamentAccess), made
 * where the data is read: a deleted tournament for nobody, one in preparation for its staff only.
 */
const root = path.resolve(import.meta.dirname, "..", "..", "..");

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [relative] : [];
  });
}

let organizer: TestAccount;
let judge: TestAccount;
let removedJudge: TestAccount;
let stranger: TestAccount;

async function freshTournament(): Promise<string> {
  const created = await createTournament(
    { name: `Access ${Math.random()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const name of ["Ana", "Ben"]) await registerPlayer({ tournamentId, name });
  await pairNextSwissRound(tournamentId, "access");
  await prisma.staffMember.createMany({
    data: [
      { tournamentId, userId: judge.userId, name: judge.name, email: judge.email, role: "JUDGE" },
      {
        tournamentId,
        userId: removedJudge.userId,
        name: removedJudge.name,
        email: removedJudge.email,
        role: "HEAD_JUDGE",
        removedAt: new Date(),
      },
    ],
  });
  return tournamentId;
}

beforeAll(async () => {
  organizer = await createSignedInAccount("Access Organizer");
  judge = await createSignedInAccount("Access Judge");
  removedJudge = await createSignedInAccount("Access Removed");
  stranger = await createSignedInAccount("Access Stranger");
}, 60_000);
afterAll(async () => {
  await prisma.$disconnect();
});

describe("tournament access is decided where its data is read", () => {
  it("a tournament in preparation: its staff only; removed staff, strangers and anonymous visitors get no access", async () => {
    const tournamentId = await freshTournament();
    expect(await getTournamentAccess(tournamentId, organizer.userId)).toMatchObject({
      tournamentId,
      role: "ORGANIZER",
    });
    expect(await getTournamentAccess(tournamentId, judge.userId)).toMatchObject({
      tournamentId,
      role: "JUDGE",
    });
    expect(await getTournamentAccess(tournamentId, removedJudge.userId)).toBeNull();
    expect(await getTournamentAccess(tournamentId, stranger.userId)).toBeNull();
    expect(await getTournamentAccess(tournamentId, undefined)).toBeNull();
    expect(await getTournamentAccess("no-such-tournament", organizer.userId)).toBeNull();
  });

  it("published: anyone reads its public pages, but staff-only reads still refuse the public", async () => {
    const tournamentId = await freshTournament();
    await setTournamentPublished(tournamentId, true);
    const anonymous = (await getTournamentAccess(tournamentId, undefined))!;
    expect(anonymous).toMatchObject({ tournamentId, role: null });
    expect(await getStandingsPage(anonymous, { q: "", page: 1, pageSize: 50 })).toMatchObject({
      ok: true,
      value: { totalPlayers: 2 },
    });
    expect(await getPairingsByNamePage(anonymous, { q: "", page: 1, pageSize: 50 })).toMatchObject({
      ok: true,
    });
    expect(await listPlayerCodes(anonymous)).toBeNull();
    expect(await getRoundQueue(anonymous, 1)).toBeNull();
    const asJudge = (await getTournamentAccess(tournamentId, judge.userId))!;
    // A judge sees the queue but not players' codes (docs/permissions.md).
    expect(await getRoundQueue(asJudge, 1)).not.toBeNull();
    expect(await listPlayerCodes(asJudge)).toBeNull();
    expect(
      await listPlayerCodes((await getTournamentAccess(tournamentId, organizer.userId))!),
    ).toHaveLength(2);
  });

  it("deleted: nobody, its own organizer included", async () => {
    const tournamentId = await freshTournament();
    await setTournamentPublished(tournamentId, true);
    const { name } = await prisma.tournament.findUniqueOrThrow({
      where: { id: tournamentId },
      select: { name: true },
    });
    expect(await deleteTournament(tournamentId, name)).toMatchObject({ ok: true });
    for (const userId of [organizer.userId, judge.userId, stranger.userId, undefined])
      expect(await getTournamentAccess(tournamentId, userId)).toBeNull();
  });

  it("a request naming a hidden tournament's match or the tournament answers as for one that does not exist, to anyone outside its staff", async () => {
    const tournamentId = await freshTournament();
    const [match] = await prisma.match.findMany({
      where: { round: { tournamentId } },
      select: { id: true },
    });
    for (const ids of [
      { matchId: match!.id },
      { tournamentId },
      { tournamentId, matchId: match!.id },
    ]) {
      expect(await resolveTournamentScope(ids, stranger.userId)).toMatchObject({
        ok: false,
        error: { code: "NOT_FOUND" },
      });
      expect(await resolveTournamentScope(ids, removedJudge.userId)).toMatchObject({
        ok: false,
        error: { code: "NOT_FOUND" },
      });
      expect(await resolveTournamentScope(ids, judge.userId)).toMatchObject({
        ok: true,
        value: { seat: { role: "JUDGE" } },
      });
    }
    await setTournamentPublished(tournamentId, true);
    // Published: it exists for everyone; the role table then decides (FORBIDDEN in the wrapper).
    expect(await resolveTournamentScope({ matchId: match!.id }, stranger.userId)).toMatchObject({
      ok: true,
      value: { seat: null },
    });
  });

  it("pages, routes and components never make access without checking it", () => {
    const offenders = [...sourceFiles("app"), ...sourceFiles("components")].filter((file) =>
      readFileSync(path.join(root, file), "utf8").includes("trustedTournamentAccess"),
    );
    expect(offenders).toEqual([]);
    expect(trustedTournamentAccess("any")).toMatchObject({ tournamentId: "any" });
  });
});
