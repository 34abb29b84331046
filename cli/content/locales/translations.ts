import { KubeSiteError } from '../../errors.ts'
import { closestName } from '../../util/closestName.ts'
import { slugFromFileName } from '../posts/postFileNames.ts'
import { postSlugOf } from '../../../pages/_lib/urls/urls.ts'
import type { Loaded, LoadResult, PostLocale } from '../posts/postResults.ts'

// Which post a translation translates: the default's of the same file name, or the one `translationOf:` names (an old slug still does; check warns). Drafts count.

/** The default locale's posts, as a translation names them. */
export interface Originals {
  /** Every slug of posts/. */
  slugs: ReadonlySet<string>
  /** The slug of the post of posts/ by the slug its file name gives ('zero-trust.md' and 'zero-trust/index.md' → 'zero-trust'). */
  byFileName: ReadonlyMap<string, string>
  /** The slug of the post of posts/ by each old slug its redirectFrom keeps (`redirectFrom: [/blog/old/]` → 'old'). */
  renamed: ReadonlyMap<string, string>
  /** Every post of posts/ was read: a slug it has not names no post (with a broken one, it may be the broken one's). */
  complete: boolean
}

/** The originals of the default locale's loaded posts (drafts and scheduled posts included). */
export function originalsOf(results: Iterable<LoadResult>): Originals {
  const slugs = new Set<string>()
  const byFileName = new Map<string, string>()
  const renamed = new Map<string, string>()
  let complete = true
  for (const result of results) {
    if (!('post' in result)) {
      complete = false
      continue
    }
    slugs.add(result.post.slug)
    byFileName.set(slugFromFileName(result.post.sourceFile), result.post.slug)
    for (const from of result.post.redirectFrom) {
      const old = postSlugOf(from)
      if (old !== undefined) renamed.set(old, result.post.slug)
    }
  }
  return { slugs, byFileName, renamed, complete }
}

/** A post's name within its locale's folder: 'de/zero-trust.md' → 'zero-trust.md'. */
export const localName = (name: string, locale: PostLocale | undefined): string => (locale?.folder ? name.slice(locale.folder.length + 1) : name)

/** Each loaded post with the original it translates; no `originals` when `loaded` are the default locale's own. */
export function linkTranslations(loaded: readonly Loaded[], locale: PostLocale | undefined, originals: Originals | undefined, shown: (name: string) => string): { loaded: Loaded[]; problems: KubeSiteError[] } {
  const problems: KubeSiteError[] = []
  const linked = loaded.map((entry) => {
    const { post, translationOfAt } = entry
    const at = { file: shown(post.sourceFile), ...(translationOfAt ?? { line: 1, column: 1 }) }
    if (!originals) {
      if (post.translationOf !== undefined) {
        problems.push(
          new KubeSiteError('POST_INVALID', `translationOf "${post.translationOf}": a post of posts/ is an original, not a translation`, {
            location: at,
            hint: 'A translation goes in the folder of its locale, posts/<locale>/ (posts/de/…), and names its original there; remove translationOf from this post.',
          }),
        )
      }
      return entry
    }
    if (post.translationOf !== undefined) {
      const renamedTo = originals.slugs.has(post.translationOf) ? undefined : originals.renamed.get(post.translationOf)
      if (renamedTo !== undefined) return { ...entry, post: { ...post, translationOf: renamedTo, translationOfOld: { slug: post.translationOf, line: at.line, column: at.column } } }
      if (!originals.slugs.has(post.translationOf) && originals.complete) {
        problems.push(
          new KubeSiteError('POST_INVALID', `translationOf "${post.translationOf}" names no post of posts/`, {
            location: at,
            hint: `Give the slug of the post this one translates (its URL is /blog/<slug>/)${suggestion(post.translationOf, originals)}, or remove translationOf for a post in ${locale?.code ?? 'this language'} only.`,
          }),
        )
      }
      return entry
    }
    const original = originals.byFileName.get(slugFromFileName(localName(post.sourceFile, locale)))
    return original === undefined ? entry : { ...entry, post: { ...post, translationOf: original } }
  })
  if (originals) problems.push(...translationProblems(linked, originals, shown))
  return { loaded: linked, problems }
}

/** What translations may not say: two of one original, or one original's slug on a translation of another; each after the first is an error at its `translationOf:`. */
function translationProblems(linked: readonly Loaded[], originals: Originals, shown: (name: string) => string): KubeSiteError[] {
  const problems: KubeSiteError[] = []
  const byOriginal = new Map<string, Loaded[]>()
  for (const entry of linked) {
    const { post } = entry
    // One that names no original is an error already (linkTranslations).
    if (post.translationOf === undefined || !originals.slugs.has(post.translationOf)) continue
    if (originals.slugs.has(post.slug) && post.slug !== post.translationOf) {
      problems.push(
        new KubeSiteError('POST_INVALID', `slug "${post.slug}" is the original ${post.slug}'s, but translationOf names ${post.translationOf}`, {
          location: { file: shown(post.sourceFile), ...(entry.slugAt ?? entry.translationOfAt ?? { line: 1, column: 1 }) },
          hint: `The same slug in two languages is a translation's: give this post a slug of its own, or make translationOf name ${post.slug} if it translates that post.`,
        }),
      )
      continue
    }
    byOriginal.set(post.translationOf, [...(byOriginal.get(post.translationOf) ?? []), entry])
  }
  for (const [original, entries] of byOriginal) {
    if (entries.length < 2) continue
    const first = entries.find(({ post }) => post.slug === original) ?? entries[0]!
    for (const entry of entries) {
      if (entry === first) continue
      problems.push(
        new KubeSiteError('POST_INVALID', `translates ${original}, as ${shown(first.post.sourceFile)} does already: one translation of a post a language`, {
          location: { file: shown(entry.post.sourceFile), ...(entry.translationOfAt ?? entry.slugAt ?? { line: 1, column: 1 }) },
          hint: `Keep one of the two: merge this text into ${shown(first.post.sourceFile)} and delete this file, or remove translationOf for a post of its own in this language only.`,
        }),
      )
    }
  }
  return problems
}

/** ' (did you mean x?)' for the slug of posts/ nearest a mistyped one; '' when none is near. */
function suggestion(slug: string, originals: Originals): string {
  const near = closestName(slug, [...originals.slugs])
  return near ? ` (did you mean ${near}?)` : ''
}
