import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import { sanitizeSvg } from './sanitizeSvg.ts'

const SVG = 'http://www.w3.org/2000/svg'
const XLINK = 'http://www.w3.org/1999/xlink'
const XHTML = 'http://www.w3.org/1999/xhtml'
/** The drawing every hostile case holds: it must survive the sanitizer as it was written. */
const SAFE = '<path id="safe" d="M0 0h10v10z" fill="#6366f1"/>'
const wrap = (inner: string, attributes = '') => `<svg xmlns="${SVG}" xmlns:xlink="${XLINK}" viewBox="0 0 10 10"${attributes}>${SAFE}${inner}</svg>`
/** What may not be left of any hostile case. */
const HOSTILE = /script|alert|msgbox|javascript|evil\.example|data:text|data:image\/svg|@import|on[a-z]+=|foreignObject|xml-stylesheet|ping=/i

describe('sanitizeSvg', () => {
  it('leaves an ordinary SVG byte for byte as it is', () => {
    for (const svg of [
      wrap('<defs><linearGradient id="g"><stop offset="0" stop-color="#6366f1"/></linearGradient></defs><path d="M0 0h10v10z" fill="url(#g)"/><use href="#g"/><a href="https://kubeguard.dev/">site</a>'),
      wrap('<defs><radialGradient id="r"/></defs><style>.a{fill:url(#r)} .b > .c{stroke:red}</style><path class="a" d="M0 0" fill="url( \'#r\' )"/><text>It&#8217;s &#x2014; &amp; fine</text>'),
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment -->\n${wrap('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><image href="photo.png"/><use xlink:href="sprite.svg#icon"/><a href="mailto:team@kubeguard.dev"><text>mail</text></a>', ' xml:space="preserve" style="enable-background:new 0 0 10 10"')}\n`,
      wrap('<animate attributeName="opacity" values="0;1" dur="1s"/><set attributeName="fill" to="url(#g)"/><animateMotion dur="2s"><mpath href="#safe"/></animateMotion>'),
      // A DOCTYPE that only names SVG 1.1's DTD: no browser fetches it, and it declares nothing.
      `<?xml version="1.0" standalone="no"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${wrap('')}`,
      // CDATA outside a <style> is text: what it holds is never markup.
      wrap('<text><![CDATA[<script>alert(1)</script>]]></text>'),
    ]) {
      expect(sanitizeSvg(svg, 'a.svg'), svg).toEqual({ svg, removed: [] })
    }
  })

  it.each([
    // Script, by any prefix bound to SVG's namespace, in any case, and in foreign content.
    ['s:script', `<svg xmlns="${SVG}" xmlns:s="${SVG}" viewBox="0 0 10 10">${SAFE}<s:script>alert(document.domain)</s:script></svg>`, ['<s:script>']],
    ['h:script in s:foreignObject', `<svg xmlns="${SVG}" xmlns:s="${SVG}" xmlns:h="${XHTML}">${SAFE}<s:foreignObject width="10" height="10"><h:script>alert(document.domain)</h:script></s:foreignObject></svg>`, ['<s:foreignObject>']],
    ['XHTML in foreignObject', wrap(`<foreignObject><div xmlns="${XHTML}"><img src="x" onerror="alert(1)"/></div></foreignObject>`), ['<foreignObject>']],
    ['an XHTML element by prefix', wrap(`<h:iframe xmlns:h="${XHTML}" src="javascript:alert(1)"/>`), ['<h:iframe>']],
    ['the default namespace redeclared', wrap(`<g xmlns="${XHTML}"><script>alert(1)</script></g>`), ['<g>']],
    ['a prefixed root', `<x:svg xmlns:x="${SVG}">${SAFE.replace('<path', `<path xmlns="${SVG}"`)}<script xmlns="${SVG}">alert(1)</script></x:svg>`, ['<script>']],
    ['<SCRIPT>', wrap('<SCRIPT>alert(1)</SCRIPT>'), ['<SCRIPT>']],
    ['script in CDATA', wrap('<script><![CDATA[alert(1)]]></script>'), ['<script>']],
    ['a remote script', wrap('<script xlink:href="https://evil.example.com/x.js"/>'), ['<script>']],
    ['<?xml-stylesheet?>', `<?xml version="1.0"?><?xml-stylesheet href="https://evil.example.com/x.css"?>${wrap('')}`, ['<?xml-stylesheet?>']],
    // Event handlers of every spelling.
    ['onload', wrap('', ' onload="alert(1)"'), ['onload on <svg>']],
    ['OnLoad, ONLOAD', wrap('', ' OnLoad="alert(1)" ONLOAD="alert(2)"'), ['OnLoad on <svg>', 'ONLOAD on <svg>']],
    ['onmouseover', wrap('<rect width="1" height="1" onmouseover="alert(1)"/>'), ['onmouseover on <rect>']],
    ['onbegin, onend, onrepeat', wrap('<animate attributeName="opacity" dur="1s" onbegin="alert(1)" onend="alert(2)" onrepeat="alert(3)"/>'), ['onbegin on <animate>', 'onend on <animate>', 'onrepeat on <animate>']],
    ['a prefixed handler', wrap(`<rect xmlns:s="${SVG}" s:onclick="alert(1)" width="1" height="1"/>`), ['s:onclick on <rect>']],
    // URLs, read after their character references, as the URL parser reads them.
    ['&#106;avascript:', wrap('<a href="&#106;avascript:alert(1)"><text>x</text></a>'), ['href="javascript:alert(1)" on <a> (not a URL of the site)']],
    ['&#x6A;&#x61;vascript:', wrap('<a href="&#x6A;&#x61;vascript:alert(1)"><text>x</text></a>'), ['href="javascript:alert(1)" on <a> (not a URL of the site)']],
    ['a tab in the scheme', wrap('<a href="java&#9;script:alert(1)"><text>x</text></a>'), ['href="java\tscript:alert(1)" on <a> (not a URL of the site)']],
    ['spaces and case', wrap('<a xlink:href="  JaVaScRiPt:alert(1)"><text>x</text></a>'), ['xlink:href="  JaVaScRiPt:alert(1)" on <a> (not a URL of the site)']],
    ['xlink:href by another prefix', wrap(`<a xmlns:l="${XLINK}" l:href="javascript:alert(1)"><text>x</text></a>`), ['l:href="javascript:alert(1)" on <a> (not a URL of the site)']],
    ['vbscript:', wrap('<a href="vbscript:msgbox(1)"><text>x</text></a>'), ['href="vbscript:msgbox(1)" on <a> (not a URL of the site)']],
    ['data: on a link', wrap('<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><text>x</text></a>'), ['href="data:text/html,<script>alert(1)</script>" on <a> (not a URL of the site)']],
    ['ping', wrap('<a href="/" ping="https://evil.example.com/t"><text>x</text></a>'), ['ping on <a>']],
    ['a remote <use>', wrap('<use href="https://evil.example.com/sprite.svg#i"/><use xlink:href="//evil.example.com/sprite.svg#i"/>'), ['href="https://evil.example.com/sprite.svg#i" on <use> (loads from another site)', 'xlink:href="//evil.example.com/sprite.svg#i" on <use> (loads from another site)']],
    ['data: on <use>', wrap('<use href="data:image/svg+xml;base64,PHN2Zz4=#x"/>'), ['href="data:image/svg+xml;base64,PHN2Zz4=#x" on <use> (not a URL of the site)']],
    ['a remote <image>', wrap('<image href="https://evil.example.com/p.png" width="1" height="1"/>'), ['href="https://evil.example.com/p.png" on <image> (loads from another site)']],
    ['javascript: and an SVG on <image>', wrap('<image href="javascript:alert(1)"/><image xlink:href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/>'), ['href="javascript:alert(1)" on <image> (not a URL of the site)', 'xlink:href="data:image/svg+xml,<svg onload=alert(1)>" on <image> (not a URL of the site)']],
    ['a remote <feImage>', wrap('<filter id="f"><feImage href="https://evil.example.com/p.png"/></filter>'), ['href="https://evil.example.com/p.png" on <feImage> (loads from another site)']],
    // Animations that would set a handler or a URL, by any spelling of the target.
    ['<set attributeName="href">', wrap('<a href="#"><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'), ['<set attributeName="href">']],
    ['<set attributeName="xlink:href">', wrap('<a href="#"><set attributeName="xlink:href" to="javascript:alert(1)"/><text>x</text></a>'), ['<set attributeName="xlink:href">']],
    ['<set attributeName="x:href">', wrap(`<a href="#" xmlns:x="${XLINK}"><set attributeName="x:href" to="javascript:alert(1)"/><text>x</text></a>`), ['<set attributeName="x:href">']],
    ['an unbound prefix in attributeName', wrap('<a href="#"><set attributeName="y:href" to="javascript:alert(1)"/><text>x</text></a>'), ['<set attributeName="y:href">']],
    ['<animate attributeName="onclick">', wrap('<animate attributeName="onclick" values="alert(1)"/>'), ['<animate attributeName="onclick">']],
    ['<animateTransform attributeName="onbegin">', wrap('<animateTransform attributeName="onbegin" values="alert(1)"/>'), ['<animateTransform attributeName="onbegin">']],
    ['an animated remote fill', wrap('<animate attributeName="fill" values="url(https://evil.example.com/p.svg#g)" dur="1s"/>'), ['values="url(https://evil.example.com/p.svg#g)" on <animate> (loads from outside the site)']],
    // url() in presentation attributes, style attributes and stylesheets.
    ['url() in fill, filter, mask, clip-path, marker-end', wrap('<rect fill="url(https://evil.example.com/p.svg#g)" filter="url(javascript:alert(1))" mask="url(\'data:image/svg+xml,x\')" clip-path="url(//evil.example.com/c.svg#c)" marker-end="url(https://evil.example.com/m.svg#m)"/>'), [
      'fill="url(https://evil.example.com/p.svg#g)" on <rect> (loads from outside the site)',
      'filter="url(javascript:alert(1))" on <rect> (loads from outside the site)',
      "mask=\"url('data:image/svg+xml,x')\" on <rect> (loads from outside the site)",
      'clip-path="url(//evil.example.com/c.svg#c)" on <rect> (loads from outside the site)',
      'marker-end="url(https://evil.example.com/m.svg#m)" on <rect> (loads from outside the site)',
    ]],
    ['an escaped url()', wrap('<rect fill="\\75 rl(https://evil.example.com/p.svg#g)"/>'), ['fill="\\75 rl(https://evil.example.com/p.svg#g)" on <rect> (loads from outside the site)']],
    ['url() in a style attribute', wrap('<rect style="fill:red;stroke:url(https://evil.example.com/p.svg#g)"/>'), ['url(https://evil.example.com/p.svg#g) in style on <rect> (loads from outside the site)']],
    ['@import', wrap('<style>@import url(https://evil.example.com/x.css);.a{fill:red}</style>'), ['@import in <style>']],
    ['@import in CDATA', wrap("<style><![CDATA[@import 'https://evil.example.com/x.css';]]></style>"), ['@import in <style>']],
    ['url() in <style>', wrap('<style>.a{fill:url( "https://evil.example.com/p.svg#g" )}.b{fill:url(#g)}</style>'), ['url(https://evil.example.com/p.svg#g) in <style> (loads from outside the site)']],
    ['an escaped url() in <style>', wrap('<style>.a{background:\\75 rl(https://evil.example.com/x.png)}</style>'), ['url(https://evil.example.com/x.png) in <style> (loads from outside the site)']],
    ['image-set() in <style>', wrap('<style>svg{background-image:image-set("https://evil.example.com/x.png" 1x)}</style>'), ['image-set(https://evil.example.com/x.png) in <style> (loads from outside the site)']],
    ['an element inside <style>', wrap('<style>.a{fill:red}<g>@import url(https://evil.example.com/x.css);</g></style>'), ['<g> in <style>']],
  ])('removes what could run or load: %s', (_, svg, removed) => {
    const result = sanitizeSvg(svg, 'hostile.svg')
    expect(result.removed).toEqual(removed)
    expect(result.svg).not.toMatch(HOSTILE)
    // What is left is still the drawing, and holds nothing more to remove.
    expect(result.svg).toMatch(/<path (?:xmlns="[^"]+" )?id="safe" d="M0 0h10v10z" fill="#6366f1"\/>/)
    expect(sanitizeSvg(result.svg, 'hostile.svg')).toEqual({ svg: result.svg, removed: [] })
  })

  it('keeps what a stylesheet draws with when it removes a rule', () => {
    const { svg } = sanitizeSvg(wrap('<style><![CDATA[@import url(https://evil.example.com/x.css);.a{fill:url(#g)}]]></style>'), 'a.svg')
    expect(svg).toContain('<style><![CDATA[.a{fill:url(#g)}]]></style>')
  })

  it('publishes an Illustrator export: its DOCTYPE entities expanded once, its thousand character references read as text', () => {
    const file = join(import.meta.dirname, '__fixtures__', 'illustrator-export.svg')
    const source = readFileSync(file, 'utf8')
    expect(source.match(/&#x[0-9A-F]+;/g)!.length).toBeGreaterThan(1000)
    const { svg, removed } = sanitizeSvg(source, 'posts/illustrator-export.svg')
    expect([...new Set(removed)]).toEqual(['<!DOCTYPE>', '<foreignObject>', 'i:extraneous on <g>', '<i:aipgf>'])
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<!-- Generator: Adobe Illustrator/)
    expect(svg).toContain(`<svg version="1.1" id="Layer_1" xmlns:x="http://ns.adobe.com/Extensibility/1.0/" xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/" xmlns:graph="http://ns.adobe.com/Graphs/1.0/" xmlns="${SVG}" xmlns:xlink="${XLINK}"`)
    expect(svg).toContain('<path class="st1" d="M80,500c120-180,240-260,360-240s200,120,280,40"/>')
    expect(svg).toContain('.st4{fill:url(#SVGID_1_);}')
    expect(svg).toMatch(/>(?:Clé|réseau|nœud|Sécurité|Straße|München|—|→|Zürich|À jour|“pod”|’)[^<]*<\/text>/)
    expect(svg.match(/<text /g)!.length).toBe(source.match(/<text /g)!.length)
    expect(svg).not.toMatch(/DOCTYPE|ENTITY|&ns_|pgf/)
    expect(sanitizeSvg(svg, 'a.svg')).toEqual({ svg, removed: [] })
  })

  const thrown = (svg: string, file: string) => {
    try {
      sanitizeSvg(svg, file)
    } catch (error) {
      return error as KubeSiteError
    }
    throw new Error('sanitizeSvg did not refuse the file')
  }

  it('refuses an entity bomb by the file, with its line and column', () => {
    const lol = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, n) => `<!ENTITY lol${n + 1} "${`&lol${n || ''};`.repeat(10)}">`)].join('\n ')
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE svg [\n ${lol}\n]>\n<svg xmlns="${SVG}">\n  <text>&lol9;</text>\n</svg>\n`
    const error = thrown(bomb, 'posts/diagrams/bomb.svg')
    expect(error).toBeInstanceOf(KubeSiteError)
    expect(error.code).toBe('SVG_INVALID')
    expect(error.location).toEqual({ file: 'posts/diagrams/bomb.svg', line: 15, column: 9 })
    expect(error.message).toBe('The SVG cannot be published: the entity &lol9; holds markup or another entity, which kube-site does not expand (an entity bomb nests them).')
    expect(error.frame).toContain('> 15 |   <text>&lol9;</text>')
  })

  it('refuses entities that expand past a million characters, and one that holds markup', () => {
    const wide = `<!DOCTYPE svg [<!ENTITY a "${'a'.repeat(100_000)}">]><svg xmlns="${SVG}"><text>${'&a;'.repeat(11)}</text></svg>`
    expect(thrown(wide, 'wide.svg').message).toBe('The SVG cannot be published: the entities expand past 1,000,000 characters (an entity bomb).')
    const markup = `<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg xmlns="${SVG}"><text>&x;</text></svg>`
    expect(thrown(markup, 'markup.svg').message).toContain('the entity &x; holds markup or another entity')
  })

  it.each([
    ['not XML at all', 'GIF89a not an SVG', { line: 1, column: 1 }, 'this is not XML: an SVG starts with <svg or <?xml'],
    ['an element left open', `<svg xmlns="${SVG}">\n<g>\n<path d="M0 0"/>\n</svg>`, { line: 4, column: 6 }, 'unexpected close tag'],
    ['an undefined entity', `<svg xmlns="${SVG}"><text>&nbsp;</text></svg>`, { line: 1, column: 47 }, 'an entity that XML does not define'],
    ['an unbound prefix', `<svg xmlns="${SVG}"><s:script>alert(1)</s:script></svg>`, { line: 1, column: 50 }, 'unbound namespace prefix: "s:script"'],
    ['an attribute twice', `<svg xmlns="${SVG}"><a href="javascript:alert(1)" href="#x"/></svg>`, { line: 1, column: 81 }, 'the attribute href is written twice'],
    ['an encoding other than UTF-8', `<?xml version="1.0" encoding="ISO-2022-JP"?><svg xmlns="${SVG}"/>`, { line: 1, column: 44 }, 'it declares encoding="ISO-2022-JP"'],
    ['an HTML file', '<svg><script>alert(1)</script></svg>', { line: undefined, column: undefined }, 'the root element is <svg> without a namespace'],
  ])('refuses a file a browser would not read as an SVG, naming it: %s', (_, svg, at, reason) => {
    const error = thrown(svg, 'public/images/broken.svg')
    expect(error.code).toBe('SVG_INVALID')
    expect(error.location).toEqual({ file: 'public/images/broken.svg', ...at })
    expect(error.message).toContain(reason)
    expect(error.message).not.toContain('<input>')
  })

  it("publishes every SVG of the site's own as it is", () => {
    const root = join(import.meta.dirname, '..', '..')
    const svgs = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : svgs(path)
        return entry.name.endsWith('.svg') && !path.includes('__fixtures__') ? [path] : []
      })
    const files = ['public', 'pages', 'posts', 'tests'].filter((dir) => existsSync(join(root, dir))).flatMap((dir) => svgs(join(root, dir)))
    expect(files.length).toBeGreaterThan(30)
    for (const path of files) {
      const svg = readFileSync(path, 'utf8')
      expect(sanitizeSvg(svg, relative(root, path)), path).toEqual({ svg, removed: [] })
    }
  })
})
