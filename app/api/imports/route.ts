import { success } from "@/lib/action-result";
import { IMPORT_LIMITS } from "@/lib/rules/archive";
import { ImportEventSchema } from "@/lib/schemas/published-import";
import { runMutation } from "@/lib/server/actions/run-action";
import { importEventFile } from "@/lib/server/data/import-event";
import { env } from "@/lib/server/env";
import { methodNotAllowed, readJsonObject, respondWith } from "@/lib/server/http";

/**
 * POST a tournament file as the body (Content-Type: application/json): this app's archive or an
 * event's published results. The one request that takes megabytes, so it is a route with its own
 * limit, checked before the body is read as JSON; every form's server action keeps Next's 1 MB.
 * Answers `{ ok: true, data: { path } }`, the new tournament's page, or a refusal with its sentence.
 */
export async function POST(request: Request) {
  // The embedded database takes smaller files (lib/server/import-limit.ts): refused before reading more.
  const limit = env.DATABASE_POOL_MAX === 1 ? IMPORT_LIMITS.embeddedArchiveBytes : IMPORT_LIMITS.fileBytes;
  const result = await runMutation({
    access: "signed-in",
    schema: ImportEventSchema,
    // Read only once the caller is known to be signed in.
    input: async () => {
      const body = await readJsonObject(request, limit, (detail) => `This is not JSON: ${detail}.`);
      if (!body.ok) return body;
      const declared = Number(request.headers.get("content-length"));
      return success({ event: body.data, bytes: Number.isFinite(declared) && declared > 0 ? declared : Buffer.byteLength(JSON.stringify(body.data)) });
    },
    headers: request.headers,
    run: (input, { actor }) => importEventFile(input, actor),
  });
  return respondWith(result);
}

const onlyPost = methodNotAllowed(["POST"]);
export const GET = onlyPost;
export const PUT = onlyPost;
export const PATCH = onlyPost;
export const DELETE = onlyPost;
