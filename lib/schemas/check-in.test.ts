import { describe, expect, it } from "vitest";
import {
  RegistrationSettingsSchema,
  RemovePhoneRegistrationsSchema,
  SelfRegisterSchema,
} from "./check-in";

const key = "key-000000001";

describe("registering from a phone: the name", () => {
  it("is cleaned like a typed name (spaces collapsed) and kept to 80 characters", () => {
    expect(
      SelfRegisterSchema.parse({ tournamentId: "t", name: "  Ana   Silva ", requestKey: key }).name,
    ).toBe("Ana Silva");
    const long = SelfRegisterSchema.safeParse({
      tournamentId: "t",
      name: "x".repeat(81),
      requestKey: key,
    });
    expect(long.success ? null : long.error.issues[0]?.message).toBe(
      "Keep the name to 80 characters or fewer.",
    );
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
    expect(
      RegistrationSettingsSchema.parse({
        tournamentId: "t",
        openRegistration: "on",
        registrationCap: "",
        phoneRegistrationCap: "200",
      }),
    ).toEqual({
      tournamentId: "t",
      openRegistration: true,
      registrationCap: null,
      phoneRegistrationCap: 200,
    });
    expect(
      RegistrationSettingsSchema.parse({
        tournamentId: "t",
        registrationCap: "16",
        phoneRegistrationCap: "50",
      }),
    ).toEqual({
      tournamentId: "t",
      openRegistration: false,
      registrationCap: 16,
      phoneRegistrationCap: 50,
    });
    for (const cap of ["1", "2.5", "lots", "0x10"]) {
      const parsed = RegistrationSettingsSchema.safeParse({
        tournamentId: "t",
        registrationCap: cap,
        phoneRegistrationCap: "200",
      });
      expect(parsed.success ? null : parsed.error.issues[0]?.message).toMatch(
        /most players must be/,
      );
    }
  });
});

describe("the limit on registrations from phones", () => {
  it("is a whole number from 1 to 4096, and a blank or wrong one says what to enter", () => {
    const message = (phoneRegistrationCap: string | undefined) => {
      const parsed = RegistrationSettingsSchema.safeParse({
        tournamentId: "t",
        registrationCap: "",
        phoneRegistrationCap,
      });
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(message("1")).toBeNull();
    expect(message("")).toBe(
      "Enter how many registrations from phones the event takes, as a whole number.",
    );
    expect(message(undefined)).toBe(
      "Enter how many registrations from phones the event takes, as a whole number.",
    );
    expect(message("0")).toBe(
      "Registrations from phones must be at least 1; to stop them, untick Open registration.",
    );
    expect(message("4097")).toBe("Registrations from phones must be 4096 or fewer.");
    expect(message("1.5")).toBe("Registrations from phones must be a whole number.");
  });
});

describe("registering from a phone: the screen's token", () => {
  it("is optional text (the server says whether it is one); an overlong one is refused as not from the screen", () => {
    expect(
      SelfRegisterSchema.parse({ tournamentId: "t", name: "Ana", requestKey: key }).token,
    ).toBeUndefined();
    expect(
      SelfRegisterSchema.parse({
        tournamentId: "t",
        name: "Ana",
        requestKey: key,
        token: " 5XK2Q-0123456789AB ",
      }).token,
    ).toBe("5XK2Q-0123456789AB");
    const long = SelfRegisterSchema.safeParse({
      tournamentId: "t",
      name: "Ana",
      requestKey: key,
      token: "x".repeat(41),
    });
    expect(long.success ? null : long.error.issues[0]?.message).toContain(
      "does not come from the check-in screen",
    );
  });
});

describe("removing registrations from phones in one step", () => {
  const ids = "r1, w2 ,r3";

  it("names one network (or the unknown one) or a moment, and the entries staff were shown", () => {
    expect(
      RemovePhoneRegistrationsSchema.parse({
        tournamentId: "t",
        network: "0123456789ABCDEF",
        entryIds: ids,
      }),
    ).toEqual({
      tournamentId: "t",
      entryIds: ["r1", "w2", "r3"],
      selection: { kind: "network", network: "0123456789ABCDEF" },
    });
    expect(
      RemovePhoneRegistrationsSchema.parse({ tournamentId: "t", network: "unknown", entryIds: ids })
        .selection,
    ).toEqual({ kind: "network", network: null });
    expect(
      RemovePhoneRegistrationsSchema.parse({
        tournamentId: "t",
        since: "1795000000000",
        entryIds: ids,
      }).selection,
    ).toEqual({ kind: "since", sinceMs: 1795000000000 });
  });

  it("refuses both groups at once, neither, an unknown network or no entries, with a sentence", () => {
    const message = (input: Record<string, string>) => {
      const parsed = RemovePhoneRegistrationsSchema.safeParse({
        tournamentId: "t",
        entryIds: ids,
        ...input,
      });
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(message({ network: "unknown", since: "1" })).toBe(
      "Choose one group: a network, or a time.",
    );
    expect(message({})).toBe("Choose one group: a network, or a time.");
    expect(message({ network: "192.0.2.1" })).toBe(
      "Reload the page: that group of registrations is not known.",
    );
    expect(message({ network: "unknown", entryIds: " , " })).toBe(
      "No registrations to remove: reload the page to see the latest.",
    );
  });
});
