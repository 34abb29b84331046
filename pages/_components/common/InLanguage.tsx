import type { ReactNode } from 'react'
import type { TextLanguage } from '../../_lib/text/textLanguage.ts'

/**
 * `children`, a string of the config or an interface string, in its `language` (textLanguage.ts
 * langOf, useSiteText().lang): in a span that carries it where it is not the page's, else as they
 * are. For a string beside an icon, a date or a link's hint: the element around keeps the page's
 * direction (an arrow still points along the page's line, a right-to-left page's icon stays on the
 * right), and only the string is in the other language. An element that holds the string alone
 * takes the attributes itself (`<h2 {...langOf(section, 'title')}>`).
 */
export function InLanguage({ language, children }: { language: Partial<TextLanguage>; children: ReactNode }) {
  return language.lang ? (
    <span lang={language.lang} dir={language.dir}>{children}</span>
  ) : children
}
