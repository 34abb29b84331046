import { withBase } from '../_lib/href.ts'
import { HOME_URL } from '../_lib/urls.ts'
import { Icon } from '../_components/Icon.tsx'
import styles from './ErrorPage.module.scss'

const NOT_FOUND_LOG = "console.error('404 Error: User attempted to access non-existent route:', location.pathname)"

/** The not-found page (SPEC §2, §8); it logs the path that was asked for. */
export function NotFound() {
  return (
    <section className={styles.page}>
      {/* The spec's console message. One 404.html answers every unknown key, so only the browser
          knows which path was missing; the page is HTML-only, so a line of script says it. */}
      <script dangerouslySetInnerHTML={{ __html: NOT_FOUND_LOG }} />
      <h1 className={styles.code}>404</h1>
      <p className={styles.message}>Oops! Page not found</p>
      <a className={styles.home} href={withBase(HOME_URL)}>
        <Icon name="arrowLeft" strokeWidth={2} size={18} />
        Return to Home
      </a>
    </section>
  )
}
