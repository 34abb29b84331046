import { join } from 'node:path'
import { postHtml } from '../../pages/_lib/pageData.ts'
import { createStylesheetCombiner } from './combineStylesheets.ts'
import { compactShell } from './compactShell.ts'
import { insertPostBody } from './insertPostBody.ts'
import { createPageSecurity } from '../security/securePage.ts'
import type { PageWriter } from './pageWriter.ts'
import type { SiteContent } from './siteContent.ts'

/**
 * Writes a page's HTML as vike rendered it, finished: its template's white space out, its
 * stylesheets combined into one, a post's body put in (see insertPostBody.ts), and its
 * Content-Security-Policy first in its head, the page refused if it breaks it. Returns what
 * `writer.write` returns: a promise when the caller must wait before the next page.
 */
export type PageFinisher = (filePath: string, html: string, postSlug?: string) => Promise<void> | undefined

/**
 * The finisher of the pages of `content`, built into `workDir` for `base`. With `bodyOf`, the
 * posts come without their bodies, which it gives as they are rendered (see loadPostsInStages).
 */
export function createPageFinisher(content: SiteContent, workDir: string, base: string, writer: PageWriter, bodyOf?: (sourceFile: string) => Promise<string>): PageFinisher {
  const posts = new Map(content.posts.map((post) => [post.slug, post]))
  const client = join(workDir, 'client')
  const security = content.policies && createPageSecurity(content.policies, content.config.site.url, client, base)
  const combineStylesheets = createStylesheetCombiner(client, base, (filePath, css) => {
    security?.written(filePath, css)
    void writer.write(filePath, css)
  })
  const write = (filePath: string, html: string) => writer.write(filePath, security ? security.secure(filePath, html) : html)
  return (filePath, html, postSlug) => {
    const page = combineStylesheets(compactShell(html))
    if (postSlug === undefined) return write(filePath, page)
    const source = posts.get(postSlug)!
    if (!bodyOf) return write(filePath, insertPostBody(page, postHtml(source.html, base)))
    return bodyOf(source.sourceFile).then((body) => write(filePath, insertPostBody(page, postHtml(body, base))))
  }
}
