/**
 * Refusals for a request that would reach a server action, decided before Next.js runs it. Next
 * aborts an action whose Origin is not this host with a 500 (and throws on an Origin it cannot
 * parse), and hands an action whatever arguments a body encodes; every form of this app sends
 * multipart FormData from its own pages, so anything else is answered here with a 4xx.
 * The host is read as Next reads it (X-Forwarded-Host's first value, else Host), so a request it
 * would run is never refused here.
 */
export type ServerActionRefusal = { status: 400 | 403 | 411 | 413; message: string };

/** Next's own limit on a server action's body (serverActions.bodySizeLimit, left at its default): only the import route takes more. */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

export function refuseServerActionRequest(
  method: string,
  headers: Headers,
): ServerActionRefusal | null {
  if (method !== "POST") return null;
  const contentType = (headers.get("content-type") ?? "").trim().toLowerCase();
  const isMultipart = contentType.startsWith("multipart/form-data");
  const isFetchAction = headers.has("next-action");
  const isUrlEncoded = contentType === "application/x-www-form-urlencoded";
  if (!isFetchAction && !isMultipart && !isUrlEncoded) return null;

  const origin = headers.get("origin");
  if (origin !== null) {
    const host =
      (headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host")) ?? "";
    if (originHost(origin) !== host.toLowerCase() || host === "") {
      return { status: 403, message: "Forms of this app can only be sent from its own pages." };
    }
  }
  if (isFetchAction && !isMultipart && takesArguments(headers.get("next-action") ?? "")) {
    return { status: 400, message: "A form must be sent as multipart/form-data." };
  }
  // Refused by its declared size before anything reads it (a form is kilobytes; a browser always declares it).
  const length = headers.get("content-length");
  if (length === null)
    return { status: 411, message: "A form must be sent with its length (Content-Length)." };
  if (!/^\d+$/.test(length.trim()) || Number(length) > ACTION_BODY_LIMIT_BYTES)
    return { status: 413, message: "This form is too large: a form of this app is at most 1 MB." };
  return null;
}

/**
 * Whether the action reads any argument, from the first byte of its id (Next's server reference
 * info: a bit per used argument and one for rest arguments). Next's client sends a call whose
 * arguments are all unused (sign out) as text, with none; one that reads its form sends FormData.
 * An id that is not one (wrong length or not hex) is left to Next, which answers it 404.
 */
function takesArguments(actionId: string): boolean {
  if (!/^[0-9a-f]{42}$/i.test(actionId)) return false;
  return (parseInt(actionId.slice(0, 2), 16) & 0x7f) !== 0;
}

function originHost(origin: string): string | null {
  if (origin === "null") return null;
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Next decodes a server action's body before the action runs and answers 500 when it cannot
 * (a multipart body that does not parse, a part or text that is not JSON). Read here first, from a
 * copy, the way Next reads it: a body it would fail on is a 400. Only for requests that would reach
 * an action (see `refuseServerActionRequest`); Next caps their size (1 MB) before this reads them.
 */
export async function refuseUnreadableActionBody(
  request: Request,
): Promise<ServerActionRefusal | null> {
  if (request.method !== "POST") return null;
  const contentType = (request.headers.get("content-type") ?? "").trim().toLowerCase();
  const isMultipart = contentType.startsWith("multipart/form-data");
  if (!request.headers.has("next-action") && !isMultipart) return null;
  const unreadable: ServerActionRefusal = {
    status: 400,
    message: "The form could not be read; reload the page and send it again.",
  };
  try {
    // Next's client sends a call whose arguments go unused (sign out) as text, with none: "[]".
    if (!isMultipart) {
      const args: unknown = JSON.parse(await request.clone().text());
      return Array.isArray(args) && args.length === 0 ? null : unreadable;
    }
    const form = await request.clone().formData();
    const keys = new Set<string>();
    let root: unknown;
    for (const [key, value] of form.entries()) {
      keys.add(key);
      // React's root part ("0") and a no-JavaScript form's bound arguments ("$ACTION_1:0") are JSON.
      if (typeof value === "string" && (key === "0" || /^\$ACTION_[0-9]+:[0-9]+$/.test(key))) {
        const parsed: unknown = JSON.parse(value);
        if (depthOf(parsed) > MAX_ARGUMENT_DEPTH) return unreadable;
        if (key === "0") root = parsed;
        else if (!onlyBoundReferences(parsed, key.slice(0, key.indexOf(":")), form))
          return unreadable;
      }
      // A Map, Set, model or blob React outlines is a part of its own: no form of this app sends one.
      if (/^[0-9]+$/.test(key) && key !== "0") return unreadable;
    }
    if (request.headers.has("next-action") && (!keys.has("0") || !isActionCall(root)))
      return unreadable;
    // A no-JavaScript form names its bound arguments' part; one that is not there cannot be decoded.
    for (const key of keys) {
      const ref = /^\$ACTION_REF_([0-9]+)$/.exec(key);
      if (ref && !keys.has(`$ACTION_${ref[1]}:0`)) return unreadable;
    }
    return null;
  } catch {
    return unreadable;
  }
}

/** The strings React writes for values JSON has no word for; any other "$…" string is a reference to decode. */
const PLAIN_DOLLAR_STRINGS = new Set(["$undefined", "$NaN", "$Infinity", "$-Infinity", "$-0"]);

/** Whether a JSON value holds a reference React would follow ("$Q1", "$F1", "$1:constructor", …); "$$…" is an escaped string. */
function holdsReference(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === "string") {
      if (node.startsWith("$") && !node.startsWith("$$") && !PLAIN_DOLLAR_STRINGS.has(node))
        return true;
    } else if (node !== null && typeof node === "object") stack.push(...Object.values(node));
  }
  return false;
}

/** A no-JavaScript form's bound arguments: references only to parts of the same action ("$@1" → "$ACTION_1:1") that are there. */
function onlyBoundReferences(value: unknown, prefix: string, form: FormData): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === "string") {
      if (!node.startsWith("$") || node.startsWith("$$") || PLAIN_DOLLAR_STRINGS.has(node))
        continue;
      const part = /^\$@([0-9]+)$/.exec(node);
      if (!part || !form.has(`${prefix}:${part[1]}`)) return false;
    } else if (node !== null && typeof node === "object") stack.push(...Object.values(node));
  }
  return true;
}

/** Deeper than any form state: React's decoder gives up on deeply nested input with an error (a 500). */
const MAX_ARGUMENT_DEPTH = 16;

/**
 * The arguments of a call to one of this app's actions: none (sign out), the form (a form's
 * action), or the previous form state and the form (`useActionState`), the form encoded as a
 * FormData reference ("$K1"). A bare string, number or null would reach the action as its form.
 */
function isActionCall(args: unknown): boolean {
  if (!Array.isArray(args) || args.length > 2) return false;
  if (args.length === 0) return true;
  const form = args.at(-1);
  if (typeof form !== "string" || !/^\$K[0-9a-f]+$/.test(form)) return false;
  const state = args.length === 2 ? args[0] : null;
  return (
    state === null || (typeof state === "object" && !Array.isArray(state) && !holdsReference(state))
  );
}

/** How deeply a JSON value nests, walked with a list so that no input can overflow the stack. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_ARGUMENT_DEPTH) return deepest;
    if (node !== null && typeof node === "object")
      for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}
