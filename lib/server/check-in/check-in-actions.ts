"use server";
import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { toFormState, type FormState } from "@/lib/form-state";
import { formDataToObject } from "@/lib/schemas/parse";
import {
  CheckInWithCodeSchema,
  DropNoShowsSchema,
  RegistrationSettingsSchema,
  RemovePhoneRegistrationsSchema,
  SelfRegisterSchema,
  SetCheckedInSchema,
} from "@/lib/schemas/check-in";
import { clientAddressOf } from "@/lib/server/infra/client-address";
import {
  checkInWithCode,
  dropNoShows,
  registerSelf,
  setCheckedIn,
  updateRegistrationSettings,
  type SelfRegistration,
} from "./check-in";
import { removePhoneRegistrations } from "./phone-registrations";
import { setPlayerSessionCookie } from "./player-session";
import { plural } from "@/lib/plural";
import { runMutation } from "@/lib/server/access/run-action";

export type SelfRegisterState = FormState & { registration?: SelfRegistration };
export type CheckInState = FormState & {
  checkedIn?: { name: string; wasAlready: boolean } | null;
  waitlisted?: { name: string; position: number } | null;
};

function refresh(tournamentId: string) {
  revalidatePath(`/tournaments/${tournamentId}`, "layout");
}

/** Someone registers themselves from the check-in page: public, with the check-in screen's token, within the event's limits. */
export async function registerSelfAction(
  _previous: SelfRegisterState,
  formData: FormData,
): Promise<SelfRegisterState> {
  const values = formDataToObject(formData);
  const requestHeaders = await headers();
  const result = await runMutation({
    access: "anyone",
    schema: SelfRegisterSchema,
    input: values,
    run: async (input) => {
      const registered = await registerSelf(input, clientAddressOf(requestHeaders));
      if (registered.ok) refresh(input.tournamentId);
      return registered;
    },
  });
  if (!result.ok) return toFormState(result, values);
  return { status: "success", registration: result.value };
}

/** A registered player checks in with their code; it also signs this phone in for their match page. */
export async function checkInAction(
  _previous: CheckInState,
  formData: FormData,
): Promise<CheckInState> {
  const values = formDataToObject(formData);
  const requestHeaders = await headers();
  const result = await runMutation({
    access: "anyone",
    schema: CheckInWithCodeSchema,
    input: values,
    run: async (input) => {
      const answer = await checkInWithCode(input, clientAddressOf(requestHeaders));
      if (answer.ok && answer.value.status === "checked-in") {
        await setPlayerSessionCookie(answer.value.session.token, answer.value.session.expiresAt);
        refresh(input.tournamentId);
      }
      return answer;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const answer = result.value;
  return answer.status === "checked-in"
    ? { status: "success", checkedIn: { name: answer.name, wasAlready: answer.wasAlready } }
    : { status: "success", waitlisted: { name: answer.name, position: answer.position } };
}

/** The organizer opens or closes registration from phones, sets the most players and how many may register from phones. */
export async function updateRegistrationSettingsAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "tournament.settings" },
    schema: RegistrationSettingsSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const updated = await updateRegistrationSettings(input);
      if (updated.ok) refresh(tournamentId);
      return updated;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const promoted = result.value.promoted;
  return toFormState(
    result,
    values,
    `Saved.${promoted.length > 0 ? ` In from the waitlist: ${promoted.join(", ")}.` : ""}`,
  );
}

/** Staff remove a group of registrations from phones (one network's, or all since a moment) in one confirmed step, before round 1. */
export async function removePhoneRegistrationsAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: RemovePhoneRegistrationsSchema,
    input: values,
    run: async (input, { tournamentId, seat, actor }) => {
      const removed = await removePhoneRegistrations(input, { staffId: seat.id, name: actor.name });
      if (removed.ok) refresh(tournamentId);
      return removed;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { removed, keptDropped, promoted } = result.value;
  const message = [
    removed === 0 && keptDropped.length === 0
      ? "Nothing was removed: those registrations were already gone."
      : `Removed ${plural(removed, "registration")} from phones.`,
    keptDropped.length > 0
      ? `Kept in the list, dropped, because their history holds a drop: ${keptDropped.join(", ")}.`
      : null,
    promoted.length > 0
      ? `In from the waitlist (not checked in yet): ${promoted.join(", ")}.`
      : null,
  ]
    .filter(Boolean)
    .join(" ");
  return toFormState(result, values, message);
}

/** Staff mark a player as here (no phone), or take a check-in back. */
export async function setCheckedInAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: SetCheckedInSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const set = await setCheckedIn(input);
      if (set.ok) refresh(tournamentId);
      return set;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? result.value.isCheckedIn
        ? `${result.value.name} is checked in.`
        : `${result.value.name} is no longer checked in.`
      : undefined,
  );
}

/** MTR 2.10: the organizer drops every no-show they were shown, in one confirmed step, before round 1. */
export async function dropNoShowsAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: DropNoShowsSchema,
    input: values,
    run: async (input, { tournamentId, seat, actor }) => {
      const dropped = await dropNoShows(
        { tournamentId, registrationIds: input.noShowIds },
        { staffId: seat.id, name: actor.name },
      );
      if (dropped.ok) refresh(tournamentId);
      return dropped;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { dropped, promoted } = result.value;
  const message = [
    dropped.length === 0
      ? "Nobody was dropped: they had checked in or were dropped already."
      : `Dropped ${dropped.length} no-show${dropped.length === 1 ? "" : "s"}: ${dropped.join(", ")}.`,
    promoted.length > 0
      ? `In from the waitlist (not checked in yet): ${promoted.join(", ")}.`
      : null,
  ]
    .filter(Boolean)
    .join(" ");
  return toFormState(result, values, message);
}
