import { describe, expect, it } from "vitest";
import { RecordGameSchema } from "./game";

const form = {
  matchId: "m1",
  expectedVersion: "0",
  idempotencyKey: "key-00001",
  chooser: "A",
  choice: "PLAY",
  reason: "LIFE",
  winner: "A",
};

describe("the game form's 'two things at once' tick boxes (CR 104.3)", () => {
  it("no box ticked: the reason and winner say how the game ended", () => {
    expect(RecordGameSchema.parse(form).atOnce).toBeNull();
  });

  it("ticked boxes become each player's facts for decideGame", () => {
    const parsed = RecordGameSchema.parse({ ...form, aLife: "on", bPoison: "on", bLibrary: "on" });
    expect(parsed.atOnce).toEqual({
      A: { life: 0 },
      B: { poison: 10, drewFromEmptyLibrary: true },
    });
    expect(parsed).not.toHaveProperty("aLife");
  });
});

describe("MTR 2.2: the game form's chooser", () => {
  it("MTR 2.2: no chooser sent (the record names one) is read as none, for the server to take from the record", () => {
    const { chooser: _, ...withoutChooser } = form;
    expect(RecordGameSchema.parse(withoutChooser).chooser ?? null).toBeNull();
    expect(RecordGameSchema.parse({ ...form, chooser: "" }).chooser).toBeNull();
    expect(RecordGameSchema.parse(form).chooser).toBe("A");
  });

  it("MTR 2.2: a chooser other than A or B is refused with a clear message", () => {
    const parsed = RecordGameSchema.safeParse({ ...form, chooser: "C" });
    expect(parsed.success ? "" : parsed.error.issues[0]?.message).toBe(
      "Say who chose to play or draw.",
    );
  });
});
