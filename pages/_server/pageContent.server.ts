import { contentIn, type SiteContent } from '../../cli/generator/siteContent.ts'
import { isDefaultLocale, type SiteLocale } from '../_lib/locales/locales.ts'
import { getSiteContent } from './getSiteContent.server.ts'

/** The content the pages of a page context's locale (+onBeforeRoute.ts) see: that locale's config and posts. */
export function pageContent(pageContext: { locale?: SiteLocale | undefined }): SiteContent {
  const content = getSiteContent()
  const { locale } = pageContext
  // A site of one locale is its own content (contentIn would make the default locale again, page after page).
  return !locale || (!content.locales && isDefaultLocale(locale)) ? content : contentIn(content, locale.code)
}
