import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import {
  type TournamentAccess,
  trustedTournamentAccess,
} from "@/lib/server/access/tournament-access";
import { BURN, CARD_DATA_DATE, importSampleCards } from "@/test/decklists";
import { prisma } from "@/lib/server/infra/db";
import { pairNextPodRound } from "@/lib/server/pod/pods";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { registerTeams } from "@/lib/server/registration/teams";
import { pairNextSwissRound } from "@/lib/server/round/rounds";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { getDeckCheckSheet, getRegistrationSheets } from "./decklist-sheets";
import { submitDecklist } from "./submit-decklist";

/**
 * The paper decklist sheets' reads on a real database with the sample card file: registration
 * sheets (MTR 2.7) pre-filled or blank, one or every player's, and the deck-check sheet (MTR 2.8)
 * by card type with the player's table; staff only; team and pod events.
 */

let organizer: TestAccount;

beforeAll(async () => {
  organizer = await createSignedInAccount("Decklist Sheets Organizer");
  await importSampleCards();
});
afterAll(async () => {
  await prisma.$disconnect();
});

type Event = { tournamentId: string; access: TournamentAccess; ids: Map<string, string> };

async function freshEvent(
  options: { structure?: "PODS"; teams?: string[]; names?: string[]; deckFormat?: string } = {},
): Promise<Event> {
  const created = await createTournament(
    CreateTournamentSchema.parse({
      name: `Sheets ${randomUUID()}`,
      format: "Modern",
      ...(options.structure ? { structure: options.structure } : {}),
      ...(options.teams ? { teamSize: "3" } : {}),
    }),
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  await prisma.tournament.update({
    where: { id: tournamentId },
    data: { deckFormat: options.deckFormat ?? "modern" },
  });
  const registered = options.teams
    ? await registerTeams({ tournamentId, teams: options.teams.join("\n") })
    : await registerPlayers({
        tournamentId,
        names: (options.names ?? ["Dev", "Ana", "Cleo", "Ben"]).join("\n"),
      });
  if (!registered.ok) throw new Error(registered.error.message);
  const rows = await prisma.registration.findMany({
    where: { tournamentId },
    select: { id: true, displayName: true },
  });
  return {
    tournamentId,
    access: trustedTournamentAccess(tournamentId),
    ids: new Map(rows.map((row) => [row.displayName, row.id])),
  };
}

async function submit(event: Event, name: string, text = BURN, archetype = "") {
  const saved = await submitDecklist(
    {
      tournamentId: event.tournamentId,
      registrationId: event.ids.get(name)!,
      text,
      archetype,
      expectedVersion: null,
      idempotencyKey: randomUUID(),
    },
    { source: "PLAYER", name },
  );
  if (!saved.ok) throw new Error(saved.error.message);
  return saved.value;
}

const publicAccess = (event: Event) =>
  ({ tournamentId: event.tournamentId, role: null }) as unknown as TournamentAccess;

describe("registration sheets (MTR 2.7)", () => {
  it("MTR 2.7: every player still in the event, alphabetically: a submitted list's cards, counts, version and card data; blank without one", async () => {
    const event = await freshEvent();
    await submit(event, "Ben", BURN, "Burn");
    await prisma.registration.update({
      where: { id: event.ids.get("Dev")! },
      data: { droppedAfterRound: 0 },
    });
    const printed = await getRegistrationSheets(event.access);
    expect(printed?.event).toMatchObject({
      formatName: "Modern",
      kind: "constructed",
      tournamentName: expect.stringMatching(/^Sheets /),
    });
    expect(printed?.sheets.map((sheet) => [sheet.playerName, sheet.list?.version ?? null])).toEqual(
      [
        ["Ana", null],
        ["Ben", 1],
        ["Cleo", null],
      ],
    );
    const ben = printed?.sheets[1]?.list;
    expect(ben).toMatchObject({
      checkedAgainst: CARD_DATA_DATE,
      isLegal: true,
      archetype: "Burn",
      counts: { main: 60, sideboard: 3, commanders: 0, companions: 0 },
    });
    expect(ben?.entries.main[0]).toEqual({
      count: 4,
      name: "Lightning Bolt",
      oracleId: expect.any(String),
    });
    expect(ben?.entries.sideboard).toEqual([
      { count: 3, name: "Counterspell", oracleId: expect.any(String) },
    ]);
  });

  it("only those without a list, for a pile of blank sheets; one player's sheet, dropped or not", async () => {
    const event = await freshEvent();
    await submit(event, "Ana");
    const missing = await getRegistrationSheets(event.access, { onlyMissing: true });
    expect(missing?.sheets.map((sheet) => sheet.playerName)).toEqual(["Ben", "Cleo", "Dev"]);
    expect(missing?.sheets.every((sheet) => sheet.list === null)).toBe(true);
    await prisma.registration.update({
      where: { id: event.ids.get("Ana")! },
      data: { droppedAfterRound: 0 },
    });
    const one = await getRegistrationSheets(event.access, {
      registrationId: event.ids.get("Ana")!,
    });
    expect(one?.sheets.map((sheet) => [sheet.playerName, sheet.list?.counts.main])).toEqual([
      ["Ana", 60],
    ]);
  });

  it("DL4: nobody but staff gets a sheet; nor does a registration of another event, or an event that takes no lists", async () => {
    const event = await freshEvent();
    const other = await freshEvent();
    await submit(event, "Ana");
    const ana = event.ids.get("Ana")!;
    expect(await getRegistrationSheets(publicAccess(event))).toBeNull();
    expect(await getDeckCheckSheet(publicAccess(event), ana)).toBeNull();
    expect(await getRegistrationSheets(other.access, { registrationId: ana })).toBeNull();
    expect(await getDeckCheckSheet(other.access, ana)).toBeNull();
    await prisma.tournament.update({
      where: { id: event.tournamentId },
      data: { deckFormat: null },
    });
    expect(await getRegistrationSheets(event.access)).toBeNull();
    expect(await getDeckCheckSheet(event.access, ana)).toBeNull();
  });

  it("MTR 2.7 (DL6): a team event has a sheet per member, each named with their team", async () => {
    const event = await freshEvent({
      teams: ["Rocket: Ana, Ben, Cleo", "Blue: Dora, Eli, Fay"],
    });
    await submit(event, "Rocket");
    const printed = await getRegistrationSheets(event.access);
    expect(printed?.sheets.map((sheet) => [sheet.playerName, sheet.list?.version])).toEqual([
      ["Dora (Blue)", undefined],
      ["Eli (Blue)", undefined],
      ["Fay (Blue)", undefined],
      ["Ana (Rocket)", 1],
      ["Ben (Rocket)", undefined],
      ["Cleo (Rocket)", undefined],
    ]);
    const missing = await getRegistrationSheets(event.access, { onlyMissing: true });
    expect(missing?.sheets).toHaveLength(5);
    const rocket = printed!.sheets[3]!.registrationId;
    const ben = await getDeckCheckSheet(event.access, rocket, undefined, 1);
    expect(ben).toMatchObject({ playerName: "Ben (Rocket)", list: null });
    expect(ben?.seats.map((seat) => seat.name)).toEqual([
      "Ana (Rocket)",
      "Ben (Rocket)",
      "Cleo (Rocket)",
    ]);
    expect(await getDeckCheckSheet(event.access, rocket, undefined, 3)).toBeNull();
  });
});

describe("the deck-check sheet (MTR 2.8)", () => {
  it("MTR 2.8: the list by card type with counts, then the sideboard; the player's table in the round asked", async () => {
    const event = await freshEvent();
    await submit(event, "Ana");
    const paired = await pairNextSwissRound(event.tournamentId, "sheets-1");
    if (!paired.ok) throw new Error(paired.error.message);
    const ana = event.ids.get("Ana")!;
    const match = await prisma.match.findFirstOrThrow({
      where: {
        round: { tournamentId: event.tournamentId },
        OR: [{ sideAId: ana }, { sideBId: ana }],
      },
      select: { tableNumber: true },
    });
    const view = await getDeckCheckSheet(event.access, ana, 1);
    expect(view).toMatchObject({
      playerName: "Ana",
      table: { roundNumber: 1, tableNumber: match.tableNumber },
      list: { version: 1, checkedAgainst: CARD_DATA_DATE, unknownNames: [] },
    });
    expect(view?.list?.sheet.main.map((group) => [group.group, group.count])).toEqual([
      ["creatures", 8],
      ["instants", 12],
      ["sorceries", 12],
      ["lands", 28],
    ]);
    expect(view?.list?.sheet.main[0]?.cards).toEqual([
      { name: "Bonecrusher Giant // Stomp", count: 4 },
      { name: "Monastery Swiftspear", count: 4 },
    ]);
    expect(view?.list?.sheet).toMatchObject({
      mainCount: 60,
      sideboard: [{ name: "Counterspell", count: 3 }],
      sideboardCount: 3,
    });
    // No round asked, or a round not paired: no table to print.
    expect((await getDeckCheckSheet(event.access, ana))?.table).toBeNull();
    expect((await getDeckCheckSheet(event.access, ana, 2))?.table).toBeNull();
  });

  it("a player without a list gets a sheet saying so; a card the card data no longer has is counted under other cards", async () => {
    const event = await freshEvent();
    expect(await getDeckCheckSheet(event.access, event.ids.get("Ben")!)).toMatchObject({
      playerName: "Ben",
      list: null,
    });
    const saved = await submit(event, "Ana");
    await prisma.decklist.update({
      where: { id: saved.decklistId },
      data: {
        entries: {
          ...saved.entries,
          main: [...saved.entries.main, { count: 2, name: "Vanished Card", oracleId: "gone" }],
        },
      },
    });
    const view = await getDeckCheckSheet(event.access, event.ids.get("Ana")!);
    expect(view?.list?.unknownNames).toEqual(["Vanished Card"]);
    expect(view?.list?.sheet.main.at(-1)).toEqual({
      group: "other",
      count: 2,
      cards: [{ name: "Vanished Card", count: 2 }],
    });
    expect(view?.list?.sheet.mainCount).toBe(62);
  });

  it("CR 100.6a: in a pod event the table is the player's pod", async () => {
    const event = await freshEvent({
      structure: "PODS",
      names: ["Pia", "Quin", "Rae", "Sol", "Tam", "Uma", "Vic", "Wes"],
    });
    await submit(event, "Rae");
    const paired = await pairNextPodRound(event.tournamentId, "sheets-pods");
    if (!paired.ok) throw new Error(paired.error.message);
    const rae = event.ids.get("Rae")!;
    const pod = await prisma.pod.findFirstOrThrow({
      where: {
        round: { tournamentId: event.tournamentId },
        seats: { some: { registrationId: rae } },
      },
      select: { tableNumber: true },
    });
    const view = await getDeckCheckSheet(event.access, rae, 1);
    expect(view?.table).toEqual({
      roundNumber: 1,
      tableNumber: pod.tableNumber,
      label: String(pod.tableNumber),
    });
    expect(view?.list?.sheet.mainCount).toBe(60);
  });

  it("MTR 2.7 (DL6): a team member's sheet is their own list, at their team's table", async () => {
    const event = await freshEvent({
      teams: ["Rocket: Ana, Ben, Cleo", "Blue: Dora, Eli, Fay"],
    });
    await submit(event, "Blue");
    const paired = await pairNextSwissRound(event.tournamentId, "sheets-teams");
    if (!paired.ok) throw new Error(paired.error.message);
    const blue = event.ids.get("Blue")!;
    const seats = await prisma.match.findMany({
      where: {
        round: { tournamentId: event.tournamentId },
        OR: [{ sideAId: blue }, { sideBId: blue }],
      },
      select: { tableNumber: true },
    });
    expect(seats).toHaveLength(3);
    const tables = new Set(seats.map((seat) => seat.tableNumber));
    expect(tables.size).toBe(1);
    const view = await getDeckCheckSheet(event.access, blue, 1);
    expect(view).toMatchObject({
      playerName: "Dora (Blue)",
      seat: 0,
      table: { roundNumber: 1, tableNumber: [...tables][0] },
      list: { version: 1 },
    });
    expect(await getDeckCheckSheet(event.access, blue, 1, 2)).toMatchObject({
      playerName: "Fay (Blue)",
      table: { roundNumber: 1, tableNumber: [...tables][0], label: `${[...tables][0]}C` },
      list: null,
    });
  });
});
