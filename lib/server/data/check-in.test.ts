import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "../db";
import { createTournament, setTournamentPublished } from "./tournaments";
import { dropPlayer, registerPlayer, removeRegistration } from "./registrations";
import { pairNextSwissRound } from "./rounds";
import { checkInWithCode, dropNoShows, getCheckInOverview, registerSelf, setCheckedIn, updateRegistrationSettings, SELF_REGISTRATION_LIMITS } from "./check-in";
import { trustedTournamentAccess } from "./tournament-access";

afterAll(async () => {
  await prisma.$disconnect();
});

/** A published tournament taking registrations from phones, with an optional cap. */
async function openTournament(cap: number | null = null) {
  const created = await createTournament({ name: `Check-in ${randomUUID()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.data.id;
  await setTournamentPublished(tournamentId, true);
  await updateRegistrationSettings({ tournamentId, openRegistration: true, registrationCap: cap });
  return tournamentId;
}

/** Each test's phones come from their own address, so the address limit of one never reaches another. */
const address = () => `198.51.100.${Math.floor(Math.random() * 250)}:${randomUUID()}`;
const register = (tournamentId: string, name: string, from = address()) => registerSelf({ tournamentId, name, requestKey: randomUUID() }, from);
const organizer = { staffId: null, name: "Olga Organizer" };

async function registered(tournamentId: string) {
  return (await prisma.registration.findMany({ where: { tournamentId }, orderBy: { createdAt: "asc" }, select: { displayName: true, droppedAfterRound: true } })).map((row) =>
    row.droppedAfterRound === null ? row.displayName : `${row.displayName} (dropped)`,
  );
}

describe("registering from a phone", () => {
  it("registers the player and hands them their code, which opens their phone session and checks them in", async () => {
    const tournamentId = await openTournament();
    const ana = await register(tournamentId, "Ana Silva");
    expect(ana).toMatchObject({ ok: true, data: { placement: "registered", name: "Ana Silva", code: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/) } });
    if (!ana.ok) throw new Error();
    const checkedIn = await checkInWithCode({ tournamentId, code: ana.data.code.toLowerCase() }, address());
    expect(checkedIn).toMatchObject({ ok: true, data: { status: "checked-in", name: "Ana Silva", wasAlready: false, session: { token: expect.any(String) } } });
    expect(await checkInWithCode({ tournamentId, code: ana.data.code }, address())).toMatchObject({ ok: true, data: { status: "checked-in", wasAlready: true } });
    const overview = await getCheckInOverview(trustedTournamentAccess(tournamentId));
    expect(overview).toMatchObject({ activePlayers: 1, checkedIn: 1, players: [{ name: "Ana Silva", isCheckedIn: true }] });
  });

  it("the same form sent twice (a double tap, a retry) gets the same entry and code back, not a second entry or an error", async () => {
    const tournamentId = await openTournament(1);
    const requestKey = randomUUID();
    const [first, second] = await Promise.all([registerSelf({ tournamentId, name: "Ben", requestKey }, address()), registerSelf({ tournamentId, name: "Ben", requestKey }, address())]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ ok: true, data: { placement: "registered" } });
    const waitKey = randomUUID();
    const waiting = await registerSelf({ tournamentId, name: "Cal", requestKey: waitKey }, address());
    expect(await registerSelf({ tournamentId, name: "Cal", requestKey: waitKey }, address())).toEqual(waiting);
    expect(waiting).toMatchObject({ ok: true, data: { placement: "waitlisted", position: 1 } });
    expect(await registered(tournamentId)).toEqual(["Ben"]);
    expect(await prisma.waitlistEntry.count({ where: { tournamentId } })).toBe(1);
  });

  it("a name already registered or waiting is refused with a way forward; a closed, unpublished or started event refuses", async () => {
    const tournamentId = await openTournament(1);
    await register(tournamentId, "Dee");
    expect(await register(tournamentId, "DEE")).toMatchObject({ ok: false, error: { code: "DUPLICATE_PLAYER", message: expect.stringContaining("check in with your code") } });
    await register(tournamentId, "Eve");
    expect(await register(tournamentId, "eve")).toMatchObject({ ok: false, error: { code: "DUPLICATE_PLAYER", message: expect.stringContaining("already on the waitlist") } });

    await updateRegistrationSettings({ tournamentId, openRegistration: false, registrationCap: 1 });
    expect(await register(tournamentId, "Fay")).toMatchObject({ ok: false, error: { code: "REGISTRATION_CLOSED" } });
    await setTournamentPublished(tournamentId, false);
    await updateRegistrationSettings({ tournamentId, openRegistration: true, registrationCap: 1 });
    expect(await register(tournamentId, "Fay")).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });

    const started = await openTournament();
    await registerPlayer({ tournamentId: started, name: "Gus" });
    await registerPlayer({ tournamentId: started, name: "Hal" });
    await pairNextSwissRound(started, "started");
    expect(await register(started, "Ivy")).toMatchObject({ ok: false, error: { code: "REGISTRATION_CLOSED", message: expect.stringContaining("Round 1 has been paired") } });
  });

  it("two phones taking the last spot at once: one gets in, the other is first on the waitlist, never both in", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const tournamentId = await openTournament(2);
      await register(tournamentId, "Jo");
      const results = await Promise.all([register(tournamentId, "Kim"), register(tournamentId, "Lee")]);
      const placements = results.map((result) => (result.ok ? result.data.placement : result.error.code)).sort();
      expect(placements).toEqual(["registered", "waitlisted"]);
      expect(await prisma.registration.count({ where: { tournamentId } })).toBe(2);
      expect(await prisma.waitlistEntry.count({ where: { tournamentId, promotedAt: null } })).toBe(1);
    }
  });

  it("public self-registration is rate-limited per network address", async () => {
    const tournamentId = await openTournament();
    const from = address();
    for (let index = 0; index < SELF_REGISTRATION_LIMITS.address; index++) expect((await register(tournamentId, `Player ${index}`, from)).ok).toBe(true);
    expect(await register(tournamentId, "One Too Many", from)).toMatchObject({ ok: false, error: { code: "RATE_LIMITED", message: expect.stringContaining("Too many registrations from this network address") } });
    expect((await register(tournamentId, "Someone Else", address())).ok).toBe(true);
  });
});

describe("the waitlist", () => {
  it("is promoted in order when a spot frees: an entry removed, a player dropped, the cap raised or lifted; a waiting code checks in once promoted", async () => {
    const tournamentId = await openTournament(2);
    const ana = await register(tournamentId, "Ana");
    await register(tournamentId, "Ben");
    const waiting = await Promise.all(["Cal", "Dee", "Eve", "Fay"].map(async (name) => register(tournamentId, name)));
    expect(waiting.map((result) => result.ok && result.data.placement === "waitlisted" && result.data.position)).toEqual([1, 2, 3, 4].map(() => expect.any(Number)));
    const cal = waiting[0]!;
    if (!cal.ok || !ana.ok) throw new Error();
    // Positions follow arrival order, whatever order the answers came back in.
    const order = (await prisma.waitlistEntry.findMany({ where: { tournamentId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { displayName: true } })).map((entry) => entry.displayName);
    expect((await checkInWithCode({ tournamentId, code: cal.data.code }, address())).ok).toBe(true);

    const anaRow = await prisma.registration.findFirstOrThrow({ where: { tournamentId, displayName: "Ana" }, select: { id: true } });
    await removeRegistration({ tournamentId, registrationId: anaRow.id });
    expect(await registered(tournamentId)).toEqual(["Ben", order[0]]);
    const ben = await prisma.registration.findFirstOrThrow({ where: { tournamentId, displayName: "Ben" }, select: { id: true } });
    await dropPlayer({ tournamentId, registrationId: ben.id }, organizer);
    expect(await registered(tournamentId)).toEqual(["Ben (dropped)", order[0], order[1]]);
    await updateRegistrationSettings({ tournamentId, openRegistration: true, registrationCap: 3 });
    expect((await registered(tournamentId)).slice(1)).toEqual([order[0], order[1], order[2]]);
    const promotedFirst = await prisma.waitlistEntry.findFirstOrThrow({ where: { tournamentId, displayName: order[0] }, select: { code: true } });
    expect(await checkInWithCode({ tournamentId, code: promotedFirst.code }, address())).toMatchObject({ ok: true, data: { status: "checked-in", name: order[0] } });
    await updateRegistrationSettings({ tournamentId, openRegistration: false, registrationCap: null });
    expect((await registered(tournamentId)).slice(1)).toEqual(order);
    expect(await prisma.waitlistEntry.count({ where: { tournamentId, promotedAt: null } })).toBe(0);
  });

  it("a waiting player's code tells them their place; nobody is promoted once round 1 is paired", async () => {
    const tournamentId = await openTournament(2);
    await register(tournamentId, "Ana");
    await register(tournamentId, "Ben");
    await register(tournamentId, "Cal");
    const dee = await register(tournamentId, "Dee");
    if (!dee.ok) throw new Error();
    expect(await checkInWithCode({ tournamentId, code: dee.data.code }, address())).toEqual({ ok: true, data: { status: "waitlisted", name: "Dee", position: 2 } });
    await pairNextSwissRound(tournamentId, "closed");
    await updateRegistrationSettings({ tournamentId, openRegistration: true, registrationCap: null });
    expect(await registered(tournamentId)).toEqual(["Ana", "Ben"]);
  });
});

describe("no-shows", () => {
  it("MTR 2.10: the organizer drops the no-shows they were shown in one step, each with a drop history row; the freed spot goes to the waitlist; round 1 pairs without them", async () => {
    const tournamentId = await openTournament(3);
    const codes: Record<string, string> = {};
    for (const name of ["Ana", "Ben", "Cal", "Dee"]) {
      const result = await register(tournamentId, name);
      if (result.ok) codes[name] = result.data.code;
    }
    expect(await dropNoShows({ tournamentId, registrationIds: [] }, organizer)).toMatchObject({ ok: false, error: { code: "CONFLICT", message: expect.stringContaining("Nobody has checked in yet") } });
    await checkInWithCode({ tournamentId, code: codes.Ana! }, address());
    const ben = await prisma.registration.findFirstOrThrow({ where: { tournamentId, displayName: "Ben" }, select: { id: true } });
    expect(await setCheckedIn({ tournamentId, registrationId: ben.id, isCheckedIn: true })).toEqual({ ok: true, data: { name: "Ben", isCheckedIn: true } });
    const shown = await getCheckInOverview(trustedTournamentAccess(tournamentId));
    const noShowIds = shown!.players!.filter((player) => !player.isCheckedIn).map((player) => player.registrationId);
    expect(shown!.players!.filter((player) => !player.isCheckedIn).map((player) => player.name)).toEqual(["Cal"]);

    const dropped = await dropNoShows({ tournamentId, registrationIds: noShowIds }, organizer);
    expect(dropped).toEqual({ ok: true, data: { dropped: ["Cal"], promoted: ["Dee"] } });
    // Sent again (a double tap): nobody is dropped twice; Dee, promoted meanwhile and not shown, is left alone.
    expect(await dropNoShows({ tournamentId, registrationIds: noShowIds }, organizer)).toEqual({ ok: true, data: { dropped: [], promoted: [] } });
    const history = await prisma.dropChange.findMany({ where: { registration: { tournamentId } }, select: { kind: true, afterRound: true, actorName: true, registration: { select: { displayName: true } } } });
    expect(history).toEqual([{ kind: "DROPPED", afterRound: 0, actorName: "Olga Organizer", registration: { displayName: "Cal" } }]);

    const sessionsBefore = await prisma.playerSession.count();
    expect((await checkInWithCode({ tournamentId, code: codes.Cal! }, address()))).toMatchObject({ ok: false, error: { code: "CONFLICT", message: expect.stringContaining("Cal was dropped before round 1") } });
    expect(await prisma.playerSession.count(), "a refused check-in leaves no phone session behind").toBe(sessionsBefore);
    await checkInWithCode({ tournamentId, code: codes.Dee! }, address());
    expect(await pairNextSwissRound(tournamentId, "no-shows")).toMatchObject({ ok: true });
    const seated = await prisma.match.findMany({ where: { round: { tournamentId } }, select: { sideA: { select: { displayName: true } }, sideB: { select: { displayName: true } } } });
    expect(seated.flatMap((match) => [match.sideA.displayName, match.sideB?.displayName]).sort()).toEqual(["Ana", "Ben", "Dee", undefined].sort());
    expect(await dropNoShows({ tournamentId, registrationIds: noShowIds }, organizer)).toMatchObject({ ok: false, error: { code: "CONFLICT", message: expect.stringContaining("Round 1 has been paired") } });
    expect(await checkInWithCode({ tournamentId, code: codes.Ana! }, address())).toMatchObject({ ok: false, error: { message: expect.stringContaining("check-in is over") } });
  });
});
