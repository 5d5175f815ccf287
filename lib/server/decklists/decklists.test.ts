import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { listPlayerCodes } from "@/lib/server/check-in/player-codes";
import { prisma } from "@/lib/server/infra/db";
import { registerPlayer, removeRegistration } from "@/lib/server/registration/registrations";
import { registerTeams } from "@/lib/server/registration/teams";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { pairNextSwissRound } from "@/lib/server/round/rounds";
import {
  getTournamentSettings,
  updateTournamentSettings,
} from "@/lib/server/tournament/event-status";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { createSignedInAccount, requestFrom, type TestAccount } from "@/test/accounts";
import { BURN, CARD_DATA_DATE, importSampleCards } from "@/test/decklists";

/**
 * Decklists (MTR 2.7) on a real database, with the sample card file as the card database: the
 * write and its refusals, its history and replays, who may change a list when, who sees it, the
 * overview's status and the one-step drop of players without a legal list (MTR 2.10).
 */

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
class Redirected extends Error {
  constructor(readonly location: string) {
    super(`redirect to ${location}`);
  }
}
vi.mock("next/navigation", () => ({
  redirect: (location: string) => {
    throw new Redirected(location);
  },
  notFound: () => {
    throw new Redirected("not-found");
  },
}));

const { signInWithCodeAction } = await import("@/lib/server/check-in/player-code-actions");
const { PLAYER_SESSION_COOKIE } = await import("@/lib/server/check-in/player-session");
const { submitOwnDecklistAction, enterDecklistAction } = await import("./decklist-actions");
const { submitDecklist } = await import("./submit-decklist");
const { recheckDecklists } = await import("./recheck-decklists");
const { dropPlayersWithoutLegalList } = await import("./drop-without-decklist");
const { getDecklistForStaff, getDecklistStatus, getMyDecklist, listDecklists, metagame } =
  await import("./decklist-reads");

const HOUR = 3_600_000;
/** The same deck with one Counterspell fewer in the sideboard. */
const BURN_CHANGED = BURN.replace("3 Counterspell", "2 Counterspell");

let organizer: TestAccount;
let keyCounter = 0;
const key = () => `decklist-key-${++keyCounter}-${Math.random().toString(36).slice(2)}`;
const PLAYER = (name: string) => ({ source: "PLAYER" as const, name });
const STAFF = { source: "STAFF" as const, staffId: null, name: "Judge Jo" };

beforeAll(async () => {
  organizer = await createSignedInAccount("Decklist Organizer");
  await importSampleCards();
});
afterAll(async () => {
  await prisma.$disconnect();
});

type Event = { tournamentId: string; ids: Map<string, string> };

async function freshEvent(
  options: { deckFormat?: string | null; deadline?: Date | null; names?: string[] } = {},
): Promise<Event> {
  const created = await createTournament(
    {
      name: `Decklists ${Math.random()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  await prisma.tournament.update({
    where: { id: tournamentId },
    data: {
      deckFormat: options.deckFormat === undefined ? "modern" : options.deckFormat,
      decklistDeadline: options.deadline ?? null,
    },
  });
  const ids = new Map<string, string>();
  for (const name of options.names ?? ["Ana", "Ben", "Cleo", "Dev"]) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
    ids.set(name, registered.value.id);
  }
  return { tournamentId, ids };
}

function submit(
  event: Event,
  name: string,
  text: string,
  options: {
    expectedVersion?: number | null;
    idempotencyKey?: string;
    archetype?: string;
    reason?: string;
    by?: "player" | "staff";
  } = {},
) {
  return submitDecklist(
    {
      tournamentId: event.tournamentId,
      registrationId: event.ids.get(name)!,
      text,
      archetype: options.archetype ?? "",
      expectedVersion: options.expectedVersion ?? null,
      idempotencyKey: options.idempotencyKey ?? key(),
      reason: options.reason,
    },
    options.by === "staff" ? STAFF : PLAYER(name),
  );
}

async function rowsOf(event: Event) {
  const [lists, changes] = await Promise.all([
    prisma.decklist.count({ where: { tournamentId: event.tournamentId } }),
    prisma.decklistChange.count({ where: { tournamentId: event.tournamentId } }),
  ]);
  return { lists, changes };
}

describe("submitting a decklist (MTR 2.7)", () => {
  it("MTR 2.7: a legal list is saved with its resolved cards, the card data's date and a first history row", async () => {
    const event = await freshEvent();
    const saved = await submit(event, "Ana", BURN, { archetype: "Burn" });
    expect(saved).toMatchObject({
      ok: true,
      value: {
        version: 1,
        isLegal: true,
        problems: [],
        counts: { main: 60, sideboard: 3, commanders: 0, companions: 0 },
        format: "modern",
        checkedAgainst: CARD_DATA_DATE,
        isReplay: false,
      },
    });
    if (!saved.ok) return;
    // The front face's name is stored as the card's Oracle name, with its Oracle id.
    expect(saved.value.entries.main).toContainEqual({
      count: 4,
      name: "Bonecrusher Giant // Stomp",
      oracleId: expect.any(String),
    });
    const history = await prisma.decklistChange.findMany({
      where: { decklistId: saved.value.decklistId },
    });
    expect(history).toMatchObject([
      { version: 1, source: "PLAYER", actorName: "Ana", textBefore: null, textAfter: BURN },
    ]);
  });

  it("MTR 2.7: names no card has are refused, nothing saved, each with its line and the closest names; the text comes back", async () => {
    const event = await freshEvent();
    const text = BURN.replace("4 Lightning Bolt", "4 Lightnig Bolt").replace(
      "3 Counterspell",
      "3 Frobnicate Wizard",
    );
    const refused = await submit(event, "Ana", text);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "UNKNOWN_CARDS",
        text,
        unknownCards: [
          {
            name: "Lightnig Bolt",
            lines: [1],
            suggestions: expect.arrayContaining(["Lightning Bolt"]),
            message: expect.stringContaining(
              "Line 1: no card is named “Lightnig Bolt”. Did you mean",
            ),
          },
          { name: "Frobnicate Wizard", lines: [12] },
        ],
        fieldErrors: { text: expect.any(Array) },
      },
    });
    expect(await rowsOf(event)).toEqual({ lists: 0, changes: 0 });
  });

  it("CR 100.6: a list of known cards that breaks the format's rules is saved, not legal, with its problems", async () => {
    const event = await freshEvent({ deckFormat: "pauper" });
    const saved = await submit(event, "Ben", BURN);
    expect(saved).toMatchObject({
      ok: true,
      value: {
        isLegal: false,
        problems: [
          {
            code: "NOT_LEGAL",
            rule: "CR 100.6",
            message: "Lightning Helix is not legal in Pauper (CR 100.6).",
          },
          { code: "NOT_LEGAL", rule: "CR 100.6" },
        ],
      },
    });
    const stored = await prisma.decklist.findFirstOrThrow({
      where: { registrationId: event.ids.get("Ben")! },
    });
    expect(stored.isLegal).toBe(false);
    expect(stored.problems).toMatchObject([{ code: "NOT_LEGAL", key: "decks.notLegal" }, {}]);
  });

  it("a paste of 2,000 lines is refused as too long for a decklist, with the numbers, and nothing saved", async () => {
    const event = await freshEvent();
    const text = Array.from({ length: 2_000 }, () => "1 Mountain").join("\n");
    const refused = await submit(event, "Ana", text);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "DECKLIST_TOO_LONG", message: expect.stringContaining("2000 lines"), text },
    });
    expect(await rowsOf(event)).toEqual({ lists: 0, changes: 0 });
  });

  it("lines that are not “count name” are refused, every one with its number", async () => {
    const event = await freshEvent();
    const refused = await submit(
      event,
      "Ana",
      "4 Lightning Bolt\nLightning Bolt\n0 Shock\n56 Mountain",
    );
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "UNREADABLE_DECKLIST",
        lineProblems: [
          { line: 2, text: "Lightning Bolt" },
          { line: 3, text: "0 Shock" },
        ],
      },
    });
    expect(await rowsOf(event)).toEqual({ lists: 0, changes: 0 });
  });

  it("MTR 2.7: an event without a decklist format takes no list, not even from staff", async () => {
    const event = await freshEvent({ deckFormat: null });
    expect(await submit(event, "Ana", BURN)).toMatchObject({
      ok: false,
      error: { code: "DECKLISTS_OFF" },
    });
    expect(await submit(event, "Ana", BURN, { by: "staff", reason: "paper" })).toMatchObject({
      ok: false,
      error: { code: "DECKLISTS_OFF" },
    });
  });
});

describe("changing a list: deadline, staff, versions, replays (MTR 2.7, IPG 3.4)", () => {
  it("MTR 2.7: before the deadline the player changes their own list; the history keeps before and after", async () => {
    const event = await freshEvent({ deadline: new Date(Date.now() + HOUR) });
    const first = await submit(event, "Ana", BURN);
    if (!first.ok) throw new Error(first.error.message);
    const second = await submit(event, "Ana", BURN_CHANGED, {
      expectedVersion: 1,
      archetype: "Burn",
    });
    expect(second).toMatchObject({ ok: true, value: { version: 2, archetype: "Burn" } });
    const history = await prisma.decklistChange.findMany({
      where: { decklistId: first.value.decklistId },
      orderBy: { version: "asc" },
    });
    expect(history.map((row) => [row.version, row.textBefore, row.textAfter])).toEqual([
      [1, null, BURN],
      [2, BURN, BURN_CHANGED],
    ]);
    expect(history[1]!.entriesBefore).toEqual(history[0]!.entriesAfter);
  });

  it("MTR 2.7, IPG 3.4: after the deadline the player is refused (staff can change it); staff must give a reason, and it is kept", async () => {
    const event = await freshEvent({ deadline: new Date(Date.now() + HOUR) });
    const firstKey = key();
    const first = await submit(event, "Ana", BURN, { idempotencyKey: firstKey });
    if (!first.ok) throw new Error(first.error.message);
    await prisma.tournament.update({
      where: { id: event.tournamentId },
      data: { decklistDeadline: new Date(Date.now() - 1_000) },
    });
    // A request sent before the deadline and sent again after it is answered as it was.
    expect(await submit(event, "Ana", BURN, { idempotencyKey: firstKey })).toMatchObject({
      ok: true,
      value: { version: 1, isReplay: true },
    });
    // Past the deadline the player is told so before any name is looked up.
    expect(await submit(event, "Ana", "4 Lightnig Bolt", { expectedVersion: 1 })).toMatchObject({
      ok: false,
      error: { code: "DEADLINE_PASSED" },
    });
    const late = await submit(event, "Ana", BURN_CHANGED, { expectedVersion: 1 });
    expect(late).toMatchObject({
      ok: false,
      error: {
        code: "DEADLINE_PASSED",
        message: expect.stringContaining("Only staff can change it now"),
        text: BURN_CHANGED,
      },
    });
    const noReason = await submit(event, "Ana", BURN_CHANGED, { expectedVersion: 1, by: "staff" });
    expect(noReason).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fieldErrors: { reason: [expect.stringContaining("IPG 3.4")] } },
    });
    expect(await rowsOf(event)).toEqual({ lists: 1, changes: 1 });
    const fixed = await submit(event, "Ana", BURN_CHANGED, {
      expectedVersion: 1,
      by: "staff",
      reason: "The paper list has 2 Counterspell, not 3",
    });
    expect(fixed).toMatchObject({ ok: true, value: { version: 2 } });
    const staffView = await getDecklistForStaff(
      trustedTournamentAccess(event.tournamentId),
      event.ids.get("Ana")!,
    );
    expect(
      staffView?.history.map(({ version, source, actorName, reason, textBefore, textAfter }) => ({
        version,
        source,
        actorName,
        reason,
        textBefore,
        textAfter,
      })),
    ).toEqual([
      {
        version: 1,
        source: "PLAYER",
        actorName: "Ana",
        reason: "",
        textBefore: null,
        textAfter: BURN,
      },
      {
        version: 2,
        source: "STAFF",
        actorName: "Judge Jo",
        reason: "The paper list has 2 Counterspell, not 3",
        textBefore: BURN,
        textAfter: BURN_CHANGED,
      },
    ]);
    const mine = await getMyDecklist({
      registrationId: event.ids.get("Ana")!,
      tournamentId: event.tournamentId,
    });
    expect(mine).toMatchObject({
      event: {
        isPlayerWindowOpen: false,
        finalBecause: expect.stringContaining("deadline has passed"),
      },
      list: { version: 2, text: BURN_CHANGED },
    });
    expect(mine?.history).toHaveLength(2);
  });

  it("MTR 2.7: with no deadline set, a player's list is final once round 1 is paired", async () => {
    const event = await freshEvent();
    expect((await submit(event, "Ana", BURN)).ok).toBe(true);
    const paired = await pairNextSwissRound(event.tournamentId, "decklists");
    if (!paired.ok) throw new Error(paired.error.message);
    expect(await submit(event, "Ana", BURN_CHANGED, { expectedVersion: 1 })).toMatchObject({
      ok: false,
      error: { code: "DEADLINE_PASSED", message: expect.stringContaining("Round 1 is paired") },
    });
    expect(await submit(event, "Ben", BURN)).toMatchObject({
      ok: false,
      error: { code: "DEADLINE_PASSED" },
    });
  });

  it("a form shown before someone else's change is refused, naming who changed the list and when", async () => {
    const event = await freshEvent();
    await submit(event, "Ana", BURN);
    await submit(event, "Ana", BURN_CHANGED, { expectedVersion: 1, by: "staff" });
    const stale = await submit(event, "Ana", BURN, { expectedVersion: 1, archetype: "Burn" });
    expect(stale).toMatchObject({
      ok: false,
      error: {
        code: "CONFLICT",
        message: expect.stringMatching(
          /^Judge Jo changed this list at \d{4}-\d\d-\d\d \d\d:\d\d UTC \(version 2\)/,
        ),
        changedBy: { name: "Judge Jo", version: 2, at: expect.any(Date) },
        text: BURN,
      },
    });
    // A first list sent after someone else made one is stale too.
    expect(
      await submit(event, "Ana", BURN, { expectedVersion: null, archetype: "x" }),
    ).toMatchObject({
      ok: false,
      error: { code: "CONFLICT" },
    });
    expect(await rowsOf(event)).toEqual({ lists: 1, changes: 2 });
  });

  it("the same request sent again is answered the same and stored once; its key with another list is refused", async () => {
    const event = await freshEvent();
    const idempotencyKey = key();
    const [first, again] = await Promise.all([
      submit(event, "Ana", BURN, { idempotencyKey }),
      submit(event, "Ana", BURN, { idempotencyKey }),
    ]);
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    const replays = [first.value.isReplay, again.value.isReplay].sort();
    expect(replays).toEqual([false, true]);
    const strip = ({ isReplay: _isReplay, ...rest }: typeof first.value) => rest;
    expect(strip(again.value)).toEqual(strip(first.value));
    // Later, even after the list changed, the first request's key still answers as it did.
    await submit(event, "Ana", BURN_CHANGED, { expectedVersion: 1 });
    const late = await submit(event, "Ana", BURN, { idempotencyKey });
    expect(late).toMatchObject({ ok: true, value: { version: 1, isReplay: true } });
    expect(await rowsOf(event)).toEqual({ lists: 1, changes: 2 });
    expect(await submit(event, "Ana", BURN_CHANGED, { idempotencyKey })).toMatchObject({
      ok: false,
      error: { code: "IDEMPOTENCY_KEY_REUSED" },
    });
  });

  it("the same list sent again with a new key changes nothing and adds no history", async () => {
    const event = await freshEvent();
    await submit(event, "Ana", BURN);
    expect(await submit(event, "Ana", BURN, { expectedVersion: 1 })).toMatchObject({
      ok: true,
      value: { version: 1, isUnchanged: true },
    });
    expect(await rowsOf(event)).toEqual({ lists: 1, changes: 1 });
  });
});

describe("a player's own versions of a list are bounded (DL1)", () => {
  it("MTR 2.7: past 50 versions a player's change is refused and nothing is saved; staff still change it", async () => {
    const event = await freshEvent();
    // Staff entered version 1 from paper: it is not one of the player's own.
    expect(await submit(event, "Ana", BURN, { by: "staff" })).toMatchObject({ ok: true });
    const list = await prisma.decklist.findFirstOrThrow({
      where: { registrationId: event.ids.get("Ana")! },
    });
    await prisma.decklistChange.createMany({
      data: Array.from({ length: 49 }, (_, index) => ({
        decklistId: list.id,
        tournamentId: event.tournamentId,
        version: index + 2,
        source: "PLAYER" as const,
        actorName: "Ana",
        textAfter: BURN,
        entriesAfter: {},
        isLegalAfter: true,
        problemsAfter: [],
        notesAfter: [],
        formatAfter: "modern",
        checkedAgainst: CARD_DATA_DATE,
        idempotencyKey: key(),
        requestHash: "written by the test",
      })),
    });
    await prisma.decklist.update({ where: { id: list.id }, data: { version: 50 } });
    // 49 of the player's own: one more is allowed.
    const fiftieth = await submit(event, "Ana", BURN_CHANGED, { expectedVersion: 50 });
    expect(fiftieth).toMatchObject({ ok: true, value: { version: 51 } });
    const refused = await submit(event, "Ana", BURN, { expectedVersion: 51 });
    expect(refused).toMatchObject({ ok: false, error: { code: "VALIDATION", text: BURN } });
    expect(refused.ok || refused.error.message).toMatch(/^You have sent 50 versions/);
    expect(await rowsOf(event)).toEqual({ lists: 1, changes: 51 });
    const staff = await submit(event, "Ana", BURN, { expectedVersion: 51, by: "staff" });
    expect(staff).toMatchObject({ ok: true, value: { version: 52 } });
  });
});

describe("a player's code submits only their own list (runMutation's player access)", () => {
  async function signIn(event: Event, name: string): Promise<string> {
    const codes = await listPlayerCodes(trustedTournamentAccess(event.tournamentId));
    const code = codes!.find((row) => row.name === name)!.code;
    setCookies = new Map();
    currentHeaders = requestFrom(`10.7.0.${++keyCounter % 250}`);
    const data = new FormData();
    data.set("code", code);
    try {
      await signInWithCodeAction(IDLE_FORM, data);
    } catch (error) {
      if (!(error instanceof Redirected)) throw error;
    }
    const cookie = `${PLAYER_SESSION_COOKIE}=${setCookies.get(PLAYER_SESSION_COOKIE)}`;
    currentHeaders = new Headers({ cookie });
    return cookie;
  }

  function form(values: Record<string, string>): FormData {
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.set(name, value);
    return data;
  }

  it("MTR 2.7 (DL6): each team member registers their own deck; a member's code changes only theirs, and the team stays only once all are legal", async () => {
    const created = await createTournament(
      CreateTournamentSchema.parse({
        name: `Trios lists ${Math.random()}`,
        teamSetup: "TEAMS_OF_THREE",
      }),
      organizer,
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    await prisma.tournament.update({ where: { id: tournamentId }, data: { deckFormat: "modern" } });
    const teams = await registerTeams({
      tournamentId,
      teams: "Rocket: Ana, Ben, Cleo\nBlue: Dora, Eli, Fay",
    });
    if (!teams.ok) throw new Error(teams.error.message);
    const [rocket, blue] = await Promise.all(
      ["Rocket", "Blue"].map((name) =>
        prisma.registration.findFirstOrThrow({ where: { tournamentId, displayName: name } }),
      ),
    );
    const event = { tournamentId, ids: new Map([["Rocket", rocket!.id]]) };

    // Ben's own code: his list is seat B's, whatever seat the form names.
    await signIn(event, "Ben (Rocket)");
    const bens = await submitOwnDecklistAction(
      IDLE_FORM,
      form({ text: BURN, archetype: "Burn", seat: "0", idempotencyKey: key() }),
    );
    expect(bens).toMatchObject({ status: "success" });
    const access = trustedTournamentAccess(tournamentId);
    expect((await getDecklistForStaff(access, rocket!.id, 1))?.list).toMatchObject({
      seat: 1,
      playerName: "Ben (Rocket)",
      isLegal: true,
    });
    expect((await getDecklistForStaff(access, rocket!.id, 0))?.list).toBeNull();
    // A team of three has seats A to C only.
    const noSeat = await submitDecklist(
      {
        tournamentId,
        registrationId: rocket!.id,
        seat: 3,
        text: BURN,
        archetype: "",
        expectedVersion: null,
        idempotencyKey: key(),
      },
      STAFF,
    );
    expect(noSeat).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    expect(noSeat.ok || noSeat.error.message).toBe(
      "A team here has 3 members, seats A to C: there is no seat 3.",
    );

    // The overview counts each member's deck; Rocket is dropped with one legal list of three.
    const status = await getDecklistStatus(access);
    expect(status?.counts).toEqual({ players: 6, none: 5, illegal: 0, legal: 1 });
    expect(
      status?.players.filter((row) => row.entryName === "Rocket").map((row) => row.name),
    ).toEqual(["Ana (Rocket)", "Ben (Rocket)", "Cleo (Rocket)"]);
    const teamList = (seat: number, text: string) =>
      submitDecklist(
        {
          tournamentId,
          registrationId: rocket!.id,
          seat,
          text,
          archetype: "",
          expectedVersion: null,
          idempotencyKey: key(),
        },
        STAFF,
      );
    // MTR 8.4: Cleo's deck shares Lightning Bolt with Ben's: both lists say so and are not legal.
    const cleo = await teamList(2, "4 Lightning Bolt\n4 Mana Leak\n52 Island");
    expect(cleo).toMatchObject({ ok: true, value: { seat: 2, isLegal: false } });
    expect(cleo.ok && cleo.value.problems.map((problem) => problem.message)).toEqual([
      "Lightning Bolt is also in Ben (Rocket)'s deck: no two decks of a team hold the same card, basic lands aside (MTR 8.4).",
    ]);
    expect((await getDecklistForStaff(access, rocket!.id, 1))?.list).toMatchObject({
      isLegal: false,
      problems: [{ code: "SHARED_WITH_TEAMMATE", rule: "MTR 8.4" }],
    });
    // Cleo's new list shares nothing but basic lands: every list of the team is legal again.
    const fixed = await submitDecklist(
      {
        tournamentId,
        registrationId: rocket!.id,
        seat: 2,
        text: "4 Mana Leak\n56 Island",
        archetype: "",
        expectedVersion: 1,
        idempotencyKey: key(),
      },
      STAFF,
    );
    expect(fixed).toMatchObject({ ok: true, value: { isLegal: true } });
    expect((await getDecklistForStaff(access, rocket!.id, 1))?.list?.isLegal).toBe(true);
    expect(await teamList(0, "4 Thoughtseize\n56 Swamp")).toMatchObject({
      ok: true,
      value: { seat: 0, isLegal: true },
    });
    const dropped = await dropPlayersWithoutLegalList(
      { tournamentId, registrationIds: [rocket!.id, blue!.id], idempotencyKey: key() },
      { staffId: null, name: "Judge Jo" },
    );
    expect(dropped).toMatchObject({
      ok: true,
      value: { dropped: [{ name: "Blue" }], skipped: [{ name: "Rocket" }] },
    });
    // Ben's phone shows his own list; the team's entry code opens any member's.
    const mine = await getMyDecklist({ registrationId: rocket!.id, tournamentId, seat: 1 }, 0);
    expect(mine).toMatchObject({ seat: 1, list: { playerName: "Ben (Rocket)" } });
    const team = await getMyDecklist({ registrationId: rocket!.id, tournamentId, seat: null }, 2);
    expect(team?.seats.map((each) => each.name)).toEqual([
      "Ana (Rocket)",
      "Ben (Rocket)",
      "Cleo (Rocket)",
    ]);
    expect(team?.list?.playerName).toBe("Cleo (Rocket)");
  });

  it("MTR 2.7: a player submits their own list with their code; naming another player is FORBIDDEN and saves nothing", async () => {
    const event = await freshEvent();
    await signIn(event, "Ana");
    const own: FormState = await submitOwnDecklistAction(
      IDLE_FORM,
      form({ text: BURN, archetype: "Burn", idempotencyKey: key() }),
    );
    expect(own).toMatchObject({ status: "success", message: expect.stringContaining("legal") });
    const other = await submitOwnDecklistAction(
      IDLE_FORM,
      form({ registrationId: event.ids.get("Ben")!, text: BURN, idempotencyKey: key() }),
    );
    expect(other).toMatchObject({ status: "error", code: "FORBIDDEN" });
    expect(
      await prisma.decklist.findMany({
        where: { tournamentId: event.tournamentId },
        select: { registrationId: true },
      }),
    ).toEqual([{ registrationId: event.ids.get("Ana")! }]);
    // Naming their own registration is fine; a staff form is not theirs to send.
    const named = await submitOwnDecklistAction(
      IDLE_FORM,
      form({
        registrationId: event.ids.get("Ana")!,
        text: BURN_CHANGED,
        expectedVersion: "1",
        idempotencyKey: key(),
      }),
    );
    expect(named).toMatchObject({ status: "success" });
    const asStaff = await enterDecklistAction(
      IDLE_FORM,
      form({
        tournamentId: event.tournamentId,
        registrationId: event.ids.get("Ben")!,
        text: BURN,
        idempotencyKey: key(),
      }),
    );
    expect(asStaff).toMatchObject({ status: "error", code: "UNAUTHENTICATED" });
  });

  it("a refused submission keeps the text in the form, with each unknown name as a field error", async () => {
    const event = await freshEvent();
    await signIn(event, "Ben");
    const text = "4 Lightnig Bolt\n56 Mountain";
    const state = await submitOwnDecklistAction(IDLE_FORM, form({ text, idempotencyKey: key() }));
    expect(state).toMatchObject({
      status: "error",
      code: "UNKNOWN_CARDS",
      values: { text },
      fieldErrors: { text: [expect.stringContaining("Lightnig Bolt")] },
    });
  });
});

describe("who sees a list (MTR 2.7), the overview's status, the metagame", () => {
  async function eventWithLists() {
    const event = await freshEvent({ names: ["Ana", "Ben", "Cleo", "Dev"] });
    await submit(event, "Ana", BURN, { archetype: "Burn" });
    await submit(event, "Ben", BURN_CHANGED, { archetype: "burn " });
    await submit(event, "Cleo", BURN.replace("4 Lightning Helix", "4 Black Lotus"));
    return event;
  }

  const names = (lists: { playerName: string }[]) => lists.map((list) => list.playerName);

  it("MTR 2.7: unpublished (NONE), the public sees no list, a player only their own, staff all", async () => {
    const event = await eventWithLists();
    const access = trustedTournamentAccess(event.tournamentId);
    expect(await listDecklists(access, "public")).toEqual([]);
    const own = await listDecklists(access, { player: event.ids.get("Ben")! });
    expect(names(own)).toEqual(["Ben"]);
    expect(own[0]!.isLegal).toBe(true);
    expect(names(await listDecklists(access, "staff"))).toEqual(["Ana", "Ben", "Cleo"]);
    expect(await metagame(access, "public")).toEqual({ total: 0, shares: [] });
  });

  it("MTR 2.7: ALL publishes every list to anyone, without saying which are legal, once lists are final", async () => {
    const event = await eventWithLists();
    await prisma.tournament.update({
      where: { id: event.tournamentId },
      data: { decklistPublication: "ALL" },
    });
    const access = trustedTournamentAccess(event.tournamentId);
    // DL4: while players may still change their lists, nobody else sees one.
    expect(await listDecklists(access, "public")).toEqual([]);
    expect(names(await listDecklists(access, { player: event.ids.get("Ana")! }))).toEqual(["Ana"]);
    await prisma.tournament.update({
      where: { id: event.tournamentId },
      data: { decklistDeadline: new Date(Date.now() - HOUR) },
    });
    const shown = await listDecklists(access, "public");
    expect(names(shown)).toEqual(["Ana", "Ben", "Cleo"]);
    expect(shown.map((list) => list.isLegal)).toEqual([null, null, null]);
    expect(names(await listDecklists(access, { player: event.ids.get("Dev")! }))).toEqual([
      "Ana",
      "Ben",
      "Cleo",
    ]);
    expect(await metagame(access, "public")).toEqual({
      total: 3,
      shares: [
        { archetype: "Burn", isUnnamed: false, count: 2 },
        { archetype: "unnamed", isUnnamed: true, count: 1 },
      ],
    });
  });

  it("MTR 2.7: TOP_CUT publishes only the lists of players seeded into the playoff; a player still sees their own", async () => {
    const event = await eventWithLists();
    await prisma.tournament.update({
      where: { id: event.tournamentId },
      data: { decklistPublication: "TOP_CUT", decklistDeadline: new Date(Date.now() - HOUR) },
    });
    const phase = await prisma.phase.create({
      data: {
        tournamentId: event.tournamentId,
        sequence: 2,
        kind: "SINGLE_ELIMINATION",
        cutSize: 2,
      },
    });
    await prisma.playoffSeed.createMany({
      data: [
        { phaseId: phase.id, seed: 1, registrationId: event.ids.get("Ben")! },
        { phaseId: phase.id, seed: 2, registrationId: event.ids.get("Dev")! },
      ],
    });
    const access = trustedTournamentAccess(event.tournamentId);
    expect(names(await listDecklists(access, "public"))).toEqual(["Ben"]);
    expect(names(await listDecklists(access, { player: event.ids.get("Cleo")! }))).toEqual([
      "Ben",
      "Cleo",
    ]);
    expect(names(await listDecklists(access, "staff"))).toEqual(["Ana", "Ben", "Cleo"]);
    expect(await metagame(access, "public")).toEqual({
      total: 1,
      shares: [{ archetype: "burn", isUnnamed: false, count: 1 }],
    });
  });

  it("staff reads are for staff: a public access asking as staff sees what the public sees", async () => {
    const event = await eventWithLists();
    const publicAccess = { tournamentId: event.tournamentId, role: null } as unknown as ReturnType<
      typeof trustedTournamentAccess
    >;
    expect(await listDecklists(publicAccess, "staff")).toEqual([]);
    expect(await getDecklistStatus(publicAccess)).toBeNull();
    expect(await getDecklistForStaff(publicAccess, event.ids.get("Ana")!)).toBeNull();
  });

  it("the overview counts players still in the event by their list: none, illegal, legal", async () => {
    const event = await eventWithLists();
    await prisma.registration.update({
      where: { id: event.ids.get("Dev")! },
      data: { droppedAfterRound: 0 },
    });
    const status = await getDecklistStatus(trustedTournamentAccess(event.tournamentId));
    expect(status?.counts).toEqual({ players: 3, none: 0, illegal: 1, legal: 2 });
    expect(
      status?.players.map(({ name, standing, isDropped }) => [name, standing, isDropped]),
    ).toEqual([
      ["Ana", "legal", false],
      ["Ben", "legal", false],
      ["Cleo", "illegal", false],
      ["Dev", "none", true],
    ]);
    expect(status?.event).toMatchObject({
      deckFormat: "modern",
      formatName: "Modern",
      isPlayerWindowOpen: true,
    });
  });
});

describe("dropping players without a legal list before round 1 (MTR 2.10)", () => {
  it("MTR 2.10: drops exactly those shown who still have no legal list, each through the drop path; one made legal meanwhile is skipped", async () => {
    const event = await freshEvent({ names: ["Ana", "Ben", "Cleo", "Dev"] });
    await submit(event, "Ana", BURN);
    await submit(event, "Ben", BURN.replace("4 Lightning Helix", "4 Black Lotus"));
    // The organizer is shown Ben (illegal), Cleo and Dev (no list); Cleo submits before they confirm.
    const shown = ["Ben", "Cleo", "Dev"].map((name) => event.ids.get(name)!);
    await submit(event, "Cleo", BURN);
    const idempotencyKey = key();
    const dropped = await dropPlayersWithoutLegalList(
      { tournamentId: event.tournamentId, registrationIds: shown, idempotencyKey },
      { staffId: null, name: "Olga" },
    );
    expect(dropped).toEqual({
      ok: true,
      value: {
        dropped: [
          { registrationId: event.ids.get("Ben")!, name: "Ben" },
          { registrationId: event.ids.get("Dev")!, name: "Dev" },
        ],
        skipped: [
          { registrationId: event.ids.get("Cleo")!, name: "Cleo", reason: "HAS_LEGAL_LIST" },
        ],
        promoted: [],
      },
    });
    const drops = await prisma.dropChange.findMany({
      where: { registration: { tournamentId: event.tournamentId } },
      select: { registrationId: true, kind: true, afterRound: true, actorName: true },
      orderBy: { registration: { nameKey: "asc" } },
    });
    expect(drops).toEqual([
      { registrationId: event.ids.get("Ben")!, kind: "DROPPED", afterRound: 0, actorName: "Olga" },
      { registrationId: event.ids.get("Dev")!, kind: "DROPPED", afterRound: 0, actorName: "Olga" },
    ]);
    // Sent again: the same answer, nobody dropped twice; the key with other players is refused.
    expect(
      await dropPlayersWithoutLegalList(
        { tournamentId: event.tournamentId, registrationIds: [...shown].reverse(), idempotencyKey },
        { staffId: null, name: "Olga" },
      ),
    ).toEqual(dropped);
    expect(
      await prisma.dropChange.count({
        where: { registration: { tournamentId: event.tournamentId } },
      }),
    ).toBe(2);
    expect(
      await dropPlayersWithoutLegalList(
        {
          tournamentId: event.tournamentId,
          registrationIds: [event.ids.get("Ana")!],
          idempotencyKey,
        },
        { staffId: null, name: "Olga" },
      ),
    ).toMatchObject({ ok: false, error: { code: "IDEMPOTENCY_KEY_REUSED" } });
  });

  it("MTR 2.10: once round 1 is paired the step is refused with ROUND_STARTED, and nobody drops", async () => {
    const event = await freshEvent();
    const paired = await pairNextSwissRound(event.tournamentId, "decklists");
    if (!paired.ok) throw new Error(paired.error.message);
    const refused = await dropPlayersWithoutLegalList(
      {
        tournamentId: event.tournamentId,
        registrationIds: [...event.ids.values()],
        idempotencyKey: key(),
      },
      { staffId: null, name: "Olga" },
    );
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "ROUND_STARTED", message: expect.stringContaining("Round 1 is paired") },
    });
    expect(
      await prisma.dropChange.count({
        where: { registration: { tournamentId: event.tournamentId } },
      }),
    ).toBe(0);
  });

  it("MTR 2.7: an entry with a registered list is not taken back as made in error; it drops instead", async () => {
    const event = await freshEvent();
    await submit(event, "Ana", BURN);
    expect(
      await removeRegistration({
        tournamentId: event.tournamentId,
        registrationId: event.ids.get("Ana")!,
      }),
    ).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(await rowsOf(event)).toEqual({ lists: 1, changes: 1 });
  });
});

describe("the event's decklist settings", () => {
  it("MTR 2.7: settings save the format; lists already registered are checked again against the new one, their versions kept", async () => {
    const event = await freshEvent();
    const saved = await submit(event, "Ana", BURN);
    expect(saved).toMatchObject({ ok: true, value: { isLegal: true } });
    const view = await getTournamentSettings(event.tournamentId);
    const changed = await updateTournamentSettings({
      tournamentId: event.tournamentId,
      expectedVersion: view!.version,
      deckFormat: "pauper",
      decklistPublication: "ALL",
    });
    expect(changed).toEqual({
      ok: true,
      value: { changed: ["deckFormat", "decklistPublication"] },
    });
    const stale = await getDecklistForStaff(
      trustedTournamentAccess(event.tournamentId),
      event.ids.get("Ana")!,
    );
    expect(stale?.list).toMatchObject({ isLegal: true, isStale: true, format: "modern" });
    // Until it is checked again, the overview does not count a list checked as Modern as legal for Pauper.
    const overview = await getDecklistStatus(trustedTournamentAccess(event.tournamentId));
    expect(overview?.players.find((player) => player.name === "Ana")?.standing).toBe("illegal");
    expect(await recheckDecklists(event.tournamentId)).toEqual({
      ok: true,
      value: { checked: 1, skipped: 0 },
    });
    const rechecked = await getDecklistForStaff(
      trustedTournamentAccess(event.tournamentId),
      event.ids.get("Ana")!,
    );
    expect(rechecked?.list).toMatchObject({
      isLegal: false,
      isStale: false,
      format: "pauper",
      version: 1,
    });
    expect(rechecked?.list?.problems.map((problem) => problem.code)).toEqual([
      "NOT_LEGAL",
      "NOT_LEGAL",
    ]);
    expect(rechecked?.history).toHaveLength(1);
  });
});
