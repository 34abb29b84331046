import { join, relative } from 'node:path'
import { formatLocation } from '../errors.ts'
import type { Post } from '../content/types.ts'
import { finding, type Finding } from './findings.ts'

// A `translationOf:` naming its original by a slug from before a rename: linked all the same, but only while the
// original's redirectFrom keeps the old URL: a warning at the line.

/** TRANSLATION_OF_OLD_SLUG: each post whose translationOf names an old slug of its original, at its line. */
export function translationFindings(posts: readonly Pick<Post, 'sourceFile' | 'translationOf' | 'translationOfOld'>[], postsDir: string, cwd: string): Finding[] {
  return posts.flatMap(({ sourceFile, translationOf, translationOfOld }) => {
    if (!translationOfOld || translationOf === undefined) return []
    const where = { file: relative(cwd, join(postsDir, sourceFile)), line: translationOfOld.line, column: translationOfOld.column }
    return [
      finding('TRANSLATION_OF_OLD_SLUG', {
        message: `${formatLocation(where)} translationOf "${translationOfOld.slug}" is the old slug of "${translationOf}" (renamed; its redirectFrom keeps the old URL)`,
        ...where,
        hint: `Write translationOf: ${translationOf}. The translation is linked to it either way, but the old slug names it only while its redirectFrom keeps /blog/${translationOfOld.slug}/.`,
      }),
    ]
  })
}
