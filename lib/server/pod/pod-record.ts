import "server-only";
// A stored pod as every pod read and write takes it: its row, its event's settings and its game's one derivation (lib/rules/pod-game.ts).
import type { prisma, Transaction } from "@/lib/server/infra/db";
import {
  derivePodGame,
  type PodGameEvent,
  type PodGameView,
  type PodOutcome,
} from "@/lib/rules/pod-game";
import { podEventSettings, type PodEventSettings } from "@/lib/rules/pod-event";
import { podReportState, type PodReportView } from "@/lib/rules/pod-report";
import { render } from "@/lib/messages/render";

export type Reader = Transaction | typeof prisma;

export const NOT_A_POD_EVENT = "This tournament plays two-player matches, not pods.";

export const POD_SELECT = {
  id: true,
  tableNumber: true,
  isBye: true,
  version: true,
  confirmedAt: true,
  bracketSlot: true,
  round: { select: { number: true } },
  seats: {
    orderBy: { seat: "asc" },
    select: { seat: true, registrationId: true, registration: { select: { displayName: true } } },
  },
  events: {
    where: { voidedAt: null },
    orderBy: { sequence: "asc" },
    select: { sequence: true, data: true, actorName: true, createdAt: true },
  },
  reports: { orderBy: { createdAt: "asc" }, select: { registrationId: true, outcome: true } },
} as const;

export type PodRow = {
  id: string;
  tableNumber: number;
  isBye: boolean;
  version: number;
  confirmedAt: Date | null;
  bracketSlot: string | null;
  round: { number: number };
  seats: { seat: number; registrationId: string; registration: { displayName: string } }[];
  events: { sequence: number; data: unknown; actorName: string; createdAt: Date }[];
  reports: { registrationId: string; outcome: unknown }[];
};

/** A pod event's settings as stored; null for a tournament of two-player matches. */
export async function loadPodSettings(
  db: Reader,
  tournamentId: string,
): Promise<PodEventSettings | null> {
  const tournament = await db.tournament.findUnique({
    where: { id: tournamentId },
    select: {
      structure: true,
      podSize: true,
      podPointsWin: true,
      podPointsDraw: true,
      podPointsLoss: true,
      podAdditionalTurns: true,
    },
  });
  if (tournament?.structure !== "PODS") return null;
  const settings = podEventSettings({
    podSize: tournament.podSize,
    pointsWin: tournament.podPointsWin,
    pointsDraw: tournament.podPointsDraw,
    pointsLoss: tournament.podPointsLoss,
    additionalTurns: tournament.podAdditionalTurns,
  });
  if (!settings.ok)
    throw new Error(
      `Tournament ${tournamentId}: its stored pod settings are refused by the rules: ${render(settings.error)}`,
    );
  return settings.value;
}

/** The one derived state of a stored pod's game (lib/rules/pod-game.ts); a bye has none. */
export function derivePod(row: PodRow, settings: PodEventSettings): PodGameView | null {
  if (row.isBye) return null;
  const view = derivePodGame({
    players: row.seats.map((seat) => seat.registrationId),
    endOfRound: settings.endOfRound,
    events: row.events.map((event) => event.data as PodGameEvent),
    isRecorded: row.confirmedAt !== null,
  });
  if (!view.ok)
    throw new Error(
      `Pod ${row.id}: its stored facts are refused by the rules: ${render(view.error)}`,
    );
  return view.value;
}

/** Every pod of the tournament with its seats and facts, in round and table order. */
export async function loadPods(db: Reader, tournamentId: string): Promise<PodRow[]> {
  return db.pod.findMany({
    where: { round: { tournamentId } },
    orderBy: [{ round: { number: "asc" } }, { tableNumber: "asc" }],
    select: POD_SELECT,
  });
}

export type PodView = {
  id: string;
  tableNumber: number;
  isBye: boolean;
  version: number;
  seats: { seat: number; registrationId: string; name: string }[];
  game: PodGameView | null;
  isRecorded: boolean;
  /** Players' reports from their phones: where they stand, and each player's latest report. */
  reports: PodReportView & { latest: { registrationId: string; outcome: PodOutcome }[] };
};

/** Each player's latest report of the pod's result (earlier ones are kept as history). */
export function latestReports(row: PodRow): Record<string, PodOutcome> {
  const latest: Record<string, PodOutcome> = {};
  for (const report of row.reports) latest[report.registrationId] = report.outcome as PodOutcome;
  return latest;
}

export function reportsOf(row: PodRow, game: PodGameView | null): PodView["reports"] {
  const departed = game?.departures ?? [];
  const latest = Object.fromEntries(
    Object.entries(latestReports(row)).filter(
      ([player]) => !departed.some((d) => d.player === player),
    ),
  );
  const state = podReportState({
    players: row.seats.map((seat) => seat.registrationId),
    latest,
    isRecorded: row.confirmedAt !== null,
    departed,
  });
  if (!state.ok)
    throw new Error(
      `Pod ${row.id}: its stored reports are refused by the rules: ${render(state.error)}`,
    );
  return {
    ...state.value,
    latest: Object.entries(latest).map(([registrationId, outcome]) => ({
      registrationId,
      outcome,
    })),
  };
}

/** A stored pod as pages show it: seats by name and the game's derived state. */
export function toPodView(row: PodRow, settings: PodEventSettings): PodView {
  const game = derivePod(row, settings);
  return {
    id: row.id,
    tableNumber: row.tableNumber,
    isBye: row.isBye,
    version: row.version,
    seats: row.seats.map((seat) => ({
      seat: seat.seat,
      registrationId: seat.registrationId,
      name: seat.registration.displayName,
    })),
    game,
    isRecorded: row.confirmedAt !== null,
    reports: reportsOf(row, game),
  };
}
