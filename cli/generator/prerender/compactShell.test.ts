import { describe, expect, it } from 'vitest'
import { compactShell } from './compactShell.ts'

const page = (root: string) => `<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="UTF-8" />
        
    <title>A &lt; B</title>
      </head>
      <body>
        <div id="root">${root}</div>
        <script id="vike_pageContext" type="application/json">{"a":"x > y"}</script>
        <script src="/a.js" type="module" async></script>
        <link rel="modulepreload" href="/b.js" as="script" type="text/javascript">
      </body>
    </html>`

describe('compactShell', () => {
  it('drops the white space between the tags of the template, and loads the scripts at low priority, after their preloads', () => {
    expect(compactShell(page('<main><p>Hi</p></main>'))).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8" /><title>A &lt; B</title></head><body><div id="root"><main><p>Hi</p></main></div><script id="vike_pageContext" type="application/json">{"a":"x > y"}</script><link rel="modulepreload" href="/b.js" fetchpriority="low"><script src="/a.js" type="module" async fetchpriority="low"></script></body></html>',
    )
  })

  it('keeps what the root element holds as it is', () => {
    const root = '<main><pre><code>a:\n  <b>x</b>\n</code></pre>\n<p>one</p>\n<div>two</div>\n</main>'
    expect(compactShell(page(root))).toContain(`<div id="root">${root}</div>`)
  })

  it('leaves a page without a root element alone', () => {
    expect(compactShell('<p>\n  <b>x</b>\n</p>')).toBe('<p>\n  <b>x</b>\n</p>')
  })
})
