import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticServer, type StaticServer } from '../../cli/preview/createStaticServer.ts'
import { generatePost } from '../bench/generatePosts.mjs'
import { launchBrowser, openPage } from '../support/browser.ts'
import { buildSite } from '../support/buildSite.ts'
import { hydrated } from '../support/pageHelpers.ts'

// The search index is split into shards that the browser merges (cli/search/searchShards.ts): a
// visitor must get the results one index would give. The benchmark's generated posts, whose small
// vocabulary puts nearly every word in every post, with the words a reader searches for added as
// a real blog has them: each topic in 1 to 12 % of the posts, 1 to 6 times. Built twice by the
// CLI, with the index in 4 shards of 150 posts (smaller than a site's, so each word is rarer in
// some shards than in others) and in one, and searched on the search page. Served by `kube-site
// preview` (object storage's rules): what is judged here is the ranking, not the storage, and a
// deploy of 600 posts' pages to s3rver would take longer than their build.

const POSTS = 600
const TOPICS = ['falco', 'kyverno', 'gatekeeper', 'cosign', 'spiffe', 'vault', 'istio', 'cilium', 'trivy', 'etcd', 'karpenter', 'argocd']
const QUERIES = [...TOPICS, 'falco cilium', 'cosign trivy', 'vault etcd', 'istio spiffe', 'kyverno gatekeeper']
// Words every post has, several times: their pages score within a hair of each other, and which
// of hundreds come first is a near tie either way (measured: 9, 3 and 10 of 10 in common).
const EVERYWHERE = ['cluster', 'network policy', 'helm chart']

/** Post `n` of the benchmark, with the topics it mentions (a fixed draw: topic t in (t + 1) % of posts, 1 to 6 times). */
function postWithTopics(n: number): string {
  let state = (n * 2654435761) >>> 0
  const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32
  const mentions = TOPICS.flatMap((topic, at) => (next() < (at + 1) / 100 ? Array.from({ length: 1 + Math.floor(next() * 6) }, () => `We rolled ${topic} out to the cluster.`) : []))
  return `${generatePost(n)}\n${mentions.join(' ')}\n`
}

let posts: string
let browser: Awaited<ReturnType<typeof launchBrowser>>
const servers: Partial<Record<'single' | 'sharded', StaticServer>> = {}

beforeAll(async () => {
  posts = mkdtempSync(join(tmpdir(), 'kube-site-relevance-'))
  for (let n = 0; n < POSTS; n++) writeFileSync(join(posts, `post-${n}.md`), postWithTopics(n))
  for (const [kind, env] of [['single', { KUBE_SITE_SEARCH_SHARDS: '1' }], ['sharded', { KUBE_SITE_SEARCH_SHARDS: '4' }]] as const) {
    const { outDir } = await buildSite({ out: `search-relevance-${kind}`, posts, env })
    const shards = JSON.parse(readFileSync(join(outDir, 'blog/search/shards.json'), 'utf8')).shards
    expect(shards, kind).toHaveLength(kind === 'single' ? 1 : 4)
    servers[kind] = await createStaticServer({ root: outDir, port: 0 })
  }
  browser = await launchBrowser()
}, 300_000)

afterAll(async () => {
  await browser?.cleanup()
  for (const server of Object.values(servers)) await server?.close()
  if (posts) rmSync(posts, { recursive: true, force: true })
})

/**
 * The search page of `server`, opened once: each query is typed into its field, as a visitor
 * refines a search, so the index loads once per site (a page load a query took 60 s for the 40
 * searches on a loaded machine).
 */
async function searchPage(page: Page, server: StaticServer): Promise<Page> {
  await page.goto(`${server.url}blog/search/`)
  await hydrated(page)
  return page
}

/** The search page's count and its first ten results once it shows them for `query`. */
async function searched(page: Page, query: string): Promise<{ status: string; top: string[] }> {
  await page.locator('#search-query').fill(query)
  const status = page.locator('main p[role=status]')
  await expect.poll(() => status.textContent()).toContain(` for “${query}”`)
  return { status: (await status.textContent())!, top: await page.locator('main ol > li h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!)) }
}

describe('search across shards', () => {
  it('finds what one index finds: the same count for every query, the top 10 of each overlap at least 90 %, and 90 % on average with words every post has', async () => {
    const opened = [await openPage(browser), await openPage(browser)]
    const single = await searchPage(opened[0]!.page, servers.single!)
    const sharded = await searchPage(opened[1]!.page, servers.sharded!)
    const overlaps: string[] = []
    const shares: number[] = []
    for (const query of [...QUERIES, ...EVERYWHERE]) {
      const one = await searched(single, query)
      const split = await searched(sharded, query)
      expect(split.status, query).toBe(one.status)
      const shared = split.top.filter((url) => one.top.includes(url)).length
      overlaps.push(`${query}: ${shared}/${one.top.length}`)
      if (one.top.length === 0) continue
      shares.push(shared / one.top.length)
      if (QUERIES.includes(query)) expect(shared / one.top.length, `${query}: sharded ${split.top.join(' ')} / single ${one.top.join(' ')}`).toBeGreaterThanOrEqual(0.9)
    }
    console.log(`top-10 overlap, sharded with one index: ${overlaps.join(', ')}`)
    expect(shares.reduce((sum, share) => sum + share, 0) / shares.length).toBeGreaterThanOrEqual(0.9)
    expect(opened.flatMap(({ errors }) => errors)).toEqual([])
    for (const { context } of opened) await context.close()
  }, 180_000)
})
