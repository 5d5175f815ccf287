"use server";
import { revalidatePath } from "next/cache";
import { toFormState, type FormState } from "@/lib/form-state";
import {
  DropWithoutDecklistSchema,
  EnterDecklistSchema,
  RecheckDecklistsSchema,
  SubmitOwnDecklistSchema,
} from "@/lib/schemas/decklist";
import { formDataToObject } from "@/lib/schemas/parse";
import { runMutation } from "@/lib/server/access/run-action";
import { dropPlayersWithoutLegalList } from "./drop-without-decklist";
import { recheckDecklists } from "./recheck-decklists";
import { type SubmittedDecklist, submitDecklist } from "./submit-decklist";

function refreshAfter(tournamentId: string) {
  revalidatePath("/play/me");
  revalidatePath(`/tournaments/${tournamentId}`, "layout");
}

function savedMessage(list: SubmittedDecklist): string {
  if (list.isUnchanged) return "Your list is already exactly this: nothing changed.";
  return list.isLegal
    ? `Saved (version ${list.version}): the list is legal.`
    : `Saved (version ${list.version}), but the list is not legal yet: fix the problems shown before the deadline.`;
}

/** MTR 2.7: a player submits or changes their own decklist with their code, until the deadline. */
export async function submitOwnDecklistAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { player: "decklist" },
    schema: SubmitOwnDecklistSchema,
    input: values,
    run: async (input, { player, tournamentId }) => {
      // A member's own code is their seat's list; a team's entry code names the seat.
      const saved = await submitDecklist(
        {
          ...input,
          tournamentId,
          registrationId: player.registrationId,
          seat: player.seat ?? input.seat,
        },
        { source: "PLAYER", name: player.name },
      );
      if (saved.ok) refreshAfter(tournamentId);
      return saved;
    },
  });
  return toFormState(result, values, result.ok ? savedMessage(result.value) : undefined);
}

/** Staff enter a paper list or change a player's list; once lists are final, with a reason (IPG 3.4). */
export async function enterDecklistAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "decklists.manage" },
    schema: EnterDecklistSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const saved = await submitDecklist(
        { ...input, tournamentId },
        { source: "STAFF", staffId: seat.id, name: seat.name },
      );
      if (saved.ok) refreshAfter(tournamentId);
      return saved;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? result.value.isUnchanged
        ? "The list is already exactly this: nothing changed."
        : `Saved as version ${result.value.version}${result.value.isLegal ? "" : " (not legal: its problems are listed)"}.`
      : undefined,
  );
}

/** Staff check every list again, after a new card database (new bans) or a format change. */
export async function recheckDecklistsAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "decklists.manage" },
    schema: RecheckDecklistsSchema,
    input: values,
    run: async (_input, { tournamentId }) => {
      const checked = await recheckDecklists(tournamentId);
      if (checked.ok) refreshAfter(tournamentId);
      return checked;
    },
  });
  return toFormState(
    result,
    values,
    result.ok ? `Checked ${result.value.checked} decklists again.` : undefined,
  );
}

/** MTR 2.10: the organizer drops, in one confirmed step before round 1, the players shown without a legal list. */
export async function dropWithoutDecklistAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: DropWithoutDecklistSchema,
    input: values,
    run: async (input, { tournamentId, seat, actor }) => {
      const dropped = await dropPlayersWithoutLegalList(
        {
          tournamentId,
          registrationIds: input.registrationIds,
          idempotencyKey: input.idempotencyKey,
        },
        { staffId: seat.id, name: actor.name },
      );
      if (dropped.ok) refreshAfter(tournamentId);
      return dropped;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { dropped, skipped, promoted } = result.value;
  const message = [
    dropped.length === 0
      ? "Nobody was dropped."
      : `Dropped ${dropped.length} without a legal decklist: ${dropped.map((p) => p.name).join(", ")}.`,
    skipped.length > 0
      ? `Left in (a legal list since, or dropped already): ${skipped.map((p) => p.name || p.registrationId).join(", ")}.`
      : null,
    promoted.length > 0 ? `In from the waitlist: ${promoted.join(", ")}.` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return toFormState(result, values, message);
}
