import { z } from "zod";
import { EmailSchema } from "./staff";
import { personNameSchema } from "./person-name";

/** Kept in step with lib/server/access/auth.ts (Better Auth's own limits). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/** An account's name, wherever it is set (sign-up, and Better Auth's own writes: lib/server/access/auth.ts). */
export const AccountNameSchema = personNameSchema("Enter your name.");

export const SignUpSchema = z.object({
  name: AccountNameSchema,
  email: EmailSchema,
  password: z
    .string({ error: "Choose a password." })
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`)
    .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters for your password.`),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(MAX_PASSWORD_LENGTH, "That password is too long."),
});
export type SignInInput = z.infer<typeof SignInSchema>;

/** For actions that take nothing but who is acting (sign out, load the demo). */
export const NoInputSchema = z.object({});
