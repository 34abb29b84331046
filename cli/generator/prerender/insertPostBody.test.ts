import { describe, expect, it } from 'vitest'
import { insertPostBody, replacePostBody } from './insertPostBody.ts'

const page = (body: string) => `<!DOCTYPE html><html><head><title>Ünïcode</title></head><body><article><h1>A</h1><div class="_b" data-post-body="">${body}</div><footer></footer></article></body></html>`

describe('insertPostBody', () => {
  it('puts the body into the empty post body element and changes nothing else', () => {
    const body = '<h2 id="x">Heading</h2><p>Text with $& and $1, as it is</p><div data-post-body=""></div>'
    expect(insertPostBody(page(''), body).html).toBe(page(body))
  })

  it('says where the body is in the bytes of the page, whatever the characters before it and in it', () => {
    const body = '<p>Ça coûte 5 € — “quoted” 🚀</p>'
    const { html, place } = insertPostBody(page(''), body)
    const [start, bytes] = place
    expect(Buffer.from(html).subarray(start, start + bytes).toString()).toBe(body)
  })

  it('fails on a page without exactly one empty post body element', () => {
    expect(() => insertPostBody('<html><body><p>No body</p></body></html>', '<p>x</p>')).toThrow(/exactly one empty post body/)
    expect(() => insertPostBody(page('') + page(''), '<p>x</p>')).toThrow(/exactly one empty post body/)
  })
})

describe('replacePostBody', () => {
  it('gives the page the new body, as if it had been written with it', () => {
    const first = insertPostBody(page(''), '<p>Old body, “long” enough</p>')
    const edited = '<p>New body 🚀</p><div data-post-body=""></div>'
    const replaced = replacePostBody(Buffer.from(first.html), first.place, edited)!
    const written = insertPostBody(page(''), edited)
    expect(replaced.file.toString()).toBe(written.html)
    expect(replaced.place).toEqual(written.place)
    // And again, from the place it reported.
    expect(replacePostBody(replaced.file, replaced.place, '<p>Third</p>')!.file.toString()).toBe(page('<p>Third</p>'))
  })

  it('refuses a file that does not hold a post body at the place recorded', () => {
    const { html, place } = insertPostBody(page(''), '<p>Body</p>')
    const file = Buffer.from(html)
    expect(replacePostBody(file, [place[0] + 1, place[1]], '<p>x</p>')).toBeUndefined()
    expect(replacePostBody(file, [place[0], place[1] - 1], '<p>x</p>')).toBeUndefined()
    expect(replacePostBody(file, [place[0], file.length], '<p>x</p>')).toBeUndefined()
    expect(replacePostBody(Buffer.from(page('<p>Other body</p>')), place, '<p>x</p>')).toBeUndefined()
  })
})
