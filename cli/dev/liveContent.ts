import { escapeAttribute } from '../util/escapeHtml.ts'

// How an open dev page follows the content: it carries its version and reloads when behind. vite's `full-reload`, kept while none is connected, would reload a fresh page.

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

/** The live-content script: loads vite's client under `base` by dynamic import, and logs what it decided, so a writer or a test can tell. */
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
