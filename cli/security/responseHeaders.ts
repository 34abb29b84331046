// What a <meta> policy cannot say, for a host or CDN that sends headers (object storage does not): framing, HTTPS, sniffing,
// referrer, unused features. Written as `_headers` (Cloudflare Pages, Netlify) when the config asks.

/** Every response's security headers, in the order they are written. */
export const RESPONSE_HEADERS: readonly [name: string, value: string][] = [
  // frame-ancestors is ignored in a <meta> policy; a header policy is enforced beside the page's.
  ['Content-Security-Policy', "frame-ancestors 'none'"],
  ['X-Frame-Options', 'DENY'],
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
]

/** The `_headers` file for a site served under `base`: every path gets every header. */
export function renderHeadersFile(base: string): string {
  return `${base}*\n${RESPONSE_HEADERS.map(([name, value]) => `  ${name}: ${value}\n`).join('')}`
}
