import { lentPages } from 'virtual:kube-site/config'
import { usePagePath } from './pagePath.ts'
import { usePageLocale, valueIn } from '../locales/pageLocale.ts'
import { localizedPath, type SiteLocale } from '../locales/locales.ts'
import { HOME_URL } from './urls.ts'
import { linkProps } from './href.ts'

/** Link props for a config href: '#pricing' stays an anchor on the home page, else '/#pricing'; a page's path goes to the page's locale's (unless lent); files and URLs stay. */
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
