// The inline scripts a page may carry besides earlyScript.ts, each allowed by its hash in the page's
// Content-Security-Policy (cli/security/sitePolicies.ts); any other inline script fails the build.

/** The not-found page's console message (SPEC §2, §8): one 404.html answers every unknown key, so only the browser knows the path. */
export const NOT_FOUND_LOG = "console.error('404 Error: User attempted to access non-existent route:', location.pathname)"
