/**
 * A synthetic finished Swiss event in melee.gg's published JSON (the shape of
 * test/fixtures/published-events): `players` entrants, `rounds` rounds paired in order of points
 * (a bye for the last player of an odd field), every match 2-0 or 2-1 for the higher seed.
 */
export function syntheticPublishedEvent(
  players: number,
  rounds: number,
  name = `Synthetic ${players}`,
): Record<string, unknown> {
  const names = Array.from(
    { length: players },
    (_, index) => `Player ${String(index + 1).padStart(5, "0")}`,
  );
  const points = new Map(names.map((player) => [player, 0]));
  const published: {
    RoundName: string;
    Matches: { Player1: string; Player2: string | null; Result: string }[];
  }[] = [];
  for (let round = 1; round <= rounds; round++) {
    const order = [...names].sort((a, b) => points.get(b)! - points.get(a)! || (a < b ? -1 : 1));
    const matches: { Player1: string; Player2: string | null; Result: string }[] = [];
    for (let index = 0; index + 1 < order.length; index += 2) {
      const [a, b] = [order[index]!, order[index + 1]!];
      matches.push({
        Player1: a,
        Player2: b,
        Result: (index / 2 + round) % 3 === 0 ? "2-1-0" : "2-0-0",
      });
      points.set(a, points.get(a)! + 3);
    }
    if (order.length % 2 === 1) {
      const bye = order.at(-1)!;
      matches.push({ Player1: bye, Player2: null, Result: "2-0-0" });
      points.set(bye, points.get(bye)! + 3);
    }
    published.push({ RoundName: `Round ${round}`, Matches: matches });
  }
  const standings = [...names]
    .sort((a, b) => points.get(b)! - points.get(a)! || (a < b ? -1 : 1))
    .map((player, index) => ({
      Rank: index + 1,
      Player: player,
      Points: points.get(player)!,
      OMWP: 0.5,
      GWP: 0.5,
      OGWP: 0.5,
    }));
  return {
    Source: "synthetic",
    Tournament: { Date: "2026-11-01T10:00:00Z", Name: name, Uri: null },
    Rounds: published,
    Standings: standings,
  };
}
