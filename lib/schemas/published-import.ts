import { z } from "zod";

/** A tournament archive of this app, or a finished event's published results as other tools publish them: one JSON object, read by the import route. */
export const ImportEventSchema = z.object({
  event: z.record(z.string(), z.unknown(), {
    error:
      "The file must hold one JSON object: an archive of this app, or an event's published results.",
  }),
});
export type ImportEventInput = z.infer<typeof ImportEventSchema>;
