// The inline scripts a page may carry besides the early script (earlyScript.ts): each is allowed by
// its hash in the page's Content-Security-Policy (cli/security/sitePolicies.ts), and any other
// inline script fails the build.

/**
 * The not-found page's console message (SPEC §2, §8). One 404.html answers every unknown key, so
 * only the browser knows which path was missing; the page is HTML-only, so a line of script says it.
 */
export const NOT_FOUND_LOG = "console.error('404 Error: User attempted to access non-existent route:', location.pathname)"
