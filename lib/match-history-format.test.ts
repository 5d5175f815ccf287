import { describe, expect, it } from "vitest";
import { describeHistoryEntry, type MatchHistoryEntry } from "./match-history-format";

const names = { A: "Ada", B: "Bo" };
const at = new Date("2026-11-24T10:00:00Z");
const label = (game: { reason: string }) => `label of ${game.reason}`;

describe("a match's history reads who, what, from what to what, and why", () => {
  it("a correction says from which slip to which, and why", () => {
    const entry: MatchHistoryEntry = {
      kind: "result-change",
      at,
      who: "Judge",
      change: "CORRECTED",
      source: "STAFF",
      version: 3,
      before: { winsA: 2, winsB: 0, draws: 0 },
      after: { winsA: 2, winsB: 1, draws: 0 },
      game: null,
      note: "Slip misread",
    };
    expect(describeHistoryEntry(entry, names, label)).toEqual({
      what: "Result corrected, version 3",
      change: "2-0-0 → 2-1-0",
      why: "Slip misread",
    });
  });

  it("MTR 2.5: a confirmation that changes nothing says the result once, with no arrow", () => {
    const entry: MatchHistoryEntry = {
      kind: "result-change",
      at,
      who: "Bo",
      change: "CONFIRMED",
      source: "PLAYER",
      version: 2,
      before: { winsA: 0, winsB: 2, draws: 0 },
      after: { winsA: 0, winsB: 2, draws: 0 },
      game: null,
      note: "",
    };
    expect(describeHistoryEntry(entry, names, label)).toEqual({
      what: "Result confirmed: 0-2-0, version 2",
      change: null,
      why: null,
    });
    const changed = { ...entry, before: { winsA: 0, winsB: 1, draws: 0 } };
    expect(describeHistoryEntry(changed, names, label).change).toBe("0-1-0 → 0-2-0");
  });

  it("a clear goes to no result", () => {
    const entry: MatchHistoryEntry = {
      kind: "result-change",
      at,
      who: "Judge",
      change: "CLEARED",
      source: "STAFF",
      version: 4,
      before: { winsA: 2, winsB: 1, draws: 0 },
      after: null,
      game: null,
      note: "Wrong table",
    };
    expect(describeHistoryEntry(entry, names, label).change).toBe("2-1-0 → no result");
  });

  it("CR 104.3k: a Game Loss penalty names the player, the game, the infraction and the note", () => {
    const entry: MatchHistoryEntry = {
      kind: "penalty",
      at,
      who: "Judge",
      player: "Ada",
      side: "A",
      penalty: "GAME_LOSS",
      infraction: "Decklist Problem (IPG 3.4)",
      gameNumber: 2,
      addedTurns: 0,
      note: "Wrong deck",
    };
    expect(describeHistoryEntry(entry, names, label)).toEqual({
      what: "Game Loss to Ada (game 2)",
      change: null,
      why: "Decklist Problem (IPG 3.4) — Wrong deck",
    });
  });

  it("IPG 3.3: a Slow Play Warning that added turns says how many", () => {
    const entry: MatchHistoryEntry = {
      kind: "penalty",
      at,
      who: "Judge",
      player: "Bo",
      side: "B",
      penalty: "WARNING",
      infraction: "Slow Play (IPG 3.3)",
      gameNumber: null,
      addedTurns: 2,
      note: "",
    };
    expect(describeHistoryEntry(entry, names, label)).toMatchObject({
      what: "Warning to Bo",
      change: "+2 end-of-match turns",
      why: "Slow Play (IPG 3.3)",
    });
  });

  it("MTR 2.4: time called names whose turn it was; a recorded game names its winner and how it ended", () => {
    expect(
      describeHistoryEntry(
        {
          kind: "end-of-match",
          at,
          who: "Judge",
          sequence: 1,
          step: "TIME_CALLED",
          data: { type: "time-called", activeSide: "B" },
        },
        names,
        label,
      ),
    ).toMatchObject({ what: "Time called (step 1)", change: "Bo's turn" });
    expect(
      describeHistoryEntry(
        {
          kind: "game",
          at,
          who: null,
          number: 1,
          winner: "A",
          reason: "LIFE",
          chooser: "B",
          choice: "DRAW",
        },
        names,
        label,
      ),
    ).toEqual({ what: "Game 1: Ada won", change: "Bo chose to draw", why: "label of LIFE" });
  });

  it("MTR 2.5: a game a judge recorded while a player's report waited for the opponent says that report was set aside", () => {
    const entry: MatchHistoryEntry = {
      kind: "result-change",
      at,
      who: "Judge",
      change: "GAME_RECORDED",
      source: "STAFF",
      version: 3,
      before: null,
      after: { winsA: 1, winsB: 0, draws: 0 },
      game: { number: 1, winner: "A", reason: "LIFE" },
      setAside: {
        by: "B",
        slip: { winsA: 0, winsB: 2, draws: 0 },
        concededBy: null,
        intentionalDraw: false,
      },
      note: "",
    };
    expect(describeHistoryEntry(entry, names, label).change).toBe(
      "games so far 1-0-0. Bo's report (0-2-0), waiting for Ada to confirm, was set aside by this game: the players report again, or a judge records the result.",
    );
  });

  it("MTR 2.1: a game taken back says so, with the game it took back and why; the game itself stays, marked", () => {
    const entry: MatchHistoryEntry = {
      kind: "result-change",
      at,
      who: "Judge",
      change: "GAME_REMOVED",
      source: "STAFF",
      version: 3,
      before: { winsA: 2, winsB: 0, draws: 0 },
      after: { winsA: 1, winsB: 0, draws: 0 },
      game: { number: 2, winner: "A", reason: "LIFE" },
      note: "Wrong winner",
    };
    expect(describeHistoryEntry(entry, names, label)).toEqual({
      what: "Game taken back (game 2: Ada won, label of LIFE), version 3",
      change: "games so far 1-0-0",
      why: "Wrong winner",
    });
    expect(
      describeHistoryEntry(
        {
          kind: "game",
          at,
          who: null,
          number: 2,
          winner: "A",
          reason: "LIFE",
          chooser: "B",
          choice: "PLAY",
          takenBack: true,
        },
        names,
        label,
      ).what,
    ).toBe("Game 2: Ada won (later taken back)");
    // IPG 1.2: a game a Game Loss penalty decided was not played: nobody chose to play or draw it.
    expect(
      describeHistoryEntry(
        {
          kind: "game",
          at,
          who: null,
          number: 1,
          winner: "A",
          reason: "JUDGE_GAME_LOSS",
          chooser: "A",
          choice: "PLAY",
        },
        names,
        label,
      ).change,
    ).toBeNull();
  });
});
