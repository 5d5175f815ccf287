import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import { type PairingReasonInput, type ReasonPlayer, pairingReason } from "./pairing-reason";

const names = new Map([
  ["ana", "Ana"],
  ["bo", "Bo"],
  ["cy", "Cy"],
  ["di", "Di"],
  ["ed", "Ed"],
]);

function why(input: Partial<PairingReasonInput> & Pick<PairingReasonInput, "pairing">) {
  const answer = pairingReason({ source: "pairer", round: 3, players: FIELD, ...input });
  if (!answer.ok) throw new Error(render(answer.error));
  return { code: answer.value.code, text: render(answer.value.message, { players: names }) };
}

/** After two rounds: Ana and Bo 6, Cy 3 (played Ana), Di and Ed 0-3. */
const FIELD: ReasonPlayer[] = [
  { id: "ana", matchPoints: 6, opponents: ["cy", "di"] },
  { id: "bo", matchPoints: 6, opponents: ["ed", "di"], hadBye: false },
  { id: "cy", matchPoints: 3, opponents: ["ana"], hadBye: true },
  { id: "di", matchPoints: 0, opponents: ["ana", "bo"] },
  { id: "ed", matchPoints: 3, opponents: ["bo"], hadBye: true },
];

describe("why this pairing (the Swiss pairer's objective, docs/pairings.md; MTR 2.2 playoff seeding)", () => {
  it("Swiss: two players on the same points meet within their points group", () => {
    expect(why({ pairing: { playerA: "ana", playerB: "bo" } })).toEqual({
      code: "SAME_GROUP",
      text: "Both on 6 points: players meet others on the same points.",
    });
  });

  it("Swiss: one point is a point, not points (a drawn first round)", () => {
    const field: ReasonPlayer[] = [
      { id: "ana", matchPoints: 1, opponents: ["cy"] },
      { id: "bo", matchPoints: 1, opponents: ["di"] },
      { id: "cy", matchPoints: 1, opponents: ["ana"] },
      { id: "di", matchPoints: 1, opponents: ["bo"] },
    ];
    expect(why({ players: field, pairing: { playerA: "ana", playerB: "bo" } }).text).toBe(
      "Both on 1 point: players meet others on the same points.",
    );
  });

  it("Swiss: a player paired down from an odd points group", () => {
    const field: ReasonPlayer[] = [
      { id: "ana", matchPoints: 6 },
      { id: "bo", matchPoints: 3 },
      { id: "cy", matchPoints: 3 },
      { id: "di", matchPoints: 3, opponents: ["ed"] },
      { id: "ed", matchPoints: 0 },
      { id: "fi", matchPoints: 0, opponents: ["ana"] },
    ];
    expect(why({ players: field, pairing: { playerA: "ana", playerB: "bo" } })).toEqual({
      code: "PAIRED_DOWN_ODD_GROUP",
      text: "Ana was paired down from 6 points to 3: the 6-point group had an odd number of players.",
    });
    // Three on 3 points and one paired down into them: the group is even, so none goes down.
    expect(why({ players: field, pairing: { playerA: "cy", playerB: "di" } }).code).toBe(
      "SAME_GROUP",
    );
  });

  it("Swiss: a player paired down into a group that then had to send one down", () => {
    const field: ReasonPlayer[] = [
      { id: "ana", matchPoints: 6 },
      { id: "bo", matchPoints: 3 },
      { id: "cy", matchPoints: 3 },
      { id: "di", matchPoints: 0 },
    ];
    expect(why({ players: field, pairing: { playerA: "cy", playerB: "di" } })).toMatchObject({
      code: "PAIRED_DOWN_INTO_GROUP",
    });
  });

  it("Swiss: a pair-down from an even group names the rematch it avoids", () => {
    const field: ReasonPlayer[] = [
      { id: "ana", matchPoints: 6, opponents: ["bo"] },
      { id: "bo", matchPoints: 6 },
      { id: "cy", matchPoints: 3 },
      { id: "di", matchPoints: 3 },
    ];
    expect(why({ players: field, pairing: { playerA: "ana", playerB: "cy" } })).toEqual({
      code: "PAIRED_DOWN_REMATCH",
      text: "Ana was paired down from 6 points: Bo was on 6 points too, but they have already played.",
    });
  });

  it("Swiss: the bye goes to the lowest player without one; with everyone having had one, again to the lowest", () => {
    expect(why({ pairing: { playerA: "di", playerB: null } })).toEqual({
      code: "BYE_LOWEST",
      text: "Di has the bye: the field is odd, and it goes to the player on the fewest points (0) without a bye so far, lowest in the standings first.",
    });
    expect(why({ pairing: { playerA: "bo", playerB: null } }).code).toBe("BYE_AVOIDS_REMATCH");
    const all = FIELD.map((p) => ({ ...p, hadBye: true }));
    expect(why({ players: all, pairing: { playerA: "di", playerB: null } }).code).toBe(
      "BYE_REPEATED",
    );
  });

  it("Swiss: round 1 is random, its bye too", () => {
    const fresh = FIELD.map((p) => ({ id: p.id, matchPoints: 0 }));
    expect(why({ round: 1, players: fresh, pairing: { playerA: "ana", playerB: "bo" } })).toEqual({
      code: "ROUND_ONE",
      text: "Round 1 is paired at random.",
    });
    expect(why({ round: 1, players: fresh, pairing: { playerA: "ed", playerB: null } }).code).toBe(
      "BYE_RANDOM",
    );
  });

  it("Swiss: a forced rematch says so", () => {
    expect(why({ pairing: { playerA: "ana", playerB: "cy" } }).code).toBe("REMATCH");
  });

  it("MTR 2.2: a playoff pairing is its seeds; entered and swapped pairings are the staff's", () => {
    expect(
      why({ source: "playoff", seeds: { A: 1, B: 8 }, pairing: { playerA: "ana", playerB: "bo" } }),
    ).toEqual({
      code: "PLAYOFF_SEEDS",
      text: "Seed 1 plays seed 8: the playoff is seeded from the final Swiss standings.",
    });
    expect(why({ source: "entered", pairing: { playerA: "ana", playerB: "bo" } }).code).toBe(
      "ENTERED",
    );
    expect(why({ source: "swapped", pairing: { playerA: "ana", playerB: "bo" } }).code).toBe(
      "SWAPPED",
    );
  });

  it("bad input is refused with a message: an unknown player, a pairing of one player with themself", () => {
    for (const input of [
      { source: "pairer", round: 2, players: FIELD, pairing: { playerA: "zz", playerB: "bo" } },
      { source: "pairer", round: 2, players: FIELD, pairing: { playerA: "bo", playerB: "bo" } },
      { source: "nobody", round: 2, players: FIELD, pairing: { playerA: "ana", playerB: "bo" } },
      { source: "playoff", pairing: { playerA: "ana", playerB: "bo" } },
      null,
    ]) {
      const answer = pairingReason(input as never);
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(render(answer.error).length).toBeGreaterThan(10);
    }
  });
});
