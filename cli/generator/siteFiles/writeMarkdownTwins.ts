import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { splitFrontmatter } from '../../content/frontmatter/parseFrontmatter.ts'
import { readPostFile } from '../../content/posts/readPostFile.ts'
import type { Post } from '../../content/types.ts'
import { absoluteUrl } from '../../../pages/_lib/urls/absoluteUrl.ts'
import { postMarkdownUrl, postUrl } from '../../../pages/_lib/urls/urls.ts'
import { mapConcurrent } from '../../util/mapConcurrent.ts'
import { localePostUrl, localizedPath, type SiteLocale } from '../../../pages/_lib/locales/locales.ts'
import { renderMarkdownTwin, type TwinInput } from './markdownTwin.ts'

// Twins are written from the post files read again (cheaper than carrying markdown through threads and cache); a kept page keeps its twin (pagePlan.ts).

/** Posts whose twins are made at once: each holds its file's text meanwhile. */
const AT_ONCE = 16

export interface MarkdownTwinsInput {
  /** The output folder. */
  root: string
  /** The posts to write the twin of: published ones only (a draft never has one). */
  posts: readonly Pick<Post, 'slug' | 'sourceFile' | 'title' | 'author' | 'date' | 'updated' | 'tags'>[]
  postsDir: string
  siteUrl: string
  /** URL prefix of the site ('/' or '/docs/'). */
  base: string
  /** The URL at which a post's page shows the image `src` of its body (buildImages.ts). */
  imageUrl(sourceFile: string, src: string): Promise<string>
  /** The locale the posts are written in: their twins are beside their pages, under its prefix (/de/blog/<slug>/index.md). Default: the default locale. */
  locale?: SiteLocale
  /** The interface strings of that locale (content/locales/siteStrings.ts siteUiStrings of its config): the words of each twin's header. */
  strings: TwinInput['strings']
}

/** Where a post's twin is, in `locale` (default: the default locale): beside its page. */
export const twinUrl = (slug: string, locale?: SiteLocale): string => (locale ? localizedPath(locale, postMarkdownUrl(slug)) : postMarkdownUrl(slug))

/** The twins of the published posts of every locale (`published`: never a draft's or a scheduled post's), by their page's URL: the plan gives each its page's action (planBuild.ts withFilesBeside). */
export function twinsBeside(locales: readonly { locale: SiteLocale; posts: readonly Pick<Post, 'slug'>[] }[]): Map<string, string> {
  return new Map(locales.flatMap(({ locale, posts }) => posts.map((post): [string, string] => [localePostUrl(locale, post.slug), twinUrl(post.slug, locale)])))
}

/** Writes /blog/<slug>/index.md (under the locale's prefix) for each of `posts`: the post's markdown, as its page shows it (markdownTwin.ts). */
export async function writeMarkdownTwins({ root, posts, postsDir, siteUrl, base, imageUrl, locale, strings }: MarkdownTwinsInput): Promise<void> {
  await mapConcurrent(posts, AT_ONCE, async (post) => {
    const text = await postMarkdownTwin(post, { postsDir, siteUrl, base, imageUrl: (src) => imageUrl(post.sourceFile, src), locale, strings })
    const file = join(root, ...twinUrl(post.slug, locale).split('/'))
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, text)
  })
}

/** The markdown twin of one post, made from its file (the build writes it; `kube-site dev` serves it). */
export async function postMarkdownTwin(
  post: MarkdownTwinsInput['posts'][number],
  { postsDir, siteUrl, base, imageUrl, locale, strings }: Pick<MarkdownTwinsInput, 'postsDir' | 'siteUrl' | 'base' | 'locale' | 'strings'> & { imageUrl(src: string): Promise<string> },
): Promise<string> {
  const read = readPostFile(postsDir, post.sourceFile, join(postsDir, post.sourceFile))
  // Changed since the posts were read (removed, say): the build says to build again.
  if ('problem' in read) throw read.problem
  return renderMarkdownTwin({ post, body: splitFrontmatter(read.source).body, page: absoluteUrl(siteUrl, base, locale ? localePostUrl(locale, post.slug) : postUrl(post.slug)), base, imageUrl, strings })
}
