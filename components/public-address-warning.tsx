import type { PublicAddress } from "@/lib/server/check-in/player-link";

/**
 * Shown (on screen, never printed) where QR codes and printed links point at this computer only:
 * phones cannot open them until PUBLIC_URL names an address they reach.
 */
export function PublicAddressWarning({
  address,
  tone = "light",
}: {
  address: PublicAddress;
  tone?: "light" | "dark";
}) {
  if (!address.isLocalOnly) return null;
  return (
    <div
      role="alert"
      className={`rounded-md border px-3 py-2 text-sm print:hidden ${tone === "dark" ? "border-amber-300 bg-amber-100 text-amber-950" : "border-amber-300 bg-amber-50 text-amber-900"}`}
    >
      <p className="font-semibold">These QR codes will not work on phones.</p>
      <p>
        They point at <span className="font-mono break-all">{address.base}</span>, which only this
        computer can open. Set <span className="font-mono">PUBLIC_URL</span> to the address phones
        reach this app at (the venue laptop&apos;s network address, such as{" "}
        <span className="font-mono">http://192.168.1.20:3000</span>, or your{" "}
        <span className="font-mono">https://</span> domain) and restart the app; the README&apos;s
        &ldquo;The public address&rdquo; section explains it.
      </p>
    </div>
  );
}
