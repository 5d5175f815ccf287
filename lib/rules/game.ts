// How a single game ended: Comprehensive Rules 104 "Ending the Game", for two sides, where a
// side is one player, a Two-Headed Giant team (CR 810) or a generic team (CR 104.3g).
//
// The facts describe the moment the game ended. Everything recorded is taken to have
// happened at that moment, so two sides that both lost lost simultaneously (104.4a) —
// which is the only consistent reading of such a record.

import { mtr } from "./edition";
import {
  type RuleError,
  type RuleResult,
  type Side,
  SIDES,
  asRecord,
  checkFlags,
  checkRecord,
  fail,
  isRecord,
  isSide,
  ok,
  otherSide,
  showValue,
  say,
  type Message,
} from "./result";

/** Why a game ended. The database enum mirrors this list exactly; do not reorder casually. */
export const GAME_END_REASONS = [
  "LIFE",
  "EMPTY_LIBRARY",
  "POISON",
  "COMMANDER_DAMAGE",
  "CONCESSION",
  "CARD_EFFECT_LOSS",
  "CARD_EFFECT_WIN",
  "JUDGE_GAME_LOSS",
  "LIFE_TOTAL_AT_TIME",
  "DRAW_SIMULTANEOUS_LOSS",
  "DRAW_LOOP",
  "DRAW_CARD_EFFECT",
  "DRAW_INTENTIONAL",
  "DRAW_UNFINISHED_AT_TIME",
] as const;

export type GameEndReason = (typeof GAME_END_REASONS)[number];

export type GameOutcome =
  | { kind: "win"; winner: Side; reason: GameEndReason; rule: string }
  | { kind: "draw"; reason: GameEndReason; rule: string }
  | { kind: "restart"; rule: "104.6" };

/**
 * - "two-player": each side is one player.
 * - "two-headed-giant": each side is a team that shares one life total and one poison count
 *   and wins or loses only as a team (CR 810.8a); record what happened to either player on
 *   the side itself. A team with 0 or less life (CR 704.6a) or fifteen or more poison counters
 *   (CR 704.6b) loses.
 * - "teams": each side is a team of players with their own facts in `members`; a team loses
 *   when all its players have lost (104.3g).
 */
export type GameVariant = "two-player" | "two-headed-giant" | "teams";

export const GAME_VARIANTS = [
  "two-player",
  "two-headed-giant",
  "teams",
] as const satisfies readonly GameVariant[];

/** What is true of one player (or one Two-Headed Giant team) when the game ended. */
export type PlayerEndFacts = {
  /** 0 or less loses (104.3b; 704.6a for a Two-Headed Giant team). Needed for the single-elimination life-total rule. */
  life?: number;
  /** 10 or more loses (104.3d); 15 for a Two-Headed Giant team (704.6b). */
  poison?: number;
  /** Most combat damage dealt to this player by one commander; 21 or more loses (104.3j). */
  commanderDamage?: number;
  /** Had to draw from an empty library (104.3c). */
  drewFromEmptyLibrary?: boolean;
  /** Conceded (104.3a). Overrides everything else that was recorded. */
  conceded?: boolean;
  /** An effect said this player loses (104.3e). */
  lostByCardEffect?: boolean;
  /** An effect said this player wins (104.2b). */
  wonByCardEffect?: boolean;
  /** A judge gave this player a Game Loss penalty (104.3k). */
  judgeGameLoss?: boolean;
};

/**
 * One side's facts. In the "teams" variant `members` holds each player's facts; the side's
 * own flags (conceded, judgeGameLoss, effects) then apply to the whole team, and the
 * numeric fields belong on the members.
 */
export type SideEndFacts = PlayerEndFacts & { members?: readonly PlayerEndFacts[] };

export type GameEndFacts = {
  /** Default "two-player". */
  variant?: GameVariant;
  A: SideEndFacts;
  B: SideEndFacts;
  /** The game was restarted (104.6, Karn Liberated): not a result; the game is replayed. */
  restarted?: boolean;
  /** A loop of mandatory actions no player can stop (104.4b). */
  mandatoryLoop?: boolean;
  /** An effect said the game is a draw (104.4c). */
  drawnByCardEffect?: boolean;
  /** The players agreed to draw this game (104.4i; MTR 2.5). */
  intentionalDraw?: boolean;
  /** The game was unfinished when the last additional turn ended (MTR 2.4): a draw. */
  unfinishedAtTime?: boolean;
  /**
   * Single elimination, equal game wins at the end of the additional turns, or the added
   * state-based action that follows (MTR 2.4): the side with the highest life total wins.
   * Takes precedence over `unfinishedAtTime`.
   */
  highestLifeWins?: boolean;
};

type Loss = { reason: GameEndReason; rule: string };

const POISON_LIMIT = 10; // 104.3d
const TWO_HEADED_GIANT_POISON_LIMIT = 15; // 704.6b

/** CR 104.3b, 704.6a: the rule by which 0 or less life loses: a Two-Headed Giant team's shared life total is its own rule. */
export function lifeLossRuleFor(variant: GameVariant): string {
  return variant === "two-headed-giant" ? "704.6a" : "104.3b";
}

/** CR 104.3d, 704.6b: the poison counters that lose a game, and the rule: a Two-Headed Giant team shares fifteen. */
export function poisonLossFor(variant: GameVariant): { limit: number; rule: string } {
  return variant === "two-headed-giant"
    ? { limit: TWO_HEADED_GIANT_POISON_LIMIT, rule: "704.6b" }
    : { limit: POISON_LIMIT, rule: "104.3d" };
}
const COMMANDER_DAMAGE_LIMIT = 21; // 104.3j
const CONCESSION_LOSS: Loss = { reason: "CONCESSION", rule: "104.3a" };

function win(winner: Side, reason: GameEndReason, rule: string): GameOutcome {
  return { kind: "win", winner, reason, rule };
}

function draw(reason: GameEndReason, rule: string): GameOutcome {
  return { kind: "draw", reason, rule };
}

/**
 * The reason a player (or a Two-Headed Giant team) has lost, or null. When several hold at
 * once the first in this order is reported: a judge's penalty, an effect, then the
 * state-based actions in the order CR 104.3 lists them.
 */
function playerLoss(
  f: PlayerEndFacts,
  poisonLimit: number,
  poisonRule: string,
  lifeRule = "104.3b",
): Loss | null {
  if (f.judgeGameLoss === true) return { reason: "JUDGE_GAME_LOSS", rule: "104.3k" };
  if (f.lostByCardEffect === true) return { reason: "CARD_EFFECT_LOSS", rule: "104.3e" };
  if (f.life !== undefined && f.life <= 0) return { reason: "LIFE", rule: lifeRule };
  if (f.drewFromEmptyLibrary === true) return { reason: "EMPTY_LIBRARY", rule: "104.3c" };
  if (f.poison !== undefined && f.poison >= poisonLimit)
    return { reason: "POISON", rule: poisonRule };
  if (f.commanderDamage !== undefined && f.commanderDamage >= COMMANDER_DAMAGE_LIMIT) {
    return { reason: "COMMANDER_DAMAGE", rule: "104.3j" };
  }
  return null;
}

/** A team member's facts with the team-wide flags of its side applied. */
function withTeamFlags(side: SideEndFacts, member: PlayerEndFacts): PlayerEndFacts {
  return {
    ...member,
    conceded: side.conceded === true || member.conceded === true,
    judgeGameLoss: side.judgeGameLoss === true || member.judgeGameLoss === true,
    lostByCardEffect: side.lostByCardEffect === true || member.lostByCardEffect === true,
    wonByCardEffect: side.wonByCardEffect === true || member.wonByCardEffect === true,
    drewFromEmptyLibrary:
      side.drewFromEmptyLibrary === true || member.drewFromEmptyLibrary === true,
  };
}

type SideVerdict = { loss: Loss | null; wouldWin: boolean };

function judgeSide(side: SideEndFacts, variant: GameVariant): SideVerdict {
  if (variant === "two-player") {
    return {
      loss: playerLoss(side, POISON_LIMIT, "104.3d"),
      wouldWin: side.wonByCardEffect === true,
    };
  }
  if (variant === "two-headed-giant") {
    // CR 810.8a: the team wins and loses only as a team; anything that makes one of its
    // players lose makes the team lose. The team's shared life total at 0 or less loses by
    // 704.6a; the shared poison limit is fifteen (704.6b).
    return {
      loss: playerLoss(side, TWO_HEADED_GIANT_POISON_LIMIT, "704.6b", "704.6a"),
      wouldWin: side.wonByCardEffect === true,
    };
  }
  // 104.3g: a team loses when all its players have lost. 104.3f applies to each player: one
  // who would both win and lose loses, so only a player who has not lost can win for the team.
  const members = (side.members ?? []).map((m) => withTeamFlags(side, m));
  const verdicts = members.map((m) => ({
    loss: m.conceded === true ? CONCESSION_LOSS : playerLoss(m, POISON_LIMIT, "104.3d"),
    wouldWin: m.wonByCardEffect === true,
  }));
  const allLost = verdicts.length > 0 && verdicts.every((v) => v.loss !== null);
  const first = verdicts.find((v) => v.loss !== null)?.loss ?? null;
  return {
    loss: allLost && first !== null ? { reason: first.reason, rule: "104.3g" } : null,
    wouldWin: verdicts.some((v) => v.wouldWin && v.loss === null),
  };
}

const PLAYER_FLAGS = [
  "drewFromEmptyLibrary",
  "conceded",
  "lostByCardEffect",
  "wonByCardEffect",
  "judgeGameLoss",
] as const;
const GAME_FLAGS = [
  "restarted",
  "mandatoryLoop",
  "drawnByCardEffect",
  "intentionalDraw",
  "unfinishedAtTime",
  "highestLifeWins",
] as const;

/**
 * Checks, for both sides at each step so the error found does not depend on which side is A:
 * the shape of the facts (objects, flags true or false), then numbers, then team structure.
 */
function validate(
  facts: GameEndFacts,
  variant: GameVariant,
): { ok: false; error: RuleError } | null {
  if (!(GAME_VARIANTS as readonly unknown[]).includes(variant)) {
    return fail("INVALID_TEAM", say("game.gameVariantAppKnows", { variant: showValue(variant) }));
  }
  return (
    SIDES.map((side) => checkShape(side, facts[side])).find((e) => e !== null) ??
    checkFlags(say("game.gameSFacts"), facts as unknown as Record<string, unknown>, GAME_FLAGS) ??
    SIDES.map((side) => checkNumbers(side, facts[side])).find((e) => e !== null) ??
    SIDES.map((side) => checkTeam(side, facts[side], variant)).find((e) => e !== null) ??
    null
  );
}

/** A side is an object; its members, if any, a list of objects; every yes/no fact true or false. */
function checkShape(side: Side, s: unknown): { ok: false; error: RuleError } | null {
  const invalid = checkRecord(say("game.sideSFacts", { side }), s);
  if (invalid) return invalid;
  const facts = s as Record<string, unknown>;
  const members = facts.members;
  if (members !== undefined && members !== null && !Array.isArray(members)) {
    return fail(
      "INVALID_INPUT",
      say("game.sideSTeamMembers", { side, members: showValue(members) }),
    );
  }
  for (const [i, member] of ((members ?? []) as unknown[]).entries()) {
    const bad =
      checkRecord(say("game.sideSPlayer", { side, value: i + 1 }), member) ??
      checkFlags(
        say("game.sideSPlayer", { side, value: i + 1 }),
        member as Record<string, unknown>,
        PLAYER_FLAGS,
      );
    if (bad) return bad;
  }
  return checkFlags(say("game.sideSFacts", { side }), facts, PLAYER_FLAGS);
}

function checkNumbers(side: Side, s: SideEndFacts): { ok: false; error: RuleError } | null {
  for (const p of [s, ...(s.members ?? [])]) {
    if (p.life !== undefined && !Number.isSafeInteger(p.life)) {
      return fail("INVALID_NUMBER", say("game.sideSLifeTotal", { side, life: showValue(p.life) }));
    }
    for (const [what, value] of [
      [say("game.poisonCounters"), p.poison],
      [say("game.commanderDamage"), p.commanderDamage],
    ] as const) {
      if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
        return fail(
          "INVALID_NUMBER",
          say("game.sideSWholeNumber", { side, what, value: showValue(value) }),
        );
      }
    }
  }
  return null;
}

function checkTeam(
  side: Side,
  s: SideEndFacts,
  variant: GameVariant,
): { ok: false; error: RuleError } | null {
  const hasMembers = (s.members ?? []).length > 0;
  if (variant !== "teams" && hasMembers) {
    return fail(
      "INVALID_TEAM",
      variant === "two-headed-giant"
        ? say("game.twoHeadedGiantTeam", { side })
        : say("game.sideListsTeamMembers", { side }),
    );
  }
  if (variant === "teams") {
    if (!hasMembers)
      return fail("INVALID_TEAM", say("game.sideTeamListsPlayers", { side }), "104.3g");
    if (s.life !== undefined || s.poison !== undefined || s.commanderDamage !== undefined) {
      return fail("INVALID_TEAM", say("game.sideTeamPlayersRecord", { side }));
    }
  }
  return null;
}

/** The declared endings that are not a side winning or losing, in the order checked. */
function declaredEnding(
  facts: GameEndFacts,
): { label: Message; decide: () => RuleResult<GameOutcome> }[] {
  const found: { label: Message; decide: () => RuleResult<GameOutcome> }[] = [];
  if (facts.restarted === true)
    found.push({
      label: say("game.aRestart"),
      decide: () => ok({ kind: "restart", rule: "104.6" }),
    });
  if (facts.mandatoryLoop === true)
    found.push({ label: say("game.mandatoryLoop"), decide: () => ok(draw("DRAW_LOOP", "104.4b")) });
  if (facts.drawnByCardEffect === true) {
    found.push({
      label: say("game.drawCardEffect"),
      decide: () => ok(draw("DRAW_CARD_EFFECT", "104.4c")),
    });
  }
  if (facts.intentionalDraw === true) {
    found.push({
      label: say("game.intentionalDraw"),
      decide: () => ok(draw("DRAW_INTENTIONAL", "104.4i")),
    });
  }
  if (facts.highestLifeWins === true) {
    found.push({
      label: say("game.singleEliminationLifeTotal"),
      decide: () => decideByLifeTotals(facts),
    });
  } else if (facts.unfinishedAtTime === true) {
    found.push({
      label: say("game.unfinishedGameEndAdditional"),
      decide: () => ok(draw("DRAW_UNFINISHED_AT_TIME", mtr("endOfMatch"))),
    });
  }
  return found;
}

/**
 * MTR 2.4 End-of-Match Procedure, single elimination: the side with the highest life total
 * wins the current game; with equal life totals the game goes on under the added
 * state-based action, so it has no result yet. Two-Headed Giant teams count as one player.
 */
function decideByLifeTotals(facts: GameEndFacts): RuleResult<GameOutcome> {
  const a = facts.A.life;
  const b = facts.B.life;
  if (a === undefined || b === undefined) {
    return fail("LIFE_TOTALS_MISSING", say("game.bothSidesLifeTotals"), mtr("endOfMatch"));
  }
  if (a === b) {
    return fail("LIFE_TOTALS_EQUAL", say("game.lifeTotalsEqualGame", { a }), mtr("endOfMatch"));
  }
  return ok(win(a > b ? "A" : "B", "LIFE_TOTAL_AT_TIME", mtr("endOfMatch")));
}

/**
 * Decides a game from how it ended (CR 104), or says why the facts cannot describe an ended
 * game. Precedence: a concession decides the game whatever else was recorded (104.3a; a
 * player can concede at any time). Otherwise a declared ending (restart, loop, draw effect,
 * intentional draw, time) must stand alone; then losses and wins are resolved together.
 */
export function decideGame(facts: GameEndFacts): RuleResult<GameOutcome> {
  const shape = checkRecord(say("game.factsHowGameEnded"), facts);
  if (shape) return shape;
  const variant = facts.variant ?? "two-player";
  const invalid = validate(facts, variant);
  if (invalid) return invalid;

  // 104.3a: a player who concedes leaves the game and loses it, overriding everything else
  // (ruling (C) in docs/rules.md: the record has no order, and a concession is allowed at any time).
  const conceded = SIDES.filter((s) => facts[s].conceded === true);
  if (conceded.length === 2) {
    return fail("CONFLICTING_FACTS", say("game.bothSidesRecordedConceding"), "104.3a");
  }
  const [concededSide] = conceded;
  if (concededSide !== undefined) return ok(win(otherSide(concededSide), "CONCESSION", "104.3a"));

  const verdict = { A: judgeSide(facts.A, variant), B: judgeSide(facts.B, variant) };
  const anyoneDecided = SIDES.some((s) => verdict[s].loss !== null || verdict[s].wouldWin);
  const declared = declaredEnding(facts);
  const [only] = declared;
  if (declared.length > 1) {
    return fail(
      "CONFLICTING_FACTS",
      say("game.gameEndsOneWay", {
        endings: declared
          .slice(1)
          .reduce(
            (both, d) => say("game.both", { first: both, second: d.label }),
            (declared[0] as (typeof declared)[number]).label,
          ),
      }),
    );
  }
  if (only !== undefined) {
    if (anyoneDecided) {
      return fail("CONFLICTING_FACTS", say("game.recordAlsoSideHad", { label: only.label }));
    }
    return only.decide();
  }

  const lossA = verdict.A.loss;
  const lossB = verdict.B.loss;
  if (lossA !== null && lossB !== null) {
    // 104.4a: all players remaining lose simultaneously → draw; 104.4d for teams.
    return ok(draw("DRAW_SIMULTANEOUS_LOSS", variant === "teams" ? "104.4d" : "104.4a"));
  }
  const loss = lossA ?? lossB;
  if (loss !== null) {
    const loser: Side = lossA !== null ? "A" : "B";
    // 104.3f: a side that would both win and lose loses; cite that rule when it decided.
    const rule = verdict[loser].wouldWin ? "104.3f" : loss.rule;
    return ok(win(otherSide(loser), loss.reason, rule));
  }
  if (verdict.A.wouldWin && verdict.B.wouldWin) {
    return fail("CONFLICTING_FACTS", say("game.bothSidesRecordedWinning"), "104.2b");
  }
  const winner = SIDES.find((s) => verdict[s].wouldWin);
  // 104.2b whatever the variant: an effect said a player wins (for a team, one of its players
  // still in the game, and so the team). 104.2c is a team winning because all other teams
  // left the game, which is decided above as the other team's loss (104.3g).
  if (winner !== undefined) return ok(win(winner, "CARD_EFFECT_WIN", "104.2b"));

  return fail("NO_GAME_RESULT", say("game.nothingRecordedEndsGame"), "104.1");
}

/** Reasons that end a game in a draw; every other reason ends it with a winner. */
function isDrawReason(reason: GameEndReason): boolean {
  return reason.startsWith("DRAW_");
}

/**
 * A game outcome as decideGame produces it (for outcomes that arrive from storage or a
 * caller): kind "win" with a winner "A"/"B" and a winning reason, kind "draw" with a DRAW_
 * reason, or kind "restart"; each with its rule as a string. INVALID_INPUT otherwise.
 */
export function checkGameOutcome(outcome: unknown): { ok: false; error: RuleError } | null {
  const o = asRecord(outcome);
  const reason = o.reason as GameEndReason;
  const known = (GAME_END_REASONS as readonly unknown[]).includes(reason);
  if (typeof o.rule !== "string")
    return fail("INVALID_INPUT", say("game.gameOutcomeNameRule", { rule: showValue(o.rule) }));
  if (o.kind === "restart") return null;
  if (o.kind === "win") {
    if (!isSide(o.winner))
      return fail("INVALID_INPUT", say("game.winnerGameB", { winner: showValue(o.winner) }));
    if (known && !isDrawReason(reason)) return null;
    return fail("INVALID_INPUT", say("game.reasonGameWon", { reason: showValue(o.reason) }));
  }
  if (o.kind === "draw") {
    if (known && isDrawReason(reason)) return null;
    return fail("INVALID_INPUT", say("game.reasonGameDrawn", { reason: showValue(o.reason) }));
  }
  return fail(
    "INVALID_INPUT",
    say("game.gameEndsWinDraw", { value: showValue(isRecord(outcome) ? o.kind : outcome) }),
  );
}

/** The rule each recorded ending stands on (CR 104; the two time endings are MTR 2.4). */
const RULE_OF_REASON: Readonly<Record<GameEndReason, string>> = {
  LIFE: "104.3b",
  EMPTY_LIBRARY: "104.3c",
  POISON: "104.3d",
  COMMANDER_DAMAGE: "104.3j",
  CONCESSION: "104.3a",
  CARD_EFFECT_LOSS: "104.3e",
  CARD_EFFECT_WIN: "104.2b",
  JUDGE_GAME_LOSS: "104.3k",
  LIFE_TOTAL_AT_TIME: mtr("endOfMatch"),
  DRAW_SIMULTANEOUS_LOSS: "104.4a",
  DRAW_LOOP: "104.4b",
  DRAW_CARD_EFFECT: "104.4c",
  DRAW_INTENTIONAL: "104.4i",
  DRAW_UNFINISHED_AT_TIME: mtr("endOfMatch"),
};

/** Whether a reason ends a game in a draw (no winner), for forms that ask for a winner only when there is one. */
export function isDrawnGameReason(reason: GameEndReason): boolean {
  return (GAME_END_REASONS as readonly unknown[]).includes(reason) && isDrawReason(reason);
}

/**
 * A game as staff record it at the table: how it ended (one of GAME_END_REASONS) and the winner,
 * or null for a drawn game. A reason that ends a game with a winner needs one; a draw reason
 * (104.4) has none. The outcome carries the rule of its reason.
 */
export function recordedGameOutcome(
  reason: GameEndReason,
  winner: Side | null,
): RuleResult<GameOutcome> {
  if (!(GAME_END_REASONS as readonly unknown[]).includes(reason)) {
    return fail("INVALID_INPUT", say("game.wayGameEnds", { reason: showValue(reason) }), "104.1");
  }
  const rule = RULE_OF_REASON[reason];
  if (isDrawReason(reason)) {
    if (winner !== null)
      return fail("CONFLICTING_FACTS", say("game.gameEndsWayDraw", { rule }), rule);
    return ok(draw(reason, rule));
  }
  if (!isSide(winner)) return fail("INVALID_INPUT", say("game.gameEndsWayWinner", { rule }), rule);
  return ok(win(winner, reason, rule));
}

/**
 * CR 810.8a: ways one Two-Headed Giant player loses the game for the team. The team's life and
 * poison are shared (704.6a, 704.6b), and so is a loss at time, so those name no player.
 */
export const TEAM_MEMBER_LOSS_REASONS = [
  "EMPTY_LIBRARY",
  "CONCESSION",
  "CARD_EFFECT_LOSS",
  "JUDGE_GAME_LOSS",
] as const satisfies readonly GameEndReason[];

/**
 * CR 810.8a: in Two-Headed Giant a player's loss is the team's. Which member of the losing team
 * lost (by seat, 0 or 1), when the game was lost by one player: null when the team lost as a team
 * or the judge did not say. Refused for a draw, for a shared loss, outside Two-Headed Giant.
 */
export function teamMemberLoss(
  outcome: GameOutcome,
  losingSeat: unknown,
  variant: GameVariant,
): RuleResult<{ losingSeat: number | null }> {
  if (losingSeat === null || losingSeat === undefined) return ok({ losingSeat: null });
  if (losingSeat !== 0 && losingSeat !== 1)
    return fail(
      "INVALID_INPUT",
      say("game.playerWhoLostNamed", { losingSeat: showValue(losingSeat) }),
      "810.8a",
    );
  if (variant !== "two-headed-giant")
    return fail("CONFLICTING_FACTS", say("game.twoHeadedGiantDoes"), "810.8a");
  const checked = checkGameOutcome(outcome);
  if (checked) return checked;
  if (outcome.kind !== "win")
    return fail("CONFLICTING_FACTS", say("game.drawnGamePlayerWho"), outcome.rule);
  if (!(TEAM_MEMBER_LOSS_REASONS as readonly string[]).includes(outcome.reason)) {
    return fail(
      "CONFLICTING_FACTS",
      say("game.teamLosesWayTeam", { rule: outcome.rule }),
      outcome.rule,
    );
  }
  return ok({ losingSeat });
}

/** The game form's tick boxes for what happened to each player at once: a life, poison, library, effect-loss and effect-win box per side. */
export type AtOnceTicks = Partial<
  Record<`${"a" | "b"}${"Life" | "Poison" | "Library" | "EffectLoss" | "EffectWin"}`, boolean>
>;

function sideFactsAtOnce(ticks: AtOnceTicks, side: "a" | "b"): PlayerEndFacts {
  return {
    ...(ticks[`${side}Life`] === true ? { life: 0 } : {}),
    ...(ticks[`${side}Poison`] === true ? { poison: 10 } : {}),
    ...(ticks[`${side}Library`] === true ? { drewFromEmptyLibrary: true } : {}),
    ...(ticks[`${side}EffectLoss`] === true ? { lostByCardEffect: true } : {}),
    ...(ticks[`${side}EffectWin`] === true ? { wonByCardEffect: true } : {}),
  };
}

/** The game's end as facts for decideGame, or null when the judge ticked nothing (the reason and winner say it). */
export function atOnceFacts(ticks: AtOnceTicks): GameEndFacts | null {
  if (
    typeof ticks !== "object" ||
    ticks === null ||
    !Object.values(ticks).some((value) => value === true)
  )
    return null;
  return { A: sideFactsAtOnce(ticks, "a"), B: sideFactsAtOnce(ticks, "b") };
}
