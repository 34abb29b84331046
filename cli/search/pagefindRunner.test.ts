import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compiledEntries } from '../../tests/support/compiledEntries.ts'
import { pagefindFilter } from '../../tests/support/snapshotFiles.ts'
import { openPagefind, type PagefindRunner } from './pagefindRunner.ts'

// The Pagefind thread as cli/bin.js compiles it.
const compiled = compiledEntries('kube-site-pagefind-test')

/** The pages of a shard, and their URLs. */
const pages = (words: string[]): [url: string, html: string][] =>
  words.map((word, at) => [`/blog/post-${at}/`, `<html lang="en"><head><meta data-pagefind-filter="word[content]" content="${word}"></head><body><article data-pagefind-body><h1>Post ${at}</h1><p>${word}</p></article></body></html>`])

/** Gives Pagefind an index of `pages`, in that order, written to `building`. */
function index(pagefind: PagefindRunner, building: string, pages: [url: string, html: string][]): Promise<void> {
  const shard = pagefind.open('en')
  for (const [url, html] of pages) shard.add(url, html)
  return shard.write(building)
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
  it('makes several indexes at once, each of the pages added to it, and closes', async () => {
    const pagefind = openPagefind(file())
    const built = [join(compiled.dir(), `${name}-a`), join(compiled.dir(), `${name}-b`)]
    const [a, b] = [pagefind.open('en'), pagefind.open('en')]
    const [kubernetes, rbac, audit] = pages(['kubernetes', 'rbac', 'audit'])
    a.add(...kubernetes!)
    b.add(...audit!)
    a.add(...rbac!)
    await Promise.all([a.write(built[0]!), b.write(built[1]!)])
    await pagefind.close()
    const counts = built.map((folder) => JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')).languages.en.page_count)
    expect(counts).toEqual([2, 1])
  })

  it('numbers the pages in the order they are added', async () => {
    const pagefind = openPagefind(file())
    const words = ['audit', 'cilium', 'etcd', 'helm', 'ingress', 'kubelet', 'rbac', 'seccomp']
    const built = [join(compiled.dir(), `${name}-order-a`), join(compiled.dir(), `${name}-order-b`)]
    await Promise.all([index(pagefind, built[0]!, pages(words)), index(pagefind, built[1]!, pages(words).reverse())])
    await pagefind.close()
    expect(filterValues(built[0]!, 'word')).toEqual(words.map((word, at) => [word, [at]]))
    expect(filterValues(built[1]!, 'word')).toEqual(words.map((word, at) => [word, [words.length - 1 - at]]))
  })
})

/** The Pagefind processes this process runs (its children, not yet ended). */
function pagefindProcesses(): number {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => {
      try {
        return readFileSync(join('/proc', pid, 'stat'), 'utf8')
      } catch {
        return '' // ended meanwhile
      }
    })
    .map((stat) => /^\d+ \((.*)\) (\S) (\d+)/.exec(stat))
    .filter((fields) => fields && fields[1]!.startsWith('pagefind') && fields[2] !== 'Z' && Number(fields[3]) === process.pid).length
}

describe('openPagefind in a thread', () => {
  it.each([1, 2])('makes two indexes at once in %i Pagefind process(es) when given that many lanes', async (lanes) => {
    const before = pagefindProcesses()
    const pagefind = openPagefind(compiled.entry('pagefindWorker'), lanes)
    const [a, b] = [pagefind.open('en'), pagefind.open('en')]
    const [kubernetes, audit] = pages(['kubernetes', 'audit'])
    a.add(...kubernetes!)
    b.add(...audit!)
    await Promise.all([a.write(join(compiled.dir(), `lanes-${lanes}-a`)), b.write(join(compiled.dir(), `lanes-${lanes}-b`))])
    const running = pagefindProcesses() - before
    await pagefind.close()
    expect(running).toBe(lanes)
  })

  it("fails the calls of a thread that stopped as the search's failure, and closes without waiting for it", async () => {
    const stopping = join(compiled.dir(), 'stops.mjs')
    writeFileSync(stopping, 'process.exit(3)')
    const pagefind = openPagefind(stopping)
    await expect(index(pagefind, join(compiled.dir(), 'stopped'), pages(['network']))).rejects.toThrow(/search index could not be built: the Pagefind thread stopped \(exit code 3\)/)
    await pagefind.close()
  })
})
