import { describe, expect, it } from "vitest";
import { playerCodeSlips, playerCodeSlipPages, PLAYER_SLIPS_PER_PAGE } from "./player-code-slips";
import { stackedOrder } from "./cut-stack";

const tables = [
  {
    tableNumber: 1,
    players: [
      { registrationId: "z", name: "Zoe Zed", code: "ZZZZ-ZZZZ-ZZZZ" },
      { registrationId: "a", name: "Ana Alves", code: "AAAA-AAAA-AAAA" },
    ],
  },
  {
    tableNumber: 2,
    players: [
      { registrationId: "c", name: "Cleo Craig", code: "CCCC-CCCC-CCCC" },
      { registrationId: "b", name: "Ben Brook", code: "BBBB-BBBB-BBBB" },
    ],
  },
  { tableNumber: 3, players: [{ registrationId: "d", name: "Dev Dutta", code: "DDDD-DDDD-DDDD" }] },
];

describe("player slips: one per player, only their own code", () => {
  it("every seated player gets one slip with their own code, table and opponent; a bye has no opponent", () => {
    const slips = playerCodeSlips(tables);
    expect(slips).toHaveLength(5);
    for (const table of tables) {
      for (const player of table.players) {
        const mine = slips.filter((slip) => slip.registrationId === player.registrationId);
        expect(mine).toHaveLength(1);
        expect(mine[0]).toMatchObject({
          name: player.name,
          code: player.code,
          tableNumber: table.tableNumber,
        });
        // No other player's code is on it.
        expect(
          Object.values(mine[0]!).filter(
            (value) => typeof value === "string" && /^[A-Z]{4}-/.test(value),
          ),
        ).toEqual([player.code]);
      }
    }
    expect(slips.find((slip) => slip.registrationId === "a")?.opponentName).toBe("Zoe Zed");
    expect(slips.find((slip) => slip.registrationId === "b")?.opponentName).toBe("Cleo Craig");
    expect(slips.find((slip) => slip.registrationId === "d")?.opponentName).toBeNull();
  });

  it("CR 100.6a: in a pod each slip names the pod, the player's seat and every pod-mate", () => {
    const slips = playerCodeSlips([
      {
        tableNumber: 7,
        isPod: true,
        players: [
          { registrationId: "a", name: "Ana", code: "A" },
          { registrationId: "b", name: "Ben", code: "B" },
          { registrationId: "c", name: "Cy", code: "C" },
        ],
      },
    ]);
    expect(slips.find((slip) => slip.name === "Ben")).toMatchObject({
      tableLabel: "7",
      seat: 2,
      opponentName: "Ana and Cy",
    });
  });

  it("alphabetical by name, so the handed-out stack can be searched by name", () => {
    expect(playerCodeSlips(tables).map((slip) => slip.name)).toEqual([
      "Ana Alves",
      "Ben Brook",
      "Cleo Craig",
      "Dev Dutta",
      "Zoe Zed",
    ]);
  });

  it("laid out so that cutting the pile and stacking pile 1 on pile 2 on … keeps that order", () => {
    const pages = playerCodeSlipPages(23);
    expect(pages).toHaveLength(Math.ceil(23 / PLAYER_SLIPS_PER_PAGE));
    expect(stackedOrder(pages)).toEqual(Array.from({ length: 23 }, (_, index) => index));
  });
});
