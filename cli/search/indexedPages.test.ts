import { gunzipSync, gzipSync } from 'node:zlib'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fragmentUrl } from './indexedPages.ts'

const fragment = (json: object) => gzipSync(`pagefind_dcd${JSON.stringify(json)}`)

describe('fragmentUrl', () => {
  it("reads a fragment's URL from its beginning, escapes and all", () => {
    // The page's text after the URL, too random to compress: cut after its first bytes, the
    // fragment could not be inflated whole, and still gives its URL.
    const content = randomBytes(20_000).toString('base64')
    const beginning = (json: object) => fragment(json).subarray(0, 1_000)
    expect(() => gunzipSync(beginning({ url: '/blog/a-post/', content }))).toThrow()
    expect(fragmentUrl(beginning({ url: '/blog/a-post/', content }))).toBe('/blog/a-post/')
    expect(fragmentUrl(beginning({ url: '/blog/"quoted"\\ and ünïcode/', content }))).toBe('/blog/"quoted"\\ and ünïcode/')
    expect(fragmentUrl(fragment({ url: '/blog/a-post/', content }))).toBe('/blog/a-post/')
  })

  it('reads the whole fragment when its beginning does not hold the URL', () => {
    const long = `/blog/${randomBytes(600).toString('hex')}/`
    expect(fragmentUrl(fragment({ url: long, content: 'text' }))).toBe(long)
    expect(fragmentUrl(fragment({ content: 'text', url: '/blog/later/' }))).toBe('/blog/later/')
  })
})
