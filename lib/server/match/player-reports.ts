import "server-only";
import {
  loadTeamMembers,
  matchesPerPairingOf,
  nameSeatMatches,
  teamTables,
  type TeamMembersById,
} from "@/lib/server/registration/team-names";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { ruleFailure } from "@/lib/server/infra/errors";
import { decidePlayerReport } from "@/lib/rules/report-flow";
import { showsPlayerClock } from "@/lib/rules/player-clock";
import { resultSummary, writtenScore } from "@/lib/rules/match";
import { gamesOnRecord, playerReportOnRecord } from "@/lib/rules/match-record";
import type { ReportFlowState } from "@/lib/rules/report-flow";
import type { Side } from "@/lib/rules/result";
import type { ReportMatchResultInput } from "@/lib/schemas/match-result";
import type { PlayerActor } from "@/lib/server/check-in/player-codes";
import { RollBack, writeContest } from "@/lib/server/contest/contest-write";
import { advancePlayoff } from "@/lib/server/round/playoffs";
import { FLOW_SELECT, matchFlow, sideOf, type PlayerReportRow } from "./report-flow";
import {
  deriveStoredMatch,
  formatOf,
  MATCH_RECORD_SELECT,
  matchOpening,
  matchRecordFacts,
  type MatchRecordRow,
} from "./match-record";
import { dropPlayer } from "@/lib/server/registration/registrations";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { getRoundClock } from "./time-extensions";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { render } from "@/lib/messages/render";

/**
 * Players report their own match from their phones (MTR 2.5): the first report waits
 * for the opponent; the opponent's matching report (or tapping "Confirm", which sends the same
 * slip) completes the match; a different one makes it disputed, and nothing is taken from either
 * report until staff settle it. Every write is versioned like staff results (results.ts), under
 * the tournament's shared lock, idempotent by the form's key, and appended to the history.
 */

/** The player's own current match: theirs in the tournament's latest round (null if they sit it out). */
export async function findCurrentMatchId(
  db: Pick<Transaction, "round">,
  player: { registrationId: string; tournamentId: string; seat?: number | null },
): Promise<string | null> {
  // MTR 8.2: a team member's match is their seat's; their team's bye is theirs too.
  const seat =
    player.seat === null || player.seat === undefined
      ? {}
      : { OR: [{ seat: player.seat }, { sideBId: null }] };
  const round = await db.round.findFirst({
    where: { tournamentId: player.tournamentId },
    orderBy: { number: "desc" },
    select: {
      matches: {
        where: {
          voidedAt: null,
          AND: [
            { OR: [{ sideAId: player.registrationId }, { sideBId: player.registrationId }] },
            seat,
          ],
        },
        select: { id: true },
        take: 1,
      },
    },
  });
  return round?.matches[0]?.id ?? null;
}

export type PlayerReportResult = {
  state: ReportFlowState;
  version: number;
  isDuplicate: boolean;
  message: string;
};

export async function submitPlayerReport(
  input: Omit<ReportMatchResultInput, "note">,
  player: PlayerActor,
): Promise<ActionResult<PlayerReportResult>> {
  const opening = matchOpening(input, { allowDisputed: true });
  return writeContest({
    ...opening,
    open: async (tx) => {
      const opened = await opening.open(tx);
      // The wrapper checked this already (a code acts only on its own current match); kept as the last word.
      if ("contest" in opened && !sideOf(opened.contest, player.registrationId))
        return { answer: failure("FORBIDDEN", "Your code can only report your own match.") };
      return opened;
    },
    stale: changedMeanwhile,
    replay: (db) => replayOf(db, input, player),
    run: async (tx, match) => {
      const reporter = sideOf(match, player.registrationId)!;
      const [row, reportsSent, recordRow] = await Promise.all([
        tx.match.findUniqueOrThrow({ where: { id: match.id }, select: FLOW_SELECT }),
        tx.matchReport.count({
          where: { matchId: match.id, reportedById: player.registrationId, source: "PLAYER" },
        }),
        tx.match.findUniqueOrThrow({
          where: { id: match.id },
          select: {
            ...MATCH_RECORD_SELECT,
            sideA: { select: { displayName: true } },
            sideB: { select: { displayName: true } },
          },
        }),
      ]);
      const flow = matchFlow(row, null);
      // A report may add games played since those a judge recorded, or concede or draw on them, but never contradict them (MTR 2.1, 2.5).
      const onRecord = playerReportOnRecord(
        matchRecordFacts(recordRow),
        {
          slip: { winsA: input.winsA, winsB: input.winsB, draws: input.draws },
          concededBy: input.concededBy,
          intentionalDraw: input.intentionalDraw,
        },
        { A: recordRow.sideA.displayName, B: recordRow.sideB?.displayName ?? "" },
      );
      if (!onRecord.ok) return failure("INVALID_RESULT", render(onRecord.error));
      const report = onRecord.value;
      const decided = decidePlayerReport({
        format: formatOf(match),
        state: flow.state,
        reporter,
        report,
        pending: flow.pending
          ? { by: flow.pending.by, report: asSlipReport(flow.pending.report) }
          : null,
        reportsSent,
      });
      if (!decided.ok) return ruleFailure(decided.error, "INVALID_RESULT");
      if (decided.value.step === "unchanged") {
        return success({
          state: "awaiting-confirmation" as const,
          version: match.version,
          isDuplicate: true,
          message:
            "Already reported; nothing changed. Your opponent now confirms it on their phone.",
        });
      }
      const nextVersion = match.version + 1;
      const moved = await tx.match.updateMany({
        where: { id: match.id, version: match.version },
        data:
          decided.value.step === "confirm"
            ? {
                version: nextVersion,
                winsA: decided.value.outcome.slip.winsA,
                winsB: decided.value.outcome.slip.winsB,
                draws: decided.value.outcome.slip.draws,
                concededBy: flow.pending!.report.concededBy ?? input.concededBy ?? null,
                intentionalDraw: flow.pending!.report.intentionalDraw || input.intentionalDraw,
                confirmedAt: new Date(),
              }
            : { version: nextVersion },
      });
      if (moved.count === 0) return (await replayOf(tx, input, player)) ?? changedMeanwhile();

      const slip = decided.value.step === "dispute" ? report.slip : decided.value.outcome.slip;
      const stored = await tx.matchReport.create({
        data: {
          matchId: match.id,
          idempotencyKey: input.idempotencyKey,
          source: "PLAYER",
          reportedById: player.registrationId,
          winsA: slip.winsA,
          winsB: slip.winsB,
          draws: slip.draws,
          concededBy: input.concededBy ?? null,
          intentionalDraw: input.intentionalDraw,
          resultVersion: nextVersion,
          ...(decided.value.step === "confirm" ? { confirmedAt: new Date() } : {}),
        },
        select: { id: true },
      });
      const after = {
        winsA: slip.winsA,
        winsB: slip.winsB,
        draws: slip.draws,
        concededBy: input.concededBy ?? null,
        intentionalDraw: input.intentionalDraw,
        reportedBy: reporter,
      };
      if (decided.value.step === "await") {
        await tx.resultChange.create({
          data: {
            matchId: match.id,
            version: nextVersion,
            kind: "REPORTED",
            source: "PLAYER",
            actorName: player.name,
            after,
            note: "Reported by a player; waiting for the opponent to confirm.",
          },
        });
        return success({
          state: "awaiting-confirmation" as const,
          version: nextVersion,
          isDuplicate: false,
          message: "Reported. Your opponent now confirms it on their phone.",
        });
      }
      if (decided.value.step === "confirm") {
        await tx.matchReport.update({
          where: { id: flow.pending!.report.id },
          data: { confirmedById: player.registrationId, confirmedAt: new Date() },
        });
        await tx.resultChange.create({
          data: {
            matchId: match.id,
            version: nextVersion,
            kind: "CONFIRMED",
            source: "PLAYER",
            actorName: player.name,
            after: {
              ...after,
              confirmedReportId: flow.pending!.report.id,
              confirmingReportId: stored.id,
            },
          },
        });
        if (formatOf(match).elimination) {
          const advanced = await advancePlayoff(tx, match.tournamentId);
          if (!advanced.ok) throw new RollBack(advanced);
        }
        return success({
          state: "final" as const,
          version: nextVersion,
          isDuplicate: false,
          message: `Confirmed: ${render(
            resultSummary(decided.value.outcome, {
              concededBy: flow.pending!.report.concededBy ?? input.concededBy ?? null,
              intentionalDraw: flow.pending!.report.intentionalDraw || input.intentionalDraw,
            }),
            { sides: { A: recordRow.sideA.displayName, B: recordRow.sideB?.displayName ?? "" } },
          )}. The match is complete.`,
        });
      }
      const waiting = flow.pending!.report;
      await tx.resultChange.create({
        data: {
          matchId: match.id,
          version: nextVersion,
          kind: "DISPUTED",
          source: "PLAYER",
          actorName: player.name,
          before: {
            winsA: waiting.winsA,
            winsB: waiting.winsB,
            draws: waiting.draws,
            concededBy: waiting.concededBy,
            intentionalDraw: waiting.intentionalDraw,
            reportedBy: flow.pending!.by,
          },
          after,
          note: render(decided.value.message),
        },
      });
      return success({
        state: "disputed" as const,
        version: nextVersion,
        isDuplicate: false,
        message:
          "Your report differs from your opponent's. Nothing is recorded until a judge settles it: please call a judge.",
      });
    },
  });
}

function asSlipReport(report: PlayerReportRow) {
  return {
    slip: { winsA: report.winsA, winsB: report.winsB, draws: report.draws },
    concededBy: report.concededBy ?? undefined,
    intentionalDraw: report.intentionalDraw,
  };
}

function changedMeanwhile(): ActionResult<never> {
  return failure(
    "CONFLICT",
    "Your match changed in the meantime (your opponent or a judge reported it). Look at it again below and report again if needed.",
  );
}

/** A replay of a report already stored (a retry, a double tap) answers as the first did; any other use of its key is a conflict. */
async function replayOf(
  db: Pick<Transaction, "matchReport" | "match">,
  input: Omit<ReportMatchResultInput, "note">,
  player: PlayerActor,
): Promise<ActionResult<PlayerReportResult> | null> {
  const stored = await db.matchReport.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: {
      matchId: true,
      reportedById: true,
      resultVersion: true,
      winsA: true,
      winsB: true,
      draws: true,
      concededBy: true,
      intentionalDraw: true,
      match: { select: { version: true } },
    },
  });
  if (!stored) return null;
  const isSame =
    stored.matchId === input.matchId &&
    stored.reportedById === player.registrationId &&
    stored.resultVersion === input.expectedVersion + 1 &&
    // A confirmation stores the agreed slip: 0-0 confirming a 0-0-3 intentional draw is stored as 0-0-3 (MTR 2.5).
    // A concession or agreed draw sent with no games told is stored on the games played (MTR 2.5: 2-1 for a 2-0 winner who conceded).
    (isSameSlip(stored, input) ||
      (isSameSlip(input, { winsA: 0, winsB: 0, draws: 0 }) &&
        ((stored.winsA === 0 && stored.winsB === 0) ||
          stored.concededBy !== null ||
          stored.intentionalDraw))) &&
    (stored.concededBy ?? null) === (input.concededBy ?? null) &&
    stored.intentionalDraw === input.intentionalDraw;
  if (!isSame)
    return failure(
      "CONFLICT",
      "This form was already used, so nothing was saved now. Reload the page to see your match.",
    );
  // Read in the caller's transaction: on a single connection a read outside it would wait for itself.
  const row = await db.match.findUniqueOrThrow({
    where: { id: stored.matchId },
    select: FLOW_SELECT,
  });
  return success({
    state: matchFlow(row, null).state,
    version: stored.resultVersion,
    isDuplicate: true,
    message: "Already sent; your report was recorded once.",
  });
}

function isSameSlip(
  x: { winsA: number | null; winsB: number | null; draws: number | null },
  y: { winsA: number; winsB: number; draws: number },
): boolean {
  return x.winsA === y.winsA && x.winsB === y.winsB && (x.draws ?? 0) === y.draws;
}

/** A player drops themselves (MTR 2.10): the same rule and write as staff dropping them. */
export async function dropSelf(player: PlayerActor) {
  return dropPlayer({ tournamentId: player.tournamentId, registrationId: player.registrationId });
}

/** Everything the player's "My match" page shows, read on load. */
export async function getPlayerMatchView(player: PlayerActor, now = Date.now()) {
  const registration = await prisma.registration.findUniqueOrThrow({
    where: { id: player.registrationId },
    select: {
      displayName: true,
      droppedAfterRound: true,
      tournament: {
        select: {
          id: true,
          name: true,
          status: true,
          publishedAt: true,
          deckFormat: true,
          teamFormat: true,
          teamSize: true,
        },
      },
    },
  });
  const matchId = await findCurrentMatchId(prisma, player);
  // A team member is named as their seat's player with their team; anyone else by their entry.
  const isTeam = registration.tournament.teamFormat !== "INDIVIDUAL";
  const base = {
    name:
      player.seat === null || player.seat === undefined ? registration.displayName : player.name,
    /** The member's team, which drops as one (MTR 8.2); null for a player on their own. */
    team: isTeam ? registration.displayName : null,
    tournament: registration.tournament,
    droppedAfterRound: registration.droppedAfterRound,
  };
  if (!matchId) return { ...base, match: null };
  const [match, recordRow] = await Promise.all([
    prisma.match.findUniqueOrThrow({
      where: { id: matchId },
      select: {
        ...FLOW_SELECT,
        seat: true,
        roundId: true,
        round: {
          select: {
            number: true,
            startedAt: true,
            phase: { select: { gamesToWin: true, kind: true } },
          },
        },
        sideA: { select: { id: true, displayName: true } },
        sideB: { select: { id: true, displayName: true } },
      },
    }),
    prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: MATCH_RECORD_SELECT }),
  ]);
  const { teamFormat, teamSize } = registration.tournament;
  const matchesPerPairing = matchesPerPairingOf({ teamFormat, teamSize });
  const members =
    matchesPerPairing > 1 ? await loadTeamMembers(prisma, player.tournamentId) : undefined;
  const [named] = nameSeatMatches([match], matchesPerPairing, members);
  const teamMatch =
    members && match.sideBId !== null
      ? await readTeamMatch(
          match.roundId,
          match.tableNumber,
          matchesPerPairing,
          match.round.phase.gamesToWin,
          members,
        )
      : null;
  const mySide = sideOf(match, player.registrationId)!;
  const flow = matchFlow(match, match.round.startedAt);
  const clock = await getRoundClock(
    trustedTournamentAccess(player.tournamentId),
    match.round.number,
    now,
    { matchId: match.id },
  );
  const table = clock?.tables.find((candidate) => candidate.matchId === match.id);
  const later = await prisma.round.count({
    where: { tournamentId: player.tournamentId, number: { gt: match.round.number } },
  });
  const showsClock = showsPlayerClock({
    eventComplete: registration.tournament.status === "COMPLETE",
    roundOver: clock?.isOver ?? false,
    hasLaterRound: later > 0,
  });
  const roundName =
    (await getRoundTitle(trustedTournamentAccess(player.tournamentId), match.round.number)) ??
    `Round ${match.round.number}`;
  return {
    ...base,
    match: {
      id: match.id,
      version: match.version,
      tableNumber: match.tableNumber,
      roundNumber: match.round.number,
      roundName,
      isBye: match.sideBId === null,
      mySide,
      tableLabel: named!.tableLabel,
      myName: mySide === "A" ? named!.sideA.displayName : named!.sideB!.displayName,
      opponentName: mySide === "A" ? (named!.sideB?.displayName ?? null) : named!.sideA.displayName,
      /** The opponent is a team (Two-Headed Giant), named in full; a player may go by a first name. */
      opponentIsTeam: isTeam && matchesPerPairing === 1,
      format: formatOf({
        gamesToWin: match.round.phase.gamesToWin,
        phaseKind: match.round.phase.kind,
      }),
      result:
        match.winsA === null
          ? null
          : { winsA: match.winsA, winsB: match.winsB!, draws: match.draws ?? 0 },
      flow: {
        state: flow.state,
        pendingBy: flow.pending?.by ?? null,
        pending: flow.pending ? asSlipReport(flow.pending.report) : null,
        mine: flow.latestBySide[mySide] ? asSlipReport(flow.latestBySide[mySide]!) : null,
      },
      clock: showsClock ? (table?.clock ?? clock?.round ?? null) : null,
      serverNow: clock?.serverNow ?? now,
      teamMatch,
      record: playerRecordOf(recordRow),
    },
  };
}

/**
 * What the match's record holds for the player's phone (MTR 2.1, 2.4): the games a judge recorded
 * or the procedure decided, the procedure while it runs, the result once decided, and the facts
 * the phone judges its one-tap choices by (with the rule the server judges a sent report by).
 */
function playerRecordOf(row: MatchRecordRow) {
  const facts = matchRecordFacts(row);
  const view = deriveStoredMatch(row);
  const games = gamesOnRecord(facts, view);
  return {
    facts,
    games: games.map((game, index) => ({
      number: index + 1,
      winner: game.kind === "win" ? game.winner : null,
      reason: game.reason,
      byTime: index === games.length - 1 && game === view.gameDecidedByTime,
    })),
    timeCalled: view.timeCalled,
    endOfMatch: view.endOfMatch,
    decided: view.phase === "decided" ? view.decided : null,
  };
}

/** MTR 8.2: the team match a member's seat match belongs to, as its seats stand now, each seat named. */
async function readTeamMatch(
  roundId: string,
  tableNumber: number,
  teamSize: number,
  gamesToWin: number,
  members: TeamMembersById,
) {
  const seats = await prisma.match.findMany({
    where: { roundId, tableNumber, voidedAt: null },
    orderBy: { seat: "asc" },
    select: {
      seat: true,
      tableNumber: true,
      winsA: true,
      winsB: true,
      draws: true,
      concededBy: true,
      intentionalDraw: true,
      confirmedAt: true,
      sideA: { select: { id: true, displayName: true } },
      sideB: { select: { id: true, displayName: true } },
    },
  });
  const [table] = teamTables(seats, teamSize, gamesToWin);
  if (!table) return null;
  const named = nameSeatMatches(seats, teamSize, members);
  return {
    ...table,
    seats: named.map((seat) => ({
      tableLabel: seat.tableLabel,
      nameA: seat.sideA.displayName,
      nameB: seat.sideB?.displayName ?? "",
      score: seat.winsA === null ? null : writtenScore(seat.winsA, seat.winsB, seat.draws),
      isRecorded: seat.confirmedAt !== null,
    })),
  };
}
export type PlayerMatchView = Awaited<ReturnType<typeof getPlayerMatchView>>;
export type PlayerSide = Side;
