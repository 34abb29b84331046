// https://vike.dev/onAfterRenderHtml (vike-react): after React has rendered the page.
import type { PageContextServer } from 'vike/types'
import { getSiteContent } from './_server/getSiteContent.server.ts'

/**
 * In a build, the page's markup waits outside its document while vike puts its tags in: vike
 * reads and copies the whole document several times to find where each goes (its `<head>`, its
 * `</body>`), and a document of a few KB costs it less than one of 20 (about 0.2 ms a page). The
 * build puts the markup back as it writes the file (cli/generator/prerender/prerenderShare.ts). In `dev`
 * the page is served as vike makes it.
 */
export default function onAfterRenderHtml(pageContext: PageContextServer): void {
  const share = getSiteContent().prerender
  if (share && pageContext.pageHtmlString) pageContext.pageHtmlString = share.holdRoot(pageContext.pageHtmlString)
}
