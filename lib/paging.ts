/**
 * Paging and name search over rows already in memory (standings, pairings by name): pure, so the
 * pages, the HTTP API and their tests share one behaviour.
 */

/** Letters that carry no combining mark to strip but that players type without their accent. */
const FOLDED_LETTERS: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  đ: "d",
  ð: "d",
  ł: "l",
  ı: "i",
  þ: "th",
};

/**
 * A name folded for search: case- and accent-insensitive, whitespace collapsed, so "jerome" finds
 * "Jérôme", "bjorn" finds "Bjørn" and "o'neil" finds "O'Neil".
 */
export function searchKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßđðłıþ]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/\s+/g, " ")
    .trim();
}

export type Page<T> = {
  rows: T[];
  /** Rows matching the search (all rows without one). */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** At least 1, so "page 1 of 1" reads well for an empty list. */
  pageCount: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
};

export type PageRequest = {
  q: string;
  page: number;
  pageSize: number;
  /** Past the last page: show the last page (pages for people) rather than none (the API). */
  clampToLastPage?: boolean;
};

/** Rows whose search key contains the folded query, then the requested page of them. */
export function searchAndPage<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  request: PageRequest,
): Page<T> {
  const needle = searchKey(request.q);
  const matching = needle ? rows.filter((row) => keyOf(row).includes(needle)) : rows;
  const pageCount = Math.max(1, Math.ceil(matching.length / request.pageSize));
  const page = request.clampToLastPage ? Math.min(request.page, pageCount) : request.page;
  const start = (page - 1) * request.pageSize;
  return {
    rows: matching.slice(start, start + request.pageSize),
    total: matching.length,
    page,
    pageSize: request.pageSize,
    pageCount,
    hasPreviousPage: page > 1,
    hasNextPage: page < pageCount,
  };
}

/** Page numbers to link to: the first, the last and a window around the current one; null marks a gap. */
export function pageLinks(page: number, pageCount: number, window = 2): (number | null)[] {
  const wanted = new Set([1, pageCount]);
  for (let offset = -window; offset <= window; offset++) wanted.add(page + offset);
  const sorted = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const links: (number | null)[] = [];
  for (const [index, n] of sorted.entries()) {
    if (index > 0 && n - sorted[index - 1]! > 1) links.push(null);
    links.push(n);
  }
  return links;
}
