import { success } from "@/lib/action-result";
import { SubmitDecklistBodySchema } from "@/lib/schemas/api-v1";
import { DecklistQuerySchema } from "@/lib/schemas/api-v1-query";
import { searchParamsToObject } from "@/lib/schemas/paging";
import { EnterDecklistSchema } from "@/lib/schemas/decklist";
import { parseInput } from "@/lib/schemas/parse";
import { runMutation } from "@/lib/server/access/run-action";
import {
  decklistRefusalForApi,
  getDecklistForApi,
  savedDecklistForApi,
} from "@/lib/server/api/api-decklists";
import { answerV1, readTournamentV1, respondV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";
import { submitDecklist } from "@/lib/server/decklists/submit-decklist";
import { readJsonObject } from "@/lib/server/infra/http";

export const dynamic = "force-dynamic";

/** GET /api/v1/tournaments/{tournamentId}/decklists/{registrationId} — one player's list; its text and history for staff. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; registrationId: string }> },
) {
  const { tournamentId, registrationId } = await params;
  return readTournamentV1<unknown>(request, tournamentId, async (access, url) => {
    const query = parseInput(DecklistQuerySchema, searchParamsToObject(url.searchParams));
    return query.ok ? getDecklistForApi(access, registrationId, query.value.seat) : query;
  });
}

/** The staff form's fields without its key (the Idempotency-Key header is the key). */
const ApiEnterDecklistSchema = EnterDecklistSchema.omit({ idempotencyKey: true });

/**
 * POST /api/v1/tournaments/{tournamentId}/decklists/{registrationId} — enters or changes a
 * player's list as staff do on its page (submitDecklist): checked against the event's format and
 * saved even when not legal; once lists are final, only with a reason (IPG 3.4).
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ tournamentId: string; registrationId: string }> },
) {
  const { tournamentId, registrationId } = await params;
  return answerV1(request, async () => {
    const result = await runMutation({
      access: { permission: "decklists.manage" },
      schema: ApiEnterDecklistSchema,
      input: async () => {
        // A list is at most 20,000 characters (DECKLIST_TOO_LONG past it), escaped in JSON.
        const body = await readJsonObject(request, 256 * 1024);
        if (!body.ok) return body;
        const fields = parseInput(SubmitDecklistBodySchema, body.value);
        return fields.ok ? success({ ...fields.value, tournamentId, registrationId }) : fields;
      },
      headers: request.headers,
      acceptsApiToken: true,
      idempotency: { key: request.headers.get("idempotency-key"), operation: "decklists.submit" },
      run: async (input, { seat, requestKey }) => {
        const saved = await submitDecklist(
          { ...input, idempotencyKey: requestKey! },
          { source: "STAFF", staffId: seat.id, name: seat.name },
        );
        return saved.ok
          ? success(savedDecklistForApi(saved.value))
          : decklistRefusalForApi(saved.error);
      },
    });
    return respondV1(result);
  });
}

const allowed = v1MethodNotAllowed(["GET", "POST"]);
export const PUT = allowed;
export const PATCH = allowed;
export const DELETE = allowed;
