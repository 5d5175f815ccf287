import "server-only";
import { teamFormatRules } from "@/lib/rules/teams";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { ruleFailure } from "@/lib/server/infra/errors";
import {
  checkEventAction,
  nextStep,
  type EventAction,
  type EventFacts,
  type NextStep,
} from "@/lib/rules/next-step";
import {
  checkSettingsChange,
  settingLocks,
  type EventProgress,
  type SettingKey,
  type TournamentSettings,
} from "@/lib/rules/settings";
import { recommendedRounds, roundTitle, type RecommendedRounds } from "@/lib/rules/swiss-rounds";
import type { UpdateTournamentSettingsInput } from "@/lib/schemas/tournament";
import { checkReopen, type ReopenFacts } from "@/lib/rules/reopen";
import type { RuleResult } from "@/lib/rules/result";
import { Prisma } from "@/lib/generated/prisma/client";
import { render } from "@/lib/messages/render";
import { entryDecklistStanding } from "@/lib/rules/decklists";
import { roundTitles } from "@/lib/server/round/round-titles";

type Reader = typeof prisma | Transaction;

type Gathered = {
  facts: EventFacts;
  progress: EventProgress;
  settings: TournamentSettings;
  /** The tournament's version for the settings form: its last change, in ms. */
  version: number;
  swissPhaseId: string | null;
  isPodEvent: boolean;
};

/**
 * The facts the next-step and settings rules decide from, in three queries: the tournament and
 * its Swiss phase, the active players, and every round with its matches not recorded yet.
 */
async function gatherEventFacts(db: Reader, tournamentId: string): Promise<Gathered | null> {
  const [tournament, activePlayers, rounds] = await Promise.all([
    db.tournament.findFirst({
      where: { id: tournamentId, deletedAt: null },
      select: {
        name: true,
        format: true,
        teamFormat: true,
        teamSize: true,
        structure: true,
        status: true,
        percentageFloor: true,
        byeCountsInOwnPercentages: true,
        deckFormat: true,
        decklistDeadline: true,
        decklistPublication: true,
        updatedAt: true,
        phases: {
          orderBy: { sequence: "asc" },
          select: {
            id: true,
            kind: true,
            gamesToWin: true,
            roundMinutes: true,
            plannedRounds: true,
            plannedCut: true,
            cutSize: true,
          },
        },
      },
    }),
    db.registration.count({ where: { tournamentId, droppedAfterRound: null } }),
    db.round.findMany({
      where: { tournamentId },
      orderBy: { number: "asc" },
      select: {
        number: true,
        status: true,
        startedAt: true,
        phase: { select: { kind: true } },
        // Byes are stored recorded, so they never count as waiting; a decided result is still to record (MTR 2.5).
        matches: { where: { confirmedAt: null, voidedAt: null }, select: { winsA: true } },
        // A pod event's round waits for its pods' results (a bye is recorded when paired).
        pods: { where: { confirmedAt: null, isBye: false }, select: { id: true } },
      },
    }),
  ]);
  if (!tournament) return null;
  const withoutLegalDecklist =
    tournament.deckFormat !== null && rounds.length === 0
      ? await countWithoutLegalDecklist(db, tournamentId, tournament)
      : 0;
  const teamRules = teamFormatRules(tournament.teamFormat, tournament.teamSize);
  const swiss = tournament.phases.find((phase) => phase.kind === "SWISS") ?? null;
  const playoffPhase =
    tournament.phases.find((phase) => phase.kind === "SINGLE_ELIMINATION") ?? null;
  const swissRounds = rounds.filter((round) => round.phase.kind === "SWISS");
  const playoffRounds = rounds.filter((round) => round.phase.kind === "SINGLE_ELIMINATION");
  const lastPlayoff = playoffRounds.at(-1);
  const firstSwiss = swissRounds[0];
  const lastSwiss = swissRounds.at(-1);
  const facts: EventFacts = {
    status: tournament.status,
    activePlayers,
    entrants: tournament.teamFormat === "INDIVIDUAL" ? "players" : "teams",
    ...(teamRules.ok && !teamRules.value.hasPlayoff
      ? { noPlayoffBecause: "two-seat-teams" as const }
      : {}),
    ...(tournament.structure === "PODS" ? { games: "pods" as const } : {}),
    plannedSwissRounds: swiss?.plannedRounds ?? null,
    ...(withoutLegalDecklist > 0 ? { withoutLegalDecklist } : {}),
    swissRounds: swissRounds.map((round) => ({ number: round.number, ...waitingIn(round) })),
    playoff: playoffPhase
      ? {
          hasChampion: tournament.status === "COMPLETE",
          currentRound: lastPlayoff
            ? {
                name: roundTitle({
                  number: lastPlayoff.number,
                  playoff: {
                    cutSize: playoffPhase.cutSize ?? 0,
                    playoffIndex: playoffRounds.length - 1,
                    pods: tournament.structure === "PODS",
                  },
                }),
                ...waitingIn(lastPlayoff),
              }
            : null,
        }
      : null,
  };
  const progress: EventProgress = {
    status: tournament.status,
    swissRoundsPaired: swissRounds.length,
    // A result in round 1 means it was played even if nobody pressed "Start round 1".
    hasRoundOneStarted:
      firstSwiss !== undefined &&
      (firstSwiss.startedAt !== null ||
        firstSwiss.status !== "PAIRED" ||
        swissRounds.length > 1 ||
        (await hasResult(db, tournamentId, firstSwiss.number))),
    isRoundUnderWay:
      lastSwiss !== undefined &&
      lastSwiss.startedAt !== null &&
      lastSwiss.matches.length + lastSwiss.pods.length > 0,
    hasPlayoffStarted: playoffPhase !== null,
  };
  const settings: TournamentSettings = {
    name: tournament.name,
    format: tournament.format,
    gamesToWin: swiss?.gamesToWin ?? 2,
    roundMinutes: swiss?.roundMinutes ?? null,
    plannedRounds: swiss?.plannedRounds ?? null,
    plannedCut: swiss?.plannedCut ?? null,
    percentageFloor: tournament.percentageFloor,
    byeCountsInOwnPercentages: tournament.byeCountsInOwnPercentages,
    deckFormat: tournament.deckFormat,
    decklistDeadline: tournament.decklistDeadline?.getTime() ?? null,
    decklistPublication: tournament.decklistPublication,
  };
  return {
    facts,
    progress,
    settings,
    version: tournament.updatedAt.getTime(),
    swissPhaseId: swiss?.id ?? null,
    isPodEvent: tournament.structure === "PODS",
  };
}

/** MTR 2.7, DL6: entrants still in the event whose decks (each member's in a team) are not all legal. */
async function countWithoutLegalDecklist(
  db: Reader,
  tournamentId: string,
  event: { deckFormat: string | null; teamSize: number },
): Promise<number> {
  const entrants = await db.registration.findMany({
    where: { tournamentId, droppedAfterRound: null },
    select: { decklists: { select: { seat: true, isLegal: true, format: true } } },
  });
  return entrants.filter(
    (entrant) =>
      entryDecklistStanding({
        teamSize: event.teamSize,
        eventFormat: event.deckFormat,
        lists: entrant.decklists,
      }) !== "legal",
  ).length;
}

/** A round's matches not recorded yet: without a result, or with one their facts decided (its slip stored, not recorded). */
function waitingIn(round: { matches: { winsA: number | null }[]; pods: unknown[] }): {
  unreported: number;
  decided: number;
} {
  const decided = round.matches.filter((match) => match.winsA !== null).length;
  return { unreported: round.matches.length - decided + round.pods.length, decided };
}

async function hasResult(db: Reader, tournamentId: string, roundNumber: number): Promise<boolean> {
  const reported = await db.match.count({
    where: {
      round: { tournamentId, number: roundNumber },
      sideBId: { not: null },
      winsA: { not: null },
      voidedAt: null,
    },
  });
  return reported > 0;
}

/** The next step as the overview shows it: its words rendered. */
export type NextStepView = Omit<NextStep, "headline" | "detail" | "notOffered"> & {
  headline: string;
  detail: string;
  notOffered: { action: NextStep["notOffered"][number]["action"]; reason: string }[];
};

export type EventStatus = {
  step: NextStepView;
  plannedRounds: number | null;
  /** The Swiss phase's planned top cut, offered first when the playoff starts (MTR 3.1). */
  plannedCut: number | null;
  swissRoundsPaired: number;
  activePlayers: number;
  recommended: RecommendedRounds | null;
  isComplete: boolean;
  hasPlayoff: boolean;
  /** A pod event: its cut is a top 4, 10 or 16 of pods. */
  isPodEvent: boolean;
  /** Whether staff may reopen the event now (lib/rules/reopen.ts), and why. */
  reopen: { isAllowed: boolean; reason: string };
  /** Every finish and reopening, oldest first, with who did it. */
  history: { kind: "FINISHED" | "REOPENED"; actorName: string }[];
  /** What the entrants are: players, or teams in a team event (MTR 8.2). */
  entrants: "players" | "teams";
};

/** What the overview shows: the next step and why nothing else is offered, and the Swiss rounds. */
export async function getEventStatus(tournamentId: string): Promise<EventStatus | null> {
  const gathered = await gatherEventFacts(prisma, tournamentId);
  if (!gathered) return null;
  const step = nextStep(gathered.facts);
  if (!step.ok) throw new Error(render(step.error));
  const [facts, history] = await Promise.all([
    reopenFacts(prisma, tournamentId, gathered),
    prisma.eventStatusChange.findMany({
      where: { tournamentId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { kind: true, actorName: true },
    }),
  ]);
  const reopen = checkReopen(facts);
  return {
    step: {
      ...step.value,
      headline: render(step.value.headline),
      detail: render(step.value.detail),
      notOffered: step.value.notOffered.map((entry) => ({
        ...entry,
        reason: render(entry.reason),
      })),
    },
    plannedRounds: gathered.facts.plannedSwissRounds,
    plannedCut: gathered.settings.plannedCut,
    swissRoundsPaired: gathered.facts.swissRounds.length,
    activePlayers: gathered.facts.activePlayers,
    recommended: recommendedRounds(
      gathered.facts.activePlayers,
      gathered.facts.games,
      gathered.settings.plannedCut,
    ),
    isComplete: gathered.facts.status === "COMPLETE",
    hasPlayoff: gathered.facts.playoff !== null,
    isPodEvent: gathered.isPodEvent,
    reopen: reopen.ok
      ? { isAllowed: true, reason: render(reopen.value.because) }
      : { isAllowed: false, reason: render(reopen.error) },
    history,
    entrants: gathered.facts.entrants ?? "players",
  };
}

/** What the reopen rule decides from; the import is looked up only for a complete event. */
async function reopenFacts(
  db: Reader,
  tournamentId: string,
  gathered: Gathered,
): Promise<ReopenFacts> {
  const { status } = gathered.facts;
  const isImported =
    status === "COMPLETE" &&
    (await db.tournament.count({
      where: { id: tournamentId, NOT: { importedFrom: { equals: Prisma.DbNull } } },
    })) > 0;
  return { status, hasPlayoff: gathered.facts.playoff !== null, isImported };
}

/**
 * Inside a pairing or playoff transaction (under the tournament's exclusive lock): refuses a step
 * the overview does not offer, with the sentence it shows. Null when the step may go ahead.
 */
export async function refuseUnlessNextStep(
  tx: Transaction,
  tournamentId: string,
  action: EventAction,
): Promise<ActionResult<never> | null> {
  const gathered = await gatherEventFacts(tx, tournamentId);
  if (!gathered) return failure("NOT_FOUND", "That tournament does not exist.");
  const allowed = checkEventAction(gathered.facts, action);
  if (allowed.ok) return null;
  return ruleFailure(allowed.error, "CONFLICT");
}

/** The staff member who finishes or reopens an event, as its history names them. */
export type StatusActor = { staffId: string | null; name: string };

/**
 * A Swiss-only event finishes after its last round: its standings become final. The finish is
 * recorded with who did it and the status a reopening returns to.
 */
export async function finishEvent(
  tournamentId: string,
  actor: StatusActor,
): Promise<ActionResult<{ status: "COMPLETE" }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    const gathered = await gatherEventFacts(tx, tournamentId);
    if (!gathered) return failure("NOT_FOUND", "That tournament does not exist.");
    const allowed = checkEventAction(gathered.facts, "finish");
    if (!allowed.ok) return ruleFailure(allowed.error, "CONFLICT");
    await tx.tournament.update({ where: { id: tournamentId }, data: { status: "COMPLETE" } });
    await tx.eventStatusChange.create({
      data: {
        tournamentId,
        kind: "FINISHED",
        before: gathered.facts.status,
        after: "COMPLETE",
        staffId: actor.staffId,
        actorName: actor.name,
      },
    });
    return success({ status: "COMPLETE" as const });
  });
}

/**
 * Reopens a finished event while nothing builds on its final standings (lib/rules/reopen.ts): it
 * returns to the status it had before the finish, so the step offered then is offered again. A
 * REOPENED row says who did it; the FINISHED row stays. Sent again once the event is open (a double
 * click, a retry), it answers as the first did and writes nothing.
 */
export async function reopenEvent(
  tournamentId: string,
  actor: StatusActor,
): Promise<ActionResult<{ status: "REGISTRATION" | "RUNNING" }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    const gathered = await gatherEventFacts(tx, tournamentId);
    if (!gathered) return failure("NOT_FOUND", "That tournament does not exist.");
    const last = await tx.eventStatusChange.findFirst({
      where: { tournamentId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { kind: true, before: true },
    });
    const { status } = gathered.facts;
    if (status !== "COMPLETE" && last?.kind === "REOPENED") return success({ status });
    const allowed: RuleResult<unknown> = checkReopen(await reopenFacts(tx, tournamentId, gathered));
    if (!allowed.ok) return ruleFailure(allowed.error, "CONFLICT");
    // An event finished before finishes were recorded was running: finishing needs a played round.
    const reopened =
      last?.kind === "FINISHED" && last.before !== "COMPLETE" ? last.before : "RUNNING";
    await tx.tournament.update({ where: { id: tournamentId }, data: { status: reopened } });
    await tx.eventStatusChange.create({
      data: {
        tournamentId,
        kind: "REOPENED",
        before: "COMPLETE",
        after: reopened,
        staffId: actor.staffId,
        actorName: actor.name,
      },
    });
    return success({ status: reopened });
  });
}

export type SettingsView = {
  settings: TournamentSettings;
  locks: Partial<Record<SettingKey, string>>;
  version: number;
  swissRoundsPaired: number;
  recommended: RecommendedRounds | null;
};

/** The settings form: current values, which may no longer change and why. */
export async function getTournamentSettings(tournamentId: string): Promise<SettingsView | null> {
  const gathered = await gatherEventFacts(prisma, tournamentId);
  if (!gathered) return null;
  return {
    settings: gathered.settings,
    locks: Object.fromEntries(
      Object.entries(settingLocks(gathered.progress)).map(([key, why]) => [key, render(why)]),
    ),
    version: gathered.version,
    swissRoundsPaired: gathered.progress.swissRoundsPaired,
    recommended: recommendedRounds(
      gathered.facts.activePlayers,
      gathered.facts.games,
      gathered.settings.plannedCut,
    ),
  };
}

/**
 * Saves the settings that may still change (lib/rules/settings.ts), under the tournament's
 * exclusive lock (they change how rounds are paired and timed). Version-checked: a form shown
 * before someone else's change is refused, unless it asks for exactly what is already saved
 * (a replayed submission), which answers as the first did.
 */
export async function updateTournamentSettings(
  input: UpdateTournamentSettingsInput,
): Promise<ActionResult<{ changed: SettingKey[] }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const gathered = await gatherEventFacts(tx, input.tournamentId);
    if (!gathered) return failure("NOT_FOUND", "That tournament does not exist.");
    const { tournamentId, expectedVersion, ...requested } = input;
    const wanted = Object.fromEntries(
      Object.entries(requested).filter(([, value]) => value !== undefined),
    ) as Partial<TournamentSettings>;
    const check = checkSettingsChange(gathered.settings, wanted, gathered.progress);
    if (check.ok && check.value.changed.length === 0) return success({ changed: [] });
    if (gathered.version !== expectedVersion) {
      return failure(
        "CONFLICT",
        "Someone changed this tournament since you opened the settings. Reload the page to see the current settings, then make your change again.",
      );
    }
    if (!check.ok) {
      // The field the refusal is about: the first changed setting that is locked, else the rounds.
      const locks = settingLocks(gathered.progress);
      const changedKeys = (Object.keys(wanted) as SettingKey[]).filter(
        (key) => wanted[key] !== gathered.settings[key],
      );
      const field =
        changedKeys.find((key) => locks[key]) ??
        (changedKeys.includes("plannedRounds") ? "plannedRounds" : undefined);
      return failure(
        "VALIDATION",
        render(check.error),
        field ? { [field]: [render(check.error)] } : undefined,
      );
    }
    const { changed } = check.value;
    const pick = <K extends SettingKey>(key: K) =>
      changed.includes(key) ? { [key]: wanted[key] } : {};
    await tx.tournament.update({
      where: { id: tournamentId },
      // updatedAt moves even when only the Swiss phase changes: it is the form's version.
      data: {
        ...pick("name"),
        ...pick("format"),
        ...pick("percentageFloor"),
        ...pick("byeCountsInOwnPercentages"),
        ...pick("deckFormat"),
        ...pick("decklistPublication"),
        ...(changed.includes("decklistDeadline")
          ? {
              decklistDeadline:
                wanted.decklistDeadline == null ? null : new Date(wanted.decklistDeadline),
            }
          : {}),
        updatedAt: new Date(),
      },
    });
    const phaseChange = {
      ...pick("gamesToWin"),
      ...pick("roundMinutes"),
      ...pick("plannedRounds"),
      ...pick("plannedCut"),
    };
    if (Object.keys(phaseChange).length > 0 && gathered.swissPhaseId) {
      await tx.phase.update({ where: { id: gathered.swissPhaseId }, data: phaseChange });
    }
    if (changed.includes("gamesToWin") && gathered.swissPhaseId) {
      // A match's length is what its result is checked against: a result form opened before the
      // change is stale, like after any change to the match (results.ts writes only at the
      // version its checks read, outside any lock).
      await tx.match.updateMany({
        where: { round: { phaseId: gathered.swissPhaseId } },
        data: { version: { increment: 1 } },
      });
    }
    return success({ changed });
  });
}

/** A round's title ("Round 3", "Quarterfinals") for page titles and headings. */
export async function getRoundTitle(
  access: TournamentAccess,
  roundNumber: number,
): Promise<string | null> {
  const title = (await roundTitles(prisma, access.tournamentId)).get(roundNumber);
  return title ? render(title) : null;
}
