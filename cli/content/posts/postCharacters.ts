import { KubeSiteError } from '../../errors.ts'
import { findRefusedCharacter, refusedCharacterHint, refusedCharacterInHtml, refusedReferences, visibleFrame, visibleText } from './controlCharacters.ts'
import { frontmatterStrings } from '../frontmatter/frontmatterStrings.ts'
import { locateKey } from '../locateKey.ts'
import type { ParsedFrontmatter } from '../frontmatter/parseFrontmatter.ts'
import { positionOf } from '../textPosition.ts'

// Refused characters a post's bytes do not show: written by a YAML escape into a value (`"a\0b"`), or by a character reference into the body.

/** Each frontmatter key whose value (or name) holds a character no post may hold: one problem a key, at its value. */
export function frontmatterCharacterProblems(parsed: ParsedFrontmatter, source: string, shown: string): KubeSiteError[] {
  // The first under each top-level key, in text order; a value aliases repeat is read once, where written.
  const found = new Map<string, Refused & { path: (string | number)[] }>()
  for (const { text, path } of frontmatterStrings(parsed.data)) {
    // A top-level key's own name is at the root; anything else is under its top-level key.
    const key = path.length === 0 ? text : String(path[0])
    if (found.has(key)) continue
    const refused = refusedIn(text)
    if (refused) found.set(key, { ...refused, path: path.slice(1) })
  }
  return [...found].map(([key, refused]) => {
    const index = refused.path.find((step) => typeof step === 'number')
    const valueAt = parsed.positions.get(key)
    const position = (index !== undefined && valueAt ? elementPosition(source, key, index, valueAt) : undefined) ?? valueAt ?? { line: parsed.endLine, column: 1 }
    const named = `${visibleText(key)}${index !== undefined ? `[${index}]` : ''}`
    const hint = refused.reference
      ? "Delete it: the post's markdown twin and llms.txt, read as markdown, would turn it into the character."
      : `${refusedCharacterHint(refused.codePoint)} In a quoted value, an escape such as \\0, \\a, \\x07 or \\u0085 writes one.`
    return new KubeSiteError('POST_INVALID', `${named} holds ${refused.reference ? `the character reference ${refused.reference}, ${refused.name}` : refused.name}`, {
      location: { file: shown, ...position },
      frame: visibleFrame(source, position.line, position.column),
      hint,
    })
  })
}

interface Refused {
  codePoint: number
  name: string
  reference?: string
}

/** The first refused character in a frontmatter text, or a numeric reference to one (the markdown the build writes from it would decode it). */
function refusedIn(text: string): Refused | undefined {
  const found = findRefusedCharacter(text)
  if (found) return { codePoint: found.codePoint, name: found.name }
  const reference = refusedReferences(text).next().value
  return reference && { codePoint: reference.codePoint, name: reference.name, reference: reference.reference }
}

/** Where element `index` of the `[list]` under `key` is: after its value's start on the key's line (a `- item` list has no `[`). */
function elementPosition(source: string, key: string, index: number, value: { line: number; column: number }): { line: number; column: number } | undefined {
  const at = locateKey(source, [key, index])
  return at && at.line === value.line && at.column > value.column ? at : undefined
}

/** The problem of a rendered body holding a refused character (named by a character reference), at the reference in the file. */
export function bodyCharacterProblem(html: string, markdown: string, linesBefore: number, shown: string): KubeSiteError | undefined {
  const found = refusedCharacterInHtml(html)
  if (!found) return undefined
  // The markdown's own character (a post given as text), or the reference naming it (else any naming one).
  const raw = findRefusedCharacter(markdown)
  const references = [...refusedReferences(markdown)]
  const reference = references.find((candidate) => candidate.codePoint === found.codePoint) ?? references[0]
  const at = raw?.offset ?? reference?.offset
  if (at === undefined) {
    return new KubeSiteError('POST_INVALID', `its body renders to HTML that holds ${found.name}`, {
      location: { file: shown },
      hint: 'This is a bug in kube-site: please report it with this post. Look in the post for a character reference (&#…;) or a character editors do not show.',
    })
  }
  const { line, column } = positionOf(markdown, at)
  const source = '\n'.repeat(linesBefore) + markdown
  const message = raw ? `holds ${raw.name}` : `the character reference ${reference!.reference} is ${reference!.name}: the page would hold it as it is`
  const hint = raw ? refusedCharacterHint(raw.codePoint) : 'Delete the reference. To show it as written, put it in `code` (a code span or block shows a reference as its text).'
  return new KubeSiteError('POST_INVALID', message, { location: { file: shown, line: line + linesBefore, column }, frame: visibleFrame(source, line + linesBefore, column), hint })
}
