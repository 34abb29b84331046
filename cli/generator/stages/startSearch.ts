import { mkdtempSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, sep } from 'node:path'
import type { StagedPosts } from '../../content/loadPosts.ts'
import type { CacheLog } from '../../incremental/explainCaches.ts'
import type { Fingerprint } from '../../incremental/fingerprint.ts'
import { buildSearchIndex, type SearchIndex } from '../../search/buildSearchIndex.ts'
import { cacheDir as kubeSiteCacheDir } from '../../toolRoot.ts'
import type { Reporter } from '../../ui/createReporter.ts'
import { envCount } from '../../util/envCount.ts'
import { linkFiles } from '../../util/linkFiles.ts'
import { SEARCH_MANIFEST_URL } from '../../../pages/_lib/searchManifest.ts'
import type { BuildProfile } from '../buildProfile.ts'
import type { SiteFile } from '../writeSiteFiles.ts'
import type { BuildScope } from '../buildScope.ts'
import { quietly } from './quietly.ts'

export interface SearchStage {
  /** The index, once every shard is in the cache. */
  index: Promise<SearchIndex>
}

/**
 * The search stage: from the moment the posts are known, each shard of the index not in the cache
 * is indexed by Pagefind (a process of its own, so on the core the build leaves it) as its posts'
 * bodies are rendered, beside the bundle and the prerender.
 */
export function startSearch(known: Promise<StagedPosts>, { language, useCache, fingerprint, log }: { language: string; useCache: boolean; fingerprint: Fingerprint; log: CacheLog }, scope: BuildScope, reporter: Reporter, profile: BuildProfile): SearchStage {
  const cacheDir = useCache ? join(kubeSiteCacheDir, 'search') : mkdtempSync(join(tmpdir(), 'kube-site-search-'))
  if (!useCache) scope.removeAtEnd(cacheDir)
  const index = quietly(
    known.then(async (staged) => {
      const started = performance.now()
      const done = reporter.phase('search')
      // KUBE_SITE_SEARCH_SHARDS sets the number of shards (a test compares one index with several),
      // KUBE_SITE_SEARCH_EDITS_FROM the size of shard from which edits are indexed apart (a test's small site).
      // A post's entry is made from its body as this CLI renders it: an upgrade that renders it otherwise indexes it again.
      const renderer = fingerprint.key('search')
      const made = await buildSearchIndex({ posts: staged.posts, body: staged.body, sourceKey: (sourceFile) => `${staged.sourceKey(sourceFile)}\0${renderer}`, cacheDir, shardCount: envCount('KUBE_SITE_SEARCH_SHARDS'), editsFrom: envCount('KUBE_SITE_SEARCH_EDITS_FROM'), language })
      const { shards, posts } = made.indexed
      const from = made.shards.length - shards
      log.hit('search', from)
      log.miss('search', 'posts changed', shards)
      profile.add('search.indexed beside', performance.now() - started, `${posts} posts in ${shards} shards`)
      const bases = made.shards.length - (made.edits ? 1 : 0)
      const edits = made.edits ? ` (${made.edits} edited since, apart)` : ''
      done(`${made.manifest.posts} posts in ${bases} shard${bases === 1 ? '' : 's'}${edits}${shards ? `, ${posts} indexed` : ''}${from ? `, ${from} from cache` : ''}`)
      return made
    }),
  )
  return { index }
}

/**
 * Waits for the index and places it in the output folder `client`: each shard's folder linked
 * under assets/search/ and the list of shards beside the search page, but the files the plan keeps
 * (`keep`: content-named ones by their file, planBuild.ts withContentNamed; the list by its URL
 * path and text, withSiteFiles), which stay in the output a rebuild updates. The shards' files
 * kept are returned with their sizes: the output keeps them.
 */
export async function placeSearch(search: SearchStage, client: string, keep: { contentNamed: (files: readonly string[]) => ReadonlySet<string>; siteFiles: (files: ReadonlyMap<string, SiteFile>) => ReadonlySet<string> }, profile: BuildProfile): Promise<[file: string, size: number][]> {
  const waitStart = performance.now()
  const { manifest, shards } = await search.index
  profile.add('write.waiting for the search index', performance.now() - waitStart)
  const files = shards.flatMap((shard, index) => {
    const folder = manifest.shards[index]!.slice(1).split('/').join(sep)
    return [...shard.files].map(([file, size]) => ({ at: join(folder, file), from: join(shard.dir, file), size }))
  })
  const present = keep.contentNamed(files.map(({ at }) => at))
  const kept: [string, number][] = []
  const links: { from: string; to: string }[] = []
  for (const { at, from, size } of files) {
    if (present.has(at)) kept.push([at, size])
    else links.push({ from, to: join(client, at) })
  }
  linkFiles(links)
  const list = JSON.stringify(manifest)
  if (keep.siteFiles(new Map([[SEARCH_MANIFEST_URL, { make: () => list, madeFrom: { posts: [], shows: list } }]])).size > 0) return kept
  const listFile = join(client, ...SEARCH_MANIFEST_URL.slice(1).split('/'))
  await mkdir(dirname(listFile), { recursive: true })
  await writeFile(listFile, list)
  return kept
}
