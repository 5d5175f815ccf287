import "server-only";
import { prisma } from "@/lib/server/infra/db";
import { render } from "@/lib/messages/render";
import { tableLabel } from "@/lib/rules/teams";
import { roundTitles } from "@/lib/server/round/round-titles";
import { matchesPerPairingOf } from "@/lib/server/registration/team-names";

/** What a delivery announced, in the parts the settings page puts into words. */
export type DeliverySubject = {
  kind: string;
  /** The round's title ("Round 3", "Quarterfinals"). */
  round: string | null;
  /** The table ("12", "12A"). */
  table: string | null;
  /** The two sides of a match; empty for a pod, a round or the event. */
  names: string[];
};

type Announced = { id: string; kind: string; subjectId: string };

/**
 * The subjects of a page of deliveries' announcements, read in one query per kind of subject
 * (rounds, matches, pods, judge calls) rather than one per row.
 */
export async function deliverySubjects(
  tournamentId: string,
  announced: readonly Announced[],
): Promise<Map<string, DeliverySubject>> {
  const ids = (kinds: string[]) =>
    announced.filter((each) => kinds.includes(each.kind)).map((each) => each.subjectId);
  const contestIds = ids(["result.recorded", "time.called"]);
  const [tournament, titles, rounds, matches, pods, calls] = await Promise.all([
    prisma.tournament.findUniqueOrThrow({
      where: { id: tournamentId },
      select: { teamFormat: true, teamSize: true },
    }),
    roundTitles(prisma, tournamentId),
    prisma.round.findMany({
      where: { tournamentId, id: { in: ids(["round.paired", "standings.changed"]) } },
      select: { id: true, number: true },
    }),
    prisma.match.findMany({
      where: { id: { in: contestIds }, round: { tournamentId } },
      select: {
        id: true,
        tableNumber: true,
        seat: true,
        round: { select: { number: true } },
        sideA: { select: { displayName: true } },
        sideB: { select: { displayName: true } },
      },
    }),
    prisma.pod.findMany({
      where: { id: { in: contestIds }, round: { tournamentId } },
      select: { id: true, tableNumber: true, round: { select: { number: true } } },
    }),
    prisma.judgeCall.findMany({
      where: { tournamentId, id: { in: ids(["judge_call.opened", "judge_call.claimed"]) } },
      select: { id: true, tableNumber: true },
    }),
  ]);
  const perPairing = matchesPerPairingOf(tournament);
  const title = (number: number) => {
    const message = titles.get(number);
    return message ? render(message) : `Round ${number}`;
  };
  const subjects = new Map<
    string,
    { round: string | null; table: string | null; names: string[] }
  >();
  for (const round of rounds)
    subjects.set(round.id, { round: title(round.number), table: null, names: [] });
  for (const match of matches)
    subjects.set(match.id, {
      round: title(match.round.number),
      table: tableLabel(match.tableNumber, match.seat, perPairing),
      names: match.sideB ? [match.sideA.displayName, match.sideB.displayName] : [],
    });
  for (const pod of pods)
    subjects.set(pod.id, {
      round: title(pod.round.number),
      table: `${pod.tableNumber}`,
      names: [],
    });
  for (const call of calls)
    subjects.set(call.id, { round: null, table: `${call.tableNumber}`, names: [] });
  return new Map(
    announced.map((each) => [
      each.id,
      {
        kind: each.kind,
        ...(subjects.get(each.subjectId) ?? { round: null, table: null, names: [] }),
      },
    ]),
  );
}
