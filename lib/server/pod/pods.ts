import "server-only";
import { randomBytes } from "node:crypto";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { pairPodRound, POD_PAIRING_ALGORITHM_VERSION } from "@/lib/pairings/pods";
import type { PodPlayer } from "@/lib/pairings/pod-types";
import { podRoundMinutes, type PodEventSettings } from "@/lib/rules/pod-event";
import {
  computePodStandings,
  podFinalStandings,
  podStandingsSettingsWithDefaults,
  type PodCutFinish,
  type PodStanding,
  type PodStandingsEntry,
  type PodStandingsSettings,
} from "@/lib/rules/pod-standings";
import { lastCompleteRound, playoffContenders, playsInRound } from "@/lib/rules/standings";
import {
  podBracketState,
  podCutFinishes,
  type PodBracketResult,
  type PodBracketState,
  type PodCutSize,
} from "@/lib/pairings/pod-bracket";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { listOfNames } from "@/lib/plural";
import {
  readSnapshot,
  type SnapshotSource,
  type SnapshotSpec,
} from "@/lib/server/standings/read-snapshots";
import { searchAndPage, searchKey, type Page, type PageRequest } from "@/lib/paging";
import { refuseUnlessNextStep } from "@/lib/server/tournament/event-status";
import { inconsistentResults } from "@/lib/server/registration/player-names";
import {
  NOT_A_POD_EVENT,
  POD_SELECT,
  type PodRow,
  type PodView,
  type Reader,
  derivePod,
  loadPodSettings,
  loadPods,
  toPodView,
} from "./pod-record";
import { render } from "@/lib/messages/render";
import { roundTitles } from "@/lib/server/round/round-titles";
import { getRoundClock } from "@/lib/server/match/time-extensions";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import type { RoundClock } from "@/lib/rules/round-clock";
import { showsPlayerClock } from "@/lib/rules/player-clock";

/** Standings entries from recorded pods (and byes) of rounds before `beforeRound`. */
function standingsEntries(
  pods: readonly PodRow[],
  settings: PodEventSettings,
  beforeRound = Infinity,
): PodStandingsEntry[] {
  const entries: PodStandingsEntry[] = [];
  for (const pod of pods) {
    // The top cut's pods decide the champion, not the Swiss standings.
    if (pod.round.number >= beforeRound || pod.bracketSlot !== null) continue;
    if (pod.isBye) {
      entries.push({ round: pod.round.number, bye: pod.seats[0]!.registrationId });
      continue;
    }
    if (pod.confirmedAt === null) continue;
    const view = derivePod(pod, settings)!;
    entries.push({
      round: pod.round.number,
      pod: view.result!.players.map((player) => ({ player: player.player, result: player.result })),
    });
  }
  return entries;
}

/** The settings a pod event's standings are computed with: its points (a bye as a win), the default tiebreakers and floor. */
function standingsSettingsOf(settings: PodEventSettings): PodStandingsSettings {
  return podStandingsSettingsWithDefaults({ points: { ...settings.points, bye: null } });
}

async function computeStandingsFrom(
  db: Reader,
  tournamentId: string,
  settings: PodEventSettings,
  pods: readonly PodRow[],
  beforeRound?: number,
) {
  const registrations = await db.registration.findMany({
    where: { tournamentId },
    select: {
      id: true,
      displayName: true,
      firstRound: true,
      missedRoundsAsLosses: true,
      droppedAfterRound: true,
    },
  });
  const standings = computePodStandings(
    {
      players: registrations.map((r) => ({
        id: r.id,
        name: r.displayName,
        firstRound: r.firstRound,
        missedRoundsAsLosses: r.missedRoundsAsLosses,
        droppedAfterRound: r.droppedAfterRound,
      })),
      entries: standingsEntries(pods, settings, beforeRound),
    },
    standingsSettingsOf(settings),
  );
  return { registrations, standings };
}

/** The settings that rank a pod event's standings (points, tiebreakers, floor); null for a two-player event. */
export async function getPodStandingsSettings(
  tournamentId: string,
): Promise<PodStandingsSettings | null> {
  const settings = await loadPodSettings(prisma, tournamentId);
  return settings ? standingsSettingsOf(settings) : null;
}

/**
 * Pairs the next round of a pod event: players grouped by points into pods of the event's size
 * (3-player pods where the count needs them), repeated opponents minimised, seats evened out
 * over rounds; the seed stored with the round reproduces it (lib/pairings/pods.ts).
 */
export async function pairNextPodRound(
  tournamentId: string,
  seed = randomBytes(16).toString("hex"),
): Promise<ActionResult<{ roundNumber: number; pods: number; bye: string | null }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    const settings = await loadPodSettings(tx, tournamentId);
    if (!settings) return failure("VALIDATION", NOT_A_POD_EVENT);
    const phases = await tx.phase.findMany({
      where: { tournamentId },
      select: { id: true, kind: true },
    });
    const phase = phases.find((candidate) => candidate.kind === "SWISS");
    if (!phase) return failure("NOT_FOUND", "That tournament does not exist.");
    if (phases.length > 1)
      return (
        (await refuseUnlessNextStep(tx, tournamentId, "pair")) ??
        failure("CONFLICT", "The top cut has started: no more Swiss rounds are paired.")
      );
    const pods = await loadPods(tx, tournamentId);
    const lastRound =
      pods.at(-1)?.round.number ??
      (
        await tx.round.findFirst({
          where: { tournamentId },
          orderBy: { number: "desc" },
          select: { number: true },
        })
      )?.number ??
      0;
    const open = pods.filter(
      (pod) => pod.round.number === lastRound && !pod.isBye && pod.confirmedAt === null,
    );
    if (open.length > 0) {
      return failure(
        "ROUND_NOT_COMPLETE",
        `Round ${lastRound} still has ${open.length} pod${open.length === 1 ? "" : "s"} without a recorded result (table${open.length === 1 ? "" : "s"} ${open.map((pod) => pod.tableNumber).join(", ")}).`,
      );
    }
    // No round past the planned number, nor once the event is complete: the overview's next step decides.
    if (lastRound > 0) {
      const refused = await refuseUnlessNextStep(tx, tournamentId, "pair");
      if (refused) return refused;
    }
    const roundNumber = lastRound + 1;
    const { registrations, standings } = await computeStandingsFrom(
      tx,
      tournamentId,
      settings,
      pods,
      roundNumber,
    );
    const names = new Map(registrations.map((r) => [r.id, r.displayName]));
    if (!standings.ok) return inconsistentResults(standings.error, names);
    const active = new Set(
      registrations.filter((r) => playsInRound(r, roundNumber)).map((r) => r.id),
    );
    const seats = new Map<string, { seat: number; podSize: number }[]>();
    const hadBye = new Set<string>();
    for (const pod of pods) {
      if (pod.isBye) hadBye.add(pod.seats[0]!.registrationId);
      else
        for (const seat of pod.seats)
          seats.set(seat.registrationId, [
            ...(seats.get(seat.registrationId) ?? []),
            { seat: seat.seat, podSize: pod.seats.length },
          ]);
    }
    const players: PodPlayer[] = standings.value
      .filter((standing) => active.has(standing.playerId))
      .map((standing) => ({
        id: standing.playerId,
        points: standing.points,
        opponents: standing.opponents,
        hadBye: hadBye.has(standing.playerId),
        rank: standing.rank,
        seats: seats.get(standing.playerId) ?? [],
      }));
    if (players.length < 3)
      return failure(
        "NOT_ENOUGH_PLAYERS",
        `A pod needs at least 3 players; ${players.length === 1 ? "1 is" : `${players.length} are`} in the event.`,
      );
    const pairing = pairPodRound({ round: roundNumber, seed, players, podSize: settings.podSize });
    if (!pairing.ok) return failure("VALIDATION", render(pairing.error, { players: names }));
    const round = await tx.round.create({
      data: {
        tournamentId,
        phaseId: phase.id,
        number: roundNumber,
        pairingSeed: seed,
        pairingAlgorithmVersion: POD_PAIRING_ALGORITHM_VERSION,
      },
      select: { id: true },
    });
    // Seat 1 plays first; a bye is a pod of its one player, scored as a win.
    for (const pod of pairing.value.pods) {
      await tx.pod.create({
        data: {
          roundId: round.id,
          tableNumber: pod.pod,
          seats: {
            create: pod.players.map((registrationId, index) => ({
              seat: index + 1,
              registrationId,
            })),
          },
        },
      });
    }
    if (pairing.value.bye) {
      await tx.pod.create({
        data: {
          roundId: round.id,
          tableNumber: pairing.value.pods.length + 1,
          isBye: true,
          confirmedAt: new Date(),
          seats: { create: [{ seat: 1, registrationId: pairing.value.bye }] },
        },
      });
    }
    if (roundNumber === 1)
      await tx.tournament.update({ where: { id: tournamentId }, data: { status: "RUNNING" } });
    return success({
      roundNumber,
      pods: pairing.value.pods.length,
      bye: pairing.value.bye ? (names.get(pairing.value.bye) ?? null) : null,
    });
  });
}

/** A round's pods with their seats and each game's derived state; null when the round does not exist. */
export async function getPodRound(
  tournamentId: string,
  roundNumber: number,
): Promise<{
  roundNumber: number;
  settings: PodEventSettings;
  pods: PodView[];
  isCut: boolean;
} | null> {
  const settings = await loadPodSettings(prisma, tournamentId);
  if (!settings) return null;
  const rows = await prisma.pod.findMany({
    where: { round: { tournamentId, number: roundNumber } },
    orderBy: { tableNumber: "asc" },
    select: POD_SELECT,
  });
  if (rows.length === 0) return null;
  return {
    roundNumber,
    settings,
    pods: rows.map((row) => toPodView(row, settings)),
    isCut: rows.some((row) => row.bracketSlot !== null),
  };
}

/** One pod of the tournament with its seats and its game's derived state; null when it is not one of the tournament's pods. */
export async function getPod(
  tournamentId: string,
  podId: string,
): Promise<(PodView & { roundNumber: number; settings: PodEventSettings }) | null> {
  const settings = await loadPodSettings(prisma, tournamentId);
  if (!settings) return null;
  const row = await prisma.pod.findFirst({
    where: { id: podId, round: { tournamentId } },
    select: POD_SELECT,
  });
  return row ? { ...toPodView(row, settings), roundNumber: row.round.number, settings } : null;
}

export type PodStandingRow = Omit<PodStanding, "opponents"> & {
  name: string;
  swissRank: number;
  cutFinish: PodCutFinish | null;
};

type PodStandingsSnapshot = { throughRound: number; rows: PodStandingRow[] };

/** The pod event's standings after its last complete Swiss round (lib/rules/pod-standings.ts), by name. */
export async function computePodStandingsSnapshot(
  db: Reader,
  tournamentId: string,
): Promise<ActionResult<PodStandingsSnapshot>> {
  const settings = await loadPodSettings(db, tournamentId);
  if (!settings) return failure("VALIDATION", NOT_A_POD_EVENT);
  const pods = (await loadPods(db, tournamentId)).filter((pod) => pod.bracketSlot === null);
  const throughRound = lastCompleteRound(
    pods.map((pod) => ({ round: pod.round.number, hasResult: pod.confirmedAt !== null })),
  );
  const { registrations, standings } = await computeStandingsFrom(
    db,
    tournamentId,
    settings,
    pods,
    throughRound + 1,
  );
  const names = new Map(registrations.map((r) => [r.id, r.displayName]));
  if (!standings.ok) return inconsistentResults(standings.error, names);
  const cut = await loadCut(db, tournamentId, settings);
  const ranked = podFinalStandings(standings.value, cut ? podCutFinishes(cut.state) : {});
  return success({
    throughRound,
    rows: ranked.map(({ opponents: _opponents, ...standing }) => ({
      ...standing,
      name: names.get(standing.playerId) ?? "?",
    })),
  });
}

const POD_STANDINGS_SNAPSHOT: SnapshotSpec<
  PodStandingsSnapshot,
  PodStandingsSnapshot & { searchable: { row: PodStandingRow; key: string }[] }
> = {
  kind: "POD_STANDINGS",
  lockName: "pod-standings",
  compute: computePodStandingsSnapshot,
  prepare: (snapshot) => ({
    ...snapshot,
    searchable: snapshot.rows.map((row) => ({ row, key: searchKey(row.name) })),
  }),
};

/** The pod standings in rank order, computed once per change (a read snapshot, as for two-player standings). */
export async function getPodStandings(
  tournamentId: string,
): Promise<ActionResult<PodStandingRow[]>> {
  const read = await readSnapshot(POD_STANDINGS_SNAPSHOT, tournamentId);
  return read.ok ? success(read.value.value.rows) : read;
}

/** One page of the pod standings, optionally only the players whose name contains `q`. */
export async function getPodStandingsPage(
  tournamentId: string,
  request: PageRequest,
): Promise<
  ActionResult<
    Page<PodStandingRow> & {
      q: string;
      throughRound: number;
      totalPlayers: number;
      source: SnapshotSource;
    }
  >
> {
  const read = await readSnapshot(POD_STANDINGS_SNAPSHOT, tournamentId);
  if (!read.ok) return read;
  const page = searchAndPage(read.value.value.searchable, (entry) => entry.key, request);
  return success({
    ...page,
    rows: page.rows.map((entry) => entry.row),
    q: request.q,
    throughRound: read.value.value.throughRound,
    totalPlayers: read.value.value.rows.length,
    source: read.value.source,
  });
}

const RESULT_WORDS = { win: "won", draw: "draw", loss: "lost" } as const;

/** A pod round's players (every round's, without a number) for the pairings by name: pod, seat, pod-mates, and their result once recorded; null outside pod events. */
export async function podPairingRows(db: Reader, tournamentId: string, roundNumber?: number) {
  const settings = await loadPodSettings(db, tournamentId);
  if (!settings) return null;
  const rows = await db.pod.findMany({
    where: {
      round: { tournamentId, ...(roundNumber === undefined ? {} : { number: roundNumber }) },
    },
    orderBy: [{ round: { number: "asc" } }, { tableNumber: "asc" }],
    select: POD_SELECT,
  });
  return rows.flatMap((row) => {
    const game = row.confirmedAt !== null ? derivePod(row, settings) : null;
    return row.seats.map((seat) => {
      const others = row.seats
        .filter((other) => other.seat !== seat.seat)
        .map((other) => other.registration.displayName);
      const result = game?.result?.players.find(
        (player) => player.player === seat.registrationId,
      )?.result;
      return {
        playerId: seat.registrationId,
        name: seat.registration.displayName,
        round: row.round.number,
        table: row.tableNumber,
        tableLabel: String(row.tableNumber),
        opponent: row.isBye ? null : listOfNames(others) || null,
        result: result ? RESULT_WORDS[result] : null,
        podSeat: seat.seat,
      };
    });
  });
}

/** A player's pod in the latest round of a pod event, for their phone: seat, pod-mates and the game as it stands; null when they have none. */
export async function getPlayerPod(
  player: { registrationId: string; tournamentId: string },
  now = Date.now(),
): Promise<
  | (PodView & {
      roundNumber: number;
      roundName: string;
      mySeat: number;
      clock: RoundClock | null;
      serverNow: number;
    })
  | null
> {
  const settings = await loadPodSettings(prisma, player.tournamentId);
  if (!settings) return null;
  const latest = await prisma.round.findFirst({
    where: { tournamentId: player.tournamentId },
    orderBy: { number: "desc" },
    select: { number: true },
  });
  if (!latest) return null;
  const row = await prisma.pod.findFirst({
    where: {
      round: { tournamentId: player.tournamentId, number: latest.number },
      seats: { some: { registrationId: player.registrationId } },
    },
    select: POD_SELECT,
  });
  if (!row) return null;
  const title = (await roundTitles(prisma, player.tournamentId)).get(latest.number);
  // The round clock, as a two-player table's phone shows it: a pod has no extensions of its own.
  const clock = await getRoundClock(
    trustedTournamentAccess(player.tournamentId),
    latest.number,
    now,
    {
      podId: row.id,
    },
  );
  // The pod's own round is the latest; its end is the finish of the event (MTR 2.4).
  const showsClock = showsPlayerClock({
    eventComplete: clock?.isEventComplete ?? false,
    roundOver: false,
    hasLaterRound: false,
  });
  return {
    ...toPodView(row, settings),
    roundNumber: latest.number,
    roundName: title ? render(title) : `Round ${latest.number}`,
    mySeat: row.seats.find((seat) => seat.registrationId === player.registrationId)!.seat,
    clock: showsClock
      ? (clock?.tables.find((table) => table.matchId === row.id)?.clock ?? clock?.round ?? null)
      : null,
    serverNow: clock?.serverNow ?? now,
  };
}

/**
 * Starts a pod event's top cut (4, 10 or 16; lib/pairings/pod-bracket.ts) from the final Swiss
 * standings of the players still in the event, and seats its first pods: the best seed in seat 1.
 */
export async function startPodCut(input: {
  tournamentId: string;
  cutSize: number;
}): Promise<ActionResult<{ roundNumber: number }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const settings = await loadPodSettings(tx, input.tournamentId);
    if (!settings) return failure("VALIDATION", NOT_A_POD_EVENT);
    const phases = await tx.phase.findMany({
      where: { tournamentId: input.tournamentId },
      orderBy: { sequence: "asc" },
      select: { kind: true, sequence: true, roundMinutes: true },
    });
    if (phases.some((phase) => phase.kind === "SINGLE_ELIMINATION"))
      return failure("PLAYOFF_NOT_READY", "The top cut has already started.");
    const refused = await refuseUnlessNextStep(tx, input.tournamentId, "playoff");
    if (refused) return refused;
    const pods = await loadPods(tx, input.tournamentId);
    const { registrations, standings } = await computeStandingsFrom(
      tx,
      input.tournamentId,
      settings,
      pods,
    );
    const names = new Map(registrations.map((r) => [r.id, r.displayName]));
    if (!standings.ok) return inconsistentResults(standings.error, names);
    const seeded = playoffContenders(standings.value);
    const bracket = podBracketState(input.cutSize as PodCutSize, seeded, []);
    if (!bracket.ok)
      return failure(
        bracket.error.code === "NOT_ENOUGH_PLAYERS" ? "NOT_ENOUGH_PLAYERS" : "VALIDATION",
        render(bracket.error, { players: names }),
      );
    const phase = await tx.phase.create({
      data: {
        tournamentId: input.tournamentId,
        sequence: (phases.at(-1)?.sequence ?? 0) + 1,
        kind: "SINGLE_ELIMINATION",
        // CR 100.6a: a pod plays one game.
        gamesToWin: 1,
        roundMinutes: podRoundMinutes({
          isCut: true,
          swissMinutes: phases[0]?.roundMinutes ?? null,
        }),
        cutSize: input.cutSize,
        seeds: {
          create: seeded
            .slice(0, input.cutSize)
            .map((registrationId, index) => ({ seed: index + 1, registrationId })),
        },
      },
      select: { id: true },
    });
    const roundNumber = await seatReadyCutPods(
      tx,
      input.tournamentId,
      phase.id,
      bracket.value,
      new Set(),
    );
    return success({ roundNumber: roundNumber! });
  });
}

/** Seats the cut's pods whose players are all known and that have no pod yet, in a new round; its number, or null when none is ready. */
async function seatReadyCutPods(
  tx: Transaction,
  tournamentId: string,
  phaseId: string,
  state: PodBracketState,
  seated: ReadonlySet<string>,
): Promise<number | null> {
  const ready = state.pods.filter((pod) => pod.isReady && !seated.has(pod.id));
  if (ready.length === 0) return null;
  const last = await tx.round.findFirst({
    where: { tournamentId },
    orderBy: { number: "desc" },
    select: { number: true },
  });
  const number = (last?.number ?? 0) + 1;
  await tx.round.create({
    data: {
      tournamentId,
      phaseId,
      number,
      pairingSeed: "seeded",
      pairingAlgorithmVersion: POD_PAIRING_ALGORITHM_VERSION,
      pods: {
        create: ready.map((pod, index) => ({
          tableNumber: index + 1,
          bracketSlot: pod.id,
          seats: {
            create: pod.players.map((registrationId, seat) => ({ seat: seat + 1, registrationId })),
          },
        })),
      },
    },
  });
  return number;
}

/** The cut's results so far: each recorded pod's winner, or the players who drew it (the best seed of them advances). */
function cutResults(pods: readonly PodRow[], settings: PodEventSettings): PodBracketResult[] {
  return pods.flatMap((pod): PodBracketResult[] => {
    if (pod.bracketSlot === null || pod.confirmedAt === null) return [];
    const result = derivePod(pod, settings)!.result!;
    if (result.winner) return [{ podId: pod.bracketSlot, winner: result.winner }];
    const drawn = result.players
      .filter((player) => player.result === "draw")
      .map((player) => player.player);
    return [
      {
        podId: pod.bracketSlot,
        drawnBy: drawn.length >= 2 ? drawn : pod.seats.map((seat) => seat.registrationId),
      },
    ];
  });
}

async function loadCut(db: Reader, tournamentId: string, settings: PodEventSettings) {
  const phase = await db.phase.findFirst({
    where: { tournamentId, kind: "SINGLE_ELIMINATION" },
    select: {
      id: true,
      cutSize: true,
      seeds: {
        orderBy: { seed: "asc" },
        select: { registrationId: true, registration: { select: { displayName: true } } },
      },
    },
  });
  if (!phase) return null;
  const pods = await db.pod.findMany({
    where: { round: { phaseId: phase.id } },
    orderBy: [{ round: { number: "asc" } }, { tableNumber: "asc" }],
    select: POD_SELECT,
  });
  const state = podBracketState(
    phase.cutSize as PodCutSize,
    phase.seeds.map((seed) => seed.registrationId),
    cutResults(pods, settings),
  );
  if (!state.ok)
    throw new Error(
      `Tournament ${tournamentId}: its top cut is refused by the rules: ${render(state.error)}`,
    );
  return { phase, pods, state: state.value };
}

/** After a cut pod's result is recorded: seats the pods it completes, or finishes the event when the final pod has a winner. */
export async function advancePodCut(
  tx: Transaction,
  tournamentId: string,
  settings: PodEventSettings,
): Promise<void> {
  const cut = await loadCut(tx, tournamentId, settings);
  if (!cut) return;
  if (cut.state.champion) {
    await tx.tournament.update({ where: { id: tournamentId }, data: { status: "COMPLETE" } });
    return;
  }
  await seatReadyCutPods(
    tx,
    tournamentId,
    cut.phase.id,
    cut.state,
    new Set(cut.pods.map((pod) => pod.bracketSlot!)),
  );
}

export type PodCutView = {
  cutSize: number;
  champion: string | null;
  championId: string | null;
  pods: {
    id: string;
    name: string;
    seats: { seed: number; name: string; playerId: string }[];
    waitingFor: string[];
    waitingForPods: string[];
    winner: string | null;
    winnerId: string | null;
    isDraw: boolean;
    /** The seated pod's id; null until it is seated. */
    podId: string | null;
    roundNumber: number | null;
    tableNumber: number | null;
  }[];
};

/** A pod event's top cut for its playoff page, by name; null before it starts or in a two-player event. */
export async function getPodCut(tournamentId: string): Promise<PodCutView | null> {
  const settings = await loadPodSettings(prisma, tournamentId);
  if (!settings) return null;
  const cut = await loadCut(prisma, tournamentId, settings);
  if (!cut) return null;
  const names = new Map(
    cut.phase.seeds.map((seed) => [seed.registrationId, seed.registration.displayName]),
  );
  return {
    cutSize: cut.phase.cutSize ?? 0,
    champion: cut.state.champion ? (names.get(cut.state.champion) ?? "?") : null,
    championId: cut.state.champion,
    pods: cut.state.pods.map((pod) => {
      const stored = cut.pods.find((row) => row.bracketSlot === pod.id);
      return {
        id: pod.id,
        name: render(pod.name),
        seats: pod.players.map((player, index) => ({
          seed: pod.seeds[index]!,
          name: names.get(player) ?? "?",
          playerId: player,
        })),
        waitingFor: pod.waitingFor.map((waiting) => render(waiting)),
        waitingForPods: pod.waitingForPods,
        winner: pod.winner ? (names.get(pod.winner) ?? "?") : null,
        winnerId: pod.winner,
        // A drawn cut pod sends on its best seed among those who drew: it advanced, it did not win.
        isDraw:
          stored !== undefined &&
          stored.confirmedAt !== null &&
          derivePod(stored, settings)?.result?.winner === null,
        podId: stored?.id ?? null,
        roundNumber: stored?.round.number ?? null,
        tableNumber: stored?.tableNumber ?? null,
      };
    }),
  };
}

/** The pod a player sits in in the tournament's latest round; null when they have none. */
export async function findCurrentPodId(
  db: Reader,
  player: { registrationId: string; tournamentId: string },
): Promise<string | null> {
  const round = await db.round.findFirst({
    where: { tournamentId: player.tournamentId },
    orderBy: { number: "desc" },
    select: {
      pods: {
        where: { seats: { some: { registrationId: player.registrationId } } },
        select: { id: true },
        take: 1,
      },
    },
  });
  return round?.pods[0]?.id ?? null;
}

/** A pod round's players with pod, seat and pod-mates, for the printed pairings by name; null outside pod events. */
export async function getPodPairingsByName(tournamentId: string, roundNumber: number) {
  return podPairingRows(prisma, tournamentId, roundNumber);
}
