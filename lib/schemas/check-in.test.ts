import { describe, expect, it } from "vitest";
import { RegistrationSettingsSchema, SelfRegisterSchema } from "./check-in";

const key = "key-000000001";

describe("registering from a phone: the name", () => {
  it("is cleaned like a typed name (spaces collapsed) and kept to 80 characters", () => {
    expect(SelfRegisterSchema.parse({ tournamentId: "t", name: "  Ana   Silva ", requestKey: key }).name).toBe("Ana Silva");
    const long = SelfRegisterSchema.safeParse({ tournamentId: "t", name: "x".repeat(81), requestKey: key });
    expect(long.success ? null : long.error.issues[0]?.message).toBe("Keep the name to 80 characters or fewer.");
  });

  it("refuses an empty name, invisible or control characters, and a missing form key", () => {
    const messages = (input: Record<string, unknown>) => {
      const parsed = SelfRegisterSchema.safeParse({ tournamentId: "t", requestKey: key, ...input });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(messages({ name: "   " })).toEqual(["Enter your name."]);
    expect(messages({ name: "Ana\u202Emoc" })[0]).toContain("invisible or control characters");
    expect(messages({ name: "Ana\nBen" })[0]).toContain("invisible or control characters");
    expect(messages({ name: "Ana", requestKey: "" })).toEqual(["Reload the page and try again."]);
  });
});

describe("registration settings", () => {
  it("reads the checkbox and a blank cap as no cap; a cap below 2 or not whole is refused with a sentence", () => {
    expect(RegistrationSettingsSchema.parse({ tournamentId: "t", openRegistration: "on", registrationCap: "" })).toEqual({ tournamentId: "t", openRegistration: true, registrationCap: null });
    expect(RegistrationSettingsSchema.parse({ tournamentId: "t", registrationCap: "16" })).toEqual({ tournamentId: "t", openRegistration: false, registrationCap: 16 });
    for (const cap of ["1", "2.5", "lots", "0x10"]) {
      const parsed = RegistrationSettingsSchema.safeParse({ tournamentId: "t", registrationCap: cap });
      expect(parsed.success ? null : parsed.error.issues[0]?.message).toMatch(/most players must be/);
    }
  });
});
