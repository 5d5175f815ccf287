import "server-only";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { Webhook } from "standardwebhooks";
import type { SendOutcome } from "@/lib/server/announcements/announcement";
import {
  allowsPrivateWebhookAddresses,
  isPublicAddress,
  PRIVATE_REFUSAL,
  publicOnlyLookup,
  refuseWebhookUrlShape,
} from "@/lib/server/infra/outbound-address";

/** One webhook message: its id (the same on every retry, for the receiver's deduplication) and its exact body. */
export type WebhookMessage = { messageId: string; body: string };

/** A receiver that takes longer than this is tried again later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The Standard Webhooks headers for `message`, signed now. */
export function signedHeaders(secret: string, message: WebhookMessage, now = new Date()) {
  const signature = new Webhook(secret).sign(message.messageId, now, message.body);
  return {
    "content-type": "application/json",
    "user-agent": "SpellbookTO-Webhooks/1",
    "webhook-id": message.messageId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

/** One attempt: 2xx sent, 410 gone (the endpoint is disabled), anything else tried again later. */
export async function sendWebhook(
  url: string,
  secret: string,
  message: WebhookMessage,
): Promise<SendOutcome> {
  const allowPrivate = allowsPrivateWebhookAddresses();
  const shape = refuseWebhookUrlShape(url, allowPrivate);
  if (shape) return { kind: "gone", status: null, detail: shape };
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !allowPrivate && !isPublicAddress(host))
    return { kind: "gone", status: null, detail: PRIVATE_REFUSAL };
  const send = target.protocol === "https:" ? https.request : http.request;
  return new Promise<SendOutcome>((resolve) => {
    const request = send(
      target,
      {
        method: "POST",
        headers: signedHeaders(secret, message),
        lookup: publicOnlyLookup as never,
        timeout: WEBHOOK_TIMEOUT_MS,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // Read (and drop) the answer so the connection closes cleanly; its body is never kept.
        response.resume();
        response.on("end", () => resolve(outcomeOf(status)));
        response.on("error", () => resolve(outcomeOf(status)));
      },
    );
    request.on("timeout", () =>
      request.destroy(
        Object.assign(new Error("no answer within 10 seconds"), { code: "ETIMEDOUT" }),
      ),
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      const detail = error.code === "EPRIVATE" ? PRIVATE_REFUSAL : failureWords(error);
      resolve({ kind: "retry", status: null, detail: detail.slice(0, 300) });
    });
    request.end(message.body);
  });
}

/** What went wrong in words, node's own error after it in parentheses for whoever reads codes. */
const FAILURE_WORDS: Record<string, string> = {
  ECONNREFUSED: "The receiver refused the connection.",
  ENOTFOUND: "The receiver's name was not found.",
  EAI_AGAIN: "The receiver's name could not be looked up just now.",
  ETIMEDOUT: "No answer within 10 s.",
  ABORT_ERR: "No answer within 10 s.",
  ECONNRESET: "The receiver closed the connection before answering.",
  EPIPE: "The receiver closed the connection before answering.",
  EHOSTUNREACH: "The receiver's network cannot be reached.",
  ENETUNREACH: "The receiver's network cannot be reached.",
  CERT_HAS_EXPIRED: "The receiver's TLS certificate has expired.",
  ERR_TLS_CERT_ALTNAME_INVALID: "The receiver's TLS certificate is for another name.",
  DEPTH_ZERO_SELF_SIGNED_CERT:
    "The receiver's TLS certificate is self-signed, so it is not trusted.",
  SELF_SIGNED_CERT_IN_CHAIN: "The receiver's TLS certificate is self-signed, so it is not trusted.",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "The receiver's TLS certificate is not signed by a trusted authority.",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    "The receiver's TLS certificate is not signed by a trusted authority.",
  EPROTO: "The secure connection (TLS) to the receiver failed.",
};

/** A failed request in words, e.g. "The receiver refused the connection. (connect ECONNREFUSED …)". */
export function failureWords(error: { code?: string; name?: string; message?: string }): string {
  const code = error.code ?? (error.name === "TimeoutError" ? "ETIMEDOUT" : undefined);
  const raw = error.message || code || "unknown error";
  const shown = code && !raw.includes(code) ? `${code}: ${raw}` : raw;
  const words =
    (code && FAILURE_WORDS[code]) ??
    (code?.startsWith("ERR_SSL_") || code?.startsWith("ERR_TLS_")
      ? FAILURE_WORDS.EPROTO
      : "The message could not be sent.");
  return `${words} (${shown})`;
}

function outcomeOf(status: number): SendOutcome {
  if (status >= 200 && status < 300) return { kind: "sent", status };
  if (status === 410) return { kind: "gone", status, detail: "The receiver answered 410 Gone." };
  // A redirect is not followed: it could lead to an address the checks refuse.
  const detail =
    status >= 300 && status < 400
      ? `HTTP ${status}: redirects are not followed; enter the final address.`
      : status >= 500
        ? `The receiver failed (HTTP ${status}).`
        : `The receiver refused it (HTTP ${status}).`;
  return { kind: "retry", status, detail };
}
