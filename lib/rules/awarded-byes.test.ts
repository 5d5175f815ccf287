import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  checkAwardedByes as checkAwardedByesOf,
  parseByeRounds as parseByeRoundsOf,
  splitAwardedByes,
} from "./awarded-byes";
import type { RuleResult } from "./result";

/** The result with its error's message rendered in English, as the tests read it. */
const rendered = <T>(r: RuleResult<T>) =>
  r.ok ? r : { ok: false, error: { ...r.error, message: render(r.error) } };
const parseByeRounds = (text: string) => rendered(parseByeRoundsOf(text));
const checkAwardedByes = (input: Parameters<typeof checkAwardedByesOf>[0]) =>
  rendered(checkAwardedByesOf(input));

describe("byes awarded in advance (MTR Appendix C counts a bye as a match won 2-0)", () => {
  it("reads the rounds as an organizer types them", () => {
    expect(parseByeRounds("1")).toEqual({ ok: true, value: [1] });
    expect(parseByeRounds("1-3")).toEqual({ ok: true, value: [1, 2, 3] });
    expect(parseByeRounds("3, 1 and 2")).toEqual({ ok: true, value: [1, 2, 3] });
    expect(parseByeRounds("1–2, 2")).toEqual({ ok: true, value: [1, 2] });
  });

  it("says what it cannot read", () => {
    expect(parseByeRounds("")).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(parseByeRounds("first")).toMatchObject({
      ok: false,
      error: { message: '"first" is not a round or a range of rounds such as "1-3".' },
    });
    expect(parseByeRounds("3-1")).toMatchObject({ ok: false, error: { code: "INVALID_NUMBER" } });
    expect(parseByeRounds("0")).toMatchObject({ ok: false, error: { code: "INVALID_NUMBER" } });
    expect(parseByeRounds("1-100")).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("rounds 1 to 20") },
    });
  });

  it("a bye is awarded before its round is paired, from the player's entry, and never to a dropped player (MTR 2.10)", () => {
    const base = {
      rounds: [1, 2],
      roundsPaired: 0,
      firstRound: 1,
      droppedAfterRound: null,
      name: "Ana",
    };
    expect(checkAwardedByes(base)).toEqual({ ok: true, value: [1, 2] });
    expect(checkAwardedByes({ ...base, roundsPaired: 1 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("Round 1 is already paired") },
    });
    expect(checkAwardedByes({ ...base, rounds: [3], firstRound: 4 })).toMatchObject({
      ok: false,
      error: { code: "MATCH_BEFORE_ENTRY" },
    });
    expect(checkAwardedByes({ ...base, rounds: [3], droppedAfterRound: 1 })).toMatchObject({
      ok: false,
      error: { code: "MATCH_AFTER_DROP", rule: "MTR 2.10" },
    });
  });

  it("a player with an awarded bye for the round is not paired in it", () => {
    const players = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(splitAwardedByes(players, new Set(["b"]))).toEqual({
      toPair: [{ id: "a" }, { id: "c" }],
      byes: [{ id: "b" }],
    });
  });
});
