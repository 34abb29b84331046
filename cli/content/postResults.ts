import type { KubeSiteError } from '../errors.ts'
import type { Post } from './types.ts'

// What loading a post gives, at each of its stages (loadPosts.ts): shared by the loader, its
// worker threads (postPool.ts), the cache of rendered posts (postCache.ts) and the redirect
// checks (redirectProblems.ts), which the loader calls.

/** A post, with where its frontmatter sets `slug:` and `redirectFrom:` if it does. */
export type Loaded = { post: Post; slugAt?: { line: number; column: number }; redirectFromAt?: { line: number; column: number } }
export type LoadResult = Loaded | { problems: KubeSiteError[] }

/**
 * A post read and validated, its body not rendered yet: the post (with an empty `html`), its
 * markdown, and the line before the markdown's first (for messages).
 */
export type Summarized = Loaded & {
  markdown: string
  linesBefore: number
  shown: string
  /** Whether the body gets a table of contents (frontmatter toc, true unless it says false). */
  toc: boolean
}
export type SummaryResult = Summarized | { problems: KubeSiteError[] }
export type BodyResult = { html: string } | { problems: KubeSiteError[] }

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
