import "server-only";
import type { ErrorCode } from "@/lib/action-result";

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_RESULT: 422,
  NOT_FOUND: 404,
  DUPLICATE_PLAYER: 409,
  CONFLICT: 409,
  MATCH_CONFIRMED: 409,
  ROUND_NOT_COMPLETE: 409,
  NOT_ENOUGH_PLAYERS: 409,
  REGISTRATION_CLOSED: 409,
  ROUND_STARTED: 409,
  PLAYOFF_NOT_READY: 409,
  INTERNAL: 500,
};

export function httpStatusFor(code: ErrorCode): number {
  return STATUS[code];
}
