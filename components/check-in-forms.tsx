"use client";
import Link from "next/link";
import { useActionState, useEffect, useState } from "react";
import {
  checkInAction,
  dropNoShowsAction,
  registerSelfAction,
  setCheckedInAction,
  updateRegistrationSettingsAction,
  type CheckInState,
  type SelfRegisterState,
} from "@/lib/server/check-in/check-in-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** A fresh one-time key per form shown; getRandomValues works on a plain-HTTP venue address, where randomUUID does not. */
function useRequestKey(): [string, () => void] {
  const [key, setKey] = useState("");
  const renew = () =>
    setKey(
      Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
        byte.toString(16).padStart(2, "0"),
      ).join(""),
    );
  useEffect(renew, []);
  return [key, renew];
}

const CODE_INPUT =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-3 text-center font-mono text-xl tracking-widest uppercase";

/**
 * Someone new registers themselves from the check-in QR code (its registration token kept in the
 * form), and gets their player code. A `notice` (no token, registration from phones full) takes
 * the form's place, but never the code of someone who just registered: the page re-renders live.
 */
export function SelfRegisterForm({
  tournamentId,
  isFull,
  token,
  notice,
}: {
  tournamentId: string;
  isFull: boolean;
  token: string;
  notice: string | null;
}) {
  const [state, formAction] = useActionState(registerSelfAction, IDLE_FORM as SelfRegisterState);
  const [requestKey] = useRequestKey();
  if (state.status === "success" && state.registration)
    return <SelfRegistered tournamentId={tournamentId} registration={state.registration} />;
  if (notice) {
    return (
      <p className="text-sm text-slate-700" data-testid="register-here">
        {notice}
      </p>
    );
  }
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Register">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="requestKey" value={requestKey} />
      <input type="hidden" name="token" value={token} />
      <Field
        label="Your name"
        name="name"
        autoComplete="name"
        maxLength={80}
        defaultValue={state.status === "error" ? state.values?.name : ""}
        errors={state.fieldErrors?.name}
        hint="As it should appear on the pairings, 80 characters at most."
      />
      {!state.fieldErrors?.name && <FormMessage state={state} />}
      <SubmitButton pendingLabel="Registering…" className="w-full py-3 text-base">
        {isFull ? "Join the waitlist" : "Register"}
      </SubmitButton>
    </form>
  );
}

function SelfRegistered({
  tournamentId,
  registration,
}: {
  tournamentId: string;
  registration: NonNullable<SelfRegisterState["registration"]>;
}) {
  const isIn = registration.placement === "registered";
  return (
    <div className="space-y-3 text-center" role="status">
      <p className="text-lg font-semibold text-slate-900">
        {isIn
          ? `You're registered, ${registration.name}.`
          : `You're on the waitlist, ${registration.name}: number ${registration.position}.`}
      </p>
      {!isIn && (
        <p className="text-sm text-slate-700">
          The event is full. When a spot frees up before round 1, people on the waitlist get in, in
          order. Check here with your code to see whether you're in.
        </p>
      )}
      <p className="text-sm text-slate-700">Your player code</p>
      <p
        className="font-mono text-3xl font-bold tracking-widest text-slate-900"
        data-testid="my-code"
      >
        {registration.code}
      </p>
      <p className="text-sm text-slate-700">
        Keep it (take a screenshot): you report your results and drop with it. Don&apos;t share it.
      </p>
      {isIn && <CheckInForm tournamentId={tournamentId} code={registration.code} />}
    </div>
  );
}

/** A registered player checks in with their code (typed, or kept from registering just now). */
export function CheckInForm({ tournamentId, code }: { tournamentId: string; code?: string }) {
  const [state, formAction] = useActionState(checkInAction, IDLE_FORM as CheckInState);
  if (state.status === "success" && state.checkedIn) {
    return (
      <div className="space-y-2 rounded-lg bg-emerald-50 px-3 py-3 text-emerald-900" role="status">
        <p className="font-semibold">
          {state.checkedIn.wasAlready
            ? `You were already checked in, ${state.checkedIn.name}.`
            : `You're checked in, ${state.checkedIn.name}.`}
        </p>
        <p className="text-sm">Your table shows on your match page once round 1 is paired.</p>
        <Link href="/play/me" className="inline-block font-medium underline">
          Open my match page
        </Link>
      </div>
    );
  }
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Check in">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      {code ? (
        <input type="hidden" name="code" value={code} />
      ) : (
        <label className="block text-sm font-medium text-slate-700">
          Your player code
          <input
            name="code"
            defaultValue={state.values?.code ?? ""}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="K7QX-M4PD-9TRW"
            aria-invalid={state.status === "error" || undefined}
            className={CODE_INPUT}
          />
        </label>
      )}
      {state.status === "success" && state.waitlisted && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {state.waitlisted.name}, you&apos;re still on the waitlist: number{" "}
          {state.waitlisted.position}. Check again when a spot frees up.
        </p>
      )}
      <FormMessage state={state} />
      <SubmitButton pendingLabel="Checking in…" className="w-full py-3 text-base">
        {code ? "I'm here: check in now" : "Check in"}
      </SubmitButton>
    </form>
  );
}

/**
 * The organizer's setting: players may register from their phones before round 1, up to a cap
 * (past it, a waitlist), and the event takes at most so many registrations from phones (past it,
 * the desk), which the organizer sees here and raises.
 */
export function RegistrationSettingsForm({
  tournamentId,
  isOpen,
  cap,
  phoneCap,
  fromPhones,
}: {
  tournamentId: string;
  isOpen: boolean;
  cap: number | null;
  phoneCap: number;
  fromPhones: number;
}) {
  const [state, formAction] = useActionState(updateRegistrationSettingsAction, IDLE_FORM);
  const values = state.status === "error" ? (state.values ?? {}) : null;
  const isPhoneFull = fromPhones >= phoneCap;
  return (
    <form
      action={formAction}
      className="space-y-3"
      noValidate
      aria-label="Registration from phones"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <p
        className={`rounded-md px-3 py-2 text-sm ${isPhoneFull ? "border border-amber-300 bg-amber-50 text-amber-900" : "bg-slate-50 text-slate-700"}`}
        data-testid="phone-registrations"
      >
        Registrations from phones: {fromPhones} of {phoneCap}
        {isPhoneFull ? ". Full: phones are sent to the desk until you raise the limit below." : "."}
      </p>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="openRegistration"
          defaultChecked={values ? values.openRegistration === "on" : isOpen}
          className="h-5 w-5"
        />
        <span className="font-medium text-slate-700">
          Open registration: players may register themselves from the check-in QR code
        </span>
      </label>
      <Field
        label="Most players"
        name="registrationCap"
        type="number"
        inputMode="numeric"
        min={2}
        max={4096}
        defaultValue={values ? values.registrationCap : cap === null ? "" : String(cap)}
        errors={state.fieldErrors?.registrationCap}
        hint="Blank: no cap. Past the cap, players join a waitlist and get in, in order, when a spot frees up before round 1."
      />
      <Field
        label="Most registrations from phones"
        name="phoneRegistrationCap"
        type="number"
        inputMode="numeric"
        min={1}
        max={4096}
        defaultValue={values ? values.phoneRegistrationCap : String(phoneCap)}
        errors={state.fieldErrors?.phoneRegistrationCap}
        hint="Counts everyone who registered from a phone (waitlist included); removing an entry frees its place. Once reached, phones are told to register at the desk, where you can always add players; nobody is made to wait."
      />
      {!state.fieldErrors?.registrationCap && !state.fieldErrors?.phoneRegistrationCap && (
        <FormMessage state={state} />
      )}
      <SubmitButton pendingLabel="Saving…">Save registration settings</SubmitButton>
    </form>
  );
}

/** Staff mark a player as here (someone without a phone), or take it back. */
export function CheckInToggle({
  tournamentId,
  registrationId,
  name,
  isCheckedIn,
}: {
  tournamentId: string;
  registrationId: string;
  name: string;
  isCheckedIn: boolean;
}) {
  const [state, formAction] = useActionState(setCheckedInAction, IDLE_FORM);
  return (
    <form action={formAction} className="flex flex-col items-end">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <input type="hidden" name="isCheckedIn" value={isCheckedIn ? "false" : "true"} />
      <button
        type="submit"
        aria-label={isCheckedIn ? `Undo check-in of ${name}` : `Check in ${name}`}
        className="min-h-11 min-w-11 rounded px-2 py-1 text-xs text-slate-600 hover:bg-slate-100 hover:text-brand-700 sm:min-h-0"
      >
        {isCheckedIn ? "Undo" : "Check in"}
      </button>
      {state.status === "error" && (
        <span role="alert" className="text-xs text-red-600">
          {state.message}
        </span>
      )}
    </form>
  );
}

/** MTR 2.10: every no-show dropped in one step, after the organizer reads who they are. */
export function DropNoShowsForm({
  tournamentId,
  noShows,
}: {
  tournamentId: string;
  noShows: { registrationId: string; name: string }[];
}) {
  const [state, formAction] = useActionState(dropNoShowsAction, IDLE_FORM);
  const [isAsking, setIsAsking] = useState(false);
  if (!isAsking) {
    return (
      <div className="space-y-2">
        <FormMessage state={state} />
        {noShows.length > 0 && (
          <button
            type="button"
            onClick={() => setIsAsking(true)}
            className="min-h-11 rounded-md px-3 py-2 text-sm font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50"
          >
            Drop {noShows.length} no-show{noShows.length === 1 ? "" : "s"}…
          </button>
        )}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the named group
    <form
      action={formAction}
      onSubmit={() => setIsAsking(false)}
      className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
      role="group"
      aria-label="Drop no-shows"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input
        type="hidden"
        name="noShowIds"
        value={noShows.map((player) => player.registrationId).join(",")}
      />
      <p className="text-slate-800">
        Drop {noShows.map((player) => player.name).join(", ")}? They will not be paired in any
        round; each drop is kept in their history, and staff can undo it before round 1 is paired.
      </p>
      <span className="flex flex-wrap gap-2">
        <SubmitButton pendingLabel="Dropping…" className="bg-red-700! hover:bg-red-800!">
          Drop {noShows.length} no-show{noShows.length === 1 ? "" : "s"}
        </SubmitButton>
        <button
          type="button"
          onClick={() => setIsAsking(false)}
          className="min-h-11 rounded px-3 text-slate-700 hover:bg-slate-200"
        >
          Cancel
        </button>
      </span>
    </form>
  );
}
