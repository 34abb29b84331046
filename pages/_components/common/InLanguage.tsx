import type { ReactNode } from 'react'
import type { TextLanguage } from '../../_lib/text/textLanguage.ts'

/**
 * `children` (a config or interface string) in a span carrying its `language` where it is not the page's:
 * for a string beside an icon, a date or a hint, so the element around keeps the page's direction.
 */
export function InLanguage({ language, children }: { language: Partial<TextLanguage>; children: ReactNode }) {
  return language.lang ? (
    <span lang={language.lang} dir={language.dir}>{children}</span>
  ) : children
}
