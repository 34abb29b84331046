import type { Page } from './siteIndex.ts'
import { finding, type Finding } from './findings.ts'

/** Title, description, ids, alt text and remote images' sizes of one page; `duplicates` comes from duplicateTitles. */
export function checkPageText(page: Page, duplicates: Map<string, Page[]>): Finding[] {
  const { facts } = page
  const problems: Finding[] = []
  const at = { page: page.url }
  if (!facts.title) problems.push(finding('MISSING_TITLE', { ...at, message: 'has no <title> (or an empty one)' }))
  if (!facts.description && !facts.noindex) problems.push(finding('MISSING_DESCRIPTION', { ...at, message: 'has no <meta name="description"> for search results and link previews' }))
  for (const id of facts.duplicateIds) {
    problems.push(
      finding('DUPLICATE_ID', {
        ...at,
        target: `#${id}`,
        message: `id="${id}" is on more than one element: a link to #${id}, getElementById and the blog's hydration find only the first`,
        hint: 'A build refuses a post whose heading or raw HTML takes an id of its page, at its line: build the site again, or rename the id in the file it came from.',
      }),
    )
  }
  for (const src of facts.imagesWithoutAlt) {
    problems.push(
      finding('IMAGE_WITHOUT_ALT', {
        ...at,
        target: src,
        message: `<img src="${src}"> has no alt attribute`,
        hint: 'Describe the image in alt="…", or write alt="" when it is decoration.',
      }),
    )
  }
  for (const src of facts.remoteImagesWithoutSize) {
    problems.push(
      finding('REMOTE_IMAGE_WITHOUT_SIZE', {
        ...at,
        target: src,
        message: `<img src="${src}"> is on another site and has no width and height: the text below it jumps when it loads`,
        hint: 'Save the image in public/ or beside the post, which the build sizes and converts, or write it as <img src="…" alt="…" width="…" height="…">.',
      }),
    )
  }
  const others = facts.title && !facts.noindex ? (duplicates.get(titleKey(page)) ?? []).filter((other) => other !== page) : []
  if (others.length > 0) {
    problems.push(
      finding('DUPLICATE_TITLE', {
        ...at,
        target: facts.title,
        message: `title "${facts.title}" is also the title of ${others.map((other) => other.url).join(', ')}`,
      }),
    )
  }
  return problems
}

/** A page's title in its language: pages in two languages may share a title ('Blog' is German too), and search engines show each language's results apart (hreflang). */
const titleKey = (page: Page): string => `${page.facts.lang?.toLowerCase() ?? ''}\0${page.facts.title}`

/** Titles shared by several pages of one language; pages marked noindex are left out, as search engines leave them out. */
export function duplicateTitles(pages: Page[]): Map<string, Page[]> {
  const byTitle = new Map<string, Page[]>()
  for (const page of pages) {
    if (!page.facts.title || page.facts.noindex) continue
    byTitle.set(titleKey(page), [...(byTitle.get(titleKey(page)) ?? []), page])
  }
  return new Map([...byTitle].filter(([, list]) => list.length > 1))
}

