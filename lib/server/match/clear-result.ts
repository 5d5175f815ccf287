import "server-only";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { deriveMatchResult, slipToString } from "@/lib/rules/match";
import type { ClearMatchResultInput } from "@/lib/schemas/match-result";
import { formatOf, matchOpening, readGameOutcomes, staleVersion } from "./match-record";
import { RollBack, writeContest } from "@/lib/server/contest/contest-write";
import { advancePlayoff } from "@/lib/server/round/playoffs";

/**
 * Staff remove a result entirely (entered on the wrong match, or to correct a playoff match
 * upstream of one already played). Recorded as CLEARED with the reason; a playoff bracket
 * forgets the matches that depended on it while they are unplayed.
 */
export async function clearMatchResult(
  input: ClearMatchResultInput,
  staff: { staffId?: string; name: string },
): Promise<ActionResult<{ version: number }>> {
  return writeContest({
    // A clear keeps no key of its own: a form sent again finds the version moved and is told so.
    ...matchOpening(input, { allowDisputed: true }),
    replay: async () => null,
    run: async (tx, match) => {
      if (match.winsA === null) return success({ version: match.version });
      const format = formatOf(match);
      // One source of truth: a result the recorded games make cannot be cleared while the games
      // stand (a concession or agreed draw on top of them can: the games then decide again).
      const games = await readGameOutcomes(tx, match.id);
      if (games.length > 0) {
        const byGames = deriveMatchResult({
          format,
          events: games.map((outcome) => ({ type: "game" as const, outcome })),
        });
        if (byGames.ok && byGames.value.status === "decided") {
          return failure(
            "INVALID_RESULT",
            `This result (${slipToString(byGames.value.slip)}) is made by the ${games.length} games recorded for this match, so clearing it would leave them contradicting the match: take back the games instead, last game first, on the match page.`,
          );
        }
      }
      const nextVersion = match.version + 1;
      const moved = await tx.match.updateMany({
        where: { id: match.id, version: match.version },
        data: {
          winsA: null,
          winsB: null,
          draws: null,
          concededBy: null,
          intentionalDraw: false,
          confirmedAt: null,
          version: nextVersion,
        },
      });
      if (moved.count === 0) throw new RollBack(staleVersion(match));
      await tx.resultChange.create({
        data: {
          matchId: match.id,
          version: nextVersion,
          kind: "CLEARED",
          source: "STAFF",
          staffId: staff.staffId ?? null,
          actorName: staff.name,
          before: {
            winsA: match.winsA,
            winsB: match.winsB,
            draws: match.draws,
            concededBy: match.concededBy,
            intentionalDraw: match.intentionalDraw,
          },
          note: input.note,
        },
      });
      if (format.elimination) {
        const advanced = await advancePlayoff(tx, match.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({ version: nextVersion });
    },
  });
}
