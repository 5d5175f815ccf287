import type { IncomingMessage, ServerResponse } from "node:http";
import { failure } from "@/lib/action-result";
import { apiAnswerHeaders } from "./answer-headers";
import { respondWith } from "./http";
import { answeredOnSocketHeaderName } from "./peer-address";

/** A Node.js request's headers as the Web `Headers` the app's routes read, marked as answered on the socket. */
export function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers({ [answeredOnSocketHeaderName()]: "1" });
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** Writes a route's answer on the socket, with the API's headers; `close`: the connection is not reused (after an unexpected failure). */
export async function writeAnswer(
  response: ServerResponse,
  answer: Response,
  options: { close?: boolean } = {},
): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string> = apiAnswerHeaders();
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // A HEAD's answer has no body to measure (a stream's length is unknown).
  if (answer.body !== null) headers["content-length"] = String(body.length);
  if (options.close) headers.connection = "close";
  response.writeHead(answer.status, headers);
  response.end(body);
}

/** Our bug while answering on the socket: logged, and a generic 500 if nothing was sent yet (the connection is not reused). */
export function answerUnexpected(
  response: ServerResponse,
  error: unknown,
  doing: string,
  message: string,
): void {
  if (response.destroyed) return;
  console.error(`Unexpected error ${doing}`, error);
  if (response.headersSent) response.destroy();
  else void writeAnswer(response, respondWith(failure("INTERNAL", message)), { close: true });
}
