/** "1 table", "2 tables": a count with its noun, singular for exactly one. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** "Ana", "Ana and Bo", "Ana, Bo and Cy": names joined as a sentence lists them. */
export function listOfNames(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
