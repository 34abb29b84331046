import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { useId } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { isPageId, PAGE_IDS, REACT_ID_PREFIXES, VIKE_GLOBAL_CONTEXT_ID, VIKE_PAGE_CONTEXT_ID } from './pageIds.ts'

// The ids the page's dependencies decide, checked against where they decide them: an upgrade that
// changes one fails here. (Which ids a built post page has: tests/cli/pageIds.test.ts.)

const require = createRequire(import.meta.url)

describe('the ids of the page around a post', () => {
  it("are vike's ids for its serialized contexts (vike's shared-server-client/htmlElementIds.js, not exported)", async () => {
    const ids = (await import(new URL('../../node_modules/vike/dist/shared-server-client/htmlElementIds.js', import.meta.url).href)) as Record<string, string>
    expect({ ...ids }).toEqual({ htmlElementId_pageContext: VIKE_PAGE_CONTEXT_ID, htmlElementId_globalContext: VIKE_GLOBAL_CONTEXT_ID })
  })

  it("take in every id React's useId makes on the server, and what a component builds on one", () => {
    function Field() {
      const id = useId()
      return (
        <p id={id}>
          <input id={`${id}-input`} />
          <span id={useId()} />
        </p>
      )
    }
    const html = renderToString(
      <div>
        <Field />
        <Field />
      </div>,
    )
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]!)
    expect(ids).toHaveLength(6)
    for (const id of ids) expect([id, isPageId(id)]).toEqual([id, true])
  })

  it("take in the form of React's ids in the browser: a react-dom whose client ids start with _r_ (19.2 and later)", () => {
    const { version } = JSON.parse(readFileSync(require.resolve('react-dom/package.json'), 'utf8')) as { version: string }
    const [major, minor] = version.split('.').map(Number)
    // A new major may make its ids otherwise: look at useId in react-dom's client, then change REACT_ID_PREFIXES.
    expect([major, minor! >= 2]).toEqual([19, true])
    expect(REACT_ID_PREFIXES).toContain('_r_')
  })

  it('are not ids a writer would choose, nor like them', () => {
    expect([...PAGE_IDS].filter(isPageId)).toEqual([...PAGE_IDS])
    expect(['mainly', 'read-next-steps', 'r_1', '_x_', 'Main', 'vike-page-context'].filter(isPageId)).toEqual([])
  })
})
