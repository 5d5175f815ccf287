import type { z } from "zod";
import { failure, success, type ActionResult } from "@/lib/action-result";

/**
 * Parses input once at a boundary (form, action, API) into a typed value or a VALIDATION error.
 * Field errors are keyed by the field's path; a field the schema does not know (a strict
 * schema's unrecognized key, which may be anything a client sent, "__proto__" included) is
 * keyed by its own name.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): ActionResult<z.infer<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return success(parsed.data);
  // A Map, not an object: a key such as "__proto__" or "constructor" must stay a plain key.
  const fieldErrors = new Map<string, string[]>();
  const add = (key: string, message: string) =>
    fieldErrors.set(key, [...(fieldErrors.get(key) ?? []), message]);
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys" && issue.path.length === 0) {
      for (const key of issue.keys) add(String(key), issue.message);
    } else {
      add(issue.path.map(String).join(".") || "_form", issue.message);
    }
  }
  const first = parsed.error.issues[0]?.message ?? "The input is not valid.";
  // Object.fromEntries defines own properties, so "__proto__" is a key, not a prototype.
  return failure("VALIDATION", first, Object.fromEntries(fieldErrors));
}

/**
 * FormData → plain object; checkboxes arrive as "on" and absent keys stay absent. A server action
 * can be called with any argument a request encodes: anything but FormData is an empty form, which
 * the schema then refuses field by field.
 */
export function formDataToObject(formData: unknown): Record<string, string> {
  if (!(formData instanceof FormData)) return {};
  const entries: [string, string][] = [];
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !key.startsWith("$ACTION")) entries.push([key, value]);
  }
  // Object.fromEntries, not assignment: a field named "__proto__" stays a field.
  return Object.fromEntries(entries);
}
