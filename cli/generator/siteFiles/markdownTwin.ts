import type { Post } from '../../content/types.ts'
import type { UiStrings } from '../../../pages/_lib/text/uiStrings.ts'
import { extractPastedImages } from '../../content/markdown/pastedImages.ts'
import { escapeAttribute } from '../../util/escapeHtml.ts'
import { markdownHeading, markdownText } from './markdownText.ts'
import { urlsIn, type WrittenUrl } from './markdownUrls.ts'

// A post's markdown twin, /blog/<slug>/index.md: the post as written with a header; in the page's folder, so only images and, under a base, site paths change.

export interface TwinInput {
  post: Pick<Post, 'title' | 'author' | 'date' | 'updated' | 'tags'>
  /** The post's markdown after its frontmatter, as written. */
  body: string
  /** The post's page, absolute: its canonical URL. */
  page: string
  /** URL prefix of the site ('/' or '/docs/'). */
  base: string
  /** The URL at which the page shows the image `src` of the body: a site path before the base, or `src` as it is. */
  imageUrl(src: string): Promise<string>
  /** The interface strings of the post's locale: the header's words (By, updated, Tags) are its language's. */
  strings: Pick<UiStrings, 'text'>
}

/** The text of a post's markdown twin. */
export async function renderMarkdownTwin({ post, body, page, base, imageUrl, strings }: TwinInput): Promise<string> {
  // The blank lines a writer leaves after the frontmatter: the header is followed by one.
  const text = (await twinBody(body, base, imageUrl)).replace(/^\n+/, '')
  const header = twinHeader(post, page, strings)
  return text.trim() === '' ? `${header}\n` : `${header}\n\n${text.endsWith('\n') ? text : `${text}\n`}`
}

/** The title as the one h1, then what the frontmatter said and where the page is, in the post's language; dates as written, for programs as much as people. */
export function twinHeader(post: TwinInput['post'], page: string, { text }: TwinInput['strings']): string {
  const facts = [
    text('twinBy', { author: markdownText(post.author) }),
    post.date,
    ...(post.updated ? [text('twinUpdated', { date: post.updated })] : []),
    ...(post.tags.length > 0 ? [text('twinTags', { tags: post.tags.map(markdownText).join(', ') })] : []),
    `<${page}>`,
  ]
  return `${markdownHeading(post.title)}\n\n${facts.join(' · ')}`
}

// Only an image, or under a base a URL starting with '/', needs a change: most posts have neither, and are not lexed again (3.3 s at 4,000 posts).
const MAY_SHOW_IMAGE = /!\[|<img\b/i
const MAY_NAME_SITE_PATH = /\]\(\s*<?\/(?!\/)|\]:\s*<?\/(?!\/)|\b(?:href|src)\s*=\s*["']?\/(?!\/)/i

/** The body with each URL the page shows elsewhere changed to the page's; every other byte as written (line breaks as \n). */
export async function twinBody(body: string, base: string, imageUrl: TwinInput['imageUrl']): Promise<string> {
  // As the page's renderer does: a pasted image is the file the images stage made of it.
  const { markdown } = extractPastedImages(body.replace(/\r\n?/g, '\n'))
  const rebased = base !== '/'
  if (!MAY_SHOW_IMAGE.test(markdown) && !(rebased && MAY_NAME_SITE_PATH.test(markdown))) return markdown
  const prefix = base.replace(/\/+$/, '')
  const urls = urlsIn(markdown)
  const shown = await Promise.all(
    urls.map(async (url) => {
      const shownAt = url.kind === 'image' ? await imageUrl(url.href) : url.href
      if (shownAt !== url.href) return written(url, isSitePath(shownAt) ? `${prefix}${shownAt}` : shownAt)
      // A site path is kept as written (its escapes too), after the base.
      return rebased && isSitePath(url.href) ? `${prefix}${markdown.slice(url.start, url.end)}` : undefined
    }),
  )
  let result = ''
  let from = 0
  urls.forEach((url, index) => {
    const replacement = shown[index]
    if (replacement === undefined) return
    result += markdown.slice(from, url.start) + replacement
    from = url.end
  })
  return result + markdown.slice(from)
}

/** A path on this site: '/…' but not '//host/…'. */
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//')

/** A new URL as it is written where `url` was: in an HTML attribute, escaped. */
const written = (url: WrittenUrl, value: string) => (url.inHtml ? escapeAttribute(value) : value)
