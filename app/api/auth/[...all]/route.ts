import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/server/auth";

/**
 * Better Auth's own endpoints (session reads, sign-out). Signing up and in over HTTP is switched
 * off there (lib/server/auth.ts): people use this app's forms, which throttle failed attempts.
 */
export const { GET, POST } = toNextJsHandler(auth);
