import { join } from 'node:path'
import type { PageBody } from '../../content/posts/postBody.ts'
import { createStylesheetCombiner } from '../bundle/combineStylesheets.ts'
import { compactShell } from './compactShell.ts'
import type { PageSecurityInput } from './pageWriter.ts'
import type { PageWriter } from './pageWriter.ts'
import { localesOf, type SiteContent } from '../siteContent.ts'

/** Writes a page as vike rendered it, finished (white space, stylesheets combined, a post's body, its policy first and checked); a promise when the caller must wait. */
export type PageFinisher = (filePath: string, html: string, post?: PostOfPage) => Promise<void> | undefined

/** The post a page shows, as its data names it: its slug in its locale (a translation may share its original's slug). */
export interface PostOfPage {
  slug: string
  locale: string
}

const postKey = ({ slug, locale }: PostOfPage) => `${locale}\0${slug}`

/** The finisher of `content`'s pages in `workDir`: `pageBody` gives bodies as rendered (postBody.ts); `markup` goes in last at its marker (+onAfterRenderHtml.ts). */
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
  // The page is secured as its components wrote it, then a post's sanitized body goes in, its image hosts already in the blog's policy.
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
