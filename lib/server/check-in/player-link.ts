import "server-only";
import { headers } from "next/headers";
import { renderSVG } from "uqr";
import { currentPublicUrl, env } from "@/lib/server/infra/env";
import { isLocalOnlyAddress, joinAddress } from "@/lib/public-address";

export type PublicAddress = {
  /** Where phones open this app: PUBLIC_URL, else BETTER_AUTH_URL, else this page's own request. */
  base: string;
  isConfigured: boolean;
  /** The codes would point at this computer only: phones cannot open them. */
  isLocalOnly: boolean;
};

/**
 * The address every printed slip and QR code points at: the PUBLIC_URL setting when set (a proxy,
 * a domain, the venue laptop's LAN address), otherwise the host this page was served from.
 */
export async function publicAddress(): Promise<PublicAddress> {
  const configured = configuredBase();
  if (configured)
    return { base: configured, isConfigured: true, isLocalOnly: isLocalOnlyAddress(configured) };
  const requestHeaders = await headers();
  const host =
    requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost:3000";
  const proto =
    requestHeaders.get("x-forwarded-proto") ??
    (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  const base = `${proto}://${host}`;
  return { base, isConfigured: false, isLocalOnly: isLocalOnlyAddress(base) };
}

/**
 * The public base outside a request (the outbox worker's webhooks): PUBLIC_URL, else
 * BETTER_AUTH_URL, else this server's own port on localhost, so a link sent is always absolute.
 */
export function configuredPublicBase(): string {
  return configuredBase() ?? `http://localhost:${env.PORT}`;
}

/** PUBLIC_URL, else BETTER_AUTH_URL, without a trailing slash; null when neither is set. */
function configuredBase(): string | null {
  const configured = currentPublicUrl() ?? env.BETTER_AUTH_URL;
  return configured ? configured.replace(/\/+$/, "") : null;
}

/** The address a player's QR code opens: /play/<code>, which signs that phone in. */
export async function playerLinkFor(code: string): Promise<string> {
  return joinAddress((await publicAddress()).base, `/play/${code}`);
}

/**
 * The address the check-in QR code opens: the tournament's page to register or check in; with the
 * screen's registration token (lib/server/check-in/registration-token.ts), registering from a phone too.
 */
export async function checkInLinkFor(
  tournamentId: string,
  registrationToken?: string,
): Promise<string> {
  const path = `/tournaments/${encodeURIComponent(tournamentId)}/check-in${registrationToken ? `?qr=${encodeURIComponent(registrationToken)}` : ""}`;
  return joinAddress((await publicAddress()).base, path);
}

/** The QR code as an SVG string (server-rendered; no script, no request to anyone). */
export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: "M", border: 2, pixelSize: 6 });
}
