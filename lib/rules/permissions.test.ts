import { describe, expect, it } from "vitest";
import {
  canViewTournament,
  isAllowed,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type Permission,
} from "./permissions";

describe("the role table", () => {
  it("the organizer may do everything, including settings, staff and deleting the tournament", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[])
      expect(isAllowed("ORGANIZER", permission), permission).toBe(true);
  });

  it("a scorekeeper runs registration, drops, pairings, rounds and results, but not judging, staff or settings", () => {
    expect(ROLE_PERMISSIONS.SCOREKEEPER).toEqual(
      expect.arrayContaining(["players.manage", "rounds.manage", "results.enter"]),
    );
    for (const permission of [
      "judging.act",
      "disputes.resolve",
      "staff.manage",
      "tournament.settings",
      "tournament.delete",
    ] as const) {
      expect(isAllowed("SCOREKEEPER", permission), permission).toBe(false);
    }
  });

  it("judges enter and correct results and judge (extensions, penalties, end of match); only the head judge settles disputes", () => {
    for (const role of ["JUDGE", "HEAD_JUDGE"] as const) {
      expect(isAllowed(role, "results.enter")).toBe(true);
      expect(isAllowed(role, "judging.act")).toBe(true);
      expect(isAllowed(role, "rounds.manage")).toBe(false);
      expect(isAllowed(role, "tournament.settings")).toBe(false);
    }
    expect(isAllowed("HEAD_JUDGE", "disputes.resolve")).toBe(true);
    expect(isAllowed("JUDGE", "disputes.resolve")).toBe(false);
  });

  it("MTR 2.7: every staff role may enter a paper decklist and change a list (the data layer asks for a reason once lists are final)", () => {
    for (const role of STAFF_ROLES) expect(isAllowed(role, "decklists.manage"), role).toBe(true);
  });

  it("someone without a role may do nothing", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      expect(isAllowed(null, permission)).toBe(false);
      expect(isAllowed(undefined, permission)).toBe(false);
    }
  });

  it("a published tournament is public; one in preparation is for its staff only; a deleted one for no one", () => {
    for (const role of STAFF_ROLES)
      expect(canViewTournament({ isPublished: false, isDeleted: false }, role)).toBe(true);
    expect(canViewTournament({ isPublished: false, isDeleted: false }, null)).toBe(false);
    expect(canViewTournament({ isPublished: true, isDeleted: false }, null)).toBe(true);
    expect(canViewTournament({ isPublished: true, isDeleted: true }, "ORGANIZER")).toBe(false);
  });
});
