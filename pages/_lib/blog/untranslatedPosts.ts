// The posts a locale's blog list shows (DECISIONS.md, "Multilingual"): its own and, with the config's locales[].listUntranslated, the default's it has not
// translated, marked with their language. For the list pages (routes.ts) and a post's list page (pageData.ts); feeds, search, sitemap, tags never see them.
import type { Post } from '../../../cli/content/types.ts'
import { localesOf, type SiteContent } from '../../../cli/generator/siteContent.ts'
import { newestFirst } from './postOrder.ts'

/** What blogListPosts reads of the content: the locale it renders, and every locale's config and posts. */
export type ListedContent = Pick<SiteContent, 'config' | 'posts' | 'locale' | 'locales'>

/** Whether the blog list of the locale `content` renders lists the default locale's untranslated posts: never the default's own. */
export function listsUntranslated(content: ListedContent): boolean {
  const locales = localesOf(content)
  const at = content.locale ? locales.findIndex((entry) => entry.locale.code === content.locale!.code) : 0
  // localesOf gives the default first, then the config's locales in their order.
  return at > 0 && locales[0]!.config.locales[at - 1]?.listUntranslated === true
}

/** The default locale's posts of which none of `posts` (another locale's) is a translation. */
export function untranslatedOf(originals: readonly Post[], posts: readonly Post[]): Post[] {
  const translated = new Set(posts.map((post) => post.translationOf))
  return originals.filter((original) => !translated.has(original.slug))
}

const merged = new WeakMap<readonly Post[], { originals: readonly Post[]; listed: readonly Post[] }>()

/** The posts the blog list of `content`'s locale shows, newest first (each keeps its `locale`); made once for the same posts. */
export function blogListPosts(content: ListedContent): readonly Post[] {
  const { posts } = content
  if (!listsUntranslated(content)) return posts
  const originals = localesOf(content)[0]!.posts
  let made = merged.get(posts)
  if (made?.originals !== originals) merged.set(posts, (made = { originals, listed: [...posts, ...untranslatedOf(originals, posts)].sort(newestFirst) }))
  return made.listed
}
