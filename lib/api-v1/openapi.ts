import { z } from "zod";
import { ApiErrorSchema } from "@/lib/schemas/api-v1";
import { API_OPERATIONS, type ApiOperation } from "./operations";
import { openApiWebhooks } from "./webhooks";

// The OpenAPI 3.1 document of /api/v1, generated from the zod schemas with zod 4's own
// z.toJSONSchema (OpenAPI 3.1 schemas are JSON Schema 2020-12, its default target), so no
// generator library stands between the schemas the routes parse with and what is documented.

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: "The request is not valid: `error.fields` names each field or header and what is wrong with it.",
  401: "No valid token or session: the Authorization header's token is unknown or revoked, or a write was sent without one.",
  403: "The caller's role in this tournament does not allow it, or a token was used outside the account's tournaments.",
  404: "No such tournament, player, round, match, pod or decklist, or one the caller may not see (a tournament in preparation, or outside the token's scope; a decklist not published).",
  405: "The address does not take this method (the Allow header says which it takes).",
  409: "A conflict: a stale `expectedVersion` (CONFLICT), a duplicate name, a closed registration, an event that takes no decklists (DECKLISTS_OFF) or has no card data yet (NO_CARD_DATABASE), or an Idempotency-Key whose first request is still running (IDEMPOTENCY_KEY_IN_USE, with Retry-After).",
  413: "The body is too large, or a decklist longer than any (DECKLIST_TOO_LONG).",
  415: "The body is not JSON (send Content-Type: application/json).",
  422: "A result the rules do not allow (INVALID_RESULT), a decklist naming no card (UNKNOWN_CARDS, with `unknownCards`) or lines that are not a count and a name (UNREADABLE_DECKLIST, with `lineProblems`), or an Idempotency-Key already used for a different request (IDEMPOTENCY_KEY_REUSED).",
  429: "Too many requests with this token; Retry-After says when to send again.",
  503: "The database is busy or restarting; nothing happened. Retry-After says when to send the same request again.",
  507: "The database's disk is full (DISK_FULL); nothing was saved. Send the same request again once its operator has freed space.",
};

/** A schema as OpenAPI wants it: named schemas moved to components, refs pointing there. */
function toOpenApiSchema(
  schema: z.ZodType,
  io: "input" | "output",
  components: Record<string, JsonSchema>,
): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  const text = JSON.stringify(generated).replaceAll('"#/$defs/', '"#/components/schemas/');
  const {
    $schema: _schema,
    $defs,
    ...root
  } = JSON.parse(text) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [id, definition] of Object.entries($defs ?? {})) components[id] = definition;
  return root;
}

function parametersOf(operation: ApiOperation, components: Record<string, JsonSchema>) {
  const path = Object.entries(operation.pathParameters).map(([name, parameter]) => ({
    name,
    in: "path",
    required: true,
    description: parameter.description,
    schema: parameter.schema
      ? toOpenApiSchema(parameter.schema, "input", components)
      : { type: "string" },
  }));
  const query = operation.query
    ? Object.entries(
        (toOpenApiSchema(operation.query, "input", components).properties ?? {}) as Record<
          string,
          JsonSchema
        >,
      ).map(([name, schema]) => ({
        name,
        in: "query",
        required: false,
        description: QUERY_DESCRIPTIONS[name] ?? "",
        schema,
      }))
    : [];
  const headers =
    operation.method === "post" ? [IDEMPOTENCY_KEY_PARAMETER] : [IF_NONE_MATCH_PARAMETER];
  return [...path, ...query, ...headers];
}

const QUERY_DESCRIPTIONS: Record<string, string> = {
  q: "Only rows whose name contains this, ignoring case and accents.",
  page: "1-based page number.",
  pageSize: "Rows per page, at most 200 (default 50).",
  round: "Only this round's (its number); every round's without it.",
};

const IDEMPOTENCY_KEY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description:
    "A new random key (a UUID) for every write, and the same key when retrying it: a replay gets the first answer; the key sent with a different request is 422 IDEMPOTENCY_KEY_REUSED.",
  schema: { type: "string", minLength: 8, maxLength: 100 },
};

const IF_NONE_MATCH_PARAMETER = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of an earlier answer: 304 with no body while it is still current.",
  schema: { type: "string" },
};

const SERVES_TEXT: Record<NonNullable<ApiOperation["serves"]>, string> = {
  TWO_PLAYER: "Two-player events only.",
  PODS: "Pod events only (CR 100.6a).",
};

/** One example, or where a pod event answers in its own shape one example of each (OpenAPI allows `example` or `examples`, not both). */
function examplesOf(operation: ApiOperation) {
  if (!operation.example) return {};
  if (!operation.podExample) return { example: operation.example.response };
  return {
    examples: {
      twoPlayer: { summary: "A two-player event", value: operation.example.response },
      pods: { summary: "A pod event (CR 100.6a)", value: operation.podExample.response },
    },
  };
}

export function buildOpenApiDocument() {
  const components: Record<string, JsonSchema> = {};
  const errorSchema = toOpenApiSchema(ApiErrorSchema, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of API_OPERATIONS) {
    const success = operation.success;
    const content = success.schema
      ? {
          "application/json": {
            schema: toOpenApiSchema(success.schema, "output", components),
            ...examplesOf(operation),
          },
        }
      : {
          [success.contentType ?? "application/json"]: {
            schema: success.contentType ? { type: "string" } : { type: "object" },
          },
        };
    const responses: Record<string, unknown> = {
      [success.status]: {
        description: success.description,
        content,
        ...(operation.method === "get"
          ? {
              headers: {
                ETag: {
                  description: "A weak entity tag of this answer.",
                  schema: { type: "string" },
                },
              },
            }
          : {}),
      },
    };
    if (operation.method === "get")
      responses["304"] = { description: "Not modified: the If-None-Match ETag is still current." };
    for (const status of [
      ...operation.errors,
      429,
      503,
      ...(operation.method === "get" ? [] : [507]),
    ]) {
      responses[status] = {
        description: STATUS_TEXT[status] ?? "An error.",
        content: { "application/json": { schema: errorSchema } },
        ...(status === 429 || status === 503 || status === 409
          ? {
              headers: {
                "Retry-After": {
                  description: "Seconds to wait before sending the same request again.",
                  schema: { type: "integer" },
                },
              },
            }
          : {}),
      };
    }
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: [
        operation.description,
        operation.serves ? SERVES_TEXT[operation.serves] : null,
        operation.permission
          ? `Needs the \`${operation.permission}\` permission in the tournament (lib/rules/permissions.ts).`
          : null,
      ]
        .filter(Boolean)
        .join("\n\n"),
      tags: [operation.tag],
      parameters: parametersOf(operation, components),
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: toOpenApiSchema(operation.body, "input", components),
                  ...(operation.example?.request ? { example: operation.example.request } : {}),
                },
              },
            },
          }
        : {}),
      ...(operation.permission
        ? { security: [{ bearerToken: [] }, { session: [] }] }
        : { security: [{}, { bearerToken: [] }, { session: [] }] }),
      responses,
    };
  }
  const webhooks = openApiWebhooks((schema) => toOpenApiSchema(schema, "output", components));
  return {
    openapi: "3.1.0",
    info: {
      title: "Tournament API",
      version: "1.0.0",
      description:
        "Read tournaments, players, rounds, pairings, matches, standings and the bracket; register and drop players, award byes in advance, pair or enter rounds, swap seats and report results with an API token; read decklists (the published ones, or every list with its check as staff) and deck checks, and enter or change a player's list as staff. Pod events (CR 100.6a: pods of 3–4 players, one game each) are read by their rounds' pods, and their standings and top cut answer in their own shape (`structure: \"PODS\"`); a pod's result is recorded at …/pods/{podId}/result. Errors are `{ error: { code, message, fields? } }`. See docs/api.md.",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "Tournaments" },
      { name: "Players" },
      { name: "Rounds and matches" },
      { name: "Standings and bracket" },
      { name: "Decklists and deck checks" },
      { name: "Documentation" },
      { name: "Webhooks" },
    ],
    paths,
    webhooks,
    components: {
      schemas: components,
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "An API token made on the account page: `Authorization: Bearer mtgt_…`.",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "better-auth.session_token",
          description: "A signed-in browser's session (the app's own pages).",
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
