import { usePagePath } from './pagePath.ts'
import { HOME_URL } from './urls.ts'
import { linkProps } from './href.ts'

/**
 * Link props for a config href. An anchor ('#pricing') stays an in-page anchor on the home page,
 * where the browser scrolls to it smoothly, and becomes '/#pricing' on every other page.
 */
export function useSiteHref(): (href: string) => ReturnType<typeof linkProps> {
  const onHome = usePagePath() === HOME_URL
  return (href) => (href.startsWith('#') ? (onHome ? { href } : linkProps(`${HOME_URL}${href}`)) : linkProps(href))
}
