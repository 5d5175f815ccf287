const MATCH_LENGTH: Record<number, string> = { 1: "best of one", 2: "best of three", 3: "best of five" };

export function describeFormat(format: string, phase: { gamesToWin: number; roundMinutes: number | null }): string {
  const length = MATCH_LENGTH[phase.gamesToWin] ?? `first to ${phase.gamesToWin}`;
  const time = phase.roundMinutes ? `${phase.roundMinutes}-minute rounds` : "untimed";
  return [format, `Swiss, ${length}`, time].filter(Boolean).join(" · ");
}
