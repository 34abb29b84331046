import type { MouseEventHandler, ReactNode } from 'react'
import { isExternal } from '../_lib/href.ts'
import { useSiteHref } from '../_lib/useSiteHref.ts'
import { useSiteText } from '../_lib/siteText.ts'
import { usePageLocale } from '../_lib/pageLocale.ts'
import type { TextLanguage } from '../_lib/textLanguage.ts'

/** Props of SiteLink: `lang` and `dir` when its text is in another language than the page's (textLanguage.ts langOf). */
export interface SiteLinkProps extends Partial<TextLanguage> {
  /** A config href: absolute URL (new tab), site path, or '#anchor' of the home page. */
  href: string
  className?: string
  children: ReactNode
  onClick?: MouseEventHandler<HTMLAnchorElement>
}

/** A link to anything a config names; leaving the site opens a new tab and says so to screen readers. */
export function SiteLink({ href, className, children, onClick, lang, dir }: SiteLinkProps) {
  const { ui, lang: uiLang } = useSiteText()
  const page = usePageLocale()
  const siteHref = useSiteHref()
  // The hint is an interface string: in its own language, which a link in another one must say again.
  const hintLanguage = lang ? { lang: page.code, dir: page.direction, ...uiLang('opensInNewTab') } : uiLang('opensInNewTab')
  return (
    <a {...siteHref(href)} className={className} onClick={onClick} lang={lang} dir={dir}>
      {children}
      {/* One string: React marks the seam between two text nodes with a comment in the HTML. */}
      {isExternal(href) && (
        <span className="visually-hidden" {...hintLanguage}>
          {` ${ui.opensInNewTab}`}
        </span>
      )}
    </a>
  )
}
