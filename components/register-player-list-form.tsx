"use client";
import { registerPlayersAction } from "@/lib/server/registration/player-actions";
import { readRegistrationList } from "@/lib/rules/registration";
import { PastedListForm } from "./pasted-list-form";
import { render } from "@/lib/messages/render";

/** Paste the entrants, one name per line, read by the rule the server applies. */
export function RegisterPlayerListForm({
  tournamentId,
  registeredNames,
}: {
  tournamentId: string;
  registeredNames: string[];
}) {
  return (
    <PastedListForm
      tournamentId={tournamentId}
      field="names"
      summary="Paste a list of players"
      label="One name per line"
      noun={{ one: "player", many: "players" }}
      action={registerPlayersAction}
      preview={(text) => {
        const read = readRegistrationList(text, registeredNames);
        const lines = read.ok ? read.value : [];
        return {
          error: read.ok ? null : render(read.error),
          lines: lines.map((line) => ({
            line: line.line,
            isValid: line.status === "valid",
            content: line.status === "valid" ? line.name : render(line.message),
          })),
        };
      }}
    />
  );
}
