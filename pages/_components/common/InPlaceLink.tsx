import type { AnchorHTMLAttributes } from 'react'
import { followInPlace } from '../../_lib/browser/inPlaceNavigation.ts'

export interface InPlaceLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'onClick'> {
  href: string
  /** Runs on a plain click, before the navigation (e.g. to note where the reader came from). */
  onFollow?: () => void
}

/** A real link (it works without JavaScript, and in a new tab) that, with JavaScript, opens its page in place (goInPlace). */
export function InPlaceLink({ onFollow, ...props }: InPlaceLinkProps) {
  // data-vike="false": vike's own link handling would navigate a second time and jump to the top.
  return <a {...props} data-vike="false" onClick={(event) => void followInPlace(event, onFollow)} />
}
