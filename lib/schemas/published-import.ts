import { z } from "zod";

/** A tournament archive of this app, or a finished event's published results as other tools publish them (pasted or chosen as a file). */
export const ImportPublishedEventSchema = z
  .object({
    json: z.string({ error: "Paste the event's JSON or choose its file." }).max(8_000_000, "The file is over 8 MB: for a published event, leave out the decklists (\"Decks\") and try again."),
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
