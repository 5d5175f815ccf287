"use client";
import { useActionState } from "react";
import { registerTeamAction, registerTeamsAction } from "@/lib/server/registration/team-actions";
import { readTeamList, type RegisteredTeams } from "@/lib/rules/team-list";
import { SEAT_LETTERS } from "@/lib/rules/teams";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { PastedListForm } from "./pasted-list-form";
import { render } from "@/lib/messages/render";

/** MTR 8.2: a team enters with a player in each seat, A, B (and C), kept for the whole event. */
export function RegisterTeamForm({
  tournamentId,
  teamSize,
}: {
  tournamentId: string;
  teamSize: number;
}) {
  const [state, formAction] = useActionState(registerTeamAction, IDLE_FORM);
  const kept = (field: string) => (state.status === "error" ? state.values?.[field] : "");
  return (
    <form action={formAction} className="space-y-2" noValidate aria-label="Register a team">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <Field
        label="Team name"
        name="name"
        autoComplete="off"
        defaultValue={kept("name")}
        errors={state.fieldErrors?.name}
      />
      <div className={`grid gap-2 ${teamSize === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
        {SEAT_LETTERS.slice(0, teamSize).map((letter) => (
          <Field
            key={letter}
            label={`Seat ${letter}`}
            name={`member${letter}`}
            autoComplete="off"
            defaultValue={kept(`member${letter}`)}
            errors={state.fieldErrors?.[`member${letter}`]}
          />
        ))}
      </div>
      <SubmitButton pendingLabel="Adding…">Add team</SubmitButton>
      {!state.fieldErrors?.name && <FormMessage state={state} />}
    </form>
  );
}

/** Paste the teams, one per line ("Team name: Ana, Ben, Cleo"), read by the rule the server applies. */
export function RegisterTeamListForm({
  tournamentId,
  teamSize,
  registered,
}: {
  tournamentId: string;
  teamSize: number;
  registered: RegisteredTeams;
}) {
  const example = teamSize === 3 ? "Team Rocket: Ana, Ben, Cleo" : "Team Rocket: Ana, Ben";
  return (
    <PastedListForm
      tournamentId={tournamentId}
      field="teams"
      summary="Paste a list of teams"
      label={
        <>
          One team per line, its players in seat order:{" "}
          <span className="font-mono text-xs">{example}</span>
        </>
      }
      noun={{ one: "team", many: "teams" }}
      action={registerTeamsAction}
      preview={(text) => {
        const read = readTeamList(text, teamSize, registered);
        const lines = read.ok ? read.value : [];
        return {
          error: read.ok ? null : render(read.error),
          lines: lines.map((line) => ({
            line: line.line,
            isValid: line.status === "valid",
            content:
              line.status === "valid" ? (
                <>
                  <span className="font-medium">{line.name}</span>:{" "}
                  {line.members.map((member, seat) => `${SEAT_LETTERS[seat]} ${member}`).join(", ")}
                </>
              ) : (
                render(line.message)
              ),
          })),
        };
      }}
    />
  );
}
