import "server-only";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { checkAwardedByes } from "@/lib/rules/awarded-byes";
import type { AwardByesInput, WithdrawAwardedByeInput } from "@/lib/schemas/awarded-bye";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { render } from "@/lib/messages/render";

/** Swiss rounds paired so far, the tournament's structure and the player's entry, under the pairing lock. */
async function loadEntry(tx: Transaction, tournamentId: string, registrationId: string) {
  const [registration, roundsPaired] = await Promise.all([
    tx.registration.findFirst({
      where: { id: registrationId, tournamentId },
      select: {
        displayName: true,
        firstRound: true,
        droppedAfterRound: true,
        tournament: { select: { structure: true } },
      },
    }),
    tx.round.count({ where: { tournamentId, phase: { kind: "SWISS" } } }),
  ]);
  return registration ? { ...registration, roundsPaired } : null;
}

/**
 * Awards byes in advance to a player for named rounds (lib/rules/awarded-byes.ts): under the lock
 * that pairing takes, so a round is never paired halfway through an award. Awarding a withdrawn
 * bye again restores it; an award already standing is answered as done.
 */
export async function awardByes(
  input: AwardByesInput,
): Promise<ActionResult<{ name: string; rounds: number[] }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const entry = await loadEntry(tx, input.tournamentId, input.registrationId);
    if (!entry) return failure("NOT_FOUND", "That player is not registered in this tournament.");
    if (entry.tournament.structure === "PODS")
      return failure(
        "VALIDATION",
        "A pod event gives byes only when its count needs one: byes are not awarded in advance there.",
      );
    const checked = checkAwardedByes({
      rounds: input.rounds,
      roundsPaired: entry.roundsPaired,
      firstRound: entry.firstRound,
      droppedAfterRound: entry.droppedAfterRound,
      name: entry.displayName,
    });
    if (!checked.ok)
      return failure("VALIDATION", render(checked.error), { rounds: [render(checked.error)] });
    for (const roundNumber of checked.value) {
      await tx.awardedBye.upsert({
        where: {
          registrationId_roundNumber: { registrationId: input.registrationId, roundNumber },
        },
        create: { registrationId: input.registrationId, roundNumber },
        update: { withdrawnAt: null },
      });
    }
    return success({ name: entry.displayName, rounds: checked.value });
  });
}

/** Withdraws an awarded bye before its round is paired; the row is kept with when it was withdrawn. */
export async function withdrawAwardedBye(
  input: WithdrawAwardedByeInput,
): Promise<ActionResult<{ name: string }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const entry = await loadEntry(tx, input.tournamentId, input.registrationId);
    if (!entry) return failure("NOT_FOUND", "That player is not registered in this tournament.");
    if (input.roundNumber <= entry.roundsPaired)
      return failure(
        "VALIDATION",
        `Round ${input.roundNumber} is already paired: its bye stands (swap players on the round page to change it).`,
      );
    const updated = await tx.awardedBye.updateMany({
      where: {
        registrationId: input.registrationId,
        roundNumber: input.roundNumber,
        withdrawnAt: null,
      },
      data: { withdrawnAt: new Date() },
    });
    if (updated.count === 0)
      return failure(
        "NOT_FOUND",
        `${entry.displayName} has no bye awarded for round ${input.roundNumber}.`,
      );
    return success({ name: entry.displayName });
  });
}

/** The players with byes awarded for `roundNumber` and not withdrawn. */
export async function awardedByesFor(
  db: Transaction,
  tournamentId: string,
  roundNumber: number,
): Promise<Set<string>> {
  const rows = await db.awardedBye.findMany({
    where: { roundNumber, withdrawnAt: null, registration: { tournamentId } },
    select: { registrationId: true },
  });
  return new Set(rows.map((row) => row.registrationId));
}

/** Every standing award, by player, for the overview. */
export async function listAwardedByes(
  tournamentId: string,
): Promise<{ registrationId: string; name: string; rounds: number[] }[]> {
  const rows = await prisma.awardedBye.findMany({
    where: { withdrawnAt: null, registration: { tournamentId } },
    orderBy: [{ registration: { displayName: "asc" } }, { roundNumber: "asc" }],
    select: {
      registrationId: true,
      roundNumber: true,
      registration: { select: { displayName: true } },
    },
  });
  const byPlayer = new Map<string, { registrationId: string; name: string; rounds: number[] }>();
  for (const row of rows) {
    const entry = byPlayer.get(row.registrationId) ?? {
      registrationId: row.registrationId,
      name: row.registration.displayName,
      rounds: [],
    };
    entry.rounds.push(row.roundNumber);
    byPlayer.set(row.registrationId, entry);
  }
  return [...byPlayer.values()];
}
