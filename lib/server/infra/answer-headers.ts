import securityHeaders from "@/lib/security-headers.json";

/**
 * The headers next.config.js gives every API answer, for answers written before Next.js sees the
 * request: both read lib/security-headers.json, so the two cannot drift apart.
 */
export function apiAnswerHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": securityHeaders.apiContentSecurityPolicy,
  };
  for (const { key, value } of securityHeaders.everyAnswer) headers[key] = value;
  return headers;
}
