/** @type {import('next').NextConfig} */
const nextConfig = {
  // pg and PGlite load native-free but dynamic modules; keep them out of the server bundle.
  serverExternalPackages: ["pg", "@electric-sql/pglite", "@electric-sql/pglite-socket"],
  typedRoutes: false,
  // The default, stated on purpose: pages and the standings API go to phones gzip-compressed.
  compress: true,
};

export default nextConfig;
