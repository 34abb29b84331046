// https://vike.dev/Layout
import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import '../styles/global.scss'
import { Footer } from './_components/layout/Footer.tsx'
import { Header } from './_components/layout/Header.tsx'
import { pagePath } from './_lib/urls/absoluteUrl.ts'
import { MAIN_ID } from './_lib/pageIds.ts'
import { PagePathContext } from './_lib/urls/pagePath.ts'
import { LocaleContext, localeOfPage } from './_lib/locales/pageLocale.ts'
import { siteText } from './_lib/text/siteText.ts'

export default function Layout({ children }: { children: ReactNode }) {
  // Read once (vike parses the URL on every read): the path in the default locale (+onBeforeRoute.ts), and the locale.
  const pageContext = usePageContext()
  const { urlPathname } = pageContext
  const locale = localeOfPage(pageContext)
  // The layout provides the locale: it reads its own words from it.
  const { ui, lang } = siteText(locale)
  return (
    <LocaleContext value={locale}>
      <PagePathContext value={pagePath(urlPathname)}>
        <a className="skip-link" href={`#${MAIN_ID}`} {...lang('skipToContent')}>{ui.skipToContent}</a>
        <Header />
        <main id={MAIN_ID} tabIndex={-1}>{children}</main>
        <Footer />
      </PagePathContext>
    </LocaleContext>
  )
}
