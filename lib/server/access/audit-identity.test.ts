import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/server/infra/db";
import { auth } from "./auth";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { getMatchHistory } from "@/lib/server/match/match-history";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { addStaff } from "@/test/staff";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { POST as postResult } from "@/app/api/matches/[id]/result/route";

const origin = "http://localhost:3000";
let organizer: TestAccount;
let judge: TestAccount;
let tournamentId: string;

beforeAll(async () => {
  organizer = await createSignedInAccount("Olga Organizer");
  judge = await createSignedInAccount("Jo Judge");
  const created = await createTournament(
    { name: "Audit", format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  tournamentId = created.value.id;
  await addStaff(tournamentId, judge, "JUDGE", "Jo the Judge");
  for (const name of ["Ana", "Ben"]) await registerPlayer({ tournamentId, name });
  const paired = await pairNextSwissRound(tournamentId, "audit");
  if (!paired.ok) throw new Error(paired.error.message);
});

afterAll(async () => {
  await prisma.$disconnect();
});

function updateUser(account: TestAccount, body: unknown): Promise<Response> {
  return authPost(
    new Request(`${origin}/api/auth/update-user`, {
      method: "POST",
      headers: { cookie: account.cookie, origin, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

describe("the audit trail names the actor by an identity they cannot change", () => {
  it("Better Auth's update-user cannot rename an account (to the organizer's name, or to 100,000 characters)", async () => {
    for (const name of ["Olga Organizer", "x".repeat(100_000)]) {
      const response = await updateUser(judge, { name });
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: judge.userId } })).name).toBe(
      "Jo Judge",
    );
  });

  it("account names keep sign-up's limits wherever they are made or changed", async () => {
    await expect(
      auth.api.signUpEmail({
        body: {
          name: "y".repeat(100_000),
          email: `long-${randomUUID()}@example.test`,
          password: "correct horse battery",
        },
      }),
    ).rejects.toThrow();
    await expect(
      auth.api.updateUser({ body: { name: "z".repeat(81) }, headers: judge.headers }),
    ).rejects.toThrow();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: judge.userId } })).name).toBe(
      "Jo Judge",
    );
  });

  it("a result entered by a judge whose account is named like the organizer shows the judge's seat and email in the history", async () => {
    const impostor = await createSignedInAccount("Impostor Ivo");
    await addStaff(tournamentId, impostor, "JUDGE");
    // However the account's display name came to match the organizer's, the history is not fooled.
    await prisma.user.update({ where: { id: impostor.userId }, data: { name: "Olga Organizer" } });
    const match = (await getRound(tournamentId, 1))!.matches.find(
      (candidate) => candidate.sideB !== null,
    )!;
    const response = await postResult(
      new Request(`${origin}/api/matches/${match.id}/result`, {
        method: "POST",
        headers: { cookie: impostor.cookie, "content-type": "application/json" },
        body: JSON.stringify({
          winsA: 2,
          winsB: 0,
          expectedVersion: match.version,
          idempotencyKey: randomUUID(),
        }),
      }),
      { params: Promise.resolve({ id: match.id }) },
    );
    expect(response.status).toBe(200);
    const history = (await getMatchHistory(tournamentId, match.id))!;
    const whos = history.map((entry) => entry.who).filter((who): who is string => who !== null);
    expect(whos.length).toBeGreaterThan(0);
    for (const who of whos) {
      expect(who).toContain(impostor.email);
      expect(who).not.toBe("Olga Organizer");
    }
    const stored = await prisma.resultChange.findFirstOrThrow({ where: { matchId: match.id } });
    expect(stored.actorName).toBe("Impostor Ivo");
  });
});

describe("session tokens are not handed to JavaScript", () => {
  it("get-session and list-sessions answer without any session token", async () => {
    const get = await authGet(
      new Request(`${origin}/api/auth/get-session`, { headers: { cookie: judge.cookie } }),
    );
    expect(get.status).toBe(200);
    const session = (await get.json()) as {
      session: Record<string, unknown>;
      user: Record<string, unknown>;
    };
    expect(session.user.id).toBe(judge.userId);
    expect(session.session).not.toHaveProperty("token");
    const list = await authGet(
      new Request(`${origin}/api/auth/list-sessions`, { headers: { cookie: judge.cookie } }),
    );
    expect(list.status).toBe(200);
    const sessions = (await list.json()) as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    for (const listed of sessions) expect(listed).not.toHaveProperty("token");
    const storedTokens = (
      await prisma.session.findMany({ where: { userId: judge.userId }, select: { token: true } })
    ).map(({ token }) => token);
    const bodies = JSON.stringify(session) + JSON.stringify(sessions);
    for (const token of storedTokens) expect(bodies).not.toContain(token);
  });
});
