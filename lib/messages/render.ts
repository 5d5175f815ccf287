import { IntlMessageFormat } from "intl-messageformat";
import type { Message, MessageValue } from "@/lib/rules/result";
import { en } from "./en";

/** The names the edge knows: players by registration id, and the two sides of the match at hand. */
export type Names = {
  players?: ReadonlyMap<string, string>;
  sides?: { A: string; B: string };
};

type Catalogue = Record<string, Record<string, string>>;
const catalogue: Catalogue = en;
const compiled = new Map<string, IntlMessageFormat>();

/** The catalogue's sentence for a key, or undefined for a key it does not hold. */
export function sentenceOf(key: string): string | undefined {
  const dot = key.indexOf(".");
  return catalogue[key.slice(0, dot)]?.[key.slice(dot + 1)];
}

function formatOf(key: string): IntlMessageFormat | undefined {
  const cached = compiled.get(key);
  if (cached) return cached;
  const sentence = sentenceOf(key);
  if (sentence === undefined) return undefined;
  const format = new IntlMessageFormat(sentence, "en", undefined, { ignoreTag: true });
  compiled.set(key, format);
  return format;
}

/** A message in English, with players' names filled in wherever `names` knows them; text as it is. */
export function render(message: Message | string, names: Names = {}): string {
  if (typeof message === "string") return message;
  const format = formatOf(message.key);
  // A key the catalogue lacks shows itself rather than nothing (messages.test.ts checks them all).
  if (!format) return message.key;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    values[name] = renderValue(value, names);
  }
  return String(format.format(values));
}

function renderValue(value: MessageValue, names: Names): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === "string") return names.players?.get(value) ?? value;
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) return value.map((item) => renderValue(item, names)).join(", ");
  const item = value as Exclude<MessageValue, readonly MessageValue[] | string | number | boolean>;
  if (item === null || item === undefined) return String(item);
  if ("player" in item) return names.players?.get(item.player) ?? item.player;
  if ("side" in item) return names.sides?.[item.side] ?? `player ${item.side}`;
  return render(item, names);
}

/** A message rendered, or null where there is none. */
export function textOf(
  message: Message | string | null | undefined,
  names: Names = {},
): string | null {
  return message ? render(message, names) : null;
}
