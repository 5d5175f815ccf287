"use server";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import {
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  StaffPushSubscriptionSchema,
  StaffPushUnsubscribeSchema,
} from "@/lib/schemas/push";
import { runMutation } from "@/lib/server/access/run-action";
import { deletePushSubscription, savePushSubscription } from "./subscriptions";

/** A player turns on notifications on their phone: always for themselves, never another player. */
export async function turnOnPlayerPushAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { player: "notify" },
    schema: PushSubscriptionSchema,
    input: values,
    run: (input, { player }) => savePushSubscription(input, playerOwner(player)),
  });
  return toFormState(result, values, "Notifications are on for this phone.");
}

/** The signed-in player a subscription belongs to: their registration and, in a team, their seat. */
function playerOwner(player: {
  tournamentId: string;
  registrationId: string;
  seat?: number | null;
}) {
  return {
    tournamentId: player.tournamentId,
    registrationId: player.registrationId,
    seat: player.seat ?? null,
  };
}

/** A player turns this phone's notifications off. */
export async function turnOffPlayerPushAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { player: "notify" },
    schema: PushUnsubscribeSchema,
    input: values,
    run: (input, { player }) => deletePushSubscription(input.endpoint, playerOwner(player)),
  });
  return toFormState(result, values, "Notifications are off for this phone.");
}

/** A judge's phone is told of every new judge call of the event. */
export async function turnOnStaffPushAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: StaffPushSubscriptionSchema,
    input: values,
    run: (input, { tournamentId, seat }) =>
      savePushSubscription(input, { tournamentId, staffId: seat.id }),
  });
  return toFormState(result, values, "Judge calls will be pushed to this phone.");
}

/** A judge stops judge-call notifications on this phone. */
export async function turnOffStaffPushAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    // Any staff seat may stop its own pushes, a judge since made scorekeeper too.
    access: { permission: "staff.view" },
    schema: StaffPushUnsubscribeSchema,
    input: values,
    run: (input, { tournamentId, seat }) =>
      deletePushSubscription(input.endpoint, { tournamentId, staffId: seat.id }),
  });
  return toFormState(result, values, "Judge calls are no longer pushed to this phone.");
}
