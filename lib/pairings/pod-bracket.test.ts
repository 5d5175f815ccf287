import { describe, expect, it } from "vitest";
import {
  podBracketState,
  podCutFinishes,
  type PodBracketResult,
  type PodBracketState,
  type PodCutSize,
} from "./pod-bracket";
import { render } from "@/lib/messages/render";

const standings = Array.from({ length: 20 }, (_, index) => `s${index + 1}`);

function state(size: PodCutSize, results: PodBracketResult[] = []): PodBracketState {
  const result = podBracketState(size, standings, results);
  if (!result.ok) throw new Error(render(result.error));
  return result.value;
}
const code = (size: number, results: unknown[], players: unknown = standings) => {
  const result = podBracketState(
    size as PodCutSize,
    players as string[],
    results as PodBracketResult[],
  );
  return result.ok ? "ok" : result.error.code;
};

describe("pod top cuts (community tournament addenda)", () => {
  it("addenda: top 4 is one final pod of the top four seeds", () => {
    const s = state(4);
    expect(
      s.pods.map((pod) => ({
        ...pod,
        name: render(pod.name),
        waitingFor: pod.waitingFor.map((m) => render(m)),
      })),
    ).toEqual([
      {
        id: "F",
        name: "Final",
        players: ["s1", "s2", "s3", "s4"],
        seeds: [1, 2, 3, 4],
        waitingFor: [],
        waitingForPods: [],
        winner: null,
        isReady: true,
      },
    ]);
    expect(state(4, [{ podId: "F", winner: "s3" }]).champion).toBe("s3");
  });

  it("addenda: top 10 gives seeds 1–2 a bye into the final and plays two snake-seeded semi-final pods", () => {
    const s = state(10);
    expect(s.pods.map((pod) => [pod.id, pod.seeds])).toEqual([
      ["S1", [3, 6, 7, 10]],
      ["S2", [4, 5, 8, 9]],
      ["F", [1, 2]],
    ]);
    expect(s.readyPodIds).toEqual(["S1", "S2"]);
    expect(s.pods[2]!.waitingFor.map((m) => render(m))).toEqual(["Winner of S1", "Winner of S2"]);
    expect(s.pods[2]!.waitingForPods).toEqual(["S1", "S2"]);
    const done = state(10, [
      { podId: "S2", winner: "s9" },
      { podId: "S1", winner: "s6" },
    ]);
    expect(done.pods[2]!.players).toEqual(["s1", "s2", "s6", "s9"]);
    expect(done.readyPodIds).toEqual(["F"]);
  });

  it("addenda: top 16 plays four snake-seeded pods whose winners meet in the final", () => {
    const s = state(16);
    expect(s.pods.slice(0, 4).map((pod) => pod.seeds)).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
    // Every seed of the cut plays exactly once in the first stage.
    expect(
      s.pods
        .slice(0, 4)
        .flatMap((pod) => pod.seeds)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const results: PodBracketResult[] = [
      { podId: "Q1", winner: "s16" },
      { podId: "Q2", winner: "s2" },
      { podId: "Q3", winner: "s11" },
      { podId: "Q4", winner: "s5" },
    ];
    const final = state(16, results).pods[4]!;
    expect(final.players).toEqual(["s2", "s5", "s11", "s16"]);
    expect(state(16, [...results, { podId: "F", winner: "s11" }]).champion).toBe("s11");
  });

  it("a drawn top-cut pod sends its best-seeded drawing player on (this app's default)", () => {
    const s = state(10, [{ podId: "S1", drawnBy: ["s10", "s7"] }]);
    expect(s.pods[0]!.winner).toBe("s7");
    expect(state(4, [{ podId: "F", drawnBy: ["s4", "s2"] }]).champion).toBe("s2");
  });

  it("refuses what cannot be", () => {
    expect(code(8, [])).toBe("INVALID_SIZE");
    expect(code(16, [], standings.slice(0, 12))).toBe("NOT_ENOUGH_PLAYERS");
    expect(code(4, [], ["a", "b", "a", "c"])).toBe("DUPLICATE_PLAYER");
    expect(code(4, [], ["a", "", "b", "c"])).toBe("INVALID_PLAYER");
    expect(code(4, [{ podId: "S1", winner: "s1" }])).toBe("UNKNOWN_POD");
    expect(code(4, [{ podId: "F", winner: "s9" }])).toBe("NOT_IN_POD");
    expect(
      code(4, [
        { podId: "F", winner: "s1" },
        { podId: "F", winner: "s2" },
      ]),
    ).toBe("DUPLICATE_RESULT");
    expect(code(10, [{ podId: "F", winner: "s1" }])).toBe("POD_NOT_READY");
    expect(code(4, [{ podId: "F", drawnBy: ["s1"] }])).toBe("NOT_IN_POD");
  });

  it("addenda: a top 10's finishes: semifinal losers out at the semifinal, seeds 1–2 playing until the final pod has a winner, then champion and final", () => {
    const semis = state(10, [
      { podId: "S1", winner: "s6" },
      { podId: "S2", winner: "s9" },
    ]);
    expect(podCutFinishes(semis)).toMatchObject({
      s3: "semifinal",
      s7: "semifinal",
      s6: "playing",
      s1: "playing",
      s2: "playing",
    });
    const done = state(10, [
      { podId: "S1", winner: "s6" },
      { podId: "S2", winner: "s9" },
      { podId: "F", winner: "s2" },
    ]);
    expect(podCutFinishes(done)).toMatchObject({
      s2: "champion",
      s1: "final",
      s6: "final",
      s9: "final",
      s4: "semifinal",
    });
  });
});
