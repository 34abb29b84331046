import { usePageContext } from 'vike-react/usePageContext'
import { HOME_URL } from './urls.ts'
import { linkProps } from './href.ts'

// vike computes pageContext.urlPathname from the URL on every read; a page has dozens of links.
const pathnames = new WeakMap<object, string>()

/**
 * Link props for a config href. An anchor ('#pricing') stays an in-page anchor on the home page,
 * where the browser scrolls to it smoothly, and becomes '/#pricing' on every other page.
 */
export function useSiteHref(): (href: string) => ReturnType<typeof linkProps> {
  const pageContext = usePageContext()
  let pathname = pathnames.get(pageContext)
  if (pathname === undefined) pathnames.set(pageContext, (pathname = pageContext.urlPathname))
  const onHome = pathname === HOME_URL
  return (href) => (href.startsWith('#') ? (onHome ? { href } : linkProps(`${HOME_URL}${href}`)) : linkProps(href))
}
