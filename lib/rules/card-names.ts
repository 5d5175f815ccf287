// Card names as players write them on decklists, matched to the Oracle names of the card database.
//
// CR 201 (names): a decklist names each card by its Oracle name, but players write it loosely
// (no accents, curly apostrophes, "Fire/Ice" for "Fire // Ice"), so names are compared by one key.

/** Letters that Unicode decomposition leaves whole, spelled as decklists write them. */
const LETTERS: Readonly<Record<string, string>> = {
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  ß: "ss",
  ð: "d",
  Ð: "d",
  þ: "th",
  Þ: "th",
  ł: "l",
  Ł: "l",
  ı: "i",
};

/** The separator of a multi-part card's names in its Oracle name (CR 709, split cards: "Fire // Ice"). */
export const FACE_SEPARATOR = " // ";

/**
 * The lookup key of a card name: diacritics removed (NFKD), "Æ" as "ae", lower case, curly
 * apostrophes straight, double quotes dropped ("\"Ach! Hans, Run!\"" is written without them),
 * dashes as hyphens, whitespace collapsed, and any slash between halves ("Fire/Ice",
 * "Fire // Ice") as " // ". Anything that is not text has the empty key.
 */
export function cardNameKey(name: unknown): string {
  if (typeof name !== "string") return "";
  return name
    .replace(/[æÆœŒøØßðÐþÞłŁı]/g, (letter) => LETTERS[letter] ?? letter)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[‘’‚‛′`´]/g, "'")
    .replace(/[“”„‟″"]/g, "")
    .replace(/[‐‑‒–—]/g, "-")
    .replace(/\s*\/+\s*/g, FACE_SEPARATOR)
    .replace(/\s+/g, " ")
    .trim();
}

/** The key of a card's front face or first half (CR 709, 712, 715): what Arena and MTGO lists write. */
export function cardFrontKey(name: unknown): string {
  const key = cardNameKey(name);
  const front = key.split(FACE_SEPARATOR)[0] ?? "";
  return front.trim();
}

/** Names with their full and front-face keys worked out once, for repeated suggestions. */
export type CardNameIndex = {
  readonly names: readonly string[];
  readonly keys: readonly string[];
  readonly fronts: readonly string[];
};

/** The index of a list of card names; entries that are not text are left out. */
export function indexCardNames(names: unknown): CardNameIndex {
  const list = Array.isArray(names)
    ? (names as unknown[]).filter((name): name is string => typeof name === "string")
    : [];
  const keys = list.map(cardNameKey);
  return { names: list, keys, fronts: keys.map((key) => key.split(FACE_SEPARATOR)[0] ?? "") };
}

function isIndex(value: unknown): value is CardNameIndex {
  if (typeof value !== "object" || value === null) return false;
  const { names, keys, fronts } = value as Record<string, unknown>;
  return (
    Array.isArray(names) &&
    Array.isArray(keys) &&
    Array.isArray(fronts) &&
    names.length === keys.length &&
    keys.length === fronts.length &&
    [names, keys, fronts].every((list) => list.every((entry) => typeof entry === "string"))
  );
}

/** The most suggestions one call gives. */
const MOST_SUGGESTIONS = 50;

/**
 * The names closest to `query`, best first: an exact key, then names that start with it (full or
 * front face), then by Damerau–Levenshtein distance (adjacent swaps count once) within a
 * third of the query's length (at most 4). `names` is a list of names or an index of them.
 */
export function suggestCardNames(query: unknown, names: unknown, limit: unknown = 5): string[] {
  const wanted = Number.isSafeInteger(limit) ? Math.min(limit as number, MOST_SUGGESTIONS) : 5;
  const target = cardNameKey(query);
  if (wanted <= 0 || target === "") return [];
  const index = isIndex(names) ? names : indexCardNames(names);
  const most = Math.min(4, Math.max(1, Math.floor(target.length / 3)));
  const found: { name: string; score: number; gap: number }[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < index.names.length; i++) {
    const name = index.names[i] as string;
    const key = index.keys[i] as string;
    const front = index.fronts[i] as string;
    if (seen.has(key)) continue;
    const score = closeness(target, key, front, most);
    if (score === null) continue;
    seen.add(key);
    found.push({ name, score, gap: Math.abs(front.length - target.length) });
  }
  found.sort((a, b) => a.score - b.score || a.gap - b.gap || (a.name < b.name ? -1 : 1));
  return found.slice(0, wanted).map((entry) => entry.name);
}

/** 0 for the same key, ½ for a prefix, else the edit distance if it is at most `most`; null if far. */
function closeness(target: string, key: string, front: string, most: number): number | null {
  if (key === target || front === target) return 0;
  if (target.length >= 3 && (key.startsWith(target) || front.startsWith(target))) return 0.5;
  let best: number | null = null;
  for (const candidate of key === front ? [key] : [key, front]) {
    if (Math.abs(candidate.length - target.length) > most) continue;
    const distance = editDistance(target, candidate, best === null ? most : best);
    if (distance !== null && (best === null || distance < best)) best = distance;
  }
  return best;
}

/**
 * The optimal-string-alignment distance (insertions, deletions, substitutions and swaps of two
 * neighbours), or null as soon as it must exceed `most`.
 */
function editDistance(a: string, b: string, most: number): number | null {
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] as number) + 1);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > most) return null;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[b.length] as number;
  return distance <= most ? distance : null;
}
