import { z } from "zod";
import { atOnceFacts, GAME_END_REASONS, type GameEndFacts } from "@/lib/rules/game";
import { ReportMatchResultSchema } from "./match-result";

/** A side named by a form field; an empty field (no winner: a drawn game) is null. */
const formSideOrNone = z.preprocess(
  (value) => (value === "" || value === undefined || value === "none" ? null : value),
  z
    .enum(["A", "B"], { error: 'The winner must be "A" or "B", or none for a drawn game.' })
    .nullable(),
);

/**
 * One game of a match as staff record it at the table (MTR 2.2, CR 104): who chose
 * play or draw and what they chose, how the game ended and who won (none for a draw). The
 * match, version, request key and note are read as for a result slip; the note is the reason
 * a judge gives when the chooser is not the one the rules name.
 */
const ticked = z
  .preprocess((value) => value === "on" || value === "true" || value === true, z.boolean())
  .optional();

/** What happened to each player when two things happened at once, one tick box per fact (CR 104.3). */
const AT_ONCE_FIELDS = {
  aLife: ticked,
  aPoison: ticked,
  aLibrary: ticked,
  aEffectLoss: ticked,
  aEffectWin: ticked,
  bLife: ticked,
  bPoison: ticked,
  bLibrary: ticked,
  bEffectLoss: ticked,
  bEffectWin: ticked,
};
export const RecordGameSchema = ReportMatchResultSchema.pick({
  matchId: true,
  expectedVersion: true,
  idempotencyKey: true,
  note: true,
})
  .extend({
    /** MTR 2.2: absent when the record names the chooser (the server derives it); refused there when it does not. */
    chooser: z
      .preprocess(
        (value) => (value === "" || value === undefined ? null : value),
        z.enum(["A", "B"], { error: "Say who chose to play or draw." }).nullable(),
      )
      .optional(),
    choice: z.enum(["PLAY", "DRAW"], { error: "Say whether the chooser played first or drew." }),
    reason: z.enum(GAME_END_REASONS, { error: "Say how the game ended." }),
    winner: formSideOrNone,
    /** CR 810.8a: the Two-Headed Giant player (seat 0 or 1 of the losing team) whose loss was the team's; none when the team lost as a team. */
    losingSeat: z
      .preprocess(
        (value) => (value === "" || value === undefined || value === null ? null : Number(value)),
        z
          .union([z.literal(0), z.literal(1)], {
            error: "The player who lost is the team's first or second player.",
          })
          .nullable(),
      )
      .optional(),
    /** MTR 2.2, CR 104.6: who won the die roll, asked only for game 1 restarted before it was recorded. */
    dieRollWinner: z
      .preprocess(
        (value) => (value === "" || value === undefined ? null : value),
        z.enum(["A", "B"], { error: 'Who won the die roll must be "A" or "B".' }).nullable(),
      )
      .optional(),
    ...AT_ONCE_FIELDS,
  })
  .transform(
    ({
      aLife,
      aPoison,
      aLibrary,
      aEffectLoss,
      aEffectWin,
      bLife,
      bPoison,
      bLibrary,
      bEffectLoss,
      bEffectWin,
      ...game
    }) => ({
      ...game,
      /** CR 104.3f, 104.4a: when two things happened at once the rules decide the game from these facts, not the reason and winner sent. */
      atOnce: atOnceFacts({
        aLife,
        aPoison,
        aLibrary,
        aEffectLoss,
        aEffectWin,
        bLife,
        bPoison,
        bLibrary,
        bEffectLoss,
        bEffectWin,
      }),
    }),
  );
export type RecordGameInput = Omit<z.infer<typeof RecordGameSchema>, "atOnce"> & {
  atOnce?: GameEndFacts | null;
};

/**
 * Staff take back the last recorded game of a match (recorded in error), from the form that
 * showed it: the match, its version, the form's key and why (required; kept in the history).
 */
export const TakeBackGameSchema = ReportMatchResultSchema.pick({
  matchId: true,
  expectedVersion: true,
  idempotencyKey: true,
}).extend({
  note: ReportMatchResultSchema.shape.note.pipe(
    z.string().min(1, "Say why the game is taken back; it is kept in the history."),
  ),
});
export type TakeBackGameInput = z.infer<typeof TakeBackGameSchema>;

/**
 * CR 104.6: the game under way was restarted (Karn Liberated). It is no game result: the same
 * game is played again, and the player who controlled the restart starts it.
 */
export const RestartGameSchema = ReportMatchResultSchema.pick({
  matchId: true,
  expectedVersion: true,
  idempotencyKey: true,
  note: true,
}).extend({
  restartedBy: z.enum(["A", "B"], { error: "Say which player restarted the game." }),
});
export type RestartGameInput = z.infer<typeof RestartGameSchema>;
