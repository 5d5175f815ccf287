import { createRequire } from "node:module";
import { networkInterfaces } from "node:os";

/**
 * Headers on every answer, so no other site can frame the app or sniff a JSON answer as a page,
 * from lib/security-headers.json (the answers written before Next.js sees a request carry the same). Pages also get a per-request Content-Security-Policy with a
 * script nonce from proxy.ts; API answers are data, never documents, so they get a closed policy.
 */
const { everyAnswer: securityHeaders, apiContentSecurityPolicy } = createRequire(import.meta.url)(
  "./lib/security-headers.json",
);

/** This computer's own addresses as a page's origin names them (link-local IPv6 left out). */
const ownHosts = Object.values(networkInterfaces())
  .flatMap((addresses) => addresses ?? [])
  .filter(({ address }) => !address.toLowerCase().startsWith("fe80:"))
  .map(({ address, family }) => (family === "IPv4" ? address : `[${address}]`));

/** @type {import('next').NextConfig} */
const nextConfig = {
  // pg and PGlite load native-free but dynamic modules; keep them out of the server bundle.
  serverExternalPackages: ["pg", "@electric-sql/pglite", "@electric-sql/pglite-socket"],
  typedRoutes: false,
  // Development serves hot reload only to pages opened at localhost, unless told: a page opened at
  // 127.0.0.1 or at the laptop's LAN address (a phone in the room) is served by this computer too.
  allowedDevOrigins: ownHosts,
  // The default, stated on purpose: pages and the standings API go to phones gzip-compressed.
  compress: true,
  poweredByHeader: false,
  // Next keeps a copy of each body the proxy sees: no request it sees is larger than a form's 1 MB
  // (the import's route is outside the proxy's matcher), so an unfinished huge body holds little.
  experimental: { proxyClientMaxBodySize: "1mb" },
  // proxy.ts must see the router's own headers (Next strips them otherwise): it refuses a
  // Next-Router-State-Tree Next cannot read, and leaves prefetches without a nonce.
  skipProxyUrlNormalize: true,
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: apiContentSecurityPolicy }],
      },
    ];
  },
};

export default nextConfig;
