import { buildOpenApiDocument } from "@/lib/api-v1/openapi";
import { renderReferenceHtml } from "@/lib/api-v1/reference-html";
import { readDocumentV1, v1MethodNotAllowed } from "@/lib/server/api/api-v1";

let html: string | undefined;

/** GET /api/v1/reference — the API reference as a plain HTML page (no script, no style). */
export async function GET(request: Request) {
  return readDocumentV1(request, () => {
    html ??= renderReferenceHtml(buildOpenApiDocument());
    return new Response(html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "public, max-age=300",
      },
    });
  });
}

const onlyGet = v1MethodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
