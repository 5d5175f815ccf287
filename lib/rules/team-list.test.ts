import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import type { RuleResult } from "./result";
import {
  checkMemberNameCorrection,
  checkMemberReplacement,
  checkTeam,
  readTeamList,
  type TeamListLine,
} from "./team-list";
import { shownResult } from "./testing/shown";

/** A list line with its reason, if any, as the edge shows it. */
function shownLine(line: TeamListLine | undefined) {
  return line && "message" in line ? { ...line, message: render(line.message) } : line;
}

const NONE = { teamNames: [], memberNames: [] };

function value<T>(result: RuleResult<T>): T {
  if (!result.ok) throw new Error(render(result.error));
  return result.value;
}

describe("checkTeam (MTR 8.2 Team Composition and Identification)", () => {
  it("MTR 8.2: a team is one player per seat, names cleaned, in seat order", () => {
    expect(
      value(checkTeam({ name: "  Team   Rocket ", members: [" Ana", "Ben ", "Cleo"] }, 3, NONE)),
    ).toEqual({ name: "Team Rocket", members: ["Ana", "Ben", "Cleo"] });
  });

  it("MTR 8.2: a team of three needs three players, a two-player team two", () => {
    const short = checkTeam({ name: "Trio", members: ["Ana", "Ben"] }, 3, NONE);
    expect(short.ok || render(short.error)).toBe(
      "Trio needs exactly 3 members, one in each seat A, B, C; 2 were given.",
    );
    expect(checkTeam({ name: "Pair", members: ["Ana", "Ben", "Cleo"] }, 2, NONE).ok).toBe(false);
    expect(checkTeam({ name: "", members: ["Ana", "Ben"] }, 2, NONE).ok).toBe(false);
  });

  it("MTR 8.2: nobody sits in two seats of one team", () => {
    const twice = checkTeam({ name: "Echo", members: ["Ana", "ana", "Cleo"] }, 3, NONE);
    expect(twice.ok ? null : twice.error.code).toBe("DUPLICATE_PLAYER");
  });

  it("MTR 8.2: a player may be on one team of a tournament only, and a team name is taken once", () => {
    const registered = { teamNames: ["Team Rocket"], memberNames: ["Ana", "Ben", "Cleo"] };
    const member = checkTeam({ name: "Other", members: ["Dora", "BEN", "Eli"] }, 3, registered);
    expect(member.ok ? null : member.error).toMatchObject({
      code: "PLAYER_ON_ANOTHER_TEAM",
      rule: "MTR 8.2",
    });
    const name = checkTeam({ name: "team rocket", members: ["Dora", "Fay", "Eli"] }, 3, registered);
    expect(name.ok ? null : name.error.code).toBe("TEAM_NAME_TAKEN");
  });

  it("refuses a team size that is no team", () => {
    expect(checkTeam({ name: "Solo", members: ["Ana"] }, 1, NONE).ok).toBe(false);
    expect(checkTeam({ name: "Four", members: ["A", "B", "C", "D"] }, 4, NONE).ok).toBe(false);
  });
});

describe("readTeamList", () => {
  it("MTR 8.2: reads 'Team: A, B, C' and tab-separated lines, with a reason for every line skipped", () => {
    const lines = value(
      readTeamList(
        [
          "Team Rocket: Ana, Ben, Cleo",
          "",
          "Blue\tDora\tEli\tFay",
          "No colon here",
          "Short: Gus, Hal",
          "Again: Ivy, Ana, Jo",
          "team rocket: Kim, Lea, Max",
          "Known: Zed, Yul, Xia",
        ].join("\n"),
        3,
        { teamNames: ["Known"], memberNames: [] },
      ),
    );
    expect(lines.map((line) => line.status)).toEqual([
      "valid",
      "blank",
      "valid",
      "invalid",
      "invalid",
      "duplicate",
      "duplicate",
      "registered",
    ]);
    expect(lines[2]).toMatchObject({ name: "Blue", members: ["Dora", "Eli", "Fay"] });
    expect(shownLine(lines[4])).toMatchObject({
      message: "Line 5: Short needs exactly 3 members, one in each seat A, B, C; 2 were given.",
    });
    expect(shownLine(lines[5])).toMatchObject({
      message: "Line 6: Ana is already on line 1 (MTR 8.2: one team per player).",
    });
    expect(shownLine(lines[6])).toMatchObject({
      message: "Line 7: the team team rocket is already on line 1.",
    });
    expect(shownLine(lines[7])).toMatchObject({
      message: "Line 8: The team Known is already registered.",
    });
  });

  it("a member already on a registered team is skipped as registered", () => {
    const [line] = value(
      readTeamList("New: Ana, Ben", 2, { teamNames: ["Old"], memberNames: ["Ben", "Cal"] }),
    );
    expect(shownLine(line)).toMatchObject({
      status: "registered",
      message:
        "Line 1: Ben is already on another team in this tournament: a player may be on more than one team, but not during the same tournament.",
    });
  });
});

describe("replacing a member before the team plays (MTR 8.2)", () => {
  const team = { name: "Rocket", members: ["Ana", "Ben", "Cleo"] };
  const others = { teamNames: ["Blue"], memberNames: ["Dora", "Eli", "Fay"] };
  const replace = (overrides: Partial<Parameters<typeof checkMemberReplacement>[0]> = {}) =>
    checkMemberReplacement({
      team,
      teamSize: 3,
      seat: 1,
      newName: "Bea",
      roundsPaired: 0,
      others,
      ...overrides,
    });

  it("MTR 8.2: before its first round the new player takes the same seat; the others keep theirs", () => {
    expect(replace()).toEqual({
      ok: true,
      value: { name: "Rocket", members: ["Ana", "Bea", "Cleo"] },
    });
  });

  it("MTR 8.2: once the team has been paired its members are fixed", () => {
    expect(shownResult(replace({ roundsPaired: 1 }))).toMatchObject({
      ok: false,
      error: {
        code: "TEAM_FIXED",
        message: expect.stringContaining("keeps its members and seats for the whole tournament"),
      },
    });
  });

  it("MTR 8.2: the new player may not already be in the team or on another team", () => {
    expect(replace({ newName: "cleo" })).toMatchObject({
      ok: false,
      error: { code: "DUPLICATE_PLAYER" },
    });
    expect(replace({ newName: "Dora" })).toMatchObject({
      ok: false,
      error: { code: "PLAYER_ON_ANOTHER_TEAM" },
    });
    expect(shownResult(replace({ newName: " ben " }))).toMatchObject({
      ok: false,
      error: { message: "ben already has that seat in Rocket." },
    });
    expect(replace({ seat: 3 })).toMatchObject({ ok: false, error: { code: "INVALID_TEAM" } });
    expect(replace({ newName: "  " })).toMatchObject({
      ok: false,
      error: { code: "INVALID_TEAM" },
    });
  });
});

describe("correcting a member's name (MTR 8.2)", () => {
  it("MTR 8.2: a typo in a member's name may be corrected at any time, checked like any member's name", () => {
    const team = { name: "Rocket", members: ["Ana", "Bne", "Cleo"] };
    const others = { teamNames: ["Blue"], memberNames: ["Dora"] };
    expect(
      checkMemberNameCorrection({ team, teamSize: 3, seat: 1, newName: "Ben", others }),
    ).toEqual({ ok: true, value: { name: "Rocket", members: ["Ana", "Ben", "Cleo"] } });
    expect(
      checkMemberNameCorrection({ team, teamSize: 3, seat: 1, newName: "Dora", others }),
    ).toMatchObject({ ok: false, error: { code: "PLAYER_ON_ANOTHER_TEAM" } });
    expect(
      checkMemberNameCorrection({ team, teamSize: 3, seat: 0, newName: "ANA", others }),
    ).toEqual({ ok: true, value: { name: "Rocket", members: ["ANA", "Bne", "Cleo"] } });
  });
});
