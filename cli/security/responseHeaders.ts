// What a policy in a <meta> cannot say, for a host or CDN in front of the bucket that can send
// response headers (object storage sends none of its own): framing, HTTPS only, no type sniffing,
// the referrer, and the browser features the site never uses. Written as a `_headers` file (the
// format Cloudflare Pages and Netlify read) when the config asks; cli/security/README.md gives
// the same as a CloudFront response headers policy.

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
