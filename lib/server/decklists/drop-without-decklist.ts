import "server-only";
import { createHash } from "node:crypto";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { Prisma } from "@/lib/generated/prisma/client";
import { render } from "@/lib/messages/render";
import { entryDecklistStanding, playersWithoutLegalList } from "@/lib/rules/decklists";
import { say } from "@/lib/rules/result";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { prisma } from "@/lib/server/infra/db";
import { ruleFailure } from "@/lib/server/infra/errors";
import { type DropActor, dropInTransaction } from "@/lib/server/registration/registrations";

/** Why a player the organizer was shown was not dropped after all. */
export type DropSkipReason = "HAS_LEGAL_LIST" | "ALREADY_DROPPED" | "NOT_REGISTERED";

export type DropWithoutDecklistAnswer = {
  dropped: { registrationId: string; name: string }[];
  skipped: { registrationId: string; name: string; reason: DropSkipReason }[];
  /** Names in from the waitlist to the spots the drops freed. */
  promoted: string[];
};

/**
 * MTR 2.10, before round 1: drops, in one confirmed step, the players without a legal decklist the
 * organizer was shown (`registrationIds`). In one transaction under the tournament's lock each is
 * checked again: a player whose list became legal since, who dropped meanwhile or is no longer
 * registered is skipped and said so; the others drop through the one drop path (each with its
 * history row; freed spots go to the waitlist). Once round 1 is paired it is refused
 * (ROUND_STARTED). The same request sent again (same key) answers as the first did.
 */
export async function dropPlayersWithoutLegalList(
  input: { tournamentId: string; registrationIds: string[]; idempotencyKey: string },
  actor: DropActor,
): Promise<ActionResult<DropWithoutDecklistAnswer>> {
  const asked = [...new Set(input.registrationIds)];
  const requestHash = createHash("sha256")
    .update(JSON.stringify([...asked].sort()))
    .digest("base64url");
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const earlier = await tx.decklistDrop.findUnique({
      where: {
        tournamentId_idempotencyKey: {
          tournamentId: input.tournamentId,
          idempotencyKey: input.idempotencyKey,
        },
      },
    });
    if (earlier) {
      if (earlier.requestHash !== requestHash)
        return failure(
          "IDEMPOTENCY_KEY_REUSED",
          "This step was already confirmed for other players. Reload the page to see who still has no legal list.",
        );
      return success({
        dropped: earlier.dropped as DropWithoutDecklistAnswer["dropped"],
        skipped: earlier.skipped as DropWithoutDecklistAnswer["skipped"],
        promoted: earlier.promoted as string[],
      });
    }
    const [tournament, roundsPaired, registrations] = await Promise.all([
      tx.tournament.findFirst({
        where: { id: input.tournamentId, deletedAt: null },
        select: { deckFormat: true, teamSize: true },
      }),
      tx.round.count({ where: { tournamentId: input.tournamentId } }),
      tx.registration.findMany({
        where: { tournamentId: input.tournamentId },
        select: {
          id: true,
          displayName: true,
          droppedAfterRound: true,
          decklists: { select: { seat: true, isLegal: true, format: true } },
        },
      }),
    ]);
    if (!tournament) return failure("NOT_FOUND", "That tournament does not exist.");
    if (tournament.deckFormat === null)
      return failure("DECKLISTS_OFF", render(say("decklists.off")));
    const eligible = playersWithoutLegalList({
      roundsPaired,
      entries: registrations.map((registration) => ({
        id: registration.id,
        isDropped: registration.droppedAfterRound !== null,
        // DL6: a team stays only when every member's list is legal.
        standing: entryDecklistStanding({
          teamSize: tournament.teamSize,
          eventFormat: tournament.deckFormat,
          lists: registration.decklists,
        }),
      })),
    });
    if (!eligible.ok) return ruleFailure(eligible.error, "CONFLICT");
    const toDrop = new Set(eligible.value);
    const byId = new Map(registrations.map((registration) => [registration.id, registration]));
    const answer: DropWithoutDecklistAnswer = { dropped: [], skipped: [], promoted: [] };
    for (const registrationId of asked) {
      const registration = byId.get(registrationId);
      if (!registration) {
        answer.skipped.push({ registrationId, name: "", reason: "NOT_REGISTERED" });
        continue;
      }
      const name = registration.displayName;
      if (!toDrop.has(registrationId)) {
        const reason =
          registration.droppedAfterRound !== null ? "ALREADY_DROPPED" : "HAS_LEGAL_LIST";
        answer.skipped.push({ registrationId, name, reason });
        continue;
      }
      const dropped = await dropInTransaction(
        tx,
        { tournamentId: input.tournamentId, registrationId },
        actor,
      );
      if (!dropped.ok) return dropped;
      answer.dropped.push({ registrationId, name });
      answer.promoted.push(...dropped.value.promoted);
    }
    await tx.decklistDrop.create({
      data: {
        tournamentId: input.tournamentId,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        staffId: actor.staffId,
        actorName: actor.name,
        dropped: answer.dropped as unknown as Prisma.InputJsonValue,
        skipped: answer.skipped as unknown as Prisma.InputJsonValue,
        promoted: answer.promoted as unknown as Prisma.InputJsonValue,
      },
    });
    return success(answer);
  });
}
