import "server-only";
import { prisma } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { deriveMatchResult, slipToString } from "@/lib/rules/match";
import type { ClearMatchResultInput } from "@/lib/schemas/match-result";
import { byeMatch, formatOf, readGameOutcomes, RollBack, staleVersion, voidedMatch } from "./match-record";
import { advancePlayoff } from "./playoffs";
import { lockTournament } from "./tournament-lock";
import { MATCH_RESULT_FIELDS } from "./standings";

/**
 * Staff remove a result entirely (entered on the wrong match, or to correct a playoff match
 * upstream of one already played). Recorded as CLEARED with the reason; a playoff bracket
 * forgets the matches that depended on it while they are unplayed.
 */
export async function clearMatchResult(input: ClearMatchResultInput, staff: { staffId?: string; name: string }): Promise<ActionResult<{ version: number }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const located = await tx.match.findUnique({ where: { id: input.matchId }, select: { round: { select: { tournamentId: true } } } });
      if (!located) return failure("NOT_FOUND", "That match does not exist.");
      await lockTournament(tx, located.round.tournamentId);
      const match = await tx.match.findUniqueOrThrow({
        where: { id: input.matchId },
        select: { id: true, ...MATCH_RESULT_FIELDS, version: true, voidedAt: true, round: { select: { phase: { select: { kind: true, gamesToWin: true } } } } },
      });
      if (match.voidedAt) return voidedMatch();
      if (match.sideBId === null) return byeMatch();
      if (match.version !== input.expectedVersion) return staleVersion(match);
      if (match.winsA === null) return success({ version: match.version });
      // One source of truth: a result the recorded games make cannot be cleared while the games
      // stand (a concession or agreed draw on top of them can: the games then decide again).
      const games = await readGameOutcomes(tx, match.id);
      if (games.length > 0) {
        const byGames = deriveMatchResult({ format: formatOf({ gamesToWin: match.round.phase.gamesToWin, phaseKind: match.round.phase.kind }), events: games.map((outcome) => ({ type: "game" as const, outcome })) });
        if (byGames.ok && byGames.value.status === "decided") {
          return failure("INVALID_RESULT", `This result (${slipToString(byGames.value.slip)}) is made by the ${games.length} games recorded for this match, so clearing it would leave them contradicting the match: take back the games instead, last game first, on the match page.`);
        }
      }
      const nextVersion = match.version + 1;
      await tx.match.update({
        where: { id: match.id },
        data: { winsA: null, winsB: null, draws: null, concededBy: null, intentionalDraw: false, confirmedAt: null, version: nextVersion },
      });
      await tx.resultChange.create({
        data: {
          matchId: match.id,
          version: nextVersion,
          kind: "CLEARED",
          source: "STAFF",
          staffId: staff.staffId ?? null,
          actorName: staff.name,
          before: { winsA: match.winsA, winsB: match.winsB, draws: match.draws, concededBy: match.concededBy, intentionalDraw: match.intentionalDraw },
          note: input.note,
        },
      });
      if (match.round.phase.kind === "SINGLE_ELIMINATION") {
        const advanced = await advancePlayoff(tx, located.round.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({ version: nextVersion });
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result;
    throw error;
  }
}
