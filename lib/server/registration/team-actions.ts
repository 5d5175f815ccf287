"use server";
import { revalidatePath } from "next/cache";
import {
  RegisterTeamSchema,
  RegisterTeamsSchema,
  ReplaceTeamMemberSchema,
} from "@/lib/schemas/team";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { textOf } from "@/lib/messages/render";
import { lateEntryNote } from "@/lib/rules/registration";
import { registerTeam, registerTeams, replaceTeamMember } from "./teams";
import { SEAT_LETTERS } from "@/lib/rules/teams";
import { runMutation } from "@/lib/server/access/run-action";

export async function registerTeamAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: RegisterTeamSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const registered = await registerTeam(input);
      if (registered.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return registered;
    },
  });
  const late = result.ok ? textOf(lateEntryNote(result.value.firstRound)) : null;
  return toFormState(
    result,
    values,
    result.ok ? `${result.value.name} is registered.${late ? ` ${late}` : ""}` : undefined,
  );
}

export async function registerTeamsAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: RegisterTeamsSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const registered = await registerTeams(input);
      if (registered.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return registered;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { registered, skipped, firstRound } = result.value;
  const late = textOf(lateEntryNote(firstRound));
  const count = `${registered.length} team${registered.length === 1 ? "" : "s"} registered.`;
  const message = [count, late, skipped.length > 0 ? `Skipped: ${skipped.join(" ")}` : null]
    .filter(Boolean)
    .join(" ");
  return { ...toFormState(result, values, message), isWarning: skipped.length > 0 };
}

export async function replaceTeamMemberAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: ReplaceTeamMemberSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const replaced = await replaceTeamMember(input);
      if (replaced.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return replaced;
    },
  });
  const done = !result.ok
    ? undefined
    : values.change === "correct"
      ? `Seat ${SEAT_LETTERS[result.value.seat]} of ${result.value.team} is now named ${result.value.name}; the player keeps their code.`
      : `${result.value.name} now plays seat ${SEAT_LETTERS[result.value.seat]} for ${result.value.team}, with a new player code.`;
  return toFormState(result, values, done);
}
