import { ROOT_ID } from '../../../pages/_lib/pageIds.ts'

// vike-react's page template indents its tags: about 400 bytes of spaces and line breaks in
// every page, outside the root element. React's markup inside the root has none to lose, and
// what it holds keeps its own (a post's body, a <pre>), so only the template around it is touched.
// vike also names every preloaded script `as="script" type="text/javascript"`, which is what
// rel=modulepreload means without them: 40 bytes for each of a dozen links.
//
// The page's scripts and their preloads load at low priority. A page is complete without them
// (they hydrate it), yet at their default, high, priority the blog's client router (about 100 KB
// gzipped over ten requests) competed with the page's HTML and stylesheet for the first paint on a
// slow connection: Lighthouse mobile put the first contentful paint of /blog/ at 1.9 s, the home
// page's (one small script) at 1.0 s; with them low, both at about 0.8 s. Chromium holds back
// low-priority requests while the ones that block rendering are in flight, then fetches them in
// parallel as before, so hydration starts about when it did. (Chromium 150 fetches module
// preloads high in any page with a meta Content-Security-Policy, whatever they ask; earlier
// versions, and other pages, take the hint. See tests/bench/README.md.)
//
// The preloads come before the script that imports them. vike writes the script first: on a busy
// machine chromium then fetched and parsed it, and requested a chunk it imports, at high priority,
// before its parser reached that chunk's preload further down (the preload then found the chunk in
// flight and asked for nothing). In document order every preload is requested before the script is.

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
