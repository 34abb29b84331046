import { describe, expect, it } from 'vitest'
import { dropPostBody, dropPostBodyFromJson } from './dropPostBody.ts'

const page = (context: unknown, body = '<p>Body</p>') =>
  `<!DOCTYPE html><html><body><div id="root">${body}</div><script id="vike_pageContext" type="application/json">${JSON.stringify(context).replaceAll('<', '\\u003c')}</script></body></html>`
const contextOf = (html: string) => JSON.parse(/<script id="vike_pageContext" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!)

describe('dropPostBody', () => {
  it('empties the post body of the serialized page context and keeps the rendered body and every other field', () => {
    const context = { pageId: '/pages/blog/post', data: { post: { slug: 'a', title: 'A "quoted" </script> title', html: '<h2 id="x">Heading</h2><p>Text</p>', tags: ['!undefined-like'] }, listPage: 1 } }
    const result = dropPostBody(page(context, '<article><h2 id="x">Heading</h2><p>Text</p></article>'))
    expect(result).toContain('<article><h2 id="x">Heading</h2><p>Text</p></article>')
    expect(contextOf(result)).toEqual({ ...context, data: { ...context.data, post: { ...context.data.post, html: '' } } })
    // Nothing in the script can close it or open a comment.
    const script = result.slice(result.indexOf('vike_pageContext'))
    expect(script.slice(0, script.indexOf('</script>'))).not.toMatch(/<\/|<!--/)
  })

  it('leaves pages without a post body byte for byte as they were', () => {
    const list = page({ pageId: '/pages/blog/list', data: { posts: [{ slug: 'a', title: 'A' }], page: 1 } })
    expect(dropPostBody(list)).toBe(list)
    const htmlOnly = '<!DOCTYPE html><html><body><p>"html": no context</p></body></html>'
    expect(dropPostBody(htmlOnly)).toBe(htmlOnly)
  })

  it('empties the post body of an index.pageContext.json, and leaves one without it as it was', () => {
    const context = { pageId: '/pages/blog/post', data: { post: { slug: 'a', html: '<p>Body</p>' } } }
    expect(JSON.parse(dropPostBodyFromJson(JSON.stringify(context)))).toEqual({ ...context, data: { post: { slug: 'a', html: '' } } })
    const list = JSON.stringify({ data: { posts: [{ slug: 'a' }] } })
    expect(dropPostBodyFromJson(list)).toBe(list)
  })
})
