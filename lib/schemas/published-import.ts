import { z } from "zod";

/** A finished event's published results, as the JSON file other tools publish (pasted or chosen as a file). */
export const ImportPublishedEventSchema = z
  .object({
    json: z.string({ error: "Paste the event's JSON or choose its file." }).max(900_000, "The file is over 900 kB: leave out the decklists (\"Decks\") and try again."),
  })
  .transform(({ json }, context) => {
    if (json.trim() === "") {
      context.addIssue({ code: "custom", path: ["json"], message: "Paste the event's JSON or choose its file." });
      return z.NEVER;
    }
    try {
      return { event: JSON.parse(json) as unknown };
    } catch (error) {
      context.addIssue({ code: "custom", path: ["json"], message: `This is not JSON: ${error instanceof Error ? error.message : "it cannot be read"}.` });
      return z.NEVER;
    }
  });
