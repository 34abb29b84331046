import type { LocaleConfig } from '../content/locales/localeConfigs.ts'
import type { Post } from '../content/types.ts'
import type { LocaleContent } from './siteContent.ts'

/** Each locale's content, the default first: its config, and of `posts` (every locale's, in their order) its own. */
export function localeContents(locales: readonly LocaleConfig[], posts: readonly Post[]): LocaleContent[] {
  return locales.map(({ locale, config }) => ({ locale, config, posts: posts.filter((post) => post.locale === locale.code) }))
}
