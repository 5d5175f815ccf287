import { z } from "zod";
import { scopedId } from "./ids";
import { parseByeRounds } from "@/lib/rules/awarded-byes";
import { formNumber } from "./form-number";
import { TournamentIdSchema } from "./tournament";
import { render } from "@/lib/messages/render";

/** Byes awarded in advance to one player for named rounds ("1-2", "1, 3"). */
export const AwardByesSchema = z
  .object({
    tournamentId: TournamentIdSchema,
    registrationId: scopedId(
      "registration",
      z.string({ error: "Choose the player." }).trim().min(1, "Choose the player."),
    ),
    rounds: z.string({ error: 'Name the rounds: for example "1" or "1-2".' }),
  })
  .transform(({ rounds, ...input }, context) => {
    const parsed = parseByeRounds(rounds);
    if (!parsed.ok) {
      context.addIssue({ code: "custom", path: ["rounds"], message: render(parsed.error) });
      return z.NEVER;
    }
    return { ...input, rounds: parsed.value };
  });
export type AwardByesInput = z.infer<typeof AwardByesSchema>;

/** Withdraws one awarded bye before its round is paired. */
export const WithdrawAwardedByeSchema = z.object({
  tournamentId: TournamentIdSchema,
  registrationId: scopedId("registration", z.string().trim().min(1, "Choose the player.")),
  roundNumber: formNumber(z.number({ error: "Name the round." }).int().min(1)),
});
export type WithdrawAwardedByeInput = z.infer<typeof WithdrawAwardedByeSchema>;
