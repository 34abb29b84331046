import { mkdtempSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, sep } from 'node:path'
import type { StagedPosts } from '../../content/posts/loadPosts.ts'
import type { CacheLog } from '../../incremental/explainCaches.ts'
import type { Fingerprint } from '../../incremental/fingerprint.ts'
import { buildLocaleSearchIndexes, type SearchIndex } from '../../search/buildSearchIndex.ts'
import { searchSourceKey, type IndexedPost } from '../../incremental/search/searchShards.ts'
import { cacheDir as kubeSiteCacheDir } from '../../toolRoot.ts'
import type { Reporter } from '../../ui/createReporter.ts'
import { envCount } from '../../util/envCount.ts'
import { linkFiles } from '../../util/linkFiles.ts'
import { searchManifestUrl } from '../../../pages/_lib/search/searchManifest.ts'
import type { SiteLocale } from '../../../pages/_lib/locales/locales.ts'
import type { BuildProfile } from '../buildProfile.ts'
import type { SiteFile } from '../siteFiles/writeSiteFiles.ts'
import type { BuildScope } from '../buildScope.ts'
import { quietly } from './quietly.ts'

export interface SearchStage {
  /** Each locale's index (the default's first), once every shard is in the cache. */
  index: Promise<LocaleSearchIndex[]>
}

/** The search index of one locale: its posts only, in its language. */
export interface LocaleSearchIndex {
  locale: SiteLocale
  index: SearchIndex
}

/** A post as the posts stage gives it, with the locale it is written in (none: the default locale's). */
type LocalePost = IndexedPost & { locale?: string }

/** Each locale (default first) with its posts as its blog lists them; a post without a locale is the default's, and a locale without posts still gets an index. */
export function postsByLocale<Post extends LocalePost>(locales: readonly SiteLocale[], posts: readonly Post[]): { locale: SiteLocale; posts: Post[] }[] {
  const [first] = locales
  return locales.map((locale) => ({ locale, posts: posts.filter((post) => (post.locale ?? first!.code) === locale.code) }))
}

/** The search stage: from the moment posts are known, each locale's uncached shards are indexed by Pagefind as bodies render, beside bundle and prerender. */
export function startSearch(known: Promise<StagedPosts>, { locales, useCache, fingerprint, log }: { locales: readonly SiteLocale[]; useCache: boolean; fingerprint: Fingerprint; log: CacheLog }, scope: BuildScope, reporter: Reporter, profile: BuildProfile): SearchStage {
  const cacheDir = useCache ? join(kubeSiteCacheDir, 'search') : mkdtempSync(join(tmpdir(), 'kube-site-search-'))
  if (!useCache) scope.removeAtEnd(cacheDir)
  const index = quietly(
    known.then(async (staged) => {
      const started = performance.now()
      const done = reporter.phase('search')
      // KUBE_SITE_SEARCH_SHARDS and KUBE_SITE_SEARCH_EDITS_FROM are for tests.
      const byLocale = postsByLocale(locales, staged.posts)
      const indexes = await buildLocaleSearchIndexes({ locales: byLocale, body: staged.body, sourceKey: searchSourceKey(staged.sourceKey, fingerprint.key('search')), cacheDir, shardCount: envCount('KUBE_SITE_SEARCH_SHARDS'), editsFrom: envCount('KUBE_SITE_SEARCH_EDITS_FROM') })
      const sum = (count: (index: SearchIndex) => number) => indexes.reduce((total, index) => total + count(index), 0)
      const shards = sum((index) => index.indexed.shards)
      const posts = sum((index) => index.indexed.posts)
      const from = sum((index) => index.shards.length) - shards
      log.hit('search', from)
      log.miss('search', 'posts changed', shards)
      profile.add('search.indexed beside', performance.now() - started, `${posts} posts in ${shards} shards`)
      const edited = sum((index) => index.edits)
      const bases = sum((index) => index.shards.length - (index.edits ? 1 : 0))
      const edits = edited ? ` (${edited} edited since, apart)` : ''
      const languages = indexes.length > 1 ? ` in ${indexes.length} languages` : ''
      done(`${sum((index) => index.manifest.posts)} posts in ${bases} shard${bases === 1 ? '' : 's'}${languages}${edits}${shards ? `, ${posts} indexed` : ''}${from ? `, ${from} from cache` : ''}`)
      return byLocale.map(({ locale }, at): LocaleSearchIndex => ({ locale, index: indexes[at]! }))
    }),
  )
  return { index }
}

/** Waits for the indexes and places shards under assets/search/ and each locale's list beside its search page, but those `keep` names; returns the kept files. */
export async function placeSearch(search: SearchStage, client: string, keep: { contentNamed: (files: readonly string[]) => ReadonlySet<string>; siteFiles: (files: ReadonlyMap<string, SiteFile>) => ReadonlySet<string> }, profile: BuildProfile): Promise<[file: string, size: number][]> {
  const waitStart = performance.now()
  const indexes = await search.index
  profile.add('write.waiting for the search index', performance.now() - waitStart)
  // Each locale's shards: their folders differ, as their language does (Pagefind's entry names it).
  const shardFiles = indexes.flatMap(({ index: { manifest, shards } }) =>
    shards.flatMap((shard, index) => {
      const folder = manifest.shards[index]!.slice(1).split('/').join(sep)
      return [...shard.files].map(([file, size]) => ({ at: join(folder, file), from: join(shard.dir, file), size }))
    }),
  )
  const present = keep.contentNamed(shardFiles.map(({ at }) => at))
  const kept: [string, number][] = []
  const links: { from: string; to: string }[] = []
  for (const { at, from, size } of shardFiles) {
    if (present.has(at)) kept.push([at, size])
    else links.push({ from, to: join(client, at) })
  }
  linkFiles(links)
  const lists = new Map(indexes.map(({ locale, index }): [string, SiteFile] => {
    const list = JSON.stringify(index.manifest)
    return [searchManifestUrl(locale), { make: () => list, madeFrom: { posts: [], shows: list } }]
  }))
  const keptLists = keep.siteFiles(lists)
  for (const [urlPath, list] of lists) {
    if (keptLists.has(urlPath)) continue
    const listFile = join(client, ...urlPath.slice(1).split('/'))
    await mkdir(dirname(listFile), { recursive: true })
    await writeFile(listFile, list.make())
  }
  return kept
}
