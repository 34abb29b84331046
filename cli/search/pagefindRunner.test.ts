import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compiledEntries } from '../../tests/support/compiledEntries.ts'
import { openPagefind } from './pagefindRunner.ts'

// The Pagefind thread as cli/bin.js compiles it.
const compiled = compiledEntries('kube-site-pagefind-test')

/** A folder of pages as a shard's are written for Pagefind. */
function pages(name: string, words: string[]): string {
  const source = join(compiled.dir(), name)
  words.forEach((word, at) => {
    mkdirSync(join(source, 'blog', `post-${at}`), { recursive: true })
    writeFileSync(join(source, 'blog', `post-${at}`, 'index.html'), `<html lang="en"><body><article data-pagefind-body><h1>Post ${at}</h1><p>${word}</p></article></body></html>`)
  })
  return source
}

describe.each([
  ['in a thread of its own', () => compiled.entry('pagefindWorker')],
  ['in the calling thread', () => ''],
])('openPagefind %s', (name, file) => {
  it('indexes each folder it is given, and closes', async () => {
    const pagefind = openPagefind(file())
    const built = [join(compiled.dir(), `${name}-a`), join(compiled.dir(), `${name}-b`)]
    await Promise.all([pagefind.index(pages(`${name}-pages-a`, ['kubernetes', 'rbac']), built[0]!, 2), pagefind.index(pages(`${name}-pages-b`, ['audit']), built[1]!, 1)])
    await pagefind.close()
    const counts = built.map((folder) => JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')).languages.en.page_count)
    expect(counts).toEqual([2, 1])
  })
})

describe('openPagefind in a thread', () => {
  it("fails the calls of a thread that stopped as the search's failure, and closes without waiting for it", async () => {
    const stopping = join(compiled.dir(), 'stops.mjs')
    writeFileSync(stopping, 'process.exit(3)')
    const pagefind = openPagefind(stopping)
    await expect(pagefind.index(pages('stopped-pages', ['network']), join(compiled.dir(), 'stopped'), 1)).rejects.toThrow(/search index could not be built: the Pagefind thread stopped \(exit code 3\)/)
    await pagefind.close()
  })
})
