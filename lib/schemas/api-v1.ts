import { z } from "zod";
import { scopedId } from "./ids";
import { GAME_END_REASONS } from "@/lib/rules/game";
import { PENALTY_KINDS } from "@/lib/rules/penalty";
import { PlayerNameSchema } from "./player";
import { ReportMatchResultJsonSchema } from "./match-result";
import { DECKLIST_PUBLICATIONS } from "@/lib/rules/decklists";
import { DECK_CHECK_OUTCOMES } from "@/lib/rules/deck-checks";
import { ArchetypeSchema, DecklistReasonSchema, DecklistTextSchema } from "./decklist";

// The public HTTP API's bodies and answers (/api/v1, docs/api.md). The OpenAPI document is
// generated from these schemas, and the integration tests check every answer against them.

const ERROR_CODES = [
  "VALIDATION",
  "NOT_FOUND",
  "DUPLICATE_PLAYER",
  "DUPLICATE",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "RATE_LIMITED",
  "CONFLICT",
  "MATCH_CONFIRMED",
  "DISPUTED",
  "INVALID_RESULT",
  "ROUND_NOT_COMPLETE",
  "NOT_ENOUGH_PLAYERS",
  "REGISTRATION_CLOSED",
  "ROUND_STARTED",
  "PLAYOFF_NOT_READY",
  "EVENT_COMPLETE",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "METHOD_NOT_ALLOWED",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_KEY_IN_USE",
  "UNAVAILABLE",
  "DISK_FULL",
  "DECKLISTS_OFF",
  "UNKNOWN_CARDS",
  "DECKLIST_TOO_LONG",
  "UNREADABLE_DECKLIST",
  "NO_CARD_DATABASE",
  "INTERNAL",
] as const;

const DateTime = z.iso.datetime().describe("ISO 8601 time in UTC.");
const SideValue = z.enum(["A", "B"]);

export const ApiErrorSchema = z
  .strictObject({
    error: z.strictObject({
      code: z.enum(ERROR_CODES).describe("Stable: clients act on it. New codes may be added."),
      message: z
        .string()
        .describe("A sentence for people, naming the field or header that is wrong."),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .describe("Per field (JSON key, or header name): what is wrong with it."),
      unknownCards: z
        .array(
          z.strictObject({
            name: z.string().describe("The name as the list wrote it."),
            lines: z.array(z.number().int()).describe("The list's lines naming it (from 1)."),
            suggestions: z.array(z.string()).describe("The closest card names, best first."),
            message: z.string(),
          }),
        )
        .optional()
        .describe("UNKNOWN_CARDS only: each name no card has."),
      lineProblems: z
        .array(z.strictObject({ line: z.number().int(), text: z.string(), message: z.string() }))
        .optional()
        .describe("UNREADABLE_DECKLIST only: each line that is not a count and a card name."),
    }),
  })
  .meta({ id: "Error" });

export const PageInfoSchema = z
  .strictObject({
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0).describe("Rows matching `q` (all rows without it)."),
    pageCount: z.number().int().min(1),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
  })
  .meta({ id: "PageInfo" });

const PhaseSchema = z.strictObject({
  kind: z.enum(["SWISS", "SINGLE_ELIMINATION"]),
  gamesToWin: z
    .number()
    .int()
    .describe("MTR 2.1: games needed to win a match (2 = best-of-three)."),
  roundMinutes: z.number().int().nullable(),
  plannedRounds: z.number().int().nullable(),
  plannedCut: z
    .number()
    .int()
    .nullable()
    .describe("Swiss (MTR 3.1): the top cut the organizer plans (4, 8 or 16); null: none."),
  cutSize: z.number().int().nullable().describe("Playoff: players in the top cut."),
});

export const TournamentSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    format: z.string(),
    status: z.enum(["REGISTRATION", "RUNNING", "COMPLETE"]),
    teamSize: z.number().int(),
    isPublished: z
      .boolean()
      .describe("False: in preparation, visible to its staff (and their tokens) only."),
    createdAt: DateTime,
    phases: z.array(PhaseSchema),
    pods: z
      .strictObject({
        podSize: z
          .number()
          .int()
          .describe("Players a pod seats (3 or 4; pods of 3 fill the count)."),
        points: z
          .strictObject({ win: z.number(), draw: z.number(), loss: z.number() })
          .describe("Points per pod result; a bye counts as a win."),
      })
      .optional()
      .describe(
        "Only in a pod event (CR 100.6a: pods of 3–4 players, one game each): its pods are read at …/rounds/{roundNumber}/pods. Absent for two-player events.",
      ),
  })
  .meta({ id: "Tournament" });

export const PlayerSchema = z
  .strictObject({
    id: z
      .string()
      .describe("The registration id: names the player in pairings, standings and writes."),
    name: z.string(),
    firstRound: z
      .number()
      .int()
      .describe("A late entry's first round; the rounds before count as losses."),
    droppedAfterRound: z
      .number()
      .int()
      .nullable()
      .describe("MTR 2.10: the player is not paired after this round (0: before their first)."),
  })
  .meta({ id: "Player" });

export const RoundSchema = z
  .strictObject({
    number: z
      .number()
      .int()
      .min(1)
      .describe("Across the tournament: Swiss rounds, then playoff rounds."),
    phase: z.enum(["SWISS", "SINGLE_ELIMINATION"]),
    status: z.enum(["PAIRED", "IN_PROGRESS", "COMPLETE"]),
    startedAt: DateTime.nullable(),
    matchCount: z.number().int(),
    podCount: z
      .number()
      .int()
      .optional()
      .describe("Only in a pod event: the round's pods, byes included (its matchCount is 0)."),
  })
  .meta({ id: "Round" });

const PairingSide = z.strictObject({
  id: z.string().describe("The entrant: the player, or the team."),
  name: z.string(),
  member: z
    .string()
    .nullable()
    .describe(
      "In a team event of seat matches, the team member who plays this seat's match (MTR 8.2); null otherwise.",
    ),
});

export const PairingSchema = z
  .strictObject({
    matchId: z.string(),
    roundNumber: z.number().int(),
    table: z.number().int(),
    seat: z
      .enum(["A", "B", "C"])
      .nullable()
      .describe(
        "In a team event of seat matches, the seat whose members play this match (MTR 8.2: A plays A); null otherwise.",
      ),
    tableLabel: z
      .string()
      .describe(
        'The table as printed and typed in quick entry: "12", or "12A" for seat A of team table 12.',
      ),
    playerA: PairingSide,
    playerB: PairingSide.nullable().describe("Null: a bye."),
    result: z
      .strictObject({
        winsA: z.number().int(),
        winsB: z.number().int(),
        draws: z.number().int(),
        concededBy: SideValue.nullable(),
        intentionalDraw: z.boolean(),
      })
      .nullable()
      .describe("The result slip (MTR 2.1), null until reported."),
    isConfirmed: z.boolean(),
    version: z
      .number()
      .int()
      .describe("Send it back as expectedVersion when reporting the result."),
  })
  .meta({ id: "Pairing" });

const Slip = z.strictObject({
  winsA: z.number().int(),
  winsB: z.number().int(),
  draws: z.number().int(),
});
const At = { at: DateTime, who: z.string().nullable() };

const HistoryEntrySchema = z
  .discriminatedUnion("kind", [
    z.strictObject({
      ...At,
      kind: z.literal("result-change"),
      change: z.enum([
        "REPORTED",
        "CONFIRMED",
        "DISPUTED",
        "CORRECTED",
        "CLEARED",
        "VOIDED",
        "GAME_RECORDED",
        "GAME_REMOVED",
        "GAME_RESTARTED",
      ]),
      source: z.enum(["PLAYER", "STAFF", "SYSTEM"]),
      version: z.number().int(),
      before: Slip.nullable(),
      after: Slip.nullable(),
      game: z
        .strictObject({
          number: z.number().int(),
          winner: SideValue.nullable(),
          reason: z.enum(GAME_END_REASONS),
        })
        .nullable(),
      restart: z.strictObject({ number: z.number().int(), by: SideValue }).nullable().optional(),
      setAside: z
        .strictObject({
          by: SideValue,
          slip: Slip,
          concededBy: SideValue.nullable(),
          intentionalDraw: z.boolean(),
        })
        .nullable()
        .optional()
        .describe(
          "A player's report that was waiting for the opponent when a judge recorded this game, set aside by it (MTR 2.5).",
        ),
      note: z.string(),
    }),
    z.strictObject({
      ...At,
      kind: z.literal("report"),
      source: z.enum(["PLAYER", "STAFF", "SYSTEM"]),
      slip: Slip,
      concededBy: SideValue.nullable(),
      intentionalDraw: z.boolean(),
      confirmedAt: DateTime.nullable(),
    }),
    z.strictObject({
      ...At,
      kind: z.literal("game"),
      number: z.number().int(),
      winner: SideValue.nullable(),
      reason: z.enum(GAME_END_REASONS),
      chooser: SideValue,
      choice: z.enum(["PLAY", "DRAW"]),
      takenBack: z.boolean().optional(),
    }),
    z.strictObject({
      ...At,
      kind: z.literal("penalty"),
      player: z.string(),
      side: SideValue.nullable(),
      penalty: z.enum(PENALTY_KINDS),
      infraction: z.string(),
      gameNumber: z.number().int().nullable(),
      addedTurns: z.number().int(),
      note: z.string(),
    }),
    z.strictObject({
      ...At,
      kind: z.literal("time-extension"),
      minutes: z.number().int(),
      reason: z.string(),
    }),
    z.strictObject({
      ...At,
      kind: z.literal("end-of-match"),
      sequence: z.number().int(),
      step: z.enum([
        "TIME_CALLED",
        "TURN_ENDED",
        "EXTRA_TURN",
        "PENALTY_TURNS",
        "LIFE_TOTALS",
        "GAME_ENDED",
      ]),
      data: z.unknown(),
    }),
  ])
  .meta({ id: "MatchHistoryEntry" });

export const MatchSchema = PairingSchema.extend({
  games: z
    .array(
      z.strictObject({
        number: z.number().int(),
        winner: SideValue.nullable().describe("Null: a drawn game."),
        reason: z.enum(GAME_END_REASONS).describe("How the game ended (CR 104)."),
        chooser: SideValue.describe("MTR 2.2: who chose to play or draw."),
        choice: z.enum(["PLAY", "DRAW"]),
        lifeA: z.number().int().nullable(),
        lifeB: z.number().int().nullable(),
        losingSeat: z
          .number()
          .int()
          .nullable()
          .describe(
            "CR 810.8a: in Two-Headed Giant, the losing team's player (seat 0 or 1) whose loss was the team's; null when the team lost as a team or none was named.",
          ),
      }),
    )
    .describe("The games that count, in order (taken-back games are in the history)."),
  history: z
    .array(HistoryEntrySchema)
    .describe(
      "Every change, report, game, penalty, extension and end-of-match step, oldest first.",
    ),
}).meta({ id: "Match" });

const WinLossDraw = z.strictObject({
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
});

export const StandingSchema = z
  .strictObject({
    rank: z.number().int(),
    playerId: z.string(),
    name: z.string(),
    matchPoints: z.number(),
    gamePoints: z.number(),
    matchesPlayed: z.number().int(),
    record: WinLossDraw,
    gamesPlayed: z.number().int(),
    gameRecord: WinLossDraw,
    matchWinPct: z.number(),
    gameWinPct: z.number(),
    opponentMatchWinPct: z.number(),
    opponentGameWinPct: z.number(),
    byes: z.number().int(),
    lateEntryLosses: z.number().int(),
    joinedInRound: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe(
        "A late entry's first round (null for an entry from round 1); its missed rounds count as losses when lateEntryLosses > 0.",
      ),
    dropped: z.boolean(),
    droppedAfterRound: z.number().int().nullable(),
    tiedWithPrevious: z.boolean(),
    swissRank: z.number().int(),
    playoff: z
      .unknown()
      .nullable()
      .describe("The player's playoff finish, null outside the top cut."),
  })
  .meta({ id: "Standing" });

export const StandingsSchema = z
  .strictObject({
    throughRound: z.number().int().describe("Standings after this round (the last complete one)."),
    hasPlayoff: z.boolean(),
    tiebreakers: z
      .strictObject({
        order: z
          .array(z.string())
          .describe("MTR Appendix C: the keys that rank players, in order."),
        percentageFloor: z.number().describe("Minimum of every percentage (MTR Appendix C: 0.33)."),
        byeCountsInOwnPercentages: z.boolean(),
      })
      .describe("The settings that produced these standings."),
    rows: z.array(StandingSchema),
  })
  .meta({ id: "Standings" });

const BracketSeat = z
  .strictObject({ id: z.string(), name: z.string(), seed: z.number().int().nullable() })
  .nullable();

export const BracketSchema = z
  .strictObject({
    cutSize: z.number().int(),
    champion: z.string().nullable().describe("The champion's name once the final is decided."),
    rounds: z.array(
      z.strictObject({
        name: z.string(),
        roundNumber: z.number().int(),
        matches: z.array(
          z.strictObject({
            position: z.number().int(),
            matchId: z.string().nullable(),
            playerA: BracketSeat,
            playerB: BracketSeat,
            winnerId: z.string().nullable(),
            score: z.string().nullable(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "Bracket" });

// ---- Pod events (CR 100.6a: pods of 3–4 players, one game each) --------------------------------

const POD_RESULT_REASONS = [...GAME_END_REASONS, "MATCH_LOSS", "WIN_REPORTED"] as const;
const POD_CUT_FINISHES = ["champion", "final", "semifinal", "quarterfinal", "playing"] as const;
const PodsDiscriminator = z
  .literal("PODS")
  .describe("A pod event's answer (CR 100.6a); a two-player event's has no `structure`.");

export const PodResultSchema = z
  .strictObject({
    winnerId: z
      .string()
      .nullable()
      .describe("The winner's player id (CR 104.2a); null: the game is a draw."),
    reason: z
      .enum(POD_RESULT_REASONS)
      .describe(
        "How the game ended: the last opponent's reason for leaving, CARD_EFFECT_WIN (104.2b), WIN_REPORTED (a win entered without how each opponent left), or the kind of draw: DRAW_INTENTIONAL (every player still in agreed, 104.4i), DRAW_UNFINISHED_AT_TIME (a draw at time), DRAW_LOOP (104.4b), DRAW_CARD_EFFECT (104.4c), DRAW_SIMULTANEOUS_LOSS (everyone left at once, 104.4a).",
      ),
    rule: z.string().describe("The rule it follows (a Comprehensive Rules or MTR section)."),
    players: z
      .array(
        z.strictObject({
          playerId: z.string(),
          result: z.enum(["win", "draw", "loss"]),
          place: z
            .number()
            .int()
            .min(1)
            .describe(
              "1: the winner, or every player who drew; then in reverse order of leaving (players who left together share a place).",
            ),
          points: z
            .number()
            .describe("What this result scores in the event (its win, draw or loss points)."),
        }),
      )
      .describe("Every player of the pod, in seat order."),
  })
  .meta({ id: "PodResult" });

export const PodSchema = z
  .strictObject({
    podId: z.string(),
    roundNumber: z.number().int(),
    table: z.number().int().describe("The pod's table number."),
    isBye: z.boolean().describe("A bye: one player and no game; it counts as a win."),
    seats: z
      .array(
        z.strictObject({
          seat: z.number().int().min(1),
          playerId: z.string().describe("The player's id (`id` in the players list)."),
          name: z.string(),
        }),
      )
      .describe("In seat order: seat 1 takes the first turn."),
    result: PodResultSchema.nullable().describe(
      "The game's result once it is decided (isConfirmed says whether it is recorded); null while it is played, and for a bye.",
    ),
    isConfirmed: z
      .boolean()
      .describe("The result is recorded and counts (MTR 2.5); a bye always is."),
    version: z
      .number()
      .int()
      .describe("Send it back as expectedVersion when recording the pod's result."),
  })
  .meta({ id: "Pod" });

export const PodStandingSchema = z
  .strictObject({
    rank: z.number().int(),
    playerId: z.string(),
    name: z.string(),
    points: z.number(),
    record: z.strictObject({
      wins: z.number().int(),
      draws: z.number().int(),
      losses: z.number().int(),
      byes: z.number().int(),
    }),
    roundsCounted: z
      .number()
      .int()
      .describe(
        "Rounds in the player's own match-win %: pods, byes and a late entry's missed rounds.",
      ),
    matchWinPct: z
      .number()
      .describe(
        "Points earned over the points of a win in every round counted, at least the floor.",
      ),
    opponentMatchWinPct: z.number(),
    opponentOpponentMatchWinPct: z.number(),
    dropped: z.boolean(),
    tiedWithPrevious: z
      .boolean()
      .describe("Equal to the row above on points and every tiebreaker."),
    swissRank: z
      .number()
      .int()
      .describe("The place after the Swiss rounds; rank differs once the top cut has a champion."),
    cutFinish: z
      .enum(POD_CUT_FINISHES)
      .nullable()
      .describe("How far the player went in the top cut; null outside it."),
  })
  .meta({ id: "PodStanding" });

export const PodStandingsSchema = z
  .strictObject({
    structure: PodsDiscriminator,
    throughRound: z
      .number()
      .int()
      .describe("Standings after this Swiss round (the last complete one)."),
    hasPlayoff: z.boolean().describe("The top cut has started."),
    points: z
      .strictObject({ win: z.number(), draw: z.number(), loss: z.number() })
      .describe("Points per pod result; a bye counts as a win."),
    tiebreakers: z
      .strictObject({
        order: z
          .array(z.string())
          .describe("The keys that rank players, in order (community tournament addenda)."),
        percentageFloor: z.number().describe("Minimum of every match-win percentage."),
      })
      .describe("The settings that produced these standings."),
    rows: z.array(PodStandingSchema),
  })
  .meta({ id: "PodStandings" });

export const PodBracketSchema = z
  .strictObject({
    structure: PodsDiscriminator,
    cutSize: z
      .number()
      .int()
      .describe(
        "4 (one final pod), 10 (two semifinal pods, then the final) or 16 (four quarterfinal pods, then the final).",
      ),
    champion: z.string().nullable().describe("The champion's name once the final pod is decided."),
    championId: z.string().nullable(),
    pods: z.array(
      z.strictObject({
        slot: z
          .string()
          .describe(
            '"Q1"–"Q4" (quarterfinal pods), "S1", "S2" (semifinal pods) or "F" (the final pod).',
          ),
        name: z.string(),
        podId: z
          .string()
          .nullable()
          .describe(
            "The seated pod's id (in its round's pods, where its result is recorded); null until it is seated.",
          ),
        roundNumber: z.number().int().nullable(),
        table: z.number().int().nullable(),
        seats: z
          .array(z.strictObject({ seed: z.number().int(), playerId: z.string(), name: z.string() }))
          .describe(
            "The players known so far, best seed first (they choose their seats in that order).",
          ),
        waitingFor: z
          .array(z.string())
          .describe("The slots whose winners are still to come to this pod."),
        winnerId: z
          .string()
          .nullable()
          .describe(
            "Who goes on (from the final: the champion): the winner, or after a draw (isDraw) the best seed of the players who drew.",
          ),
        isDraw: z.boolean(),
      }),
    ),
  })
  .meta({ id: "PodBracket" });

export const RecordedPodResultSchema = PodSchema.extend({
  isDuplicate: z
    .boolean()
    .describe("True when the data layer had already recorded this very request."),
}).meta({ id: "RecordedPodResult" });

export const RecordedResultSchema = z
  .strictObject({
    matchId: z.string(),
    version: z.number().int().describe("The match's version after this result."),
    winner: SideValue.nullable(),
    isDuplicate: z
      .boolean()
      .describe("True when the data layer had already recorded this very report."),
    currentVersion: z.number().int().optional(),
    isCurrent: z.boolean().optional(),
    laterRoundsPaired: z.boolean().optional(),
  })
  .meta({ id: "RecordedResult" });

// ---- Request bodies ---------------------------------------------------------------------------

/** POST …/players: one player joins (a late entry after round 1 has been paired). */
export const RegisterPlayerBodySchema = z
  .strictObject(
    { name: PlayerNameSchema.describe("The player's name as shown in pairings.") },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `${JSON.stringify(String(issue.keys[0]))} is not a field of a registration; send only name.`
          : undefined,
    },
  )
  .meta({ id: "RegisterPlayerBody" });

/** POST …/matches/{matchId}/result: the slip; the Idempotency-Key header replaces the body's key. */
export const ReportResultBodySchema = ReportMatchResultJsonSchema.omit({
  idempotencyKey: true,
}).meta({ id: "ReportResultBody" });

export const RegisteredPlayerSchema = z
  .strictObject({ id: z.string(), name: z.string(), firstRound: z.number().int() })
  .meta({ id: "RegisteredPlayer" });
export const DroppedPlayerSchema = z
  .strictObject({ id: z.string(), droppedAfterRound: z.number().int() })
  .meta({ id: "DroppedPlayer" });

/** Success envelopes: `{ data }`, and for lists `{ data, page }`. */
export const dataOf = <S extends z.ZodType>(schema: S) => z.strictObject({ data: schema });
export const pageOf = <S extends z.ZodType>(schema: S) =>
  z.strictObject({ data: z.array(schema), page: PageInfoSchema });

/** POST …/rounds/{roundNumber}/swaps: the two players whose seats change places. */
export const SwapBodySchema = z
  .strictObject(
    {
      playerId: scopedId(
        "registration",
        z
          .string({ error: "playerId (the first player's id) is missing." })
          .trim()
          .min(1, "playerId (the first player's id) is missing."),
      ),
      otherPlayerId: scopedId(
        "registration",
        z
          .string({ error: "otherPlayerId (the player to swap with) is missing." })
          .trim()
          .min(1, "otherPlayerId (the player to swap with) is missing."),
      ),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `${JSON.stringify(String(issue.keys[0]))} is not a field of a swap; send only playerId and otherPlayerId.`
          : undefined,
    },
  )
  .meta({ id: "SwapBody" });

export const PairedRoundSchema = z
  .strictObject({ roundNumber: z.number().int() })
  .meta({ id: "PairedRound" });

const PairingWarningSchema = z
  .strictObject({
    code: z.string().describe("REMATCH, REPEATED_BYE, BYE_NOT_LOWEST, …"),
    message: z.string(),
    playerIds: z.array(z.string()),
  })
  .meta({ id: "PairingWarning" });

export const SwapResultSchema = z
  .strictObject({
    warnings: z
      .array(PairingWarningSchema)
      .describe("What the organizer should check: the swap is made anyway, as on the round page."),
  })
  .meta({ id: "SwapResult" });

const unknownField =
  (what: string, fields: string) => (issue: { code: string; keys?: PropertyKey[] }) =>
    issue.code === "unrecognized_keys"
      ? `${JSON.stringify(String(issue.keys?.[0]))} is not a field of ${what}; send only ${fields}.`
      : undefined;

/** A player in a row of entered pairings: by registration id, or by name as registered. */
const PlayerRefSchema = z
  .union(
    [
      z.strictObject({
        id: z.string().trim().min(1).describe("The player's id (`id` in the players list)."),
      }),
      z.strictObject({
        name: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .describe(
            "The player's name as registered; case and spacing are ignored, as when names are pasted in the app.",
          ),
      }),
    ],
    {
      error: (issue) =>
        issue.input === undefined
          ? 'is missing: name the player as {"id": "…"} or {"name": "…"} (for a bye, playerB is null).'
          : 'names the player as {"id": "…"} (from the players list) or {"name": "…"}, one of the two.',
    },
  )
  .meta({ id: "PlayerRef" });

/** One table of a round entered from another program. */
export const PairingRowSchema = z.strictObject(
  {
    table: z
      .number({ error: "table must be a whole number from 1 to 9999." })
      .int("table must be a whole number from 1 to 9999.")
      .min(1, "table must be a whole number from 1 to 9999.")
      .max(9999, "table must be a whole number from 1 to 9999.")
      .optional()
      .describe(
        "The table number. Number every row or none: then tables are numbered in row order.",
      ),
    playerA: PlayerRefSchema,
    playerB: PlayerRefSchema.nullable().describe("The opponent; null gives playerA the bye."),
  },
  { error: unknownField("a row of pairings", "table, playerA and playerB") },
);

/** POST …/rounds/{roundNumber}/pairings: the round's exact pairings, one row per table. */
export const EnterPairingsBodySchema = z
  .strictObject(
    {
      pairings: z
        .array(PairingRowSchema, {
          error:
            'pairings must be a list of rows such as {"table": 1, "playerA": {"name": "Ana"}, "playerB": {"name": "Ben"}}.',
        })
        .min(1, "pairings is empty: send at least one table.")
        .max(1000, "Send at most 1,000 tables at a time."),
    },
    { error: unknownField("entered pairings", "pairings") },
  )
  .superRefine(({ pairings }, context) => {
    const numbered = pairings.map((row) => row.table !== undefined);
    const first = numbered.indexOf(!numbered[0]);
    if (first !== -1)
      context.addIssue({
        code: "custom",
        path: ["pairings", first, "table"],
        message: "number every table or none (then they are numbered in row order).",
      });
  })
  .meta({ id: "EnterPairingsBody" });

export const EnteredRoundSchema = z
  .strictObject({
    roundNumber: z.number().int(),
    tables: z.number().int().describe("Rows written, byes included."),
    warnings: z
      .array(PairingWarningSchema)
      .describe(
        "What the organizer should check (a rematch, a bye not to the lowest player): the round is entered anyway, as on the overview.",
      ),
  })
  .meta({ id: "EnteredRound" });

// ---- Byes awarded in advance ------------------------------------------------------------------

const ByeRounds = z.array(z.number().int()).describe("Rounds, in order.");

export const AwardedByeSchema = z
  .strictObject({
    playerId: z.string(),
    name: z.string(),
    rounds: ByeRounds.describe("Rounds this player is not paired in and gets a bye, in order."),
  })
  .meta({ id: "AwardedBye" });

const PlayerIdField = scopedId(
  "registration",
  z
    .string({ error: "playerId (the player's id from the players list) is missing." })
    .trim()
    .min(1, "playerId (the player's id from the players list) is missing."),
);
const roundsMessage = "rounds must be a list of round numbers such as [1, 2].";

/** POST …/awarded-byes: byes in advance for one player, for named rounds not yet paired. */
export const AwardByesBodySchema = z
  .strictObject(
    {
      playerId: PlayerIdField,
      rounds: z
        .array(
          z
            .number({ error: roundsMessage })
            .int(roundsMessage)
            .min(1, "Rounds are numbered from 1."),
          { error: roundsMessage },
        )
        .min(1, "rounds is empty: name at least one round.")
        .max(20, "Name at most 20 rounds."),
    },
    { error: unknownField("an award of byes", "playerId and rounds") },
  )
  .meta({ id: "AwardByesBody" });

/** POST …/awarded-byes/withdraw: one awarded bye, before its round is paired. */
export const WithdrawAwardedByeBodySchema = z
  .strictObject(
    {
      playerId: PlayerIdField,
      roundNumber: z
        .number({ error: "roundNumber must be a whole number from 1." })
        .int("roundNumber must be a whole number from 1.")
        .min(1, "roundNumber must be a whole number from 1."),
    },
    { error: unknownField("a withdrawal", "playerId and roundNumber") },
  )
  .meta({ id: "WithdrawAwardedByeBody" });

export const WithdrawnByeSchema = z
  .strictObject({ playerId: z.string(), name: z.string(), roundNumber: z.number().int() })
  .meta({ id: "WithdrawnBye" });

// ---- A pod's result ----------------------------------------------------------------------------

const podVersionMessage =
  "expectedVersion (the pod's version as last read) must be a whole number from 0.";
const POD_OUTCOMES = ["win", "agreed-draw", "draw-at-time"] as const;

/** POST …/pods/{podId}/result: a finished pod's outcome as staff enter it; the Idempotency-Key header is the request's key. */
export const RecordPodResultBodySchema = z
  .strictObject(
    {
      outcome: z
        .enum(POD_OUTCOMES, { error: 'outcome must be "win", "agreed-draw" or "draw-at-time".' })
        .describe(
          "win: winnerId won (CR 104.2a); agreed-draw: every player still in the game agreed to a draw (104.4i); draw-at-time: the round's time ran out and the end-of-round turns were played.",
        ),
      winnerId: scopedId(
        "podSeat",
        z
          .string({
            error:
              "winnerId must be the winner's player id (the playerId of one of the pod's seats).",
          })
          .trim()
          .min(1, "winnerId is empty: name the winner by the playerId of one of the pod's seats.")
          .optional()
          .describe("With a win only: the winner's player id (a seat's playerId)."),
      ),
      seat: z
        .number({ error: "seat must be a team member's seat: 0 (A), 1 (B) or 2 (C)." })
        .int("seat must be a team member's seat: 0 (A), 1 (B) or 2 (C).")
        .min(0, "seat must be a team member's seat: 0 (A), 1 (B) or 2 (C).")
        .max(2, "seat must be a team member's seat: 0 (A), 1 (B) or 2 (C).")
        .optional()
        .describe(
          "In a team event, the member whose deck it is (0 = A); left out for a player alone.",
        ),
      expectedVersion: z
        .number({
          error: (issue) =>
            issue.input === undefined
              ? "expectedVersion (the pod's version as last read) is missing."
              : podVersionMessage,
        })
        .int(podVersionMessage)
        .min(0, podVersionMessage),
    },
    { error: unknownField("a pod's result", "outcome, winnerId and expectedVersion") },
  )
  .superRefine(({ outcome, winnerId }, context) => {
    if (outcome === "win" && winnerId === undefined)
      context.addIssue({
        code: "custom",
        path: ["winnerId"],
        message:
          "winnerId is missing: a win names its winner (the playerId of one of the pod's seats).",
      });
    if (outcome !== "win" && winnerId !== undefined)
      context.addIssue({
        code: "custom",
        path: ["winnerId"],
        message: `winnerId is sent with a win only: ${outcome === "agreed-draw" ? "an agreed draw" : "a draw at time"} has no winner.`,
      });
  })
  .meta({ id: "RecordPodResultBody" });

// ---- Decklists (MTR 2.7) and deck checks (MTR 2.8) ----------------------------------------------

const DecklistCardSchema = z.strictObject({
  count: z.number().int().min(1),
  name: z.string().describe("The card's Oracle name (both faces of a double-faced card)."),
  oracleId: z.string().describe("The card's Oracle id (Scryfall)."),
});

const DecklistEntriesSchema = z
  .strictObject({
    main: z.array(DecklistCardSchema),
    sideboard: z.array(DecklistCardSchema),
    commanders: z.array(DecklistCardSchema).describe("Commander only: the commander(s)."),
    companions: z.array(DecklistCardSchema),
  })
  .describe("The cards by section as the card database names them; one entry per card.")
  .meta({ id: "DecklistEntries" });

const DeckCountsSchema = z
  .strictObject({
    main: z.number().int(),
    sideboard: z.number().int(),
    commanders: z.number().int(),
    companions: z.number().int(),
  })
  .describe("Cards per section.");

const DeckFindingSchema = z
  .strictObject({
    code: z.string().describe("Stable: clients act on it (BANNED, MAIN_DECK_TOO_SMALL, …)."),
    rule: z.string().describe("The rule it applies (CR or MTR), or empty."),
    message: z.string(),
  })
  .meta({ id: "DeckFinding" });

const DecklistCheckSchema = z
  .strictObject({
    isLegal: z.boolean(),
    problems: z.array(DeckFindingSchema).describe("Why it is not legal; empty when legal."),
    notes: z.array(DeckFindingSchema).describe("What a judge may want to know; not problems."),
    format: z.string().describe("The format it was checked as (a key such as modern)."),
    checkedAgainst: DateTime.describe("The card data's date it was checked against: legal as of."),
    isStale: z
      .boolean()
      .describe("Checked as another format than the event's now: it needs checking again."),
  })
  .meta({ id: "DecklistCheck" });

const PlayerId = z.string().describe("The player's id (`id` in the players list).");

export const DecklistSchema = z
  .strictObject({
    playerId: PlayerId,
    seat: z
      .number()
      .int()
      .min(0)
      .describe(
        "In a team event, the member's seat whose deck it is (0 = A); 0 for a player alone.",
      ),
    name: z.string(),
    archetype: z.string().describe('The deck\'s name as entered; "" for none.'),
    version: z
      .number()
      .int()
      .min(1)
      .describe("Send it back as expectedVersion when changing the list."),
    counts: DeckCountsSchema,
    entries: DecklistEntriesSchema,
    isInTopCut: z.boolean().describe("Seeded into the playoff."),
    updatedAt: DateTime,
    check: DecklistCheckSchema.nullable().describe(
      "Whether it is legal and why not: to the tournament's staff only; null for anyone else.",
    ),
  })
  .meta({ id: "Decklist" });

export const DecklistsSchema = z
  .strictObject({
    format: z
      .string()
      .nullable()
      .describe("The format lists are checked as (a key such as modern); null: no decklists."),
    formatName: z.string().nullable(),
    deadline: DateTime.nullable().describe(
      "When players' own lists become final; null: when round 1 is paired.",
    ),
    publication: z
      .enum(DECKLIST_PUBLICATIONS)
      .describe("Which lists anyone may read: none, every list, or the top cut's."),
    decklists: z
      .array(DecklistSchema)
      .describe("The lists the caller may read, by player name: staff every list."),
    playersWithoutList: z
      .array(
        z.strictObject({
          playerId: PlayerId,
          seat: z.number().int().min(0).describe("In a team event, the member without a list."),
          name: z.string(),
          isDropped: z.boolean(),
        }),
      )
      .nullable()
      .describe("Staff only: the players who have no list; null for anyone else."),
  })
  .meta({ id: "Decklists" });

const DecklistChangeSchema = z
  .strictObject({
    version: z.number().int().describe("The list's version this change made."),
    at: DateTime,
    source: z.enum(["PLAYER", "STAFF"]),
    who: z.string(),
    reason: z.string().describe("Staff's reason, required once lists are final (IPG 3.4)."),
    archetype: z.string(),
    isLegal: z.boolean(),
    textBefore: z.string().nullable().describe("Null for the first list."),
    textAfter: z.string(),
  })
  .meta({ id: "DecklistChange" });

export const DecklistDetailSchema = DecklistSchema.extend({
  text: z.string().nullable().describe("The list as sent: staff only; null for anyone else."),
  history: z
    .array(DecklistChangeSchema)
    .nullable()
    .describe("Every change, oldest first: staff only; null for anyone else."),
}).meta({ id: "DecklistDetail" });

export const SavedDecklistSchema = z
  .strictObject({
    playerId: PlayerId,
    seat: z
      .number()
      .int()
      .min(0)
      .describe(
        "In a team event, the member's seat whose deck it is (0 = A); 0 for a player alone.",
      ),
    version: z.number().int().min(1),
    archetype: z.string(),
    counts: DeckCountsSchema,
    entries: DecklistEntriesSchema,
    check: DecklistCheckSchema,
    isUnchanged: z
      .boolean()
      .describe("The list and name were already exactly these: nothing was written."),
  })
  .meta({ id: "SavedDecklist" });

const listVersionMessage =
  "expectedVersion must be the list's version as last read (from 1), or null for a first list.";

/** POST …/decklists/{registrationId}: the fields of the staff form; the Idempotency-Key header is its key. */
export const SubmitDecklistBodySchema = z
  .strictObject(
    {
      text: DecklistTextSchema.describe(
        "The list as text: lines like “4 Lightning Bolt”, then “Sideboard” (or a blank line).",
      ),
      archetype: ArchetypeSchema.describe("The deck's name (Burn, Amulet Titan); optional."),
      reason: DecklistReasonSchema.describe(
        "Why it changes: required once players' lists are final (IPG 3.4).",
      ),
      seat: z
        .number({ error: "seat must be a team member's seat: 0 (A), 1 (B) or 2 (C)." })
        .int("seat must be a team member's seat: 0 (A), 1 (B) or 2 (C).")
        .min(0, "seat must be a team member's seat: 0 (A), 1 (B) or 2 (C).")
        .max(2, "seat must be a team member's seat: 0 (A), 1 (B) or 2 (C).")
        .optional()
        .describe(
          "In a team event, the member whose deck it is (0 = A); left out for a player alone.",
        ),
      expectedVersion: z
        .number({
          error: (issue) =>
            issue.input === undefined
              ? "expectedVersion (the list's version as last read, or null) is missing."
              : listVersionMessage,
        })
        .int(listVersionMessage)
        .min(1, listVersionMessage)
        .nullable(),
    },
    {
      error: unknownField("a decklist", "text, archetype, reason, seat and expectedVersion"),
    },
  )
  .meta({ id: "SubmitDecklistBody" });

export const DeckCheckSchema = z
  .strictObject({
    id: z.string(),
    roundNumber: z.number().int(),
    table: z.number().int(),
    matchId: z.string().nullable(),
    podId: z.string().nullable().describe("In a pod event, the pod checked."),
    playerId: PlayerId,
    name: z.string(),
    opponents: z.array(z.string()).describe("The others at the table, by name."),
    outcome: z
      .enum(DECK_CHECK_OUTCOMES)
      .describe("PASSED, or the problem found (IPG 3.4 decklist, IPG 3.5 deck)."),
    note: z.string(),
    decklistVersion: z
      .number()
      .int()
      .nullable()
      .describe("The list's version the deck was counted against."),
    judge: z.string(),
    at: DateTime,
    penalty: z
      .strictObject({
        id: z.string(),
        kind: z.enum(PENALTY_KINDS),
        infraction: z.string(),
        at: DateTime,
      })
      .nullable()
      .describe("The penalty given from this check's problem."),
    replacesId: z.string().nullable().describe("The earlier record this one corrects."),
    replacedById: z.string().nullable().describe("The later record correcting this one."),
    isCurrent: z.boolean().describe("Not corrected since: this record stands."),
  })
  .meta({ id: "DeckCheck" });
