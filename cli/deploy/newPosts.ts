import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Parser } from 'htmlparser2'
import type { DeployPlan } from './planDeploy.ts'

/** A post whose page a deploy puts up for the first time: it goes live with this deploy. */
export interface NewPost {
  /** The page's path in the site, e.g. '/blog/zero-trust/'. */
  path: string
  title: string
  /** YYYY-MM-DD, from the page's article:published_time. */
  date: string
}

/** The headline and date of a page that is a post (its JSON-LD is a BlogPosting), or undefined. */
export function articleOf(html: string): { title: string; date: string } | undefined {
  const scripts: string[] = []
  let current: string | undefined
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' && attributes.type === 'application/ld+json') current = ''
    },
    ontext(text) {
      if (current !== undefined) current += text
    },
    onclosetag(name) {
      if (name === 'script' && current !== undefined) scripts.push(current)
      current = undefined
    },
  })
  parser.end(html)
  for (const script of scripts) {
    let data: { '@type'?: unknown; headline?: unknown; datePublished?: unknown }
    try {
      data = JSON.parse(script) as typeof data
    } catch {
      continue
    }
    if (data['@type'] === 'BlogPosting' && typeof data.headline === 'string') return { title: data.headline, date: typeof data.datePublished === 'string' ? data.datePublished : '' }
  }
  return undefined
}

/** The posts a plan publishes for the first time: on a scheduled run those whose day came. The bucket, not a clock, says what is new, so a missed run loses nothing. */
export async function newPosts(plan: DeployPlan, outDir: string): Promise<NewPost[]> {
  const sources = new Set(plan.uploads.filter((upload) => upload.reason === 'new' && /(^|\/)index\.html$/.test(upload.source)).map((upload) => upload.source))
  const posts: NewPost[] = []
  for (const source of [...sources].sort()) {
    const article = articleOf(await readFile(join(outDir, source), 'utf8'))
    if (article) posts.push({ path: `/${source.replace(/index\.html$/, '')}`, ...article })
  }
  return posts.sort((a, b) => (a.date === b.date ? a.title.localeCompare(b.title) : a.date < b.date ? 1 : -1))
}
