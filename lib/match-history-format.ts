// The wording of a match's history: what each entry says,
// from what to what, and why. Pure: the data layer (lib/server/match/match-history.ts) reads the
// rows; pages render these lines.

import type { GameEndReason } from "@/lib/rules/game";
import { PENALTY_LABELS, type PenaltyKind } from "@/lib/rules/penalty";
import type { Side } from "@/lib/rules/result";
import { render } from "@/lib/messages/render";

export type Slip = { winsA: number; winsB: number; draws: number };
type At = { at: Date; who: string | null };

/** One row of a match's history, as lib/server/match/match-history.ts reads it (plain data). */
export type MatchHistoryEntry =
  | (At & {
      kind: "result-change";
      change:
        | "REPORTED"
        | "CONFIRMED"
        | "DISPUTED"
        | "CORRECTED"
        | "CLEARED"
        | "VOIDED"
        | "GAME_RECORDED"
        | "GAME_REMOVED"
        | "GAME_RESTARTED";
      source: "PLAYER" | "STAFF" | "SYSTEM";
      version: number;
      before: Slip | null;
      /** The slip after the change (for a game: the slip the games make so far). */
      after: Slip | null;
      game: { number: number; winner: Side | null; reason: GameEndReason } | null;
      /** CR 104.6: the game restarted and who restarted it. */
      restart?: { number: number; by: Side } | null;
      /** A player's report that was waiting for the opponent when a judge recorded this game, and was set aside by it. */
      setAside?: { by: Side; slip: Slip; concededBy: Side | null; intentionalDraw: boolean } | null;
      note: string;
    })
  | (At & {
      kind: "report";
      source: "PLAYER" | "STAFF" | "SYSTEM";
      slip: Slip;
      concededBy: Side | null;
      intentionalDraw: boolean;
      confirmedAt: Date | null;
    })
  | (At & {
      kind: "game";
      number: number;
      winner: Side | null;
      reason: GameEndReason;
      chooser: Side;
      choice: "PLAY" | "DRAW";
      takenBack?: boolean;
    })
  | (At & {
      kind: "penalty";
      player: string;
      side: Side | null;
      penalty: PenaltyKind;
      infraction: string;
      gameNumber: number | null;
      addedTurns: number;
      note: string;
    })
  | (At & { kind: "time-extension"; minutes: number; reason: string })
  | (At & {
      kind: "end-of-match";
      sequence: number;
      step:
        | "TIME_CALLED"
        | "TURN_ENDED"
        | "EXTRA_TURN"
        | "PENALTY_TURNS"
        | "LIFE_TOTALS"
        | "GAME_ENDED";
      data: unknown;
    });

export type HistoryLine = {
  /** What happened, in a few words. */
  what: string;
  /** From what to what ("no result → 1-1-0"), when the entry changed something. */
  change: string | null;
  /** Why: the note, reason or infraction given. */
  why: string | null;
};

const slip = (value: Slip | null) =>
  value ? `${value.winsA}-${value.winsB}-${value.draws}` : "no result";

const CHANGE_LABELS: Record<
  Extract<MatchHistoryEntry, { kind: "result-change" }>["change"],
  string
> = {
  REPORTED: "Result reported",
  CONFIRMED: "Result confirmed",
  DISPUTED: "Result disputed",
  CORRECTED: "Result corrected",
  CLEARED: "Result cleared",
  VOIDED: "Match voided",
  GAME_RECORDED: "Game recorded",
  GAME_REMOVED: "Game taken back",
  GAME_RESTARTED: "Game restarted",
};

const STEP_LABELS: Record<Extract<MatchHistoryEntry, { kind: "end-of-match" }>["step"], string> = {
  TIME_CALLED: "Time called",
  TURN_ENDED: "Turn ended",
  EXTRA_TURN: "Extra turn ended",
  PENALTY_TURNS: "Turns added by a penalty",
  LIFE_TOTALS: "Life totals entered",
  GAME_ENDED: "Game ended",
};

/** The report a judge's game set aside, in the players' names: it no longer waits for the opponent. */
function setAsideReport(
  report: NonNullable<Extract<MatchHistoryEntry, { kind: "result-change" }>["setAside"]>,
  names: Record<Side, string>,
): string {
  const other: Side = report.by === "A" ? "B" : "A";
  const how = report.concededBy
    ? `, ${names[report.concededBy]} conceding`
    : report.intentionalDraw
      ? ", an intentional draw"
      : "";
  return `${names[report.by]}'s report (${slip(report.slip)}${how}), waiting for ${names[other]} to confirm, was set aside by this game: the players report again, or a judge records the result.`;
}

/** `gameEnd` says how a game ended in the players' names ("Ben drew from an empty library (104.3c)"). */
export function describeHistoryEntry(
  entry: MatchHistoryEntry,
  names: Record<Side, string>,
  gameEnd: (game: { reason: GameEndReason; winner: Side | null }) => string,
): HistoryLine {
  const text = (value: string | null | undefined) => (value && value.trim() !== "" ? value : null);
  switch (entry.kind) {
    case "result-change": {
      if (entry.change === "GAME_RESTARTED" && entry.restart) {
        return {
          what: `Game ${entry.restart.number} restarted by ${names[entry.restart.by]} (CR 104.6), version ${entry.version}`,
          change: `${names[entry.restart.by]} starts game ${entry.restart.number} again`,
          why: text(entry.note),
        };
      }
      // A confirmation that leaves the slip as it was says it once, not "0-2-0 → 0-2-0".
      if (entry.change === "CONFIRMED" && entry.after && slip(entry.before) === slip(entry.after))
        return {
          what: `${CHANGE_LABELS.CONFIRMED}: ${slip(entry.after)}, version ${entry.version}`,
          change: null,
          why: text(entry.note),
        };
      const game = entry.game
        ? ` (game ${entry.game.number}: ${entry.game.winner ? `${names[entry.game.winner]} won` : "draw"}, ${gameEnd(entry.game)})`
        : "";
      const change =
        entry.change === "GAME_RECORDED" ||
        entry.change === "GAME_REMOVED" ||
        entry.change === "GAME_RESTARTED"
          ? null
          : `${slip(entry.before)} → ${entry.change === "CLEARED" ? "no result" : slip(entry.after)}`;
      const shown = change ?? (entry.after ? `games so far ${slip(entry.after)}` : null);
      const setAside = entry.setAside ? setAsideReport(entry.setAside, names) : null;
      return {
        what: `${CHANGE_LABELS[entry.change]}${game}, version ${entry.version}`,
        change: setAside ? (shown ? `${shown}. ${setAside}` : setAside) : shown,
        why: text(entry.note),
      };
    }
    case "report": {
      const how = entry.concededBy
        ? `, conceded by ${names[entry.concededBy]}`
        : entry.intentionalDraw
          ? ", intentional draw"
          : "";
      return {
        what: `Slip submitted by ${entry.source === "PLAYER" ? "a player" : "staff"}${how}`,
        change: slip(entry.slip),
        why: null,
      };
    }
    case "game":
      return {
        what: `Game ${entry.number}: ${entry.winner ? `${names[entry.winner]} won` : "draw"}${entry.takenBack ? " (later taken back)" : ""}`,
        // A game a Game Loss penalty decided had no play/draw choice (MTR 2.2, IPG 1.2).
        change:
          entry.reason === "JUDGE_GAME_LOSS"
            ? null
            : `${names[entry.chooser]} chose to ${entry.choice === "PLAY" ? "play" : "draw"}`,
        why: gameEnd(entry),
      };
    case "penalty": {
      const game = entry.gameNumber ? ` (game ${entry.gameNumber})` : "";
      const turns = entry.addedTurns > 0 ? `+${entry.addedTurns} end-of-match turns` : null;
      return {
        what: `${render(PENALTY_LABELS[entry.penalty])} to ${entry.player}${game}`,
        change: turns,
        why: [entry.infraction, text(entry.note)].filter(Boolean).join(" — "),
      };
    }
    case "time-extension":
      return {
        what: `Time extension of ${entry.minutes} min`,
        change: null,
        why: text(entry.reason),
      };
    case "end-of-match": {
      const data = (
        entry.data && typeof entry.data === "object" && !Array.isArray(entry.data) ? entry.data : {}
      ) as Record<string, unknown>;
      let change: string | null = null;
      if (entry.step === "PENALTY_TURNS" && typeof data.turns === "number")
        change = `+${data.turns} additional turns`;
      if (entry.step === "LIFE_TOTALS")
        change = `${names.A} ${String(data.A)}, ${names.B} ${String(data.B)}`;
      if (entry.step === "TIME_CALLED" && (data.activeSide === "A" || data.activeSide === "B"))
        change = `${names[data.activeSide]}'s turn`;
      const why =
        entry.step === "TIME_CALLED" &&
        typeof data.overrideReason === "string" &&
        data.overrideReason
          ? `Before the app's clock ran out: ${data.overrideReason}`
          : null;
      return { what: `${STEP_LABELS[entry.step]} (step ${entry.sequence})`, change, why };
    }
  }
}
