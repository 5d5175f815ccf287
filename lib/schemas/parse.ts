import type { z } from "zod";
import { failure, success, type ActionResult } from "@/lib/action-result";

/** Parses input once at a boundary (form, action, API) into a typed value or a VALIDATION error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): ActionResult<z.infer<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return success(parsed.data);
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".") || "_form";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = parsed.error.issues[0]?.message ?? "The input is not valid.";
  return failure("VALIDATION", first, fieldErrors);
}

/** FormData → plain object; checkboxes arrive as "on" and absent keys stay absent. */
export function formDataToObject(formData: FormData): Record<string, string> {
  const object: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !key.startsWith("$ACTION")) object[key] = value;
  }
  return object;
}
