import "server-only";
import { headers } from "next/headers";
import { renderSVG } from "uqr";

/**
 * The address a player's QR code opens (issue 10): /play/<code> on the host this page was served
 * from, so a venue's LAN address or a public domain both work without configuration.
 */
export async function playerLinkFor(code: string): Promise<string> {
  const requestHeaders = await headers();
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost:3000";
  const proto = requestHeaders.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}/play/${code}`;
}

/** The QR code as an SVG string (server-rendered; no script, no request to anyone). */
export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: "M", border: 2, pixelSize: 6 });
}
