// Plain data handed from the content layer to the pages. Pages import these as types only.
export type { SiteConfig } from './config/siteConfigSchema.ts'
import type { Picture } from '../../pages/_lib/picture.ts'

/** A blog post as the pages receive it: validated frontmatter plus rendered, sanitized HTML. */
export interface Post {
  /** URL segment: /blog/<slug>/ */
  slug: string
  title: string
  /** The title soft-hyphenated in its language for the headings (the post's, its card's: titleHyphenator.ts); never for <title>, meta, feeds, search or twins. */
  hyphenatedTitle?: string
  excerpt: string
  author: string
  /** Calendar day as YYYY-MM-DD, never shifted by a time zone. */
  date: string
  /** The day of the post's last real change (frontmatter `updated`), set only when after `date`: an update on publication day says nothing. */
  updated?: string
  /** 'N min read', from the frontmatter or computed from the text. */
  readTime: string
  tags: string[]
  image?: string
  lightImage?: string
  darkImage?: string
  /** The variants the build made of the raster cover images, by their path as written (set by the build). */
  pictures?: Record<string, Picture>
  draft: boolean
  /** URLs the post was at before (redirectFrom), as page URLs without the base: each gets a redirect page. Not shown. */
  redirectFrom: string[]
  /** Sanitized HTML of the body. */
  html: string
  /** Path of the source file, relative to the posts folder ('de/zero-trust.md' for a post of posts/de/). */
  sourceFile: string
  /** The code of the post's locale (its folder's, or site.language for posts/ itself): 'en', 'de'. */
  locale: string
  /** The slug of the default locale's post this translates (same file name in posts/, or `translationOf`); none for an original. */
  translationOf?: string
  /** Where `translationOf:` names its original by an old slug (in its redirectFrom): that slug and its line, for `check` to warn of. */
  translationOfOld?: { slug: string; line: number; column: number }
}

/** A post without its body, for list pages and cards. */
export type PostSummary = Omit<Post, 'html'>
