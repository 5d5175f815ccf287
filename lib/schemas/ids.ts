import { z } from "zod";

/**
 * What an id in an input belongs to. The mutation wrapper proves each one before the data layer
 * runs: a tournament's own records (a match, a pod, a player, a staff seat, a judge call, a deck
 * check, a phone entry) must all be of the one tournament the request acts on; an API token must be the caller's.
 */
export type IdKind =
  | "tournament"
  | "match"
  | "pod"
  | "registration"
  | "podSeat"
  | "staff"
  | "judgeCall"
  /** A deck check of the tournament (MTR 2.8), as a correction or a penalty names it. */
  | "deckCheck"
  /** An entry from a list the page showed (a player, a phone sign-up): one removed since is skipped. */
  | "listedEntry"
  | "apiToken"
  /** A webhook endpoint of the tournament (its settings). */
  | "webhookEndpoint"
  /** Another program's id, carried as data: it names nothing here. */
  | "foreign";

/** The declarations: a schema registered here is an id of that kind. */
export const scopedIds = z.registry<{ kind: IdKind }>();

/** Declares that a field's schema holds an id of `kind` (or a list of them, when it is an array's element). */
export function scopedId<S extends z.ZodType>(kind: IdKind, schema: S): S {
  scopedIds.add(schema, { kind });
  return schema;
}

/** A field name that names an id, by the convention every schema follows: `matchId`, `playerIds`. */
const ID_FIELD = /[a-z](Id|Ids)$/;
export const namesAnId = (field: string) => ID_FIELD.test(field);

type Path = readonly string[];
export type IdFields = {
  declared: { path: Path; kind: IdKind }[];
  /** Fields named like ids that declare no kind: the wrapper refuses a schema with any. */
  undeclared: string[];
};

const known = new WeakMap<z.ZodType, IdFields>();

/** The ids a schema declares, by path ("*" for each element of a list), and the ones it forgot. */
export function idFieldsOf(schema: z.ZodType): IdFields {
  const cached = known.get(schema);
  if (cached) return cached;
  const fields: IdFields = { declared: [], undeclared: [] };
  walk(schema, [], fields);
  known.set(schema, fields);
  return fields;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};

function walk(schema: z.ZodType, path: Path, fields: IdFields): void {
  const declared = scopedIds.get(schema);
  if (declared) {
    fields.declared.push({ path, kind: declared.kind });
    return;
  }
  const def = schema.def as Def;
  const inner = [def.innerType, def.in, def.out, def.left, def.right, ...(def.options ?? [])];
  for (const each of inner) if (each) walk(each, path, fields);
  if (def.type === "array" && def.element) walk(def.element, [...path, "*"], fields);
  if (def.type !== "object" || !def.shape) return;
  for (const [key, field] of Object.entries(def.shape)) {
    const at = [...path, key];
    const before = fields.declared.length;
    walk(field, at, fields);
    const named = fields.declared.length > before;
    if (ID_FIELD.test(key) && !named) fields.undeclared.push(at.join("."));
  }
}

/**
 * Every id of each kind an input names at the schema's declared paths, trimmed, once each: read
 * from the parsed value, or from the raw input where parsing moved the field (a pod's winner).
 */
export function idsNamedBy(
  schema: z.ZodType,
  parsed: unknown,
  raw: unknown,
): Map<IdKind, string[]> {
  const named = new Map<IdKind, Set<string>>();
  for (const { path, kind } of idFieldsOf(schema).declared) {
    const set = named.get(kind) ?? new Set<string>();
    for (const id of atPath(parsed, path) ?? atPath(raw, path) ?? []) set.add(id);
    named.set(kind, set);
  }
  return new Map([...named].map(([kind, ids]) => [kind, [...ids]]));
}

/** The ids at a path, or null when the value has no such field. */
function atPath(value: unknown, path: Path): string[] | null {
  if (path.length === 0) return idsIn(value);
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "*") {
    if (!Array.isArray(value)) return null;
    return value.flatMap((each) => atPath(each, rest) ?? []);
  }
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, head)) return null;
  return atPath((value as Record<string, unknown>)[head], rest);
}

/** A field's ids: one string, or the list a field of several ids parses into. */
function idsIn(value: unknown): string[] {
  const each = Array.isArray(value) ? value : [value];
  return each
    .filter((id): id is string => typeof id === "string")
    .map((id) => id.trim())
    .filter((id) => id !== "");
}
