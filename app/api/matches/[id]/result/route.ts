import { methodNotAllowed } from "@/lib/server/infra/http";
import { postMatchResult } from "./report";

/** POST a result slip as JSON (./report.ts says what it takes and answers). */
export const POST = postMatchResult;

const onlyPost = methodNotAllowed(["POST"]);
export const GET = onlyPost;
export const PUT = onlyPost;
export const PATCH = onlyPost;
export const DELETE = onlyPost;
