import "server-only";
import { type ActionResult, errorBody, failure } from "@/lib/action-result";
import { httpStatusFor } from "./errors";

/** An ActionResult as an HTTP answer: 200 with `{ ok: true, data }`, or the error body with its status. */
export function respondWith(result: ActionResult<unknown>, headers?: HeadersInit): Response {
  const allHeaders = new Headers(headers);
  if (!result.ok && result.error.retryAfterSeconds !== undefined)
    allHeaders.set("Retry-After", String(result.error.retryAfterSeconds));
  return Response.json(result.ok ? { ok: true, data: result.value } : errorBody(result.error), {
    status: result.ok ? 200 : httpStatusFor(result.error.code),
    headers: allHeaders,
  });
}

/** The JSON 405 for a method a route does not take, with the Allow header HTTP asks for. */
export function methodNotAllowed(allowed: readonly string[]): () => Response {
  return () =>
    respondWith(
      failure("METHOD_NOT_ALLOWED", `This address takes only ${allowed.join(", ")} requests.`),
      { Allow: allowed.join(", ") },
    );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000 && bytes % 100_000 === 0) return `${bytes / 1_000_000} MB`;
  return bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;
}

/**
 * Reads a JSON write request's body: only `application/json` (UTF-8), at most `limitBytes`
 * (refused as soon as more arrive, whatever Content-Length says), and a JSON object. Anything
 * else is a sentence and a 4xx code, never an exception.
 */
export async function readJsonObject(
  request: Request,
  limitBytes: number,
  messages: { notJson?: (detail: string) => string; tooLarge?: string } = {},
): Promise<ActionResult<Record<string, unknown>>> {
  const notJsonMessage =
    messages.notJson ??
    (() => 'The body is not valid JSON; send a JSON object such as {"winsA": 2, "winsB": 1, …}.');
  const contentType = request.headers.get("content-type") ?? "";
  const [mediaType = "", ...parameters] = contentType
    .split(";")
    .map((part) => part.trim().toLowerCase());
  const charset = parameters
    .find((parameter) => parameter.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/"/g, "");
  if (
    mediaType !== "application/json" ||
    (charset !== undefined && charset !== "utf-8" && charset !== "utf8")
  ) {
    return failure(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the body as JSON with the header Content-Type: application/json (UTF-8).",
    );
  }
  const tooLarge = failure(
    "PAYLOAD_TOO_LARGE",
    messages.tooLarge ??
      `The request body is too large: send at most ${formatBytes(limitBytes)} of JSON.`,
  );
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) return tooLarge;

  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > limitBytes) {
        await reader.cancel().catch(() => undefined);
        return tooLarge;
      }
      chunks.push(value);
    }
  }
  const notJson = (detail: string) => failure("VALIDATION", notJsonMessage(detail));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    return notJson("it is not UTF-8 text");
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return notJson(error instanceof Error ? error.message : "it cannot be read");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    const what = body === null ? "null" : Array.isArray(body) ? "a list" : `a ${typeof body}`;
    return failure("VALIDATION", `Send a JSON object with named fields, not ${what}.`);
  }
  return { ok: true, value: body as Record<string, unknown> };
}

/** Whether an If-None-Match header (a list of entity tags, or `*`) names `etag`, compared weakly (RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** The value with every `token` field left out, at any depth. */
function omitTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(omitTokens);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "token")
      .map(([key, field]) => [key, omitTokens(field)]),
  );
}

/**
 * A JSON answer without the session tokens Better Auth puts in it (get-session, list-sessions):
 * the token is the httpOnly cookie's secret, and script on the page must never be able to read it.
 */
export async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(JSON.stringify(omitTokens(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
