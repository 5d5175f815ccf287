"use server";
import { revalidatePath } from "next/cache";
import {
  DropPlayerSchema,
  RegisterPlayerSchema,
  RegisterPlayersSchema,
  RenamePlayerSchema,
} from "@/lib/schemas/player";
import { AwardByesSchema, WithdrawAwardedByeSchema } from "@/lib/schemas/awarded-bye";
import { awardByes, withdrawAwardedBye } from "@/lib/server/round/awarded-byes";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { textOf } from "@/lib/messages/render";
import { lateEntryNote } from "@/lib/rules/registration";
import {
  dropPlayer,
  registerPlayer,
  registerPlayers,
  removeRegistration,
  renamePlayer,
  undoDrop,
} from "./registrations";
import { runMutation } from "@/lib/server/access/run-action";

export async function registerPlayerAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: RegisterPlayerSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const registered = await registerPlayer(input);
      if (registered.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return registered;
    },
  });
  // Keep the tournament id but clear the name after a success, ready for the next player.
  const late = result.ok
    ? textOf(
        lateEntryNote(result.value.firstRound, undefined, values.missedRounds !== "not-counted"),
      )
    : null;
  return toFormState(
    result,
    values,
    result.ok ? `${values.name?.trim()} is registered.${late ? ` ${late}` : ""}` : undefined,
  );
}

export async function registerPlayersAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: RegisterPlayersSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const registered = await registerPlayers(input);
      if (registered.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return registered;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { registered, skipped, firstRound } = result.value;
  const late = textOf(lateEntryNote(firstRound));
  const count = `${registered.length} player${registered.length === 1 ? "" : "s"} registered.`;
  const message = [count, late, skipped.length > 0 ? `Skipped: ${skipped.join(" ")}` : null]
    .filter(Boolean)
    .join(" ");
  // Skipped lines need a look: the message is a warning, not success green.
  return { ...toFormState(result, values, message), isWarning: skipped.length > 0 };
}

export async function renamePlayerAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: RenamePlayerSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const renamed = await renamePlayer(input);
      if (renamed.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return renamed;
    },
  });
  return toFormState(
    result,
    values,
    result.ok ? `${result.value.from} is now ${result.value.to}.` : undefined,
  );
}

export async function removePlayerAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: DropPlayerSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const removed = await removeRegistration(input);
      if (removed.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return removed;
    },
  });
  return toFormState(
    result,
    values,
    result.ok ? `${result.value.name} is no longer registered.` : undefined,
  );
}

export async function dropPlayerAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: DropPlayerSchema,
    input: values,
    run: async (input, { tournamentId, seat, actor }) => {
      const dropped = await dropPlayer(input, { staffId: seat.id, name: actor.name });
      if (dropped.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return dropped;
    },
  });
  return toFormState(result, values, "Dropped.");
}

export async function undoDropAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: DropPlayerSchema,
    input: values,
    run: async (input, { tournamentId, seat, actor }) => {
      const undone = await undoDrop(input, { staffId: seat.id, name: actor.name });
      if (undone.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return undone;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? `${result.value.name} is back in: they are paired again from round ${result.value.firstRound}.`
      : undefined,
  );
}

/** Byes awarded in advance to a player for named rounds (qualified players at large events). */
export async function awardByesAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: AwardByesSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const awarded = await awardByes(input);
      if (awarded.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return awarded;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { name, rounds } = result.value;
  return {
    status: "success",
    message: `${name} has a bye in round${rounds.length === 1 ? "" : "s"} ${rounds.join(", ")}.`,
  };
}

/** Withdraws a bye awarded in advance, before its round is paired. */
export async function withdrawAwardedByeAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: WithdrawAwardedByeSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const withdrawn = await withdrawAwardedBye(input);
      if (withdrawn.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return withdrawn;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? `${result.value.name}'s bye in round ${values.roundNumber} is withdrawn.`
      : undefined,
  );
}
