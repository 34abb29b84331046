import type { MouseEventHandler, ReactNode } from 'react'
import { isExternal } from '../../_lib/urls/href.ts'
import { useSiteHref } from '../../_lib/urls/useSiteHref.ts'
import { useIslandText } from '../../_lib/text/uiText.ts'

export interface SiteLinkProps {
  /** A config href: absolute URL (new tab), site path, or '#anchor' of the home page. */
  href: string
  className?: string
  children: ReactNode
  onClick?: MouseEventHandler<HTMLAnchorElement>
}

/** A link to anything a config names; leaving the site opens a new tab and says so to screen readers. */
export function SiteLink({ href, className, children, onClick }: SiteLinkProps) {
  const { ui } = useIslandText()
  const siteHref = useSiteHref()
  return (
    <a {...siteHref(href)} className={className} onClick={onClick}>
      {children}
      {/* One string: React marks the seam between two text nodes with a comment in the HTML. */}
      {isExternal(href) && <span className="visually-hidden">{` ${ui.opensInNewTab}`}</span>}
    </a>
  )
}
