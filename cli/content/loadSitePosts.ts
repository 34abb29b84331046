import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { KubeSiteError } from '../errors.ts'
import { parseLanguageTag } from './languageTag.ts'
import type { LocaleConfig } from './localeConfigs.ts'
import { newestFirst } from '../../pages/_lib/postOrder.ts'
import { loadPostsInStages, postsProblem, type LoadPostsOptions, type PostLocale, type StagedPosts } from './loadPosts.ts'
import type { PostCache } from './postCache.ts'
import { FOLDER_POST } from './postFileNames.ts'
import { siteBodyLabels, siteReadTime } from './siteStrings.ts'
import { titleHyphenator } from './titleHyphenator.ts'
import type { BodyLabels } from './renderMarkdown.ts'
import type { Post } from './types.ts'

// The posts of every locale of a site (DECISIONS.md, "Multilingual"): posts/ holds the default
// locale's, posts/<code>/ another's. Each locale's are read as a site of one language's are
// (loadPostsInStages), in its language (reading times, the words bodies write), the default's
// first: the others' translations name its posts.

/** What a folder named as a language tag looks like ('de', 'pt-br', 'zh-hant', 'es-419'): a quick filter only. */
const TAG_SHAPE = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$/i

/** Where each locale's posts are: the default's in posts/ itself, another's in its folder (which may be missing: no posts). */
export interface LocalePostsFolder extends PostLocale {
  /** Whether the locale's folder exists (always, for the default locale's posts/). */
  exists: boolean
}

/**
 * The locale of every folder of `postsDir` that holds a locale's posts, the default first: a folder
 * named as a locale's code, in any case ('de', 'DE', 'pt-br'). A folder named as a language the
 * site has not, holding posts but no index.md of its own (which would make it a post with its
 * images), is refused: its posts would silently be nobody's.
 */
export function localePostsFolders(postsDir: string, locales: readonly LocaleConfig[], cwd: string, configShown = 'site.config.ts'): LocalePostsFolder[] {
  const entries = existsSync(postsDir) ? readdirSync(postsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()) : []
  const [first, ...others] = locales
  const folderOf = (code: string) => entries.find((entry) => entry.name.toLowerCase() === code.toLowerCase())?.name
  const problems = entries.flatMap((entry) => {
    if (others.some(({ locale }) => locale.code.toLowerCase() === entry.name.toLowerCase())) return []
    // Named as a language first, by the shape of a tag (language, script, region), then by BCP 47:
    // a site of 4,000 folder posts has 4,000 folders (parseLanguageTag alone: 110 ms for 4,000 slugs).
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
  /** The cache of a locale's rendered posts, for its body labels (its key must say which). Default: none. */
  cacheFor?: (locale: PostLocale, labels: BodyLabels | undefined) => PostCache
}

/**
 * Reads and checks the posts of every locale, the default's first, then the others' (their
 * translations checked against the default's posts, drafts included); resolves once every post
 * is known but for its body (see loadPostsInStages), all locales' posts in one list, newest first,
 * each with its `locale`. Every broken post of the other locales is reported in one error.
 */
export async function loadSitePostsInStages(postsDir: string, locales: readonly LocaleConfig[], options: SitePostsOptions = {}): Promise<StagedPosts> {
  const cwd = options.cwd ?? process.cwd()
  const configShown = options.site && (relative(cwd, options.site.file) || options.site.file)
  const folders = localePostsFolders(postsDir, locales, cwd, configShown)
  // Each locale's bodies still render while the next locale's posts are read: the loads share the
  // post threads, so that two locales hold no more of them at once than one (each a V8 heap of about
  // 100 MB at 2,000 posts; tests/bench/README.md "tenth session").
  const sharedBy = folders.filter(({ exists }) => exists).length
  const load = (index: number, extra: LoadPostsOptions) => {
    const { config } = locales[index]!
    const { code, folder } = folders[index]!
    const locale = { code, folder }
    const bodyLabels = siteBodyLabels(config)
    return loadPostsInStages(postsDir, { ...options, ...extra, locale, bodyLabels, readTimeText: siteReadTime(config), hyphenateTitle: titleHyphenator(code), cache: options.cacheFor?.(locale, bodyLabels), sharedBy })
  }
  const localeFolders = folders.flatMap(({ folder, exists }) => (folder && exists ? [folder] : []))
  // The redirects of the config are checked against the default locale's posts.
  const first = await load(0, { localeFolders, site: options.site })
  const others = await Promise.allSettled(folders.slice(1).map((folder, index) => (folder.exists ? load(index + 1, { site: undefined, originals: first.originals }) : Promise.resolve(undefined))))
  const loaded = others.flatMap((result) => (result.status === 'fulfilled' && result.value ? [result.value] : []))
  const failures = others.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
  if (failures.length > 0) {
    ;[first, ...loaded].forEach((staged) => staged.stop())
    // Broken posts of several locales in one report; anything else (a bug, a full disk) as it is.
    const other = failures.find((error) => !(error instanceof KubeSiteError && error.code === 'POSTS_INVALID'))
    if (other !== undefined) throw other
    throw postsProblem(failures.flatMap((error) => (error as KubeSiteError).problems))
  }
  return mergeStaged([first, ...loaded])
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
