"use server";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { NoInputSchema } from "@/lib/schemas/account";
import { DeleteTournamentSchema, InviteStaffSchema, PublishTournamentSchema, RemoveStaffSchema } from "@/lib/schemas/staff";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { success } from "@/lib/action-result";
import { createTournament, deleteTournament, setTournamentPublished } from "../data/tournaments";
import { inviteStaff, removeStaff } from "../data/staff";
import { loadDemoEvent } from "../data/demo";
import { runMutation } from "./run-action";

export async function createTournamentAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({ access: "signed-in", schema: CreateTournamentSchema, input: values, run: (input, { actor }) => createTournament(input, actor) });
  if (!result.ok) return toFormState(result, values);
  revalidatePath("/");
  redirect(`/tournaments/${result.data.id}`);
}

/** The demo event, owned by whoever loads it, published so its public pages can be shown. */
export async function loadDemoEventAction(): Promise<void> {
  const result = await runMutation({ access: "signed-in", schema: NoInputSchema, input: {}, run: async (_input, { actor }) => success(await loadDemoEvent(actor)) });
  if (!result.ok && result.error.code === "UNAUTHENTICATED") redirect("/sign-in");
  if (!result.ok) throw new Error(result.error.message);
  revalidatePath("/");
  redirect(`/tournaments/${result.data.tournamentId}/standings`);
}

export async function publishTournamentAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "tournament.settings" },
    schema: PublishTournamentSchema,
    input: values,
    run: async ({ publish }, { tournamentId }) => {
      const published = await setTournamentPublished(tournamentId, publish);
      revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return published;
    },
  });
  return toFormState(result, values, result.ok && result.data.isPublished ? "Published: pairings and standings are public." : "Unpublished: only staff can see it.");
}

export async function deleteTournamentAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "tournament.delete" },
    schema: DeleteTournamentSchema,
    input: values,
    run: ({ confirmName }, { tournamentId }) => deleteTournament(tournamentId, confirmName),
  });
  if (!result.ok) return toFormState(result, values);
  revalidatePath("/");
  redirect("/");
}

export async function inviteStaffAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "staff.manage" },
    schema: InviteStaffSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const invited = await inviteStaff(input);
      if (invited.ok) revalidatePath(`/tournaments/${tournamentId}/staff`);
      return invited;
    },
  });
  const message = result.ok && !result.data.isLinked ? `Invited ${values.email}: they join the staff when they sign up with that email.` : `Added ${values.email} to the staff.`;
  return toFormState(result, values, message);
}

export async function removeStaffAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "staff.manage" },
    schema: RemoveStaffSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const removed = await removeStaff(input);
      if (removed.ok) revalidatePath(`/tournaments/${tournamentId}/staff`);
      return removed;
    },
  });
  return toFormState(result, values, "Removed from the staff.");
}
