import { lentPages } from 'virtual:kube-site/config'
import { usePagePath } from './pagePath.ts'
import { usePageLocale, valueIn } from '../locales/pageLocale.ts'
import { localizedPath, type SiteLocale } from '../locales/locales.ts'
import { HOME_URL } from './urls.ts'
import { linkProps } from './href.ts'

/**
 * Link props for a config href. An anchor ('#pricing') stays an in-page anchor on the home page,
 * where the browser scrolls to it smoothly, and becomes '/#pricing' on every other page. A path
 * of a page leads to it in the page's locale ('/pricing/' → '/de/pricing/'), unless the locale
 * has none of its own (a legal page it gives as the default does); a file of public/ (a name with
 * an extension: '/docs/guide.pdf') and an external URL stay as they are.
 */
export function useSiteHref(): (href: string) => ReturnType<typeof linkProps> {
  const onHome = usePagePath() === HOME_URL
  const locale = usePageLocale()
  return (href) => (href.startsWith('#') ? (onHome ? { href } : linkProps(localizedPath(locale, `${HOME_URL}${href}`))) : linkProps(localizedHref(locale, href)))
}

/** `href` in `locale` when it is the path of one of its pages (see useSiteHref). */
function localizedHref(locale: SiteLocale, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  const path = href.replace(/[?#].*$/s, '')
  const file = /\.[^/]*$/.test(path)
  return file || valueIn(lentPages, locale).includes(path) ? href : localizedPath(locale, href)
}
