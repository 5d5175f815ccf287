/**
 * The pages' Content-Security-Policy. Scripts run only when the page names them: by this request's
 * nonce (a page rendered per request), or by the SHA-256 of each inline script (a page rendered
 * once and served to many from the page cache, lib/server/live/page-cache.ts). Never 'unsafe-inline'.
 *
 * No `upgrade-insecure-requests`: a venue laptop may serve the LAN over plain HTTP.
 */
export type ScriptSources = { nonce: string } | { hashes: readonly string[] };

export function contentSecurityPolicy(scripts: ScriptSources, isDevelopment = false): string {
  const allowed =
    "nonce" in scripts
      ? `'nonce-${scripts.nonce}' 'strict-dynamic'`
      : // Without a nonce, 'strict-dynamic' would refuse the page's own <script src> chunks: 'self' allows them.
        scripts.hashes.map((hash) => `'sha256-${hash}'`).join(" ");
  return [
    "default-src 'self'",
    // React needs eval in development only (error overlays and stacks).
    `script-src 'self' ${allowed}${isDevelopment ? " 'unsafe-eval'" : ""}`.replace(/\s+$/, ""),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    // The offline service worker (public/sw.js) and the home-screen manifest.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
