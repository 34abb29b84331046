/** A URL prefix as the site uses it: '/docs' → '/docs/', '' → '/'. */
export function normalizeBase(base: string): string {
  const trimmed = base.trim().replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? '/' : `/${trimmed}/`
}
