import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { KubeSiteError } from '../../errors.ts'
import { parseLanguageTag } from '../locales/languageTag.ts'
import type { LocaleConfig } from '../locales/localeConfigs.ts'
import { newestFirst } from '../../../pages/_lib/blog/postOrder.ts'
import { collectPosts, loadPostResults, loadPostsInStages, postsProblem, PostsInvalid, type LoadPostsOptions, type LoadResult, type PostLocale, type StagedPosts } from './loadPosts.ts'
import { localePostCache, type PostCache } from '../../incremental/posts/postCache.ts'
import { FOLDER_POST } from './postFileNames.ts'
import { siteBodyLabels, siteReadTime } from '../locales/siteStrings.ts'
import { titleHyphenator } from '../locales/titleHyphenator.ts'
import { originalsOf, type Originals } from '../locales/translations.ts'
import type { Fingerprint } from '../../incremental/fingerprint.ts'
import type { BodyLabels } from '../markdown/renderMarkdown.ts'
import type { Post } from '../types.ts'

// Every locale's posts (DECISIONS.md, "Multilingual"): posts/ the default's, posts/<code>/ another's, the default's first (translations name its posts).

/** What a folder named as a language tag looks like ('de', 'pt-br', 'zh-hant', 'es-419'): a quick filter only. */
const TAG_SHAPE = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$/i

/** Where each locale's posts are: the default's in posts/ itself, another's in its folder (which may be missing: no posts). */
export interface LocalePostsFolder extends PostLocale {
  /** Whether the locale's folder exists (always, for the default locale's posts/). */
  exists: boolean
}

/** The locale of every posts folder named as a locale's code (any case), the default first; one named as another language, with posts and no index.md, is refused. */
export function localePostsFolders(postsDir: string, locales: readonly LocaleConfig[], cwd: string, configShown = 'site.config.ts'): LocalePostsFolder[] {
  const entries = existsSync(postsDir) ? readdirSync(postsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()) : []
  const [first, ...others] = locales
  const folderOf = (code: string) => entries.find((entry) => entry.name.toLowerCase() === code.toLowerCase())?.name
  const problems = entries.flatMap((entry) => {
    if (others.some(({ locale }) => locale.code.toLowerCase() === entry.name.toLowerCase())) return []
    // By a tag's shape first, then BCP 47: parseLanguageTag alone took 110 ms for 4,000 folder posts.
    if (!TAG_SHAPE.test(entry.name)) return []
    const parsed = parseLanguageTag(entry.name)
    if (!('tag' in parsed)) return []
    const folder = join(postsDir, entry.name)
    if (existsSync(join(folder, FOLDER_POST)) || !readdirSync(folder).some((name) => name.endsWith('.md'))) return []
    const shown = `${relative(cwd, folder) || folder}/`
    const isDefault = first !== undefined && first.locale.code.toLowerCase() === parsed.tag.toLowerCase()
    return [
      new KubeSiteError('POSTS_LOCALE_UNKNOWN', isDefault ? `'${parsed.tag}' is the default locale (site.language), whose posts are in ${relative(cwd, postsDir) || postsDir}/ itself` : `no locale '${parsed.tag}' in ${configShown} locales`, {
        location: { file: shown },
        hint: isDefault
          ? `Move its posts up into ${relative(cwd, postsDir) || postsDir}/.`
          : `Add { code: '${parsed.tag}' } to locales in ${configShown} for a blog in that language, or rename the folder (a post with its images beside it is <slug>/index.md).`,
      }),
    ]
  })
  if (problems.length === 1) throw problems[0]
  if (problems.length > 1) throw new KubeSiteError('POSTS_LOCALE_UNKNOWN', `${problems.length} folders of posts are in no locale of the site`, { problems })
  return [
    { code: first?.locale.code ?? 'en', exists: true },
    ...others.map(({ locale }) => {
      const folder = folderOf(locale.code)
      return { code: locale.code, folder: folder ?? locale.code.toLowerCase(), exists: folder !== undefined }
    }),
  ]
}

export interface SitePostsOptions extends Pick<LoadPostsOptions, 'includeDrafts' | 'today' | 'cwd' | 'site'> {
  /** The cache of a locale's rendered posts, for its body labels (its key must say which: localePostCache). Default: none. */
  cacheFor?: (locale: PostLocale, labels: BodyLabels | undefined) => PostCache
}

/** A locale's posts as they are read: its folder, and the options of its load (no cache, no originals). */
export interface LocaleRead extends LocalePostsFolder {
  options: LoadPostsOptions
}

/** How the posts of every locale are read, the default's first: its folder, its words and its checks, for build, check and dev alike. */
export function localeReads(postsDir: string, locales: readonly LocaleConfig[], options: SitePostsOptions = {}): LocaleRead[] {
  const { includeDrafts, today, cwd = process.cwd(), site } = options
  const folders = localePostsFolders(postsDir, locales, cwd, site && (relative(cwd, site.file) || site.file))
  const localeFolders = folders.flatMap(({ folder, exists }) => (folder && exists ? [folder] : []))
  return folders.map((locale, index) => {
    const { config } = locales[index]!
    // The redirects of the config are checked against the default locale's posts.
    const own = index === 0 ? { localeFolders, site } : {}
    return { ...locale, options: { includeDrafts, today, cwd, ...own, locale: { code: locale.code, folder: locale.folder }, bodyLabels: siteBodyLabels(config), readTimeText: siteReadTime(config), hyphenateTitle: titleHyphenator(locale.code) } }
  })
}

/** Reads and checks every locale's posts, the default's first, resolving once known but for bodies, all in one list newest first; broken posts in one error. */
export async function loadSitePostsInStages(postsDir: string, locales: readonly LocaleConfig[], options: SitePostsOptions = {}): Promise<StagedPosts> {
  const [first, ...others] = localeReads(postsDir, locales, options)
  // Bodies render while the next locale's posts are read, on the same post threads (~100 MB heaps each), so two locales cost no more threads than one.
  const sharedBy = [first!, ...others].filter(({ exists }) => exists).length
  const load = ({ options: read }: LocaleRead, originals?: Originals) => loadPostsInStages(postsDir, { ...read, originals, sharedBy, cache: options.cacheFor?.(read.locale!, read.bodyLabels) })
  // The default's broken posts do not stop the others' from being reported: they are checked against the originals the default's others make.
  const [firstLoad] = await Promise.allSettled([load(first!)])
  if (firstLoad.status === 'rejected' && !(firstLoad.reason instanceof PostsInvalid)) throw firstLoad.reason
  const originals = firstLoad.status === 'fulfilled' ? firstLoad.value.originals : (firstLoad.reason as PostsInvalid).originals
  const settled = [firstLoad, ...(await Promise.allSettled(others.map((read) => (read.exists ? load(read, originals) : Promise.resolve(undefined)))))]
  const loaded = settled.flatMap((result) => (result.status === 'fulfilled' && result.value ? [result.value] : []))
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
  if (failures.length > 0) {
    loaded.forEach((staged) => staged.stop())
    throw oneProblem(failures)
  }
  return mergeStaged(loaded)
}

/** Every locale's posts collected from each file's outcome (a dev server's) as loadSitePostsInStages does; every broken post in one error. */
export function collectSitePosts(results: ReadonlyMap<string, LoadResult>, postsDir: string, reads: readonly LocaleRead[]): Post[] {
  const byRead = Map.groupBy(results, ([name]) => readOf(reads, name))
  const filesOf = (read: LocaleRead) => new Map(byRead.get(read) ?? [])
  const originals = originalsOf(filesOf(reads[0]!).values())
  const failures: unknown[] = []
  const posts = reads.flatMap((read, index) => {
    try {
      return collectPosts(filesOf(read), postsDir, { ...read.options, originals: index === 0 ? undefined : originals })
    } catch (error) {
      failures.push(error)
      return []
    }
  })
  if (failures.length > 0) throw oneProblem(failures)
  return posts
}

/** The outcome of every post file of every locale by name (loadPostResults: problems kept, not thrown), which a dev server keeps between changes. */
export async function loadSitePostResults(postsDir: string, reads: readonly LocaleRead[], fingerprint: Fingerprint): Promise<Map<string, LoadResult>> {
  const results = new Map<string, LoadResult>()
  for (const { exists, options } of reads) {
    if (!exists) continue
    const cache = localePostCache(postsDir, options.locale!, options.bodyLabels, fingerprint)
    for (const [name, result] of await loadPostResults(postsDir, options.cwd ?? process.cwd(), cache, options.bodyLabels, options)) results.set(name, result)
    cache.save()
  }
  return results
}

/** The locale a post file is in by its name in the posts folder ('de/zero-trust.md'): that of its first folder when a locale's, else the default's. */
export function readOf(reads: readonly LocaleRead[], name: string): LocaleRead {
  const [first, ...rest] = name.split(/[\\/]/)
  return (rest.length > 0 && reads.slice(1).find(({ folder }) => folder!.toLowerCase() === first!.toLowerCase())) || reads[0]!
}

/** Broken posts of several locales in one report; anything else (a bug, a full disk) as it is. */
function oneProblem(failures: readonly unknown[]): unknown {
  const other = failures.find((error) => !(error instanceof KubeSiteError && error.code === 'POSTS_INVALID'))
  return other ?? (failures.length === 1 ? failures[0] : postsProblem(failures.flatMap((error) => (error as KubeSiteError).problems)))
}

/** Reads, checks and renders the posts of every locale (loadSitePostsInStages), bodies included. */
export async function loadSitePosts(postsDir: string, locales: readonly LocaleConfig[], options: SitePostsOptions = {}): Promise<Post[]> {
  const staged = await loadSitePostsInStages(postsDir, locales, options)
  await staged.done
  return Promise.all(staged.posts.map(async (post) => ({ ...post, html: await staged.body(post.sourceFile) })))
}

/** Every locale's staged posts as one: their posts in one list, newest first; each post's body from its own. */
function mergeStaged(stages: StagedPosts[]): StagedPosts {
  if (stages.length === 1) return stages[0]!
  const owners = new Map<string, StagedPosts>()
  for (const stage of stages) for (const post of stage.posts) owners.set(post.sourceFile, stage)
  const owner = (sourceFile: string) => owners.get(sourceFile) ?? stages[0]!
  return {
    posts: stages.flatMap((stage) => stage.posts).sort(newestFirst),
    body: (sourceFile) => owner(sourceFile).body(sourceFile),
    cached: (sourceFile) => owner(sourceFile).cached(sourceFile),
    sourceKey: (sourceFile) => owner(sourceFile).sourceKey(sourceFile),
    done: Promise.all(stages.map((stage) => stage.done)).then(() => {}),
    stop: () => stages.forEach((stage) => stage.stop()),
    originals: stages[0]!.originals,
  }
}
