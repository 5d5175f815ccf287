"use client";
import { useActionState, useState } from "react";
import { registerTeamAction, registerTeamsAction } from "@/lib/server/actions/team-actions";
import { readTeamList, type RegisteredTeams } from "@/lib/rules/team-list";
import { SEAT_LETTERS } from "@/lib/rules/teams";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { PastedListPreview } from "./pasted-list-preview";

/** MTR 8.2: a team enters with a player in each seat, A, B (and C), kept for the whole event. */
export function RegisterTeamForm({ tournamentId, teamSize }: { tournamentId: string; teamSize: number }) {
  const [state, formAction] = useActionState(registerTeamAction, IDLE_FORM);
  const kept = (field: string) => (state.status === "error" ? state.values?.[field] : "");
  return (
    <form action={formAction} className="space-y-2" noValidate aria-label="Register a team">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <Field label="Team name" name="name" autoComplete="off" defaultValue={kept("name")} errors={state.fieldErrors?.name} />
      <div className={`grid gap-2 ${teamSize === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
        {SEAT_LETTERS.slice(0, teamSize).map((letter) => (
          <Field key={letter} label={`Seat ${letter}`} name={`member${letter}`} autoComplete="off" defaultValue={kept(`member${letter}`)} errors={state.fieldErrors?.[`member${letter}`]} />
        ))}
      </div>
      <SubmitButton pendingLabel="Adding…">Add team</SubmitButton>
      {!state.fieldErrors?.name && <FormMessage state={state} />}
    </form>
  );
}

/**
 * Paste the teams, one per line ("Team name: Ana, Ben, Cleo"): a preview says line by line what will
 * be registered and why a line will be skipped (the rule the server applies), then one click registers them.
 */
export function RegisterTeamListForm({ tournamentId, teamSize, registered }: { tournamentId: string; teamSize: number; registered: RegisteredTeams }) {
  const [text, setText] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [state, formAction] = useActionState(async (previous: Parameters<typeof registerTeamsAction>[0], formData: FormData) => {
    const next = await registerTeamsAction(previous, formData);
    if (next.status === "success") setText("");
    return next;
  }, IDLE_FORM);
  const read = readTeamList(text, teamSize, registered);
  const lines = read.ok ? read.value : [];
  const valid = lines.filter((line) => line.status === "valid").length;
  const example = teamSize === 3 ? "Team Rocket: Ana, Ben, Cleo" : "Team Rocket: Ana, Ben";
  return (
    <details className="mt-3 rounded-md border border-slate-200 p-3" open={isOpen} onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">Paste a list of teams</summary>
      <form action={formAction} className="mt-3 space-y-2" noValidate>
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <label htmlFor="team-list" className="block text-sm font-medium text-slate-700">
          One team per line, its players in seat order: <span className="font-mono text-xs">{example}</span>
        </label>
        <textarea
          id="team-list"
          name="teams"
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="team-list-preview"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        <PastedListPreview
          id="team-list-preview"
          error={read.ok ? null : read.error.message}
          lines={lines.map((line) => ({
            line: line.line,
            isValid: line.status === "valid",
            content:
              line.status === "valid" ? (
                <>
                  <span className="font-medium">{line.name}</span>: {line.members.map((member, seat) => `${SEAT_LETTERS[seat]} ${member}`).join(", ")}
                </>
              ) : (
                line.message
              ),
          }))}
        />
        <SubmitButton pendingLabel="Registering…">{valid === 0 ? "Register teams" : valid === 1 ? "Register 1 team" : `Register ${valid} teams`}</SubmitButton>
        <FormMessage state={state} />
      </form>
    </details>
  );
}
