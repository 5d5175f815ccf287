import { z } from "zod";
import { scopedId } from "./ids";

/** An API token as its owner names it on the account page, and the tournament it may act on (none: all of theirs). */
export const CreateApiTokenSchema = z.object({
  name: z
    .string({ error: "Name the token (what it is for)." })
    .trim()
    .min(1, "Name the token (what it is for), such as “League site”.")
    .max(60, "Keep the token's name to 60 characters or fewer."),
  tournamentId: z.preprocess(
    (value) => (value === "" || value === "all" ? undefined : value),
    scopedId("tournament", z.string().trim().min(1).max(100)).optional(),
  ),
});
export type CreateApiTokenInput = z.infer<typeof CreateApiTokenSchema>;

export const RevokeApiTokenSchema = z.object({
  tokenId: scopedId("apiToken", z.string().trim().min(1, "Choose a token to revoke.").max(100)),
});
export type RevokeApiTokenInput = z.infer<typeof RevokeApiTokenSchema>;
