import { z } from "zod";
import { formNumber } from "./form-number";

/** The API serves at most this many rows per request; a phone's page shows PAGE_SIZE_DEFAULT. */
export const PAGE_SIZE_MAX = 200;
export const PAGE_SIZE_DEFAULT = 50;

const wholeNumber = (name: string, min: number, max?: number) => {
  const range = max === undefined ? `from ${min}` : `from ${min} to ${max}`;
  const message = `${name} must be a whole number ${range}.`;
  const base = z.number({ error: message }).int({ error: message }).min(min, { error: message });
  return formNumber(max === undefined ? base : base.max(max, { error: message }));
};

/** `?q=&page=&pageSize=` of a paged, searchable list (standings, pairings by name). */
export const PageQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: "q (the name to search for) can be at most 100 characters." })
    // PostgreSQL refuses NUL in text, and no name holds a control character.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), {
      error: "q (the name to search for) cannot contain control characters.",
    })
    .default(""),
  page: wholeNumber("page", 1).default(1),
  pageSize: wholeNumber("pageSize", 1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/**
 * URL search params (as Next passes them to a page, or URLSearchParams) → the plain object the
 * schema parses; a repeated key keeps its first value.
 */
export function searchParamsToObject(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const object: Record<string, string> = {};
  const entries =
    params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  for (const [key, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && !(key in object)) object[key] = first;
  }
  return object;
}

/**
 * `?q=&page=` of a page people read: never an error page for a hand-edited URL. A page number
 * that is not a positive whole number means page 1; past the last page means the last page.
 */
export function pageRequestFromSearchParams(params: Record<string, string | string[] | undefined>) {
  const object = searchParamsToObject(params);
  const q = PageQuerySchema.shape.q.safeParse(object.q);
  const page = PageQuerySchema.shape.page.safeParse(object.page);
  return {
    q: q.success ? q.data : "",
    page: page.success ? page.data : 1,
    pageSize: PAGE_SIZE_DEFAULT,
    clampToLastPage: true,
  };
}
