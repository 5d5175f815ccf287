import { z } from "zod";
import { HIDDEN_CHARACTERS } from "@/lib/rules/registration";

export { HIDDEN_CHARACTERS };

/** A person's name as staff and history show it: plain text on one line, 80 characters at most. */
export function personNameSchema(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(80, "Keep the name to 80 characters or fewer.")
    .refine(
      (name) => !HIDDEN_CHARACTERS.test(name),
      "The name has invisible or control characters (a line break, a direction mark): type it again as plain text.",
    );
}
