import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import {
  isAllowed,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
  permissionsTableMarkdown,
} from "@/lib/rules/permissions";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { addStaff } from "@/test/staff";
import { inviteStaff } from "@/lib/server/tournament/staff";
import { callJudge } from "@/lib/server/judge-calls/judge-calls";
import { recordDeckCheck } from "@/lib/server/deck-checks/deck-checks";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { createApiToken } from "@/lib/server/api/api-tokens";
import { registrationTokenFor } from "@/lib/server/check-in/registration-token";
import { render } from "@/lib/messages/render";

/**
 * Every server action and every API route, found by reading the code (a
 * new one without a rule here fails the first test), called as each kind of caller. Each call is
 * allowed or refused exactly as the role table (lib/rules/permissions.ts) says, and a refused
 * call changes no row.
 */

// Who is calling: server actions read the request's headers through next/headers.
let currentHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
class Redirected extends Error {
  constructor(readonly location: string) {
    super(`redirect to ${location}`);
  }
}
vi.mock("next/navigation", () => ({
  redirect: (location: string) => {
    throw new Redirected(location);
  },
  notFound: () => {
    throw new Redirected("not-found");
  },
}));

type Caller = "anonymous" | "outsider" | StaffRole;
const CALLERS: Caller[] = ["anonymous", "outsider", ...STAFF_ROLES];
type Access =
  | { permission: Permission }
  | { player: "report" | "report-pod" | "call-judge" | "drop" | "notify" | "decklist" }
  | "signed-in"
  | "anyone";

type Fixture = {
  tournamentId: string;
  matchId: string;
  matchVersion: number;
  registrationIds: string[];
  staffId: string;
  webhookId: string;
};
type Outcome = {
  refused: boolean;
  detail: string /** Answered as if the tournament did not exist. */;
  notFound?: boolean;
};

type Case = {
  access: Access;
  call: (fixture: Fixture) => Promise<Outcome>;
};

const accounts = {} as Record<Exclude<Caller, "anonymous">, TestAccount>;

async function freshFixture(): Promise<Fixture> {
  const created = await createTournament(
    { name: `Matrix ${Math.random()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    accounts.ORGANIZER,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const role of ["HEAD_JUDGE", "JUDGE", "SCOREKEEPER"] as const) {
    await addStaff(tournamentId, accounts[role], role);
  }
  const pending = await inviteStaff({
    tournamentId,
    email: `pending-${Math.random()}@example.test`,
    name: "",
    role: "JUDGE",
  });
  if (!pending.ok) throw new Error(pending.error.message);
  const registrationIds: string[] = [];
  for (const name of ["Ana", "Ben", "Cleo", "Dev", "Eli"]) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
    registrationIds.push(registered.value.id);
  }
  const paired = await pairNextSwissRound(tournamentId, "matrix");
  if (!paired.ok) throw new Error(paired.error.message);
  const match = (await getRound(tournamentId, 1))!.matches.find(
    (candidate) => candidate.sideB !== null,
  )!;
  const judge = await prisma.staffMember.findFirstOrThrow({
    where: { tournamentId, role: "JUDGE" },
  });
  // A webhook endpoint to a documentation address (TEST-NET-1): refused before any call is made.
  const webhook = await prisma.webhookEndpoint.create({
    data: {
      tournamentId,
      url: "https://192.0.2.1/hook",
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      kinds: ["round.paired"],
    },
  });
  return {
    tournamentId,
    matchId: match.id,
    matchVersion: match.version,
    registrationIds,
    staffId: judge.id,
    webhookId: webhook.id,
  };
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const REFUSAL_CODES = new Set(["UNAUTHENTICATED", "FORBIDDEN"]);

/** Calls a server action; a redirect to sign-in is a refusal, any other redirect an answer. */
async function callAction(
  action: (...args: never[]) => Promise<unknown>,
  ...args: unknown[]
): Promise<Outcome> {
  try {
    const state = await (action as (...args: unknown[]) => Promise<FormState | undefined>)(...args);
    const refused = state?.status === "error" && REFUSAL_CODES.has(state.code ?? "");
    return {
      refused,
      notFound: state?.status === "error" && state.code === "NOT_FOUND",
      detail: state ? `${state.status} ${state.code ?? ""} ${state.message ?? ""}` : "no state",
    };
  } catch (error) {
    if (error instanceof Redirected)
      return { refused: error.location.startsWith("/sign-in"), detail: error.message };
    throw error;
  }
}

async function callRoute(response: Promise<Response>): Promise<Outcome> {
  const answer = await response;
  return {
    refused: answer.status === 401 || answer.status === 403,
    notFound: answer.status === 404,
    detail: `${answer.status} ${await answer.text()}`,
  };
}

function jsonPost(url: string, body: unknown): Request {
  const authorization = currentHeaders.get("authorization");
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: currentHeaders.get("cookie") ?? "",
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
  });
}

const actionModules = import.meta.glob<Record<string, unknown>>("../*/*-actions.ts", {
  eager: true,
});
const routeModules = import.meta.glob<Record<string, unknown>>("../../../app/api/**/route.ts", {
  eager: true,
});
const actions = Object.fromEntries(
  Object.values(actionModules).flatMap((module) => Object.entries(module)),
) as Record<string, (...args: never[]) => Promise<unknown>>;
const routes = Object.fromEntries(
  Object.entries(routeModules).map(([file, module]) => [
    file.replace("../../../app", "").replace("/route.ts", ""),
    module,
  ]),
) as Record<
  string,
  Record<
    string,
    (request: Request, context: { params: Promise<Record<string, unknown>> }) => Promise<Response>
  >
>;

const tournament = (permission: Permission): Access => ({ permission });

/** A player's open call at the fixture's match, made through the data layer (as their phone would). */
async function openJudgeCall(fixture: Fixture): Promise<string> {
  const match = await prisma.match.findUniqueOrThrow({
    where: { id: fixture.matchId },
    select: { sideAId: true },
  });
  const called = await callJudge(
    { matchId: fixture.matchId, note: "", idempotencyKey: `matrix-call-${Math.random()}` },
    { registrationId: match.sideAId, tournamentId: fixture.tournamentId },
  );
  if (!called.ok) throw new Error(called.error.message);
  return called.value.call.id;
}

const MATRIX_SETUP_JUDGE = "Matrix setup";

/** A judge's record of a Decklist Problem at the fixture's match, made through the data layer. */
async function problemDeckCheck(fixture: Fixture): Promise<string> {
  const match = await prisma.match.findUniqueOrThrow({
    where: { id: fixture.matchId },
    select: { sideAId: true },
  });
  const recorded = await recordDeckCheck(
    {
      tournamentId: fixture.tournamentId,
      matchId: fixture.matchId,
      registrationId: match.sideAId,
      outcome: "DECKLIST_PROBLEM",
      note: "59 cards listed",
      idempotencyKey: `matrix-check-${Math.random()}`,
    },
    { name: MATRIX_SETUP_JUDGE },
  );
  if (!recorded.ok) throw new Error(recorded.error.message);
  return recorded.value.check.id;
}

/** Every mutation, with the access it must have and a valid call for a fresh fixture. */
const ACTION_CASES: Record<string, Case> = {
  signUpAction: {
    access: "anyone",
    call: () =>
      callAction(actions.signUpAction!, IDLE_FORM, form({ name: "", email: "bad", password: "x" })),
  },
  signInAction: {
    access: "anyone",
    call: () =>
      callAction(
        actions.signInAction!,
        IDLE_FORM,
        form({ email: "nobody@example.test", password: "wrong password" }),
      ),
  },
  signOutAction: {
    access: "anyone",
    // Signing out ends the session it is sent with: use a throwaway one, not the caller's own.
    call: async () => {
      if (currentHeaders.has("cookie"))
        currentHeaders = (await createSignedInAccount("Leaving Soon")).headers;
      return callAction(actions.signOutAction!);
    },
  },
  signOutEverywhereAction: {
    access: "signed-in",
    // Ends every session of the account it is sent with: use a throwaway account, not the caller's.
    call: async () => {
      if (currentHeaders.has("cookie"))
        currentHeaders = (await createSignedInAccount("Leaving Everywhere")).headers;
      return callAction(actions.signOutEverywhereAction!);
    },
  },
  createTournamentAction: {
    access: "signed-in",
    call: () =>
      callAction(
        actions.createTournamentAction!,
        IDLE_FORM,
        form({ name: "Matrix made", format: "", gamesToWin: "2", roundMinutes: "50" }),
      ),
  },
  loadDemoEventAction: {
    access: "signed-in",
    call: () => callAction(actions.loadDemoEventAction!),
  },
  // Starts a fetch in the background (to CARD_DATA_URL: a closed port in tests): the answer is all that is checked.
  refreshCardDataAction: {
    access: "signed-in",
    call: () => callAction(actions.refreshCardDataAction!, IDLE_FORM, form({})),
  },
  publishTournamentAction: {
    access: tournament("tournament.settings"),
    call: (f) =>
      callAction(
        actions.publishTournamentAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, publish: "true" }),
      ),
  },
  deleteTournamentAction: {
    access: tournament("tournament.delete"),
    call: (f) =>
      callAction(
        actions.deleteTournamentAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, confirmName: "wrong name" }),
      ),
  },
  inviteStaffAction: {
    access: tournament("staff.manage"),
    call: (f) =>
      callAction(
        actions.inviteStaffAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          email: `new-${Math.random()}@example.test`,
          role: "JUDGE",
        }),
      ),
  },
  reissueStaffInvitationAction: {
    access: tournament("staff.manage"),
    call: async (f) => {
      const pending = await prisma.staffMember.findFirstOrThrow({
        where: { tournamentId: f.tournamentId, userId: null },
      });
      return callAction(
        actions.reissueStaffInvitationAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, staffId: pending.id }),
      );
    },
  },
  acceptStaffInvitationAction: {
    access: "signed-in",
    call: () =>
      callAction(
        actions.acceptStaffInvitationAction!,
        IDLE_FORM,
        form({ token: "not-a-real-invitation-token-0123456789" }),
      ),
  },
  removeStaffAction: {
    access: tournament("staff.manage"),
    call: (f) =>
      callAction(
        actions.removeStaffAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, staffId: f.staffId }),
      ),
  },
  registerPlayerAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.registerPlayerAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, name: "Late Larry" }),
      ),
  },
  dropPlayerAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.dropPlayerAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, registrationId: f.registrationIds[0]! }),
      ),
  },
  undoDropAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.undoDropAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, registrationId: f.registrationIds[0]! }),
      ),
  },
  registerPlayersAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.registerPlayersAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, names: "Pasted Pat\nPasted Quinn" }),
      ),
  },
  registerTeamAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.registerTeamAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, name: "Matrix Team", memberA: "Mia", memberB: "Max" }),
      ),
  },
  registerTeamsAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.registerTeamsAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, teams: "Pasted Team: Pia, Pol" }),
      ),
  },
  podQuickEntryAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.podQuickEntryAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          roundNumber: "1",
          entry: "1 draw",
          idempotencyKey: `matrix-pod-quick-${Math.random()}`,
        }),
      ),
  },
  recordPodOutcomeAction: {
    access: tournament("results.enter"),
    // The fixture is a two-player event: an allowed caller reaches the data layer, which finds no such pod.
    call: (f) =>
      callAction(
        actions.recordPodOutcomeAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          podId: "no-such-pod",
          expectedVersion: "0",
          idempotencyKey: `matrix-pod-${Math.random()}`,
          outcome: "agreed-draw",
        }),
      ),
  },
  correctPodResultAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.correctPodResultAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          podId: "no-such-pod",
          expectedVersion: "0",
          idempotencyKey: `matrix-pod-correct-${Math.random()}`,
          outcome: "agreed-draw",
          reason: "typo",
        }),
      ),
  },
  recordPodDepartureAction: {
    access: tournament("judging.act"),
    call: async (f) => {
      const { roundId } = await prisma.match.findUniqueOrThrow({
        where: { id: f.matchId },
        select: { roundId: true },
      });
      const pod = await prisma.pod.create({
        data: { roundId, tableNumber: 98 },
        select: { id: true },
      });
      return callAction(
        actions.recordPodDepartureAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          podId: pod.id,
          expectedVersion: "0",
          idempotencyKey: `matrix-pod-left-${Math.random()}`,
          playerIds: f.registrationIds[0]!,
          reason: "CONCESSION",
        }),
      );
    },
  },
  recordPodEndingAction: {
    access: tournament("judging.act"),
    call: async (f) => {
      const { roundId } = await prisma.match.findUniqueOrThrow({
        where: { id: f.matchId },
        select: { roundId: true },
      });
      const pod = await prisma.pod.create({
        data: { roundId, tableNumber: 97 },
        select: { id: true },
      });
      return callAction(
        actions.recordPodEndingAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          podId: pod.id,
          expectedVersion: "0",
          idempotencyKey: `matrix-pod-ending-${Math.random()}`,
          ending: "DRAW_LOOP",
        }),
      );
    },
  },
  recordPodDecidedAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.recordPodDecidedAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          podId: "no-such-pod",
          expectedVersion: "0",
          idempotencyKey: `matrix-pod-decided-${Math.random()}`,
        }),
      ),
  },
  recordPodClockAction: {
    access: tournament("judging.act"),
    // A pod of the fixture's round, so the role table decides (the data layer then finds a pod without seats).
    call: async (f) => {
      const { roundId } = await prisma.match.findUniqueOrThrow({
        where: { id: f.matchId },
        select: { roundId: true },
      });
      const pod = await prisma.pod.create({
        data: { roundId, tableNumber: 99 },
        select: { id: true },
      });
      return callAction(
        actions.recordPodClockAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          podId: pod.id,
          expectedVersion: "0",
          idempotencyKey: `matrix-pod-clock-${Math.random()}`,
          fact: "time-called",
        }),
      );
    },
  },
  replaceTeamMemberAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.replaceTeamMemberAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          registrationId: f.registrationIds[0]!,
          seat: "A",
          name: "Sub Sam",
        }),
      ),
  },
  renamePlayerAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.renamePlayerAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          registrationId: f.registrationIds[0]!,
          name: `Renamed ${Math.random()}`,
        }),
      ),
  },
  awardByesAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.awardByesAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, registrationId: f.registrationIds[0]!, rounds: "5" }),
      ),
  },
  withdrawAwardedByeAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.withdrawAwardedByeAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          registrationId: f.registrationIds[0]!,
          roundNumber: "5",
        }),
      ),
  },
  removePlayerAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.removePlayerAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, registrationId: f.registrationIds[0]! }),
      ),
  },
  enterPairingsAction: {
    access: tournament("rounds.manage"),
    call: (f) =>
      callAction(
        actions.enterPairingsAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, pairings: "Nobody, Noone" }),
      ),
  },
  pairNextRoundAction: {
    access: tournament("rounds.manage"),
    call: (f) =>
      callAction(actions.pairNextRoundAction!, IDLE_FORM, form({ tournamentId: f.tournamentId })),
  },
  swapPlayersAction: {
    access: tournament("rounds.manage"),
    call: (f) =>
      callAction(
        actions.swapPlayersAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          roundNumber: "1",
          playerId: f.registrationIds[0]!,
          otherPlayerId: f.registrationIds[1]!,
        }),
      ),
  },
  startRoundAction: {
    access: tournament("rounds.manage"),
    call: (f) =>
      callAction(
        actions.startRoundAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, roundNumber: "1" }),
      ),
  },
  startPlayoffAction: {
    access: tournament("rounds.manage"),
    call: (f) =>
      callAction(
        actions.startPlayoffAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, cutSize: "4" }),
      ),
  },
  reportMatchResultAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.reportMatchResultAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          winsA: "2",
          winsB: "1",
          draws: "0",
          expectedVersion: String(f.matchVersion),
          idempotencyKey: `matrix-${Math.random()}`,
        }),
      ),
  },
  addTimeExtensionAction: {
    access: tournament("judging.act"),
    call: (f) =>
      callAction(
        actions.addTimeExtensionAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          minutes: "5",
          reason: "Deck check",
          extensionsSeen: "0",
          addAnyway: "yes",
          idempotencyKey: `matrix-${Math.random()}`,
        }),
      ),
  },
  recordGameAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.recordGameAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          expectedVersion: String(f.matchVersion),
          idempotencyKey: `matrix-${Math.random()}`,
          chooser: "A",
          choice: "PLAY",
          reason: "LIFE",
          winner: "A",
        }),
      ),
  },
  takeBackGameAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.takeBackGameAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          expectedVersion: String(f.matchVersion),
          idempotencyKey: `matrix-${Math.random()}`,
          note: "Recorded in error",
        }),
      ),
  },
  restartGameAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.restartGameAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          expectedVersion: String(f.matchVersion),
          idempotencyKey: `matrix-${Math.random()}`,
          restartedBy: "A",
        }),
      ),
  },
  recordDecidedResultAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.recordDecidedResultAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          expectedVersion: String(f.matchVersion),
          idempotencyKey: `matrix-${Math.random()}`,
        }),
      ),
  },
  recordDecidedResultsOfRoundAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.recordDecidedResultsOfRoundAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, roundNumber: "1" }),
      ),
  },
  recordEndOfMatchStepAction: {
    access: tournament("judging.act"),
    call: (f) =>
      callAction(
        actions.recordEndOfMatchStepAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          step: "time-called",
          gameInProgress: "on",
          expectedSequence: "0",
          idempotencyKey: `matrix-${Math.random()}`,
        }),
      ),
  },
  quickEntryAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.quickEntryAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          roundNumber: "1",
          entry: "1 2-1",
          idempotencyKey: `matrix-${Math.random().toString(36).slice(2)}`,
        }),
      ),
  },
  recordPenaltyAction: {
    access: tournament("judging.act"),
    call: (f) =>
      callAction(
        actions.recordPenaltyAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          registrationId: f.registrationIds[0]!,
          kind: "WARNING",
          infraction: "Game Rule Violation (IPG 2.5)",
          gameNumber: "",
          expectedVersion: String(f.matchVersion),
          idempotencyKey: `matrix-${Math.random()}`,
        }),
      ),
  },
  recordDeckCheckAction: {
    access: tournament("judging.act"),
    call: async (f) => {
      const match = await prisma.match.findUniqueOrThrow({
        where: { id: f.matchId },
        select: { sideAId: true },
      });
      return callAction(
        actions.recordDeckCheckAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          registrationId: match.sideAId,
          outcome: "PASSED",
          idempotencyKey: `matrix-${Math.random()}`,
        }),
      );
    },
  },
  penaltyFromDeckCheckAction: {
    access: tournament("judging.act"),
    call: async (f) =>
      callAction(
        actions.penaltyFromDeckCheckAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          deckCheckId: await problemDeckCheck(f),
          expectedVersion: String(f.matchVersion),
          idempotencyKey: `matrix-${Math.random()}`,
        }),
      ),
  },
  // A player's code (no account) signs in; reports its own match and drops itself. No
  // staff account holds a player session, so every caller here is refused the player powers
  // (lib/server/match/player-reports.test.ts signs players in and checks what their code may do).
  signInWithCodeAction: {
    access: "anyone",
    call: () =>
      callAction(actions.signInWithCodeAction!, IDLE_FORM, form({ code: "ABCD-EFGH-JKMN" })),
  },
  signOutPlayerAction: { access: "anyone", call: () => callAction(actions.signOutPlayerAction!) },
  // Check-in by QR: registering and checking in are public (rate-limited); the organizer's controls are staff-only.
  registerSelfAction: {
    access: "anyone",
    call: (f) =>
      callAction(
        actions.registerSelfAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          name: "Matrix Walk-in",
          requestKey: `matrix-${Math.random()}`,
          token: registrationTokenFor(f.tournamentId).token,
        }),
      ),
  },
  checkInAction: {
    access: "anyone",
    call: (f) =>
      callAction(
        actions.checkInAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, code: "ABCD-EFGH-JKMN" }),
      ),
  },
  updateRegistrationSettingsAction: {
    access: tournament("tournament.settings"),
    call: (f) =>
      callAction(
        actions.updateRegistrationSettingsAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          openRegistration: "on",
          registrationCap: "16",
          phoneRegistrationCap: "100",
        }),
      ),
  },
  setCheckedInAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.setCheckedInAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          registrationId: f.registrationIds[0]!,
          isCheckedIn: "true",
        }),
      ),
  },
  dropNoShowsAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.dropNoShowsAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, noShowIds: f.registrationIds.join(",") }),
      ),
  },
  removePhoneRegistrationsAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.removePhoneRegistrationsAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          network: "unknown",
          entryIds: f.registrationIds.join(","),
        }),
      ),
  },
  reportOwnResultAction: {
    access: { player: "report" },
    call: (f) =>
      callAction(
        actions.reportOwnResultAction!,
        IDLE_FORM,
        form({
          matchId: f.matchId,
          winsA: "2",
          winsB: "1",
          draws: "0",
          expectedVersion: String(f.matchVersion),
          idempotencyKey: `matrix-${Math.random()}`,
        }),
      ),
  },
  reportOwnPodAction: {
    access: { player: "report-pod" },
    call: () =>
      callAction(
        actions.reportOwnPodAction!,
        IDLE_FORM,
        form({
          podId: "no-such-pod",
          outcome: "agreed-draw",
          idempotencyKey: `matrix-pod-report-${Math.random()}`,
        }),
      ),
  },
  dropSelfAction: {
    access: { player: "drop" },
    call: () => callAction(actions.dropSelfAction!, IDLE_FORM, form({ confirm: "yes" })),
  },
  callJudgeAction: {
    access: { player: "call-judge" },
    call: (f) =>
      callAction(
        actions.callJudgeAction!,
        IDLE_FORM,
        form({ matchId: f.matchId, note: "", idempotencyKey: `matrix-${Math.random()}` }),
      ),
  },
  turnOnPlayerPushAction: {
    access: { player: "notify" },
    call: () =>
      callAction(actions.turnOnPlayerPushAction!, IDLE_FORM, form(fakePushSubscription())),
  },
  turnOffPlayerPushAction: {
    access: { player: "notify" },
    call: () =>
      callAction(
        actions.turnOffPlayerPushAction!,
        IDLE_FORM,
        form({ endpoint: fakePushSubscription().endpoint }),
      ),
  },
  turnOnStaffPushAction: {
    access: tournament("judging.act"),
    call: (f) =>
      callAction(
        actions.turnOnStaffPushAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, ...fakePushSubscription() }),
      ),
  },
  turnOffStaffPushAction: {
    access: tournament("staff.view"),
    call: (f) =>
      callAction(
        actions.turnOffStaffPushAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, endpoint: fakePushSubscription().endpoint }),
      ),
  },
  claimJudgeCallAction: {
    access: tournament("judging.act"),
    call: async (f) =>
      callAction(
        actions.claimJudgeCallAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, matchId: f.matchId, callId: await openJudgeCall(f) }),
      ),
  },
  resolveJudgeCallAction: {
    access: tournament("judging.act"),
    call: async (f) =>
      callAction(
        actions.resolveJudgeCallAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          callId: await openJudgeCall(f),
          followUp: "NONE",
        }),
      ),
  },
  reissuePlayerCodeAction: {
    access: tournament("players.codes"),
    call: (f) =>
      callAction(
        actions.reissuePlayerCodeAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, registrationId: f.registrationIds[0]! }),
      ),
  },
  settleMatchAction: {
    access: tournament("disputes.resolve"),
    call: (f) =>
      callAction(
        actions.settleMatchAction!,
        IDLE_FORM,
        form({
          matchId: f.matchId,
          winsA: "2",
          winsB: "1",
          draws: "0",
          expectedVersion: String(f.matchVersion),
          idempotencyKey: `matrix-${Math.random()}`,
          note: "Settled at the judge station",
        }),
      ),
  },
  updateTournamentSettingsAction: {
    access: tournament("tournament.settings"),
    call: async (f) => {
      const { updatedAt } = await prisma.tournament.findUniqueOrThrow({
        where: { id: f.tournamentId },
        select: { updatedAt: true },
      });
      return callAction(
        actions.updateTournamentSettingsAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          expectedVersion: String(updatedAt.getTime()),
          name: `Renamed ${Math.random()}`,
        }),
      );
    },
  },
  finishEventAction: {
    access: tournament("rounds.manage"),
    call: (f) =>
      callAction(actions.finishEventAction!, IDLE_FORM, form({ tournamentId: f.tournamentId })),
  },
  reopenEventAction: {
    access: tournament("rounds.manage"),
    call: (f) =>
      callAction(actions.reopenEventAction!, IDLE_FORM, form({ tournamentId: f.tournamentId })),
  },
  createWebhookAction: {
    access: tournament("tournament.settings"),
    call: (f) => {
      const data = form({ tournamentId: f.tournamentId, url: "https://192.0.2.1/hook" });
      data.append("kinds", "round.paired");
      return callAction(actions.createWebhookAction!, IDLE_FORM, data);
    },
  },
  setWebhookActiveAction: {
    access: tournament("tournament.settings"),
    call: (f) =>
      callAction(
        actions.setWebhookActiveAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, endpointId: f.webhookId, active: "false" }),
      ),
  },
  pingWebhookAction: {
    access: tournament("tournament.settings"),
    call: (f) =>
      callAction(
        actions.pingWebhookAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, endpointId: f.webhookId }),
      ),
  },
  rotateWebhookSecretAction: {
    access: tournament("tournament.settings"),
    call: (f) =>
      callAction(
        actions.rotateWebhookSecretAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, endpointId: f.webhookId }),
      ),
  },
  deleteWebhookAction: {
    access: tournament("tournament.settings"),
    call: (f) =>
      callAction(
        actions.deleteWebhookAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId, endpointId: f.webhookId }),
      ),
  },
  createApiTokenAction: {
    access: "signed-in",
    call: () =>
      callAction(actions.createApiTokenAction!, IDLE_FORM, form({ name: "Matrix token" })),
  },
  revokeApiTokenAction: {
    access: "signed-in",
    call: () =>
      callAction(
        actions.revokeApiTokenAction!,
        IDLE_FORM,
        form({ tokenId: "not-a-token-of-anyone" }),
      ),
  },
  // MTR 2.7: a player's own decklist with their code; staff enter paper lists and correct lists.
  submitOwnDecklistAction: {
    access: { player: "decklist" },
    call: () =>
      callAction(
        actions.submitOwnDecklistAction!,
        IDLE_FORM,
        form({ text: "4 Lightning Bolt", idempotencyKey: `matrix-${Math.random()}` }),
      ),
  },
  enterDecklistAction: {
    access: tournament("decklists.manage"),
    call: (f) =>
      callAction(
        actions.enterDecklistAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          registrationId: f.registrationIds[0]!,
          text: "4 Lightning Bolt",
          idempotencyKey: `matrix-${Math.random()}`,
          reason: "Paper list",
        }),
      ),
  },
  recheckDecklistsAction: {
    access: tournament("decklists.manage"),
    call: (f) =>
      callAction(
        actions.recheckDecklistsAction!,
        IDLE_FORM,
        form({ tournamentId: f.tournamentId }),
      ),
  },
  dropWithoutDecklistAction: {
    access: tournament("players.manage"),
    call: (f) =>
      callAction(
        actions.dropWithoutDecklistAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          registrationIds: f.registrationIds.join(","),
          idempotencyKey: `matrix-${Math.random()}`,
        }),
      ),
  },
  clearMatchResultAction: {
    access: tournament("results.enter"),
    call: (f) =>
      callAction(
        actions.clearMatchResultAction!,
        IDLE_FORM,
        form({
          tournamentId: f.tournamentId,
          matchId: f.matchId,
          expectedVersion: String(f.matchVersion),
          note: "Entered on the wrong table",
        }),
      ),
  },
};

/** Every API route and method; reads are checked for what they reveal, writes like actions. */
const ROUTE_CASES: Record<string, Record<string, Case>> = {
  "/api/matches/[id]/result": {
    POST: {
      access: tournament("results.enter"),
      call: (f) =>
        callRoute(
          routes["/api/matches/[id]/result"]!.POST!(
            jsonPost("http://localhost/api/matches/x/result", {
              winsA: 2,
              winsB: 0,
              draws: 0,
              expectedVersion: f.matchVersion,
              idempotencyKey: `matrix-${Math.random()}`,
            }),
            {
              params: Promise.resolve({ id: f.matchId }),
            },
          ),
        ),
    },
    // Methods the route does not take: a JSON 405 for everyone, nothing read or written.
    ...Object.fromEntries(
      (["PUT", "PATCH", "DELETE"] as const).map((method) => [
        method,
        {
          access: "anyone",
          call: async (f: Fixture) => {
            const response = await routes["/api/matches/[id]/result"]![method]!(
              new Request("http://localhost/api/x", { method, headers: currentHeaders }),
              { params: Promise.resolve({ id: f.matchId }) },
            );
            expect(response.status).toBe(405);
            return { refused: false, detail: "405" };
          },
        } satisfies Case,
      ]),
    ),
  },
  "/api/imports": {
    // A file that is not an event: a signed-in caller reaches the import, which refuses it; anyone else is refused first.
    POST: {
      access: "signed-in",
      call: () =>
        callRoute(
          routes["/api/imports"]!.POST!(
            jsonPost("http://localhost/api/imports", { not: "an event" }),
            { params: Promise.resolve({}) },
          ),
        ),
    },
    ...notTaken("/api/imports", () => ({})),
  },
};
/** A public API (/api/v1) write as a client sends it: JSON, with an Idempotency-Key, as the current caller. */
function v1Post(url: string, body?: unknown): Request {
  const headers: Record<string, string> = {
    "idempotency-key": `matrix-${Math.random()}`,
    cookie: currentHeaders.get("cookie") ?? "",
  };
  if (body !== undefined) headers["content-type"] = "application/json";
  return new Request(url, {
    method: "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Methods a route does not take: a JSON 405 for everyone, nothing read or written. */
function notTaken(
  route: string,
  params: (f: Fixture) => Record<string, string>,
): Record<string, Case> {
  return Object.fromEntries(
    (["PUT", "PATCH", "DELETE"] as const).map((method) => [
      method,
      {
        access: "anyone",
        call: async (f: Fixture) => {
          const response = await routes[route]![method]!(
            new Request("http://localhost/api/x", { method, headers: currentHeaders }),
            { params: Promise.resolve(params(f)) },
          );
          expect(response.status).toBe(405);
          return { refused: false, detail: "405" };
        },
      } satisfies Case,
    ]),
  );
}

const V1_PLAYERS = "/api/v1/tournaments/[tournamentId]/players";
const V1_DROP = "/api/v1/tournaments/[tournamentId]/players/[registrationId]/drop";
const V1_RESULT = "/api/v1/tournaments/[tournamentId]/matches/[matchId]/result";
const V1_ROUNDS = "/api/v1/tournaments/[tournamentId]/rounds";
const V1_SWAPS = "/api/v1/tournaments/[tournamentId]/rounds/[roundNumber]/swaps";
const V1_PAIRINGS = "/api/v1/tournaments/[tournamentId]/rounds/[roundNumber]/pairings";
const V1_BYES = "/api/v1/tournaments/[tournamentId]/awarded-byes";
const V1_WITHDRAW_BYE = "/api/v1/tournaments/[tournamentId]/awarded-byes/withdraw";
const V1_POD_RESULT = "/api/v1/tournaments/[tournamentId]/pods/[podId]/result";
const V1_DECKLIST = "/api/v1/tournaments/[tournamentId]/decklists/[registrationId]";

/** A pod in the fixture's round, so the role table decides a pod write (the data layer then finds no pod event). */
async function fixturePod(f: Fixture, tableNumber: number): Promise<string> {
  const { roundId } = await prisma.match.findUniqueOrThrow({
    where: { id: f.matchId },
    select: { roundId: true },
  });
  return (await prisma.pod.create({ data: { roundId, tableNumber }, select: { id: true } })).id;
}
Object.assign(ROUTE_CASES, {
  [V1_PLAYERS]: {
    POST: {
      access: tournament("players.manage"),
      call: (f: Fixture) =>
        callRoute(
          routes[V1_PLAYERS]!.POST!(v1Post("http://localhost/api/v1/x", { name: "Api Larry" }), {
            params: Promise.resolve({ tournamentId: f.tournamentId }),
          }),
        ),
    },
    ...notTaken(V1_PLAYERS, (f) => ({ tournamentId: f.tournamentId })),
  },
  [V1_DROP]: {
    POST: {
      access: tournament("players.manage"),
      call: (f: Fixture) =>
        callRoute(
          routes[V1_DROP]!.POST!(v1Post("http://localhost/api/v1/x"), {
            params: Promise.resolve({
              tournamentId: f.tournamentId,
              registrationId: f.registrationIds[0]!,
            }),
          }),
        ),
    },
    ...notTaken(V1_DROP, (f) => ({
      tournamentId: f.tournamentId,
      registrationId: f.registrationIds[0]!,
    })),
  },
  [V1_RESULT]: {
    POST: {
      access: tournament("results.enter"),
      call: (f: Fixture) =>
        callRoute(
          routes[V1_RESULT]!.POST!(
            v1Post("http://localhost/api/v1/x", {
              winsA: 2,
              winsB: 0,
              expectedVersion: f.matchVersion,
            }),
            { params: Promise.resolve({ tournamentId: f.tournamentId, matchId: f.matchId }) },
          ),
        ),
    },
    ...notTaken(V1_RESULT, (f) => ({ tournamentId: f.tournamentId, matchId: f.matchId })),
  },
  [V1_ROUNDS]: {
    POST: {
      access: tournament("rounds.manage"),
      call: (f: Fixture) =>
        callRoute(
          routes[V1_ROUNDS]!.POST!(v1Post("http://localhost/api/v1/x"), {
            params: Promise.resolve({ tournamentId: f.tournamentId }),
          }),
        ),
    },
    ...notTaken(V1_ROUNDS, (f) => ({ tournamentId: f.tournamentId })),
  },
  [V1_SWAPS]: {
    POST: {
      access: tournament("rounds.manage"),
      call: (f: Fixture) =>
        callRoute(
          routes[V1_SWAPS]!.POST!(
            v1Post("http://localhost/api/v1/x", {
              playerId: f.registrationIds[0]!,
              otherPlayerId: f.registrationIds[1]!,
            }),
            {
              params: Promise.resolve({ tournamentId: f.tournamentId, roundNumber: "1" }),
            },
          ),
        ),
    },
    ...notTaken(V1_SWAPS, (f) => ({ tournamentId: f.tournamentId, roundNumber: "1" })),
  },
  [V1_PAIRINGS]: {
    POST: {
      access: tournament("rounds.manage"),
      call: (f: Fixture) =>
        callRoute(
          routes[V1_PAIRINGS]!.POST!(
            v1Post("http://localhost/api/v1/x", {
              pairings: [
                { playerA: { id: f.registrationIds[0]! }, playerB: { id: f.registrationIds[1]! } },
                { playerA: { name: "Cleo" }, playerB: null },
              ],
            }),
            {
              params: Promise.resolve({ tournamentId: f.tournamentId, roundNumber: "2" }),
            },
          ),
        ),
    },
    ...notTaken(V1_PAIRINGS, (f) => ({ tournamentId: f.tournamentId, roundNumber: "2" })),
  },
  [V1_BYES]: {
    POST: {
      access: tournament("players.manage"),
      call: (f: Fixture) =>
        callRoute(
          routes[V1_BYES]!.POST!(
            v1Post("http://localhost/api/v1/x", { playerId: f.registrationIds[0]!, rounds: [5] }),
            { params: Promise.resolve({ tournamentId: f.tournamentId }) },
          ),
        ),
    },
    ...notTaken(V1_BYES, (f) => ({ tournamentId: f.tournamentId })),
  },
  [V1_WITHDRAW_BYE]: {
    POST: {
      access: tournament("players.manage"),
      call: (f: Fixture) =>
        callRoute(
          routes[V1_WITHDRAW_BYE]!.POST!(
            v1Post("http://localhost/api/v1/x", {
              playerId: f.registrationIds[0]!,
              roundNumber: 5,
            }),
            { params: Promise.resolve({ tournamentId: f.tournamentId }) },
          ),
        ),
    },
    ...notTaken(V1_WITHDRAW_BYE, (f) => ({ tournamentId: f.tournamentId })),
  },
  [V1_POD_RESULT]: {
    POST: {
      access: tournament("results.enter"),
      call: async (f: Fixture) => {
        const podId = await fixturePod(f, 97);
        return callRoute(
          routes[V1_POD_RESULT]!.POST!(
            v1Post("http://localhost/api/v1/x", { outcome: "agreed-draw", expectedVersion: 0 }),
            { params: Promise.resolve({ tournamentId: f.tournamentId, podId }) },
          ),
        );
      },
    },
    ...notTaken(V1_POD_RESULT, (f) => ({ tournamentId: f.tournamentId, podId: "p" })),
  },
  [V1_DECKLIST]: {
    // The fixture's event takes no decklists: an allowed caller reaches the write, which refuses it.
    POST: {
      access: tournament("decklists.manage"),
      call: (f: Fixture) =>
        callRoute(
          routes[V1_DECKLIST]!.POST!(
            v1Post("http://localhost/api/v1/x", {
              text: "4 Lightning Bolt",
              expectedVersion: null,
            }),
            {
              params: Promise.resolve({
                tournamentId: f.tournamentId,
                registrationId: f.registrationIds[0]!,
              }),
            },
          ),
        ),
    },
    ...notTaken(V1_DECKLIST, (f) => ({
      tournamentId: f.tournamentId,
      registrationId: f.registrationIds[0]!,
    })),
  },
} satisfies Record<string, Record<string, Case>>);

/** Routes that change nothing for anyone (answers, not mutations): listed so a new route is a decision. */
const READ_ONLY_ROUTES = [
  "/api/v1/tournaments",
  "/api/v1/tournaments/[tournamentId]",
  "/api/v1/tournaments/[tournamentId]/matches/[matchId]",
  "/api/v1/tournaments/[tournamentId]/standings",
  "/api/v1/tournaments/[tournamentId]/bracket",
  "/api/v1/tournaments/[tournamentId]/rounds/[roundNumber]/pods",
  "/api/v1/tournaments/[tournamentId]/decklists",
  "/api/v1/tournaments/[tournamentId]/deck-checks",
  "/api/v1/openapi.json",
  "/api/v1/reference",
  "/api/health",
  "/api/tournaments/[id]/standings",
  "/api/tournaments/[id]/events",
  "/api/[...unknown]",
  "/api/auth/[...all]",
];

async function rowsSnapshot(): Promise<string> {
  const [
    tournaments,
    registrations,
    rounds,
    matches,
    reports,
    changes,
    pairingChanges,
    staff,
    users,
    timeExtensions,
    games,
    endOfMatchEvents,
    penalties,
    answeredCalls,
    apiTokens,
    dropChanges,
    statusChanges,
    podFacts,
    podReports,
    podCorrections,
    awardedByes,
    waitlist,
    pushSubscriptions,
    webhooks,
    deckChecks,
    decklists,
    decklistChanges,
    decklistDrops,
  ] = await Promise.all([
    prisma.tournament.findMany({
      orderBy: { id: "asc" },
      select: {
        id: true,
        updatedAt: true,
        publishedAt: true,
        deletedAt: true,
        status: true,
        openRegistration: true,
        registrationCap: true,
        phoneRegistrationCap: true,
      },
    }),
    prisma.registration.findMany({
      orderBy: { id: "asc" },
      select: { id: true, droppedAfterRound: true, code: true, checkedInAt: true },
    }),
    prisma.round.findMany({
      orderBy: { id: "asc" },
      select: { id: true, status: true, startedAt: true },
    }),
    prisma.match.findMany({
      orderBy: { id: "asc" },
      select: { id: true, version: true, sideAId: true, sideBId: true },
    }),
    prisma.matchReport.count(),
    prisma.resultChange.count(),
    prisma.pairingChange.count(),
    prisma.staffMember.findMany({
      orderBy: { id: "asc" },
      select: { id: true, removedAt: true, userId: true },
    }),
    prisma.user.count(),
    prisma.timeExtension.count(),
    prisma.game.count(),
    prisma.endOfMatchEvent.count(),
    prisma.penalty.count(),
    // A refused claim or resolve leaves the calls as they were (a refused call by a player makes none).
    prisma.judgeCall.findMany({
      where: { OR: [{ claimedAt: { not: null } }, { resolvedAt: { not: null } }] },
      orderBy: { id: "asc" },
      select: { id: true },
    }),
    prisma.apiToken.findMany({ orderBy: { id: "asc" }, select: { id: true, revokedAt: true } }),
    prisma.dropChange.count(),
    prisma.eventStatusChange.count(),
    prisma.podEvent.count(),
    prisma.podReport.count(),
    prisma.podCorrection.count(),
    prisma.awardedBye.findMany({
      orderBy: [{ registrationId: "asc" }, { roundNumber: "asc" }],
      select: { registrationId: true, roundNumber: true, withdrawnAt: true },
    }),
    prisma.waitlistEntry.findMany({
      orderBy: { id: "asc" },
      select: { id: true, promotedAt: true },
    }),
    prisma.pushSubscription.findMany({
      orderBy: { id: "asc" },
      select: { id: true, registrationId: true, staffId: true },
    }),
    prisma.webhookEndpoint.findMany({
      orderBy: { id: "asc" },
      select: { id: true, active: true, url: true, secret: true },
    }),
    // A check a case made to give a penalty from is its setup; a refused call records none and links no penalty.
    prisma.deckCheck.findMany({
      where: { OR: [{ judgeName: { not: MATRIX_SETUP_JUDGE } }, { penaltyId: { not: null } }] },
      orderBy: { id: "asc" },
      select: { id: true, penaltyId: true },
    }),
    prisma.decklist.findMany({
      orderBy: { id: "asc" },
      select: { id: true, version: true, isLegal: true, checkedAgainst: true },
    }),
    prisma.decklistChange.count(),
    prisma.decklistDrop.count(),
  ]);
  return JSON.stringify({
    tournaments,
    registrations,
    rounds,
    matches,
    reports,
    changes,
    pairingChanges,
    staff,
    users,
    timeExtensions,
    games,
    endOfMatchEvents,
    penalties,
    answeredCalls,
    apiTokens,
    dropChanges,
    statusChanges,
    podFacts,
    podReports,
    podCorrections,
    awardedByes,
    waitlist,
    pushSubscriptions,
    webhooks,
    deckChecks,
    decklists,
    decklistChanges,
    decklistDrops,
  });
}

/** A browser's push subscription as the actions receive it: a push service's address and real-looking keys. */
function fakePushSubscription() {
  const key = createECDH("prime256v1");
  key.generateKeys();
  return {
    endpoint: `https://push.example.org/send/${randomUUID()}`,
    p256dh: key.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

function expectedRefusal(access: Access, caller: Caller): boolean {
  if (access === "anyone") return false;
  if (caller === "anonymous") return true;
  if (access === "signed-in") return false;
  // A player's powers need a player session, which no staff account has.
  if ("player" in access) return true;
  return caller === "outsider" || !isAllowed(caller, access.permission);
}

beforeAll(async () => {
  for (const caller of ["outsider", ...STAFF_ROLES] as const)
    accounts[caller] = await createSignedInAccount(`Matrix ${caller}`);
  // The outsider organizes a tournament of their own.
  const own = await createTournament(
    { name: "Outsider's own", format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    accounts.outsider,
  );
  if (!own.ok) throw new Error(own.error.message);
}, 60_000);
afterAll(async () => {
  await prisma.$disconnect();
});

describe("who may do what, for every mutation in the code", () => {
  it("every server action and every API route has a rule in this matrix (a new one must be added)", () => {
    expect(Object.keys(actions).sort()).toEqual(Object.keys(ACTION_CASES).sort());
    const writeRoutes = Object.entries(routes)
      .filter(([route]) => !READ_ONLY_ROUTES.includes(route))
      .map(
        ([route, module]) =>
          `${route} ${Object.keys(module)
            .filter((method) => ["POST", "PUT", "PATCH", "DELETE"].includes(method))
            .sort()
            .join(",")}`,
      );
    expect(writeRoutes.sort(), JSON.stringify(Object.keys(routes))).toEqual(
      Object.entries(ROUTE_CASES)
        .map(([route, methods]) => `${route} ${Object.keys(methods).sort().join(",")}`)
        .sort(),
    );
    expect(
      Object.keys(routes).filter(
        (route) => !ROUTE_CASES[route] && !READ_ONLY_ROUTES.includes(route),
      ),
    ).toEqual([]);
  });

  const allCases = [
    ...Object.entries(ACTION_CASES).map(([name, testCase]) => [name, testCase] as const),
    ...Object.entries(ROUTE_CASES).flatMap(([route, methods]) =>
      Object.entries(methods).map(
        ([method, testCase]) => [`${method} ${route}`, testCase] as const,
      ),
    ),
  ];
  for (const [name, testCase] of allCases) {
    it(`${name}: allowed or refused for each caller as the role table says; a refusal changes no row`, async () => {
      for (const caller of CALLERS) {
        const fixture = await freshFixture();
        currentHeaders =
          caller === "anonymous" ? new Headers() : new Headers(accounts[caller].headers);
        const shouldRefuse = expectedRefusal(testCase.access, caller);
        const before = shouldRefuse ? await rowsSnapshot() : "";
        const outcome = await testCase.call(fixture);
        // Someone outside a tournament in preparation is told it does not exist, as its pages tell them.
        const refused =
          outcome.refused ||
          (caller === "outsider" &&
            typeof testCase.access === "object" &&
            "permission" in testCase.access &&
            outcome.notFound === true);
        expect(refused, `${name} as ${caller}: ${outcome.detail}`).toBe(shouldRefuse);
        if (shouldRefuse)
          expect(await rowsSnapshot(), `${name} as ${caller} changed rows`).toBe(before);
      }
    }, 120_000);
  }

  // Tokens are for /api/v1 (docs/api.md): anywhere else a bearer header without a session is nobody.
  for (const [name, testCase] of allCases.filter(([name]) => !name.includes("/api/v1/"))) {
    if (testCase.access === "anyone") continue;
    it(`${name}: an organizer's API token alone (no session) is nobody, refused with no row changed`, async () => {
      for (const everyTournament of [false, true]) {
        const fixture = await freshFixture();
        const scope = everyTournament ? undefined : fixture.tournamentId;
        const token = await createApiToken(
          { name: "Leaked", tournamentId: scope },
          accounts.ORGANIZER,
        );
        if (!token.ok) throw new Error(token.error.message);
        currentHeaders = new Headers({ authorization: `Bearer ${token.value.secret}` });
        const before = await rowsSnapshot();
        const outcome = await testCase.call(fixture);
        expect(
          outcome.refused,
          `${name} with a token scoped to ${scope ?? "every tournament"}: ${outcome.detail}`,
        ).toBe(true);
        expect(await rowsSnapshot(), `${name} with a token changed rows`).toBe(before);
      }
    }, 120_000);
  }

  it("the standings API of a tournament in preparation exists only for its staff; once published, for anyone", async () => {
    const fixture = await freshFixture();
    const get = async (caller: Caller) => {
      const headers =
        caller === "anonymous" ? new Headers() : new Headers(accounts[caller].headers);
      const response = await routes["/api/tournaments/[id]/standings"]!.GET!(
        new Request("http://localhost/api/x", { headers }),
        { params: Promise.resolve({ id: fixture.tournamentId }) },
      );
      return response.status;
    };
    for (const caller of CALLERS)
      expect(await get(caller), caller).toBe(
        caller === "anonymous" || caller === "outsider" ? 404 : 200,
      );
    await setTournamentPublished(fixture.tournamentId, true);
    for (const caller of CALLERS) expect(await get(caller), caller).toBe(200);
  });

  it("signing up or in over Better Auth's own HTTP endpoints is switched off (the app's throttled forms are the only way in)", async () => {
    const handler = routes["/api/auth/[...all]"]!;
    for (const endpoint of ["sign-in/email", "sign-up/email"]) {
      const response = await handler.POST!(
        new Request(`http://localhost:3000/api/auth/${endpoint}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000" },
          body: JSON.stringify({
            email: accounts.JUDGE.email,
            password: "correct horse battery",
            name: "x",
          }),
        }),
        { params: Promise.resolve({ all: endpoint.split("/") }) },
      );
      expect(response.status, endpoint).toBe(404);
    }
  });

  it("docs/permissions.md prints the role table exactly as the code has it", () => {
    const docs = readFileSync(
      path.join(import.meta.dirname, "..", "..", "..", "docs", "permissions.md"),
      "utf8",
    );
    expect(docs).toContain(permissionsTableMarkdown(render));
  });

  it("reads every route module (sanity: the glob finds the files on disk)", () => {
    const onDisk: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name));
        else if (entry.name === "route.ts") onDisk.push(dir);
      }
    };
    walk(path.join(import.meta.dirname, "..", "..", "..", "app", "api"));
    expect(Object.keys(routes)).toHaveLength(onDisk.length);
  });
});
