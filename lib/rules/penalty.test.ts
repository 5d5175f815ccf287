import { runEndOfMatch } from "./testing/end-of-match-runs";
import { describe, expect, it } from "vitest";
import { startEndOfMatch, type EndOfMatchEvent, type EndOfMatchState } from "./end-of-match";
import type { GameOutcome } from "./game";
import { bestOf, deriveMatchResult, type MatchEvent } from "./match";
import { decidePenalty, isSlowPlay, type PenaltyFacts } from "./penalty";
import type { RuleResult } from "./result";
import { text } from "./testing/shown";

const SWISS = bestOf(3);
const PLAYOFF = bestOf(3, true);
const winA: GameOutcome = { kind: "win", winner: "A", reason: "LIFE", rule: "104.3b" };
const winB: GameOutcome = { kind: "win", winner: "B", reason: "LIFE", rule: "104.3b" };
const game = (outcome: GameOutcome): MatchEvent => ({ type: "game", outcome });

function value<T>(result: RuleResult<T>): T {
  if (!result.ok)
    throw new Error(`expected a value, got ${result.error.code}: ${text(result.error)}`);
  return result.value;
}
function error<T>(result: RuleResult<T>) {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

function facts(overrides: Partial<PenaltyFacts>): PenaltyFacts {
  return {
    format: SWISS,
    isBye: false,
    side: "A",
    kind: "WARNING",
    infraction: "Game Rule Violation (IPG 2.5)",
    gameNumber: null,
    events: [],
    isSlipOnly: false,
    endOfMatch: null,
    names: { A: "Ada", B: "Bo" },
    ...overrides,
  };
}

function procedure(events: EndOfMatchEvent[]): EndOfMatchState {
  return value(runEndOfMatch(value(startEndOfMatch({ format: SWISS })), events));
}

describe("CR 104.3k and IPG 1.2: a Game Loss", () => {
  it("CR 104.3k: a Game Loss during game 2 ends that game as a loss for the penalised player, and the match follows", () => {
    const consequence = value(
      decidePenalty(facts({ kind: "GAME_LOSS", side: "A", gameNumber: 2, events: [game(winB)] })),
    );
    expect(consequence.game).toEqual({
      number: 2,
      outcome: { kind: "win", winner: "B", reason: "JUDGE_GAME_LOSS", rule: "104.3k" },
    });
    expect(consequence.match).toMatchObject({
      status: "decided",
      winner: "B",
      slip: { winsA: 0, winsB: 2, draws: 0 },
    });
    expect(consequence.changesResult).toBe(true);
    expect(text(consequence.summary)).toContain("Game Loss to Ada: game 2 is a loss");
  });

  it("IPG 1.2: a Game Loss between games applies to the next game (here game 2, the match goes on at 1-1)", () => {
    const consequence = value(
      decidePenalty(facts({ kind: "GAME_LOSS", side: "B", events: [game(winB)] })),
    );
    expect(consequence.game?.number).toBe(2);
    expect(consequence.match).toMatchObject({
      status: "in-progress",
      slip: { winsA: 1, winsB: 1, draws: 0 },
    });
  });

  it("IPG 1.2: a Game Loss for a game already recorded, or one not yet begun, is refused naming the game it applies to", () => {
    expect(
      error(decidePenalty(facts({ kind: "GAME_LOSS", gameNumber: 1, events: [game(winB)] }))),
    ).toMatchObject({ code: "GAME_NUMBER" });
    expect(
      text(error(decidePenalty(facts({ kind: "GAME_LOSS", gameNumber: 1, events: [game(winB)] })))),
    ).toContain("game 2 here");
    expect(
      text(error(decidePenalty(facts({ kind: "GAME_LOSS", gameNumber: 3, events: [game(winB)] })))),
    ).toContain("game 3 has not begun");
    expect(error(decidePenalty(facts({ kind: "GAME_LOSS", gameNumber: 0 }))).code).toBe(
      "GAME_NUMBER",
    );
  });

  it("IPG 1.2: a Game Loss once the match has ended applies to the player's next match, not this one", () => {
    const result = decidePenalty(facts({ kind: "GAME_LOSS", events: [game(winA), game(winA)] }));
    expect(error(result)).toMatchObject({ code: "MATCH_ALREADY_DECIDED", rule: "IPG 1.2" });
    expect(text(error(result))).toContain("next match");
  });

  it("MTR 2.4: a Game Loss while the game under way at time is being finished ends that game", () => {
    const events: MatchEvent[] = [game(winA), { type: "time-called", gameInProgress: true }];
    const consequence = value(decidePenalty(facts({ kind: "GAME_LOSS", side: "B", events })));
    expect(consequence.match).toMatchObject({
      status: "decided",
      winner: "A",
      slip: { winsA: 2, winsB: 0, draws: 0 },
    });
  });

  it("a match entered as a slip takes no Game Loss (one source of truth)", () => {
    expect(error(decidePenalty(facts({ kind: "GAME_LOSS", isSlipOnly: true }))).code).toBe(
      "SLIP_ONLY",
    );
  });
});

describe("IPG 1.2: a Match Loss, and a Disqualification", () => {
  it("IPG 1.2: a Match Loss makes the match a loss for that player, derived by the match rules", () => {
    const consequence = value(decidePenalty(facts({ kind: "MATCH_LOSS", side: "A" })));
    expect(consequence.match).toMatchObject({
      status: "decided",
      winner: "B",
      slip: { winsA: 0, winsB: 2, draws: 0 },
      decidedBy: "penalty",
      rule: "IPG 1.2",
    });
    expect(consequence.dropsPlayer).toBe(false);
    // The same result deriveMatchResult gives for the stored facts.
    expect(
      value(deriveMatchResult({ format: SWISS, events: [{ type: "match-loss", side: "A" }] })).slip,
    ).toEqual(consequence.match!.slip);
  });

  it("IPG 1.2: a player who had won a game keeps it (reported 1-2, as MTR 2.5 reports a concession)", () => {
    const consequence = value(
      decidePenalty(facts({ kind: "MATCH_LOSS", side: "A", events: [game(winA)] })),
    );
    expect(consequence.match).toMatchObject({
      winner: "B",
      slip: { winsA: 1, winsB: 2, draws: 0 },
    });
  });

  it("IPG 1.2: a Match Loss once the match has ended is refused: it applies to the player's next match", () => {
    expect(
      error(decidePenalty(facts({ kind: "MATCH_LOSS", events: [game(winB), game(winB)] }))).code,
    ).toBe("MATCH_ALREADY_DECIDED");
    expect(error(decidePenalty(facts({ kind: "MATCH_LOSS", isSlipOnly: true }))).code).toBe(
      "MATCH_ALREADY_DECIDED",
    );
  });

  it("MTR 2.10: a Disqualification is a Match Loss and drops the player; after the match ended the result stands", () => {
    const during = value(
      decidePenalty(facts({ kind: "DISQUALIFICATION", side: "B", events: [game(winB)] })),
    );
    expect(during).toMatchObject({
      dropsPlayer: true,
      changesResult: true,
      match: { winner: "A", slip: { winsA: 2, winsB: 1, draws: 0 } },
    });
    const after = value(
      decidePenalty(
        facts({ kind: "DISQUALIFICATION", side: "B", events: [game(winB), game(winB)] }),
      ),
    );
    expect(after).toMatchObject({
      dropsPlayer: true,
      changesResult: false,
      match: { winner: "B" },
    });
  });

  it("MTR 2.4: a Match Loss in single elimination still has a winner", () => {
    expect(
      value(decidePenalty(facts({ format: PLAYOFF, kind: "MATCH_LOSS", side: "B" }))).match,
    ).toMatchObject({ winner: "A" });
  });
});

describe("IPG 3.3 Slow Play and MTR 2.6: turns added to the end of the match", () => {
  it("IPG 3.3: a Slow Play Warning before time is called adds two turns", () => {
    const consequence = value(
      decidePenalty(facts({ infraction: "Slow Play (IPG 3.3)", endOfMatch: procedure([]) })),
    );
    expect(consequence).toMatchObject({
      addedTurns: 2,
      turnsEvent: { type: "turns-added", turns: 2 },
      changesResult: false,
    });
  });

  it("IPG 3.3: the Warning's summary cites the section by its title, whether or not turns are added", () => {
    const added = value(
      decidePenalty(facts({ infraction: "Slow Play (IPG 3.3)", endOfMatch: procedure([]) })),
    );
    expect(text(added.summary)).toContain("(IPG 3.3 Slow Play, MTR 2.6)");
    const none = value(
      decidePenalty(
        facts({ infraction: "slow play", endOfMatch: procedure([{ type: "time-called" }]) }),
      ),
    );
    expect(text(none.summary)).toContain("(IPG 3.3 Slow Play); the Warning stands");
  });

  it("IPG 3.3: a Slow Play Warning in turn 0 adds no turns: the end-of-match procedure has begun", () => {
    expect(
      value(
        decidePenalty(
          facts({ infraction: "slow play", endOfMatch: procedure([{ type: "time-called" }]) }),
        ),
      ).addedTurns,
    ).toBe(0);
  });

  it("IPG 3.3: a Slow Play Warning once the additional turns began adds no turns; the Warning stands", () => {
    const consequence = value(
      decidePenalty(
        facts({
          infraction: "Slow Play (IPG 3.3)",
          endOfMatch: procedure([{ type: "time-called" }, { type: "turn-ended" }]),
        }),
      ),
    );
    expect(consequence).toMatchObject({ addedTurns: 0, turnsEvent: null });
    expect(text(consequence.summary)).toContain("no turns are added");
  });

  it("IPG 3.3: a Slow Play Warning after the match ended adds no turns", () => {
    expect(
      value(
        decidePenalty(
          facts({
            infraction: "Slow Play",
            events: [game(winA), game(winA)],
            endOfMatch: procedure([]),
          }),
        ),
      ).addedTurns,
    ).toBe(0);
  });

  it("IPG 2.5: any other Warning changes nothing", () => {
    expect(value(decidePenalty(facts({ endOfMatch: procedure([]) })))).toMatchObject({
      addedTurns: 0,
      changesResult: false,
      game: null,
      dropsPlayer: false,
    });
    expect(isSlowPlay("Slow Play (IPG 3.3)")).toBe(true);
    expect(isSlowPlay("Game Rule Violation")).toBe(false);
  });
});

describe("IPG 1.2: penalties that make no sense here are refused with the reason", () => {
  it("a player not in the match, a bye, an unknown penalty, no infraction", () => {
    expect(error(decidePenalty(facts({ side: null }))).code).toBe("NOT_IN_MATCH");
    expect(error(decidePenalty(facts({ isBye: true }))).code).toBe("BYE");
    expect(error(decidePenalty(facts({ kind: "CAUTION" as never }))).code).toBe("UNKNOWN_PENALTY");
    expect(error(decidePenalty(facts({ infraction: "  " }))).code).toBe("INVALID_INPUT");
  });
});
