import { escapeAttribute } from '../util/escapeHtml.ts'

// How an open page follows the content in `kube-site dev`. Every change the server applies to
// the content (a post, the config, the images) is a new version of it. A page is served with the
// version it was rendered from, in the address of its live-content script; once connected, the
// script asks for the current version and hears every new one, and the page reloads when it is
// behind. A page rendered from the current content stays as it is.
//
// vite's own `full-reload` cannot say that: sent while no page is connected, vite keeps it and
// hands it to the next page that connects, which reloads once, though it was rendered after the
// change. Nor can it reach a page that was served before a change and connected after it, while
// other pages were connected (vite keeps a reload only when no page is).

/** The event of the server's answer and of its news: `{ version }`, the content's current version. */
export const LIVE_CONTENT_EVENT = 'kube-site:content'

/** The live-content script's path under the base. */
export const LIVE_CONTENT_PATH = '@kube-site/live-content.js'

/** `html` with the script that keeps it current, for content of `version`. */
export function withLiveContent(html: string, base: string, version: number): string {
  const script = `<script type="module" src="${escapeAttribute(`${base}${LIVE_CONTENT_PATH}?content=${version}`)}"></script>`
  const head = /<\/head\s*>/i.exec(html)
  return head ? `${html.slice(0, head.index)}${script}\n${html.slice(head.index)}` : html
}

/**
 * The live-content script. It loads vite's client under `base` by a dynamic import, so the page's
 * load never waits for it. It logs what it decided, as vite's client logs its connection, so a
 * writer (or a test) can tell a page that is current from one that reloads.
 */
export function liveContentModule(base: string): string {
  return `const shown = new URL(import.meta.url).searchParams.get('content')
import(${JSON.stringify(`${base}@vite/client`)}).then(({ createHotContext }) => {
  const hot = createHotContext(${JSON.stringify(`/${LIVE_CONTENT_PATH}`)})
  let reloading = false
  hot.on(${JSON.stringify(LIVE_CONTENT_EVENT)}, ({ version }) => {
    if (reloading) return
    if (String(version) === shown) return console.debug('[kube-site] the page shows the current content.')
    reloading = true
    console.debug('[kube-site] the content changed: reloading the page.')
    location.reload()
  })
  hot.send(${JSON.stringify(LIVE_CONTENT_EVENT)}, { version: shown })
})
`
}
