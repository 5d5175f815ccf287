import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  isReportedAsSlip,
  additionalTurnsFor,
  teammatesShareTurnsFor,
  deriveMatchRecord,
  describeDecidedMatch,
  describeDecidedResult,
  leftToRecord,
  MATCH_COMMANDS,
  playerReportOnRecord,
  staffSlipOnRecord,
  type MatchRecordEvent,
  type MatchRecordFacts,
  type MatchRecordView,
} from "./match-record";
import type { GameOutcome } from "./game";
import type { RuleResult } from "./result";
import { shown, shownResult, text } from "./testing/shown";

const win = (winner: "A" | "B"): MatchRecordEvent => ({
  type: "game",
  outcome: { kind: "win", winner, reason: "LIFE", rule: "104.3b" },
});
const drawn: MatchRecordEvent = {
  type: "game",
  outcome: { kind: "draw", reason: "DRAW_SIMULTANEOUS_LOSS", rule: "104.4a" },
};
const restart: MatchRecordEvent = { type: "game", outcome: { kind: "restart", rule: "104.6" } };
const time = (activeSide: "A" | "B" | null = "A", gameInProgress = true): MatchRecordEvent => ({
  type: "time-called",
  gameInProgress,
  activeSide,
});
const turn: MatchRecordEvent = { type: "turn-ended" };
const turns = (n: number): MatchRecordEvent[] => Array.from({ length: n }, () => turn);

const SWISS = { gamesToWin: 2, elimination: false };
const PLAYOFF = { gamesToWin: 2, elimination: true };

function facts(
  events: MatchRecordEvent[],
  extra: Partial<MatchRecordFacts> = {},
): MatchRecordFacts {
  return {
    format: SWISS,
    teammatesShareTurns: false,
    isBye: false,
    firstChooser: "A",
    events,
    isRecorded: false,
    ...extra,
  };
}

function value(result: RuleResult<MatchRecordView>): MatchRecordView {
  if (!result.ok) throw new Error(text(result.error));
  return result.value;
}

const derive = (events: MatchRecordEvent[], extra: Partial<MatchRecordFacts> = {}) =>
  value(deriveMatchRecord(facts(events, extra)));

describe("MTR 2.5: a result reported as a slip", () => {
  it("MTR 2.5: no game recorded and a result stored is a slip; a Match Loss (IPG 1.2) or a recorded game is not", () => {
    expect(isReportedAsSlip({ gamesRecorded: 0, hasResult: true, hasMatchLoss: false })).toBe(true);
    expect(isReportedAsSlip({ gamesRecorded: 0, hasResult: false, hasMatchLoss: false })).toBe(
      false,
    );
    expect(isReportedAsSlip({ gamesRecorded: 0, hasResult: true, hasMatchLoss: true })).toBe(false);
    expect(isReportedAsSlip({ gamesRecorded: 1, hasResult: true, hasMatchLoss: false })).toBe(
      false,
    );
  });
});

describe("one derivation of a match: every screen reads the same state", () => {
  it("MTR 2.1, 2.2: games in progress; the loser of the last game chooses play or draw next", () => {
    const view = derive([win("A")]);
    expect(view).toMatchObject({
      phase: "playing",
      score: { winsA: 1, winsB: 0, draws: 0 },
      gamesPlayed: 1,
      nextChooser: "B",
      decided: null,
      endOfMatch: null,
    });
    expect(view.refusals["record-game"]).toBeNull();
    expect(view.refusals["call-time"]).toBeNull();
    expect(view.refusals["record-result"]).toMatchObject({ code: "MATCH_NOT_DECIDED" });
  });

  it("MTR 2.2: after a drawn game the player who chose for it chooses again", () => {
    expect(derive([win("A"), drawn]).nextChooser).toBe("B");
  });

  it("CR 104.6: a restarted game is no game: the score and the chooser do not move", () => {
    const view = derive([restart]);
    expect(view).toMatchObject({ gamesPlayed: 0, nextChooser: "A", phase: "playing" });
    expect(derive([win("B"), restart, win("A")])).toMatchObject({
      score: { winsA: 1, winsB: 1, draws: 0 },
      nextChooser: "B",
    });
  });

  it("CR 104.6: a game restarted by a player is no game; that player starts it again with no choice, and the loser chooses after it as usual", () => {
    const restarted = derive([win("A"), { type: "restart", by: "A" }]);
    expect(restarted).toMatchObject({
      gamesPlayed: 1,
      nextChooser: "A",
      nextGameRestartedBy: "A",
      phase: "playing",
    });
    expect(restarted.refusals["restart-game"]).toBeNull();
    const after = derive([win("A"), { type: "restart", by: "A" }, win("A")]);
    expect(after).toMatchObject({ nextGameRestartedBy: null, phase: "decided" });
    expect(derive([win("A"), { type: "restart", by: "A" }, win("B")])).toMatchObject({
      nextChooser: "A",
      nextGameRestartedBy: null,
    });
    // During the additional turns the turns keep counting.
    expect(derive([win("A"), time(), turn, { type: "restart", by: "B" }]).endOfMatch).toMatchObject(
      { phase: "additional-turns", turn: 1 },
    );
    expect(
      deriveMatchRecord(facts([win("A"), win("A"), { type: "restart", by: "B" }])),
    ).toMatchObject({ ok: false });
    expect(derive([win("A"), win("A")]).refusals["restart-game"]).toMatchObject({
      code: "MATCH_ALREADY_DECIDED",
    });
  });

  it("MTR 2.1: games that decide the match make it decided, not recorded; recording it is the next step", () => {
    const view = derive([win("A"), win("A")]);
    expect(view.phase).toBe("decided");
    expect(view.decided).toMatchObject({
      decidedBy: "games",
      outcome: { winner: "A", slip: { winsA: 2, winsB: 0, draws: 0 } },
    });
    expect(view.refusals["record-result"]).toBeNull();
    expect(view.refusals["record-game"]).toMatchObject({ code: "MATCH_ALREADY_DECIDED" });
    expect(view.nextChooser).toBeNull();
  });

  it("MTR 2.5: a player who won 2-0 may still concede until the result is recorded; the opponent then wins 2-1", () => {
    const decided = derive([win("A"), win("A")]);
    expect(decided.refusals.concede).toBeNull();
    const conceded = derive([win("A"), win("A"), { type: "concession", side: "A" }]);
    expect(conceded.decided).toMatchObject({
      decidedBy: "concession",
      outcome: { winner: "B", slip: { winsA: 1, winsB: 2, draws: 0 } },
    });
    expect(conceded.refusals.concede).toMatchObject({ code: "MATCH_ALREADY_DECIDED" });
    expect(derive([win("A"), win("A")], { isRecorded: true }).refusals.concede).toMatchObject({
      code: "MATCH_COMPLETE",
    });
  });

  it("MTR 2.5: an intentional draw is possible until recorded, never in single elimination", () => {
    expect(derive([win("A")]).refusals["intentional-draw"]).toBeNull();
    expect(derive([{ type: "intentional-draw" }]).decided).toMatchObject({
      decidedBy: "intentional-draw",
      outcome: { winner: null, slip: { winsA: 0, winsB: 0, draws: 3 } },
    });
    expect(derive([], { format: PLAYOFF }).refusals["intentional-draw"]).toMatchObject({
      code: "DRAW_IN_SINGLE_ELIMINATION",
    });
  });

  it("MTR 2.5: after a concession the time screen counts no turns and shows the conceded result", () => {
    const view = derive([win("A"), time(), turn, { type: "concession", side: "B" }]);
    expect(view.phase).toBe("decided");
    expect(view.endOfMatch).toBeNull();
    expect(view.decided).toMatchObject({ decidedBy: "concession", outcome: { winner: "A" } });
    expect(view.refusals["end-turn"]).toMatchObject({ code: "MATCH_ALREADY_DECIDED" });
    expect(view.refusals["call-time"]).toMatchObject({ code: "MATCH_ALREADY_DECIDED" });
    expect(
      shown(
        derive([win("A"), time(), turn, { type: "concession", side: "B" }], { isRecorded: true })
          .refusals["call-time"],
      ),
    ).toMatchObject({
      code: "MATCH_ALREADY_DECIDED",
      message: expect.stringContaining("recorded"),
    });
  });

  it("IPG 1.2: after a Match Loss, time cannot be called and every screen shows the penalised player losing", () => {
    const view = derive([win("A"), { type: "match-loss", side: "A" }]);
    expect(view.decided).toMatchObject({ decidedBy: "penalty", outcome: { winner: "B" } });
    expect(view.refusals["call-time"]).toMatchObject({ code: "MATCH_ALREADY_DECIDED" });
    // Stored before this rule existed: time called after the Match Loss changes nothing.
    const late = derive([win("A"), { type: "match-loss", side: "A" }, time()]);
    expect(late.decided).toMatchObject({ decidedBy: "penalty", outcome: { winner: "B" } });
    expect(late.endOfMatch).toBeNull();
  });

  it("MTR 2.4: time called with a game under way: turn 0, then five additional turns, naming whose turn it is", () => {
    const view = derive([win("A"), time("B")]);
    expect(view.phase).toBe("end-of-match");
    expect(view.endOfMatch).toMatchObject({
      phase: "finishing-turn",
      turn: 0,
      additionalTurns: 5,
      turnSide: "B",
    });
    expect(derive([win("A"), time("B"), turn]).endOfMatch).toMatchObject({
      phase: "additional-turns",
      turn: 1,
      turnSide: "A",
    });
    expect(view.refusals["end-turn"]).toBeNull();
    expect(view.refusals["call-time"]).toMatchObject({ code: "TIME_ALREADY_CALLED" });
  });

  it("MTR 2.4, 2.6: a time extension is refused once time has been called (it only delays the procedure's start)", () => {
    expect(derive([win("A")]).refusals["extend-time"]).toBeNull();
    expect(shown(derive([win("A"), time()]).refusals["extend-time"])).toMatchObject({
      code: "TIME_ALREADY_CALLED",
      message: expect.stringContaining("Time has been called"),
    });
    expect(derive([win("A"), win("A")]).refusals["extend-time"]).toMatchObject({
      code: "MATCH_ALREADY_DECIDED",
    });
  });

  it("MTR 2.4, 2.5: the time screen's procedure comes from the same derivation: a concession during the turns replaces them with the conceded result", () => {
    const running = derive([win("A"), time("A"), turn]).procedure;
    expect(running.state).toMatchObject({ phase: "additional-turns", turn: 1, timeCalled: true });
    expect(running.summary).toMatchObject({ phase: "additional-turns", turn: 1, decided: null });
    expect(running.turnSide).toBe("B");
    const conceded = derive([win("A"), time("A"), turn, { type: "concession", side: "B" }]);
    expect(conceded.procedure.state).toMatchObject({
      phase: "decided",
      turn: null,
      gameInProgress: false,
      outcome: { winner: "A", slip: { winsA: 2, winsB: 0, draws: 0 } },
    });
    expect(conceded.procedure.summary).toMatchObject({
      phase: "decided",
      mayStartNewGame: false,
      awaitingLifeTotals: false,
      turnsRemainingAfterThis: null,
      message: describeDecidedMatch(conceded.decided),
    });
    expect(conceded.procedure.turnSide).toBeNull();
  });

  it("MTR 2.4, 2.6: before time the procedure shows the match so far, with the turns a Slow Play Warning added", () => {
    const before = derive([win("B"), { type: "slow-play-warning" }]).procedure;
    expect(before.state).toMatchObject({
      phase: "playing",
      timeCalled: false,
      slip: { winsA: 0, winsB: 1, draws: 0 },
      additionalTurns: 7,
    });
    expect(before.summary.phase).toBe("playing");
    expect(derive([win("B"), win("B")]).procedure.state).toMatchObject({
      phase: "decided",
      outcome: { winner: "B" },
    });
  });

  it("IPG 3.3: a Slow Play Warning adds two turns before time is called and none in turn 0", () => {
    expect(derive([{ type: "slow-play-warning" }, time()]).endOfMatch).toMatchObject({
      additionalTurns: 7,
    });
    expect(derive([time(), { type: "slow-play-warning" }]).endOfMatch).toMatchObject({
      additionalTurns: 5,
    });
    expect(derive([time(), turn, { type: "slow-play-warning" }]).endOfMatch).toMatchObject({
      additionalTurns: 5,
    });
  });

  it("MTR 2.4: Two-Headed Giant (teammates share turns) plays three additional turns; team formats where each plays their own match play five", () => {
    expect(additionalTurnsFor({ teammatesShareTurns: true })).toBe(3);
    expect(additionalTurnsFor({ teammatesShareTurns: false })).toBe(5);
    // Read back from a stored phase: three turns are a format whose teammates share turns.
    expect([3, 5].map(teammatesShareTurnsFor)).toEqual([true, false]);
    expect(derive([time()], { teammatesShareTurns: true }).endOfMatch).toMatchObject({
      additionalTurns: 3,
    });
    expect(derive([time()]).endOfMatch).toMatchObject({ additionalTurns: 5 });
  });

  it("MTR 2.4: a game unfinished after the last additional turn is a draw the procedure decides; only that game may be recorded", () => {
    const view = derive([win("A"), time(), ...turns(6)]);
    expect(view.phase).toBe("decided");
    expect(view.gameDecidedByTime).toMatchObject({
      kind: "draw",
      reason: "DRAW_UNFINISHED_AT_TIME",
    });
    expect(view.decided).toMatchObject({
      outcome: { winner: "A", slip: { winsA: 1, winsB: 0, draws: 1 } },
    });
    expect(view.refusals["record-game"]).toBeNull();
    const recorded: GameOutcome = {
      kind: "draw",
      reason: "DRAW_UNFINISHED_AT_TIME",
      rule: "MTR 2.4",
    };
    const after = derive([win("A"), time(), ...turns(6), { type: "game", outcome: recorded }]);
    expect(after).toMatchObject({
      gameDecidedByTime: null,
      phase: "decided",
      score: { winsA: 1, winsB: 0, draws: 1 },
    });
    expect(after.refusals["record-game"]).toMatchObject({ code: "MATCH_ALREADY_DECIDED" });
  });

  it("MTR 2.5: a concession after the procedure decided a drawn game at time is reported on all the games (2-1)", () => {
    const view = derive([win("A"), time(), ...turns(6), { type: "concession", side: "A" }]);
    expect(view.decided).toMatchObject({ decidedBy: "concession", outcome: { winner: "B" } });
  });

  it("MTR 2.4: single elimination, game wins tied after the additional turns: the life totals decide the game", () => {
    const waiting = derive([win("A"), win("B"), time(), ...turns(6)], { format: PLAYOFF });
    expect(waiting.phase).toBe("end-of-match");
    expect(waiting.endOfMatch).toMatchObject({ awaitingLifeTotals: true });
    expect(waiting.refusals["life-totals"]).toBeNull();
    const decided = derive(
      [win("A"), win("B"), time(), ...turns(6), { type: "life-totals", A: 5, B: 3 }],
      { format: PLAYOFF },
    );
    expect(decided.decided).toMatchObject({
      decidedBy: "time",
      outcome: { winner: "A", slip: { winsA: 2, winsB: 1, draws: 0 } },
    });
    expect(decided.gameDecidedByTime).toMatchObject({
      kind: "win",
      winner: "A",
      reason: "LIFE_TOTAL_AT_TIME",
    });
    // MTR 2.2: the game the procedure decided was played; the loser of game 2 chose for it, as for any game.
    expect(decided.nextChooser).toBe("A");
  });

  it("MTR 2.4: time called between games in Swiss ends the match as it stands", () => {
    expect(derive([win("A"), time("A", false)]).decided).toMatchObject({
      decidedBy: "time",
      outcome: { winner: "A", slip: { winsA: 1, winsB: 0, draws: 0 } },
    });
  });

  it("CR 104.3k, MTR 2.4: taking back the last game is refused once a step of the procedure counted it", () => {
    expect(derive([win("A")]).refusals["take-back-game"]).toBeNull();
    expect(derive([win("A"), time()]).refusals["take-back-game"]).toMatchObject({
      code: "GAME_NOT_REMOVABLE",
    });
    expect(derive([]).refusals["take-back-game"]).toMatchObject({ code: "GAME_NOT_REMOVABLE" });
  });

  it("MTR 2.1: a bye plays nothing: every command is refused", () => {
    const view = derive([], { isBye: true });
    expect(view.phase).toBe("bye");
    for (const command of MATCH_COMMANDS)
      expect(view.refusals[command]).toMatchObject({ code: "BYE" });
  });

  it("facts that cannot follow each other are refused, naming the first", () => {
    const result = deriveMatchRecord(facts([win("A"), win("A"), win("B")]));
    expect(shownResult(result)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Fact 3 \(game\)/) },
    });
    expect(deriveMatchRecord(facts([turn]))).toMatchObject({
      ok: false,
      error: { code: "TIME_NOT_CALLED" },
    });
    expect(deriveMatchRecord(facts([time(), time()]))).toMatchObject({
      ok: false,
      error: { code: "TIME_ALREADY_CALLED" },
    });
    expect(
      deriveMatchRecord(facts([{ type: "nonsense" } as unknown as MatchRecordEvent])),
    ).toMatchObject({ ok: false, error: { code: "UNKNOWN_EVENT" } });
  });
});

describe("a player's report over the games a judge recorded (MTR 2.1, 2.5)", () => {
  const names = { A: "Ada", B: "Mo" };
  const slip = (winsA: number, winsB: number, draws = 0) => ({ winsA, winsB, draws });
  const onRecord = (
    events: MatchRecordEvent[],
    report: Parameters<typeof playerReportOnRecord>[1],
    extra: Partial<MatchRecordFacts> = {},
  ) => playerReportOnRecord(facts(events, extra), report, names);

  it("MTR 2.5: a concession or agreed draw sent with no games told is on the games a judge recorded: the 2-0 winner who concedes loses 2-1", () => {
    expect(onRecord([win("A"), win("A")], { slip: slip(0, 0), concededBy: "A" })).toEqual({
      ok: true,
      value: { slip: slip(2, 0), concededBy: "A" },
    });
    expect(onRecord([win("A"), win("A")], { slip: slip(0, 0), intentionalDraw: true })).toEqual({
      ok: true,
      value: { slip: slip(2, 0), intentionalDraw: true },
    });
    // The opponent confirming sends back the slip the concession was stored with (1-2): the same report.
    expect(onRecord([win("A"), win("A")], { slip: slip(1, 2), concededBy: "A" })).toEqual({
      ok: true,
      value: { slip: slip(2, 0), concededBy: "A" },
    });
    // Before the match is decided too: game 1 went to Mo, then Ada concedes.
    expect(onRecord([win("B")], { slip: slip(0, 0), concededBy: "A" })).toEqual({
      ok: true,
      value: { slip: slip(0, 1), concededBy: "A" },
    });
    // MTR 2.4: the game the end-of-match procedure decided at time counts as played.
    expect(
      onRecord([win("A"), time(), ...turns(6)], { slip: slip(0, 0), concededBy: "B" }),
    ).toEqual({ ok: true, value: { slip: slip(1, 0, 1), concededBy: "B" } });
  });

  it("MTR 2.1: a player's report may tell games played after those a judge recorded", () => {
    expect(onRecord([win("B")], { slip: slip(1, 2) })).toEqual({
      ok: true,
      value: { slip: slip(1, 2) },
    });
    expect(onRecord([win("B")], { slip: slip(0, 2) })).toEqual({
      ok: true,
      value: { slip: slip(0, 2) },
    });
    // Nothing recorded: nothing to contradict.
    expect(onRecord([], { slip: slip(2, 1) })).toEqual({ ok: true, value: { slip: slip(2, 1) } });
  });

  it("MTR 2.1: a player's report that contradicts a game a judge recorded is refused, naming the players", () => {
    const refused = onRecord([win("A")], { slip: slip(0, 2) });
    expect(shownResult(refused)).toMatchObject({
      ok: false,
      error: {
        code: "SLIP_CONTRADICTS_GAMES",
        message: expect.stringContaining(
          "A judge recorded game 1 as won by Ada, but this report gives Ada 0 game wins.",
        ),
      },
    });
    expect(JSON.stringify(refused)).not.toMatch(/player A|first-listed/);
    expect(shownResult(onRecord([win("A"), drawn], { slip: slip(2, 0) }))).toMatchObject({
      ok: false,
      error: {
        message: expect.stringContaining("game 2 as a draw, but this report has 0 drawn games"),
      },
    });
    // A concession that tells games tells them as they were.
    expect(onRecord([win("A")], { slip: slip(0, 1), concededBy: "A" })).toMatchObject({
      ok: false,
      error: { code: "SLIP_CONTRADICTS_GAMES" },
    });
  });

  it("MTR 2.5: once the games decide the match no game follows: a report confirms that result, or concedes or draws on it", () => {
    expect(onRecord([win("A"), win("A")], { slip: slip(2, 0) })).toMatchObject({ ok: true });
    expect(shownResult(onRecord([win("A"), win("A")], { slip: slip(2, 1) }))).toMatchObject({
      ok: false,
      error: { code: "MATCH_ALREADY_DECIDED", message: expect.stringContaining("Ada wins 2-0-0") },
    });
    expect(onRecord([win("A"), win("A")], { slip: slip(2, 1), concededBy: "B" })).toMatchObject({
      ok: false,
      error: { code: "MATCH_ALREADY_DECIDED" },
    });
    // MTR 2.4: time called between games decides the match as it stands.
    expect(onRecord([win("A"), time("A", false)], { slip: slip(2, 0) })).toMatchObject({
      ok: false,
      error: { code: "MATCH_ALREADY_DECIDED" },
    });
    expect(onRecord([win("A"), time(), ...turns(6)], { slip: slip(1, 0, 1) })).toMatchObject({
      ok: true,
    });
    // IPG 1.2: the Match Loss's result is the one to confirm.
    expect(
      onRecord([win("A"), { type: "match-loss", side: "A" }], { slip: slip(1, 2) }),
    ).toMatchObject({ ok: true });
    expect(
      onRecord([win("A"), { type: "match-loss", side: "A" }], { slip: slip(2, 0) }),
    ).toMatchObject({ ok: false, error: { code: "MATCH_ALREADY_DECIDED" } });
  });

  it("MTR 2.5: a result the players recorded with games a judge did not record is the result every screen shows", () => {
    const view = derive([win("B")], { isRecorded: true, recordedSlip: slip(1, 2) });
    expect(view).toMatchObject({
      phase: "recorded",
      score: slip(1, 2),
      decided: { decidedBy: "games", outcome: { winner: "B", slip: slip(1, 2) } },
    });
    // The slip recorded from the games themselves changes nothing.
    expect(
      derive([win("A"), win("A")], { isRecorded: true, recordedSlip: slip(2, 0) }).decided,
    ).toMatchObject({ decidedBy: "games" });
    expect(
      derive([win("A"), win("A"), { type: "concession", side: "A" }], {
        isRecorded: true,
        recordedSlip: slip(1, 2),
      }).decided,
    ).toMatchObject({ decidedBy: "concession" });
  });
});

describe("what is left to record, for the judge's time screen (MTR 2.4, 2.5)", () => {
  it("MTR 2.4: only a game the end-of-match procedure decided at time is left to record as a game", () => {
    expect(leftToRecord(derive([win("A"), time(), ...turns(6)]))).toEqual({
      kind: "game-at-time",
      game: { kind: "draw", reason: "DRAW_UNFINISHED_AT_TIME", rule: expect.any(String) },
    });
    expect(
      leftToRecord(
        derive([win("A"), win("B"), time(), ...turns(6), { type: "life-totals", A: 5, B: 3 }], {
          format: PLAYOFF,
        }),
      ),
    ).toMatchObject({
      kind: "game-at-time",
      game: { kind: "win", winner: "A", reason: "LIFE_TOTAL_AT_TIME" },
    });
  });

  it("MTR 2.5: after a concession, an agreed draw or a Match Loss with time never called, no game is left to record: the result is", () => {
    // The concession is reported 1-2: three games on the slip, two recorded, and no game at time.
    expect(leftToRecord(derive([win("A"), win("A"), { type: "concession", side: "A" }]))).toEqual({
      kind: "result",
    });
    expect(leftToRecord(derive([win("A"), { type: "intentional-draw" }]))).toEqual({
      kind: "result",
    });
    expect(leftToRecord(derive([{ type: "match-loss", side: "B" }]))).toEqual({ kind: "result" });
    expect(leftToRecord(derive([win("A"), time("A", false)]))).toEqual({ kind: "result" });
    // A concession after the procedure decided the game at time settles that game too.
    expect(
      leftToRecord(derive([win("A"), time(), ...turns(6), { type: "concession", side: "A" }])),
    ).toEqual({ kind: "result" });
  });

  it("MTR 2.5: nothing is left to record while the match goes on, once it is recorded, or for a bye", () => {
    expect(leftToRecord(derive([win("A")]))).toBeNull();
    expect(leftToRecord(derive([win("A"), win("A")], { isRecorded: true }))).toBeNull();
    expect(leftToRecord(derive([], { isBye: true }))).toBeNull();
  });

  it("MTR 2.5: the decided result reads inside a sentence without a full stop of its own", () => {
    const view = derive([win("A"), win("A")]);
    expect(text(describeDecidedResult(view.decided, { A: "Ada", B: "Mo" }))).toBe(
      "Ada wins 2-0-0 on games",
    );
    expect(text(describeDecidedMatch(view.decided, { A: "Ada", B: "Mo" }))).toBe(
      "The match is decided on games: Ada wins 2-0-0.",
    );
    expect(
      text(describeDecidedResult(derive([win("A"), { type: "intentional-draw" }]).decided)),
    ).toBe("Drawn match 1-0-0 by an intentional draw");
    expect(text(describeDecidedResult(null))).toBe("");
  });
});

describe("one derivation: properties over random facts", () => {
  const anyEvent = fc.oneof(
    fc.constantFrom<MatchRecordEvent>(
      win("A"),
      win("B"),
      drawn,
      restart,
      turn,
      { type: "turn-ended", extraTurn: true },
      { type: "slow-play-warning" },
      { type: "intentional-draw" },
    ),
    fc
      .constantFrom<"A" | "B">("A", "B")
      .map((side): MatchRecordEvent => ({ type: "concession", side })),
    fc
      .constantFrom<"A" | "B">("A", "B")
      .map((side): MatchRecordEvent => ({ type: "match-loss", side })),
    fc.boolean().map(
      (gameInProgress): MatchRecordEvent => ({
        type: "time-called",
        gameInProgress,
        activeSide: "A",
      }),
    ),
    fc
      .tuple(fc.integer({ min: -5, max: 20 }), fc.integer({ min: -5, max: 20 }))
      .map(([A, B]): MatchRecordEvent => ({ type: "life-totals", A, B })),
  );

  it("MTR 2.1-2.5: whatever the facts, the state is one of: refused naming a fact, or a phase whose refusals agree with it", () => {
    fc.assert(
      fc.property(
        fc.array(anyEvent, { maxLength: 16 }),
        fc.boolean(),
        fc.boolean(),
        (events, elimination, isRecorded) => {
          const result = deriveMatchRecord(
            facts(events, { format: { gamesToWin: 2, elimination }, isRecorded }),
          );
          if (!result.ok) {
            expect(text(result.error)).toMatch(/^Fact \d+ /);
            return;
          }
          const view = result.value;
          expect(view.score.winsA).toBeLessThanOrEqual(2);
          expect(view.score.winsB).toBeLessThanOrEqual(2);
          if (view.phase === "end-of-match") expect(view.decided).toBeNull();
          if (view.phase === "playing") expect(view.endOfMatch).toBeNull();
          if (view.endOfMatch) expect(view.phase).toBe("end-of-match");
          expect(view.refusals["record-result"] === null).toBe(view.phase === "decided");
          if (view.phase === "recorded")
            expect(view.refusals.concede).toMatchObject({ code: "MATCH_COMPLETE" });
          if (view.decided) expect(view.refusals["call-time"]).not.toBeNull();
          if (elimination && view.decided) expect(view.decided.outcome.winner).not.toBeNull();
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("MTR 2.5: a staff slip completes the games on record", () => {
  const game = (winner: "A" | "B") =>
    ({
      type: "game",
      outcome: { kind: "win", winner, reason: "LIFE", rule: "104.3b" },
    }) as unknown as MatchRecordEvent;
  const facts = (gamesToWin: number, events: MatchRecordEvent[]): MatchRecordFacts =>
    ({
      format: { gamesToWin, elimination: false },
      teammatesShareTurns: false,
      events,
    }) as unknown as MatchRecordFacts;
  const view = { gameDecidedByTime: null } as unknown as MatchRecordView;
  const slip = (winsA: number, winsB: number, draws = 0) => ({ winsA, winsB, draws });
  const said = (result: RuleResult<unknown>) => (result.ok ? "taken" : text(result.error));

  it("MTR 2.5: game 1 won by B, the slip 0-2 agrees and is taken as it is", () => {
    expect(staffSlipOnRecord(facts(2, [game("B")]), view, slip(0, 2), {})).toEqual({
      ok: true,
      value: slip(0, 2),
    });
    expect(staffSlipOnRecord(facts(2, [game("B")]), view, slip(1, 2), {})).toEqual({
      ok: true,
      value: slip(1, 2),
    });
  });

  it("MTR 2.5: a slip that contradicts a game on record is refused, naming that game", () => {
    expect(said(staffSlipOnRecord(facts(2, [game("B")]), view, slip(2, 0), {}))).toBe(
      "Game 1 was won by player B, but the slip 2-0-0 has only player B 0 game wins.",
    );
  });

  it("MTR 2.5: games that decided the match take no more games; the refusal counts them in words", () => {
    expect(said(staffSlipOnRecord(facts(1, [game("A")]), view, slip(1, 1), {}))).toMatch(
      /: the recorded game makes 1-0-0\. /,
    );
    expect(said(staffSlipOnRecord(facts(2, [game("A"), game("A")]), view, slip(2, 1), {}))).toMatch(
      /: the 2 recorded games make 2-0-0\. /,
    );
  });
});

describe("MTR 2.5: a staff slip on a match recorded game by game", () => {
  const facts = (events: MatchRecordEvent[]): MatchRecordFacts =>
    ({
      format: { gamesToWin: 2, elimination: false },
      teammatesShareTurns: false,
      events,
    }) as unknown as MatchRecordFacts;
  it("is the slip its games make, the game time decided included; a concession typed without games is on the games played", () => {
    const game = (winner: "A" | "B") =>
      ({
        type: "game",
        outcome: { kind: "win", winner, reason: "LIFE", rule: "104.3b" },
      }) as unknown as MatchRecordEvent;
    const played = facts([game("A"), game("B")]);
    const view = {
      gameDecidedByTime: { kind: "draw", reason: "DRAW_UNFINISHED_AT_TIME", rule: "MTR 2.4" },
    } as unknown as MatchRecordView;
    expect(
      staffSlipOnRecord(played, view, { winsA: 1, winsB: 1, draws: 1 }, { concededBy: "A" }),
    ).toEqual({ ok: true, value: { winsA: 1, winsB: 1, draws: 1 } });
    expect(
      staffSlipOnRecord(played, view, { winsA: 0, winsB: 0, draws: 0 }, { concededBy: "A" }),
    ).toEqual({ ok: true, value: { winsA: 1, winsB: 1, draws: 1 } });
    expect(staffSlipOnRecord(played, view, { winsA: 1, winsB: 1, draws: 0 }, {})).toMatchObject({
      ok: false,
      error: { code: "SLIP_CONTRADICTS_GAMES" },
    });
    expect(
      staffSlipOnRecord(
        played,
        { gameDecidedByTime: null } as unknown as MatchRecordView,
        { winsA: 1, winsB: 1, draws: 0 },
        {},
      ),
    ).toEqual({ ok: true, value: { winsA: 1, winsB: 1, draws: 0 } });
  });
});
