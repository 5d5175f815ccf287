import { z } from "zod";
import { PageQuerySchema } from "./paging";
import { formNumber } from "./form-number";

/** `?page=&pageSize=` of the tournament list (no name search). */
export const TournamentListQuerySchema = PageQuerySchema.pick({ page: true, pageSize: true });

/** A round number in an address: a whole number from 1. */
export const RoundNumberSchema = z.object({
  roundNumber: formNumber(
    z
      .number({ error: "roundNumber must be a whole number from 1." })
      .int("roundNumber must be a whole number from 1.")
      .min(1, "roundNumber must be a whole number from 1.")
      .max(1000, "roundNumber must be a whole number from 1 to 1000."),
  ),
});

/** `?round=` of the deck checks: one round's, or every round's without it. */
export const DeckCheckQuerySchema = z.object({
  round: formNumber(
    z
      .number({ error: "round must be a whole number from 1." })
      .int("round must be a whole number from 1.")
      .min(1, "round must be a whole number from 1.")
      .max(1000, "round must be a whole number from 1 to 1000."),
  ).optional(),
});

const seatMessage = "seat must be a team member's seat: 0 (A), 1 (B) or 2 (C).";

/** `?seat=` of a decklist: in a team event, the member's (0 = A); 0, or left out, for a player alone. */
export const DecklistQuerySchema = z.object({
  seat: formNumber(
    z.number({ error: seatMessage }).int(seatMessage).min(0, seatMessage).max(2, seatMessage),
  ).optional(),
});
