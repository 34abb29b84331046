import { existsSync, statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { z } from 'zod'
import { KubeSiteError, type KubeSiteErrorOptions } from '../../errors.ts'
import { closestName } from '../../util/closestName.ts'
import { codeFrame } from '../codeFrame.ts'
import { today } from '../frontmatter/dates.ts'
import { FrontmatterLimitError, FrontmatterSyntaxError, parseFrontmatter, type ParsedFrontmatter } from '../frontmatter/parseFrontmatter.ts'
import { postKey, unchangedFile, type CachedPost, type PostCache } from '../../incremental/posts/postCache.ts'
import { MarkdownLimitError } from '../markdown/markdownLimits.ts'
import { loadInWorkers } from './postPool.ts'
import { bodyCharacterProblem, frontmatterCharacterProblems } from './postCharacters.ts'
import { postFrontmatterSchema, postKeyHints } from '../frontmatter/postSchema.ts'
import { readPostFile, type FileStat } from './readPostFile.ts'
import { readMinutes, readTime } from '../markdown/readTime.ts'
import { createMarkdownRenderer, type BodyLabels, type MarkdownRenderer } from '../markdown/renderMarkdown.ts'
import type { Post } from '../types.ts'
import type { BodyResult, Loaded, LoadResult, PostFileOutcome, PostFilesJob, PostLocale, Summarized, SummaryResult } from './postResults.ts'
export type { BodyResult, Loaded, LoadResult, PostFileOutcome, PostFilesJob, PostLocale, Summarized, SummaryResult } from './postResults.ts'
import { linkTranslations, localName, originalsOf, type Originals } from '../locales/translations.ts'
import { localePrefix } from '../../../pages/_lib/locales/locales.ts'
import { RESERVED_BLOG_FOLDERS } from '../../../pages/_lib/urls/urls.ts'
import { newestFirst } from '../../../pages/_lib/blog/postOrder.ts'
import { FOLDER_POST, isPostFile, slugFromFileName } from './postFileNames.ts'
export { FOLDER_POST, isPostFile, slugFromFileName } from './postFileNames.ts'
import { redirectProblems, type RedirectSite } from '../redirects/redirectProblems.ts'

export interface LoadPostsOptions {
  /** Keep drafts and posts dated after `today`. Default: false. */
  includeDrafts?: boolean
  /** The day that decides which posts are scheduled for later, and how late an `updated:` may be (YYYY-MM-DD). Default: today. */
  today?: string
  /** Base of the file names shown in messages. Default: the current directory. */
  cwd?: string
  /** Rendered posts of earlier builds (see postCache.ts). Default: none. */
  cache?: PostCache
  /** The site config, whose redirects and list pages are checked with the posts' old URLs. Default: none. */
  site?: RedirectSite
  /** A reading time computed from a post's text, in the site's language. Default: English, '6 min read'. */
  readTimeText?: (minutes: number) => string
  /** A title as the headings show it, with soft hyphens in its long words (titleHyphenator.ts); undefined for the title itself. Default: none. */
  hyphenateTitle?: (title: string) => string | undefined
  /** The words bodies write themselves (callouts, table of contents) in the site's language; the cache's key must say which. Default: English. */
  bodyLabels?: BodyLabels
  /** The locale of the posts: posts/ itself (the default locale), or its folder posts/<code>/. Default: posts/, in 'en'. */
  locale?: PostLocale
  /** The folders of posts/ that hold other locales' posts, left out of the default locale's. Default: none. */
  localeFolders?: readonly string[]
  /** For another locale than the default: the default locale's posts, which its posts translate (translations.ts). */
  originals?: Originals
  /** How many loads of posts share the cores at once (each locale's, in a build of several: loadSitePosts.ts). Default: 1. */
  sharedBy?: number
}

/** The locale of posts that name none: the default site.language's. */
export const DEFAULT_POST_LOCALE = 'en'

/** Reads, validates and renders every posts/*.md; all broken posts are reported in one error. */
export async function loadPosts(dir: string, options: LoadPostsOptions = {}): Promise<Post[]> {
  const staged = await loadPostsInStages(dir, options)
  await staged.done
  return Promise.all(staged.posts.map(async (post) => ({ ...post, html: await staged.body(post.sourceFile) })))
}

/** The posts before their bodies are rendered, and the bodies as they come (see loadPostsInStages). */
export interface StagedPosts {
  /** Posts as loadPosts gives them, newest first, each with an empty `html`. */
  posts: Post[]
  /** The body of a post (by its source file), once rendered. */
  body(sourceFile: string): Promise<string>
  /** A post taken from the cache: its body, read when asked for, and whether that has an image. */
  cached(sourceFile: string): Pick<CachedPost, 'body' | 'hasImages'> | undefined
  /** A post's cache key (its file name and text): with the renderer, all its body comes from. */
  sourceKey(sourceFile: string): string
  /** Resolves once every body is rendered and the cache saved; rejects with every post whose body failed. */
  done: Promise<void>
  /** Stops rendering bodies (the build failed): `done` then rejects, and nothing is saved. */
  stop(): void
  /** The posts as the translations of another locale name them, drafts included (translations.ts). */
  originals: Originals
}

/** Reads and checks every posts/*.md, resolving once all are known but for bodies, which render after in workers; every broken post is reported together. */
export async function loadPostsInStages(dir: string, options: LoadPostsOptions = {}): Promise<StagedPosts> {
  const cwd = options.cwd ?? process.cwd()
  const names = await listPostFiles(dir, cwd, options.locale, options.localeFolders)
  const known = new Set(options.cache?.keys())
  const job: PostFilesJob = { dir, names, cwd, known, unchanged: options.cache?.unchanged(), labels: options.bodyLabels, locale: options.locale }
  const results = new Map<string, LoadResult>()
  const keys = new Map<string, string>()
  const bodies = new Map<string, PromiseWithResolvers<string>>()
  const bodyOf = (name: string) => {
    let body = bodies.get(name)
    if (!body) {
      body = Promise.withResolvers<string>()
      // Rejected once rendering ends unless asked for: failures are reported with their post's problems.
      body.promise.catch(() => {})
      bodies.set(name, body)
    }
    return body
  }
  // The cache's posts, whose bodies are read when asked for (postCache.ts).
  const cachedPosts = new Map<string, CachedPost>()
  const bodyProblems = new Map<string, KubeSiteError[]>()
  const takeSummary = ({ name, key, result, stat }: PostFileOutcome) => {
    keys.set(name, key)
    if (stat) options.cache?.noteFile(name, stat, key)
    if (result) return void results.set(name, result)
    const cached = options.cache!.take(key)!
    results.set(name, cached.loaded)
    cachedPosts.set(name, cached)
  }
  // Taken as they come: the cache serializes new posts while workers render the others.
  const takeBody = (name: string, result: BodyResult) => {
    if ('problems' in result) {
      bodyProblems.set(name, result.problems)
      return bodyOf(name).reject(new Error(`the body of ${name} could not be rendered`))
    }
    const summary = results.get(name) as Loaded
    options.cache?.set(keys.get(name)!, { ...summary, post: { ...summary.post, html: result.html } })
    bodyOf(name).resolve(result.html)
  }
  const inWorkers = await loadInWorkers(job, names.length - known.size, takeSummary, takeBody, { sharedBy: options.sharedBy })
  if (!inWorkers) loadInThisThread(job, takeSummary, takeBody)
  const rendered = (inWorkers ? inWorkers.rendered : Promise.resolve()).then(
    // Every post that was summarized has its body now; one a worker lost is a failure, not a wait.
    () => bodies.forEach((body, name) => body.reject(new Error(`the body of ${name} was not rendered`))),
    (error: unknown) => {
      bodies.forEach((body) => body.reject(error as Error))
      throw error
    },
  )
  const stop = () => {
    options.cache?.discard()
    if (inWorkers) inWorkers.stop()
  }
  let posts: Post[]
  try {
    posts = collectPosts(results, dir, options)
  } catch (error) {
    if (!(error instanceof KubeSiteError && error.code === 'POSTS_INVALID')) {
      stop()
      throw error
    }
    // Every broken post at once: the bodies of the others too.
    const every = await rendered.then(() => collectPosts(results, dir, options, bodyProblems)).then(() => error, (fuller: unknown) => fuller)
    stop()
    throw every instanceof KubeSiteError && every.code === 'POSTS_INVALID' ? new PostsInvalid(every, originalsOf(results.values())) : every
  }
  const done = rendered.then(() => {
    if (bodyProblems.size > 0) collectPosts(results, dir, options, bodyProblems)
    options.cache?.save()
  })
  done.catch(stop)
  return {
    posts,
    body: (sourceFile) => {
      const cached = cachedPosts.get(sourceFile)
      return cached ? Promise.resolve(cached.body()) : bodyOf(sourceFile).promise
    },
    cached: (sourceFile) => cachedPosts.get(sourceFile),
    sourceKey: (sourceFile) => keys.get(sourceFile)!,
    done,
    stop,
    originals: originalsOf(results.values()),
  }
}

/** Each post file's outcome by name (problems kept), for a dev server starting vite while posts render in a worker; the cache gives and takes posts. */
export async function loadPostResults(dir: string, cwd: string, cache: PostCache, labels?: BodyLabels, where: Pick<LoadPostsOptions, 'locale' | 'localeFolders'> = {}): Promise<Map<string, LoadResult>> {
  const names = await listPostFiles(dir, cwd, where.locale, where.localeFolders)
  const results = new Map<string, LoadResult>()
  const keys = new Map<string, string>()
  // Those the cache holds first, here: a worker's start-up is worth it only for posts to render.
  const unchanged = cache.unchanged()
  const toLoad = names.filter((name) => {
    const found = unchangedFile(dir, name, unchanged.get(name)) ?? readKey(dir, name, cwd)
    const cached = found && cache.get(found.key)
    if (!found || !cached) return true
    results.set(name, cached)
    cache.noteFile(name, found.stat, found.key)
    return false
  })
  const job: PostFilesJob = { dir, names: toLoad, cwd, known: new Set(), labels, locale: where.locale }
  const takeSummary = ({ name, key, result, stat }: PostFileOutcome) => {
    keys.set(name, key)
    if (stat) cache.noteFile(name, stat, key)
    results.set(name, result!)
  }
  const takeBody = (name: string, body: BodyResult) => {
    const summary = results.get(name) as Loaded
    const result = 'problems' in body ? body : { ...summary, post: { ...summary.post, html: body.html } }
    results.set(name, result)
    if ('post' in result) cache.set(keys.get(name)!, result)
  }
  const inWorkers = await loadInWorkers(job, toLoad.length, takeSummary, takeBody, { beside: true })
  if (inWorkers) await inWorkers.rendered
  else loadInThisThread(job, takeSummary, takeBody)
  return new Map(names.map((name) => [name, results.get(name)!]))
}

/** Summarizes the files of a job, then renders their bodies, in the CLI's thread (small sites, tests). */
function loadInThisThread(job: PostFilesJob, takeSummary: (outcome: PostFileOutcome) => void, takeBody: (name: string, result: BodyResult) => void): void {
  const { outcomes, toRender } = summarizePostFiles(job)
  outcomes.forEach(takeSummary)
  for (const [summary, body] of renderBodies(toRender, createMarkdownRenderer({ labels: job.labels }))) takeBody(summary.post.sourceFile, body)
}

/** Renders summarized posts' bodies, newest first, each failure a problem of its post. Empties `toRender` so each source is let go once its body is made. */
export function* renderBodies(toRender: Summarized[], render = createMarkdownRenderer(), onPost?: (summary: Summarized) => void): Generator<[Summarized, BodyResult]> {
  const queue = toRender.splice(0).sort((a, b) => newestFirst(a.post, b.post)).reverse()
  while (queue.length > 0) {
    const summary = queue.pop()!
    onPost?.(summary)
    yield [summary, safely(summary.shown, () => renderPostBody(summary, render))]
  }
}

/** Summarizes a job's files not known. Reads are synchronous on purpose: async ones from workers queued on libuv's four shared threads and held up the bundle. */
export function summarizePostFiles({ dir, names, cwd, known, unchanged, locale }: PostFilesJob, onFile?: (index: number) => void): { outcomes: PostFileOutcome[]; toRender: Summarized[] } {
  const toRender: Summarized[] = []
  const outcomes = names.map((name, index): PostFileOutcome => {
    onFile?.(index)
    const same = unchangedFile(dir, name, unchanged?.get(name))
    if (same && known.has(same.key)) return { name, key: same.key, stat: same.stat }
    const shown = shownPath(dir, name, cwd)
    const read = readPostFile(dir, name, shown)
    // A file refused as it was read has no key: it can never be taken from the cache.
    if ('problem' in read) return { name, key: '', result: { problems: [read.problem] } }
    const key = postKey(name, read.source)
    if (known.has(key)) return { name, key, stat: read.stat }
    const summary = safely(shown, () => summarizePost(read.source, name, shown, locale))
    if ('problems' in summary) return { name, key, result: summary, stat: read.stat }
    toRender.push(summary)
    return { name, key, result: loadedOf(summary), stat: read.stat }
  })
  return { outcomes, toRender }
}

/** A post file's cache key and stat, read; none for a file that cannot be a post. */
function readKey(dir: string, name: string, cwd: string): { key: string; stat: FileStat } | undefined {
  const read = readPostFile(dir, name, shownPath(dir, name, cwd))
  return 'source' in read ? { key: postKey(name, read.source), stat: read.stat } : undefined
}

/** A post file as messages show it: relative to the current directory (`posts/netpol.md`). */
export const shownPath = (dir: string, name: string, cwd: string) => relative(cwd, join(dir, name)) || join(dir, name)

/** A folder's post files, sorted: *.md and `<folder>/index.md` not starting with '.' or '_'; a locale's are in its folder, the default's skip `localeFolders`. */
export async function listPostFiles(dir: string, cwd = process.cwd(), locale?: PostLocale, localeFolders: readonly string[] = []): Promise<string[]> {
  if (locale?.folder) return (await listPostFiles(join(dir, locale.folder), cwd)).map((name) => `${locale.folder}/${name}`)
  if (!existsSync(dir)) throw new KubeSiteError('POSTS_DIR_NOT_FOUND', `Posts folder ${relative(cwd, dir) || dir} not found`, { hint: 'Create it, or pass --posts <dir>.' })
  if (!statSync(dir).isDirectory()) {
    throw new KubeSiteError('POSTS_DIR_NOT_FOUND', `Posts folder ${relative(cwd, dir) || dir} is a file, not a folder`, { hint: 'Pass the folder that holds the posts: --posts <dir>.' })
  }
  try {
    const entries = await readdir(dir, { withFileTypes: true })
    // A folder named like a post file stays in the list, for readPostFile to say what it is.
    const files = entries.filter((entry) => !entry.isDirectory() || entry.name.endsWith('.md')).map((entry) => entry.name)
    const folders = entries.filter((entry) => entry.isDirectory() && !entry.name.endsWith('.md') && !localeFolders.includes(entry.name)).map((entry) => `${entry.name}/${FOLDER_POST}`)
    return [...files, ...folders.filter((name) => isPostFile(name) && existsSync(join(dir, name)))].filter(isPostFile).sort()
  } catch (error) {
    throw new KubeSiteError('POSTS_DIR_NOT_FOUND', `Posts folder ${relative(cwd, dir) || dir} cannot be read: ${(error as Error).message}`, {
      hint: 'Give the user who builds read access to it (chmod a+rx).',
      cause: error,
    })
  }
}

/** Reads and loads one post file of `dir` (a dev server, after the file changed). */
export async function loadPostFile(dir: string, name: string, cwd = process.cwd(), render = createMarkdownRenderer(), locale?: PostLocale): Promise<LoadResult> {
  const shown = shownPath(dir, name, cwd)
  const read = readPostFile(dir, name, shown)
  if ('problem' in read) return { problems: [read.problem] }
  return safely(shown, () => loadPost(read.source, name, shown, render, locale))
}

/** Runs one stage of loading a post, with anything it throws turned into a problem of that post: a bug must still name the post and not stop the report. */
export function safely<T>(shown: string, stage: () => T | { problems: KubeSiteError[] }): T | { problems: KubeSiteError[] } {
  try {
    return stage()
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return invalidPost(`could not be rendered (${reason.split('\n')[0]})`, {
      location: { file: shown },
      hint: 'This is a bug in kube-site: please report it with this post. Simplifying the markdown around the unusual part may get past it.',
      cause: error,
    })
  }
}

/** Turns loaded files into the site's posts: reports every problem at once, keeps what is published, newest first. */
export function collectPosts(results: ReadonlyMap<string, LoadResult>, dir: string, options: LoadPostsOptions = {}, bodyProblems: ReadonlyMap<string, KubeSiteError[]> = new Map()): Post[] {
  const cwd = options.cwd ?? process.cwd()
  const names = [...results.keys()].sort()
  const ordered = names.map((name) => results.get(name)!)
  const problems = names.flatMap((name) => {
    const result = results.get(name)!
    return [...('problems' in result ? result.problems : []), ...(bodyProblems.get(name) ?? [])]
  })
  const shown = (name: string) => relative(cwd, join(dir, name)) || name
  // The originals of another locale's posts are the default locale's (none given: a translation names one that is not there).
  const originals = options.locale?.folder ? (options.originals ?? originalsOf([])) : undefined
  const translations = linkTranslations(ordered.flatMap((result) => ('post' in result ? [result] : [])), options.locale, originals, shown)
  const loaded = translations.loaded
  const day = options.today ?? today()
  problems.push(...translations.problems, ...laterUpdateProblems(loaded, day, shown), ...duplicateSlugProblems(loaded, shown), ...redirectProblems(loaded, { site: options.site, shown, cwd, prefix: options.locale?.folder ? localePrefix(options.locale.code) : undefined }))
  if (problems.length > 0) throw postsProblem(problems, options.site && (relative(cwd, options.site.file) || options.site.file))
  const { readTimeText, hyphenateTitle } = options
  return loaded
    .map(({ post, readMinutes }) => (readTimeText && readMinutes !== undefined ? { ...post, readTime: readTimeText(readMinutes) } : post))
    .map((post) => {
      const hyphenatedTitle = hyphenateTitle?.(post.title)
      return hyphenatedTitle === undefined ? post : { ...post, hyphenatedTitle }
    })
    .filter((post) => options.includeDrafts || (!post.draft && post.date <= day))
    .sort(newestFirst)
}

/** All broken posts in one error, and the config where its redirects clash with them. */
export function postsProblem(problems: KubeSiteError[], configShown?: string): KubeSiteError {
  const files = new Set(problems.map((problem) => problem.location?.file))
  const config = configShown !== undefined && files.delete(configShown)
  const broken = files.size
  const subject = [broken > 0 ? `${broken} post${broken === 1 ? '' : 's'}` : '', config ? configShown : ''].filter(Boolean).join(' and ')
  return new KubeSiteError('POSTS_INVALID', `${subject} ${broken + Number(config) === 1 ? 'has' : 'have'} problems`, { problems, hint: 'Fix each problem above.' })
}

/** A locale's broken posts (POSTS_INVALID), with the originals its other posts make: another locale's posts are still checked against them. */
export class PostsInvalid extends KubeSiteError {
  readonly originals: Originals
  constructor(error: KubeSiteError, originals: Originals) {
    super(error.code, error.message, { problems: error.problems, hint: error.hint, location: error.location, frame: error.frame, cause: error.cause })
    this.originals = originals
  }
}

/** Validates and renders one post; `shown` is the file name used in messages. */
export function loadPost(source: string, fileName: string, shown: string, render = createMarkdownRenderer(), locale?: PostLocale): LoadResult {
  const summary = summarizePost(source, fileName, shown, locale)
  if ('problems' in summary) return summary
  const body = renderPostBody(summary, render)
  return 'problems' in body ? body : { ...loadedOf(summary), post: { ...summary.post, html: body.html } }
}

/** What a read post keeps once its markdown is rendered or cached: the post, and what the collect stage needs of its frontmatter. */
const loadedOf = ({ post, readMinutes, slugAt, redirectFromAt, updatedAt, translationOfAt }: Summarized): Loaded => ({ post, readMinutes, slugAt, redirectFromAt, updatedAt, translationOfAt })

/** Renders the body of a summarized post; markdown past the renderer's limits, or HTML with a character no post may hold, is a problem of the post. */
export function renderPostBody({ markdown, linesBefore, shown, toc }: Summarized, render: MarkdownRenderer = createMarkdownRenderer()): BodyResult {
  try {
    const html = render(markdown, { toc })
    const refused = bodyCharacterProblem(html, markdown, linesBefore, shown)
    return refused ? { problems: [refused] } : { html }
  } catch (error) {
    if (!(error instanceof MarkdownLimitError)) throw error
    const line = error.line === undefined ? undefined : error.line + linesBefore
    return invalidPost(error.message, {
      location: { file: shown, line, column: line === undefined ? undefined : (error.column ?? 1) },
      // The body's lines, numbered as in the file.
      frame: line === undefined || error.column === undefined ? undefined : codeFrame('\n'.repeat(linesBefore) + markdown, line, error.column),
      hint: error.hint,
    })
  }
}

/** A post's problem, as a load's result. */
const invalidPost = (message: string, details: KubeSiteErrorOptions): { problems: KubeSiteError[] } => ({ problems: [new KubeSiteError('POST_INVALID', message, details)] })

/** Validates one post and makes all of it but its body. */
export function summarizePost(source: string, fileName: string, shown: string, locale?: PostLocale): SummaryResult {
  let parsed: ParsedFrontmatter
  try {
    parsed = parseFrontmatter(source)
  } catch (error) {
    if (!(error instanceof FrontmatterSyntaxError)) throw error
    return invalidPost(error instanceof FrontmatterLimitError ? error.reason : `YAML syntax error in the frontmatter: ${error.reason}`, {
      location: { file: shown, line: error.line, column: error.column },
      frame: codeFrame(source, error.line, error.column),
      hint: error.hint ?? 'Quote values that contain a colon, and close every [ list ] and "string".',
    })
  }
  const language = /^---[ \t]*([^\s-][^\n]*)/.exec(source)?.[1]?.trim()
  if (!parsed.hasFrontmatter && language) {
    return invalidPost(`its frontmatter is marked "${language}": only YAML frontmatter is read`, {
      location: { file: shown, line: 1, column: 4 },
      hint: 'Open the frontmatter with a line of just --- and write it in YAML (title: "..."); code in frontmatter is never run.',
    })
  }
  if (!parsed.hasFrontmatter) {
    return invalidPost('has no frontmatter', { location: { file: shown, line: 1, column: 1 }, hint: 'Start the file with a block between two --- lines: title, excerpt, author, date and tags.' })
  }
  // Before the schema, whose messages quote the values.
  const refused = frontmatterCharacterProblems(parsed, source, shown)
  if (refused.length > 0) return { problems: refused }
  const result = postFrontmatterSchema.safeParse(parsed.data)
  if (!result.success) return { problems: result.error.issues.map((issue) => issueToError(issue, parsed, source, shown)) }
  const frontmatter = result.data
  const slug = frontmatter.slug ?? slugFromFileName(localName(fileName, locale))
  if (!slug) return invalidPost('its file name gives no URL: it has no letter or digit a-z, 0-9', { location: { file: shown, line: parsed.endLine, column: 1 }, hint: postKeyHints.slug })
  if (RESERVED_BLOG_FOLDERS.includes(slug)) {
    const at = frontmatter.slug ? parsed.positions.get('slug') : undefined
    return invalidPost(`slug "${slug}" is reserved: /blog/${slug}/ is a folder of the blog's own pages`, {
      location: { file: shown, ...(at ?? { line: 1, column: 1 }) },
      frame: at ? codeFrame(source, at.line, at.column) : undefined,
      hint: `${frontmatter.slug ? 'Change its slug:' : 'Rename the file, or give the post a slug: in its frontmatter'} (slug: ${slug}-guide, say). Reserved: ${RESERVED_BLOG_FOLDERS.join(', ')}.`,
    })
  }
  return {
    // The body starts on the line after the closing ---.
    markdown: parsed.body,
    linesBefore: parsed.endLine,
    shown,
    toc: frontmatter.toc,
    ...(frontmatter.readTime === undefined && { readMinutes: readMinutes(parsed.body) }),
    post: {
      slug,
      title: frontmatter.title,
      excerpt: frontmatter.excerpt,
      author: frontmatter.author,
      date: frontmatter.date,
      // Never before the date (the schema says so); the same day is no update (see Post.updated).
      updated: frontmatter.updated === frontmatter.date ? undefined : frontmatter.updated,
      readTime: frontmatter.readTime ?? readTime(parsed.body),
      tags: frontmatter.tags,
      image: frontmatter.image,
      lightImage: frontmatter.lightImage,
      darkImage: frontmatter.darkImage,
      draft: frontmatter.draft,
      redirectFrom: frontmatter.redirectFrom,
      html: '',
      sourceFile: fileName,
      locale: locale?.code ?? DEFAULT_POST_LOCALE,
      // As written; a translation by its file name is linked once the locale's posts are collected (translations.ts).
      translationOf: frontmatter.translationOf,
    },
    slugAt: frontmatter.slug ? parsed.positions.get('slug') : undefined,
    redirectFromAt: frontmatter.redirectFrom.length > 0 ? parsed.positions.get('redirectFrom') : undefined,
    updatedAt: frontmatter.updated === undefined ? undefined : parsed.positions.get('updated'),
    translationOfAt: frontmatter.translationOf === undefined ? undefined : parsed.positions.get('translationOf'),
  }
}

function issueToError(issue: z.core.$ZodIssue, parsed: ParsedFrontmatter, source: string, shown: string) {
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : []
  const key = String(keys[0] ?? issue.path[0] ?? '')
  const found = parsed.positions.get(key)
  // An unknown key is pointed at itself; any other problem at its value.
  const position = found && issue.code === 'unrecognized_keys' ? { line: found.line, column: 1 } : found
  const location = position ? { file: shown, ...position } : { file: shown, line: parsed.endLine, column: 1 }
  let message: string
  let hint = postKeyHints[key]
  if (issue.code === 'unrecognized_keys') {
    const known = Object.keys(postFrontmatterSchema.shape)
    const suggestion = keys.length === 1 ? closestName(String(keys[0]), known) : undefined
    message = `unknown frontmatter key${keys.length > 1 ? 's' : ''} ${keys.map((name) => `"${name}"`).join(', ')}${suggestion ? ` (did you mean ${suggestion}?)` : ''}`
    hint = `Allowed keys: ${known.join(', ')}.`
  } else if (issue.code === 'invalid_type' && parsed.data[key] === undefined) {
    message = `${key} is required`
  } else {
    const index = issue.path.length > 1 ? `[${String(issue.path[1])}]` : ''
    message = `${key}${index} ${issue.message}`
  }
  return new KubeSiteError('POST_INVALID', message, { location, frame: position ? codeFrame(source, position.line, position.column) : undefined, hint })
}

/** Posts updated after `day`: a later `updated:` schedules nothing and would show as is everywhere. */
function laterUpdateProblems(loaded: Loaded[], day: string, shown: (name: string) => string): KubeSiteError[] {
  return loaded
    .filter(({ post }) => post.updated !== undefined && post.updated > day)
    .map(({ post, updatedAt }) =>
      new KubeSiteError('POST_INVALID', `updated ${post.updated} is after today, ${day}: a post cannot have changed on a day still to come`, {
        location: { file: shown(post.sourceFile), ...(updatedAt ?? { line: 1, column: 1 }) },
        hint: "updated: is the day of the post's last real change: today or before (the day of the machine that builds). A later date: schedules a post; a later updated: schedules nothing.",
      }),
    )
}

function duplicateSlugProblems(loaded: Loaded[], shown: (name: string) => string): KubeSiteError[] {
  const seen = new Map<string, Loaded>()
  return loaded.flatMap((entry) => {
    const first = seen.get(entry.post.slug)
    if (!first) {
      seen.set(entry.post.slug, entry)
      return []
    }
    // Report the post whose `slug:` line causes the clash, where one of the two has one.
    const [culprit, other] = first.slugAt && !entry.slugAt ? [first, entry] : [entry, first]
    return new KubeSiteError('POST_INVALID', `slug "${culprit.post.slug}" is already used by ${shown(other.post.sourceFile)}`, {
      location: { file: shown(culprit.post.sourceFile), ...(culprit.slugAt ?? { line: 1, column: 1 }) },
      hint: 'Two posts cannot share a URL: rename one file or give it a different slug: in its frontmatter.',
    })
  })
}

