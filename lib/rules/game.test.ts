import { mirrorGameOutcome, swapGameEndFacts } from "./testing/mirror";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  GAME_END_REASONS,
  poisonLossFor,
  recordedGameOutcome,
  TEAM_MEMBER_LOSS_REASONS,
  teamMemberLoss,
} from "./game";
import { type GameEndFacts, type GameOutcome, type PlayerEndFacts, decideGame } from "./game";
import { RULE_ERROR_CODES, type RuleResult } from "./result";
import { shownResult, text } from "./testing/shown";

const alive: PlayerEndFacts = { life: 20, poison: 0 };

function facts(
  A: PlayerEndFacts,
  B: PlayerEndFacts,
  rest: Partial<GameEndFacts> = {},
): GameEndFacts {
  return { A: { ...alive, ...A }, B: { ...alive, ...B }, ...rest };
}

function value(result: RuleResult<GameOutcome>): GameOutcome {
  if (!result.ok)
    throw new Error(`expected a result, got ${result.error.code}: ${text(result.error)}`);
  return result.value;
}

function errorCode(result: RuleResult<GameOutcome>): string {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error.code;
}

describe("CR 104 Ending the Game: decideGame", () => {
  it("104.1: facts in which nothing ended the game are not a result", () => {
    const result = decideGame(facts({}, {}));
    expect(errorCode(result)).toBe("NO_GAME_RESULT");
    expect(result.ok ? "" : result.error.rule).toBe("104.1");
  });

  it("104.2a: a player whose opponent has left the game (lost it) wins", () => {
    expect(value(decideGame(facts({}, { drewFromEmptyLibrary: true })))).toMatchObject({
      kind: "win",
      winner: "A",
    });
    expect(
      value(decideGame(facts({ lostByCardEffect: true }, { wonByCardEffect: false }))),
    ).toMatchObject({ kind: "win", winner: "B" });
  });

  it("104.2b: an effect that says a player wins wins the game", () => {
    expect(value(decideGame(facts({}, { wonByCardEffect: true })))).toEqual({
      kind: "win",
      winner: "B",
      reason: "CARD_EFFECT_WIN",
      rule: "104.2b",
    });
  });

  it("104.2b: two effects saying both players win at once cannot be recorded", () => {
    expect(errorCode(decideGame(facts({ wonByCardEffect: true }, { wonByCardEffect: true })))).toBe(
      "CONFLICTING_FACTS",
    );
  });

  it("104.3a: a player can concede; the opponent wins", () => {
    expect(value(decideGame(facts({ conceded: true }, {})))).toEqual({
      kind: "win",
      winner: "B",
      reason: "CONCESSION",
      rule: "104.3a",
    });
  });

  it("104.3a: a concession overrides everything else recorded (even a card that says otherwise, old CR 103.1)", () => {
    const everything: GameEndFacts = {
      A: {
        life: -4,
        poison: 12,
        drewFromEmptyLibrary: true,
        lostByCardEffect: true,
        judgeGameLoss: true,
      },
      B: { life: 0, wonByCardEffect: true, conceded: true },
      mandatoryLoop: true,
      restarted: true,
      intentionalDraw: true,
      unfinishedAtTime: true,
    };
    expect(value(decideGame(everything))).toEqual({
      kind: "win",
      winner: "A",
      reason: "CONCESSION",
      rule: "104.3a",
    });
  });

  it("104.3a: both sides conceding is impossible: one conceded first", () => {
    expect(errorCode(decideGame(facts({ conceded: true }, { conceded: true })))).toBe(
      "CONFLICTING_FACTS",
    );
  });

  it("104.3b: a life total of 0 or less loses; 1 does not", () => {
    expect(value(decideGame(facts({ life: 0 }, {})))).toEqual({
      kind: "win",
      winner: "B",
      reason: "LIFE",
      rule: "104.3b",
    });
    expect(value(decideGame(facts({}, { life: -7 })))).toMatchObject({
      winner: "A",
      reason: "LIFE",
    });
    expect(errorCode(decideGame(facts({ life: 1 }, {})))).toBe("NO_GAME_RESULT");
  });

  it("104.3c: a player who drew from an empty library loses", () => {
    expect(value(decideGame(facts({ drewFromEmptyLibrary: true }, {})))).toEqual({
      kind: "win",
      winner: "B",
      reason: "EMPTY_LIBRARY",
      rule: "104.3c",
    });
  });

  it("104.3d: ten or more poison counters lose; nine do not", () => {
    expect(value(decideGame(facts({}, { poison: 10 })))).toEqual({
      kind: "win",
      winner: "A",
      reason: "POISON",
      rule: "104.3d",
    });
    expect(errorCode(decideGame(facts({}, { poison: 9 })))).toBe("NO_GAME_RESULT");
  });

  it("104.3e: an effect that says a player loses", () => {
    expect(value(decideGame(facts({ lostByCardEffect: true }, {})))).toEqual({
      kind: "win",
      winner: "B",
      reason: "CARD_EFFECT_LOSS",
      rule: "104.3e",
    });
  });

  it("104.3f: a player who would both win and lose loses", () => {
    expect(value(decideGame(facts({ wonByCardEffect: true, life: 0 }, {})))).toEqual({
      kind: "win",
      winner: "B",
      reason: "LIFE",
      rule: "104.3f",
    });
  });

  it("104.3f with 104.4a: would-win-and-lose while the opponent also loses is a draw", () => {
    expect(value(decideGame(facts({ wonByCardEffect: true, life: 0 }, { poison: 10 })))).toEqual({
      kind: "draw",
      reason: "DRAW_SIMULTANEOUS_LOSS",
      rule: "104.4a",
    });
  });

  it("104.2b: a player who wins by an effect while the opponent loses wins; the loss is reported", () => {
    expect(value(decideGame(facts({ wonByCardEffect: true }, { life: 0 })))).toEqual({
      kind: "win",
      winner: "A",
      reason: "LIFE",
      rule: "104.3b",
    });
  });

  it("104.3j: 21 or more combat damage from one commander loses; 20 does not", () => {
    expect(value(decideGame(facts({ commanderDamage: 21 }, {})))).toEqual({
      kind: "win",
      winner: "B",
      reason: "COMMANDER_DAMAGE",
      rule: "104.3j",
    });
    expect(errorCode(decideGame(facts({ commanderDamage: 20 }, {})))).toBe("NO_GAME_RESULT");
  });

  it("104.3k: a judge's Game Loss penalty loses the game, and is the reason reported over a state-based loss", () => {
    expect(value(decideGame(facts({ judgeGameLoss: true }, {})))).toEqual({
      kind: "win",
      winner: "B",
      reason: "JUDGE_GAME_LOSS",
      rule: "104.3k",
    });
    expect(value(decideGame(facts({ judgeGameLoss: true, life: 0 }, {})))).toMatchObject({
      reason: "JUDGE_GAME_LOSS",
    });
  });

  it("104.4a: both players reaching 0 life at the same time is a draw", () => {
    expect(value(decideGame(facts({ life: 0 }, { life: -2 })))).toEqual({
      kind: "draw",
      reason: "DRAW_SIMULTANEOUS_LOSS",
      rule: "104.4a",
    });
  });

  it("104.4a: one player at 0 life and the other at 10 poison is a draw", () => {
    expect(value(decideGame(facts({ life: 0 }, { poison: 10 })))).toEqual({
      kind: "draw",
      reason: "DRAW_SIMULTANEOUS_LOSS",
      rule: "104.4a",
    });
  });

  it("104.4a: Game Loss penalties given to both players at once draw the game", () => {
    expect(
      value(decideGame(facts({ judgeGameLoss: true }, { judgeGameLoss: true }))),
    ).toMatchObject({ kind: "draw", rule: "104.4a" });
  });

  it("104.4b: a loop of mandatory actions is a draw", () => {
    expect(value(decideGame(facts({}, {}, { mandatoryLoop: true })))).toEqual({
      kind: "draw",
      reason: "DRAW_LOOP",
      rule: "104.4b",
    });
  });

  it("104.4c: an effect may say the game is a draw", () => {
    expect(value(decideGame(facts({}, {}, { drawnByCardEffect: true })))).toEqual({
      kind: "draw",
      reason: "DRAW_CARD_EFFECT",
      rule: "104.4c",
    });
  });

  it("104.4i: the players may agree to an intentional draw of a game", () => {
    expect(value(decideGame(facts({}, {}, { intentionalDraw: true })))).toEqual({
      kind: "draw",
      reason: "DRAW_INTENTIONAL",
      rule: "104.4i",
    });
  });

  it("104.4b-104.4i: a declared ending cannot be recorded together with another, or with a side that lost", () => {
    expect(
      errorCode(decideGame(facts({}, {}, { mandatoryLoop: true, intentionalDraw: true }))),
    ).toBe("CONFLICTING_FACTS");
    expect(errorCode(decideGame(facts({ life: 0 }, {}, { drawnByCardEffect: true })))).toBe(
      "CONFLICTING_FACTS",
    );
    expect(
      errorCode(decideGame(facts({}, { wonByCardEffect: true }, { unfinishedAtTime: true }))),
    ).toBe("CONFLICTING_FACTS");
  });

  it("104.6: a restarted game is not a result", () => {
    expect(value(decideGame(facts({}, {}, { restarted: true })))).toEqual({
      kind: "restart",
      rule: "104.6",
    });
  });

  it("104.6: a restart cannot be recorded together with a player losing", () => {
    expect(errorCode(decideGame(facts({ life: 0 }, {}, { restarted: true })))).toBe(
      "CONFLICTING_FACTS",
    );
  });

  it("MTR 2.4 End-of-Match Procedure: a game unfinished after the last additional turn is a draw", () => {
    expect(value(decideGame(facts({ life: 3 }, { life: 17 }, { unfinishedAtTime: true })))).toEqual(
      {
        kind: "draw",
        reason: "DRAW_UNFINISHED_AT_TIME",
        rule: "MTR 2.4",
      },
    );
  });

  it("MTR 2.4 End-of-Match Procedure: in single elimination the highest life total wins the current game", () => {
    expect(
      value(
        decideGame(
          facts({ life: 3 }, { life: 17 }, { unfinishedAtTime: true, highestLifeWins: true }),
        ),
      ),
    ).toEqual({
      kind: "win",
      winner: "B",
      reason: "LIFE_TOTAL_AT_TIME",
      rule: "MTR 2.4",
    });
  });

  it("MTR 2.4 End-of-Match Procedure: equal life totals do not end the game (the added state-based action applies)", () => {
    const result = decideGame(facts({ life: 9 }, { life: 9 }, { highestLifeWins: true }));
    expect(errorCode(result)).toBe("LIFE_TOTALS_EQUAL");
    expect(result.ok ? "" : text(result.error)).toContain("highest life total");
  });

  it("MTR 2.4 End-of-Match Procedure: the life-total rule needs both life totals", () => {
    expect(errorCode(decideGame({ A: { life: 5 }, B: {}, highestLifeWins: true }))).toBe(
      "LIFE_TOTALS_MISSING",
    );
  });
});

describe("CR 104 with teams: Two-Headed Giant (CR 810) and 104.3g", () => {
  it("704.6b: a Two-Headed Giant team loses at fifteen poison counters, not ten", () => {
    expect(errorCode(decideGame(facts({ poison: 14 }, {}, { variant: "two-headed-giant" })))).toBe(
      "NO_GAME_RESULT",
    );
    expect(value(decideGame(facts({ poison: 15 }, {}, { variant: "two-headed-giant" })))).toEqual({
      kind: "win",
      winner: "B",
      reason: "POISON",
      rule: "704.6b",
    });
  });

  it("104.3d, 704.6b: the poison limit the forms name is the one the rules decide by", () => {
    expect(poisonLossFor("two-player")).toEqual({ limit: 10, rule: "104.3d" });
    expect(poisonLossFor("teams")).toEqual({ limit: 10, rule: "104.3d" });
    const { limit, rule } = poisonLossFor("two-headed-giant");
    expect(
      value(decideGame(facts({ poison: limit }, {}, { variant: "two-headed-giant" }))),
    ).toMatchObject({ reason: "POISON", rule });
    expect(
      errorCode(decideGame(facts({ poison: limit - 1 }, {}, { variant: "two-headed-giant" }))),
    ).toBe("NO_GAME_RESULT");
  });

  it("704.6a: a Two-Headed Giant team at 0 or less life loses (the team's shared life total, not 104.3b)", () => {
    expect(value(decideGame(facts({ life: 0 }, {}, { variant: "two-headed-giant" })))).toEqual({
      kind: "win",
      winner: "B",
      reason: "LIFE",
      rule: "704.6a",
    });
    expect(value(decideGame(facts({}, { life: -3 }, { variant: "two-headed-giant" })))).toEqual({
      kind: "win",
      winner: "A",
      reason: "LIFE",
      rule: "704.6a",
    });
    // Two players (not teams) still cite 104.3b.
    expect(value(decideGame(facts({ life: 0 }, {})))).toMatchObject({ rule: "104.3b" });
  });

  it("810.8a: a Two-Headed Giant team wins and loses as one player; its facts are recorded on the team", () => {
    expect(
      value(decideGame(facts({ life: 0 }, { life: 0 }, { variant: "two-headed-giant" }))),
    ).toMatchObject({ kind: "draw", rule: "104.4a" });
    const withMembers = decideGame({
      variant: "two-headed-giant",
      A: { life: 10, members: [{ conceded: true }] },
      B: { life: 10 },
    });
    expect(errorCode(withMembers)).toBe("INVALID_TEAM");
  });

  it("MTR 2.4 End-of-Match Procedure: a Two-Headed Giant team is one player for the life-total rule", () => {
    expect(
      value(
        decideGame(
          facts({ life: 21 }, { life: 30 }, { variant: "two-headed-giant", highestLifeWins: true }),
        ),
      ),
    ).toMatchObject({
      winner: "B",
      reason: "LIFE_TOTAL_AT_TIME",
    });
  });

  it("104.3g: a team loses when all its players have lost", () => {
    const outcome = decideGame({
      variant: "teams",
      A: { members: [{ life: 0 }, { drewFromEmptyLibrary: true, life: 4 }] },
      B: { members: [{ life: 12 }, { life: 0 }] },
    });
    expect(value(outcome)).toEqual({ kind: "win", winner: "B", reason: "LIFE", rule: "104.3g" });
  });

  it("104.3g: a team with one player still in has not lost", () => {
    const outcome = decideGame({
      variant: "teams",
      A: { members: [{ life: 0 }, { life: 4 }] },
      B: { members: [{ life: 12 }] },
    });
    expect(errorCode(outcome)).toBe("NO_GAME_RESULT");
  });

  it("104.4d: all remaining teams losing simultaneously is a draw", () => {
    const outcome = decideGame({
      variant: "teams",
      A: { members: [{ life: 0 }] },
      B: { members: [{ poison: 10 }, { life: -1 }] },
    });
    expect(value(outcome)).toEqual({
      kind: "draw",
      reason: "DRAW_SIMULTANEOUS_LOSS",
      rule: "104.4d",
    });
  });

  it("104.2b: a team wins when an effect says one of its players still in the game wins (not 104.2c, which is the other teams leaving); 104.3f for that player", () => {
    expect(
      value(
        decideGame({
          variant: "teams",
          A: { members: [{ life: 0 }, { wonByCardEffect: true }] },
          B: { members: [{}] },
        }),
      ),
    ).toEqual({
      kind: "win",
      winner: "A",
      reason: "CARD_EFFECT_WIN",
      rule: "104.2b",
    });
    expect(
      errorCode(
        decideGame({
          variant: "teams",
          A: { members: [{ life: 0, wonByCardEffect: true }, {}] },
          B: { members: [{}] },
        }),
      ),
    ).toBe("NO_GAME_RESULT");
  });

  it("104.3a: a whole team conceding loses even if the other team lost too", () => {
    const outcome = decideGame({
      variant: "teams",
      A: { conceded: true, members: [{}, {}] },
      B: { members: [{ life: 0 }] },
    });
    expect(value(outcome)).toEqual({
      kind: "win",
      winner: "B",
      reason: "CONCESSION",
      rule: "104.3a",
    });
  });

  it("104.3g: a team side needs its players, and life totals belong to the players", () => {
    expect(
      errorCode(decideGame({ variant: "teams", A: { members: [] }, B: { members: [{}] } })),
    ).toBe("INVALID_TEAM");
    expect(
      errorCode(
        decideGame({ variant: "teams", A: { life: 3, members: [{}] }, B: { members: [{}] } }),
      ),
    ).toBe("INVALID_TEAM");
    expect(errorCode(decideGame({ A: { members: [{}] }, B: {} }))).toBe("INVALID_TEAM");
  });
});

describe("decideGame rejects impossible numbers", () => {
  it.each([
    ["a fractional life total", { life: 2.5 }],
    ["a life total that is not a number", { life: Number.NaN }],
    ["negative poison", { poison: -1 }],
    ["infinite commander damage", { commanderDamage: Number.POSITIVE_INFINITY }],
  ])("INVALID_NUMBER: %s", (_label, bad) => {
    expect(errorCode(decideGame(facts(bad, {})))).toBe("INVALID_NUMBER");
  });

  it("INVALID_TEAM: an unknown variant", () => {
    expect(errorCode(decideGame({ variant: "archenemy" as never, A: {}, B: {} }))).toBe(
      "INVALID_TEAM",
    );
  });
});

// ---------------------------------------------------------------------------------------

const optionalBool = fc.option(fc.boolean(), { nil: undefined });
const playerFacts: fc.Arbitrary<PlayerEndFacts> = fc.record(
  {
    life: fc.option(fc.oneof(fc.integer({ min: -5, max: 25 }), fc.constant(2.5)), {
      nil: undefined,
    }),
    poison: fc.option(fc.integer({ min: -1, max: 16 }), { nil: undefined }),
    commanderDamage: fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined }),
    drewFromEmptyLibrary: optionalBool,
    conceded: fc.option(fc.boolean(), { nil: undefined }),
    lostByCardEffect: optionalBool,
    wonByCardEffect: optionalBool,
    judgeGameLoss: optionalBool,
  },
  { requiredKeys: [] },
);
const teamSide = fc.record(
  {
    members: fc.array(playerFacts, { minLength: 1, maxLength: 3 }),
    conceded: optionalBool,
    wonByCardEffect: optionalBool,
  },
  { requiredKeys: ["members"] },
);
/** Mostly sides that fit the variant, sometimes sides that do not (to exercise the errors). */
const sideFor = (variant: string): fc.Arbitrary<GameEndFacts["A"]> =>
  variant === "teams"
    ? fc.oneof({ weight: 6, arbitrary: teamSide }, { weight: 1, arbitrary: playerFacts })
    : fc.oneof({ weight: 6, arbitrary: playerFacts }, { weight: 1, arbitrary: teamSide });
const gameFacts: fc.Arbitrary<GameEndFacts> = fc
  .constantFrom("two-player", "two-headed-giant", "teams")
  .chain((variant) =>
    fc.record(
      {
        variant: fc.constant(variant),
        A: sideFor(variant),
        B: sideFor(variant),
        restarted: optionalBool,
        mandatoryLoop: optionalBool,
        drawnByCardEffect: optionalBool,
        intentionalDraw: optionalBool,
        unfinishedAtTime: optionalBool,
        highestLifeWins: optionalBool,
      },
      { requiredKeys: ["variant", "A", "B"] },
    ),
  ) as fc.Arbitrary<GameEndFacts>;

describe("decideGame properties", () => {
  it("totality: every input gives a result or a known error with a message, and never throws", () => {
    fc.assert(
      fc.property(gameFacts, (f) => {
        const result = decideGame(f);
        if (!result.ok) {
          expect(RULE_ERROR_CODES).toContain(result.error.code);
          expect(text(result.error).length).toBeGreaterThan(10);
        } else {
          expect(["win", "draw", "restart"]).toContain(result.value.kind);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("symmetry: swapping the two sides mirrors every result and keeps every error", () => {
    fc.assert(
      fc.property(gameFacts, (f) => {
        const direct = decideGame(f);
        const swapped = decideGame(swapGameEndFacts(f));
        if (direct.ok)
          expect(swapped).toEqual({ ok: true, value: mirrorGameOutcome(direct.value) });
        else expect(swapped.ok ? "ok" : swapped.error.code).toBe(direct.error.code);
      }),
      { numRuns: 2000 },
    );
  });

  it("104.3a: when exactly one side concedes and the numbers are valid, the other side wins by concession", () => {
    fc.assert(
      fc.property(gameFacts, fc.constantFrom("A" as const, "B" as const), (f, side) => {
        const other = side === "A" ? "B" : "A";
        const conceding = {
          ...f,
          [side]: { ...f[side], conceded: true },
          [other]: { ...f[other], conceded: false },
        } as GameEndFacts;
        const result = decideGame(conceding);
        if (result.ok)
          expect(result.value).toEqual({
            kind: "win",
            winner: other,
            reason: "CONCESSION",
            rule: "104.3a",
          });
        else expect(["INVALID_NUMBER", "INVALID_TEAM"]).toContain(result.error.code);
      }),
      { numRuns: 1000 },
    );
  });

  it("a win is always explained: the loser lost, or the winner won by an effect or by life totals", () => {
    fc.assert(
      fc.property(gameFacts, (f) => {
        const result = decideGame(f);
        if (!result.ok || result.value.kind !== "win") return;
        const { winner, reason } = result.value;
        const loser = winner === "A" ? f.B : f.A;
        if (reason === "CARD_EFFECT_WIN")
          expect(
            f[winner].wonByCardEffect === true ||
              (f[winner].members ?? []).some((m) => m.wonByCardEffect),
          ).toBe(true);
        else if (reason === "LIFE_TOTAL_AT_TIME")
          expect((f[winner].life ?? 0) > (loser.life ?? 0)).toBe(true);
        else if (reason === "LIFE" && f.variant !== "teams")
          expect(loser.life ?? 1).toBeLessThanOrEqual(0);
        else if (reason === "CONCESSION")
          expect(loser.conceded === true || (loser.members ?? []).some((m) => m.conceded)).toBe(
            true,
          );
      }),
      { numRuns: 2000 },
    );
  });
});

describe("recordedGameOutcome: a game as staff record it", () => {
  it("104.3b: a loss reason needs the winner and carries its rule", () => {
    expect(recordedGameOutcome("LIFE", "B")).toEqual({
      ok: true,
      value: { kind: "win", winner: "B", reason: "LIFE", rule: "104.3b" },
    });
    expect(recordedGameOutcome("LIFE", null)).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
  });
  it("104.4b: a draw reason has no winner", () => {
    expect(recordedGameOutcome("DRAW_LOOP", null)).toEqual({
      ok: true,
      value: { kind: "draw", reason: "DRAW_LOOP", rule: "104.4b" },
    });
    expect(recordedGameOutcome("DRAW_LOOP", "A")).toMatchObject({
      ok: false,
      error: { code: "CONFLICTING_FACTS" },
    });
  });
  it("every reason the engine knows gives an outcome checkGameOutcome accepts", () => {
    for (const reason of GAME_END_REASONS) {
      const outcome = recordedGameOutcome(reason, reason.startsWith("DRAW_") ? null : "A");
      expect(outcome.ok, reason).toBe(true);
    }
  });
});

describe("810.8a: which Two-Headed Giant player lost the game for the team", () => {
  const win = (reason: (typeof GAME_END_REASONS)[number], winner: "A" | "B" = "A") => {
    const outcome = recordedGameOutcome(reason, winner);
    if (!outcome.ok) throw new Error(text(outcome.error));
    return outcome.value;
  };

  it("810.8a: a player who drew from an empty library, conceded, lost to an effect or got a Game Loss loses for the team, named by seat", () => {
    for (const reason of TEAM_MEMBER_LOSS_REASONS) {
      expect(teamMemberLoss(win(reason), 1, "two-headed-giant")).toEqual({
        ok: true,
        value: { losingSeat: 1 },
      });
    }
  });

  it("704.6a, 704.6b: a shared life or poison total is the team's, so no single player is named", () => {
    for (const reason of ["LIFE", "POISON", "LIFE_TOTAL_AT_TIME", "CARD_EFFECT_WIN"] as const) {
      const refused = teamMemberLoss(win(reason), 0, "two-headed-giant");
      expect(refused.ok ? null : refused.error.code).toBe("CONFLICTING_FACTS");
    }
    expect(teamMemberLoss(win("LIFE"), null, "two-headed-giant")).toEqual({
      ok: true,
      value: { losingSeat: null },
    });
  });

  it("104.4: a drawn game has no player who lost; outside Two-Headed Giant no member is named", () => {
    const drawn = recordedGameOutcome("DRAW_LOOP", null);
    if (!drawn.ok) throw new Error(text(drawn.error));
    expect(teamMemberLoss(drawn.value, 0, "two-headed-giant")).toMatchObject({
      ok: false,
      error: { code: "CONFLICTING_FACTS" },
    });
    expect(teamMemberLoss(win("EMPTY_LIBRARY"), 0, "two-player")).toMatchObject({
      ok: false,
      error: { code: "CONFLICTING_FACTS", rule: "810.8a" },
    });
    expect(teamMemberLoss(win("EMPTY_LIBRARY"), null, "two-player")).toEqual({
      ok: true,
      value: { losingSeat: null },
    });
  });

  it("a seat other than 0 or 1 is refused with what was sent", () => {
    expect(shownResult(teamMemberLoss(win("CONCESSION"), 2, "two-headed-giant"))).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: expect.stringContaining("2") },
    });
    expect(teamMemberLoss(win("CONCESSION"), "0", "two-headed-giant")).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
  });
});
