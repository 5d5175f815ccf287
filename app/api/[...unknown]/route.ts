import { failure } from "@/lib/action-result";
import { respondWith } from "@/lib/server/infra/http";

export const dynamic = "force-dynamic";

/** Any /api/* address no route answers: a JSON 404 (not the HTML page), whatever the method. */
function notFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  const shown = path.length > 120 ? `${path.slice(0, 120)}…` : path;
  return respondWith(
    failure("NOT_FOUND", `There is no API at ${shown}; check the address and the method.`),
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
