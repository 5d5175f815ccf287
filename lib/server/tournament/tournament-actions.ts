"use server";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import {
  CreateTournamentSchema,
  FinishEventSchema,
  ReopenEventSchema,
  UpdateTournamentSettingsSchema,
} from "@/lib/schemas/tournament";
import { NoInputSchema } from "@/lib/schemas/account";
import {
  AcceptInvitationSchema,
  DeleteTournamentSchema,
  InviteStaffSchema,
  PublishTournamentSchema,
  ReissueInvitationSchema,
  RemoveStaffSchema,
} from "@/lib/schemas/staff";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { success } from "@/lib/action-result";
import { createTournament, deleteTournament, setTournamentPublished } from "./tournaments";
import {
  acceptStaffInvitation,
  INVITATION_DAYS,
  inviteStaff,
  reissueStaffInvitation,
  removeStaff,
} from "./staff";
import { invitationPath } from "@/lib/invitation-path";
import { finishEvent, reopenEvent, updateTournamentSettings } from "./event-status";
import { loadDemoEvent } from "./demo";
import { runMutation } from "@/lib/server/access/run-action";
import { recheckDecklists } from "@/lib/server/decklists/recheck-decklists";

export async function createTournamentAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: "signed-in",
    schema: CreateTournamentSchema,
    input: values,
    run: (input, { actor }) => createTournament(input, actor),
  });
  if (!result.ok) return toFormState(result, values);
  revalidatePath("/");
  redirect(`/tournaments/${result.value.id}`);
}

/** The demo event, owned by whoever loads it, published so its public pages can be shown. */
export async function loadDemoEventAction(): Promise<void> {
  const result = await runMutation({
    access: "signed-in",
    schema: NoInputSchema,
    input: {},
    run: async (_input, { actor }) => success(await loadDemoEvent(actor)),
  });
  if (!result.ok && result.error.code === "UNAUTHENTICATED") redirect("/sign-in");
  if (!result.ok) throw new Error(result.error.message);
  revalidatePath("/");
  redirect(`/tournaments/${result.value.tournamentId}/standings`);
}

export async function publishTournamentAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
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
  return toFormState(
    result,
    values,
    result.ok && result.value.isPublished
      ? "Published: pairings and standings are public."
      : "Unpublished: only staff can see it.",
  );
}

export async function deleteTournamentAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
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

export async function inviteStaffAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
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
  if (!result.ok) return toFormState(result, values);
  return {
    status: "success",
    message: `Invited ${values.email}. Send them this link; it works once and for ${INVITATION_DAYS} days.`,
    linkToShare: invitationPath(result.value.token),
  };
}

/** A new secret link for a pending invitation; the old link stops working. */
export async function reissueStaffInvitationAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "staff.manage" },
    schema: ReissueInvitationSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const reissued = await reissueStaffInvitation(input);
      if (reissued.ok) revalidatePath(`/tournaments/${tournamentId}/staff`);
      return reissued;
    },
  });
  if (!result.ok) return toFormState(result, values);
  return {
    status: "success",
    message: `New link made; the previous one no longer works. It works once and for ${INVITATION_DAYS} days.`,
    linkToShare: invitationPath(result.value.token),
  };
}

/** The signed-in account accepts the invitation whose link it opened, and goes to the tournament. */
export async function acceptStaffInvitationAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: "signed-in",
    schema: AcceptInvitationSchema,
    input: values,
    run: (input, { actor }) => acceptStaffInvitation(input.token, actor),
  });
  if (!result.ok && result.error.code === "UNAUTHENTICATED")
    redirect(`/sign-in?next=${encodeURIComponent(invitationPath(values.token ?? ""))}`);
  if (!result.ok) return toFormState(result, values);
  revalidatePath(`/tournaments/${result.value.tournamentId}`);
  redirect(`/tournaments/${result.value.tournamentId}`);
}

export async function removeStaffAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
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
  return toFormState(
    result,
    values,
    result.ok && result.value.wasInvitation
      ? "Invitation withdrawn; its link no longer works."
      : "Removed from the staff.",
  );
}

/** Saves the settings that may still change; the others are not sent by the form. */
export async function updateTournamentSettingsAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "tournament.settings" },
    schema: UpdateTournamentSettingsSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const updated = await updateTournamentSettings(input);
      // MTR 2.7: lists already registered are checked against the new format at once.
      if (updated.ok && updated.value.changed.includes("deckFormat"))
        await recheckDecklists(tournamentId);
      if (updated.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return updated;
    },
  });
  const message =
    result.ok && result.value.changed.length === 0
      ? "Nothing to change: these are the current settings."
      : "Settings saved.";
  return toFormState(result, values, message);
}

/** A Swiss-only event finishes after its last round: the standings become final. */
export async function finishEventAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "rounds.manage" },
    schema: FinishEventSchema,
    input: values,
    run: async (_input, { tournamentId, actor, seat }) => {
      const finished = await finishEvent(tournamentId, { staffId: seat.id, name: actor.name });
      if (finished.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return finished;
    },
  });
  if (!result.ok) return toFormState(result, values);
  redirect(`/tournaments/${values.tournamentId}/standings`);
}

/** A finished event reopens while nothing builds on its final standings (lib/rules/reopen.ts). */
export async function reopenEventAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "rounds.manage" },
    schema: ReopenEventSchema,
    input: values,
    run: async (_input, { tournamentId, actor, seat }) => {
      const reopened = await reopenEvent(tournamentId, { staffId: seat.id, name: actor.name });
      if (reopened.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return reopened;
    },
  });
  return toFormState(
    result,
    values,
    "Reopened: the standings are no longer final, and the next step is offered again.",
  );
}
