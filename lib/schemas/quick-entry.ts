import { z } from "zod";
import { parseQuickEntry } from "@/lib/rules/quick-entry";
import { TournamentIdSchema } from "./tournament";
import { RoundNumberSchema } from "./round";
import { render } from "@/lib/messages/render";

/**
 * The round page's quick-entry bar: one line ("12 2-1") read by the rules' parser into a table
 * and its slip, here at the boundary, once. The slip itself is judged by the same rules as the
 * result form's (MTR 2.1, 2.5) when it is saved.
 */
export const QuickEntrySchema = z.object({
  tournamentId: TournamentIdSchema,
  roundNumber: RoundNumberSchema,
  entry: z
    .string({ error: 'Type a table and its result, e.g. "12 2-1".' })
    .transform((line, context) => {
      const parsed = parseQuickEntry(line);
      if (parsed.ok) return parsed.value;
      context.addIssue({ code: "custom", message: render(parsed.error) });
      return z.NEVER;
    }),
  /** Made by the browser for each line typed: Enter pressed twice on the same line saves once. */
  idempotencyKey: z
    .string({ error: "The entry is missing its request key; reload the page." })
    .trim()
    .min(8, "The entry's request key must be 8 to 100 characters.")
    .max(100, "The entry's request key must be 8 to 100 characters.")
    .regex(/^[A-Za-z0-9_-]+$/, "The entry's request key may hold only letters, digits, - and _."),
});
export type QuickEntryInput = z.infer<typeof QuickEntrySchema>;
