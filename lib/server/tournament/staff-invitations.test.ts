import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import { prisma } from "@/lib/server/infra/db";
import { auth } from "@/lib/server/access/auth";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { createTournament } from "./tournaments";
import {
  acceptStaffInvitation,
  getInvitation,
  getStaffSeat,
  inviteStaff,
  reissueStaffInvitation,
  removeStaff,
} from "./staff";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";

let currentHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
class Redirected extends Error {
  constructor(readonly location: string) {
    super(`redirect to ${location}`);
  }
}
vi.mock("next/navigation", () => ({
  redirect: (location: string) => {
    throw new Redirected(location);
  },
}));

const { acceptStaffInvitationAction, inviteStaffAction } = await import("./tournament-actions");

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

async function act(
  action: (state: FormState, data: FormData) => Promise<FormState>,
  as: TestAccount,
  values: Record<string, string>,
): Promise<FormState | Redirected> {
  currentHeaders = as.headers;
  try {
    return await action(IDLE_FORM, form(values));
  } catch (error) {
    if (error instanceof Redirected) return error;
    throw error;
  }
}

let organizer: TestAccount;
let tournamentId: string;
const actorOf = (account: TestAccount) => ({
  userId: account.userId,
  name: account.name,
  email: account.email,
});

beforeAll(async () => {
  organizer = await createSignedInAccount("Inviting Ines");
  const created = await createTournament(
    { name: "Invitations", format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  tournamentId = created.value.id;
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe("staff invitations are accepted through a secret link, never by matching an email", () => {
  it("signing up with the invited email gives no seat (nobody proves they own an email here)", async () => {
    const email = `head-judge-${Math.random().toString(36).slice(2)}@example.test`;
    const invited = await inviteStaff({ tournamentId, email, name: "", role: "HEAD_JUDGE" });
    expect(invited.ok).toBe(true);
    const stranger = await auth.api.signUpEmail({
      body: { name: "Stranger Stan", email, password: "correct horse battery" },
    });
    expect(await getStaffSeat(tournamentId, stranger.user.id)).toBeNull();
    expect(
      await prisma.staffMember.count({ where: { tournamentId, email, userId: { not: null } } }),
    ).toBe(0);
  });

  it("inviting the email of an existing account does not seat that account until it opens the link", async () => {
    const judge = await createSignedInAccount("Existing Erin");
    const invited = await inviteStaff({
      tournamentId,
      email: judge.email,
      name: "",
      role: "JUDGE",
    });
    if (!invited.ok) throw new Error(invited.error.message);
    expect(await getStaffSeat(tournamentId, judge.userId)).toBeNull();
    expect((await acceptStaffInvitation(invited.value.token, actorOf(judge))).ok).toBe(true);
    expect(await getStaffSeat(tournamentId, judge.userId)).toMatchObject({ role: "JUDGE" });
  });

  it("the organizer's invite answers a link to copy; only its hash is stored; opening it signed in takes the seat", async () => {
    const invited = await act(inviteStaffAction, organizer, {
      tournamentId,
      email: "scorekeeper@example.test",
      name: "Sam Scorer",
      role: "SCOREKEEPER",
    });
    expect(invited).toMatchObject({ status: "success" });
    const path = (invited as FormState).linkToShare!;
    expect(path).toMatch(/^\/invite\/[A-Za-z0-9_-]{40,}$/);
    const token = decodeURIComponent(path.slice("/invite/".length));
    const row = await prisma.staffMember.findFirstOrThrow({
      where: { tournamentId, email: "scorekeeper@example.test" },
    });
    expect(row.inviteTokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);

    const sam = await createSignedInAccount("Sam Someone");
    const accepted = await act(acceptStaffInvitationAction, sam, { token });
    expect(accepted).toBeInstanceOf(Redirected);
    expect((accepted as Redirected).location).toBe(`/tournaments/${tournamentId}`);
    expect(await getStaffSeat(tournamentId, sam.userId)).toMatchObject({
      role: "SCOREKEEPER",
      name: "Sam Scorer",
    });
    // The seat now names the account that holds it.
    expect((await prisma.staffMember.findUniqueOrThrow({ where: { id: row.id } })).email).toBe(
      sam.email,
    );
  });

  it("a used link gives a clear message to anyone else, and nothing to them", async () => {
    const invited = await inviteStaff({
      tournamentId,
      email: "once@example.test",
      name: "",
      role: "JUDGE",
    });
    if (!invited.ok) throw new Error(invited.error.message);
    const first = await createSignedInAccount("First Fiona");
    const second = await createSignedInAccount("Second Sid");
    expect((await acceptStaffInvitation(invited.value.token, actorOf(first))).ok).toBe(true);
    const again = await acceptStaffInvitation(invited.value.token, actorOf(second));
    expect(again.ok || again.error.message).toMatch(/already been accepted/);
    expect(await getStaffSeat(tournamentId, second.userId)).toBeNull();
  });

  it("a new link replaces the old one; a withdrawn or expired invitation says so", async () => {
    const invited = await inviteStaff({
      tournamentId,
      email: "relink@example.test",
      name: "",
      role: "JUDGE",
    });
    if (!invited.ok) throw new Error(invited.error.message);
    const reissued = await reissueStaffInvitation({ tournamentId, staffId: invited.value.id });
    if (!reissued.ok) throw new Error(reissued.error.message);
    const invitee = await createSignedInAccount("Relinked Rita");
    const old = await acceptStaffInvitation(invited.value.token, actorOf(invitee));
    expect(old.ok || old.error.message).toMatch(/not valid/);

    const expiredAt = new Date(Date.now() + 8 * 24 * 3600_000);
    const expired = await acceptStaffInvitation(reissued.value.token, actorOf(invitee), expiredAt);
    expect(expired.ok || expired.error.message).toMatch(/expired/);

    expect((await removeStaff({ tournamentId, staffId: invited.value.id })).ok).toBe(true);
    const withdrawn = await getInvitation(reissued.value.token, invitee.userId);
    expect(withdrawn.ok || withdrawn.error.message).toMatch(/withdrawn/);
    expect((await acceptStaffInvitation(reissued.value.token, actorOf(invitee))).ok).toBe(false);
    expect(await getStaffSeat(tournamentId, invitee.userId)).toBeNull();
  });

  it("signed out, accepting sends to sign-in with the link as a safe next", async () => {
    const invited = await inviteStaff({
      tournamentId,
      email: "later@example.test",
      name: "",
      role: "JUDGE",
    });
    if (!invited.ok) throw new Error(invited.error.message);
    currentHeaders = new Headers();
    let location = "";
    try {
      await acceptStaffInvitationAction(IDLE_FORM, form({ token: invited.value.token }));
    } catch (error) {
      if (!(error instanceof Redirected)) throw error;
      location = error.location;
    }
    expect(location).toBe(`/sign-in?next=${encodeURIComponent(`/invite/${invited.value.token}`)}`);
  });

  it("someone already on the staff cannot take a second seat with a link", async () => {
    const invited = await inviteStaff({
      tournamentId,
      email: "second-seat@example.test",
      name: "",
      role: "HEAD_JUDGE",
    });
    if (!invited.ok) throw new Error(invited.error.message);
    const refused = await acceptStaffInvitation(invited.value.token, actorOf(organizer));
    expect(refused.ok || refused.error.message).toMatch(/already on this tournament's staff/);
  });
});
