import "server-only";
import type { prisma, Transaction } from "@/lib/server/infra/db";
import type { Message } from "@/lib/rules/result";
import { roundTitle } from "@/lib/rules/swiss-rounds";

type Reader = Transaction | typeof prisma;

/** What a round's title is made from: its number and its phase. */
export type TitledRound = {
  number: number;
  phaseId: string;
  phase: { kind: string; cutSize: number | null };
};

/** Every round's title by number ("Round 3", "Quarterfinals", "Final pod"): the one place pages, exports and prints get a round's name. */
export function titlesOf(rounds: readonly TitledRound[], structure: string): Map<number, Message> {
  const ordered = [...rounds].sort((a, b) => a.number - b.number);
  const titles = new Map<number, Message>();
  for (const round of ordered) {
    if (round.phase.kind === "SWISS") {
      titles.set(round.number, roundTitle({ number: round.number }));
      continue;
    }
    const playoffIndex = ordered.filter(
      (other) => other.phaseId === round.phaseId && other.number < round.number,
    ).length;
    titles.set(
      round.number,
      roundTitle({
        number: round.number,
        playoff: {
          cutSize: round.phase.cutSize ?? 0,
          playoffIndex,
          pods: structure === "PODS",
        },
      }),
    );
  }
  return titles;
}

/** The titles of a tournament's rounds, read in one statement; empty for a tournament without rounds. */
export async function roundTitles(db: Reader, tournamentId: string): Promise<Map<number, Message>> {
  const tournament = await db.tournament.findUnique({
    where: { id: tournamentId },
    select: {
      structure: true,
      rounds: {
        select: {
          number: true,
          phaseId: true,
          phase: { select: { kind: true, cutSize: true } },
        },
      },
    },
  });
  return tournament ? titlesOf(tournament.rounds, tournament.structure) : new Map();
}
