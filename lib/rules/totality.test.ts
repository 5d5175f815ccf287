// Every public function of lib/rules is total: whatever it is given — including input that
// does not match its TypeScript type, as arrives from JSON, a form or a database row — it
// returns, and never throws. Functions that decide something return a RuleResult: either
// { ok: true, value } or { ok: false, error: { code, message } } with a known code.
import { runEndOfMatch } from "./testing/end-of-match-runs";
import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import fc from "fast-check";
import * as archive from "./archive";
import * as deckChecks from "./deck-checks";
import * as deckLegality from "./deck-legality";
import * as deckSheet from "./deck-sheet";
import * as decklists from "./decklists";
import * as decklistText from "./decklist-text";
import { ATRAXA, LURRUS, SHOCK, TYMNA, THRASIOS } from "./testing/cards";
import * as cardNames from "./card-names";
import * as scryfallCard from "./scryfall-card";
import * as edition from "./edition";
import * as endOfMatch from "./end-of-match";
import * as finalStandings from "./final-standings";
import * as game from "./game";
import * as match from "./match";
import * as matchRecord from "./match-record";
import * as matchReport from "./match-report";
import * as nextStep from "./next-step";
import * as playDraw from "./play-draw";
import * as podGame from "./pod-game";
import * as podStandings from "./pod-standings";
import * as quickEntry from "./quick-entry";
import * as registration from "./registration";
import * as reopen from "./reopen";
import * as result from "./result";
import * as roundClock from "./round-clock";
import * as settings from "./settings";
import * as standings from "./standings";
import * as swissRounds from "./swiss-rounds";
import * as teamList from "./team-list";
import * as teams from "./teams";
import * as topCutOutlook from "./top-cut-outlook";
import * as pairingReason from "./pairing-reason";
import { RULE_ERROR_CODES, type RuleResult } from "./result";

const MODULES = {
  archive,
  deckChecks,
  deckLegality,
  deckSheet,
  decklists,
  decklistText,
  cardNames,
  scryfallCard,
  edition,
  endOfMatch,
  finalStandings,
  game,
  match,
  matchRecord,
  matchReport,
  nextStep,
  playDraw,
  podGame,
  podStandings,
  quickEntry,
  registration,
  reopen,
  result,
  roundClock,
  settings,
  standings,
  swissRounds,
  teamList,
  teams,
  topCutOutlook,
  pairingReason,
} as const;

/** Public functions that decide something and so answer with a RuleResult. */
const RESULT_FUNCTIONS = new Set([
  "archive.checkArchive",
  "deckChecks.deckCheckInfraction",
  "deckChecks.checkDeckCheckEntry",
  "deckChecks.pickTablesForDeckCheck",
  "deckLegality.checkDeck",
  "deckLegality.formatRulesFor",
  "deckLegality.readDeck",
  "deckSheet.deckCheckSheet",
  "decklists.checkDecklistChange",
  "decklists.playersWithoutLegalList",
  "decklists.deckOfDecklist",
  "decklists.checkRegisteredDeck",
  "decklistText.parseDecklist",
  "game.decideGame",
  "game.recordedGameOutcome",
  "game.teamMemberLoss",
  "match.evaluateResultSlip",
  "match.deriveMatchResult",
  "match.checkLastGameRemoval",
  "matchRecord.deriveMatchRecord",
  "matchReport.authorizeResultChange",
  "matchReport.reconcileReports",
  "playDraw.designatedChooser",
  "playDraw.choosersByGame",
  "playDraw.chooserForNextGame",
  "playDraw.game1ChooserToKeep",
  "endOfMatch.startEndOfMatch",
  "endOfMatch.endOfMatchAtStart",
  "endOfMatch.applyEndOfMatchEvent",
  "endOfMatch.describeEndOfMatch",
  "endOfMatch.timeLimitReachedAt",
  "endOfMatch.gameDecidedByProcedure",
  "standings.computeStandings",
  "registration.readRegistrationList",
  "registration.placeSelfRegistration",
  "registration.noShowsToDrop",
  "registration.selectPhoneRegistrations",
  "standings.dropUndoFirstRound",
  "finalStandings.finalStandings",
  "roundClock.roundClock",
  "roundClock.totalExtensionMinutes",
  "roundClock.checkExtensionMinutes",
  "quickEntry.parseQuickEntry",
  "nextStep.nextStep",
  "nextStep.checkEventAction",
  "settings.checkSettingsChange",
  "reopen.checkReopen",
  "podGame.derivePodGame",
  "podGame.correctPodGame",
  "podStandings.computePodStandings",
  "teams.teamFormatRules",
  "teams.seatLetter",
  "teams.deriveTeamMatch",
  "teams.teamStandingsMatch",
  "teams.computeTeamStandings",
  "teams.checkTeamEntry",
  "topCutOutlook.estimateTopCutOutlook",
  "topCutOutlook.exactTopCutOutlook",
  "topCutOutlook.topCutOutlook",
  "topCutOutlook.possibleSwissPairings",
  "pairingReason.pairingReason",
]);

/** Checks that answer null (nothing wrong) or a failed RuleResult. */
const CHECK_FUNCTIONS = new Set([
  "endOfMatch.checkGameAgainstEndOfMatch",
  "roundClock.checkTimeMayBeCalled",
  "roundClock.checkExtensionMayBeGiven",
  "playDraw.checkRestartedGameStarter",
  "match.checkFormat",
  "match.checkSlip",
  "match.checkSlipAgainstGames",
  "match.questionResultSlip",
  "quickEntry.questionQuickEntrySlip",
  "quickEntry.refuseQuickEntryDrops",
  "registration.checkEntryRemoval",
  "registration.checkCheckIn",
  "registration.checkRegistrationLink",
  "registration.checkPhoneRegistration",
  "registration.checkPhoneRegistrationRemoval",
  "result.checkCounts",
]);

const slip = (winsA: number, winsB: number, draws = 0) => ({ winsA, winsB, draws });

function expectRuleResult(value: unknown): void {
  expect(value).toBeTypeOf("object");
  const r = value as RuleResult<unknown>;
  if (r.ok) {
    expect(r.ok).toBe(true);
    expect("value" in r).toBe(true);
  } else {
    expect(r.ok).toBe(false);
    expect(RULE_ERROR_CODES).toContain(r.error.code);
    expect(typeof render(r.error)).toBe("string");
    expect(render(r.error).length).toBeGreaterThan(10);
  }
}

function errorCode(value: RuleResult<unknown>): string {
  if (value.ok) throw new Error(`expected an error, got ${JSON.stringify(value.value)}`);
  return value.error.code;
}

// Garbage that looks like the real thing: records whose keys are the engine's own field names
// and whose values are anything, so the checks deep inside each function are reached too.
const KEYS = [
  "winsA",
  "winsB",
  "draws",
  "gamesToWin",
  "elimination",
  "A",
  "B",
  "members",
  "life",
  "poison",
  "commanderDamage",
  "conceded",
  "wonByCardEffect",
  "variant",
  "type",
  "outcome",
  "kind",
  "winner",
  "reason",
  "rule",
  "side",
  "gameInProgress",
  "events",
  "format",
  "slip",
  "concededBy",
  "intentionalDraw",
  "status",
  "actor",
  "phase",
  "randomWinner",
  "swissRankA",
  "swissRankB",
  "players",
  "matches",
  "id",
  "round",
  "playerA",
  "playerB",
  "firstRound",
  "droppedAfterRound",
  "turn",
  "turns",
  "additionalTurns",
  "addedTurns",
  "extraTurnsTaken",
  "timeCalled",
  "team",
  "roundStartedAt",
  "roundMinutes",
  "extensionMinutes",
  "startedAt",
  "now",
  "minutes",
  "percentageFloor",
  "countByeInOwnPercentages",
  "lateEntryLossGames",
  "activePlayerPassingTurn",
  "extraTurn",
  "name",
  "restarted",
  "highestLifeWins",
  "toString",
  "teamSize",
  "seats",
  "seat",
  "state",
  "bye",
  "teamA",
  "teamB",
  "playerName",
  "playerKey",
  "otherTeamsPlayerKeys",
  "member",
  "roundsPaired",
  "matchPoints",
  "roundsLeft",
  "cutSize",
  "dropped",
  "opponents",
  "hadBye",
  "nextRound",
  "pointsPerWin",
  "pointsPerDraw",
  "pairing",
  "source",
  "seeds",
  "byeId",
  "verdict",
  "record",
  "estimate",
  "main",
  "sideboard",
  "commanders",
  "companions",
  "pool",
  "card",
  "count",
  "key",
  "legalityKey",
  "minMainDeck",
  "maxSideboard",
  "maxCopies",
  "deckSize",
  "typeLine",
  "oracleText",
  "colorIdentity",
  "keywords",
  "legalities",
  "faceNames",
  "blankLineStartsSideboard",
  "tables",
  "checkedPlayers",
  "random",
  "tableNumber",
  "matchOrPodId",
  "hasResult",
  "isBye",
  "note",
  "registrationId",
  "deckFormat",
  "deadline",
  "isRoundOnePaired",
  "by",
  "viewer",
  "owner",
  "publication",
  "ownerInTopCut",
  "entries",
  "standing",
  "isDropped",
  "lines",
  "suggestions",
] as const;
const WORDS = [
  "A",
  "B",
  "C",
  "win",
  "draw",
  "restart",
  "game",
  "game-started",
  "game-ended",
  "concession",
  "refusal",
  "intentional-draw",
  "time-called",
  "turn-ended",
  "turns-added",
  "life-totals",
  "teams",
  "two-headed-giant",
  "two-player",
  "swiss",
  "playoff",
  "in-progress",
  "decided",
  "confirmed",
  "player",
  "staff",
  "LIFE",
  "LIFE_TOTAL_AT_TIME",
  "DRAW_UNFINISHED_AT_TIME",
  "playing",
  "finishing-turn",
  "additional-turns",
  "awaiting-life-totals",
  "life-total-rule",
  "104.6",
  "unplayed",
  "recorded",
  "INDIVIDUAL",
  "TWO_HEADED_GIANT",
  "TEAM_MATCHES",
  "drop",
  "disqualification",
  "constructed",
  "limited",
  "commander",
  "modern",
  "4 Lightning Bolt\n\nSB: 1 Shock",
  "Legendary Creature — Human",
  "",
];
const atom = fc.oneof(
  fc.constantFrom<unknown>(
    0,
    1,
    2,
    3,
    -1,
    2.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e300,
    true,
    false,
    null,
    undefined,
  ),
  fc.constantFrom<unknown>(...WORDS),
  fc.anything({
    withNullPrototype: true,
    withBoxedValues: true,
    withObjectString: true,
    maxDepth: 2,
  }),
);
const { fuzz } = fc.letrec<{ fuzz: unknown }>((tie) => ({
  fuzz: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    atom,
    fc.dictionary(fc.constantFrom(...KEYS), tie("fuzz"), { maxKeys: 6 }),
    fc.array(tie("fuzz"), { maxLength: 4 }),
  ),
}));
const args = fc.tuple(fuzz, fuzz, fuzz);

/** A valid value with one field (or one nested field) replaced by garbage. */
function corrupt(valid: unknown, path: readonly (string | number)[], garbage: unknown): unknown {
  if (path.length === 0) return garbage;
  const [head, ...rest] = path;
  if (Array.isArray(valid))
    return valid.map((v, i) => (i === head ? corrupt(v, rest, garbage) : v));
  if (typeof valid === "object" && valid !== null) {
    return {
      ...(valid as Record<string, unknown>),
      [head as string]: corrupt((valid as Record<string, unknown>)[head as string], rest, garbage),
    };
  }
  return valid;
}

const validEndOfMatch = (() => {
  const start = endOfMatch.startEndOfMatch({ format: match.bestOf(3, true) }, { slip: slip(1, 1) });
  if (!start.ok) throw new Error("setup");
  return start.value;
})();
const validStandings: standings.StandingsInput = {
  players: [{ id: "a" }, { id: "b", firstRound: 1 }, { id: "c", droppedAfterRound: 1 }],
  matches: [
    { round: 1, playerA: "a", playerB: "b", slip: slip(2, 1), concededBy: "B" },
    { round: 1, playerA: "c", playerB: null, slip: slip(2, 0) },
    { round: 2, playerA: "a", playerB: "b", slip: slip(0, 0, 3), intentionalDraw: true },
  ],
};
const validGame: game.GameEndFacts = {
  variant: "teams",
  A: { members: [{ life: 0 }, { life: 3 }] },
  B: { members: [{ life: 4 }] },
};
const winA: game.GameOutcome = { kind: "win", winner: "A", reason: "LIFE", rule: "104.3b" };

describe("every public function is total", () => {
  it("MTR 2.1: a result slip missing a required field is INVALID_NUMBER, not NaN game points", () => {
    expect(
      errorCode(match.evaluateResultSlip(match.bestOf(3), { winsA: 2, winsB: 1 } as never)),
    ).toBe("INVALID_NUMBER");
    expect(
      errorCode(match.evaluateResultSlip(match.bestOf(3), { winsB: 1, draws: 0 } as never)),
    ).toBe("INVALID_NUMBER");
    expect(
      errorCode(
        endOfMatch.startEndOfMatch(
          { format: match.bestOf(3) },
          { slip: { winsA: 1, winsB: 0 } as never },
        ),
      ),
    ).toBe("INVALID_NUMBER");
    expect(match.checkSlip({ winsA: 0, winsB: 0, draws: undefined } as never)?.error.code).toBe(
      "INVALID_NUMBER",
    );
  });

  it("MTR Appendix C: standings refuse a slip missing drawn games, and a match with no slip, instead of NaN or a crash", () => {
    const players = [{ id: "a" }, { id: "b" }];
    expect(
      errorCode(
        standings.computeStandings({
          players,
          matches: [
            { round: 1, playerA: "a", playerB: "b", slip: { winsA: 2, winsB: 0 } as never },
          ],
        }),
      ),
    ).toBe("INVALID_NUMBER");
    expect(
      errorCode(
        standings.computeStandings({
          players,
          matches: [{ round: 1, playerA: "a", playerB: "b" } as never],
        }),
      ),
    ).toBe("INVALID_INPUT");
    expect(errorCode(standings.computeStandings({ matches: [] } as never))).toBe("INVALID_INPUT");
    expect(errorCode(standings.computeStandings({ players: [null], matches: [] } as never))).toBe(
      "INVALID_INPUT",
    );
  });

  it("MTR 2.4, MTR 2.1: an event of an unknown type is UNKNOWN_EVENT, in the match facts and in the end-of-match procedure", () => {
    expect(
      errorCode(
        match.deriveMatchResult({ format: match.bestOf(3), events: [{ type: "bogus" } as never] }),
      ),
    ).toBe("UNKNOWN_EVENT");
    expect(errorCode(runEndOfMatch(validEndOfMatch, [{ type: "bogus" } as never]))).toBe(
      "UNKNOWN_EVENT",
    );
    expect(errorCode(endOfMatch.applyEndOfMatchEvent(validEndOfMatch, null as never))).toBe(
      "UNKNOWN_EVENT",
    );
    expect(
      errorCode(
        match.deriveMatchResult({
          format: match.bestOf(3),
          events: [
            {
              type: "game",
              outcome: { kind: "win", winner: "C", reason: "LIFE", rule: "104.3b" },
            } as never,
          ],
        }),
      ),
    ).toBe("INVALID_INPUT");
  });

  it("CR 104: a game with a side missing, or a team member that is not a player's facts, is INVALID_INPUT", () => {
    expect(errorCode(game.decideGame({ B: {} } as never))).toBe("INVALID_INPUT");
    expect(
      errorCode(
        game.decideGame({
          variant: "teams",
          A: { members: [null] },
          B: { members: [{}] },
        } as never),
      ),
    ).toBe("INVALID_INPUT");
    expect(errorCode(game.decideGame({ A: { conceded: "yes" }, B: {} } as never))).toBe(
      "INVALID_INPUT",
    );
    expect(errorCode(game.decideGame(null as never))).toBe("INVALID_INPUT");
  });

  const functionsOf = (moduleName: string, mod: object) =>
    Object.entries(mod)
      .filter(([, f]) => typeof f === "function")
      .map(([name, f]) => ({
        name: `${moduleName}.${name}`,
        f: f as (...a: unknown[]) => unknown,
      }));

  it("every deciding function named above exists, so the list cannot silently go stale", () => {
    const names = Object.entries(MODULES).flatMap(([moduleName, mod]) =>
      functionsOf(moduleName, mod).map((x) => x.name),
    );
    for (const name of [...RESULT_FUNCTIONS, ...CHECK_FUNCTIONS]) expect(names).toContain(name);
  });

  // One test per module, so that each has its own time: every function, 400 times, takes seconds on a busy 2-core machine.
  for (const [moduleName, mod] of Object.entries(MODULES)) {
    it(`property: arbitrary garbage into every exported function of ${moduleName} never throws; deciding functions answer with a RuleResult`, () => {
      for (const { name, f } of functionsOf(moduleName, mod)) {
        fc.assert(
          fc.property(args, ([x, y, z]) => {
            const answer = f(x, y, z);
            if (RESULT_FUNCTIONS.has(name)) expectRuleResult(answer);
            if (CHECK_FUNCTIONS.has(name) && answer !== null) expectRuleResult(answer);
          }),
          { numRuns: 400 },
        );
      }
    }, 30_000);
  }

  it("property: valid input with one field replaced by garbage never throws and gives a RuleResult", () => {
    const cases: {
      name: string;
      valid: unknown;
      paths: (string | number)[][];
      call: (input: unknown) => unknown;
    }[] = [
      {
        name: "decideGame",
        valid: validGame,
        paths: [
          ["A"],
          ["B"],
          ["variant"],
          ["A", "members"],
          ["A", "members", 0],
          ["A", "members", 1, "life"],
          ["B", "conceded"],
          ["highestLifeWins"],
        ],
        call: (v) => game.decideGame(v as never),
      },
      {
        name: "evaluateResultSlip",
        valid: { format: match.bestOf(3), slip: slip(1, 0), context: { concededBy: "A" } },
        paths: [
          ["format"],
          ["format", "gamesToWin"],
          ["format", "elimination"],
          ["slip"],
          ["slip", "winsA"],
          ["slip", "draws"],
          ["context"],
          ["context", "concededBy"],
          ["context", "intentionalDraw"],
        ],
        call: (v) => {
          const { format, slip: s, context } = v as { format: never; slip: never; context: never };
          return match.evaluateResultSlip(format, s, context);
        },
      },
      {
        name: "deriveMatchResult",
        valid: {
          format: match.bestOf(3),
          events: [
            { type: "game", outcome: winA },
            { type: "time-called", gameInProgress: true },
            { type: "concession", side: "B" },
          ],
        },
        paths: [
          ["format"],
          ["events"],
          ["events", 0],
          ["events", 0, "outcome"],
          ["events", 0, "outcome", "kind"],
          ["events", 0, "outcome", "winner"],
          ["events", 0, "outcome", "reason"],
          ["events", 1, "gameInProgress"],
          ["events", 2, "side"],
          ["events", 2, "type"],
        ],
        call: (v) => match.deriveMatchResult(v as never),
      },
      {
        name: "applyEndOfMatchEvent",
        valid: {
          state: validEndOfMatch,
          event: { type: "time-called", activePlayerPassingTurn: true },
        },
        paths: [
          ["state"],
          ...Object.keys(validEndOfMatch).map((k) => ["state", k]),
          ["state", "slip", "draws"],
          ["state", "format", "gamesToWin"],
          ["event"],
          ["event", "type"],
          ["event", "activePlayerPassingTurn"],
        ],
        call: (v) => {
          const { state, event } = v as { state: never; event: never };
          const next = endOfMatch.applyEndOfMatchEvent(state, event);
          expectRuleResult(endOfMatch.describeEndOfMatch(state));
          return next;
        },
      },
      {
        name: "computeStandings",
        valid: validStandings,
        paths: [
          ["players"],
          ["players", 0],
          ["players", 0, "id"],
          ["players", 2, "droppedAfterRound"],
          ["players", 1, "firstRound"],
          ["matches"],
          ["matches", 0],
          ["matches", 0, "slip"],
          ["matches", 0, "slip", "winsB"],
          ["matches", 0, "concededBy"],
          ["matches", 0, "gamesToWin"],
          ["matches", 1, "playerB"],
          ["matches", 2, "intentionalDraw"],
          ["matches", 2, "round"],
          ["matches", 2, "playerA"],
        ],
        call: (v) => standings.computeStandings(v as never),
      },
      {
        name: "derivePodGame",
        valid: {
          players: ["a", "b", "c", "d"],
          endOfRound: { procedure: "additional-turns", turns: 2 },
          events: [
            { type: "left", departures: [{ player: "b", reason: "POISON", poison: 10 }] },
            { type: "time-called" },
            { type: "turn-ended" },
            { type: "draw", reason: "DRAW_INTENTIONAL", agreedBy: ["a", "c", "d"] },
          ],
          isRecorded: true,
        },
        paths: [
          ["players"],
          ["players", 1],
          ["endOfRound"],
          ["endOfRound", "turns"],
          ["events"],
          ["events", 0],
          ["events", 0, "departures"],
          ["events", 0, "departures", 0],
          ["events", 0, "departures", 0, "poison"],
          ["events", 0, "departures", 0, "reason"],
          ["events", 1, "type"],
          ["events", 3, "agreedBy"],
          ["events", 3, "agreedBy", 0],
          ["isRecorded"],
        ],
        call: (v) => podGame.derivePodGame(v as never),
      },
      {
        name: "computePodStandings",
        valid: {
          input: {
            players: [
              { id: "a" },
              { id: "b", droppedAfterRound: 1 },
              { id: "c", firstRound: 1 },
              { id: "d" },
            ],
            entries: [
              {
                round: 1,
                pod: [
                  { player: "a", result: "win" },
                  { player: "b", result: "loss" },
                  { player: "c", result: "loss" },
                ],
              },
              { round: 1, bye: "d" },
            ],
          },
          settings: { points: { win: 5, draw: 1, loss: 0, bye: 3 }, tiebreakers: ["wins"] },
        },
        paths: [
          ["input"],
          ["input", "players"],
          ["input", "players", 0],
          ["input", "players", 1, "droppedAfterRound"],
          ["input", "players", 2, "firstRound"],
          ["input", "entries"],
          ["input", "entries", 0, "pod"],
          ["input", "entries", 0, "pod", 0, "result"],
          ["input", "entries", 1, "bye"],
          ["input", "entries", 1, "round"],
          ["settings"],
          ["settings", "points"],
          ["settings", "points", "bye"],
          ["settings", "tiebreakers"],
          ["settings", "percentageFloor"],
        ],
        call: (v) => {
          const { input, settings } = v as { input: never; settings: never };
          return podStandings.computePodStandings(input, settings);
        },
      },
      {
        name: "deriveTeamMatch",
        valid: {
          teamSize: 3,
          seats: [
            { seat: 0, state: "recorded", winner: "A" },
            { seat: 1, state: "decided", winner: null },
            { seat: 2, state: "in-progress", winner: null },
          ],
        },
        paths: [
          ["teamSize"],
          ["seats"],
          ["seats", 0],
          ["seats", 0, "seat"],
          ["seats", 1, "state"],
          ["seats", 1, "winner"],
          ["seats", 2, "winner"],
          ["bye"],
        ],
        call: (v) => teams.deriveTeamMatch(v as never),
      },
      {
        name: "computeTeamStandings",
        valid: {
          teams: [{ id: "t1" }, { id: "t2" }, { id: "t3", firstRound: 2 }],
          matches: [
            {
              round: 1,
              teamA: "t1",
              teamB: "t2",
              seats: [
                { seat: 0, state: "recorded", winner: "A" },
                { seat: 1, state: "recorded", winner: "B" },
              ],
            },
            {
              round: 2,
              teamA: "t1",
              teamB: "t3",
              seats: [
                { seat: 1, state: "recorded", winner: null },
                { seat: 0, state: "recorded", winner: "B" },
              ],
            },
            { round: 2, teamA: "t2", teamB: null },
          ],
          settings: { teamSize: 2, percentageFloor: 0.33 },
        },
        paths: [
          ["teams"],
          ["teams", 0],
          ["teams", 2, "firstRound"],
          ["matches"],
          ["matches", 0],
          ["matches", 0, "round"],
          ["matches", 0, "teamB"],
          ["matches", 0, "seats"],
          ["matches", 0, "seats", 1],
          ["matches", 1, "seats", 0, "winner"],
          ["matches", 2, "teamB"],
          ["matches", 2, "seats"],
          ["settings"],
          ["settings", "teamSize"],
          ["settings", "percentageFloor"],
        ],
        call: (v) => {
          const {
            teams: entrants,
            matches,
            settings,
          } = v as { teams: never; matches: never; settings: never };
          return teams.computeTeamStandings(entrants, matches, settings);
        },
      },
      {
        name: "checkTeamEntry",
        valid: {
          teamSize: 2,
          name: "Pair",
          members: [
            { seat: 0, playerName: "Ada" },
            { seat: 1, playerKey: "k2" },
          ],
          otherTeamsPlayerKeys: ["k3"],
        },
        paths: [
          ["teamSize"],
          ["name"],
          ["members"],
          ["members", 0],
          ["members", 0, "seat"],
          ["members", 0, "playerName"],
          ["members", 1, "playerKey"],
          ["otherTeamsPlayerKeys"],
          ["otherTeamsPlayerKeys", 0],
        ],
        call: (v) => teams.checkTeamEntry(v as never),
      },
      {
        name: "checkArchive",
        valid: {
          tournament: {
            name: "Trios",
            status: "RUNNING",
            teamFormat: "TEAM_MATCHES",
            teamSize: 2,
            structure: "TWO_PLAYER",
            pods: { size: 4, pointsWin: 5, pointsDraw: 1, pointsLoss: 0, additionalTurns: null },
          },
          phases: [
            {
              sequence: 1,
              kind: "SINGLE_ELIMINATION",
              gamesToWin: 2,
              seeds: [{ seed: 1, entrant: "entrant:1" }],
            },
          ],
          staff: [{ ref: "staff:1" }],
          entrants: [
            {
              ref: "entrant:1",
              name: "Ana",
              externalId: "x1",
              firstRound: 1,
              droppedAfterRound: 1,
              members: [
                { seat: 0, name: "A1", externalId: null },
                { seat: 1, name: "A2", externalId: null },
              ],
              drops: [{ staff: "staff:1" }],
              awardedByes: [{ round: 1, withdrawnAt: null }],
            },
            {
              ref: "entrant:2",
              name: "Ben",
              externalId: null,
              firstRound: 1,
              droppedAfterRound: null,
              members: [
                { seat: 0, name: "B1", externalId: null },
                { seat: 1, name: "B2", externalId: null },
              ],
              drops: [],
              awardedByes: [],
            },
          ],
          waitlist: [{ name: "Wes", entrant: "entrant:2" }],
          rounds: [
            {
              number: 1,
              phase: 1,
              status: "COMPLETE",
              pairingChanges: [{ before: null, after: ["entrant:1"], warnings: [] }],
              matches: [
                {
                  ref: "match:1",
                  table: 1,
                  seat: 0,
                  sideA: "entrant:1",
                  sideB: "entrant:2",
                  slip: slip(2, 1),
                  concededBy: null,
                  intentionalDraw: false,
                  resultAsPublished: false,
                  version: 1,
                  voidedAt: null,
                  voidSequence: 0,
                  games: [
                    {
                      ref: "game:1",
                      number: 1,
                      winner: "A",
                      reason: "LIFE",
                      removedAt: null,
                      removalSequence: 0,
                    },
                  ],
                  reports: [
                    {
                      ref: "report:1",
                      reportedBy: "entrant:1",
                      confirmedBy: "entrant:2",
                      staff: null,
                      slip: slip(2, 1),
                      concededBy: null,
                      intentionalDraw: false,
                    },
                  ],
                  changes: [
                    { version: 1, staff: "staff:1", before: null, after: { game: "game:1" } },
                  ],
                  timeExtensions: [{ staff: "staff:1" }],
                  endOfMatch: [{ sequence: 1, data: { type: "time-called" }, staff: null }],
                  penalties: [
                    {
                      ref: "penalty:1",
                      entrant: "entrant:2",
                      kind: "MATCH_LOSS",
                      staff: "staff:1",
                    },
                  ],
                  judgeCalls: [
                    {
                      ref: "call:1",
                      calledBy: "entrant:1",
                      claimedBy: "staff:1",
                      resolvedBy: null,
                      resolvedAt: null,
                    },
                  ],
                },
              ],
              pods: [
                {
                  ref: "pod:1",
                  table: 1,
                  isBye: false,
                  seats: [
                    { seat: 1, entrant: "entrant:1" },
                    { seat: 2, entrant: "entrant:2" },
                  ],
                  events: [{ sequence: 1, data: { player: "entrant:1" } }],
                  corrections: [],
                  reports: [{ ref: "pod-report:1", entrant: "entrant:1", outcome: {} }],
                },
              ],
            },
          ],
        },
        paths: [
          ["tournament"],
          ["tournament", "teamSize"],
          ["tournament", "name"],
          ["tournament", "status"],
          ["tournament", "structure"],
          ["tournament", "pods"],
          ["phases"],
          ["phases", 0, "seeds"],
          ["phases", 0, "seeds", 0],
          ["staff", 0],
          ["entrants"],
          ["entrants", 0],
          ["entrants", 0, "name"],
          ["entrants", 0, "members"],
          ["entrants", 0, "members", 1],
          ["entrants", 0, "drops", 0],
          ["entrants", 0, "awardedByes"],
          ["entrants", 0, "awardedByes", 0],
          ["entrants", 0, "firstRound"],
          ["entrants", 0, "droppedAfterRound"],
          ["waitlist", 0],
          ["waitlist", 0, "name"],
          ["rounds", 0, "status"],
          ["rounds"],
          ["rounds", 0],
          ["rounds", 0, "number"],
          ["rounds", 0, "phase"],
          ["rounds", 0, "pairingChanges", 0],
          ["rounds", 0, "matches", 0],
          ["rounds", 0, "matches", 0, "seat"],
          ["rounds", 0, "matches", 0, "table"],
          ["rounds", 0, "matches", 0, "voidSequence"],
          ["rounds", 0, "matches", 0, "reports", 0, "slip"],
          ["rounds", 0, "matches", 0, "judgeCalls", 0, "resolvedAt"],
          ["rounds", 0, "matches", 0, "games", 0, "removalSequence"],
          ["rounds", 0, "pods", 0, "table"],
          ["rounds", 0, "matches", 0, "sideA"],
          ["rounds", 0, "matches", 0, "sideB"],
          ["rounds", 0, "matches", 0, "slip"],
          ["rounds", 0, "matches", 0, "version"],
          ["rounds", 0, "matches", 0, "games", 0],
          ["rounds", 0, "matches", 0, "games", 0, "reason"],
          ["rounds", 0, "matches", 0, "reports", 0],
          ["rounds", 0, "matches", 0, "changes"],
          ["rounds", 0, "matches", 0, "endOfMatch", 0],
          ["rounds", 0, "matches", 0, "penalties", 0],
          ["rounds", 0, "matches", 0, "judgeCalls", 0],
          ["rounds", 0, "pods", 0],
          ["rounds", 0, "pods", 0, "seats"],
          ["rounds", 0, "pods", 0, "seats", 0],
          ["rounds", 0, "pods", 0, "events"],
          ["rounds", 0, "pods", 0, "reports", 0],
        ],
        call: (v) => archive.checkArchive(v as never),
      },
      {
        name: "reconcileReports",
        valid: {
          format: match.bestOf(3),
          reports: { A: { slip: slip(2, 1) }, B: { slip: slip(2, 1) } },
        },
        paths: [
          ["reports"],
          ["reports", "A"],
          ["reports", "B", "slip"],
          ["reports", "B", "concededBy"],
          ["format"],
        ],
        call: (v) => {
          const { format, reports } = v as { format: never; reports: never };
          return matchReport.reconcileReports(format, reports);
        },
      },
    ];
    const commander = deckLegality.formatRulesFor("commander");
    const modern = deckLegality.formatRulesFor("modern");
    const sealed = deckLegality.formatRulesFor("sealed");
    if (!commander.ok || !modern.ok || !sealed.ok) throw new Error("setup");
    const deck = {
      main: [{ count: 4, card: SHOCK }],
      sideboard: [{ count: 1, card: SHOCK }],
      commanders: [
        { count: 1, card: TYMNA },
        { count: 1, card: THRASIOS },
      ],
      companions: [{ count: 1, card: LURRUS }],
    };
    const deckPaths = [
      ["deck"],
      ["deck", "main"],
      ["deck", "main", 0],
      ["deck", "main", 0, "count"],
      ["deck", "main", 0, "card"],
      ["deck", "main", 0, "card", "name"],
      ["deck", "main", 0, "card", "typeLine"],
      ["deck", "main", 0, "card", "oracleText"],
      ["deck", "main", 0, "card", "colorIdentity"],
      ["deck", "main", 0, "card", "colorIdentity", 0],
      ["deck", "main", 0, "card", "legalities"],
      ["deck", "main", 0, "card", "legalities", "modern"],
      ["deck", "commanders", 0, "card", "keywords"],
      ["deck", "commanders", 1, "card", "oracleText"],
      ["deck", "commanders", 1, "card", "faceNames"],
      ["deck", "companions"],
      ["deck", "companions", 0, "card", "keywords", 0],
      ["deck", "sideboard", 0, "count"],
      ["format"],
      ["format", "kind"],
      ["format", "key"],
      ["format", "legalityKey"],
      ["format", "minMainDeck"],
      ["format", "deckSize"],
      ["pool"],
      ["pool", 0],
      ["pool", 0, "count"],
    ];
    cases.push(
      ...[commander.value, modern.value, sealed.value].map((format) => ({
        name: `checkDeck ${format.key}`,
        valid: { format, deck, pool: [{ count: 9, card: SHOCK }] },
        paths: deckPaths,
        call: (v: unknown) => deckLegality.checkDeck(v as never),
      })),
      {
        name: "deckCheckSheet",
        valid: { deck: { ...deck, main: [...deck.main, { count: 1, card: ATRAXA }] } },
        paths: deckPaths.filter((path) => path[0] === "deck"),
        call: (v) => deckSheet.deckCheckSheet((v as { deck: unknown }).deck),
      },
      {
        name: "pickTablesForDeckCheck",
        valid: {
          tables: [
            { tableNumber: 1, matchOrPodId: "m1", players: ["a", "b"], hasResult: false },
            { tableNumber: 2, matchOrPodId: "m2", players: ["c"], hasResult: false, isBye: true },
          ],
          checkedPlayers: ["a"],
          count: 1,
          random: () => 0.5,
        },
        paths: [
          ["tables"],
          ["tables", 0],
          ["tables", 0, "tableNumber"],
          ["tables", 0, "matchOrPodId"],
          ["tables", 0, "players"],
          ["tables", 0, "players", 0],
          ["tables", 0, "hasResult"],
          ["tables", 1, "isBye"],
          ["checkedPlayers"],
          ["checkedPlayers", 0],
          ["count"],
          ["random"],
        ],
        call: (v) => deckChecks.pickTablesForDeckCheck(v as never),
      },
      {
        name: "checkDeckCheckEntry",
        valid: {
          outcome: "DECK_PROBLEM",
          note: "59 cards",
          players: ["a", "b"],
          registrationId: "a",
          isBye: false,
        },
        paths: [["outcome"], ["note"], ["players"], ["players", 0], ["registrationId"], ["isBye"]],
        call: (v) => deckChecks.checkDeckCheckEntry(v as never),
      },
    );
    for (const c of cases) {
      fc.assert(
        fc.property(fc.constantFrom(...c.paths), fuzz, (path, garbage) => {
          expectRuleResult(c.call(corrupt(c.valid, path, garbage)));
        }),
        { numRuns: 600 },
      );
    }
  }, 30_000);
});
