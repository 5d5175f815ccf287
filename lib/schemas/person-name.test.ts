import { describe, expect, it } from "vitest";
import { AccountNameSchema } from "./account";
import { InviteStaffSchema } from "./staff";

describe("names that history shows cannot pass for someone else", () => {
  it.each([
    ["a right-to-left override", "Mallory \u202e)tset.elpmaxe@agllo( renwO aglO\u202c"],
    ["a zero-width space", "Olga\u200bOwner"],
    ["a line break", "Olga\nOwner"],
    ["a tab", "Olga\tOwner"],
  ])("an account name with %s is refused", (_what, name) => {
    expect(AccountNameSchema.safeParse(name).success).toBe(false);
    expect(
      InviteStaffSchema.safeParse({
        tournamentId: "t1",
        email: "judge@example.test",
        name,
        role: "JUDGE",
      }).success,
    ).toBe(false);
  });

  it.each(["Jérôme Dupont", "O'Brien", "Zoë Ng-Ling", "山田 太郎"])("keeps %s", (name) => {
    expect(AccountNameSchema.parse(name)).toBe(name);
  });
});
