// Plain data handed from the content layer to the pages. Pages import these as types only.
export type { SiteConfig } from './config/siteConfigSchema.ts'
import type { Picture } from '../../pages/_lib/picture.ts'

/** A blog post as the pages receive it: validated frontmatter plus rendered, sanitized HTML. */
export interface Post {
  /** URL segment: /blog/<slug>/ */
  slug: string
  title: string
  /**
   * The title with a soft hyphen at each break of its long words, in the post's language, for the
   * headings that show it (the post's, its card's: cli/content/locales/titleHyphenator.ts); none where it
   * would be the title itself. Never for the page's <title>, its meta, feeds, search or twins.
   */
  hyphenatedTitle?: string
  excerpt: string
  author: string
  /** Calendar day as YYYY-MM-DD, never shifted by a time zone. */
  date: string
  /**
   * The day of the post's last real change (frontmatter `updated`), as `date` is written; set only
   * when it is after `date`: an update on the day of publication says nothing new, and is not shown.
   */
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
  /**
   * URLs the post was at before (redirectFrom), each as a page URL without the base
   * ('/blog/old-slug/'): the build writes a redirect to the post at each. Not shown on any page.
   */
  redirectFrom: string[]
  /** Sanitized HTML of the body. */
  html: string
  /** Path of the source file, relative to the posts folder ('de/zero-trust.md' for a post of posts/de/). */
  sourceFile: string
  /** The code of the post's locale (its folder's, or site.language for posts/ itself): 'en', 'de'. */
  locale: string
  /**
   * The slug of the default locale's post this post translates (set for a post of another locale:
   * the post of posts/ with the same file name, or its frontmatter `translationOf`); none for an
   * original or a post in one language only.
   */
  translationOf?: string
  /**
   * Where a translation's `translationOf:` names its original by an old slug (one the original
   * lists in its redirectFrom, renamed since): that slug as written, and its line; translationOf
   * is then the original's slug now. `kube-site check` warns of it. None otherwise.
   */
  translationOfOld?: { slug: string; line: number; column: number }
}

/** A post without its body, for list pages and cards. */
export type PostSummary = Omit<Post, 'html'>
