import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import {
  dropPlayer,
  registerPlayer,
  removeRegistration,
} from "@/lib/server/registration/registrations";
import { pairNextSwissRound } from "@/lib/server/round/rounds";
import {
  checkInWithCode,
  dropNoShows,
  getCheckInOverview,
  registerSelf,
  setCheckedIn,
  updateRegistrationSettings,
} from "./check-in";
import { getPhoneRegistrations, removePhoneRegistrations } from "./phone-registrations";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { registrationTokenFor } from "./registration-token";
import { fromBase32, toBase32 } from "@/lib/server/live/keyed-digest";
import { PHONE_REGISTRATIONS_PER_NETWORK } from "@/lib/rules/registration";

afterAll(async () => {
  await prisma.$disconnect();
});

/** A published tournament taking registrations from phones, with an optional cap. */
async function openTournament(cap: number | null = null) {
  const created = await createTournament({
    name: `Check-in ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  await setTournamentPublished(tournamentId, true);
  await updateRegistrationSettings({ tournamentId, openRegistration: true, registrationCap: cap });
  return tournamentId;
}

/** Each test's phones come from their own address, so the address limit of one never reaches another. */
const address = () => `198.51.100.${Math.floor(Math.random() * 250)}:${randomUUID()}`;
/** A phone that scanned the check-in screen's QR code just now. */
const register = (
  tournamentId: string,
  name: string,
  from = address(),
  token = registrationTokenFor(tournamentId).token,
) => registerSelf({ tournamentId, name, requestKey: randomUUID(), token }, from);
const organizer = { staffId: null, name: "Olga Organizer" };

async function registered(tournamentId: string) {
  return (
    await prisma.registration.findMany({
      where: { tournamentId },
      orderBy: { createdAt: "asc" },
      select: { displayName: true, droppedAfterRound: true },
    })
  ).map((row) =>
    row.droppedAfterRound === null ? row.displayName : `${row.displayName} (dropped)`,
  );
}

describe("registering from a phone", () => {
  it("registers the player and hands them their code, which opens their phone session and checks them in", async () => {
    const tournamentId = await openTournament();
    const ana = await register(tournamentId, "Ana Silva");
    expect(ana).toMatchObject({
      ok: true,
      value: {
        placement: "registered",
        name: "Ana Silva",
        code: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
      },
    });
    if (!ana.ok) throw new Error();
    const checkedIn = await checkInWithCode(
      { tournamentId, code: ana.value.code.toLowerCase() },
      address(),
    );
    expect(checkedIn).toMatchObject({
      ok: true,
      value: {
        status: "checked-in",
        name: "Ana Silva",
        wasAlready: false,
        session: { token: expect.any(String) },
      },
    });
    expect(await checkInWithCode({ tournamentId, code: ana.value.code }, address())).toMatchObject({
      ok: true,
      value: { status: "checked-in", wasAlready: true },
    });
    const overview = await getCheckInOverview(trustedTournamentAccess(tournamentId));
    expect(overview).toMatchObject({
      activePlayers: 1,
      checkedIn: 1,
      players: [{ name: "Ana Silva", isCheckedIn: true }],
    });
  });

  it("the same form sent twice (a double tap, a retry) gets the same entry and code back, not a second entry or an error", async () => {
    const tournamentId = await openTournament(1);
    const requestKey = randomUUID();
    const [first, second] = await Promise.all([
      registerSelf(
        { tournamentId, name: "Ben", requestKey, token: registrationTokenFor(tournamentId).token },
        address(),
      ),
      registerSelf(
        { tournamentId, name: "Ben", requestKey, token: registrationTokenFor(tournamentId).token },
        address(),
      ),
    ]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ ok: true, value: { placement: "registered" } });
    const waitKey = randomUUID();
    const token = registrationTokenFor(tournamentId).token;
    const waiting = await registerSelf(
      { tournamentId, name: "Cal", requestKey: waitKey, token },
      address(),
    );
    expect(
      await registerSelf({ tournamentId, name: "Cal", requestKey: waitKey, token }, address()),
    ).toEqual(waiting);
    expect(waiting).toMatchObject({ ok: true, value: { placement: "waitlisted", position: 1 } });
    expect(await registered(tournamentId)).toEqual(["Ben"]);
    expect(await prisma.waitlistEntry.count({ where: { tournamentId } })).toBe(1);
  });

  it("a name already registered or waiting is refused with a way forward; a closed, unpublished or started event refuses", async () => {
    const tournamentId = await openTournament(1);
    await register(tournamentId, "Dee");
    expect(await register(tournamentId, "DEE")).toMatchObject({
      ok: false,
      error: {
        code: "DUPLICATE_PLAYER",
        message: expect.stringContaining("check in with your code"),
      },
    });
    await register(tournamentId, "Eve");
    expect(await register(tournamentId, "eve")).toMatchObject({
      ok: false,
      error: {
        code: "DUPLICATE_PLAYER",
        message: expect.stringContaining("already on the waitlist"),
      },
    });

    await updateRegistrationSettings({ tournamentId, openRegistration: false, registrationCap: 1 });
    expect(await register(tournamentId, "Fay")).toMatchObject({
      ok: false,
      error: { code: "REGISTRATION_CLOSED" },
    });
    await setTournamentPublished(tournamentId, false);
    await updateRegistrationSettings({ tournamentId, openRegistration: true, registrationCap: 1 });
    expect(await register(tournamentId, "Fay")).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });

    const started = await openTournament();
    await registerPlayer({ tournamentId: started, name: "Gus" });
    await registerPlayer({ tournamentId: started, name: "Hal" });
    await pairNextSwissRound(started, "started");
    expect(await register(started, "Ivy")).toMatchObject({
      ok: false,
      error: {
        code: "REGISTRATION_CLOSED",
        message: expect.stringContaining("Round 1 has been paired"),
      },
    });
  });

  it("two phones taking the last spot at once: one gets in, the other is first on the waitlist, never both in", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const tournamentId = await openTournament(2);
      await register(tournamentId, "Jo");
      const results = await Promise.all([
        register(tournamentId, "Kim"),
        register(tournamentId, "Lee"),
      ]);
      const placements = results
        .map((result) => (result.ok ? result.value.placement : result.error.code))
        .sort();
      expect(placements).toEqual(["registered", "waitlisted"]);
      expect(await prisma.registration.count({ where: { tournamentId } })).toBe(2);
      expect(await prisma.waitlistEntry.count({ where: { tournamentId, promotedAt: null } })).toBe(
        1,
      );
    }
  });

  it("one network registers at most 60 people per 15 minutes (an IPv6 /64 counts as one); other networks are not held up", async () => {
    const tournamentId = await openTournament();
    const from = address();
    for (let index = 0; index < PHONE_REGISTRATIONS_PER_NETWORK; index++)
      expect((await register(tournamentId, `Player ${index}`, from)).ok).toBe(true);
    expect(await register(tournamentId, "One Too Many", from)).toMatchObject({
      ok: false,
      error: {
        code: "RATE_LIMITED",
        message: expect.stringMatching(
          /^60 people have registered from this network .* Register at the desk, or try again in 1[45] minutes\.$/,
        ),
      },
    });
    expect((await register(tournamentId, "Someone Else", address())).ok).toBe(true);
    for (let index = 0; index < PHONE_REGISTRATIONS_PER_NETWORK; index++)
      expect(
        (await register(tournamentId, `Six ${index}`, `2001:db8:6:6::${(index + 1).toString(16)}`))
          .ok,
      ).toBe(true);
    expect(await register(tournamentId, "Six Too Many", "2001:db8:6:6:ffff::1")).toMatchObject({
      ok: false,
      error: { code: "RATE_LIMITED" },
    });
  });
});

describe("a registration flood", () => {
  const MINUTE = 60_000;

  it("a phone registers only with the check-in screen's fresh link: none, a forged one, another event's or an expired one is refused and stores nothing", async () => {
    const tournamentId = await openTournament();
    const other = await openTournament();
    const fresh = registrationTokenFor(tournamentId).token;
    const [step, signature] = fresh.split("-") as [string, string];
    const refusals = [
      {
        token: undefined,
        says: "To register from your phone, scan the QR code on the check-in screen at the venue, or register at the desk.",
      },
      {
        token: "",
        says: "To register from your phone, scan the QR code on the check-in screen at the venue, or register at the desk.",
      },
      {
        token: `${step}-${signature.split("").reverse().join("")}`,
        says: "This registration link does not come from the check-in screen.",
      },
      {
        token: `${toBase32(fromBase32(step) + 30)}-${signature}`,
        says: "This registration link does not come from the check-in screen.",
      },
      {
        token: registrationTokenFor(other).token,
        says: "This registration link does not come from the check-in screen.",
      },
      {
        token: registrationTokenFor(tournamentId, new Date(Date.now() - 25 * MINUTE)).token,
        says: "This registration link has expired",
      },
    ];
    for (const [index, { token, says }] of refusals.entries()) {
      for (let from = 0; from < 11; from++) {
        const refused = await registerSelf(
          {
            tournamentId,
            name: `Junk ${index}-${from}`,
            requestKey: randomUUID(),
            token: token as string,
          },
          `203.0.113.${from}`,
        );
        expect(refused, `${token}`).toMatchObject({
          ok: false,
          error: { code: "REGISTRATION_CLOSED", message: expect.stringContaining(says) },
        });
      }
    }
    expect(await prisma.registration.count({ where: { tournamentId } })).toBe(0);
    expect(await prisma.waitlistEntry.count({ where: { tournamentId } })).toBe(0);
    // Someone who scanned the screen 19 minutes ago and types slowly still gets in.
    const slow = await registerSelf(
      {
        tournamentId,
        name: "Sam Slowtyper",
        requestKey: randomUUID(),
        token: registrationTokenFor(tournamentId, new Date(Date.now() - 19 * MINUTE)).token,
      },
      address(),
    );
    expect(slow).toMatchObject({
      ok: true,
      value: { placement: "registered", name: "Sam Slowtyper" },
    });
  });

  it("past the event's limit on registrations from phones everyone is sent to the desk, nobody is told to wait, and the organizer's higher limit lets people in at once", async () => {
    const tournamentId = await openTournament();
    expect(
      await updateRegistrationSettings({
        tournamentId,
        openRegistration: true,
        registrationCap: null,
        phoneRegistrationCap: 40,
      }),
    ).toMatchObject({ ok: true });
    await registerPlayer({ tournamentId, name: "Olive Deskentry" });
    const flooders = Array.from({ length: 11 }, (_, index) => `192.0.2.${index + 1}`);
    let stored = 0;
    for (let index = 0; index < 308; index++) {
      const answer = await register(
        tournamentId,
        `Junk ${index}`,
        flooders[index % flooders.length],
      );
      if (answer.ok) stored++;
      else
        expect(answer.error).toEqual({
          code: "REGISTRATION_CLOSED",
          message:
            "Registration from phones is full for this event. Register at the desk: staff there can still add you.",
        });
    }
    expect(stored).toBe(40);
    const overview = await getPhoneRegistrations(trustedTournamentAccess(tournamentId));
    expect(overview).toMatchObject({ count: 40, cap: 40 });

    // A real person from a fresh network is sent to the desk, not told to wait a quarter of an hour; the desk still registers.
    const refused = await register(tournamentId, "Rita Realperson", address());
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "REGISTRATION_CLOSED",
        message: expect.stringContaining("Register at the desk"),
      },
    });
    expect(refused.ok || refused.error.message).not.toMatch(/minute/);
    expect(await registerPlayer({ tournamentId, name: "Desmond Deskentry" })).toMatchObject({
      ok: true,
    });

    // The organizer raises the limit: the same person gets in at once, with no window to wait out.
    expect(
      await updateRegistrationSettings({
        tournamentId,
        openRegistration: true,
        registrationCap: null,
        phoneRegistrationCap: 60,
      }),
    ).toMatchObject({ ok: true });
    expect(await register(tournamentId, "Rita Realperson", address())).toMatchObject({
      ok: true,
      value: { placement: "registered" },
    });
    expect(await getPhoneRegistrations(trustedTournamentAccess(tournamentId))).toMatchObject({
      count: 41,
      cap: 60,
    });
  });

  it("a new event takes 200 registrations from phones unless its organizer says otherwise; the limit must be a whole number the organizer can read", async () => {
    const tournamentId = await openTournament();
    expect(await getPhoneRegistrations(trustedTournamentAccess(tournamentId))).toMatchObject({
      count: 0,
      cap: 200,
    });
    expect(await getCheckInOverview(trustedTournamentAccess(tournamentId))).toMatchObject({
      fromPhones: 0,
      phoneCap: 200,
    });
  });

  it("staff remove every registration from phones of one network in one step, waitlist included: exactly that group goes, everyone else stays, and freed spots go to the waitlist", async () => {
    const tournamentId = await openTournament(20);
    await registerPlayer({ tournamentId, name: "Olive Deskentry" });
    const real = await Promise.all(
      ["Ana", "Ben", "Cal"].map((name) => register(tournamentId, name)),
    );
    const flood = "192.0.2.66";
    const junk = [];
    for (let index = 0; index < 25; index++)
      junk.push(await register(tournamentId, `Junk ${index}`, flood));
    expect(
      junk.filter((answer) => answer.ok && answer.value.placement === "registered"),
    ).toHaveLength(16);
    const dee = await register(tournamentId, "Dee");
    expect(dee).toMatchObject({ ok: true, value: { placement: "waitlisted", position: 10 } });
    // A junk entry checks in with its code, another drops itself: neither hides it from the group.
    const [first, second] = junk as [
      Extract<(typeof junk)[number], { ok: true }>,
      Extract<(typeof junk)[number], { ok: true }>,
    ];
    await checkInWithCode({ tournamentId, code: first.value.code }, flood);
    const selfDropped = await prisma.registration.findFirstOrThrow({
      where: { tournamentId, displayName: "Junk 1" },
      select: { id: true },
    });
    await dropPlayer({ tournamentId, registrationId: selfDropped.id });
    const dropsBefore = await prisma.dropChange.count({
      where: { registration: { tournamentId } },
    });

    const shown = await getPhoneRegistrations(trustedTournamentAccess(tournamentId));
    const floodGroup = shown!.groups[0]!;
    expect(floodGroup).toMatchObject({
      label: expect.stringMatching(/^network [0-9A-Z]{6}$/),
      count: 25,
      checkedIn: 1,
    });
    expect(shown!.groups.slice(1).map((group) => group.count)).toEqual([1, 1, 1, 1]);
    expect(JSON.stringify(shown)).not.toContain("192.0.2.66");
    // One more arrives from the flood after the organizer read the list: it was not shown, so it stays.
    const late = await register(tournamentId, "Junk late", flood);
    expect(late).toMatchObject({ ok: true, value: { placement: "waitlisted" } });

    const removed = await removePhoneRegistrations(
      {
        tournamentId,
        selection: { kind: "network", network: floodGroup.network },
        entryIds: floodGroup.entries.map((entry) => entry.id),
      },
      organizer,
    );
    expect(removed).toMatchObject({
      ok: true,
      value: { removed: 24, keptDropped: ["Junk 1"], promoted: ["Dee", "Junk late"] },
    });
    expect(second.ok).toBe(true);
    expect((await registered(tournamentId)).sort()).toEqual(
      ["Ana", "Ben", "Cal", "Dee", "Junk 1 (dropped)", "Junk late", "Olive Deskentry"].sort(),
    );
    expect(await prisma.waitlistEntry.count({ where: { tournamentId, promotedAt: null } })).toBe(0);
    expect(
      await prisma.dropChange.count({ where: { registration: { tournamentId } } }),
      "drop history is never deleted",
    ).toBe(dropsBefore);
    expect(
      await checkInWithCode({ tournamentId, code: first.value.code }, address()),
    ).toMatchObject({ ok: false });
    expect(
      await checkInWithCode({ tournamentId, code: second.value.code }, address()),
    ).toMatchObject({ ok: false });
    const realCodes = real.map((answer) => (answer.ok ? answer.value.code : ""));
    for (const code of realCodes)
      expect(await checkInWithCode({ tournamentId, code }, address())).toMatchObject({
        ok: true,
        value: { status: "checked-in" },
      });

    // Sent again (a double tap): nothing more goes.
    expect(
      await removePhoneRegistrations(
        {
          tournamentId,
          selection: { kind: "network", network: floodGroup.network },
          entryIds: floodGroup.entries.map((entry) => entry.id),
        },
        organizer,
      ),
    ).toMatchObject({
      ok: true,
      value: { removed: 0, promoted: [] },
    });
    const after = await getPhoneRegistrations(trustedTournamentAccess(tournamentId));
    expect(after).toMatchObject({ count: 6 });
  });

  it("staff remove every registration from phones since a moment; ids of another group or another event are left alone; after round 1 is paired the step is refused", async () => {
    const tournamentId = await openTournament();
    const other = await openTournament();
    await register(tournamentId, "Early Ana");
    await register(tournamentId, "Early Ben");
    const outsider = await register(other, "Elsewhere Eve");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date();
    for (let index = 0; index < 5; index++)
      await register(tournamentId, `Burst ${index}`, `198.18.0.${index}`);
    const shown = await getPhoneRegistrations(trustedTournamentAccess(tournamentId));
    const burst = shown!.entries.filter((entry) => entry.registeredAt >= since.getTime());
    expect(burst.map((entry) => entry.name)).toEqual([
      "Burst 0",
      "Burst 1",
      "Burst 2",
      "Burst 3",
      "Burst 4",
    ]);
    const early = shown!.entries.find((entry) => entry.name === "Early Ana")!;
    const eveId = outsider.ok
      ? (
          await prisma.registration.findFirstOrThrow({
            where: { tournamentId: other },
            select: { id: true },
          })
        ).id
      : "";
    const removed = await removePhoneRegistrations(
      {
        tournamentId,
        selection: { kind: "since", sinceMs: since.getTime() },
        entryIds: [...burst.map((entry) => entry.id), early.id, eveId],
      },
      organizer,
    );
    expect(removed).toMatchObject({ ok: true, value: { removed: 5, keptDropped: [] } });
    expect(await registered(tournamentId)).toEqual(["Early Ana", "Early Ben"]);
    expect(await registered(other)).toEqual(["Elsewhere Eve"]);

    await pairNextSwissRound(tournamentId, "flood");
    const entries = (await getPhoneRegistrations(trustedTournamentAccess(tournamentId)))!.entries;
    expect(
      await removePhoneRegistrations(
        {
          tournamentId,
          selection: { kind: "since", sinceMs: 0 },
          entryIds: entries.map((entry) => entry.id),
        },
        organizer,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringContaining("Round 1 has been paired") },
    });
    expect(await registered(tournamentId)).toEqual(["Early Ana", "Early Ben"]);
  });
});

describe("the waitlist", () => {
  it("is promoted in order when a spot frees: an entry removed, a player dropped, the cap raised or lifted; a waiting code checks in once promoted", async () => {
    const tournamentId = await openTournament(2);
    const ana = await register(tournamentId, "Ana");
    await register(tournamentId, "Ben");
    const waiting = await Promise.all(
      ["Cal", "Dee", "Eve", "Fay"].map(async (name) => register(tournamentId, name)),
    );
    expect(
      waiting.map(
        (result) => result.ok && result.value.placement === "waitlisted" && result.value.position,
      ),
    ).toEqual([1, 2, 3, 4].map(() => expect.any(Number)));
    const cal = waiting[0]!;
    if (!cal.ok || !ana.ok) throw new Error();
    // Positions follow arrival order, whatever order the answers came back in.
    const order = (
      await prisma.waitlistEntry.findMany({
        where: { tournamentId },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { displayName: true },
      })
    ).map((entry) => entry.displayName);
    expect((await checkInWithCode({ tournamentId, code: cal.value.code }, address())).ok).toBe(
      true,
    );

    const anaRow = await prisma.registration.findFirstOrThrow({
      where: { tournamentId, displayName: "Ana" },
      select: { id: true },
    });
    await removeRegistration({ tournamentId, registrationId: anaRow.id });
    expect(await registered(tournamentId)).toEqual(["Ben", order[0]]);
    const ben = await prisma.registration.findFirstOrThrow({
      where: { tournamentId, displayName: "Ben" },
      select: { id: true },
    });
    await dropPlayer({ tournamentId, registrationId: ben.id }, organizer);
    expect(await registered(tournamentId)).toEqual(["Ben (dropped)", order[0], order[1]]);
    await updateRegistrationSettings({ tournamentId, openRegistration: true, registrationCap: 3 });
    expect((await registered(tournamentId)).slice(1)).toEqual([order[0], order[1], order[2]]);
    const promotedFirst = await prisma.waitlistEntry.findFirstOrThrow({
      where: { tournamentId, displayName: order[0] },
      select: { code: true },
    });
    expect(
      await checkInWithCode({ tournamentId, code: promotedFirst.code }, address()),
    ).toMatchObject({ ok: true, value: { status: "checked-in", name: order[0] } });
    await updateRegistrationSettings({
      tournamentId,
      openRegistration: false,
      registrationCap: null,
    });
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
    expect(await checkInWithCode({ tournamentId, code: dee.value.code }, address())).toEqual({
      ok: true,
      value: { status: "waitlisted", name: "Dee", position: 2 },
    });
    await pairNextSwissRound(tournamentId, "closed");
    await updateRegistrationSettings({
      tournamentId,
      openRegistration: true,
      registrationCap: null,
    });
    expect(await registered(tournamentId)).toEqual(["Ana", "Ben"]);
  });
});

describe("no-shows", () => {
  it("MTR 2.10: the organizer drops the no-shows they were shown in one step, each with a drop history row; the freed spot goes to the waitlist; round 1 pairs without them", async () => {
    const tournamentId = await openTournament(3);
    const codes: Record<string, string> = {};
    for (const name of ["Ana", "Ben", "Cal", "Dee"]) {
      const result = await register(tournamentId, name);
      if (result.ok) codes[name] = result.value.code;
    }
    expect(await dropNoShows({ tournamentId, registrationIds: [] }, organizer)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringContaining("Nobody has checked in yet") },
    });
    await checkInWithCode({ tournamentId, code: codes.Ana! }, address());
    const ben = await prisma.registration.findFirstOrThrow({
      where: { tournamentId, displayName: "Ben" },
      select: { id: true },
    });
    expect(await setCheckedIn({ tournamentId, registrationId: ben.id, isCheckedIn: true })).toEqual(
      { ok: true, value: { name: "Ben", isCheckedIn: true } },
    );
    const shown = await getCheckInOverview(trustedTournamentAccess(tournamentId));
    const noShowIds = shown!
      .players!.filter((player) => !player.isCheckedIn)
      .map((player) => player.registrationId);
    expect(
      shown!.players!.filter((player) => !player.isCheckedIn).map((player) => player.name),
    ).toEqual(["Cal"]);

    const dropped = await dropNoShows({ tournamentId, registrationIds: noShowIds }, organizer);
    expect(dropped).toEqual({ ok: true, value: { dropped: ["Cal"], promoted: ["Dee"] } });
    // Sent again (a double tap): nobody is dropped twice; Dee, promoted meanwhile and not shown, is left alone.
    expect(await dropNoShows({ tournamentId, registrationIds: noShowIds }, organizer)).toEqual({
      ok: true,
      value: { dropped: [], promoted: [] },
    });
    const history = await prisma.dropChange.findMany({
      where: { registration: { tournamentId } },
      select: {
        kind: true,
        afterRound: true,
        actorName: true,
        registration: { select: { displayName: true } },
      },
    });
    expect(history).toEqual([
      {
        kind: "DROPPED",
        afterRound: 0,
        actorName: "Olga Organizer",
        registration: { displayName: "Cal" },
      },
    ]);

    const sessionsBefore = await prisma.playerSession.count();
    expect(await checkInWithCode({ tournamentId, code: codes.Cal! }, address())).toMatchObject({
      ok: false,
      error: {
        code: "CONFLICT",
        message: expect.stringContaining("Cal was dropped before round 1"),
      },
    });
    expect(
      await prisma.playerSession.count(),
      "a refused check-in leaves no phone session behind",
    ).toBe(sessionsBefore);
    await checkInWithCode({ tournamentId, code: codes.Dee! }, address());
    expect(await pairNextSwissRound(tournamentId, "no-shows")).toMatchObject({ ok: true });
    const seated = await prisma.match.findMany({
      where: { round: { tournamentId } },
      select: {
        sideA: { select: { displayName: true } },
        sideB: { select: { displayName: true } },
      },
    });
    expect(
      seated.flatMap((match) => [match.sideA.displayName, match.sideB?.displayName]).sort(),
    ).toEqual(["Ana", "Ben", "Dee", undefined].sort());
    expect(
      await dropNoShows({ tournamentId, registrationIds: noShowIds }, organizer),
    ).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringContaining("Round 1 has been paired") },
    });
    expect(await checkInWithCode({ tournamentId, code: codes.Ana! }, address())).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("check-in is over") },
    });
  });
});
