// https://vike.dev/Head
import { SeoTags } from './_components/layout/SeoTags.tsx'
import { EarlyScript } from './_components/layout/EarlyScript.tsx'
import { usePageContext } from 'vike-react/usePageContext'
import { withBase } from './_lib/urls/href.ts'
import { LocaleContext, localeOfPage } from './_lib/locales/pageLocale.ts'

export default function Head() {
  // The head is rendered apart from the layout: it is given the page's locale of its own.
  const pageContext = usePageContext()
  return (
    <LocaleContext value={localeOfPage(pageContext)}>
      <EarlyScript />
      <meta name="color-scheme" content="dark light" />
      <link rel="icon" type="image/svg+xml" href={withBase('/favicon.svg')} />
      <SeoTags />
    </LocaleContext>
  )
}
