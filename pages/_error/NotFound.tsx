import { HOME_URL } from '../_lib/urls/urls.ts'
import { NOT_FOUND_LOG } from '../_lib/islands/inlineScripts.ts'
import { Icon } from '../_components/common/Icon.tsx'
import { InLanguage } from '../_components/common/InLanguage.tsx'
import styles from './ErrorPage.module.scss'
import { useSiteText } from '../_lib/text/siteText.ts'
import { usePageHref } from '../_lib/locales/pageLocale.ts'

/** The not-found page (SPEC §2, §8); it logs the path that was asked for. */
export function NotFound() {
  const pageHref = usePageHref()
  const { strings, lang } = useSiteText()
  return (
    <section className={styles.page}>
      {/* The spec's console message, allowed by its hash in the page's policy. */}
      <script dangerouslySetInnerHTML={{ __html: NOT_FOUND_LOG }} />
      <h1 className={styles.code}>404</h1>
      <p className={styles.message} {...lang('notFound')}>{strings.text('notFound')}</p>
      <a className={styles.home} href={pageHref(HOME_URL)}>
        <Icon name="arrowLeft" strokeWidth={2} size={18} />
        <InLanguage language={lang('returnHome')}>{strings.text('returnHome')}</InLanguage>
      </a>
    </section>
  )
}
