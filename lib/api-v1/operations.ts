import { z } from "zod";
import {
  ApiErrorSchema,
  BracketSchema,
  dataOf,
  DroppedPlayerSchema,
  MatchSchema,
  pageOf,
  PairingSchema,
  PlayerSchema,
  RecordedResultSchema,
  RegisteredPlayerSchema,
  RegisterPlayerBodySchema,
  ReportResultBodySchema,
  RoundSchema,
  StandingsSchema,
  TournamentSchema,
  PageInfoSchema,
  PairedRoundSchema,
  SwapBodySchema,
  SwapResultSchema,
  EnterPairingsBodySchema,
  EnteredRoundSchema,
  AwardedByeSchema,
  AwardByesBodySchema,
  WithdrawAwardedByeBodySchema,
  WithdrawnByeSchema,
  PodSchema,
  PodStandingsSchema,
  PodBracketSchema,
  RecordPodResultBodySchema,
  RecordedPodResultSchema,
  DecklistsSchema,
  DecklistDetailSchema,
  SubmitDecklistBodySchema,
  SavedDecklistSchema,
  DeckCheckSchema,
} from "@/lib/schemas/api-v1";
import { PageQuerySchema } from "@/lib/schemas/paging";
import {
  DeckCheckQuerySchema,
  RoundNumberSchema,
  TournamentListQuerySchema,
  DecklistQuerySchema,
} from "@/lib/schemas/api-v1-query";

/**
 * Every operation of /api/v1, described once: the OpenAPI document (lib/api-v1/openapi.ts), the
 * reference page and the conformance tests all read this list. Path, query and body schemas are the
 * ones the routes parse with; answers are the schemas of lib/schemas/api-v1.ts.
 */
export type ApiOperation = {
  operationId: string;
  method: "get" | "post";
  /** OpenAPI style: `{name}` for a path parameter, as the route's folder `[name]`. */
  path: string;
  summary: string;
  description: string;
  tag:
    | "Tournaments"
    | "Players"
    | "Rounds and matches"
    | "Standings and bracket"
    | "Decklists and deck checks"
    | "Documentation";
  pathParameters: Record<string, { description: string; schema?: z.ZodType }>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Writes: a token (or session) whose owner holds this permission in the tournament. */
  permission?: string;
  success: { status: 200 | 201; description: string; schema?: z.ZodType; contentType?: string };
  /** Error statuses this operation may answer, besides 429 and 503 which any may. */
  errors: number[];
  example?: { request?: unknown; response: unknown };
  /** The same answer from a pod event, where it has its own shape (`structure: "PODS"`). */
  podExample?: { response: unknown };
  /** The events it serves, when not both: two-player events (matches) or pod events (CR 100.6a). */
  serves?: "TWO_PLAYER" | "PODS";
};

const TOURNAMENT_ID = {
  description: "The tournament's id (from the tournament list or its address in the app).",
};
const EXAMPLE_TOURNAMENT = {
  id: "cmi1k2t3u0000abcd1234efgh",
  name: "Friday Night Magic",
  format: "Modern",
  status: "RUNNING",
  teamSize: 1,
  isPublished: true,
  createdAt: "2026-11-20T18:00:00.000Z",
  phases: [
    {
      kind: "SWISS",
      gamesToWin: 2,
      roundMinutes: 50,
      plannedRounds: 4,
      plannedCut: 8,
      cutSize: null,
    },
  ],
};
const EXAMPLE_PAGE = {
  page: 1,
  pageSize: 50,
  total: 1,
  pageCount: 1,
  hasNextPage: false,
  hasPreviousPage: false,
};
const EXAMPLE_PAIRING = {
  matchId: "cmi1m4a5t0001abcd1234efgh",
  roundNumber: 1,
  table: 1,
  seat: null,
  tableLabel: "1",
  playerA: { id: "cmi1r6e7g0002abcd1234efgh", name: "Ada Lovelace", member: null },
  playerB: { id: "cmi1r6e7g0003abcd1234efgh", name: "Alan Turing", member: null },
  result: { winsA: 2, winsB: 1, draws: 0, concededBy: null, intentionalDraw: false },
  isConfirmed: true,
  version: 1,
};

const ADA = "cmi1r6e7g0002abcd1234efgh";
const ALAN = "cmi1r6e7g0003abcd1234efgh";
const GRACE = "cmi1r6e7g0004abcd1234efgh";
const EDSGER = "cmi1r6e7g0005abcd1234efgh";
const POD_SEATS = [
  { seat: 1, playerId: ADA, name: "Ada Lovelace" },
  { seat: 2, playerId: ALAN, name: "Alan Turing" },
  { seat: 3, playerId: GRACE, name: "Grace Hopper" },
  { seat: 4, playerId: EDSGER, name: "Edsger Dijkstra" },
];
const EXAMPLE_POD = {
  podId: "cmi1p0d5a0001abcd1234efgh",
  roundNumber: 1,
  table: 1,
  isBye: false,
  seats: POD_SEATS,
  result: {
    winnerId: ALAN,
    reason: "WIN_REPORTED",
    rule: "104.2a",
    players: [
      { playerId: ADA, result: "loss", place: 2, points: 0 },
      { playerId: ALAN, result: "win", place: 1, points: 5 },
      { playerId: GRACE, result: "loss", place: 2, points: 0 },
      { playerId: EDSGER, result: "loss", place: 2, points: 0 },
    ],
  },
  isConfirmed: true,
  version: 1,
};

const BURN_ENTRIES = {
  main: [
    { count: 4, name: "Lightning Bolt", oracleId: "4457ed35-7c10-48c8-9776-456485fdf070" },
    { count: 56, name: "Mountain", oracleId: "a3fb7228-e76b-4e96-a40e-20b5fed75685" },
  ],
  sideboard: [],
  commanders: [],
  companions: [],
};
const BURN_COUNTS = { main: 60, sideboard: 0, commanders: 0, companions: 0 };
const LEGAL_CHECK = {
  isLegal: true,
  problems: [],
  notes: [],
  format: "modern",
  checkedAgainst: "2026-11-28T00:00:00.000Z",
  isStale: false,
};
const EXAMPLE_DECKLIST = {
  playerId: ADA,
  seat: 0,
  name: "Ada Lovelace",
  archetype: "Burn",
  version: 1,
  counts: BURN_COUNTS,
  entries: BURN_ENTRIES,
  isInTopCut: false,
  updatedAt: "2026-11-20T17:30:00.000Z",
  check: LEGAL_CHECK,
};
const REGISTRATION_ID = {
  description: "The player's id (`id` in the players list).",
};

export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    operationId: "listTournaments",
    method: "get",
    path: "/api/v1/tournaments",
    summary: "List tournaments",
    description:
      "Published tournaments, and the ones where the caller (or the token's owner) holds a staff seat, newest first.",
    tag: "Tournaments",
    pathParameters: {},
    query: TournamentListQuerySchema,
    success: {
      status: 200,
      description: "One page of tournaments.",
      schema: pageOf(TournamentSchema),
    },
    errors: [400, 401],
    example: { response: { data: [EXAMPLE_TOURNAMENT], page: EXAMPLE_PAGE } },
  },
  {
    operationId: "getTournament",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}",
    summary: "Read a tournament",
    description:
      "The tournament, its status and its phases (Swiss, then a playoff). A pod event (CR 100.6a) also has `pods`: its pod size and points. A tournament in preparation is 404 to anyone but its staff and their tokens.",
    tag: "Tournaments",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    success: { status: 200, description: "The tournament.", schema: dataOf(TournamentSchema) },
    errors: [401, 404],
    example: { response: { data: EXAMPLE_TOURNAMENT } },
  },
  {
    operationId: "listPlayers",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/players",
    summary: "List players",
    description:
      "Registered players in registration order; `q` finds names ignoring case and accents.",
    tag: "Players",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    query: PageQuerySchema,
    success: { status: 200, description: "One page of players.", schema: pageOf(PlayerSchema) },
    errors: [400, 401, 404],
    example: {
      response: {
        data: [
          {
            id: "cmi1r6e7g0002abcd1234efgh",
            name: "Ada Lovelace",
            firstRound: 1,
            droppedAfterRound: null,
          },
        ],
        page: EXAMPLE_PAGE,
      },
    },
  },
  {
    operationId: "registerPlayer",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/players",
    summary: "Register a player",
    description:
      "Adds one player. After round 1 has been paired the player is a late entry: they start at the next round and the rounds they missed count as losses.",
    tag: "Players",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    body: RegisterPlayerBodySchema,
    permission: "players.manage",
    success: { status: 201, description: "Registered.", schema: dataOf(RegisteredPlayerSchema) },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    example: {
      request: { name: "Grace Hopper" },
      response: { data: { id: "cmi1r6e7g0004abcd1234efgh", name: "Grace Hopper", firstRound: 1 } },
    },
  },
  {
    operationId: "dropPlayer",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/players/{registrationId}/drop",
    summary: "Drop a player",
    description:
      "The player is not paired after the current round (MTR 2.10) and keeps their results. No body. Dropping a dropped player answers the first drop.",
    tag: "Players",
    pathParameters: {
      tournamentId: TOURNAMENT_ID,
      registrationId: { description: "The player's id (`id` in the players list)." },
    },
    permission: "players.manage",
    success: { status: 200, description: "Dropped.", schema: dataOf(DroppedPlayerSchema) },
    errors: [400, 401, 403, 404, 409, 422],
    example: { response: { data: { id: "cmi1r6e7g0002abcd1234efgh", droppedAfterRound: 2 } } },
  },
  {
    operationId: "listAwardedByes",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/awarded-byes",
    summary: "List byes awarded in advance",
    description:
      "Players with byes awarded in advance (qualified players at large events) and not withdrawn, by name. Staff who may register and drop players only, as on the overview: others get 403.",
    tag: "Players",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    success: { status: 200, description: "The awards.", schema: dataOf(AwardedByeSchema.array()) },
    errors: [401, 403, 404],
    example: {
      response: {
        data: [{ playerId: "cmi1r6e7g0002abcd1234efgh", name: "Ada Lovelace", rounds: [1, 2] }],
      },
    },
  },
  {
    operationId: "awardByes",
    serves: "TWO_PLAYER",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/awarded-byes",
    summary: "Award byes in advance",
    description:
      "Gives a player byes for named rounds not yet paired: they are not paired in those rounds and get a bye (MTR Appendix C counts it as a match won 2-0). Not before the player's first round, not after they dropped, not in a pod event. Awarding a standing bye again answers as done.",
    tag: "Players",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    body: AwardByesBodySchema,
    permission: "players.manage",
    success: { status: 200, description: "Awarded.", schema: dataOf(AwardedByeSchema) },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    example: {
      request: { playerId: "cmi1r6e7g0002abcd1234efgh", rounds: [1, 2] },
      response: {
        data: { playerId: "cmi1r6e7g0002abcd1234efgh", name: "Ada Lovelace", rounds: [1, 2] },
      },
    },
  },
  {
    operationId: "withdrawAwardedBye",
    serves: "TWO_PLAYER",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/awarded-byes/withdraw",
    summary: "Withdraw a bye awarded in advance",
    description:
      "Withdraws one awarded bye before its round is paired (afterwards the bye stands: swap seats instead). 404 when the player has no such bye.",
    tag: "Players",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    body: WithdrawAwardedByeBodySchema,
    permission: "players.manage",
    success: { status: 200, description: "Withdrawn.", schema: dataOf(WithdrawnByeSchema) },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    example: {
      request: { playerId: "cmi1r6e7g0002abcd1234efgh", roundNumber: 2 },
      response: {
        data: { playerId: "cmi1r6e7g0002abcd1234efgh", name: "Ada Lovelace", roundNumber: 2 },
      },
    },
  },
  {
    operationId: "listRounds",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/rounds",
    summary: "List rounds",
    description:
      "Every round paired so far, Swiss then playoff, numbered across the tournament. In a pod event each round also counts its pods (`podCount`).",
    tag: "Rounds and matches",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    success: { status: 200, description: "The rounds.", schema: dataOf(RoundSchema.array()) },
    errors: [401, 404],
    example: {
      response: {
        data: [
          {
            number: 1,
            phase: "SWISS",
            status: "IN_PROGRESS",
            startedAt: "2026-11-20T18:30:00.000Z",
            matchCount: 12,
          },
        ],
      },
    },
  },
  {
    operationId: "pairNextRound",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/rounds",
    summary: "Pair the next Swiss round",
    description:
      "Pairs the next Swiss round from the standings (MTR 2.x), as the round page's button does; in a pod event it seats the next round's pods (CR 100.6a: by points, fewest repeated opponents, seats evened out), read them at …/rounds/{roundNumber}/pods. No body. Refused while the current round has matches or pods without a result (ROUND_NOT_COMPLETE), and once the playoff has started.",
    tag: "Rounds and matches",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    permission: "rounds.manage",
    success: { status: 201, description: "Paired.", schema: dataOf(PairedRoundSchema) },
    errors: [400, 401, 403, 404, 409, 422],
    example: { response: { data: { roundNumber: 2 } } },
  },
  {
    operationId: "swapPlayers",
    serves: "TWO_PLAYER",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/rounds/{roundNumber}/swaps",
    summary: "Swap two players' seats",
    description:
      "Swaps two players' seats in a Swiss round that has no result yet (either may hold the bye). The swap is kept in the round's pairing history with the warnings it raised, which are answered.",
    tag: "Rounds and matches",
    pathParameters: {
      tournamentId: TOURNAMENT_ID,
      roundNumber: {
        description: "The round's number.",
        schema: RoundNumberSchema.shape.roundNumber,
      },
    },
    body: SwapBodySchema,
    permission: "rounds.manage",
    success: { status: 200, description: "Swapped.", schema: dataOf(SwapResultSchema) },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    example: {
      request: {
        playerId: "cmi1r6e7g0002abcd1234efgh",
        otherPlayerId: "cmi1r6e7g0004abcd1234efgh",
      },
      response: {
        data: {
          warnings: [
            {
              code: "REMATCH",
              message: "Ada Lovelace and Grace Hopper already played each other in round 1.",
              playerIds: ["cmi1r6e7g0002abcd1234efgh", "cmi1r6e7g0004abcd1234efgh"],
            },
          ],
        },
      },
    },
  },
  {
    operationId: "listPairings",
    serves: "TWO_PLAYER",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/rounds/{roundNumber}/pairings",
    summary: "Read a round's pairings",
    description:
      "The round's matches by table, each with its result slip and the version to send back when reporting a result. A pod event's round is its pods (…/rounds/{roundNumber}/pods): here it answers 409 CONFLICT saying so.",
    tag: "Rounds and matches",
    pathParameters: {
      tournamentId: TOURNAMENT_ID,
      roundNumber: {
        description: "The round's number (1 is the first Swiss round).",
        schema: RoundNumberSchema.shape.roundNumber,
      },
    },
    success: { status: 200, description: "The pairings.", schema: dataOf(PairingSchema.array()) },
    errors: [400, 401, 404, 409],
    example: { response: { data: [EXAMPLE_PAIRING] } },
  },
  {
    operationId: "listPods",
    serves: "PODS",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/rounds/{roundNumber}/pods",
    summary: "Read a pod event's round: its pods",
    description:
      "A pod event's round (CR 100.6a: pods of 3–4 players, one game each): its pods by table, each with its seats in seat order, its result once decided (the winner, or a draw and its kind; each player's result and points), whether it is recorded, and the version to send back when recording its result. A two-player event answers 409 CONFLICT pointing to the round's pairings.",
    tag: "Rounds and matches",
    pathParameters: {
      tournamentId: TOURNAMENT_ID,
      roundNumber: {
        description:
          "The round's number (1 is the first Swiss round; the top cut's rounds follow).",
        schema: RoundNumberSchema.shape.roundNumber,
      },
    },
    success: { status: 200, description: "The pods.", schema: dataOf(PodSchema.array()) },
    errors: [400, 401, 404, 409],
    example: { response: { data: [EXAMPLE_POD] } },
  },
  {
    operationId: "enterPairings",
    serves: "TWO_PLAYER",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/rounds/{roundNumber}/pairings",
    summary: "Enter a round's exact pairings",
    description:
      "Enters the next Swiss round as another program paired it, as the overview's \"enter pairings\" form does: one row per table, each player by `id` or by `name` (as registered, ignoring case and spacing), `playerB: null` for a bye. `roundNumber` must be the next round (409 CONFLICT otherwise). A row that cannot be a round (an unknown player, a player twice, a table twice, a player whose bye for the round was awarded in advance) is refused with a message naming the row (`Row 2 (pairings[1].playerB): …`) and nothing is written. A rematch or a bye not to the lowest player is entered and answered in `warnings`, kept in the round's pairing history.",
    tag: "Rounds and matches",
    pathParameters: {
      tournamentId: TOURNAMENT_ID,
      roundNumber: {
        description: "The round to enter: the next one.",
        schema: RoundNumberSchema.shape.roundNumber,
      },
    },
    body: EnterPairingsBodySchema,
    permission: "rounds.manage",
    success: { status: 201, description: "Entered.", schema: dataOf(EnteredRoundSchema) },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    example: {
      request: {
        pairings: [
          { table: 1, playerA: { name: "Ada Lovelace" }, playerB: { name: "Alan Turing" } },
          { table: 2, playerA: { id: "cmi1r6e7g0004abcd1234efgh" }, playerB: null },
        ],
      },
      response: {
        data: {
          roundNumber: 2,
          tables: 2,
          warnings: [
            {
              code: "REMATCH",
              message: "Ada Lovelace and Alan Turing have already played each other.",
              playerIds: ["cmi1r6e7g0002abcd1234efgh", "cmi1r6e7g0003abcd1234efgh"],
            },
          ],
        },
      },
    },
  },
  {
    operationId: "getMatch",
    serves: "TWO_PLAYER",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/matches/{matchId}",
    summary: "Read a match with its games and history",
    description:
      "The match, its games (CR 104 reasons, play/draw) and its full history. Staff only, as the match page is: others get 403.",
    tag: "Rounds and matches",
    pathParameters: {
      tournamentId: TOURNAMENT_ID,
      matchId: { description: "The match's id (`matchId` in the pairings)." },
    },
    success: { status: 200, description: "The match.", schema: dataOf(MatchSchema) },
    errors: [401, 403, 404],
    example: {
      response: {
        data: {
          ...EXAMPLE_PAIRING,
          games: [
            {
              number: 1,
              winner: "A",
              reason: "LIFE",
              chooser: "A",
              choice: "PLAY",
              lifeA: null,
              lifeB: null,
              losingSeat: null,
            },
            {
              number: 2,
              winner: "B",
              reason: "CONCESSION",
              chooser: "B",
              choice: "PLAY",
              lifeA: null,
              lifeB: null,
              losingSeat: null,
            },
            {
              number: 3,
              winner: "A",
              reason: "LIFE",
              chooser: "A",
              choice: "DRAW",
              lifeA: null,
              lifeB: null,
              losingSeat: null,
            },
          ],
          history: [
            {
              at: "2026-11-20T19:15:00.000Z",
              who: "Sam Scorekeeper (sam@example.org)",
              kind: "report",
              source: "STAFF",
              slip: { winsA: 2, winsB: 1, draws: 0 },
              concededBy: null,
              intentionalDraw: false,
              confirmedAt: "2026-11-20T19:15:00.000Z",
            },
            {
              at: "2026-11-20T19:15:00.000Z",
              who: "Sam Scorekeeper (sam@example.org)",
              kind: "result-change",
              change: "CONFIRMED",
              source: "STAFF",
              version: 1,
              before: null,
              after: { winsA: 2, winsB: 1, draws: 0 },
              game: null,
              note: "",
            },
          ],
        },
      },
    },
  },
  {
    operationId: "reportResult",
    serves: "TWO_PLAYER",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/matches/{matchId}/result",
    summary: "Report a match result",
    description:
      "Records the result slip (MTR 2.1) as staff entry does: confirmed, in the token owner's staff seat. `expectedVersion` is the match's `version` as last read: 409 CONFLICT if it moved since (read the pairings again). A confirmed result is corrected with a `note` saying why.",
    tag: "Rounds and matches",
    pathParameters: {
      tournamentId: TOURNAMENT_ID,
      matchId: { description: "The match's id (`matchId` in the pairings)." },
    },
    body: ReportResultBodySchema,
    permission: "results.enter",
    success: {
      status: 200,
      description: "Recorded (or, for a replay, the first answer).",
      schema: dataOf(RecordedResultSchema),
    },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    example: {
      request: { winsA: 2, winsB: 1, draws: 0, expectedVersion: 0 },
      response: {
        data: { matchId: EXAMPLE_PAIRING.matchId, version: 1, winner: "A", isDuplicate: false },
      },
    },
  },
  {
    operationId: "recordPodResult",
    serves: "PODS",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/pods/{podId}/result",
    summary: "Record a pod's result",
    description:
      "Records a finished pod's outcome as the pod's result form does, in the token owner's staff seat: `win` with `winnerId` (CR 104.2a), `agreed-draw` (every player still in the game agreed, 104.4i) or `draw-at-time` (the round's time ran out; the event's end-of-round turns are counted). The rules check it against what was already recorded of the game (a winner who already left is 422 INVALID_RESULT). `expectedVersion` is the pod's `version` as last read: 409 CONFLICT if it moved since (read the round's pods again). A recorded pod is 409 MATCH_CONFIRMED: it is corrected on the round page, with a reason. The answer is the pod as it now stands; recording the last pod of a top-cut stage seats the next one.",
    tag: "Rounds and matches",
    pathParameters: {
      tournamentId: TOURNAMENT_ID,
      podId: { description: "The pod's id (`podId` in the round's pods)." },
    },
    body: RecordPodResultBodySchema,
    permission: "results.enter",
    success: {
      status: 200,
      description: "Recorded (or, for a replay, the first answer).",
      schema: dataOf(RecordedPodResultSchema),
    },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    example: {
      request: { outcome: "win", winnerId: ALAN, expectedVersion: 0 },
      response: { data: { ...EXAMPLE_POD, isDuplicate: false } },
    },
  },
  {
    operationId: "getStandings",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/standings",
    summary: "Read the standings",
    description:
      "Standings after the last complete round (MTR Appendix C), paged and searchable by name, with the tiebreaker settings that produced them. After a playoff the final order puts its players first. A pod event's standings have their own shape, marked `structure: \"PODS\"`: points (win, draw, loss; a bye as a win), then opponents' match-win % and opponents' opponents' match-win % (community tournament addenda), with each player's Swiss rank and top-cut finish.",
    tag: "Standings and bracket",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    query: PageQuerySchema,
    success: {
      status: 200,
      description:
        "One page of the standings: a two-player event's, or a pod event's (`structure: \"PODS\"`).",
      schema: z.strictObject({
        data: z.union([StandingsSchema, PodStandingsSchema]),
        page: PageInfoSchema,
      }),
    },
    errors: [400, 401, 404],
    example: {
      response: {
        data: {
          throughRound: 1,
          hasPlayoff: false,
          tiebreakers: {
            order: ["matchPoints", "opponentMatchWinPct", "gameWinPct", "opponentGameWinPct"],
            percentageFloor: 0.33,
            byeCountsInOwnPercentages: true,
          },
          rows: [
            {
              rank: 1,
              playerId: "cmi1r6e7g0002abcd1234efgh",
              name: "Ada Lovelace",
              matchPoints: 3,
              gamePoints: 6,
              matchesPlayed: 1,
              record: { wins: 1, losses: 0, draws: 0 },
              gamesPlayed: 3,
              gameRecord: { wins: 2, losses: 1, draws: 0 },
              matchWinPct: 1,
              gameWinPct: 0.6666666666666666,
              opponentMatchWinPct: 0.33,
              opponentGameWinPct: 0.3333333333333333,
              byes: 0,
              lateEntryLosses: 0,
              dropped: false,
              droppedAfterRound: null,
              tiedWithPrevious: false,
              swissRank: 1,
              playoff: null,
            },
          ],
        },
        page: EXAMPLE_PAGE,
      },
    },
    podExample: {
      response: {
        data: {
          structure: "PODS",
          throughRound: 1,
          hasPlayoff: false,
          points: { win: 5, draw: 1, loss: 0 },
          tiebreakers: {
            order: ["points", "opponentMatchWinPct", "opponentOpponentMatchWinPct"],
            percentageFloor: 0.33,
          },
          rows: [
            {
              rank: 1,
              playerId: ALAN,
              name: "Alan Turing",
              points: 5,
              record: { wins: 1, draws: 0, losses: 0, byes: 0 },
              roundsCounted: 1,
              matchWinPct: 1,
              opponentMatchWinPct: 0.33,
              opponentOpponentMatchWinPct: 0.55,
              dropped: false,
              tiedWithPrevious: false,
              swissRank: 1,
              cutFinish: null,
            },
          ],
        },
        page: EXAMPLE_PAGE,
      },
    },
  },
  {
    operationId: "getBracket",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/bracket",
    summary: "Read the playoff bracket",
    description:
      'The single-elimination bracket by round, with seeds, winners and scores. A pod event\'s top cut has its own shape, marked `structure: "PODS"`: its pods (quarterfinal pods of a top 16, semifinal pods of a top 10, the final pod) with their seeds, where each is seated and who goes on. 404 while the tournament has no playoff.',
    tag: "Standings and bracket",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    success: {
      status: 200,
      description:
        "The bracket: a two-player event's, or a pod event's top cut (`structure: \"PODS\"`).",
      schema: dataOf(z.union([BracketSchema, PodBracketSchema])),
    },
    errors: [401, 404],
    example: {
      response: {
        data: {
          cutSize: 4,
          champion: null,
          rounds: [
            {
              name: "Semifinals",
              roundNumber: 5,
              matches: [
                {
                  position: 1,
                  matchId: "cmi1m4a5t0009abcd1234efgh",
                  playerA: { id: "cmi1r6e7g0002abcd1234efgh", name: "Ada Lovelace", seed: 1 },
                  playerB: { id: "cmi1r6e7g0005abcd1234efgh", name: "Edsger Dijkstra", seed: 4 },
                  winnerId: null,
                  score: null,
                },
              ],
            },
          ],
        },
      },
    },
    podExample: {
      response: {
        data: {
          structure: "PODS",
          cutSize: 4,
          champion: null,
          championId: null,
          pods: [
            {
              slot: "F",
              name: "Final",
              podId: "cmi1p0d5a0009abcd1234efgh",
              roundNumber: 4,
              table: 1,
              seats: POD_SEATS.map(({ playerId, name }, index) => ({
                seed: index + 1,
                playerId,
                name,
              })),
              waitingFor: [],
              winnerId: null,
              isDraw: false,
            },
          ],
        },
      },
    },
  },
  {
    operationId: "listDecklists",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/decklists",
    summary: "List decklists",
    description:
      "The event's decklist settings (format, deadline, what is published) and the lists the caller may read (MTR 2.7). Staff (and their tokens) read every list with its `check`: legal or not, its problems and notes by code with their sentence, the format and the card data's date it was checked against; and `playersWithoutList`. Anyone else reads only what the organizer published (every list, or the top cut's), without `check` (null): whether a list is legal stays between its player and the staff.",
    tag: "Decklists and deck checks",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    success: { status: 200, description: "The lists.", schema: dataOf(DecklistsSchema) },
    errors: [401, 404],
    example: {
      response: {
        data: {
          format: "modern",
          formatName: "Modern",
          deadline: "2026-11-20T18:00:00.000Z",
          publication: "NONE",
          decklists: [EXAMPLE_DECKLIST],
          playersWithoutList: [{ playerId: ALAN, seat: 0, name: "Alan Turing", isDropped: false }],
        },
      },
    },
  },
  {
    operationId: "getDecklist",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/decklists/{registrationId}",
    summary: "Read a player's decklist",
    description:
      "One player's list, its cards by section; in a team event, `?seat=` names the member (0 = A). Staff also read its `check`, the text as sent and every change (who, when, why). Anyone else reads a published list only (404 otherwise, whether or not there is one). A player without a list is 404.",
    tag: "Decklists and deck checks",
    pathParameters: { tournamentId: TOURNAMENT_ID, registrationId: REGISTRATION_ID },
    query: DecklistQuerySchema,
    success: { status: 200, description: "The list.", schema: dataOf(DecklistDetailSchema) },
    errors: [401, 404],
    example: {
      response: {
        data: {
          ...EXAMPLE_DECKLIST,
          text: "4 Lightning Bolt\n56 Mountain",
          history: [
            {
              version: 1,
              at: "2026-11-20T17:30:00.000Z",
              source: "STAFF",
              who: "Sam Scorekeeper",
              reason: "",
              archetype: "Burn",
              isLegal: true,
              textBefore: null,
              textAfter: "4 Lightning Bolt\n56 Mountain",
            },
          ],
        },
      },
    },
  },
  {
    operationId: "submitDecklist",
    method: "post",
    path: "/api/v1/tournaments/{tournamentId}/decklists/{registrationId}",
    summary: "Enter or change a player's decklist",
    description:
      "Enters a list from paper or changes one, as staff do on the player's decklist page: every name is looked up in the card database and the deck is checked against the event's format. A list that breaks a deck rule is saved, `check.isLegal` false with its problems; names no card has are 422 UNKNOWN_CARDS with `unknownCards` (lines and the closest names) and nothing is saved. `expectedVersion` is the list's `version` as last read (null for a player without one): 409 CONFLICT if it moved since. Once players' lists are final (the deadline, or round 1 paired) a change needs a `reason` (IPG 3.4; 400 naming `reason`). An event that takes no decklists is 409 DECKLISTS_OFF; before any card data is imported, 409 NO_CARD_DATABASE.",
    tag: "Decklists and deck checks",
    pathParameters: { tournamentId: TOURNAMENT_ID, registrationId: REGISTRATION_ID },
    body: SubmitDecklistBodySchema,
    permission: "decklists.manage",
    success: {
      status: 200,
      description: "Saved (or, for a replay, the first answer).",
      schema: dataOf(SavedDecklistSchema),
    },
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    example: {
      request: { text: "4 Lightning Bolt\n56 Mountain", archetype: "Burn", expectedVersion: null },
      response: {
        data: {
          playerId: ADA,
          seat: 0,
          version: 1,
          archetype: "Burn",
          counts: BURN_COUNTS,
          entries: BURN_ENTRIES,
          check: LEGAL_CHECK,
          isUnchanged: false,
        },
      },
    },
  },
  {
    operationId: "listDeckChecks",
    method: "get",
    path: "/api/v1/tournaments/{tournamentId}/deck-checks",
    summary: "List deck checks",
    description:
      "Every deck check (MTR 2.8) by round, table and time, or one round's with `?round=`: the player, the table, what it found (IPG 3.4, 3.5), the judge, the penalty given from it. A correction is a new record naming the one it replaces; `isCurrent` marks the records that stand. Staff only, as the judges' page: others get 403.",
    tag: "Decklists and deck checks",
    pathParameters: { tournamentId: TOURNAMENT_ID },
    query: DeckCheckQuerySchema,
    success: { status: 200, description: "The checks.", schema: dataOf(DeckCheckSchema.array()) },
    errors: [400, 401, 403, 404],
    example: {
      response: {
        data: [
          {
            id: "cmi1d3c4k0001abcd1234efgh",
            roundNumber: 2,
            table: 4,
            matchId: EXAMPLE_PAIRING.matchId,
            podId: null,
            playerId: ADA,
            name: "Ada Lovelace",
            opponents: ["Alan Turing"],
            outcome: "DECKLIST_PROBLEM",
            note: "Sideboard has 14 cards, list says 15",
            decklistVersion: 1,
            judge: "Jo Judge",
            at: "2026-11-20T19:05:00.000Z",
            penalty: {
              id: "cmi1p3n4l0001abcd1234efgh",
              kind: "GAME_LOSS",
              infraction: "Decklist Problem (IPG 3.4)",
              at: "2026-11-20T19:10:00.000Z",
            },
            replacesId: null,
            replacedById: null,
            isCurrent: true,
          },
        ],
      },
    },
  },
  {
    operationId: "getOpenApiDocument",
    method: "get",
    path: "/api/v1/openapi.json",
    summary: "This API's OpenAPI 3.1 document",
    description: "Generated from the zod schemas the routes parse with.",
    tag: "Documentation",
    pathParameters: {},
    success: { status: 200, description: "The OpenAPI document." },
    errors: [],
  },
  {
    operationId: "getReference",
    method: "get",
    path: "/api/v1/reference",
    summary: "This API's reference page",
    description: "The OpenAPI document as a readable HTML page.",
    tag: "Documentation",
    pathParameters: {},
    success: { status: 200, description: "An HTML page.", contentType: "text/html" },
    errors: [],
  },
];

export { ApiErrorSchema };
