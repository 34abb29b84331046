import { describe, expect, it } from 'vitest'
import { insertPostBody } from './insertPostBody.ts'

const page = (body: string) => `<!DOCTYPE html><html><body><article><h1>A</h1><div class="_b" data-post-body="">${body}</div><footer></footer></article></body></html>`

describe('insertPostBody', () => {
  it('puts the body into the empty post body element and changes nothing else', () => {
    const body = '<h2 id="x">Heading</h2><p>Text with $& and $1, as it is</p><div data-post-body=""></div>'
    expect(insertPostBody(page(''), body)).toBe(page(body))
  })

  it('fails on a page without exactly one empty post body element', () => {
    expect(() => insertPostBody('<html><body><p>No body</p></body></html>', '<p>x</p>')).toThrow(/exactly one empty post body/)
    expect(() => insertPostBody(page('') + page(''), '<p>x</p>')).toThrow(/exactly one empty post body/)
  })
})
