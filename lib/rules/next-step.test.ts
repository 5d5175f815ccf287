import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  checkEventAction as checkEventActionOf,
  type EventFacts,
  type NextStep,
  nextStep as nextStepOf,
  playoffCutOffer,
  roundPageStep,
} from "./next-step";
import { type RuleResult, say } from "./result";

/** The result with its error's message rendered in English, as the tests read it. */
const rendered = <T>(r: RuleResult<T>) =>
  r.ok
    ? r
    : {
        ok: false as const,
        error: {
          code: r.error.code,
          message: render(r.error),
          ...(r.error.rule === undefined ? {} : { rule: r.error.rule }),
        },
      };
/** The next step with its words rendered in English. */
const nextStep = (input: EventFacts) => {
  const r = rendered(nextStepOf(input));
  if (!r.ok) return r;
  const step: NextStep = r.value;
  return {
    ok: true as const,
    value: {
      ...step,
      headline: render(step.headline),
      detail: render(step.detail),
      notOffered: step.notOffered.map((entry) => ({ ...entry, reason: render(entry.reason) })),
    },
  };
};
const checkEventAction = (input: EventFacts, action: Parameters<typeof checkEventActionOf>[1]) =>
  rendered(checkEventActionOf(input, action));

const facts = (overrides: Partial<EventFacts> = {}): EventFacts => ({
  status: "RUNNING",
  activePlayers: 12,
  plannedSwissRounds: 5,
  swissRounds: [],
  playoff: null,
  ...overrides,
});
const rounds = (...unreported: number[]) =>
  unreported.map((count, index) => ({ number: index + 1, unreported: count }));
const next = (input: EventFacts) => {
  const answer = nextStep(input);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
};
const reasonFor = (input: EventFacts, action: "pair" | "playoff" | "finish") =>
  next(input).notOffered.find((entry) => entry.action === action)?.reason;

describe("the next step of an event", () => {
  it("rules brief §7 (Swiss pairing): round 1 is not offered until two players are registered, and the overview says why", () => {
    const step = next(facts({ status: "REGISTRATION", activePlayers: 1 }));
    expect(step).toMatchObject({ kind: "REGISTER_PLAYERS", offered: [] });
    expect(reasonFor(facts({ status: "REGISTRATION", activePlayers: 1 }), "pair")).toBe(
      "Round 1 needs at least two players; 1 player is registered.",
    );
    expect(next(facts({ status: "REGISTRATION", activePlayers: 0 })).detail).toContain(
      "no player is registered yet",
    );
  });

  it("MTR Appendix E: with players registered, pairing round 1 is the only step, with the recommended rounds for the field", () => {
    const step = next(facts({ status: "REGISTRATION", activePlayers: 23 }));
    expect(step).toMatchObject({
      kind: "PAIR_ROUND",
      round: 1,
      offered: ["pair"],
      headline: "Pair round 1",
    });
    expect(step.detail).toContain("MTR Appendix E recommends 5 Swiss rounds");
    expect(reasonFor(facts({ activePlayers: 23 }), "playoff")).toBe(
      "No Swiss round has been played yet.",
    );
  });

  it("MTR 2.7: before round 1, the step says who has no legal decklist, since pairing makes lists final", () => {
    const step = next(facts({ status: "REGISTRATION", activePlayers: 8, withoutLegalDecklist: 3 }));
    expect(step).toMatchObject({ kind: "PAIR_ROUND", offered: ["pair"] });
    expect(step.detail).toMatch(
      / 3 players have no legal decklist yet: pairing round 1 makes every list final \(MTR 2\.7\)\. Drop them from Decklists first, or fix their lists\.$/,
    );
    const team = next(
      facts({ activePlayers: 4, entrants: "teams", withoutLegalDecklist: 1, swissRounds: [] }),
    );
    expect(team.detail).toContain(" 1 team has no legal decklist yet");
    expect(next(facts({ activePlayers: 8, withoutLegalDecklist: 0 })).detail).not.toContain(
      "decklist",
    );
  });

  it("addenda: a pod event's round advice is the Commander addendum's, not MTR Appendix E's for two-player Swiss", () => {
    const step = next(facts({ status: "REGISTRATION", activePlayers: 40, games: "pods" }));
    expect(step.detail).toBe(
      "40 players are registered; the Competitive REL MTR/IPG Addendum for Commander Events recommends 4 Swiss rounds for them. Late players can still register after round 1 is paired.",
    );
    expect(step.rule).toBe("cEDH addendum");
    const later = next(
      facts({ plannedSwissRounds: null, activePlayers: 13, swissRounds: rounds(0), games: "pods" }),
    );
    expect(later.detail).toContain("Commander Events recommends 1 for 13 players");
    expect(later.detail).not.toContain("Appendix E");
  });

  it("rules brief §7: the next round is paired only when the current one is complete; otherwise nothing is offered and the count says why", () => {
    const input = facts({ swissRounds: rounds(0, 0, 4) });
    expect(next(input)).toMatchObject({ kind: "ENTER_RESULTS", round: 3, offered: [] });
    expect(reasonFor(input, "pair")).toBe("Round 3 has 4 matches without a result.");
    expect(reasonFor(input, "playoff")).toBe("Round 3 has 4 matches without a result.");
    expect(reasonFor(facts({ swissRounds: rounds(1) }), "pair")).toBe(
      "Round 1 has 1 match without a result.",
    );
    expect(next(facts({ swissRounds: rounds(0, 0) }))).toMatchObject({
      kind: "PAIR_ROUND",
      round: 3,
      offered: ["pair"],
    });
  });

  it("MTR 2.5: a match its games decided is not a result in until it is recorded: the round is not complete and the step is to record it", () => {
    const input = facts({ swissRounds: [{ number: 1, unreported: 0, decided: 2 }] });
    expect(next(input)).toMatchObject({
      kind: "ENTER_RESULTS",
      round: 1,
      offered: [],
      headline: "Round 1: record results",
      detail: "Round 1 has 2 matches decided but not recorded: record their results.",
    });
    expect(checkEventAction(input, "pair")).toMatchObject({
      ok: false,
      error: { code: "NOT_NEXT_STEP" },
    });
    expect(
      reasonFor(facts({ swissRounds: [{ number: 1, unreported: 1, decided: 1 }] }), "pair"),
    ).toBe("Round 1 has 1 match without a result, and 1 decided but not recorded.");
    const playoff = facts({
      swissRounds: rounds(0, 0, 0, 0, 0),
      playoff: {
        currentRound: { name: say("swissRounds.final"), unreported: 0, decided: 1 },
        hasChampion: false,
      },
    });
    expect(next(playoff)).toMatchObject({
      headline: "Final: record results",
      detail: "The Final has 1 match decided but not recorded: record its result.",
    });
  });

  it("MTR 2.1, Appendix E: the playoff starts only after the last planned Swiss round", () => {
    expect(reasonFor(facts({ swissRounds: rounds(0, 0, 0) }), "playoff")).toBe(
      "Round 3 of 5 is complete: the Swiss ends after round 5.",
    );
    const end = next(facts({ swissRounds: rounds(0, 0, 0, 0, 0) }));
    expect(end).toMatchObject({ kind: "END_SWISS", offered: ["playoff", "finish"] });
    expect(end.notOffered).toEqual([
      {
        action: "pair",
        reason:
          "All 5 planned Swiss rounds are played. To add a round, raise the number of Swiss rounds in the settings first.",
      },
    ]);
  });

  it("MTR 2.1: a field too small for a top 4 ends the Swiss with final standings only", () => {
    const input = facts({ activePlayers: 3, plannedSwissRounds: 2, swissRounds: rounds(0, 0) });
    expect(next(input)).toMatchObject({
      kind: "END_SWISS",
      offered: ["finish"],
      headline: "Finish the event",
    });
    expect(reasonFor(input, "playoff")).toBe(
      "A playoff needs at least 4 players still in the event; 3 are.",
    );
  });

  it("MTR 2.4, 8.2: an event whose team matches of two seat matches can split 1-1 ends after its Swiss rounds, and says why no playoff is offered", () => {
    const input = facts({
      entrants: "teams",
      noPlayoffBecause: "two-seat-teams",
      activePlayers: 8,
      plannedSwissRounds: 3,
      swissRounds: rounds(0, 0, 0),
    });
    expect(next(input)).toMatchObject({ kind: "END_SWISS", offered: ["finish"] });
    expect(reasonFor(input, "playoff")).toContain("can end 1-1");
    expect(checkEventAction(input, "playoff")).toMatchObject({
      ok: false,
      error: { code: "NOT_NEXT_STEP" },
    });
  });

  it("CR 100.6a: a pod event's round waits for its pods, and says so", () => {
    expect(
      next(
        facts({ games: "pods", activePlayers: 13, plannedSwissRounds: 4, swissRounds: rounds(3) }),
      ),
    ).toMatchObject({ kind: "ENTER_RESULTS", detail: "Round 1 has 3 pods without a result." });
  });

  it("addenda: a pod event of 13 players after its planned Swiss rounds offers its top cut of pods or the end of the event", () => {
    const input = facts({
      activePlayers: 13,
      plannedSwissRounds: 4,
      swissRounds: rounds(0, 0, 0, 0),
    });
    expect(next(input)).toMatchObject({ kind: "END_SWISS", offered: ["playoff", "finish"] });
  });

  it("MTR Appendix E: without a planned number of rounds every complete round offers another round or the end of the Swiss", () => {
    const step = next(
      facts({ plannedSwissRounds: null, activePlayers: 23, swissRounds: rounds(0, 0) }),
    );
    expect(step).toMatchObject({
      kind: "PAIR_ROUND",
      round: 3,
      offered: ["pair", "playoff", "finish"],
    });
    expect(step.detail).toContain("recommends 5 for 23 players");
  });

  it("MTR 2.1: once the playoff has started no Swiss round is offered, and its current round is named", () => {
    const input = facts({
      swissRounds: rounds(0, 0, 0, 0, 0),
      playoff: {
        currentRound: { name: say("swissRounds.semifinals"), unreported: 2 },
        hasChampion: false,
      },
    });
    expect(next(input)).toMatchObject({
      kind: "PLAYOFF",
      headline: "Semifinals: enter results",
      detail: "The Semifinals have 2 matches without a result.",
      offered: [],
    });
    expect(reasonFor(input, "pair")).toBe(
      "The playoff has started: no more Swiss rounds can be paired.",
    );
  });

  it("MTR 2.10: a complete event offers nothing; every step is refused as EVENT_COMPLETE", () => {
    const input = facts({ status: "COMPLETE", swissRounds: rounds(0, 0, 0, 0, 0) });
    expect(next(input)).toMatchObject({ kind: "COMPLETE", offered: [] });
    expect(checkEventAction(input, "pair")).toMatchObject({
      ok: false,
      error: { code: "EVENT_COMPLETE" },
    });
    expect(checkEventAction(input, "finish")).toMatchObject({
      ok: false,
      error: { code: "EVENT_COMPLETE" },
    });
    const champion = facts({
      swissRounds: rounds(0),
      playoff: {
        currentRound: { name: say("swissRounds.final"), unreported: 0 },
        hasChampion: true,
      },
    });
    expect(next(champion).kind).toBe("COMPLETE");
  });

  it("the data layer's check refuses a step that is not offered with the overview's sentence", () => {
    expect(checkEventAction(facts({ swissRounds: rounds(0, 2) }), "pair")).toEqual({
      ok: false,
      error: { code: "NOT_NEXT_STEP", message: "Round 2 has 2 matches without a result." },
    });
    expect(checkEventAction(facts({ swissRounds: rounds(0, 0, 0, 0, 0) }), "pair")).toMatchObject({
      ok: false,
      error: { code: "NOT_NEXT_STEP", rule: "MTR Appendix E" },
    });
    expect(checkEventAction(facts({ swissRounds: rounds(0, 0, 0, 0, 0) }), "finish")).toEqual({
      ok: true,
      value: "finish",
    });
  });

  it("facts that are not an event's are INVALID_INPUT, not a crash", () => {
    expect(nextStep(null as never)).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(nextStep(facts({ swissRounds: [{ number: 1 }] as never }))).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
    expect(checkEventAction(facts(), "skip" as never)).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
  });
});

describe("a team event's next step (MTR 8.2)", () => {
  it("MTR 8.2: a team event counts its teams, not players", () => {
    const base = {
      status: "REGISTRATION" as const,
      plannedSwissRounds: null,
      swissRounds: [],
      playoff: null,
      entrants: "teams" as const,
    };
    const pair = nextStep({ ...base, activePlayers: 4 });
    expect(pair.ok && pair.value.detail).toMatch(
      /^4 teams are registered; .* Late teams can still register after round 1 is paired\.$/,
    );
    const register = nextStep({ ...base, activePlayers: 1 });
    expect(register.ok && register.value.headline).toBe("Register teams");
    expect(register.ok && register.value.detail).toBe(
      "Round 1 needs at least two teams; 1 team is registered.",
    );
  });
});

describe("the next step on a round's page (MTR 2.5)", () => {
  const pairNext = { kind: "PAIR_ROUND", offered: ["pair"] } as const;
  it("MTR 2.5: offers nothing while a table has no result in", () => {
    expect(
      roundPageStep({ round: 2, resultsIn: false, laterRoundExists: false, step: pairNext }),
    ).toBeNull();
  });
  it("MTR 2.5: offers pairing the next round where the last result arrived", () => {
    expect(
      roundPageStep({ round: 2, resultsIn: true, laterRoundExists: false, step: pairNext }),
    ).toEqual({ kind: "offer", offered: ["pair"] });
  });
  it("MTR 2.1: offers the playoff and the finish after the last Swiss round", () => {
    const endSwiss = { kind: "END_SWISS", offered: ["playoff", "finish"] } as const;
    expect(
      roundPageStep({ round: 4, resultsIn: true, laterRoundExists: false, step: endSwiss }),
    ).toEqual({ kind: "offer", offered: ["playoff", "finish"] });
  });
  it("leads from an earlier round to the one after it", () => {
    expect(
      roundPageStep({ round: 5, resultsIn: true, laterRoundExists: true, step: pairNext }),
    ).toEqual({ kind: "later-round", round: 6 });
  });
  it("the last round of a finished event leads to its results", () => {
    const over = { kind: "COMPLETE", offered: [] } as const;
    expect(
      roundPageStep({ round: 7, resultsIn: true, laterRoundExists: false, step: over }),
    ).toEqual({ kind: "complete" });
  });
  it("offers nothing when the event's step offers nothing here", () => {
    const playoff = { kind: "PLAYOFF", offered: [] } as const;
    expect(
      roundPageStep({ round: 7, resultsIn: true, laterRoundExists: false, step: playoff }),
    ).toBeNull();
  });
});

describe("the playoff's cut offered (MTR 3.1)", () => {
  it("MTR 3.1: the planned top cut is the one offered first when the field allows it", () => {
    expect(playoffCutOffer({ activePlayers: 8, isPodEvent: false, plannedCut: 4 })).toEqual({
      sizes: [4, 8],
      preferred: 4,
    });
  });
  it("MTR 3.1: with no plan a top 8 is offered first, else the smallest the field allows", () => {
    expect(playoffCutOffer({ activePlayers: 20, isPodEvent: false, plannedCut: null })).toEqual({
      sizes: [4, 8, 16],
      preferred: 8,
    });
    expect(playoffCutOffer({ activePlayers: 6, isPodEvent: false, plannedCut: 16 })).toEqual({
      sizes: [4],
      preferred: 4,
    });
  });
  it("CR 100.6a: a pod event's cuts are pods of four, and too small a field gets none", () => {
    expect(playoffCutOffer({ activePlayers: 12, isPodEvent: true, plannedCut: null })).toEqual({
      sizes: [4, 10],
      preferred: 4,
    });
    expect(playoffCutOffer({ activePlayers: 3, isPodEvent: false, plannedCut: 4 })).toEqual({
      sizes: [],
      preferred: null,
    });
  });
});
