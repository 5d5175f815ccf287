/**
 * Headers on every answer (issue 8). Pages also get a per-request Content-Security-Policy with a
 * script nonce from proxy.ts; API answers are data, never documents, so they get a closed policy.
 */
const securityHeaders = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Older browsers that ignore CSP frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // pg and PGlite load native-free but dynamic modules; keep them out of the server bundle.
  serverExternalPackages: ["pg", "@electric-sql/pglite", "@electric-sql/pglite-socket"],
  typedRoutes: false,
  // The default, stated on purpose: pages and the standings API go to phones gzip-compressed.
  compress: true,
  poweredByHeader: false,
  // A tournament archive or a published event is imported through a form: allow files up to 8 MB of text.
  experimental: { serverActions: { bodySizeLimit: "10mb" } },
  // proxy.ts must see the router's own headers (Next strips them otherwise): it refuses a
  // Next-Router-State-Tree Next cannot read, and leaves prefetches without a nonce.
  skipProxyUrlNormalize: true,
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
    ];
  },
};

export default nextConfig;
