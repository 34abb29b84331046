import { existsSync, statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { basename, join, relative } from 'node:path'
import type { z } from 'zod'
import { KubeSiteError } from '../errors.ts'
import { closestName } from '../util/closestName.ts'
import { codeFrame } from './codeFrame.ts'
import { today } from './dates.ts'
import { FrontmatterSyntaxError, parseFrontmatter, type ParsedFrontmatter } from './parseFrontmatter.ts'
import { postKey, type PostCache } from './postCache.ts'
import { MarkdownLimitError } from './markdownLimits.ts'
import { loadInWorkers } from './postPool.ts'
import { postFrontmatterSchema, postKeyHints } from './postSchema.ts'
import { readPostFile } from './readPostFile.ts'
import { readTime } from './readTime.ts'
import { createMarkdownRenderer } from './renderMarkdown.ts'
import type { Post } from './types.ts'

export interface LoadPostsOptions {
  /** Keep drafts and posts dated after `today`. Default: false. */
  includeDrafts?: boolean
  /** The day that decides which posts are scheduled for later (YYYY-MM-DD). Default: today. */
  today?: string
  /** Base of the file names shown in messages. Default: the current directory. */
  cwd?: string
  /** Rendered posts of earlier builds (see postCache.ts). Default: none. */
  cache?: PostCache
}

/** Reads, validates and renders every posts/*.md; all broken posts are reported in one error. */
export async function loadPosts(dir: string, options: LoadPostsOptions = {}): Promise<Post[]> {
  const cwd = options.cwd ?? process.cwd()
  const names = await listPostFiles(dir, cwd)
  const known = new Set(options.cache?.keys())
  const job: PostFilesJob = { dir, names, cwd, known }
  const results = new Map<string, LoadResult>()
  // Taken as they come: the cache serializes new posts while workers render the others.
  const take = ({ name, key, result }: PostFileOutcome) => {
    if (result && 'post' in result) options.cache?.set(key, result)
    results.set(name, result ?? options.cache!.get(key)!)
  }
  if (!(await loadInWorkers(job, names.length - known.size, take))) loadPostFiles(job).forEach(take)
  const posts = collectPosts(results, dir, options)
  options.cache?.save()
  return posts
}

/** Post files to load: those whose key is `known` are in the cache, and are not loaded again. */
export interface PostFilesJob {
  dir: string
  names: string[]
  cwd: string
  known: ReadonlySet<string>
}

/** A post file: its cache key, and what loading it gave unless its key was known. */
export interface PostFileOutcome {
  name: string
  key: string
  result?: LoadResult
}

/**
 * Reads the files of a job and loads those not known. The reads are synchronous on purpose: all
 * threads share libuv's four I/O threads, and the thousands of reads post workers queued there
 * held up the bundle running alongside, which then finished only after the posts.
 */
export function loadPostFiles({ dir, names, cwd, known }: PostFilesJob, render = createMarkdownRenderer(), onFile?: (index: number) => void): PostFileOutcome[] {
  return names.map((name, index) => {
    onFile?.(index)
    const shown = shownPath(dir, name, cwd)
    const read = readPostFile(dir, name, shown)
    // A file refused as it was read has no key: it can never be taken from the cache.
    if ('problem' in read) return { name, key: '', result: { problems: [read.problem] } }
    const key = postKey(name, read.source)
    return known.has(key) ? { name, key } : { name, key, result: loadPostSafely(read.source, name, shown, render) }
  })
}

const shownPath = (dir: string, name: string, cwd: string) => relative(cwd, join(dir, name)) || join(dir, name)

/** The post files of a folder, sorted: *.md not starting with '.' or '_'. */
export async function listPostFiles(dir: string, cwd = process.cwd()): Promise<string[]> {
  if (!existsSync(dir)) {
    throw new KubeSiteError('POSTS_DIR_NOT_FOUND', `Posts folder ${relative(cwd, dir) || dir} not found`, {
      hint: 'Create it, or pass --posts <dir>.',
    })
  }
  if (!statSync(dir).isDirectory()) {
    throw new KubeSiteError('POSTS_DIR_NOT_FOUND', `Posts folder ${relative(cwd, dir) || dir} is a file, not a folder`, {
      hint: 'Pass the folder that holds the posts: --posts <dir>.',
    })
  }
  try {
    return (await readdir(dir)).filter(isPostFile).sort()
  } catch (error) {
    throw new KubeSiteError('POSTS_DIR_NOT_FOUND', `Posts folder ${relative(cwd, dir) || dir} cannot be read: ${(error as Error).message}`, {
      hint: 'Give the user who builds read access to it (chmod a+rx).',
      cause: error,
    })
  }
}

/** Whether a file name is a post (drafts included): *.md, not hidden, not starting with '_'. */
export const isPostFile = (name: string): boolean => name.endsWith('.md') && !/^[._]/.test(name)

/** Reads and loads one post file of `dir`. */
export async function loadPostFile(dir: string, name: string, cwd = process.cwd(), render = createMarkdownRenderer()): Promise<LoadResult> {
  const shown = shownPath(dir, name, cwd)
  const read = readPostFile(dir, name, shown)
  return 'problem' in read ? { problems: [read.problem] } : loadPostSafely(read.source, name, shown, render)
}

/**
 * loadPost, with anything it throws turned into a problem of that post: a bug of kube-site or of
 * a library it uses must still say which post it met, and never stop the other posts' report.
 */
export function loadPostSafely(source: string, fileName: string, shown: string, render = createMarkdownRenderer()): LoadResult {
  try {
    return loadPost(source, fileName, shown, render)
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return {
      problems: [
        new KubeSiteError('POST_INVALID', `could not be rendered (${reason.split('\n')[0]})`, {
          location: { file: shown },
          hint: 'This is a bug in kube-site: please report it with this post. Simplifying the markdown around the unusual part may get past it.',
          cause: error,
        }),
      ],
    }
  }
}

/**
 * Turns loaded files into the site's posts: reports every problem at once (duplicate slugs
 * included), then keeps what is published and sorts newest first.
 */
export function collectPosts(results: ReadonlyMap<string, LoadResult>, dir: string, options: LoadPostsOptions = {}): Post[] {
  const cwd = options.cwd ?? process.cwd()
  const ordered = [...results.keys()].sort().map((name) => results.get(name)!)
  const problems = ordered.flatMap((result) => ('problems' in result ? result.problems : []))
  const loaded = ordered.flatMap((result) => ('post' in result ? [result] : []))
  problems.push(...duplicateSlugProblems(loaded, dir, cwd))
  if (problems.length > 0) {
    const broken = new Set(problems.map((problem) => problem.location?.file)).size
    throw new KubeSiteError('POSTS_INVALID', `${broken} post${broken === 1 ? ' has' : 's have'} problems`, {
      problems,
      hint: 'Fix each problem above.',
    })
  }
  const day = options.today ?? today()
  return loaded
    .map((result) => result.post)
    .filter((post) => options.includeDrafts || (!post.draft && post.date <= day))
    .sort((a, b) => (a.date === b.date ? a.title.localeCompare(b.title) : a.date < b.date ? 1 : -1))
}

/** A post, with where its frontmatter sets `slug:` if it does. */
export type Loaded = { post: Post; slugAt?: { line: number; column: number } }
export type LoadResult = Loaded | { problems: KubeSiteError[] }

/** Validates and renders one post; `shown` is the file name used in messages. */
export function loadPost(source: string, fileName: string, shown: string, render = createMarkdownRenderer()): LoadResult {
  let parsed: ParsedFrontmatter
  try {
    parsed = parseFrontmatter(source)
  } catch (error) {
    if (!(error instanceof FrontmatterSyntaxError)) throw error
    return {
      problems: [
        new KubeSiteError('POST_INVALID', `YAML syntax error in the frontmatter: ${error.reason}`, {
          location: { file: shown, line: error.line, column: error.column },
          frame: codeFrame(source, error.line, error.column),
          hint: 'Quote values that contain a colon, and close every [ list ] and "string".',
        }),
      ],
    }
  }
  const language = /^---[ \t]*([^\s-][^\n]*)/.exec(source)?.[1]?.trim()
  if (!parsed.hasFrontmatter && language) {
    return {
      problems: [
        new KubeSiteError('POST_INVALID', `its frontmatter is marked "${language}": only YAML frontmatter is read`, {
          location: { file: shown, line: 1, column: 4 },
          hint: 'Open the frontmatter with a line of just --- and write it in YAML (title: "..."); code in frontmatter is never run.',
        }),
      ],
    }
  }
  if (!parsed.hasFrontmatter) {
    return {
      problems: [
        new KubeSiteError('POST_INVALID', 'has no frontmatter', {
          location: { file: shown, line: 1, column: 1 },
          hint: 'Start the file with a block between two --- lines: title, excerpt, author, date and tags.',
        }),
      ],
    }
  }
  const result = postFrontmatterSchema.safeParse(parsed.data)
  if (!result.success) return { problems: result.error.issues.map((issue) => issueToError(issue, parsed, source, shown)) }
  const frontmatter = result.data
  const slug = frontmatter.slug ?? slugFromFileName(fileName)
  if (!slug) {
    return {
      problems: [
        new KubeSiteError('POST_INVALID', 'its file name gives no URL: it has no letter or digit a-z, 0-9', {
          location: { file: shown, line: parsed.endLine, column: 1 },
          hint: postKeyHints.slug,
        }),
      ],
    }
  }
  let html: string
  try {
    html = render(parsed.body)
  } catch (error) {
    if (!(error instanceof MarkdownLimitError)) throw error
    // The body starts on the line after the closing ---.
    const line = error.line === undefined ? undefined : error.line + (parsed.hasFrontmatter ? parsed.endLine : 0)
    return {
      problems: [
        new KubeSiteError('POST_INVALID', error.message, {
          location: { file: shown, line, column: line === undefined ? undefined : 1 },
          hint: error.hint,
        }),
      ],
    }
  }
  return {
    post: {
      slug,
      title: frontmatter.title,
      excerpt: frontmatter.excerpt,
      author: frontmatter.author,
      date: frontmatter.date,
      readTime: frontmatter.readTime ?? readTime(parsed.body),
      tags: frontmatter.tags,
      image: frontmatter.image,
      lightImage: frontmatter.lightImage,
      darkImage: frontmatter.darkImage,
      draft: frontmatter.draft,
      html,
      sourceFile: fileName,
    },
    slugAt: frontmatter.slug ? parsed.positions.get('slug') : undefined,
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
    hint = `Allowed keys: ${Object.keys(postFrontmatterSchema.shape).join(', ')}.`
  } else if (issue.code === 'invalid_type' && parsed.data[key] === undefined) {
    message = `${key} is required`
  } else {
    const index = issue.path.length > 1 ? `[${String(issue.path[1])}]` : ''
    message = `${key}${index} ${issue.message}`
  }
  return new KubeSiteError('POST_INVALID', message, {
    location,
    frame: position ? codeFrame(source, position.line, position.column) : undefined,
    hint,
  })
}

function duplicateSlugProblems(loaded: Loaded[], dir: string, cwd: string): KubeSiteError[] {
  const shown = (name: string) => relative(cwd, join(dir, name)) || name
  const seen = new Map<string, Loaded>()
  const problems: KubeSiteError[] = []
  for (const entry of loaded) {
    const first = seen.get(entry.post.slug)
    if (!first) {
      seen.set(entry.post.slug, entry)
      continue
    }
    // Report the post whose `slug:` line causes the clash, where one of the two has one.
    const [culprit, other] = first.slugAt && !entry.slugAt ? [first, entry] : [entry, first]
    problems.push(
      new KubeSiteError('POST_INVALID', `slug "${culprit.post.slug}" is already used by ${shown(other.post.sourceFile)}`, {
        location: { file: shown(culprit.post.sourceFile), ...(culprit.slugAt ?? { line: 1, column: 1 }) },
        hint: 'Two posts cannot share a URL: rename one file or give it a different slug: in its frontmatter.',
      }),
    )
  }
  return problems
}

/** The slug a file name gives when the frontmatter has none: 'Zero Trust.md' → 'zero-trust'. */
export function slugFromFileName(fileName: string): string {
  return basename(fileName, '.md')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
