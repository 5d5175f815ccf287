import type { Message, Result } from "@/lib/rules/result";

/**
 * Expected failures are values, not exceptions: every public function of lib/pairings returns
 * a PairingResult with a stable `code` the UI can map and a message the edge renders for people.
 */
export type PairingError<Code extends string = string> = Message & { code: Code };

export type PairingResult<T, Code extends string = string> = Result<T, PairingError<Code>>;

export function success<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function failure<Code extends string>(
  code: Code,
  message: Message,
): { ok: false; error: PairingError<Code> } {
  return { ok: false, error: { code, ...message } };
}

/**
 * An impossible internal state to throw (a bug in lib/pairings, never a person's input): pure code
 * renders no text, so the error names its catalogue key and values for the developer who reads it.
 */
export function internalError<E extends Error>(
  Kind: new (text?: string) => E,
  message: Message,
): E {
  return new Kind(`${message.key} ${JSON.stringify(message.values ?? {})}`);
}
