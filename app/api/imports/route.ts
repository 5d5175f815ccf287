import { success } from "@/lib/action-result";
import { IMPORT_LIMITS } from "@/lib/rules/archive";
import { ImportEventSchema } from "@/lib/schemas/published-import";
import { runMutation } from "@/lib/server/access/run-action";
import { importEventFile } from "@/lib/server/archive/import-event";
import { env } from "@/lib/server/infra/env";
import { methodNotAllowed, readJsonObject, respondWith } from "@/lib/server/infra/http";

/**
 * POST a tournament file as the body (Content-Type: application/json): this app's archive or an
 * event's published results. The one request that takes megabytes, so it is a route with its own
 * limit, checked before the body is read as JSON; every form's server action keeps Next's 1 MB.
 * Answers `{ ok: true, data: { path } }`, the new tournament's page, or a refusal with its sentence.
 */
export async function POST(request: Request) {
  // The embedded database (one session) takes smaller files: refused by their size before reading more.
  const isEmbedded = env.DATABASE_POOL_MAX === 1;
  const limit = isEmbedded ? IMPORT_LIMITS.embeddedFileBytes : IMPORT_LIMITS.fileBytes;
  const tooLarge = isEmbedded
    ? `This file is over ${limit / 1_000_000} MB: the embedded database imports files up to ${limit / 1_000_000} MB. Larger files need a PostgreSQL server (see docs/database.md).`
    : `This file is over ${limit / 1_000_000} MB, the most an import takes: for a published event, leave out its decklists ("Decks").`;
  const result = await runMutation({
    access: "signed-in",
    schema: ImportEventSchema,
    // Read only once the caller is known to be signed in.
    input: async () => {
      const body = await readJsonObject(request, limit, {
        notJson: (detail) => `This is not JSON: ${detail}.`,
        tooLarge,
      });
      return body.ok ? success({ event: body.value }) : body;
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
