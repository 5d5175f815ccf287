// Laying out result slips N to a page so that a cut stack comes out in table order.
//
// The guillotine cuts every page of the printed pile at once. With slips placed in reading order
// (page 1 holds tables 1-4, page 2 tables 5-8, …) the top pile after cutting would hold tables
// 1, 5, 9, … — out of order. Instead, slip k of n goes to page (k mod P), position ⌊k / P⌋, where
// P = ⌈n / N⌉ is the number of pages: position 1 of every page holds tables 1..P in page order,
// position 2 holds P+1..2P, and so on. Print, keep the pages in order, cut, and lay pile 1 on top
// of pile 2 on top of pile 3…: the stack reads table 1, 2, 3, … from the top.

/** page → position → index into the slips (null: a blank place on the last pages). */
export function cutStackPages(count: number, perPage: number): (number | null)[][] {
  const n = Number.isSafeInteger(count) && count > 0 ? count : 0;
  const k = Number.isSafeInteger(perPage) && perPage > 0 ? perPage : 1;
  const pages = Math.ceil(n / k);
  return Array.from({ length: pages }, (_, page) =>
    Array.from({ length: k }, (_, position) => {
      const index = position * pages + page;
      return index < n ? index : null;
    }),
  );
}

/** The order slips come out after cutting the pages and stacking pile 1 on pile 2 on…: for checking a layout. */
export function stackedOrder(pages: (number | null)[][]): number[] {
  const positions = pages[0]?.length ?? 0;
  const order: number[] = [];
  for (let position = 0; position < positions; position++) {
    for (const page of pages) {
      const index = page[position];
      if (index !== null && index !== undefined) order.push(index);
    }
  }
  return order;
}

/** Paper sizes the print views offer; the content height is what fits inside 10 mm margins. */
export const PAPER = {
  a4: { label: "A4", css: "A4", contentHeightMm: 277, contentWidthMm: 190 },
  letter: { label: "Letter", css: "letter", contentHeightMm: 259.4, contentWidthMm: 195.9 },
} as const;
export type Paper = keyof typeof PAPER;

export function paperOf(value: unknown): Paper {
  return value === "letter" ? "letter" : "a4";
}
