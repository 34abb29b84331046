import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compiledEntries } from '../../tests/support/compiledEntries.ts'
import { pagefindFilter } from '../../tests/support/snapshotFiles.ts'
import { openPagefind, pageFile } from './pagefindRunner.ts'

// The Pagefind thread as cli/bin.js compiles it.
const compiled = compiledEntries('kube-site-pagefind-test')

/** A folder of pages as a shard's are written for Pagefind, and their URLs. */
function pages(name: string, words: string[]): [source: string, urls: string[]] {
  const source = join(compiled.dir(), name)
  const urls = words.map((word, at) => {
    const url = `/blog/post-${at}/`
    mkdirSync(dirname(pageFile(source, url)), { recursive: true })
    writeFileSync(pageFile(source, url), `<html lang="en"><head><meta data-pagefind-filter="word[content]" content="${word}"></head><body><article data-pagefind-body><h1>Post ${at}</h1><p>${word}</p></article></body></html>`)
    return url
  })
  return [source, urls]
}

/** Each value of a filter of the index in `dir`, with the numbers of its pages. */
function filterValues(dir: string, filter: string): [value: string, pages: number[]][] {
  const chunks = readdirSync(join(dir, 'filter')).map((name) => pagefindFilter(readFileSync(join(dir, 'filter', name))))
  return chunks.find(([name]) => name === filter)![1].sort()
}

describe.each([
  ['in a thread of its own', () => compiled.entry('pagefindWorker')],
  ['in the calling thread', () => ''],
])('openPagefind %s', (name, file) => {
  it('indexes each folder it is given, and closes', async () => {
    const pagefind = openPagefind(file())
    const built = [join(compiled.dir(), `${name}-a`), join(compiled.dir(), `${name}-b`)]
    const [a, b] = [pages(`${name}-pages-a`, ['kubernetes', 'rbac']), pages(`${name}-pages-b`, ['audit'])]
    await Promise.all([pagefind.index(a[0], built[0]!, a[1]), pagefind.index(b[0], built[1]!, b[1])])
    await pagefind.close()
    const counts = built.map((folder) => JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')).languages.en.page_count)
    expect(counts).toEqual([2, 1])
  })

  it('numbers the pages in the order of their URLs, not the order the folder lists them in', async () => {
    const pagefind = openPagefind(file())
    const words = ['audit', 'cilium', 'etcd', 'helm', 'ingress', 'kubelet', 'rbac', 'seccomp']
    const [source, urls] = pages(`${name}-pages-order`, words)
    const built = [join(compiled.dir(), `${name}-order-a`), join(compiled.dir(), `${name}-order-b`)]
    await pagefind.index(source, built[0]!, urls)
    await pagefind.index(source, built[1]!, [...urls].reverse())
    await pagefind.close()
    expect(filterValues(built[0]!, 'word')).toEqual(words.map((word, at) => [word, [at]]))
    expect(filterValues(built[1]!, 'word')).toEqual(words.map((word, at) => [word, [words.length - 1 - at]]))
  })
})

describe('openPagefind in a thread', () => {
  it("fails the calls of a thread that stopped as the search's failure, and closes without waiting for it", async () => {
    const stopping = join(compiled.dir(), 'stops.mjs')
    writeFileSync(stopping, 'process.exit(3)')
    const pagefind = openPagefind(stopping)
    const [source, urls] = pages('stopped-pages', ['network'])
    await expect(pagefind.index(source, join(compiled.dir(), 'stopped'), urls)).rejects.toThrow(/search index could not be built: the Pagefind thread stopped \(exit code 3\)/)
    await pagefind.close()
  })
})
