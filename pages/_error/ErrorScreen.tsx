import { HOME_URL } from '../_lib/urls/urls.ts'
import { Icon } from '../_components/common/Icon.tsx'
import { InLanguage } from '../_components/common/InLanguage.tsx'
import styles from './ErrorPage.module.scss'
import { useSiteText } from '../_lib/text/siteText.ts'
import { usePageHref } from '../_lib/locales/pageLocale.ts'

// The codes vike's `throw render(statusCode)` accepts, with their reason phrases (RFC 9110, 6585).
const STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 410: 'Gone', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' }

export interface ErrorScreenProps {
  /** Set by `throw render(statusCode, reason?)`. */
  statusCode?: number
  reason?: unknown
  /** What was thrown while the page was loaded or rendered. */
  error?: unknown
}

/** The router error screen (SPEC §8): 'Unexpected Application Error!' with the status and status text, or the error's message. */
export function ErrorScreen({ statusCode, reason, error }: ErrorScreenProps) {
  const pageHref = usePageHref()
  const { strings, lang } = useSiteText()
  const detail = statusCode ? `${statusCode} ${STATUS_TEXT[statusCode] ?? ''}`.trim() : errorMessage(error)
  return (
    <section className={styles.page}>
      <h1 className={styles.title} {...lang('unexpectedError')}>{strings.text('unexpectedError')}</h1>
      <p className={styles.detail}>{detail}</p>
      {statusCode && typeof reason === 'string' && reason !== '' && <p className={styles.message}>{reason}</p>}
      <a className={styles.home} href={pageHref(HOME_URL)}>
        <Icon name="arrowLeft" strokeWidth={2} size={18} />
        <InLanguage language={lang('returnHome')}>{strings.text('returnHome')}</InLanguage>
      </a>
    </section>
  )
}

/** The message of anything thrown, as React Router's default error element words it. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  if (error === undefined || error === null) return `500 ${STATUS_TEXT[500]}`
  try {
    return JSON.stringify(error)
  } catch {
    return String(error)
  }
}
