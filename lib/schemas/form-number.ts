import { z } from "zod";

/** Digits with an optional minus sign and decimal fraction: what a person types as a number. */
const PLAIN_DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/**
 * Form or query text → number for a number schema. Number() and z.coerce also read "0x2", "1e2",
 * "0b1" and "Infinity", which no one types into a form, so only plain decimal text becomes a
 * number (anything else stays text and fails the number check); a blank field is missing
 * (undefined, so a default applies), never a silent 0. Numbers (JSON) pass through unchanged.
 */
export function numberFromText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  return PLAIN_DECIMAL.test(text) ? Number(text) : value;
}

/** A number schema that also reads form and query text, by `numberFromText`'s rule. */
export function formNumber<S extends z.ZodType>(schema: S) {
  return z.preprocess(numberFromText, schema);
}
