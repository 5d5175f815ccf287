const MAX = 12;

/**
 * A name short enough for a phone's home screen (which cuts longer ones with its own ellipsis):
 * as many whole words as fit in 12 characters, or the first 12 of a single long word.
 */
export function homeScreenName(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  let short = "";
  for (const word of words) {
    const next = short === "" ? word : `${short} ${word}`;
    if ([...next].length > MAX) break;
    short = next;
  }
  return short === "" && words.length > 0 ? [...words[0]!].slice(0, MAX).join("") : short;
}
