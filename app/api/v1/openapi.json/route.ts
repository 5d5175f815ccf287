import { buildOpenApiDocument } from "@/lib/api-v1/openapi";
import { readDocumentV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

/** Built once per server: it depends only on the code. */
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** GET /api/v1/openapi.json — the OpenAPI 3.1 document of /api/v1. */
export async function GET(request: Request) {
  return readDocumentV1(request, () => {
    document ??= buildOpenApiDocument();
    return Response.json(document, { headers: { "Cache-Control": "public, max-age=300" } });
  });
}

const onlyGet = v1MethodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
