import "server-only";
import { createTournament, setTournamentPublished } from "./tournaments";
import type { Actor } from "./staff";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { pairNextSwissRound, getRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";

const DEMO_PLAYERS = [
  "Ana Souza",
  "Ben Carter",
  "Chen Wei",
  "Dara Okafor",
  "Elias Berg",
  "Fatima Zahra",
  "Gus Novak",
  "Hana Sato",
  "Ivan Petrov",
  "Jade Moreau",
  "Kofi Mensah",
  "Lena Fischer",
  "Mateo Ruiz",
  "Nora Lindqvist",
  "Omar Haddad",
  "Priya Nair",
  "Quinn Doyle",
  "Rosa Costa",
  "Sami Koskinen",
  "Tara Byrne",
  "Uma Iyer",
  "Viktor Hale",
  "Wen Li",
];

// Realistic best-of-three slips, with a drawn match now and then.
const SLIPS = [
  { winsA: 2, winsB: 0, draws: 0 },
  { winsA: 2, winsB: 1, draws: 0 },
  { winsA: 1, winsB: 2, draws: 0 },
  { winsA: 0, winsB: 2, draws: 0 },
  { winsA: 2, winsB: 1, draws: 0 },
  { winsA: 1, winsB: 1, draws: 1 },
];

/**
 * Creates a demo Swiss event: 23 players (so every round has a bye), three rounds played
 * and the fourth paired. Deterministic, so screenshots and walkthroughs look the same.
 */
export async function loadDemoEvent(owner?: Actor): Promise<{ tournamentId: string }> {
  const created = await createTournament(
    {
      name: "Demo: Modern Showdown",
      format: "Modern",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
      plannedRounds: 5,
    },
    owner,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const name of DEMO_PLAYERS) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  for (let roundNumber = 1; roundNumber <= 4; roundNumber++) {
    const paired = await pairNextSwissRound(tournamentId, `demo-round-${roundNumber}`);
    if (!paired.ok) throw new Error(paired.error.message);
    if (roundNumber === 4) break;
    const round = await getRound(tournamentId, roundNumber);
    for (const match of round?.matches ?? []) {
      if (!match.sideB) continue;
      const slip = SLIPS[(match.tableNumber * 7 + roundNumber * 3) % SLIPS.length]!;
      const reported = await reportMatchResult(
        {
          matchId: match.id,
          ...slip,
          expectedVersion: match.version,
          idempotencyKey: `demo-${match.id}`,
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Demo loader" },
      );
      if (!reported.ok) throw new Error(reported.error.message);
    }
  }
  // Public from the start, so its pairings and standings pages can be shown to anyone.
  await setTournamentPublished(tournamentId, true);
  return { tournamentId };
}
