import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  correctPodGame,
  derivePodGame,
  podOutcomeFacts,
  type PodEndOfRound,
  type PodGameEvent,
  type PodGameView,
} from "./pod-game";

const PLAYERS = ["ann", "bob", "cat", "dan"];

function derive(
  events: PodGameEvent[],
  options: { endOfRound?: PodEndOfRound; isRecorded?: boolean; players?: string[] } = {},
) {
  return derivePodGame({
    players: options.players ?? PLAYERS,
    endOfRound: options.endOfRound ?? { procedure: "finish-turn" },
    events,
    isRecorded: options.isRecorded ?? false,
  });
}

function view(events: PodGameEvent[], options: Parameters<typeof derive>[1] = {}): PodGameView {
  const result = derive(events, options);
  if (!result.ok) throw new Error(render(result.error));
  return result.value;
}

function errorOf(events: PodGameEvent[], options: Parameters<typeof derive>[1] = {}) {
  const result = derive(events, options);
  if (result.ok) throw new Error("expected an error");
  return result.error;
}

const left = (
  player: string,
  reason: Extract<PodGameEvent, { type: "left" }>["departures"][number]["reason"],
  evidence: object = {},
): PodGameEvent => ({ type: "left", departures: [{ player, reason, ...evidence }] });
const resultOf = (v: PodGameView) =>
  Object.fromEntries(v.result!.players.map((p) => [p.player, `${p.result}:${p.place}`]));

describe("a pod's game (CR 104 multiplayer, 100.6a)", () => {
  it("100.6a: a pod plays one game; before anything happens it is being played and nothing is decided", () => {
    const v = view([]);
    expect(v.phase).toBe("playing");
    expect(v.remaining).toEqual(PLAYERS);
    expect(v.result).toBeNull();
    expect(v.refusals["record-result"]?.code).toBe("MATCH_NOT_DECIDED");
  });

  it("104.2a: a player wins once all opponents have left; places follow the order players left", () => {
    const v = view([
      left("bob", "LIFE", { life: -3 }),
      left("dan", "POISON", { poison: 10 }),
      left("cat", "COMMANDER_DAMAGE", { commanderDamage: 21 }),
    ]);
    expect(v.phase).toBe("decided");
    expect(v.result).toMatchObject({ winner: "ann", rule: "104.2a", reason: "COMMANDER_DAMAGE" });
    expect(resultOf(v)).toEqual({ ann: "win:1", cat: "loss:2", dan: "loss:3", bob: "loss:4" });
    expect(v.departures.map((d) => [d.player, d.rule])).toEqual([
      ["bob", "104.3b"],
      ["dan", "104.3d"],
      ["cat", "903.10a"],
    ]);
    expect(v.refusals["record-result"]).toBeNull();
    expect(v.refusals.leave?.code).toBe("MATCH_ALREADY_DECIDED");
  });

  it("104.3a: a player who concedes leaves the game; the others play on", () => {
    const v = view([left("cat", "CONCESSION")]);
    expect(v.phase).toBe("playing");
    expect(v.remaining).toEqual(["ann", "bob", "dan"]);
    expect(v.departures[0]).toMatchObject({ player: "cat", rule: "104.3a" });
  });

  it("104.3b, 104.3d, 903.10a: the evidence must reach the threshold (0 life, 10 poison, 21 commander damage)", () => {
    expect(errorOf([left("bob", "LIFE", { life: 1 })])).toMatchObject({
      code: "CONFLICTING_FACTS",
      rule: "104.3b",
    });
    expect(errorOf([left("bob", "POISON", { poison: 9 })])).toMatchObject({
      code: "CONFLICTING_FACTS",
      rule: "104.3d",
    });
    expect(errorOf([left("bob", "COMMANDER_DAMAGE", { commanderDamage: 20 })])).toMatchObject({
      code: "CONFLICTING_FACTS",
      rule: "903.10a",
    });
    expect(view([left("bob", "LIFE", { life: 0 })]).remaining).not.toContain("bob");
  });

  it("104.3k: a Game Loss removes one player from the pod's game; the game goes on", () => {
    const v = view([left("dan", "JUDGE_GAME_LOSS")]);
    expect(v.phase).toBe("playing");
    expect(v.departures[0]).toMatchObject({ player: "dan", rule: "104.3k" });
  });

  it("IPG 1.2 with 100.6a: a Match Loss in a one-game pod is a loss for that player alone", () => {
    const v = view([
      left("dan", "MATCH_LOSS"),
      { type: "draw", reason: "DRAW_INTENTIONAL", agreedBy: ["ann", "bob", "cat"] },
    ]);
    expect(resultOf(v)).toEqual({ ann: "draw:1", bob: "draw:1", cat: "draw:1", dan: "loss:4" });
    expect(v.result!.players.find((p) => p.player === "dan")).toMatchObject({
      reason: "MATCH_LOSS",
      rule: "IPG 1.2",
    });
  });

  it("104.4a: when all remaining players lose at once the game is a draw for them; earlier leavers lost", () => {
    const v = view([
      left("ann", "LIFE"),
      {
        type: "left",
        departures: [
          { player: "bob", reason: "LIFE" },
          { player: "cat", reason: "LIFE" },
          { player: "dan", reason: "POISON" },
        ],
      },
    ]);
    expect(v.result).toMatchObject({
      winner: null,
      reason: "DRAW_SIMULTANEOUS_LOSS",
      rule: "104.4a",
    });
    expect(resultOf(v)).toEqual({ ann: "loss:4", bob: "draw:1", cat: "draw:1", dan: "draw:1" });
  });

  it("104.2a: players who leave together share a place; the last one in still wins", () => {
    const v = view([
      {
        type: "left",
        departures: [
          { player: "bob", reason: "LIFE" },
          { player: "cat", reason: "LIFE" },
        ],
      },
      left("dan", "CONCESSION"),
    ]);
    expect(resultOf(v)).toEqual({ ann: "win:1", dan: "loss:2", bob: "loss:3", cat: "loss:3" });
  });

  it("104.4b: an unbreakable loop is a draw for every player still in the game", () => {
    const v = view([left("ann", "CONCESSION"), { type: "draw", reason: "DRAW_LOOP" }]);
    expect(v.result).toMatchObject({ winner: null, rule: "104.4b" });
    expect(resultOf(v)).toEqual({ ann: "loss:4", bob: "draw:1", cat: "draw:1", dan: "draw:1" });
  });

  it("104.4i: an intentional draw needs every player still in the game to agree", () => {
    expect(
      errorOf([{ type: "draw", reason: "DRAW_INTENTIONAL", agreedBy: ["ann", "bob", "cat"] }]),
    ).toMatchObject({ code: "DRAW_NOT_AGREED", rule: "104.4i" });
    expect(
      errorOf([
        left("dan", "LIFE"),
        { type: "draw", reason: "DRAW_INTENTIONAL", agreedBy: ["ann", "bob", "cat", "dan"] },
      ]).code,
    ).toBe("PLAYER_ALREADY_LEFT");
    expect(
      view([{ type: "draw", reason: "DRAW_INTENTIONAL", agreedBy: ["dan", "cat", "bob", "ann"] }])
        .result,
    ).toMatchObject({ rule: "104.4i", winner: null });
  });

  it("104.2b: an effect that says a player wins ends the game; everyone else still in loses, after those who left", () => {
    const v = view([left("bob", "LIFE"), { type: "won-by-effect", player: "cat" }]);
    expect(v.result).toMatchObject({ winner: "cat", reason: "CARD_EFFECT_WIN", rule: "104.2b" });
    expect(resultOf(v)).toEqual({ cat: "win:1", ann: "loss:2", dan: "loss:2", bob: "loss:4" });
    expect(v.result!.players.find((p) => p.player === "ann")!.reason).toBe("OPPONENT_WON");
  });

  it("104.2a: a win reported without how each opponent left (a slip, quick entry) decides the game; the others lose, sharing second place", () => {
    const v = view([left("bob", "CONCESSION"), { type: "won", player: "dan" }]);
    expect(v.result).toMatchObject({ winner: "dan", reason: "WIN_REPORTED", rule: "104.2a" });
    expect(resultOf(v)).toEqual({ dan: "win:1", ann: "loss:2", cat: "loss:2", bob: "loss:4" });
    expect(errorOf([left("bob", "LIFE"), { type: "won", player: "bob" }]).code).toBe(
      "PLAYER_ALREADY_LEFT",
    );
  });

  it("800.4a: a player who has left cannot leave again, win, or be an unknown player", () => {
    expect(errorOf([left("bob", "LIFE"), left("bob", "CONCESSION")]).code).toBe(
      "PLAYER_ALREADY_LEFT",
    );
    expect(errorOf([left("bob", "LIFE"), { type: "won-by-effect", player: "bob" }]).code).toBe(
      "PLAYER_ALREADY_LEFT",
    );
    expect(errorOf([left("zed", "LIFE")]).code).toBe("UNKNOWN_PLAYER");
    expect(
      errorOf([
        {
          type: "left",
          departures: [
            { player: "bob", reason: "LIFE" },
            { player: "bob", reason: "POISON" },
          ],
        },
      ]).code,
    ).toBe("DUPLICATE_PLAYER");
  });

  it("100.6a: nothing happens in the game once it is over; a penalty then applies to the next match", () => {
    const error = errorOf([
      left("bob", "LIFE"),
      left("cat", "LIFE"),
      left("dan", "LIFE"),
      left("ann", "MATCH_LOSS"),
    ]);
    expect(error.code).toBe("MATCH_ALREADY_DECIDED");
    expect(render(error)).toMatch(/^Fact 4/);
  });

  it("a pod is 3 to 5 distinct players", () => {
    expect(errorOf([], { players: ["a", "b"] }).code).toBe("INVALID_POD");
    expect(errorOf([], { players: ["a", "b", "c", "d", "e", "f"] }).code).toBe("INVALID_POD");
    expect(errorOf([], { players: ["a", "b", "a"] }).code).toBe("INVALID_POD");
    expect(view([], { players: ["a", "b", "c", "d", "e"] }).remaining).toHaveLength(5);
  });

  it("a recorded result is complete; a result marked recorded without a decided game is refused", () => {
    const v = view([{ type: "draw", reason: "DRAW_LOOP" }], { isRecorded: true });
    expect(v.phase).toBe("recorded");
    expect(v.refusals["record-result"]?.code).toBe("MATCH_COMPLETE");
    expect(errorOf([], { isRecorded: true }).code).toBe("MATCH_NOT_DECIDED");
  });

  it("refuses facts it does not know and settings it cannot run", () => {
    expect(errorOf([{ type: "bogus" } as never]).code).toBe("UNKNOWN_EVENT");
    expect(
      errorOf([{ type: "left", departures: [{ player: "bob", reason: "BORED" }] } as never]).code,
    ).toBe("INVALID_INPUT");
    expect(errorOf([], { endOfRound: { procedure: "additional-turns", turns: 0 } }).code).toBe(
      "INVALID_SETTING",
    );
    expect(errorOf([], { endOfRound: { procedure: "sudden-death" } as never }).code).toBe(
      "INVALID_SETTING",
    );
  });
});

describe("the end of the round in a pod (community tournament addenda; counted by the MTR 2.4 engine)", () => {
  it("addenda: at time the active player finishes the turn, then the game is a draw for everyone still in it (no additional turns)", () => {
    const during = view([left("dan", "LIFE"), { type: "time-called" }]);
    expect(during.phase).toBe("end-of-round");
    expect(during.endOfRound).toEqual({ turn: 0, additionalTurns: 0, turnsRemainingAfterThis: 0 });
    expect(during.refusals["call-time"]?.code).toBe("TIME_ALREADY_CALLED");
    const after = view([left("dan", "LIFE"), { type: "time-called" }, { type: "turn-ended" }]);
    expect(after.result).toMatchObject({
      winner: null,
      reason: "DRAW_UNFINISHED_AT_TIME",
      rule: "MTR 2.4",
    });
    expect(resultOf(after)).toEqual({ ann: "draw:1", bob: "draw:1", cat: "draw:1", dan: "loss:4" });
  });

  it("N additional turns: the turn time was called in, then N more, then a draw", () => {
    const events: PodGameEvent[] = [
      { type: "time-called" },
      { type: "turn-ended" },
      { type: "turn-ended" },
    ];
    const v = view(events, { endOfRound: { procedure: "additional-turns", turns: 3 } });
    expect(v.endOfRound).toEqual({ turn: 2, additionalTurns: 3, turnsRemainingAfterThis: 1 });
    const done = view([...events, { type: "turn-ended" }, { type: "turn-ended" }], {
      endOfRound: { procedure: "additional-turns", turns: 3 },
    });
    expect(done.result?.reason).toBe("DRAW_UNFINISHED_AT_TIME");
  });

  it("104.2a during the additional turns: the last player standing still wins", () => {
    const v = view(
      [
        { type: "time-called" },
        left("bob", "LIFE"),
        left("cat", "LIFE"),
        left("dan", "CONCESSION"),
      ],
      { endOfRound: { procedure: "additional-turns", turns: 2 } },
    );
    expect(v.result).toMatchObject({ winner: "ann", rule: "104.2a" });
  });

  it("turns count only after time is called, and time is called once", () => {
    expect(errorOf([{ type: "turn-ended" }]).code).toBe("TIME_NOT_CALLED");
    expect(errorOf([{ type: "time-called" }, { type: "time-called" }]).code).toBe(
      "TIME_ALREADY_CALLED",
    );
    expect(view([]).refusals["end-turn"]?.code).toBe("TIME_NOT_CALLED");
  });
});

describe("a finished pod's outcome as staff enter it", () => {
  const ended = (events: PodGameEvent[], endOfRound: PodEndOfRound) => {
    const before = view(events, { endOfRound });
    const facts = podOutcomeFacts(before, endOfRound, { kind: "draw-at-time" });
    if (!facts.ok) throw new Error(render(facts.error));
    return { facts: facts.value, after: view([...events, ...facts.value], { endOfRound }) };
  };

  it("community addenda, MTR 2.4: a draw at time calls time if it was not, then ends every turn the procedure still counts", () => {
    expect(ended([], { procedure: "finish-turn" }).facts).toEqual([
      { type: "time-called" },
      { type: "turn-ended" },
    ]);
    const twoMore = ended([], { procedure: "additional-turns", turns: 2 });
    expect(twoMore.facts.filter((fact) => fact.type === "turn-ended")).toHaveLength(3);
    expect(twoMore.after.result).toMatchObject({ winner: null, reason: "DRAW_UNFINISHED_AT_TIME" });
    // Time already called and one turn already ended: only the turns left.
    const midway = ended([{ type: "time-called" }, { type: "turn-ended" }], {
      procedure: "additional-turns",
      turns: 2,
    });
    expect(midway.facts).toEqual([{ type: "turn-ended" }, { type: "turn-ended" }]);
    expect(midway.after.phase).toBe("decided");
  });

  it("104.2a, 104.4i: a win names its winner; an agreed draw is agreed by every player still in the game", () => {
    const afterConcession = view([left("bob", "CONCESSION")]);
    expect(
      podOutcomeFacts(
        afterConcession,
        { procedure: "finish-turn" },
        { kind: "win", winnerId: "cat" },
      ),
    ).toEqual({ ok: true, value: [{ type: "won", player: "cat" }] });
    expect(
      podOutcomeFacts(afterConcession, { procedure: "finish-turn" }, { kind: "agreed-draw" }),
    ).toEqual({
      ok: true,
      value: [{ type: "draw", reason: "DRAW_INTENTIONAL", agreedBy: ["ann", "cat", "dan"] }],
    });
  });

  it("100.6a: once the game's own facts decided it (the last turn after time ended), the same outcome adds nothing and another is refused", () => {
    const decided = derivePodGame({
      players: ["ann", "bob", "cat"],
      endOfRound: { procedure: "finish-turn" },
      events: [{ type: "time-called" }, { type: "turn-ended" }],
      isRecorded: false,
    });
    if (!decided.ok) throw new Error(render(decided.error));
    expect(decided.value.phase).toBe("decided");
    expect(
      podOutcomeFacts(decided.value, { procedure: "finish-turn" }, { kind: "draw-at-time" }),
    ).toEqual({ ok: true, value: [] });
    expect(
      podOutcomeFacts(
        decided.value,
        { procedure: "finish-turn" },
        { kind: "win", winnerId: "ann" },
      ),
    ).toMatchObject({ ok: false, error: { code: "MATCH_ALREADY_DECIDED" } });
  });
});

describe("correcting a recorded pod (MTR 2.5, IPG 1.2)", () => {
  const swiss = { isCutPod: false, isCutSeeded: false, isNextPodSeated: false };
  const recorded = (events: PodGameEvent[], stage = swiss) => ({
    players: PLAYERS,
    endOfRound: { procedure: "finish-turn" } as PodEndOfRound,
    events,
    isRecorded: true,
    stage,
  });

  it("MTR 2.5: the corrected outcome replaces the facts; IPG 1.2: a Game Loss given in the game stands before it", () => {
    const gameLoss: PodGameEvent = {
      type: "left",
      departures: [{ player: PLAYERS[1]!, reason: "JUDGE_GAME_LOSS" }],
    };
    const conceded: PodGameEvent = {
      type: "left",
      departures: [{ player: PLAYERS[2]!, reason: "CONCESSION" }],
    };
    const corrected = correctPodGame(
      recorded([gameLoss, conceded, { type: "won", player: PLAYERS[0]! }]),
      { kind: "win", winnerId: PLAYERS[3]! },
    );
    expect(corrected).toMatchObject({
      ok: true,
      value: {
        facts: [gameLoss, { type: "won", player: PLAYERS[3] }],
        before: { winner: PLAYERS[0] },
        after: { winner: PLAYERS[3] },
      },
    });
  });

  it("MTR 2.5: refused when nothing is recorded, when it is the same result, or once the result has moved on", () => {
    const won: PodGameEvent[] = [{ type: "won", player: PLAYERS[0]! }];
    expect(
      correctPodGame({ ...recorded(won), isRecorded: false }, { kind: "agreed-draw" }),
    ).toMatchObject({ ok: false, error: { code: "MATCH_NOT_RECORDED" } });
    expect(correctPodGame(recorded(won), { kind: "win", winnerId: PLAYERS[0]! })).toMatchObject({
      ok: false,
      error: { code: "NOTHING_TO_CORRECT" },
    });
    expect(
      correctPodGame(recorded(won, { ...swiss, isCutSeeded: true }), { kind: "agreed-draw" }),
    ).toMatchObject({ ok: false, error: { code: "RESULT_MOVED_ON" } });
    expect(
      correctPodGame(recorded(won, { isCutPod: true, isCutSeeded: true, isNextPodSeated: true }), {
        kind: "agreed-draw",
      }),
    ).toMatchObject({ ok: false, error: { code: "RESULT_MOVED_ON" } });
    expect(
      correctPodGame(recorded(won, { isCutPod: true, isCutSeeded: true, isNextPodSeated: false }), {
        kind: "agreed-draw",
      }),
    ).toMatchObject({ ok: true });
  });
});
