import { join } from 'node:path'
import type { PageBody } from '../../content/posts/postBody.ts'
import { createStylesheetCombiner } from '../bundle/combineStylesheets.ts'
import { compactShell } from './compactShell.ts'
import type { PageSecurityInput } from './pageWriter.ts'
import type { PageWriter } from './pageWriter.ts'
import { localesOf, type SiteContent } from '../siteContent.ts'

/**
 * Writes a page's HTML as vike rendered it, finished: its template's white space out, its
 * stylesheets combined into one, a post's body put in (see insertPostBody.ts), and its
 * Content-Security-Policy first in its head, the page refused if it breaks it. Returns what
 * `writer.write` returns: a promise when the caller must wait before the next page.
 */
export type PageFinisher = (filePath: string, html: string, post?: PostOfPage) => Promise<void> | undefined

/** The post a page shows, as its data names it: its slug in its locale (a translation may share its original's slug). */
export interface PostOfPage {
  slug: string
  locale: string
}

const postKey = ({ slug, locale }: PostOfPage) => `${locale}\0${slug}`

/**
 * The finisher of the pages of `content`, built into `workDir` for `base`. With `pageBody`, the
 * posts come without their bodies, which it gives as they are rendered; without, each post carries
 * its page's body (a thread's, prerenderPages.ts). See content/posts/postBody.ts.
 * `bundle` is the bundle's identity when it is cached (see combineStylesheets.ts). With `markup`,
 * the pages come with a marker where their markup goes, and it puts the markup in (see
 * pages/+onAfterRenderHtml.ts): last, so the template is finished without copying the markup.
 */
export function createPageFinisher(
  content: SiteContent,
  workDir: string,
  base: string,
  writer: PageWriter,
  pageBody?: PageBody,
  bundle?: string,
  markup: (document: string) => string = (document) => document,
): PageFinisher {
  const posts = new Map(localesOf(content).flatMap((entry) => entry.posts.map((post) => [postKey(post), post] as const)))
  const combineStylesheets = createStylesheetCombiner(join(workDir, 'client'), base, (filePath, css) => void writer.write(filePath, css), bundle)
  // The writer secures the page as its components wrote it (pageSecurityOf), then puts a post's
  // body in: it is sanitized (no script, style or handler can be in it) and its remote images'
  // hosts are in the blog's policy by derivation (cli/security/sitePolicies.ts), so reading it
  // again, half of a post page, would find nothing.
  return (filePath, html, post) => {
    const page = markup(combineStylesheets(compactShell(html)))
    if (post === undefined) return writer.writePage(filePath, page)
    const source = posts.get(postKey(post))!
    if (!pageBody) return writer.writePage(filePath, page, source.html)
    return pageBody(source.sourceFile).then((body) => writer.writePage(filePath, page, body))
  }
}

/** What the page writer needs to secure the pages of `content` built into `workDir` (none without policies: dev). */
export function pageSecurityOf(content: SiteContent, workDir: string, base: string): PageSecurityInput | undefined {
  return content.policies && { policies: content.policies, siteUrl: content.config.site.url, root: join(workDir, 'client'), base }
}
