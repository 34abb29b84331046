import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteLocales } from '../../../pages/_lib/locales/locales.ts'
import { compiledEntries } from '../../../tests/support/compiledEntries.ts'
import { KubeSiteError } from '../../errors.ts'
import { openPageWriter } from './pageWriter.ts'

// The writer thread as cli/bin.js compiles it.
const compiled = compiledEntries('kube-site-writer-test')

const pages = (root: string, count: number) =>
  Array.from({ length: count }, (_, n) => [join(root, 'blog', `post-${n}`, 'index.html'), `<p>post ${n}</p>`.repeat(50)] as const)

describe.each([
  ['in a thread of its own', () => ({ workerFile: compiled.entry('pageWriter') })],
  ['in the calling thread', () => ({ workerFile: '' })],
])('openPageWriter %s', (_, options) => {
  it('writes every file, making its folders, by the time close() resolves', async () => {
    const root = join(compiled.dir(), `site-${Math.random()}`)
    const writer = openPageWriter(options())
    for (const [file, content] of pages(root, 100)) await writer.write(file, content)
    await writer.close()
    expect(readdirSync(join(root, 'blog'))).toHaveLength(100)
    for (const [file, content] of pages(root, 100)) expect(readFileSync(file, 'utf8')).toBe(content)
  })

  it("says where each post's body went in its page's bytes, once closed", async () => {
    const root = join(compiled.dir(), `site-${Math.random()}`)
    const writer = openPageWriter(options())
    const shell = '<html><head><title>Ünïcode</title></head><body><div data-post-body=""></div><footer></footer></body></html>'
    const bodies = ['<p>First “body”</p>', '<p>Second 🚀</p>']
    bodies.forEach((body, n) => writer.writePage(join(root, `post-${n}.html`), shell, body))
    writer.writePage(join(root, 'list.html'), '<p>A list</p>')
    await writer.close()
    // Unsecured (dev), a page's stylesheets are not read: the manifest does not record it.
    expect(writer.pages.get(join(root, 'list.html'))).toEqual({})
    expect([...writer.pages].filter(([, page]) => page.body).map(([file]) => file).sort()).toEqual([join(root, 'post-0.html'), join(root, 'post-1.html')])
    bodies.forEach((body, n) => {
      const [start, bytes] = writer.pages.get(join(root, `post-${n}.html`))!.body!
      expect(readFileSync(join(root, `post-${n}.html`)).subarray(start, start + bytes).toString()).toBe(body)
    })
  })

  it('fails with the path it could not write, and writes nothing after', async () => {
    const root = join(compiled.dir(), `site-${Math.random()}`)
    const writer = openPageWriter(options())
    writer.write(join(root, 'blog', 'index.html'), 'list')
    // A file where a later page needs a folder.
    const blocked = join(root, 'blog', 'post-1', 'index.html')
    await expect(async () => {
      writer.write(join(root, 'blog', 'post-1'), 'not a folder')
      writer.write(blocked, 'post')
      await writer.close()
    }).rejects.toThrow(/post-1/)
    expect(() => readFileSync(blocked)).toThrow()
  })

  it('says which files each page links as stylesheets, read from the whole page as secured: past a policy of 400 hosts too', async () => {
    const root = join(compiled.dir(), `site-${Math.random()}`)
    const hosts = Array.from({ length: 400 }, (_, n) => `https://img${n}.gallery-host-${n}.example`)
    const policies = { blog: `default-src 'none'; style-src 'self'; img-src 'self' ${hosts.join(' ')}`, pages: { inlineScripts: [], imageOrigins: [], mediaOrigins: [], extra: {} }, locales: siteLocales({ language: 'en' }) }
    const writer = openPageWriter({ ...options(), security: { policies, siteUrl: 'https://kubeguard.dev', root, base: '/docs/' } })
    // The combined stylesheet, then a file it holds, named only (no browser fetches that type).
    const head = '<link rel="stylesheet" type="text/css" href="/docs/assets/static/page.abc.css"><link rel="stylesheet" href="/docs/assets/static/a.css" type="text/x-kube-site-combined">'
    const page = join(root, 'blog', 'a', 'index.html')
    writer.writePage(page, `<html><head><meta charset="utf-8">${head}</head><body><div data-post-body=""></div></body></html>`, '<p>Body</p>')
    writer.writePage(join(root, 'blog', 'index.html'), '<html><head><meta charset="utf-8"></head><body>list</body></html>')
    await writer.close()
    expect(readFileSync(page, 'utf8').indexOf('href="/docs/assets/static/page.abc.css"')).toBeGreaterThan(8192)
    expect(writer.pages.get(page)?.stylesheets).toEqual(['assets/static/page.abc.css'])
    expect(writer.pages.get(join(root, 'blog', 'index.html'))?.stylesheets).toEqual([])
  })

  it('secures a page before its body goes in, and refuses one that breaks its policy with its code, page and hint', async () => {
    const root = join(compiled.dir(), `site-${Math.random()}`)
    const policies = { blog: "default-src 'none'; img-src 'self'", pages: { inlineScripts: [], imageOrigins: [], mediaOrigins: [], extra: {} }, locales: siteLocales({ language: 'en' }) }
    const writer = openPageWriter({ ...options(), security: { policies, siteUrl: 'https://kubeguard.dev', root, base: '/' } })
    const shell = '<html><head><meta charset="utf-8"></head><body><div data-post-body=""></div></body></html>'
    writer.writePage(join(root, 'blog', 'a', 'index.html'), shell, '<p>Body</p>')
    // In the calling thread the write throws; a thread reports it when the writer closes.
    const failure = await (async () => {
      writer.writePage(join(root, 'blog', 'b', 'index.html'), shell.replace('<body>', '<body><p style="color:red">x</p>'))
      await writer.close()
    })().then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(KubeSiteError)
    expect(failure).toMatchObject({ code: 'PAGE_BREAKS_POLICY', location: { file: 'blog/b/index.html' } })
    expect((failure as KubeSiteError).message).toContain('<p style="color:red"> has a style attribute')
    expect(readFileSync(join(root, 'blog', 'a', 'index.html'), 'utf8')).toBe(
      `<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'"></head><body><div data-post-body=""><p>Body</p></div></body></html>`,
    )
  })
})

describe.each([
  ['in a thread of its own', () => ({ workerFile: compiled.entry('pageWriter') })],
  ['in the calling thread', () => ({ workerFile: '' })],
])('openPageWriter with its security to come %s', (_, options) => {
  it('holds the pages until the policies are known, then secures every one of them', async () => {
    const root = join(compiled.dir(), `site-${Math.random()}`)
    const policies = { blog: "default-src 'none'", pages: { inlineScripts: [], imageOrigins: [], mediaOrigins: [], extra: {} }, locales: siteLocales({ language: 'en' }) }
    let give!: () => void
    const known = new Promise<void>((resolve) => (give = resolve)).then(() => ({ policies, siteUrl: 'https://kubeguard.dev', root, base: '/' }))
    const writer = openPageWriter({ ...options(), security: known })
    const page = join(root, 'blog', 'index.html')
    const writing = writer.writePage(page, '<html><head></head><body>list</body></html>')
    // Nothing is written while the policies are not known, however long that takes.
    await new Promise((resolve) => setImmediate(resolve))
    expect(() => readFileSync(page)).toThrow()
    give()
    await writing
    await writer.close()
    expect(readFileSync(page, 'utf8')).toBe(`<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'"></head><body>list</body></html>`)
  })

  it("says where each post's body went, once closed", async () => {
    const root = join(compiled.dir(), `site-${Math.random()}`)
    const policies = { blog: "default-src 'none'", pages: { inlineScripts: [], imageOrigins: [], mediaOrigins: [], extra: {} }, locales: siteLocales({ language: 'en' }) }
    const writer = openPageWriter({ ...options(), security: Promise.resolve({ policies, siteUrl: 'https://kubeguard.dev', root, base: '/' }) })
    const page = join(root, 'blog', 'a', 'index.html')
    writer.writePage(page, '<html><head></head><body><div data-post-body=""></div></body></html>', '<p>Body “quoted”</p>')
    writer.writePage(join(root, 'blog', 'index.html'), '<html><head></head><body>list</body></html>')
    await writer.close()
    expect([...writer.pages].filter(([, written]) => written.body).map(([file]) => file)).toEqual([page])
    const [start, bytes] = writer.pages.get(page)!.body!
    expect(readFileSync(page).subarray(start, start + bytes).toString()).toBe('<p>Body “quoted”</p>')
  })

  it('fails with the policies when they cannot be made', async () => {
    const writer = openPageWriter({ ...options(), security: Promise.reject(new Error('a body failed')) })
    await expect(async () => {
      await writer.writePage(join(compiled.dir(), `site-${Math.random()}`, 'index.html'), '<html><head></head></html>')
      await writer.close()
    }).rejects.toThrow('a body failed')
  })
})

describe('openPageWriter in a thread', () => {
  it('makes the caller wait past the high-water mark, and lets it go on once the thread catches up', async () => {
    const root = join(compiled.dir(), `site-${Math.random()}`)
    const writer = openPageWriter({ workerFile: compiled.entry('pageWriter'), highWater: 2000, lowWater: 500 })
    let waits = 0
    for (const [file, content] of pages(root, 200)) {
      const wait = writer.write(file, content)
      if (wait) {
        waits++
        await wait
      }
    }
    await writer.close()
    expect(waits).toBeGreaterThan(10)
    expect(readdirSync(join(root, 'blog'))).toHaveLength(200)
  })

  it('ends the thread on abort(), with files still queued: nothing is written once it resolves', async () => {
    const root = join(compiled.dir(), `site-${Math.random()}`)
    const writer = openPageWriter({ workerFile: compiled.entry('pageWriter') })
    // Enough that the thread is still writing when abort() is called.
    for (const [file, content] of pages(root, 2000)) writer.write(file, content)
    await writer.abort()
    const written = () => (existsSync(join(root, 'blog')) ? readdirSync(join(root, 'blog')).length : 0)
    const atAbort = written()
    // A thread left running would go on through its queue meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(written()).toBe(atAbort)
  })
})
