import "server-only";
import type { z } from "zod";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { isAllowed, ROLE_LABELS, PERMISSIONS, type Permission } from "@/lib/rules/permissions";
import { answerDatabaseFailure } from "@/lib/server/infra/prisma-errors";
import { resolveTournamentScope, type NamedIds, type StaffSeat } from "@/lib/server/access/scope";
import type { MatchForResult } from "@/lib/server/match/match-record";
import type { Actor } from "@/lib/server/tournament/staff";
import {
  getRequestActor,
  INVALID_TOKEN_MESSAGE,
  isInTokenScope,
  isTokenActor,
} from "@/lib/server/access/request-actor";
import {
  claimIdempotencyKey,
  hashRequest,
  holdIdempotencyClaim,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from "@/lib/server/api/api-idempotency";
import { ownsApiTokens } from "@/lib/server/api/api-tokens";
import { createHash } from "node:crypto";
import { getPlayerActor } from "@/lib/server/check-in/player-session";
import { findCurrentMatchId } from "@/lib/server/match/player-reports";
import { findCurrentPodId } from "@/lib/server/pod/pods";
import type { PlayerActor } from "@/lib/server/check-in/player-codes";
import { prisma } from "@/lib/server/infra/db";
import { parseInput } from "@/lib/schemas/parse";
import { type IdKind, idFieldsOf, idsNamedBy, namesAnId } from "@/lib/schemas/ids";
import { render } from "@/lib/messages/render";

/**
 * Who may call a mutation: staff of the tournament its input names, with a permission from the
 * role table (lib/rules/permissions.ts); any signed-in account (creating a tournament); or
 * anyone (signing up and in).
 */
export type Access = { permission: Permission } | { player: PlayerPower } | "signed-in" | "anyone";

/**
 * What a player's code lets its player do: report or confirm the result of their own current
 * match, call a judge to it (or to their pod), drop themselves, have their own phone notified, and
 * submit or change their own decklist (MTR 2.7). Nothing else.
 */
export type PlayerPower = "report" | "report-pod" | "call-judge" | "drop" | "notify" | "decklist";

export type MutationContext = {
  actor: Actor;
  tournamentId: string;
  seat: StaffSeat;
  /** The match the input names, when it names only a match: read while proving its tournament, unlocked (for writes that check its version). */
  namedMatch?: MatchForResult;
  /** With an Idempotency-Key: a key for the data layer's own replay check, unique to this caller and key. */
  requestKey?: string;
};

/** An HTTP write's Idempotency-Key header (null when the request sent none) and what the request does. */
export type IdempotencyOptions = { key: string | null; operation: string };

/** What an Idempotency-Key may be: printable, 8 to 100 characters (a UUID fits). */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;
export type PlayerMutationContext = { player: PlayerActor; tournamentId: string };

type Run<S extends z.ZodType, T, A extends Access> = (
  data: z.infer<S>,
  context: A extends "anyone"
    ? { actor: Actor | null }
    : A extends "signed-in"
      ? { actor: Actor }
      : A extends { player: PlayerPower }
        ? PlayerMutationContext
        : MutationContext,
) => Promise<ActionResult<T>>;

/**
 * The one wrapper for every mutation, server action or API write. In order:
 * 1. establishes who acts, from the session or, for the public API only, an API token
 *    (`Authorization: Bearer`, never from a form field): UNAUTHENTICATED if needed or if the token is
 *    unknown or revoked; a token acts only on tournaments (never on the account), with its owner's
 *    staff seat, inside its scope;
 * 2. parses the input with the shared schema, once;
 * 3. proves which tournament every id in the input belongs to, by what its schema declares each
 *    id is (lib/schemas/ids.ts; a schema with an undeclared `…Id` field is refused outright): a
 *    match, a player or a staff seat of another tournament is NOT_FOUND; then checks the actor's
 *    role there against the role table: FORBIDDEN otherwise;
 * 4. for an HTTP write with `idempotency`, runs it at most once per Idempotency-Key (runOnce);
 * 5. calls the data layer with the actor, and maps failures: expected ones are returned as
 *    they are; a database that is unreachable, restarting or too busy is UNAVAILABLE (HTTP 503 with
 *    Retry-After: nothing happened, send it again); anything else is logged and answered with a
 *    generic INTERNAL message, never shown raw.
 * Route handlers pass their request's headers; server actions read the request's own.
 */
export async function runMutation<S extends z.ZodType, T, A extends Access>(options: {
  access: A;
  schema: S;
  /** The raw input (form values), or for an HTTP route how to read it: only after the actor is known. */
  input: unknown | (() => Promise<ActionResult<unknown>>);
  headers?: Headers;
  /** The public API (/api/v1) only: an `Authorization: Bearer` token may act; everywhere else it is ignored. */
  acceptsApiToken?: true;
  /** HTTP API writes: replays of the same request answer the same, a key reused for another request is refused. */
  idempotency?: IdempotencyOptions;
  run: Run<S, T, A>;
}): Promise<ActionResult<T>> {
  try {
    const undeclared = idFieldsOf(options.schema).undeclared;
    if (undeclared.length > 0)
      throw new Error(`The schema names ${undeclared.join(", ")} without declaring its scope.`);
    if (typeof options.access === "object" && "player" in options.access)
      return await runAsPlayer(options as never);
    const who = await getRequestActor(options.headers, {
      acceptsApiToken: options.acceptsApiToken === true,
    });
    if (who === "invalid-token") return failure("UNAUTHENTICATED", INVALID_TOKEN_MESSAGE);
    const { actor } = who;
    if (options.access !== "anyone" && !actor)
      return failure("UNAUTHENTICATED", "Sign in to do this.");
    // A token acts on tournaments only, never on the account itself (making tournaments or tokens).
    if (isTokenActor(actor) && typeof options.access !== "object")
      return failure("FORBIDDEN", "An API token can act only on a tournament; sign in to do this.");
    const raw =
      typeof options.input === "function"
        ? await (options.input as () => Promise<ActionResult<unknown>>)()
        : success(options.input);
    if (!raw.ok) return raw;
    const parsed = parseInput(options.schema, raw.value);
    if (!parsed.ok) return parsed;
    const run = options.run as (data: z.infer<S>, context: unknown) => Promise<ActionResult<T>>;
    const named = idsNamedBy(options.schema, parsed.value, raw.value);
    if (options.access === "anyone" || options.access === "signed-in") {
      const proven = await proveWithoutSeat(named, options.access === "signed-in" ? actor : null);
      return proven.ok ? await run(parsed.value, { actor }) : proven;
    }

    const ids = namedIdsFrom(named);
    if (!ids.ok) return ids;
    let scope = await resolveTournamentScope(ids.value, actor!.userId);
    // Outside its scope a token is nobody: a hidden tournament does not exist, a published one is not its to change.
    if (scope.ok && isTokenActor(actor) && !isInTokenScope(actor, scope.value.tournamentId))
      scope = await resolveTournamentScope(ids.value, "");
    if (!scope.ok) return scope;
    const { seat, tournamentId, match: namedMatch } = scope.value;
    const { permission } = options.access as { permission: Permission };
    if (!seat)
      return failure(
        "FORBIDDEN",
        "Only this tournament's staff can do this. Ask its organizer to invite you.",
      );
    if (!isAllowed(seat.role, permission)) {
      return failure(
        "FORBIDDEN",
        `As ${ROLE_LABELS[seat.role].toLowerCase()} you cannot do this here (${render(PERMISSIONS[permission]).toLowerCase()}).`,
      );
    }
    const context = { actor: actor!, tournamentId, seat, namedMatch } satisfies MutationContext;
    if (!options.idempotency) return await run(parsed.value, context);
    return await runOnce(options.idempotency, { actor: actor!, input: raw.value }, (requestKey) =>
      run(parsed.value, { ...context, requestKey }),
    );
  } catch (error) {
    return answerUnexpected(error);
  }
}

/**
 * Runs an HTTP write at most once per Idempotency-Key: after the caller is known and authorized
 * (so a key reveals nothing to a stranger), the key is claimed for this exact request; a replay
 * gets the stored answer, and an answer that changed nothing (busy database, our bug) frees the key.
 */
async function runOnce<T>(
  idempotency: IdempotencyOptions,
  request: { actor: Actor; input: unknown },
  run: (requestKey: string) => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  const key = idempotency.key?.trim() ?? "";
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    const message =
      idempotency.key === null
        ? "Idempotency-Key header is missing: send a new random key (a UUID) with every write, and the same key when you retry it."
        : "Idempotency-Key must be 8 to 100 printable characters without spaces (a UUID fits).";
    return failure("VALIDATION", message, { "Idempotency-Key": [message] });
  }
  const { actor } = request;
  const caller = isTokenActor(actor)
    ? { callerKey: `token:${actor.token.id}`, tokenId: actor.token.id }
    : { callerKey: `user:${actor.userId}`, tokenId: null };
  const claim = await claimIdempotencyKey(
    caller,
    key,
    hashRequest(idempotency.operation, request.input),
  );
  if (claim.kind === "replay") return claim.answer as ActionResult<T>;
  if (claim.kind === "mismatch") {
    return failure(
      "IDEMPOTENCY_KEY_REUSED",
      "Idempotency-Key was already used for a different request; send a new key for a new write.",
      { "Idempotency-Key": ["Already used for a different request."] },
    );
  }
  if (claim.kind === "in-progress") {
    return {
      ok: false,
      error: {
        code: "IDEMPOTENCY_KEY_IN_USE",
        message:
          "A request with this Idempotency-Key is still being processed; send it again in a second to get its answer.",
        retryAfterSeconds: 1,
      },
    };
  }
  let answer: ActionResult<T>;
  const stopHolding = holdIdempotencyClaim(caller.callerKey, key);
  try {
    answer = await run(
      `api-${createHash("sha256").update(`${caller.callerKey}|${key}`).digest("base64url")}`,
    );
  } catch (error) {
    await releaseIdempotencyKey(caller.callerKey, key).catch(() => undefined);
    throw error;
  } finally {
    stopHolding();
  }
  if (
    !answer.ok &&
    (answer.error.code === "UNAVAILABLE" ||
      answer.error.code === "DISK_FULL" ||
      answer.error.code === "INTERNAL")
  )
    await releaseIdempotencyKey(caller.callerKey, key);
  else await storeIdempotentAnswer(caller.callerKey, key, answer);
  return answer;
}

function answerUnexpected(error: unknown): ActionResult<never> {
  {
    const answer = answerDatabaseFailure(error);
    if (answer) return answer;
    if (isNextControlFlow(error)) throw error;
    console.error("Unexpected error in action", error);
    return failure(
      "INTERNAL",
      "Something went wrong on our side; nothing was saved. Please try again.",
    );
  }
}

/**
 * A mutation by a player signed in with their code, same steps as for staff: who acts
 * comes from the player session cookie; the input is parsed once; every id it names must be the
 * player's own (their registration, their current match, their tournament), or it is refused
 * with nothing changed; then the data layer runs.
 */
async function runAsPlayer<S extends z.ZodType, T>(options: {
  access: { player: PlayerPower };
  schema: S;
  input: unknown;
  headers?: Headers;
  run: (data: z.infer<S>, context: PlayerMutationContext) => Promise<ActionResult<T>>;
}): Promise<ActionResult<T>> {
  const player = await getPlayerActor(options.headers);
  if (!player) return failure("UNAUTHENTICATED", "Sign in with your player code to do this.");
  const parsed = parseInput(options.schema, options.input);
  if (!parsed.ok) return parsed;
  const power = options.access.player;
  const named = idsNamedBy(options.schema, parsed.value, options.input);
  const of = (kind: IdKind) => named.get(kind) ?? [];
  const [matchIds, podIds] = [of("match"), of("pod")];
  const notYours = (what: string) => failure<T>("FORBIDDEN", `Your player code can only ${what}.`);
  const own = {
    report: "report your own current match",
    "report-pod": "report your own current pod",
    "call-judge": "call a judge to your own current match or pod",
    drop: "drop yourself",
    notify: "turn notifications on or off for yourself",
    decklist: "submit or change your own decklist",
  }[power];
  // A field the schema does not declare (a drop naming a match) is refused, not ignored.
  if (undeclaredIdFields(options.schema, options.input).length > 0) return notYours(own);
  if (of("tournament").some((id) => id !== player.tournamentId))
    return notYours("act in your own tournament");
  const staffOnly = [
    "staff",
    "judgeCall",
    "deckCheck",
    "listedEntry",
    "apiToken",
    "webhookEndpoint",
  ];
  if (staffOnly.some((kind) => of(kind as IdKind).length))
    return notYours("report your own match and drop yourself");
  if (of("registration").some((id) => id !== player.registrationId))
    return notYours("act for yourself");
  // A pod's seats are the data layer's to check, once the pod is proven the player's own.
  if (of("podSeat").length > 0 && power !== "report-pod") return notYours("act for yourself");
  // CR 100.6a: in a pod event a player calls a judge to their pod.
  if (power === "report-pod" || (power === "call-judge" && podIds.length > 0)) {
    const current = await findCurrentPodId(prisma, player);
    if (podIds.length !== 1 || podIds[0] !== current || matchIds.length > 0) return notYours(own);
  } else if (power === "report" || power === "call-judge") {
    const current = await findCurrentMatchId(prisma, player);
    if (matchIds.length !== 1 || matchIds[0] !== current || podIds.length > 0) return notYours(own);
  } else if (matchIds.length > 0 || podIds.length > 0) {
    return notYours(own);
  }
  return options.run(parsed.value, { player, tournamentId: player.tournamentId });
}

/** The ids a staff request names, as the scope check takes them: one tournament, match, pod or seat. */
function namedIdsFrom(named: Map<IdKind, string[]>): ActionResult<NamedIds> {
  const of = (kind: IdKind) => named.get(kind) ?? [];
  const single = (["tournament", "match", "pod", "staff"] as const).map(of);
  if (single.some((ids) => ids.length > 1))
    return failure("NOT_FOUND", "That does not belong to this tournament.");
  const [tournamentId, matchId, podId, staffId] = single.map((ids) => ids[0]);
  if (of("apiToken").length > 0) throw new Error("An API token is named only by its owner.");
  if (of("podSeat").length > 0 && !podId) throw new Error("A pod's seat is named with its pod.");
  return success({
    tournamentId,
    matchId,
    podId,
    staffId,
    // A pod's seats are checked by the pod's write, under its lock, against who sits there.
    registrationIds: of("registration"),
    judgeCallIds: of("judgeCall"),
    deckCheckIds: of("deckCheck"),
    webhookEndpointIds: of("webhookEndpoint"),
    listedEntryIds: of("listedEntry"),
  });
}

/**
 * The ids of a request that needs no staff seat: an API token must be the caller's own, and a
 * tournament a signed-in caller names must be one they staff; nothing else may be named. A public
 * form's tournament (access "anyone") is answered for by the data layer's own checks.
 */
async function proveWithoutSeat(
  named: Map<IdKind, string[]>,
  actor: Actor | null,
): Promise<ActionResult<null>> {
  const of = (kind: IdKind) => named.get(kind) ?? [];
  const others = [...named].filter(
    ([kind, ids]) => ids.length > 0 && !["tournament", "apiToken", "foreign"].includes(kind),
  );
  if (others.length > 0) throw new Error(`No seat proves ${others.map(([kind]) => kind)}.`);
  const tokens = of("apiToken");
  if (tokens.length > 0 && !(actor && (await ownsApiTokens(actor.userId, tokens))))
    return failure("NOT_FOUND", "That token does not exist.");
  // Read nothing for a public form: a hidden tournament must answer as one that never existed.
  if (!actor) return success(null);
  for (const tournamentId of of("tournament")) {
    const scope = await resolveTournamentScope({ tournamentId }, actor.userId);
    if (!scope.ok) return scope;
    if (!scope.value.seat)
      return failure("FORBIDDEN", "Only this tournament's staff can do this.", {
        tournamentId: ["Choose one of your tournaments."],
      });
  }
  return success(null);
}

/** Fields of a raw input named like ids that its schema does not declare. */
function undeclaredIdFields(schema: z.ZodType, input: unknown): string[] {
  if (typeof input !== "object" || input === null) return [];
  const declared = new Set(idFieldsOf(schema).declared.map(({ path }) => path[0]));
  return Object.keys(input).filter((key) => namesAnId(key) && !declared.has(key));
}

/** redirect() and notFound() work by throwing; they are answers, not failures. */
function isNextControlFlow(error: unknown): boolean {
  const digest =
    typeof error === "object" && error !== null
      ? (error as { digest?: unknown }).digest
      : undefined;
  return (
    typeof digest === "string" &&
    (digest.startsWith("NEXT_REDIRECT") ||
      digest.startsWith("NEXT_HTTP_ERROR_FALLBACK") ||
      digest === "NEXT_NOT_FOUND")
  );
}
