import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { IDLE_FORM } from "@/lib/form-state";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { listPlayerCodes } from "@/lib/server/check-in/player-codes";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { addStaff } from "@/test/staff";
import { createSignedInAccount, requestFrom, type TestAccount } from "@/test/accounts";

/** Turning a phone's notifications on and off: a player only for themselves, a judge for calls. */

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
vi.mock("next/navigation", () => ({
  redirect: () => {
    throw new Error("redirected");
  },
  notFound: () => {
    throw new Error("not found");
  },
}));

const actions = await import("./push-actions");
const { signInWithCodeAction } = await import("@/lib/server/check-in/player-code-actions");
const { PLAYER_SESSION_COOKIE } = await import("@/lib/server/check-in/player-session");
const { pushControlFor, endpointHash, forgetPushSubscription } = await import("./subscriptions");

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

/** What a browser's PushSubscription.toJSON() hands over: a push service's address and the phone's keys. */
function browserSubscription() {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
    p256dh: keys.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

const accounts = {} as Record<"organizer" | "judge" | "scorekeeper", TestAccount>;
let tournamentId = "";
const registrationOf = new Map<string, string>();
const codeOf = new Map<string, string>();

beforeAll(async () => {
  accounts.organizer = await createSignedInAccount("Push Actions Organizer");
  accounts.judge = await createSignedInAccount("Push Actions Judge");
  accounts.scorekeeper = await createSignedInAccount("Push Actions Scorekeeper");
  const created = await createTournament(
    {
      name: `Push actions ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    },
    accounts.organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  tournamentId = created.value.id;
  await addStaff(tournamentId, accounts.judge, "JUDGE", "Jo Judge");
  await addStaff(tournamentId, accounts.scorekeeper, "SCOREKEEPER", "Sam");
  const registered = await registerPlayers({ tournamentId, names: "Ana\nBen Okoro" });
  if (!registered.ok) throw new Error(registered.error.message);
  for (const row of await prisma.registration.findMany({ where: { tournamentId } }))
    registrationOf.set(row.displayName, row.id);
  for (const row of (await listPlayerCodes(trustedTournamentAccess(tournamentId)))!)
    codeOf.set(row.name, row.code);
}, 60_000);
afterAll(async () => {
  await prisma.$disconnect();
});

async function signInAs(name: string) {
  setCookies = new Map();
  currentHeaders = requestFrom("10.9.0.2");
  await signInWithCodeAction(IDLE_FORM, form({ code: codeOf.get(name)! })).catch(() => undefined);
  currentHeaders = new Headers({
    cookie: `${PLAYER_SESSION_COOKIE}=${setCookies.get(PLAYER_SESSION_COOKIE)}`,
  });
}

describe("a player's phone", () => {
  it("turns notifications on for the signed-in player only; the page then knows this phone is on; off deletes it", async () => {
    await signInAs("Ana");
    const phone = browserSubscription();
    const on = await actions.turnOnPlayerPushAction(IDLE_FORM, form(phone));
    expect(on).toMatchObject({
      status: "success",
      message: "Notifications are on for this phone.",
    });
    const row = await prisma.pushSubscription.findFirstOrThrow({
      where: { endpoint: phone.endpoint },
    });
    expect(row).toMatchObject({
      tournamentId,
      registrationId: registrationOf.get("Ana"),
      staffId: null,
      p256dh: phone.p256dh,
    });
    const control = await pushControlFor({
      tournamentId,
      registrationId: registrationOf.get("Ana")!,
      seat: null,
    });
    expect(control.subscribedHashes).toEqual([endpointHash(phone.endpoint)]);
    expect(Buffer.from(control.publicKey, "base64url")).toHaveLength(65);

    // Turned on twice (a second tap, a reload) is still one subscription.
    await actions.turnOnPlayerPushAction(IDLE_FORM, form(phone));
    expect(await prisma.pushSubscription.count({ where: { endpoint: phone.endpoint } })).toBe(1);

    // Another player cannot turn Ana's phone off by its address.
    await signInAs("Ben Okoro");
    await actions.turnOffPlayerPushAction(IDLE_FORM, form({ endpoint: phone.endpoint }));
    expect(await prisma.pushSubscription.count({ where: { endpoint: phone.endpoint } })).toBe(1);

    await signInAs("Ana");
    const off = await actions.turnOffPlayerPushAction(
      IDLE_FORM,
      form({ endpoint: phone.endpoint }),
    );
    expect(off).toMatchObject({ status: "success" });
    expect(await prisma.pushSubscription.count({ where: { endpoint: phone.endpoint } })).toBe(0);
  });

  it("may not subscribe for another player: a registration id in the form is refused, nothing saved", async () => {
    await signInAs("Ana");
    const phone = browserSubscription();
    const refused = await actions.turnOnPlayerPushAction(
      IDLE_FORM,
      form({ ...phone, registrationId: registrationOf.get("Ben Okoro")! }),
    );
    expect(refused).toMatchObject({ status: "error", code: "FORBIDDEN" });
    expect(await prisma.pushSubscription.count({ where: { endpoint: phone.endpoint } })).toBe(0);
  });

  it("without a player code signed in, nothing is saved", async () => {
    currentHeaders = new Headers();
    const phone = browserSubscription();
    expect(await actions.turnOnPlayerPushAction(IDLE_FORM, form(phone))).toMatchObject({
      status: "error",
      code: "UNAUTHENTICATED",
    });
  });

  it("a subscription the server must not post to, or with keys that are not a browser's, is refused with a clear message", async () => {
    await signInAs("Ana");
    const good = browserSubscription();
    const cases: [Record<string, string>, string, string][] = [
      [{ ...good, endpoint: "http://fcm.googleapis.com/x" }, "endpoint", "push address"],
      [{ ...good, endpoint: "https://127.0.0.1:8443/x" }, "endpoint", "push address"],
      [{ ...good, endpoint: "https://localhost/x" }, "endpoint", "push address"],
      [{ ...good, endpoint: "https://[::1]/x" }, "endpoint", "push address"],
      [{ ...good, endpoint: "not an address" }, "endpoint", "push address"],
      [{ ...good, p256dh: randomBytes(65).toString("hex") }, "p256dh", "P-256"],
      // 65 bytes led by 0x04, but no point of the curve: every push to it would fail.
      [{ ...good, p256dh: offCurveKey() }, "p256dh", "P-256"],
      [{ ...good, auth: randomBytes(8).toString("base64url") }, "auth", "16 bytes"],
      [{ endpoint: good.endpoint, p256dh: good.p256dh }, "auth", "auth secret"],
    ];
    for (const [values, field, words] of cases) {
      const answer = await actions.turnOnPlayerPushAction(IDLE_FORM, form(values));
      expect(answer.status, JSON.stringify(values)).toBe("error");
      expect(answer.code).toBe("VALIDATION");
      expect(answer.fieldErrors?.[field]?.[0]).toContain(words);
    }
    expect(await prisma.pushSubscription.count({ where: { endpoint: good.endpoint } })).toBe(0);
  });
});

describe("one browser, several people or events", () => {
  it("a phone turned on for a player and for a judge seat receives for both; turning one on or off leaves the other", async () => {
    const phone = browserSubscription();
    await signInAs("Ana");
    expect(await actions.turnOnPlayerPushAction(IDLE_FORM, form(phone))).toMatchObject({
      status: "success",
    });
    currentHeaders = new Headers(accounts.judge.headers);
    expect(
      await actions.turnOnStaffPushAction(IDLE_FORM, form({ tournamentId, ...phone })),
    ).toMatchObject({ status: "success" });
    const ana = { tournamentId, registrationId: registrationOf.get("Ana")!, seat: null };
    const hash = endpointHash(phone.endpoint);
    // Turning it on for the judge seat did not silently turn it off for Ana.
    expect((await pushControlFor(ana)).subscribedHashes).toContain(hash);
    expect(await prisma.pushSubscription.count({ where: { endpoint: phone.endpoint } })).toBe(2);

    // Ben signs in on the same browser (another event's player, or a friend's phone) and turns on.
    await signInAs("Ben Okoro");
    await actions.turnOnPlayerPushAction(IDLE_FORM, form(phone));
    expect((await pushControlFor(ana)).subscribedHashes).toContain(hash);
    expect(await prisma.pushSubscription.count({ where: { endpoint: phone.endpoint } })).toBe(3);

    // The judge turns theirs off: Ana's and Ben's stay on.
    currentHeaders = new Headers(accounts.judge.headers);
    await actions.turnOffStaffPushAction(
      IDLE_FORM,
      form({ tournamentId, endpoint: phone.endpoint }),
    );
    expect((await pushControlFor(ana)).subscribedHashes).toContain(hash);
    expect(await prisma.pushSubscription.count({ where: { endpoint: phone.endpoint } })).toBe(2);
    await prisma.pushSubscription.deleteMany({ where: { endpoint: phone.endpoint } });
  });

  it("a push service that says the address is gone forgets it for everyone it was turned on for", async () => {
    const phone = browserSubscription();
    await signInAs("Ana");
    await actions.turnOnPlayerPushAction(IDLE_FORM, form(phone));
    currentHeaders = new Headers(accounts.judge.headers);
    await actions.turnOnStaffPushAction(IDLE_FORM, form({ tournamentId, ...phone }));
    const one = await prisma.pushSubscription.findFirstOrThrow({
      where: { endpoint: phone.endpoint },
    });
    await forgetPushSubscription(one.id);
    expect(await prisma.pushSubscription.count({ where: { endpoint: phone.endpoint } })).toBe(0);
  });
});

describe("a judge's phone", () => {
  it("a judge subscribes for judge calls; a scorekeeper (who answers none) may not; the judge turns it off", async () => {
    const phone = browserSubscription();
    currentHeaders = new Headers(accounts.scorekeeper.headers);
    expect(
      await actions.turnOnStaffPushAction(IDLE_FORM, form({ tournamentId, ...phone })),
    ).toMatchObject({ status: "error", code: "FORBIDDEN" });
    currentHeaders = new Headers(accounts.judge.headers);
    expect(
      await actions.turnOnStaffPushAction(IDLE_FORM, form({ tournamentId, ...phone })),
    ).toMatchObject({ status: "success" });
    const row = await prisma.pushSubscription.findFirstOrThrow({
      where: { endpoint: phone.endpoint },
      select: { staff: { select: { name: true } }, registrationId: true },
    });
    expect(row).toEqual({ staff: { name: "Jo Judge" }, registrationId: null });
    expect(
      await actions.turnOffStaffPushAction(
        IDLE_FORM,
        form({ tournamentId, endpoint: phone.endpoint }),
      ),
    ).toMatchObject({ status: "success" });
    expect(await prisma.pushSubscription.count({ where: { endpoint: phone.endpoint } })).toBe(0);
  });
});

/** An uncompressed P-256 key's shape (0x04, x, y) whose point is not on the curve. */
function offCurveKey(): string {
  const bytes = Buffer.alloc(65, 1);
  bytes[0] = 4;
  return bytes.toString("base64url");
}
