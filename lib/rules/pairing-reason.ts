// Why two players meet (or one has the bye) this round, in one reason: the points group, a
// pair-down, the bye order, round 1's randomness, playoff seeding, or the staff's hand.
// The Swiss reasons follow the pairer's objective (docs/pairings.md): fewest rematches, the bye
// to the lowest player without one, then the least Σ (points difference)²; playoffs are seeded
// from the final Swiss standings (MTR 2.2: the higher seed chooses play or draw).

import { type FieldPlayer, readFieldPlayers } from "./field-players";
import {
  type Message,
  type RuleResult,
  asRecord,
  checkRecord,
  fail,
  isCount,
  ok,
  say,
  showValue,
} from "./result";

export type ReasonPlayer = {
  id: string;
  matchPoints: number;
  opponents?: readonly string[];
  hadBye?: boolean;
};

/** Who made the pairing: the Swiss pairer, the organizer by hand, a swap, or the bracket. */
export type PairingSource = "pairer" | "entered" | "swapped" | "playoff";

export type PairingReasonInput = {
  source: PairingSource;
  round: number;
  /** The field as it stood when the round was paired (players still in). */
  players: readonly ReasonPlayer[];
  pairing: { playerA: string; playerB: string | null };
  /** The round's bye, if any: it is not in any points group's count. */
  byeId?: string | null;
  /** Playoff seeds of playerA and playerB. */
  seeds?: { A: number; B: number } | null;
};

export type PairingReasonCode =
  | "PLAYOFF_SEEDS"
  | "ENTERED"
  | "SWAPPED"
  | "ROUND_ONE"
  | "BYE_RANDOM"
  | "BYE_LOWEST"
  | "BYE_REPEATED"
  | "BYE_AVOIDS_REMATCH"
  | "REMATCH"
  | "SAME_GROUP"
  | "PAIRED_DOWN_ODD_GROUP"
  | "PAIRED_DOWN_INTO_GROUP"
  | "PAIRED_DOWN_REMATCH"
  | "PAIRED_DOWN";

export type PairingReason = { code: PairingReasonCode; message: Message };

const SOURCES: readonly PairingSource[] = ["pairer", "entered", "swapped", "playoff"];

function reason(code: PairingReasonCode, message: Message) {
  return ok<PairingReason>({ code, message });
}

/** The one reason this pairing was made. */
export function pairingReason(input: PairingReasonInput): RuleResult<PairingReason> {
  const invalid = checkRecord(say("pairingReason.theInput"), input);
  if (invalid) return invalid;
  const raw = asRecord(input);
  const pairing = asRecord(raw.pairing);
  const a = pairing.playerA;
  const b = pairing.playerB;
  if (typeof a !== "string" || (b !== null && typeof b !== "string") || a === b)
    return fail("INVALID_INPUT", say("pairingReason.pairing"));
  if (!SOURCES.includes(raw.source as PairingSource))
    return fail("INVALID_INPUT", say("pairingReason.source", { value: showValue(raw.source) }));
  if (raw.source === "playoff") {
    const seeds = asRecord(raw.seeds);
    if (!isCount(seeds.A, 1) || !isCount(seeds.B, 1))
      return fail("INVALID_INPUT", say("pairingReason.seeds"));
    const [high, low] = [seeds.A as number, seeds.B as number].sort((x, y) => x - y);
    return reason("PLAYOFF_SEEDS", say("pairingReason.playoffSeeds", { high: high!, low: low! }));
  }
  if (raw.source === "entered") return reason("ENTERED", say("pairingReason.entered"));
  if (raw.source === "swapped") return reason("SWAPPED", say("pairingReason.swapped"));
  if (!isCount(raw.round, 1))
    return fail("INVALID_NUMBER", say("pairingReason.round", { value: showValue(raw.round) }));
  const players = readPlayers(raw.players);
  if (!players.ok) return players;
  const byId = players.value;
  const first = byId.get(a);
  const second = b === null ? null : byId.get(b);
  if (!first || second === undefined) return fail("UNKNOWN_PLAYER", say("pairingReason.unknown"));
  const field = [...byId.values()];
  const isFresh = field.every(
    (p) => p.matchPoints === field[0]!.matchPoints && p.opponents.size === 0 && !p.hadBye,
  );
  if (second === null) return byeReason(first, field, raw.round === 1 || isFresh);
  if (raw.round === 1 || isFresh) return reason("ROUND_ONE", say("pairingReason.roundOne"));
  if (first.opponents.has(second.id) || second.opponents.has(first.id))
    return reason("REMATCH", say("pairingReason.rematch"));
  if (first.matchPoints === second.matchPoints)
    return reason("SAME_GROUP", say("pairingReason.sameGroup", { points: first.matchPoints }));
  const [high, low] = first.matchPoints > second.matchPoints ? [first, second] : [second, first];
  const from = high.matchPoints;
  const to = low.matchPoints;
  const bye = typeof raw.byeId === "string" ? raw.byeId : null;
  const counted = field.filter((p) => p.id !== bye);
  const group = counted.filter((p) => p.matchPoints === from).length;
  const atOrAbove = counted.filter((p) => p.matchPoints >= from).length;
  if (atOrAbove % 2 === 1)
    return group % 2 === 1
      ? reason(
          "PAIRED_DOWN_ODD_GROUP",
          say("pairingReason.pairedDownOddGroup", { player: high.id, from, to }),
        )
      : reason(
          "PAIRED_DOWN_INTO_GROUP",
          say("pairingReason.pairedDownIntoGroup", { player: high.id, from, to }),
        );
  const played = counted.find(
    (p) => p.id !== high.id && p.matchPoints === from && high.opponents.has(p.id),
  );
  if (played)
    return reason(
      "PAIRED_DOWN_REMATCH",
      say("pairingReason.pairedDownRematch", { player: high.id, other: played.id, from }),
    );
  return reason("PAIRED_DOWN", say("pairingReason.pairedDown", { player: high.id, from, to }));
}

type Player = FieldPlayer;

function byeReason(
  player: Player,
  field: readonly Player[],
  isRandom: boolean,
): RuleResult<PairingReason> {
  if (isRandom) return reason("BYE_RANDOM", say("pairingReason.byeRandom", { player: player.id }));
  if (field.every((p) => p.hadBye))
    return reason("BYE_REPEATED", say("pairingReason.byeRepeated", { player: player.id }));
  const lower = field.some(
    (p) => p.id !== player.id && !p.hadBye && p.matchPoints < player.matchPoints,
  );
  if (player.hadBye || lower)
    return reason(
      "BYE_AVOIDS_REMATCH",
      say("pairingReason.byeAvoidsRematch", { player: player.id }),
    );
  return reason(
    "BYE_LOWEST",
    say("pairingReason.byeLowest", { player: player.id, points: player.matchPoints }),
  );
}

function readPlayers(value: unknown): RuleResult<Map<string, Player>> {
  const read = readFieldPlayers(value);
  if (!read.ok) return read;
  return ok(new Map(read.value.map((player) => [player.id, player])));
}
