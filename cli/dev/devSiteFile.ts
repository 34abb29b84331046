import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ROBOTS_URL } from '../../pages/_lib/urls/absoluteUrl.ts'
import { MARKDOWN_TWIN } from '../../pages/_lib/urls/urls.ts'
import { siteFiles, type SiteFile } from '../generator/siteFiles/writeSiteFiles.ts'
import { toolRoot } from '../toolRoot.ts'
import { localesOf, type SiteContent } from '../generator/siteContent.ts'
import type { ContentState } from './createContentState.ts'

// What dev serves besides pages: feeds, sitemap.xml, robots.txt, llms.txt and twins, made by the build's own functions from the content as it is at the request.

/** The text of the file at `path` (a site path, after the base), or undefined when the build writes no such file. */
export async function devSiteFile(path: string, base: string, state: Pick<ContentState, 'content' | 'pages' | 'markdownTwin'>): Promise<string | undefined> {
  const content = state.content
  if (!content) return undefined
  // A post's twin, in its locale (/de/blog/<slug>/index.md), as the build writes it beside its page.
  if (path.endsWith(`/${MARKDOWN_TWIN}`)) return state.markdownTwin(path, base)
  return filesOf(content, state.pages, base).get(path)?.make()
}

// Every request of the server comes here (vite's modules too): the files are listed once per content.
const listed = new WeakMap<SiteContent, { base: string; files: Map<string, SiteFile> }>()

/** The site files of `content`, whose pages (every locale's, as URL paths) are `pages`. */
function filesOf(content: SiteContent, pages: readonly string[], base: string): Map<string, SiteFile> {
  const known = listed.get(content)
  if (known?.base === base) return known.files
  const { config, posts, buildDate, locale } = content
  // A robots.txt of public/ is the writer's: vite serves it as it is.
  const ownRobots = existsSync(join(toolRoot, 'public', ...ROBOTS_URL.split('/')))
  const files = siteFiles({ config, posts, base, buildDate, locale, locales: localesOf(content) }, [...pages], ownRobots)
  listed.set(content, { base, files })
  return files
}
