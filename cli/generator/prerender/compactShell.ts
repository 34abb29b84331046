import { ROOT_ID } from '../../../pages/_lib/pageIds.ts'

// vike-react's template indents its tags (~400 bytes a page) and writes each preload `as="script" type="text/javascript"`.
// Scripts and preloads load at low priority, before the script importing them: at high, the blog's router competed with HTML
// and CSS for first paint (Lighthouse mobile FCP 1.9 s against 0.8), and a busy Chromium fetched a chunk before its preload.

const ROOT = `<div id="${ROOT_ID}">`
const BETWEEN_TAGS = />\s+</g
const PRELOAD = /(<link rel="modulepreload" href="[^"]*") as="script" type="text\/javascript">/g
const SCRIPT = /(<script src="[^"]*" type="module" async)><\/script>/g
const LOW = ' fetchpriority="low">'
const BODY_END = '</body>'

/** The page's HTML without the white space between the tags of its template, nor the defaults of its preload links; its scripts at low priority, after their preloads. */
export function compactShell(html: string): string {
  const start = html.indexOf(ROOT)
  // Nothing after the root element is a <div>: only scripts, links and the closing tags.
  const end = html.lastIndexOf('</div>')
  if (start === -1 || end < start) return html
  // The root's `<` goes with the template, for the white space before it.
  return squeeze(html.slice(0, start + 1)) + html.slice(start + 1, end) + scriptsLast(squeeze(html.slice(end)).replace(PRELOAD, `$1${LOW}`))
}

/** The tail with its module scripts at low priority, moved after the preload links to the end of the body. */
function scriptsLast(tail: string): string {
  const bodyEnd = tail.lastIndexOf(BODY_END)
  if (bodyEnd === -1) return tail.replace(SCRIPT, `$1${LOW}</script>`)
  const scripts: string[] = []
  const rest = tail.slice(0, bodyEnd).replace(SCRIPT, (_, open: string) => (scripts.push(`${open}${LOW}</script>`), ''))
  return rest + scripts.join('') + tail.slice(bodyEnd)
}

function squeeze(part: string): string {
  return part.replace(BETWEEN_TAGS, '><')
}
