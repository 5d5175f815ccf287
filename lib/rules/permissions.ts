/**
 * Who may do what in a tournament: the single source of truth, used by the one
 * mutation wrapper for every server action and API write, by the pages (to show or hide
 * controls) and printed in docs/permissions.md (kept identical by a test).
 *
 * The roles are the tournament's staff roles; the organizer is the tournament's owner.
 */
import { type Message, say } from "./result";

export const STAFF_ROLES = ["ORGANIZER", "HEAD_JUDGE", "JUDGE", "SCOREKEEPER"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = {
  "tournament.settings": say("permissions.changeTournamentSSettings"),
  "tournament.delete": say("permissions.deleteTournament"),
  "staff.manage": say("permissions.inviteRemoveStaff"),
  "players.manage": say("permissions.registerPlayersDropThem"),
  "players.codes": say("permissions.showPlayersCodesReissue"),
  "rounds.manage": say("permissions.pairRoundsSwapSeats"),
  "results.enter": say("permissions.enterCorrectResults"),
  "judging.act": say("permissions.timeExtensionsPenaltiesEnd"),
  "disputes.resolve": say("permissions.settleDisputedResults"),
  "decklists.manage": say("permissions.enterChangeDecklists"),
  "staff.view": say("permissions.seeTournamentBeforePublished"),
} as const;
export type Permission = keyof typeof PERMISSIONS;

const EVERYTHING = Object.keys(PERMISSIONS) as Permission[];

/** The table itself. Anyone (signed in or not) may only view a published tournament's public pages. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  ORGANIZER: EVERYTHING,
  SCOREKEEPER: [
    "players.manage",
    "players.codes",
    "rounds.manage",
    "results.enter",
    "decklists.manage",
    "staff.view",
  ],
  HEAD_JUDGE: [
    "players.codes",
    "results.enter",
    "judging.act",
    "disputes.resolve",
    "decklists.manage",
    "staff.view",
  ],
  JUDGE: ["results.enter", "judging.act", "decklists.manage", "staff.view"],
};

export function isAllowed(role: StaffRole | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** Public pages (pairings, standings, bracket): staff always; anyone once it is published. */
export function canViewTournament(
  tournament: { isPublished: boolean; isDeleted: boolean },
  role: StaffRole | null | undefined,
): boolean {
  if (tournament.isDeleted) return false;
  return tournament.isPublished || isAllowed(role, "staff.view");
}

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  ORGANIZER: "Organizer",
  HEAD_JUDGE: "Head judge",
  JUDGE: "Judge",
  SCOREKEEPER: "Scorekeeper",
};

/** The table as Markdown for docs/permissions.md, its words rendered by `words` (the edge). */
export function permissionsTableMarkdown(words: (message: Message) => string): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  const header = line([
    words(say("permissions.may")),
    ...STAFF_ROLES.map((role) => ROLE_LABELS[role]),
    words(say("permissions.anyone")),
  ]);
  const divider = line(["---", ...STAFF_ROLES.map(() => ":---:"), ":---:"]);
  const rows = EVERYTHING.map((permission) =>
    line([
      words(PERMISSIONS[permission]),
      ...STAFF_ROLES.map((role) => (isAllowed(role, permission) ? "✓" : "")),
      "",
    ]),
  );
  const publicRow = line([
    words(say("permissions.viewPublished")),
    ...STAFF_ROLES.map(() => "✓"),
    "✓",
  ]);
  return [header, divider, ...rows, publicRow].join("\n");
}
