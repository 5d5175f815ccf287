/**
 * Refusals for a request that would reach a server action, decided before Next.js runs it. Next
 * aborts an action whose Origin is not this host with a 500 (and throws on an Origin it cannot
 * parse), and hands an action whatever arguments a body encodes; every form of this app sends
 * multipart FormData from its own pages, so anything else is answered here with a 4xx.
 * The host is read as Next reads it (X-Forwarded-Host's first value, else Host), so a request it
 * would run is never refused here.
 */
export type ServerActionRefusal = { status: 400 | 403; message: string };

export function refuseServerActionRequest(method: string, headers: Headers): ServerActionRefusal | null {
  if (method !== "POST") return null;
  const contentType = (headers.get("content-type") ?? "").trim().toLowerCase();
  const isMultipart = contentType.startsWith("multipart/form-data");
  const isFetchAction = headers.has("next-action");
  const isUrlEncoded = contentType === "application/x-www-form-urlencoded";
  if (!isFetchAction && !isMultipart && !isUrlEncoded) return null;

  const origin = headers.get("origin");
  if (origin !== null) {
    const host = (headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host")) ?? "";
    if (originHost(origin) !== host.toLowerCase() || host === "") {
      return { status: 403, message: "Forms of this app can only be sent from its own pages." };
    }
  }
  if (isFetchAction && !isMultipart && takesArguments(headers.get("next-action") ?? "")) {
    return { status: 400, message: "A form must be sent as multipart/form-data." };
  }
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
export async function refuseUnreadableActionBody(request: Request): Promise<ServerActionRefusal | null> {
  if (request.method !== "POST") return null;
  const contentType = (request.headers.get("content-type") ?? "").trim().toLowerCase();
  const isMultipart = contentType.startsWith("multipart/form-data");
  if (!request.headers.has("next-action") && !isMultipart) return null;
  const unreadable: ServerActionRefusal = { status: 400, message: "The form could not be read; reload the page and send it again." };
  try {
    if (!isMultipart) {
      JSON.parse(await request.clone().text());
      return null;
    }
    const form = await request.clone().formData();
    const parts = new Set<string>();
    const references: string[] = [];
    for (const [key, value] of form.entries()) {
      // React's encoded arguments ("0", "1", …) and a no-JavaScript form's bound arguments ("$ACTION_1:0") are JSON.
      if (typeof value === "string" && (/^[0-9]+$/.test(key) || /^\$ACTION_[0-9]+:[0-9]+$/.test(key))) JSON.parse(value);
      if (/^[0-9]+$/.test(key)) {
        parts.add(key);
        if (typeof value === "string") for (const match of value.matchAll(/"\$[QW@]?([0-9]+)"/g)) references.push(match[1]!);
      }
    }
    // A call React encoded has its root part "0"; a Map, Set or model it names is a part of its own.
    if (request.headers.has("next-action") && !parts.has("0")) return unreadable;
    if (references.some((part) => !parts.has(part))) return unreadable;
    return null;
  } catch {
    return unreadable;
  }
}
