"use client";
import { useEffect, useState, type ReactNode } from "react";
import { recordGameAction } from "@/lib/server/match/game-actions";
import { IDLE_FORM } from "@/lib/form-state";
import {
  atOnceFacts,
  decideGame,
  GAME_END_REASONS,
  isDrawnGameReason,
  recordedGameOutcome,
  teamMemberLoss,
  type GameEndReason,
} from "@/lib/rules/game";
import {
  deriveMatchResult,
  slipToString,
  type MatchEvent,
  type MatchFormat,
} from "@/lib/rules/match";
import type { Side } from "@/lib/rules/result";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { useKeptForm } from "./use-kept-form";
import { ChangedMeanwhile, useHeldWhileTyping } from "./use-opened-version";
import { atOnceBoxLabel, gameEndReasonLabel, type MemberNames } from "./game-end-reasons";
import { render } from "@/lib/messages/render";

type Props = {
  tournamentId: string;
  /** Made by the server for this rendering (see MatchResultForm): a retried save is recorded once. */
  idempotencyKey: string;
  matchId: string;
  version: number;
  gameNumber: number;
  names: Record<Side, string>;
  format: MatchFormat;
  /** The games so far, as stored: the preview runs the same rules the server will. */
  played: { reason: GameEndReason; winner: Side | null }[];
  /** Who the rules say chooses (MTR 2.2); null for game 1 of a Swiss match, decided by a random method. */
  rulesChooser: Side | null;
  /** A judge may record a different chooser, with a reason kept in the history. */
  mayOverrideChooser: boolean;
  /** The game the end-of-match procedure decided (MTR 2.4): the form starts with it, the only game the server accepts. */
  decided?: { reason: GameEndReason; winner: Side | null } | null;
  /** MTR 2.2, CR 104.6: game 1 restarted before it was recorded: who won the die roll is asked on its own. */
  asksDieRoll?: boolean;
  /** CR 810.8a: a Two-Headed Giant team's players by seat: the form asks which one lost for the team. */
  members?: MemberNames;
};

/**
 * Records the next game of a match. Once its user starts typing it keeps the game it was opened
 * on, even when another tab records that game meanwhile: its save is then refused as stale and
 * what was typed stays until its user asks to see the record as it is now (MTR 2.5).
 */
export function RecordGameForm(props: Props) {
  const held = useHeldWhileTyping(props);
  return (
    <GameForm
      // A new form for each game shown: the next game starts blank.
      key={`game-${held.shown.gameNumber}`}
      {...held.shown}
      isChangedMeanwhile={held.isChangedMeanwhile}
      onStart={held.start}
      onSaved={held.letGo}
      onShowCurrent={held.letGo}
    />
  );
}

/** Who chose play or draw, how the game ended, who won: the game `gameNumber` as its user types it. */
function GameForm({
  tournamentId,
  idempotencyKey,
  matchId,
  version,
  gameNumber,
  names,
  format,
  played,
  rulesChooser,
  mayOverrideChooser,
  decided = null,
  asksDieRoll = false,
  members = null,
  isChangedMeanwhile,
  onStart,
  onSaved,
  onShowCurrent,
}: Props & {
  isChangedMeanwhile: boolean;
  onStart: () => void;
  onSaved: () => void;
  onShowCurrent: () => void;
}) {
  const { state, formAction, onSubmit, isPending } = useKeptForm(recordGameAction, IDLE_FORM);
  useEffect(() => {
    if (state.status === "success") onSaved();
  }, [state, onSaved]);
  const initial = state.status === "error" && state.values ? state.values : undefined;
  const [isOverriding, setOverriding] = useState(Boolean(initial?.note));
  const [chooser, setChooser] = useState<string>(initial?.chooser ?? rulesChooser ?? "");
  const [reason, setReason] = useState<string>(initial?.reason ?? decided?.reason ?? "");
  const [winner, setWinner] = useState<string>(initial?.winner ?? decided?.winner ?? "");
  const [ticks, setTicks] = useState<Record<string, boolean>>({});
  // CR 104.3f, 104.4a: when two things happened at once, the rules decide the game from what happened to each player.
  const atOnce = atOnceFacts(ticks);
  const atOnceOutcome = atOnce ? decideGame(atOnce) : null;
  const derived =
    atOnceOutcome?.ok && atOnceOutcome.value.kind !== "restart" ? atOnceOutcome.value : null;
  const reasonSent = derived ? derived.reason : reason;
  const winnerSent = derived ? (derived.kind === "win" ? derived.winner : "") : winner;
  const isDraw = reasonSent !== "" && isDrawnGameReason(reasonSent as GameEndReason);
  const chooserIsFixed = rulesChooser !== null && !isOverriding;
  const effectiveChooser = chooserIsFixed ? rulesChooser : chooser;
  const preview = describePreview(
    format,
    played,
    reasonSent,
    isDraw ? null : winnerSent,
    names,
    decided !== null,
  );
  // CR 810.8a: a game one Two-Headed Giant player lost for the team (not a shared life or poison total) names that player.
  const losingSide: Side | null = winnerSent === "A" ? "B" : winnerSent === "B" ? "A" : null;
  const sentOutcome =
    losingSide && reasonSent
      ? recordedGameOutcome(reasonSent as GameEndReason, winnerSent as Side)
      : null;
  const asksLosingPlayer =
    members !== null &&
    !derived &&
    losingSide !== null &&
    sentOutcome?.ok === true &&
    teamMemberLoss(sentOutcome.value, 0, "two-headed-giant").ok;

  // The game the procedure decided is over: who played first does not change it, so it is not asked.
  const isChoiceMoot = decided !== null;
  const choiceFieldset = (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        {effectiveChooser ? `${names[effectiveChooser as Side]} chose to` : "The chooser chose to"}
      </legend>
      <div className="flex flex-wrap gap-2">
        <Choice
          name="choice"
          value="PLAY"
          defaultChecked={(initial?.choice ?? "PLAY") === "PLAY"}
          label="Play first"
        />
        <Choice
          name="choice"
          value="DRAW"
          defaultChecked={initial?.choice === "DRAW"}
          label="Draw first"
        />
      </div>
    </fieldset>
  );

  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label={`Record game ${gameNumber}`}
      onFocus={onStart}
      onChange={onStart}
    >
      <ChangedMeanwhile isShown={isChangedMeanwhile} what="match" onShowCurrent={onShowCurrent} />
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="matchId" value={matchId} />
      <input type="hidden" name="expectedVersion" value={version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {/* MTR 2.2: a chooser the rules name is not sent; the server takes it from the record. */}

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">
          {rulesChooser === null
            ? `Who won the die roll and chose play or draw for game ${gameNumber}?`
            : "Who chose play or draw"}
        </legend>
        {chooserIsFixed ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium" data-testid="chooser">
              {names[rulesChooser]}
            </span>{" "}
            <span className="text-slate-500">(by MTR 2.2)</span>
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {(["A", "B"] as const).map((side) => (
              <Choice
                key={side}
                name="chooser"
                value={side}
                checked={chooser === side}
                onChange={() => setChooser(side)}
                label={names[side]}
              />
            ))}
          </div>
        )}
        {rulesChooser !== null && mayOverrideChooser && (
          <label className="flex items-center gap-2 text-xs text-slate-600">
            <input
              type="checkbox"
              checked={isOverriding}
              onChange={(event) => setOverriding(event.target.checked)}
            />
            Judge: someone else chose
          </label>
        )}
        {isOverriding && (
          <label className="block text-xs text-slate-600">
            Why a different player chose (kept in the history)
            <input
              name="note"
              defaultValue={initial?.note}
              aria-invalid={Boolean(state.fieldErrors?.note) || undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
            />
          </label>
        )}
      </fieldset>

      {asksDieRoll && (
        <ChoiceFieldset
          legend="Who won the die roll? They stay game 1's chooser (MTR 2.2)."
          errorId="die-roll-error"
          error={state.fieldErrors?.dieRollWinner?.[0]}
        >
          {(["A", "B"] as const).map((side) => (
            <Choice
              key={side}
              name="dieRollWinner"
              value={side}
              defaultChecked={initial?.dieRollWinner === side}
              label={names[side]}
            />
          ))}
        </ChoiceFieldset>
      )}

      {isChoiceMoot ? (
        // MTR 2.2: no choice stated means the chooser played first; the decided game's result does not depend on it.
        <details className="text-sm text-slate-700" open={initial?.choice === "DRAW"}>
          <summary className="min-h-11 cursor-pointer py-2 sm:min-h-0">
            {effectiveChooser ? names[effectiveChooser as Side] : "The chooser"} played first (MTR
            2.2). Drew first instead?
          </summary>
          {choiceFieldset}
        </details>
      ) : (
        choiceFieldset
      )}

      {decided && (
        <p
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="decided-game"
        >
          The end-of-match procedure decided this game:{" "}
          {decided.winner ? `${names[decided.winner]} wins, ` : ""}
          {gameEndReasonLabel(decided.reason, members !== null)}.
        </p>
      )}
      <details
        className="rounded-md border border-slate-200 px-3 py-2 text-sm"
        open={atOnce !== null}
      >
        <summary className="cursor-pointer text-brand-700">Two things happened at once?</summary>
        <p className="mt-2 text-xs text-slate-600">
          Tick what happened to each player; the rules decide the game (CR 104.3f: a player who
          would win and lose at once loses; 104.4a: all lose at once, a draw).
        </p>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {(["a", "b"] as const).map((side) => (
            <fieldset key={side} className="space-y-1">
              <legend className="font-medium text-slate-800">
                {names[side === "a" ? "A" : "B"]}
              </legend>
              {AT_ONCE_BOXES.map(([field, label]) => {
                const name = `${side}${field}`;
                return (
                  <label key={name} className="flex min-h-8 items-center gap-2">
                    <input
                      type="checkbox"
                      name={name}
                      checked={ticks[name] === true}
                      onChange={(event) => setTicks({ ...ticks, [name]: event.target.checked })}
                    />
                    {atOnceBoxLabel(field, label, members !== null)}
                  </label>
                );
              })}
            </fieldset>
          ))}
        </div>
        {atOnceOutcome && (
          <p
            className={`mt-2 ${atOnceOutcome.ok ? "text-slate-800" : "text-amber-700"}`}
            data-testid="at-once-outcome"
          >
            {!atOnceOutcome.ok
              ? render(atOnceOutcome.error)
              : derived
                ? `The rules decide: ${derived.kind === "win" ? `${names[derived.winner]} wins` : "a draw"} (${gameEndReasonLabel(derived.reason, members !== null)}).`
                : "A restart is not a game result."}
          </p>
        )}
      </details>
      {derived && (
        <>
          <input type="hidden" name="reason" value={derived.reason} />
          {derived.kind === "win" && <input type="hidden" name="winner" value={derived.winner} />}
        </>
      )}
      {!derived && (
        <>
          <label className="block text-sm font-medium text-slate-800">
            How the game ended
            <select
              name="reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-base font-normal sm:text-sm"
            >
              <option value="">Choose…</option>
              {GAME_END_REASONS.map((value) => (
                <option key={value} value={value}>
                  {gameEndReasonLabel(value, members !== null)}
                </option>
              ))}
            </select>
          </label>

          <fieldset className="space-y-2" disabled={isDraw}>
            <legend className="text-sm font-medium text-slate-800">
              Who won game {gameNumber}
            </legend>
            {isDraw ? (
              <p className="text-sm text-slate-500">Nobody: the game is a draw.</p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {(["A", "B"] as const).map((side) => (
                  <Choice
                    key={side}
                    name="winner"
                    value={side}
                    checked={winner === side}
                    onChange={() => setWinner(side)}
                    label={names[side]}
                  />
                ))}
              </div>
            )}
          </fieldset>
        </>
      )}

      {asksLosingPlayer && (
        <ChoiceFieldset
          legend={`Which player of ${names[losingSide]} lost? Their loss is the team's (CR 810.8a).`}
          errorId="losing-seat-error"
          error={state.fieldErrors?.losingSeat?.[0]}
        >
          {members[losingSide].map((member, seat) => (
            <Choice
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the seat number
              key={`${losingSide}-${seat}`}
              name="losingSeat"
              value={String(seat)}
              defaultChecked={initial?.losingSeat === String(seat)}
              label={member}
            />
          ))}
          <Choice
            key={`${losingSide}-unknown`}
            name="losingSeat"
            value=""
            defaultChecked={!initial?.losingSeat}
            label="Not noted"
          />
        </ChoiceFieldset>
      )}

      <p
        className={`text-sm ${preview.isError ? "text-amber-700" : "text-slate-600"}`}
        aria-live="polite"
      >
        {preview.text}
      </p>
      <SubmitButton className="w-full sm:w-auto" isPending={isPending}>
        Record game {gameNumber}
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}

const AT_ONCE_BOXES = [
  ["Life", "Life 0 or less"],
  ["Poison", "Ten poison counters"],
  ["Library", "Drew from an empty library"],
  ["EffectLoss", "An effect said they lose"],
  ["EffectWin", "An effect said they win"],
] as const;

/** A group of radio choices with its question and the server's error for the field, read out with the group. */
function ChoiceFieldset({
  legend,
  errorId,
  error,
  children,
}: {
  legend: string;
  errorId: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
      {error && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Choice({
  name,
  value,
  label,
  checked,
  defaultChecked,
  onChange,
}: {
  name: string;
  value: string;
  label: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: () => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={onChange}
      />
      {label}
    </label>
  );
}

/** What the match would be after this game, from the same rules the server applies. */
function describePreview(
  format: MatchFormat,
  played: Props["played"],
  reason: string,
  winner: string | null,
  names: Record<Side, string>,
  isDecidedAtTime: boolean,
) {
  if (reason === "") return { text: "Say how the game ended.", isError: false };
  if (winner === "") return { text: "Say who won the game.", isError: false };
  const outcome = recordedGameOutcome(reason as GameEndReason, winner as Side | null);
  if (!outcome.ok) return { text: render(outcome.error), isError: true };
  const previous = played.map((game) => recordedGameOutcome(game.reason, game.winner));
  const games = [...previous, outcome].flatMap((result) =>
    result.ok ? [{ type: "game" as const, outcome: result.value }] : [],
  );
  // MTR 2.4: the game the procedure decided was under way when time was called.
  const events: MatchEvent[] = isDecidedAtTime
    ? [...games.slice(0, -1), { type: "time-called", gameInProgress: true }, ...games.slice(-1)]
    : games;
  const derived = deriveMatchResult({ format, events });
  if (!derived.ok)
    return { text: render(derived.error).replace(/^Event \d+: /, ""), isError: true };
  const { status, winner: matchWinner, slip } = derived.value;
  if (status === "decided") {
    return {
      text:
        matchWinner === null
          ? `The match will be a draw, ${slipToString(slip)}.`
          : `${names[matchWinner]} will win the match ${slipToString(slip)}.`,
      isError: false,
    };
  }
  return { text: `The match will stand at ${slipToString(slip)}.`, isError: false };
}
