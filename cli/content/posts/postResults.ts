import type { KubeSiteError } from '../../errors.ts'
import type { FileStat } from './readPostFile.ts'
import type { Post } from '../types.ts'
import type { BodyLabels } from '../markdown/renderMarkdown.ts'

// What loading a post gives at each stage (loadPosts.ts), shared by its workers, the post cache and the redirect checks.

/** A post, with where its frontmatter sets `slug:`, `redirectFrom:` and `updated:` if it does. */
export type Loaded = {
  post: Post
  /** The reading time's minutes when computed from the text (none when the frontmatter gives readTime), for the site's language. */
  readMinutes?: number
  slugAt?: { line: number; column: number }; redirectFromAt?: { line: number; column: number }; updatedAt?: { line: number; column: number }
  /** Where the frontmatter gives `translationOf:` (the post's translationOf is then its value). */
  translationOfAt?: { line: number; column: number }
}
export type LoadResult = Loaded | { problems: KubeSiteError[] }

/** A post read and validated, its body not rendered yet: the post (with an empty `html`), its markdown, and the line before the markdown's first (for messages). */
export type Summarized = Loaded & {
  markdown: string
  linesBefore: number
  shown: string
  /** Whether the body gets a table of contents (frontmatter toc, true unless it says false). */
  toc: boolean
}
export type SummaryResult = Summarized | { problems: KubeSiteError[] }
export type BodyResult = { html: string } | { problems: KubeSiteError[] }

/** Post files to load: those whose key is `known` are cached and skipped; those `unchanged` names (same size and mtime) are not even read. */
export interface PostFilesJob {
  dir: string
  names: string[]
  cwd: string
  known: ReadonlySet<string>
  unchanged?: ReadonlyMap<string, FileRecord>
  /** The words bodies write themselves, in the site's language. Default: English. */
  labels?: BodyLabels
  /** The locale of the posts (see PostLocale). Default: the default locale's posts/, in English. */
  locale?: PostLocale
}

/** The locale of a set of posts: its code, and the folder of posts/ that holds them unless they are the default locale's. */
export interface PostLocale {
  code: string
  /** The folder's name as on disk ('de', or 'DE'): the posts' names start with it ('de/zero-trust.md'). */
  folder?: string
}

/** A post file as a build found it: its size and modification time, and its cache key. */
export type FileRecord = [...stat: FileStat, key: string]

/** A post file: its cache key, what loading it gave unless its key was known, and its size and time as found. */
export interface PostFileOutcome {
  name: string
  key: string
  result?: LoadResult
  stat?: FileStat
}
