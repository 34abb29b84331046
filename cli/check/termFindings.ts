import { join, relative } from 'node:path'
import { formatLocation, type SourceLocation } from '../errors.ts'
import { codeFrame } from '../content/codeFrame.ts'
import { readTextFile } from '../util/readFile.ts'
import { locateKey } from '../content/locateKey.ts'
import { parseFrontmatter } from '../content/frontmatter/parseFrontmatter.ts'
import { readPostFile } from '../content/posts/readPostFile.ts'
import type { Post, SiteConfig } from '../content/types.ts'
import { closestName } from '../util/closestName.ts'
import { taxonomyOf, termSlug } from '../../pages/_lib/blog/taxonomy.ts'
import { tagPageUrl } from '../../pages/_lib/urls/urls.ts'
import { finding, type Finding } from './findings.ts'

// Tags and authors that read wrong (taxonomy.ts): one tag spelled several ways, a name with no URL, a profile no author matches; only the posts named are read again.

export interface TermCheckOptions {
  /** Absolute path of the posts folder the posts were loaded from. */
  postsDir: string
  cwd: string
  /** The site config and its file (absolute), when it loaded: its `authors` are checked too. */
  site?: { config: Pick<SiteConfig, 'authors'>; file: string }
}

/** The warnings of `kube-site check` about tags and authors, for `posts` newest first (drafts and scheduled posts too: they go live as they are). */
export function termFindings(posts: readonly Post[], options: TermCheckOptions): Finding[] {
  const at = postLocator(options)
  return [...spellingFindings(posts, at), ...withoutPageFindings(posts, at), ...(options.site ? unmatchedAuthorFindings(posts, options.site, options.cwd) : [])]
}

type Locate = (post: Post, key: 'tags' | 'author') => SourceLocation

/** Where a post's frontmatter sets a key, its file read once, at the first question. */
function postLocator({ postsDir, cwd }: TermCheckOptions): Locate {
  const positions = new Map<string, ReturnType<typeof parseFrontmatter>['positions']>()
  return (post, key) => {
    const shown = relative(cwd, join(postsDir, post.sourceFile)) || post.sourceFile
    if (!positions.has(post.sourceFile)) {
      const read = readPostFile(postsDir, post.sourceFile, shown)
      positions.set(post.sourceFile, 'source' in read ? frontmatterPositions(read.source) : new Map())
    }
    return { file: shown, ...positions.get(post.sourceFile)!.get(key) }
  }
}

// The post loaded a moment ago; one changed since so that it no longer parses is named without a line.
function frontmatterPositions(source: string): Map<string, { line: number; column: number }> {
  try {
    return parseFrontmatter(source).positions
  } catch {
    return new Map()
  }
}

/** TAG_SPELLING: one finding a tag, at the first post to change, naming every post that writes it otherwise. */
function spellingFindings(posts: readonly Post[], at: Locate): Finding[] {
  const findings: Finding[] = []
  for (const tag of taxonomyOf(posts).tags.values()) {
    if (tag.spellings.length < 2) continue
    // As taxonomyOf counts them: a post that writes the tag twice, by its first spelling.
    const spellingIn = (post: Post) => post.tags.find((written) => termSlug(written) === tag.slug)
    const others = tag.spellings
      .filter(([spelling]) => spelling !== tag.name)
      .map(([spelling]) => ({ spelling, places: tag.posts.filter((position) => spellingIn(posts[position]!) === spelling).map((position) => at(posts[position]!, 'tags')) }))
    const [first] = others[0]!.places
    const used = tag.spellings[0]![1]
    const written = others.map(({ spelling, places }) => `"${spelling}" in ${places.map(formatLocation).join(', ')}`).join('; ')
    findings.push(
      finding('TAG_SPELLING', {
        message: `tag "${tag.name}" (the spelling its pages show, from ${used} post${used === 1 ? '' : 's'}) is also written ${written}`,
        ...first,
        hint: `Write it one way in every post: "${tag.name}", as its page ${tagPageUrl(tag.slug)} shows it.`,
      }),
    )
  }
  return findings
}

/** TAG_WITHOUT_PAGE and AUTHOR_WITHOUT_PAGE: one finding a name, at its first post, the others after it. */
function withoutPageFindings(posts: readonly Post[], at: Locate): Finding[] {
  const tags = new Map<string, SourceLocation[]>()
  const authors = new Map<string, SourceLocation[]>()
  const note = (names: Map<string, SourceLocation[]>, name: string, where: SourceLocation) => names.set(name, [...(names.get(name) ?? []), where])
  for (const post of posts) {
    for (const tag of new Set(post.tags)) if (!termSlug(tag)) note(tags, tag, at(post, 'tags'))
    if (!termSlug(post.author)) note(authors, post.author, at(post, 'author'))
  }
  const each = (names: Map<string, SourceLocation[]>, code: 'TAG_WITHOUT_PAGE' | 'AUTHOR_WITHOUT_PAGE', what: (name: string) => string, hint: (name: string) => string) =>
    [...names].map(([name, [first, ...more]]) =>
      finding(code, {
        message: `${formatLocation(first!)} ${what(name)}${more.length > 0 ? ` (also in ${more.map(formatLocation).join(', ')})` : ''}`,
        ...first,
        hint: hint(name),
      }),
    )
  return [
    ...each(
      tags,
      'TAG_WITHOUT_PAGE',
      (name) => `tag "${name}" has no Latin letter or digit to make its URL of: it gets no page, and its badge is not a link`,
      (name) => `Add a Latin spelling beside it, as "${name} (…)", or leave it out.`,
    ),
    ...each(
      authors,
      'AUTHOR_WITHOUT_PAGE',
      (name) => `author "${name}" has no Latin letter or digit to make their URL of: they get no page, and their byline is not a link`,
      (name) => `Add a Latin spelling of the name beside it: author: "${name} (…)".`,
    ),
  ]
}

/** UNMATCHED_AUTHOR: an entry of the config's `authors` that no post's author matches (of any locale: the entry is every locale's), at its key. */
export function unmatchedAuthorFindings(posts: readonly Post[], { config, file }: NonNullable<TermCheckOptions['site']>, cwd: string): Finding[] {
  const authors = taxonomyOf(posts).authors
  // A key without a Latin letter or digit has no URL segment: it matches no author's page either.
  const unmatched = Object.keys(config.authors).filter((key) => !authors.has(termSlug(key)))
  if (unmatched.length === 0) return []
  const shown = relative(cwd, file) || file
  const source = readTextFile(file)
  const names = [...authors.values()].map((author) => author.name)
  return unmatched.map((key) => {
    const position = source ? locateKey(source, ['authors', key]) : undefined
    const where = { file: shown, ...position }
    const suggestion = closestName(key, names)
    return finding('UNMATCHED_AUTHOR', {
      message: `${formatLocation(where)} authors['${key}'] matches no post's author: its role, photo, bio and links show nowhere`,
      ...where,
      frame: source && position ? codeFrame(source, position.line, position.column) : undefined,
      hint: `${suggestion ? `Did you mean "${suggestion}"? ` : ''}Name an entry as posts write their author: (case, accents and punctuation aside), or remove it.`,
    })
  })
}
