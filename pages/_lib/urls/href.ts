/** A site path with the build's base prepended ('/blog/' → '/marketing/blog/'); other URLs as they are. */
export function withBase(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path
  return `${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`
}

/** Whether a link leaves the site (it then opens in a new tab). */
export const isExternal = (href: string): boolean => /^https?:\/\//i.test(href)

/** Props that make a link open safely in a new tab when it leaves the site. */
export function linkProps(href: string): { href: string; target?: string; rel?: string } {
  return isExternal(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href: withBase(href) }
}
