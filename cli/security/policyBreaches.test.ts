import { describe, expect, it } from 'vitest'
import { createPolicy, serializePolicy } from './contentSecurityPolicy.ts'
import { policyMeta } from './insertPolicy.ts'
import { isJavascriptUrl, policyBreaches, urlAllowed } from './policyBreaches.ts'

const ORIGIN = 'https://kubeguard.dev'
const policy = serializePolicy(createPolicy({ inlineScripts: ['early()'], imageOrigins: ['https://images.example.com'], mediaOrigins: ['https://video.example.com'] }))
const page = (body: string, head = '') => `<!DOCTYPE html><html><head><meta charset="utf-8">${policyMeta(policy)}${head}</head><body>${body}</body></html>`
const breaches = (html: string) => policyBreaches(html, { origin: ORIGIN }).map(({ element, problem }) => `${element} ${problem}`)

describe('policyBreaches', () => {
  it('passes a page that keeps to its policy: its own inline script, data, its files, the hosts it allows', () => {
    const html = page(
      `<img src="/a.png" srcset="/a-480.avif 480w, https://images.example.com/b.png 800w"><picture><source srcset="https://images.example.com/c.webp"></picture>
       <video src="https://video.example.com/v.mp4" poster="/p.jpg"><track src="/captions.vtt"></video><a href="https://elsewhere.example.org/">out</a>
       <script type="application/json">{"a":"<b onclick=x style=y>"}</script><script type="application/ld+json">{}</script><script src="/assets/entry.js" type="module"></script>`,
      '<script>early()</script><link rel="stylesheet" href="/assets/page.css"><link rel="stylesheet" href="https://fonts.example.com/x.css" type="text/x-kube-site-combined"><link rel="modulepreload" href="/assets/chunk.js"><link rel="alternate" href="https://kubeguard.dev/blog/rss.xml"><link rel="icon" href="/favicon.svg">',
    )
    expect(breaches(html)).toEqual([])
  })

  it('finds inline scripts and styles it does not cover, style attributes, handlers and javascript: URLs, however written', () => {
    const html = page(
      `<script>alert(1)</script><script type="text/javascript">early()</script><script type="module">import('x')</script><style>p{}</style>
       <p style="color:red">a</p><img src="/x.png" onerror="alert(1)"><img src="/x.png"/onload="alert(2)"><svg><a xlink:href="javascript:alert(3)">s</a></svg>
       <a href="  JaVa&#x09;ScRiPt:alert(4)">b</a><a href="java&#10;script:alert(5)">c</a><form action="javascript:alert(6)"></form><button ONCLICK="x()">d</button>`,
    )
    expect(breaches(html)).toEqual([
      '<script>alert(1)</script> is an inline script that its policy does not allow',
      "<script>import('x')</script> is an inline script that its policy does not allow",
      '<style>p{}</style> is an inline <style> that its policy does not allow',
      '<p style="color:red"> has a style attribute',
      '<img onerror="alert(1)" src="/x.png"> has an inline event handler (onerror)',
      '<img onload="alert(2)" src="/x.png"> has an inline event handler (onload)',
      '<a xlink:href="javascript:alert(3)"> has a javascript: URL',
      '<a href="  JaVa\tScRiPt:alert(4)"> has a javascript: URL',
      '<a href="java\nscript:alert(5)"> has a javascript: URL',
      '<form action="javascript:alert(6)"> has a javascript: URL',
      '<button onclick="x()"> has an inline event handler (onclick)',
    ])
  })

  it('finds files from hosts its directives do not allow, by the directive that loads each', () => {
    const html = page(
      `<img src="https://tracker.example.net/p.gif"><picture><source srcset="https://video.example.com/still.webp 1x"></picture><video poster="https://video.example.com/p.jpg"><source src="https://images.example.com/v.mp4"></video>
       <iframe src="https://www.youtube.com/embed/x"></iframe><object data="/x.swf"></object><script src="https://cdn.example.com/lib.js"></script>`,
      '<link rel="stylesheet" href="https://fonts.example.com/x.css"><link rel="preload" as="font" href="https://fonts.example.com/x.woff2"><base href="/docs/">',
    )
    expect(breaches(html)).toEqual([
      '<link rel="stylesheet" href="https://fonts.example.com/x.css"> loads https://fonts.example.com/x.css, which its style-src does not allow',
      '<link rel="preload" as="font" href="https://fonts.example.com/x.woff2"> loads https://fonts.example.com/x.woff2, which its font-src does not allow',
      '<base href="/docs/"> sets the document base',
      '<img src="https://tracker.example.net/p.gif"> loads https://tracker.example.net/p.gif, which its img-src does not allow',
      '<source srcset="https://video.example.com/still.webp 1x"> loads https://video.example.com/still.webp, which its img-src does not allow',
      '<video poster="https://video.example.com/p.jpg"> loads https://video.example.com/p.jpg, which its img-src does not allow',
      '<source src="https://images.example.com/v.mp4"> loads https://images.example.com/v.mp4, which its media-src does not allow',
      '<iframe src="https://www.youtube.com/embed/x"> loads https://www.youtube.com/embed/x, which its frame-src does not allow',
      '<object data="/x.swf"> is a plugin',
      '<script src="https://cdn.example.com/lib.js"> loads https://cdn.example.com/lib.js, which its script-src does not allow',
    ])
  })

  it('reads a srcset as the HTML standard splits it: a URL runs to the next space, commas and all', () => {
    expect(breaches(page('<img src="/a.png" srcset="https://tracker.example.net/p.gif?w=1,2 2x, /b.png 3x">'))).toEqual([
      '<img src="/a.png" srcset="https://tracker.example.net/p.gif?w=1…"> loads https://tracker.example.net/p.gif?w=1,2, which its img-src does not allow',
    ])
  })

  it('reads SVG and MathML as a browser does: their scripts and styles hold markup, HTML inside them is HTML again', () => {
    expect(
      breaches(
        page(`<svg><script>a<b>c</b></svg><p>after</p><svg><desc><script>alert(2)</script></desc><style>p{}</style></svg><math><mi><style>x{}</style></mi></math>
          <svg/><script>alert(3)</script><svg><image href="https://tracker.example.net/x.png"></image><title><img src="https://tracker.example.net/y.png"></title></svg>
          <svg><script><path/>alert(4)</script><script/></svg>`),
      ),
    ).toEqual([
      '<script>ac</script> is an inline script that its policy does not allow',
      '<script>alert(2)</script> is an inline script that its policy does not allow',
      '<style>p{}</style> is an inline <style> that its policy does not allow',
      '<style>x{}</style> is an inline <style> that its policy does not allow',
      '<script>alert(3)</script> is an inline script that its policy does not allow',
      '<img src="https://tracker.example.net/y.png"> loads https://tracker.example.net/y.png, which its img-src does not allow',
      '<script>alert(4)</script> is an inline script that its policy does not allow',
      '<script></script> is an inline script that its policy does not allow',
    ])
  })

  it('reads text-only elements as text, an <image> outside SVG as an <img>, and a script left open to the end', () => {
    expect(breaches(page('<textarea><img src=x onerror=alert(1)></textarea><title><b style="x">t</b></title><image src="https://tracker.example.net/x.png"><script>left open'))).toEqual([
      '<img src="https://tracker.example.net/x.png"> loads https://tracker.example.net/x.png, which its img-src does not allow',
      '<script>left open</body></html></script> is an inline script that its policy does not allow',
    ])
  })

  it('reads an attribute written twice as a browser does, the first of its name counting, whatever the name', () => {
    expect(
      breaches(
        page(
          `<img src="/a.png" SRC="https://tracker.example.net/x.png"><img src="https://tracker.example.net/y.png" src="/b.png">
           <a __proto__="x" href="/c/" HREF="javascript:alert(1)">c</a><svg><a xlink:href="#d" __proto__="y" onclick="x()">d</a></svg><svg><image href="https://tracker.example.net/z.png"/></svg><image src="https://tracker.example.net/w.png">`,
        ),
      ),
    ).toEqual([
      '<img src="https://tracker.example.net/y.png"> loads https://tracker.example.net/y.png, which its img-src does not allow',
      '<a onclick="x()" xlink:href="#d" __proto__="y"> has an inline event handler (onclick)',
      '<img src="https://tracker.example.net/w.png"> loads https://tracker.example.net/w.png, which its img-src does not allow',
    ])
  })

  it('says a page without a policy carries none, and reads only the first policy', () => {
    expect(breaches('<html><head></head><body><p>x</p></body></html>')).toEqual(['<head> carries no Content-Security-Policy'])
    const second = `<meta http-equiv="Content-Security-Policy" content="script-src 'unsafe-inline'">`
    expect(breaches(page('<script>alert(1)</script>', second))).toEqual(['<script>alert(1)</script> is an inline script that its policy does not allow'])
  })
})

describe('urlAllowed', () => {
  it.each([
    ['/a.png', ["'self'"], true],
    ['a.png', ["'self'"], true],
    ['https://kubeguard.dev/a.png', ["'self'"], true],
    ['http://kubeguard.dev/a.png', ["'self'"], false],
    ['//cdn.example.com/a.png', ['https://cdn.example.com'], true],
    ['https://cdn.example.com/a.png', ['cdn.example.com'], true],
    ['https://img.cdn.example.com/a.png', ['*.example.com'], true],
    ['https://example.com/a.png', ['*.example.com'], false],
    ['https://cdn.example.com:8443/a.png', ['https://cdn.example.com'], false],
    ['https://cdn.example.com:8443/a.png', ['https://cdn.example.com:*'], true],
    ['https://cdn.example.com/a.png', ['http://cdn.example.com'], true],
    ['http://cdn.example.com/a.png', ['https://cdn.example.com'], false],
    ['https://cdn.example.com/img/a.png', ['https://cdn.example.com/img/'], true],
    ['https://cdn.example.com/js/a.js', ['https://cdn.example.com/img/'], false],
    ['data:image/png;base64,AAAA', ["'self'", 'data:'], true],
    ['data:image/png;base64,AAAA', ["'self'"], false],
    ['https://cdn.example.com/a.png', ["'none'"], false],
  ])('%s under %j: %s', (url, sources, allowed) => {
    expect(urlAllowed(url, sources, ORIGIN)).toBe(allowed)
  })
})

describe('policyBreaches: the policy itself, read by CSP3\'s grammar (a dist/ built elsewhere, or edited)', () => {
  const withPolicy = (content: string) => `<!DOCTYPE html><html><head><meta charset="utf-8">${policyMeta(content)}</head><body><p>a</p></body></html>`
  const meta = '<meta http-equiv="Content-Security-Policy" content='

  it('finds a directive named twice, a source that is not one, and one that lets any script run', () => {
    const found = policyBreaches(withPolicy("default-src 'none'; img-src 'self' https://img.example;connect-src; connect-src 'self'; script-src 'self' https://* data:; base-uri https:"), { origin: ORIGIN })
    expect(found.map(({ element, problem }) => `${element.slice(0, meta.length)} ${problem}`)).toEqual([
      `${meta} names connect-src twice: a browser keeps the first (connect-src) and ignores the second (connect-src 'self')`,
      `${meta} script-src: https://* allows every host, so a script from anywhere runs`,
      `${meta} script-src: data: URLs hold their own content, so any script written into one runs`,
      `${meta} base-uri: https: allows a script from any host of that scheme`,
    ])
    expect(found.every((breach) => breach.hint)).toBe(true)
  })

  it('finds a source that breaks the grammar', () => {
    const found = policyBreaches(withPolicy("default-src 'none'; img-src 'self' https://a,b.example"), { origin: ORIGIN })
    expect(found.map(({ problem }) => problem)).toEqual(['img-src: "https://a,b.example" is not a CSP source'])
  })

  it("finds nothing in the policies the build writes", () => {
    expect(policyBreaches(withPolicy(policy), { origin: ORIGIN })).toEqual([])
  })
})

describe('isJavascriptUrl', () => {
  it.each([
    ['javascript:alert(1)', true],
    ['\u0000 JAVASCRIPT:x', true],
    ['java\tscript:x', true],
    ['/javascript:x', false],
    ['https://example.com/?javascript:x', false],
  ])('%j: %s', (value, expected) => {
    expect(isJavascriptUrl(value)).toBe(expected)
  })
})
