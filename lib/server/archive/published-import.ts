import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  comparePublishedStandings,
  entrantNames,
  publishedLink,
  publishedStandingsVariants,
  readMeleeEvent,
  type PublishedDifference,
  type PublishedEvent,
} from "@/lib/rules/published-event";
import { loadSwissFacts, toStandingsInput } from "@/lib/server/standings/standings";
import { nameKey } from "@/lib/rules/registration";
import { additionalTurnsFor } from "@/lib/rules/match-record";
import type { Actor } from "@/lib/server/tournament/staff";
import { newPlayerCode } from "@/lib/server/check-in/player-codes";
import { RAW_BATCH_ROWS, writeInBatches } from "@/lib/server/infra/batches";
import { checkImportSize } from "./import-limit";
import { BYE_SLIP } from "@/lib/rules/match";
import { render } from "@/lib/messages/render";
import { say } from "@/lib/rules/result";

export type ImportedFrom = {
  source: "melee.gg";
  uri: string | null;
  date: string | null;
  standings: PublishedEvent["standings"];
  warnings: string[];
  playoffRounds: string[];
  /** Each published name's entrant name here (made distinct as registration requires). */
  names: Record<string, string>;
};

/**
 * Imports a finished event from the JSON other tools publish (lib/rules/published-event.ts reads
 * and checks all of it first; nothing is written if any part is refused): a complete tournament
 * owned by the importer, its players, and its Swiss rounds with every result recorded as
 * published. Results the rules do not allow are kept as published and flagged; playoff rounds are
 * named in the import's warnings, not imported as a bracket. One transaction.
 */
export async function importPublishedEvent(
  json: unknown,
  owner: Actor,
): Promise<
  ActionResult<{ id: string; players: number; rounds: number; matches: number; warnings: string[] }>
> {
  // Counted on the file as it came, before reading it: a file of half a million rounds is refused at once.
  const raw = json as { Rounds?: unknown; Standings?: unknown } | null;
  const refusedAtOnce = checkImportSize(
    {
      entrants: Array.isArray(raw?.Standings) ? raw.Standings.length : 0,
      rounds: Array.isArray(raw?.Rounds) ? raw.Rounds.length : 0,
    },
    "published results",
  );
  if (refusedAtOnce) return refusedAtOnce;
  const read = readMeleeEvent(json);
  if (!read.ok) return failure("VALIDATION", render(read.error), { json: [render(read.error)] });
  // Reading and naming thousands of entrants is tens of milliseconds each: other requests go between.
  await nextTurn();
  const event = read.value;
  const tooMany = checkImportSize(
    { entrants: event.players.length, rounds: event.rounds.length },
    "published results",
  );
  if (tooMany) return tooMany;
  const swiss = event.rounds.filter((round) => round.kind === "swiss");
  if (swiss.length === 0)
    return failure("VALIDATION", "The event has no Swiss round to import.", {
      json: ["The event has no Swiss round to import."],
    });
  const playoffRounds = event.rounds
    .filter((round) => round.kind === "playoff")
    .map((round) => round.name);
  const warnings = [
    ...event.warnings.map((warning) => render(warning)),
    ...(playoffRounds.length > 0
      ? [
          `Playoff rounds kept out of the import (the standings are the Swiss rounds'): ${playoffRounds.join(", ")}.`,
        ]
      : []),
  ];
  const names = entrantNames(event.players);
  await nextTurn();
  const importedFrom: ImportedFrom = {
    source: "melee.gg",
    uri: event.uri,
    date: event.date,
    standings: event.standings,
    warnings,
    playoffRounds,
    names: Object.fromEntries(names),
  };
  return prisma.$transaction(
    async (tx) => {
      const tournament = await tx.tournament.create({
        data: {
          name: event.name.slice(0, 120),
          format: "Imported",
          status: "COMPLETE",
          ownerId: owner.userId,
          importedFrom,
          staff: {
            create: {
              userId: owner.userId,
              name: owner.name,
              email: owner.email,
              role: "ORGANIZER",
            },
          },
          phases: {
            create: {
              sequence: 1,
              kind: "SWISS",
              gamesToWin: 2,
              roundMinutes: null,
              additionalTurns: additionalTurnsFor({ teammatesShareTurns: false }),
              plannedRounds: swiss.length,
            },
          },
        },
        select: { id: true, phases: { select: { id: true } } },
      });
      const phaseId = tournament.phases[0]!.id;
      // Written with unnest, a few thousand rows a statement: Prisma would prepare each row on the event loop.
      const registrations = await writeInBatches<string, { id: string; displayName: string }>(
        event.players,
        (batch) => {
          const entrants = batch.map((published) => names.get(published)!);
          return tx.$queryRaw<{ id: string; displayName: string }[]>`
        WITH entrant AS (SELECT * FROM unnest(${entrants}::text[], ${entrants.map(nameKey)}::text[], ${entrants.map(() => newPlayerCode())}::text[]) AS e(name, "nameKey", code)),
             player AS (INSERT INTO "Player" (id, name) SELECT gen_random_uuid()::text, name FROM entrant RETURNING id, name)
        INSERT INTO "Registration" (id, "tournamentId", "playerId", "displayName", "nameKey", code)
        SELECT gen_random_uuid()::text, ${tournament.id}, player.id, entrant.name, entrant."nameKey", entrant.code FROM entrant JOIN player ON player.name = entrant.name
        RETURNING id, "displayName"`;
        },
        RAW_BATCH_ROWS,
      );
      const idByName = new Map(
        registrations.map((registration) => [registration.displayName, registration.id]),
      );
      const ids = new Map(
        event.players.map((published) => [published, idByName.get(names.get(published)!)!]),
      );
      const now = new Date();
      let matches = 0;
      for (const [index, round] of swiss.entries()) {
        const created = await tx.round.create({
          data: {
            tournamentId: tournament.id,
            phaseId,
            number: index + 1,
            status: "COMPLETE",
            pairingSeed: "imported",
            startedAt: now,
          },
          select: { id: true },
        });
        // Byes last, as the pairer numbers them; tables in published order.
        const ordered = [
          ...round.matches.filter((match) => match.playerB !== null),
          ...round.matches.filter((match) => match.playerB === null),
        ].map((match, table) => ({ match, table: table + 1 }));
        await writeInBatches(
          ordered,
          (batch) => {
            const slips = batch.map(({ match }) =>
              match.playerB === null ? BYE_SLIP : match.slip,
            );
            return tx.$executeRaw`
          INSERT INTO "Match" (id, "roundId", "tableNumber", "sideAId", "sideBId", "winsA", "winsB", draws, "intentionalDraw", "resultAsPublished", "confirmedAt", "createdAt", "updatedAt")
          SELECT gen_random_uuid()::text, ${created.id}, m."table", m."sideA", m."sideB", m."winsA", m."winsB", m.draws, m."intentionalDraw", m."asPublished", ${now}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3)
          FROM unnest(
            ${batch.map(({ table }) => table)}::int[],
            ${batch.map(({ match }) => ids.get(match.playerA)!)}::text[],
            ${batch.map(({ match }) => (match.playerB === null ? null : ids.get(match.playerB)!))}::text[],
            ${slips.map((slip) => slip.winsA)}::int[],
            ${slips.map((slip) => slip.winsB)}::int[],
            ${slips.map((slip) => slip.draws)}::int[],
            ${batch.map(({ match }) => match.intentionalDraw)}::boolean[],
            ${batch.map(({ match }) => match.playerB !== null && (match.slip.winsA > 2 || match.slip.winsB > 2))}::boolean[]
          ) AS m("table", "sideA", "sideB", "winsA", "winsB", draws, "intentionalDraw", "asPublished")`;
          },
          RAW_BATCH_ROWS,
        );
        matches += ordered.length;
      }
      return success({
        id: tournament.id,
        players: event.players.length,
        rounds: swiss.length,
        matches,
        warnings,
      });
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}

export type PublishedComparison = {
  uri: string | null;
  warnings: string[];
  differences: (PublishedDifference & { name: string })[];
  rows: number;
};

/**
 * For an imported event: each published standing that differs from ours, and the publisher's
 * conventions (another floor, byes counted otherwise, intentional draws as unscored games, a
 * closing bracket published as rounds) under which it would not; null for events run here.
 */
export async function getPublishedComparison(
  tournamentId: string,
): Promise<PublishedComparison | null> {
  const tournament = await prisma.tournament.findUnique({
    where: { id: tournamentId },
    select: { importedFrom: true, percentageFloor: true, byeCountsInOwnPercentages: true },
  });
  const from = tournament?.importedFrom as ImportedFrom | null | undefined;
  if (!tournament || !from) return null;
  const facts = await loadSwissFacts(prisma, tournamentId);
  const input = toStandingsInput(facts);
  const nameOf = new Map(
    facts.registrations.map((registration) => [registration.id, registration.displayName]),
  );
  const published = from.standings.map((row) => ({
    ...row,
    player: from.names[row.player] ?? row.player,
  }));
  const computed = publishedStandingsVariants(
    input,
    {
      percentageFloor: tournament.percentageFloor,
      countByeInOwnPercentages: tournament.byeCountsInOwnPercentages,
    },
    say("publishedEvent.thisEventsSettings"),
  );
  if (!computed.ok)
    throw new Error(`Imported tournament ${tournamentId}: ${render(computed.error)}`);
  const variants = computed.value.map((variant) => ({
    name: variant.name,
    standings: variant.standings.map((standing) => ({
      ...standing,
      playerId: nameOf.get(standing.playerId) ?? standing.playerId,
    })),
  }));
  const differences = comparePublishedStandings(published, variants).map((difference) => ({
    ...difference,
    name: difference.player,
  }));
  // Events imported before links were checked may hold any address: only an https:// one is shown.
  return {
    uri: publishedLink(from.uri),
    warnings: from.warnings,
    differences,
    rows: published.length,
  };
}
