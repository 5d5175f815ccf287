import { describe, expect, it } from "vitest";
import { CreateTournamentSchema } from "./tournament";
import { RegisterTeamSchema } from "./team";

describe("team schemas", () => {
  it("MTR 8.2: the create form's one choice sets the team format and size", () => {
    expect(
      CreateTournamentSchema.parse({ name: "Trios", teamSetup: "TEAMS_OF_THREE" }),
    ).toMatchObject({ teamFormat: "TEAM_MATCHES", teamSize: 3 });
    expect(
      CreateTournamentSchema.parse({ name: "Pairs", teamSetup: "TEAMS_OF_TWO" }),
    ).toMatchObject({ teamFormat: "TEAM_MATCHES", teamSize: 2 });
    expect(
      CreateTournamentSchema.parse({ name: "2HG", teamSetup: "TWO_HEADED_GIANT" }),
    ).toMatchObject({ teamFormat: "TWO_HEADED_GIANT", teamSize: 2 });
    expect(CreateTournamentSchema.parse({ name: "Solo", teamSetup: "INDIVIDUAL" })).toMatchObject({
      teamFormat: "INDIVIDUAL",
      teamSize: 1,
    });
    expect(
      CreateTournamentSchema.safeParse({ name: "Odd", teamSetup: "TEAMS_OF_FOUR" }).success,
    ).toBe(false);
  });

  it("a team form's seats become the members in seat order; an empty seat C makes a team of two", () => {
    expect(
      RegisterTeamSchema.parse({
        tournamentId: "t",
        name: " Rocket ",
        memberA: "Ana",
        memberB: " Ben",
        memberC: "Cleo ",
      }),
    ).toEqual({ tournamentId: "t", name: "Rocket", members: ["Ana", "Ben", "Cleo"] });
    expect(
      RegisterTeamSchema.parse({
        tournamentId: "t",
        name: "Pair",
        memberA: "Ana",
        memberB: "Ben",
        memberC: "  ",
      }).members,
    ).toEqual(["Ana", "Ben"]);
    const missing = RegisterTeamSchema.safeParse({
      tournamentId: "t",
      name: "Pair",
      memberA: "Ana",
      memberB: "",
    });
    expect(missing.success ? null : missing.error.issues[0]?.path).toEqual(["memberB"]);
  });
});
