/**
 * `npm run venue` (scripts/serve.ts with --venue): the app served to the room from a laptop on
 * the venue's Wi-Fi. It listens on every interface, finds the laptop's LAN address, makes it the
 * public address printed slips and QR codes use, shows it as a URL and a QR code in the terminal,
 * and says so when the address changes while the app runs. Nothing it does needs the internet.
 */
import { networkInterfaces } from "node:os";
import { renderUnicodeCompact } from "uqr";
import { chooseLanAddress, lanAddressUpdate, venueUrl } from "../lib/lan-address";

/** How often the laptop's address is looked at again (a Wi-Fi that reconnects may hand out another). */
export const ADDRESS_POLL_MS = 5_000;

export type VenueStart = {
  /** The laptop's LAN address now, if it is on a network. */
  address: string | undefined;
  /** Settings for the app's server: the public address, cookies over plain HTTP, no telemetry. */
  serverEnv: Record<string, string>;
  /** Whether PUBLIC_URL was set by hand: then codes point there whatever the laptop's address. */
  hasFixedPublicUrl: boolean;
};

/** What the room's server is started with, on this laptop's network now. */
export function venueStart(port: number, env: NodeJS.ProcessEnv = process.env): VenueStart {
  const address = chooseLanAddress(networkInterfaces())?.address;
  const hasFixedPublicUrl = Boolean(env.PUBLIC_URL?.trim());
  const publicUrl = hasFixedPublicUrl ? env.PUBLIC_URL! : address && venueUrl(address, port);
  return {
    address,
    hasFixedPublicUrl,
    serverEnv: {
      ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
      // Staff sign in from other laptops and phones over plain HTTP on the room's network.
      ALLOW_INSECURE_COOKIES: env.ALLOW_INSECURE_COOKIES ?? "1",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  };
}

/** The lines that tell the room where the app is: its URL and a QR code of it. */
export function venueAnnouncement(address: string | undefined, port: number): string {
  if (!address)
    return [
      "▸ This laptop is on no network yet: connect it to the venue's Wi-Fi (or a phone's hotspot).",
      `  Until then only this laptop opens the app, at http://localhost:${port}; the address is said here once it has one.`,
    ].join("\n");
  const url = venueUrl(address, port);
  return [
    `▸ Phones and laptops on this network open ${url}`,
    renderUnicodeCompact(url, { border: 2 }),
    `  Printed slips and QR codes point there. On this laptop http://localhost:${port} works too.`,
  ].join("\n");
}

/** Looks at the laptop's address every few seconds and calls back with each change (none when it is off the network). */
export function watchLanAddress(
  initial: string | undefined,
  onChange: (address: string | undefined) => void,
  intervalMs = ADDRESS_POLL_MS,
): () => void {
  let current = initial;
  const timer = setInterval(() => {
    const { address, changed } = lanAddressUpdate(current, networkInterfaces());
    if (!changed) return;
    current = address;
    onChange(address);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
