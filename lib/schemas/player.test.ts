import { describe, expect, it } from "vitest";
import { RegisterPlayerSchema } from "./player";
import { nameKey } from "@/lib/rules/registration";

describe("player names", () => {
  it("two spellings of the same name (composed or not, any case or spacing) are one entrant", () => {
    expect(nameKey("Jos\u00e9  Garc\u00eda")).toBe(nameKey(" jose\u0301 garci\u0301a"));
  });
});

describe("look-alike names", () => {
  it("a name with an invisible character (zero-width space, soft hyphen, BOM) is the same entrant as without it", () => {
    expect(nameKey("Ana\u200B Souza")).toBe(nameKey("Ana Souza"));
    expect(nameKey("Ana Sou\u00ADza")).toBe(nameKey("Ana Souza"));
    expect(nameKey("\uFEFFAna Souza\u2060")).toBe(nameKey("Ana Souza"));
  });

  it("space-like characters (no-break, thin, ideographic, tabs) count as one ordinary space", () => {
    expect(nameKey("Ana\u00A0Souza")).toBe(nameKey("Ana Souza"));
    expect(nameKey("Ana\u2009\u3000Souza")).toBe(nameKey("Ana Souza"));
    expect(nameKey("Ana\tSouza")).toBe(nameKey("Ana Souza"));
  });

  it("names up to 80 characters are accepted and the limit is said as it is", () => {
    expect(
      RegisterPlayerSchema.safeParse({ tournamentId: "t", name: "x".repeat(80) }).success,
    ).toBe(true);
    const tooLong = RegisterPlayerSchema.safeParse({ tournamentId: "t", name: "x".repeat(81) });
    expect(tooLong.success ? "" : tooLong.error.issues[0]?.message).toBe(
      "Keep the name to 80 characters or fewer.",
    );
  });
});
