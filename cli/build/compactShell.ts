// vike-react's page template indents its tags: about 400 bytes of spaces and line breaks in
// every page, outside the root element. React's markup inside the root has none to lose, and
// what it holds keeps its own (a post's body, a <pre>), so only the template around it is touched.
// vike also names every preloaded script `as="script" type="text/javascript"`, which is what
// rel=modulepreload means without them: 40 bytes for each of a dozen links.

const ROOT = '<div id="root">'
const BETWEEN_TAGS = />\s+</g
const PRELOAD_DEFAULTS = /(<link rel="modulepreload" href="[^"]*") as="script" type="text\/javascript">/g

/** The page's HTML without the white space between the tags of its template, nor the defaults of its preload links. */
export function compactShell(html: string): string {
  const start = html.indexOf(ROOT)
  // Nothing after the root element is a <div>: only scripts, links and the closing tags.
  const end = html.lastIndexOf('</div>')
  if (start === -1 || end < start) return html
  // The root's `<` goes with the template, for the white space before it.
  return squeeze(html.slice(0, start + 1)) + html.slice(start + 1, end) + squeeze(html.slice(end)).replace(PRELOAD_DEFAULTS, '$1>')
}

function squeeze(part: string): string {
  return part.replace(BETWEEN_TAGS, '><')
}
