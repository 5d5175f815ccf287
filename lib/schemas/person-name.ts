import { z } from "zod";

/** Invisible, direction-changing and control characters (Unicode Cf, Cc): a name with them could pass for another in the history. */
export const HIDDEN_CHARACTERS = /[\p{Cf}\p{Cc}]/u;

/** A person's name as staff and history show it: plain text on one line, 80 characters at most. */
export function personNameSchema(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(80, "Keep the name to 80 characters or fewer.")
    .refine((name) => !HIDDEN_CHARACTERS.test(name), "The name has invisible or control characters (a line break, a direction mark): type it again as plain text.");
}

